import crypto from 'node:crypto';
import os from 'node:os';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { Logger } from 'pino';
import { DomainEvent } from '../../models';
import type { ApplicationStatusValue } from '../../models/application-status';
import { DomainEventType as DomainEventTypes } from '../../models/enums';
import type { Actor } from './context';
import { insertRowsSql } from './rows';

/**
 * Domain events (issue 16 §2). An area says what happened by raising a typed event inside the
 * transaction that made it happen; the areas that react to it do so in their own handlers
 * (`api/<area>/<area>.events.ts`), installed in one place at start-up (api/events.ts). Nothing here
 * imports an area, so the raising area never imports the reacting ones.
 *
 * `raise(event, transaction)`:
 * - runs the handlers marked `inTransaction` at once, inside the raising transaction (what must hold
 *   with the change itself: an ENROLLED application's enrollments take their seats with it);
 * - writes one `domain_events` row per other handler (a delivery: PENDING) in the same transaction,
 *   so the deliveries exist exactly when the change committed;
 * - after the commit, the raising call dispatches its own deliveries before it returns (bounded by
 *   IMMEDIATE_MS): whoever clicked sees the effect. What fails or is not done by then stays PENDING
 *   for the DOMAIN_EVENT_DISPATCH job (`dispatchEvents`).
 *
 * Delivery is at least once: a delivery is claimed with a lease (claimedBy, claimedUntil) so two
 * dispatchers never run it at once, and a lapsed lease is taken over. A transactional handler runs in
 * a savepoint of a transaction that also marks the delivery DONE under the claim — its database effect
 * and DONE commit together, or neither does; consecutive deliveries of a dispatch (one per event, at
 * most GROUP_MAX) share that transaction and its commit, each in its own savepoint. A handler that calls the outside world (`transactional:
 * false`: a card charge must not hold a transaction while the gateway answers) is idempotent by its
 * own rules. A failure adds an attempt and waits (exponential backoff); after MAX_ATTEMPTS the
 * delivery is FAILED with its error, shown to staff (GET /api/domain_events) who can send it again.
 */

// ---- The events ----

export interface ApplicationStatusChanged {
  type: 'ApplicationStatusChanged';
  applicationId: number;
  studentId: number;
  productId: number;
  from: ApplicationStatusValue;
  to: ApplicationStatusValue;
  voucherId: number | null;
  opportunityId: string | null;
  /** An automatic step (APPLIED → WAITING_TO_SIGN → SIGNED) rather than a person's move. */
  bySystem: boolean;
  actor: Actor;
  /** When the status changed (ISO). */
  at: string;
  /**
   * The transfer whose acceptance made this new application ENROLLED (issue 18): its plan is the
   * transfer's (the rollover credited, the fee charged), issued by the transfer, not from the product.
   */
  transferId?: number | null;
}

/** A student payment plan was issued (an application became ENROLLED). */
export interface PlanIssued {
  type: 'PlanIssued';
  planId: number;
  applicationId: number;
  studentId: number;
  actor: Actor;
}

/** A student signed their enrollment agreement (the envelope is SIGNED and its step complete). */
export interface AgreementSigned {
  type: 'AgreementSigned';
  envelopeId: number;
  applicationId: number;
  studentId: number;
  actor: Actor;
}

/** A payment was accepted and applied to its plan (a card payment, or a check or wire staff accepted). */
export interface PaymentAccepted {
  type: 'PaymentAccepted';
  paymentId: number;
  studentId: number;
  planId: number;
  actor: Actor;
}

/** A card payment failed (declined or refused by the gateway): the payment is INVALID. */
export interface PaymentFailed {
  type: 'PaymentFailed';
  paymentId: number;
  studentId: number;
  planId: number;
  /** Our decline code (api/integrations/gateway-errors.ts): the student reads our sentence of it, never the gateway's text. */
  declineCode: string;
  actor: Actor;
}

/** A refund gave everything back: COMPLETED (refundStatus REFUNDED). */
export interface RefundCompleted {
  type: 'RefundCompleted';
  refundId: number;
  studentId: number;
  applicationId: number;
  actor: Actor;
}

/** A transfer was offered to the student (PENDING, made by staff) or decided (ACCEPTED, REJECTED). */
export interface TransferDecided {
  type: 'TransferDecided';
  transferId: number;
  studentId: number;
  applicationId: number;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  actor: Actor;
}

/** A withdrawal was decided (APPROVED, REJECTED, CANCELLED). */
export interface WithdrawalDecided {
  type: 'WithdrawalDecided';
  withdrawalId: number;
  studentId: number;
  applicationId: number;
  status: 'APPROVED' | 'REJECTED' | 'CANCELLED';
  actor: Actor;
}

/**
 * A coach (or staff) saved the attendance of one session of a coach's group in a coaching circle
 * (issue 19): the records saved, each with its status (the attendance alert listens).
 */
export interface CircleAttendanceTaken {
  type: 'CircleAttendanceTaken';
  coachingCircleId: number;
  coachingCircleSessionId: number;
  coachingCircleCoachId: number;
  records: Array<{ coachingCircleSignUpSessionId: number; coachingCircleSignUpId: number; studentId: number; status: 'ATTENDED' | 'ABSENT' }>;
  actor: Actor;
}

/** Staff graduated an enrollment (issue 21): GRADUATED or LATE_GRADUATION; its certificate is issued after the commit. */
export interface StudentGraduated {
  type: 'StudentGraduated';
  enrollmentId: number;
  studentId: number;
  programId: number;
  certificateId: number;
  status: 'GRADUATED' | 'LATE_GRADUATION';
  actor: Actor;
}

/** Staff or the session's coach took a student's attendance of a learning session (issue 21 counts it toward graduation). */
export interface LearningSessionAttendanceTaken {
  type: 'LearningSessionAttendanceTaken';
  learningSessionId: number;
  studentId: number;
  status: 'ATTENDED' | 'ABSENT';
  actor: Actor;
}

export type DomainEventPayload =
  | ApplicationStatusChanged
  | PlanIssued
  | AgreementSigned
  | PaymentAccepted
  | PaymentFailed
  | RefundCompleted
  | TransferDecided
  | WithdrawalDecided
  | CircleAttendanceTaken
  | StudentGraduated
  | LearningSessionAttendanceTaken;
export type DomainEventType = DomainEventPayload['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEventPayload, { type: T }>;
/** The types, as models/enums.ts lists them (labelled there): a type missing there is a type error. */
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = DomainEventTypes satisfies readonly DomainEventType[];
type MissingType = Exclude<DomainEventType, (typeof DomainEventTypes)[number]>;
const allListed: MissingType extends never ? true : never = true;
void allListed;

// ---- Handlers ----

export interface HandlerContext {
  /** The raising transaction (inTransaction), the delivery's own one (transactional), else undefined. */
  transaction: Transaction | undefined;
  eventId: string;
  /** The delivery's row id (null for an inTransaction handler). */
  deliveryId: number | null;
  /** 1 for the first attempt. */
  attempt: number;
}

export interface EventHandler<T extends DomainEventType = DomainEventType> {
  /** Unique and stable: stored with each delivery (`<area>.<what it does>`). */
  name: string;
  type: T;
  /** Runs inside the raising transaction (no delivery row); its error undoes the change. */
  inTransaction?: boolean;
  /** false: runs without a transaction (it calls the outside world and manages its own); default true. */
  transactional?: boolean;
  handle(event: EventOf<T>, ctx: HandlerContext): Promise<void>;
}

/** A handler of one type, typed by it (so a list of handlers of several types is one array). */
export function on<T extends DomainEventType>(handler: EventHandler<T>): EventHandler {
  return handler as unknown as EventHandler;
}

interface Registry {
  handlers: EventHandler[];
  byName: Map<string, EventHandler>;
  log: Pick<Logger, 'warn' | 'error'> | null;
}

let registry: Registry | null = null;

/** Installs the handlers (once at start-up: api/events.ts; a later call replaces them). */
export function installEventHandlers(handlers: EventHandler[], log: Registry['log'] = null): void {
  const byName = new Map<string, EventHandler>();
  for (const h of handlers) {
    if (byName.has(h.name)) throw new Error(`Two domain event handlers are named ${h.name}`);
    byName.set(h.name, h);
  }
  registry = { handlers: [...handlers], byName, log };
}

/** The installed handlers (tests add theirs to these). */
export function installedEventHandlers(): EventHandler[] {
  return [...installed().handlers];
}

function installed(): Registry {
  if (!registry) throw new Error('No domain event handlers are installed (api/events.ts installEventHandlers, done by createApp)');
  return registry;
}

// ---- Raising ----

/** How long the raising call waits for its own deliveries after the commit. */
export const IMMEDIATE_MS = 10_000;
/** A claim's lease: a dispatcher that died lets go of its deliveries after this. */
export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;
const ERROR_MAX = 1000;
/** Transactional deliveries committed together by a dispatch (one transaction, a savepoint each). */
const GROUP_MAX = 100;

/** The wait before attempt `attempts + 1`: 30 s, 2 min, 8 min, 32 min, … (at most 6 h). */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 4 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

const raisedIn = new WeakMap<Transaction, string[]>();

/**
 * Raises `event` in `transaction`: runs its inTransaction handlers, writes one PENDING delivery per
 * other handler, and (first event of the transaction) dispatches the transaction's deliveries once it
 * has committed. Answers the event's id.
 */
export async function raise(event: DomainEventPayload, transaction: Transaction): Promise<string> {
  const reg = installed();
  const eventId = crypto.randomUUID();
  const handlers = reg.handlers.filter((h) => h.type === event.type);
  // The deliveries first, so an event raised by an inTransaction handler is delivered after this one.
  const later = handlers.filter((h) => !h.inTransaction);
  if (later.length) {
    const now = new Date();
    await DomainEvent.bulkCreate(
      later.map((h) => ({
        eventId,
        type: event.type,
        handler: h.name,
        payload: event as unknown as Record<string, unknown>,
        status: 'PENDING' as const,
        attempts: 0,
        nextAttemptAt: now,
      })),
      { transaction },
    );
    let ids = raisedIn.get(transaction);
    if (!ids) {
      ids = [];
      raisedIn.set(transaction, ids);
      const own = ids;
      transaction.afterCommit(() => dispatchRaised(own));
    }
    ids.push(eventId);
  }
  for (const h of handlers.filter((x) => x.inTransaction)) await h.handle(event as never, { transaction, eventId, deliveryId: null, attempt: 1 });
  return eventId;
}

/**
 * `raise` for the hot paths that write by statement (api/common/sql.ts `runStatements`, the card
 * payment's batches): answers the deliveries' INSERT for the caller to run with its own statements
 * (no round trip of its own; null when no handler waits for the type) and runs the inTransaction
 * handlers. The deliveries are NOT dispatched by the raising call: the DOMAIN_EVENT_DISPATCH job
 * (every 10 s, in batches) delivers them — a payment's answer never waits for its receipt email, and
 * a payment costs one INSERT more, in a round trip it makes anyway.
 */
export async function raiseStatement(event: DomainEventPayload, transaction: Transaction): Promise<string | null> {
  const reg = installed();
  const eventId = crypto.randomUUID();
  const handlers = reg.handlers.filter((h) => h.type === event.type);
  const later = handlers.filter((h) => !h.inTransaction);
  let sql: string | null = null;
  if (later.length) {
    const now = new Date();
    sql = insertRowsSql(
      DomainEvent,
      later.map((h) => ({
        eventId,
        type: event.type,
        handler: h.name,
        payload: JSON.stringify(event),
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        claimedBy: null,
        claimedUntil: null,
        doneAt: null,
      })),
      now,
    );
  }
  for (const h of handlers.filter((x) => x.inTransaction)) await h.handle(event as never, { transaction, eventId, deliveryId: null, attempt: 1 });
  return sql;
}

/** The owner name of this process's dispatches (host and pid). */
export const PROCESS_OWNER = `${os.hostname()}:${process.pid}`.slice(0, 60);

/** After a commit: the transaction's own deliveries, at most IMMEDIATE_MS; never throws (the change has committed). */
async function dispatchRaised(eventIds: string[]): Promise<void> {
  const log = registry?.log;
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = dispatchEvents({ owner: `${PROCESS_OWNER}:raised`, eventIds, limit: 1000 }).catch((err) => {
      log?.warn({ err: messageOf(err), eventIds }, 'domain events: the immediate dispatch failed; the job delivers them');
    });
    await Promise.race([
      run,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, IMMEDIATE_MS);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

// ---- Dispatching ----

export interface DispatchOptions {
  /** Who claims (a process, a job run): stored in claimedBy with a token of this call. */
  owner: string;
  /** How many deliveries this call claims at most (default 100). */
  limit?: number;
  /** Only these events' deliveries (the raising call's own). */
  eventIds?: string[];
  /** Only these deliveries (a retry). */
  ids?: number[];
  leaseMs?: number;
  /** Lanes run at once (default 1: in order), each a contiguous share of the claimed deliveries, grouped in transactions. */
  concurrency?: number;
  /** "Now" for what is due (tests). */
  now?: Date;
}

export interface DispatchResult {
  claimed: number;
  done: number;
  /** Failed and waiting for another attempt. */
  retrying: number;
  /** Failed for the last time (FAILED). */
  failed: number;
}

class LeaseLost extends Error {}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text || 'Handler failed').slice(0, ERROR_MAX);
}

/**
 * Claims up to `limit` due deliveries (PENDING, next attempt due, no live claim), oldest first, and
 * runs each one's handler: DONE on success; else attempts + 1 and the next attempt after the backoff,
 * or FAILED after MAX_ATTEMPTS. The claim is a compare-and-set, so of two dispatchers racing for a
 * delivery one gets it; a claim that lapsed while its handler ran loses the DONE (rolled back with the
 * handler's effect) to whoever took it over. The DOMAIN_EVENT_DISPATCH job runs this every 10 s.
 */
export async function dispatchEvents(opts: DispatchOptions): Promise<DispatchResult> {
  const reg = installed();
  const result: DispatchResult = { claimed: 0, done: 0, retrying: 0, failed: 0 };
  const now = opts.now ?? new Date();
  const token = `${opts.owner.slice(0, 80)}#${crypto.randomUUID().slice(0, 12)}`;
  const due: WhereOptions = {
    status: 'PENDING',
    nextAttemptAt: { [Op.lte]: now },
    [Op.or]: [{ claimedUntil: null }, { claimedUntil: { [Op.lt]: now } }],
    ...(opts.eventIds ? { eventId: opts.eventIds } : {}),
    ...(opts.ids ? { id: opts.ids } : {}),
  };
  const candidates = await DomainEvent.findAll({ attributes: ['id'], where: due, order: [['id', 'ASC']], limit: opts.limit ?? 100, raw: true });
  if (!candidates.length) return result;
  // The claim names its rows by primary key (InnoDB locks just those rows, not a range of the status
  // index that other dispatchers' DONE updates move through), re-checking that each is still free.
  const [claimed] = await DomainEvent.update(
    { claimedBy: token, claimedUntil: new Date(now.getTime() + (opts.leaseMs ?? LEASE_MS)) },
    { where: { id: candidates.map((c) => c.id), status: 'PENDING', [Op.or]: [{ claimedUntil: null }, { claimedUntil: { [Op.lt]: now } }] } },
  );
  if (!claimed) return result;
  const rows = await DomainEvent.findAll({ where: { claimedBy: token, status: 'PENDING' }, order: [['id', 'ASC']] });
  result.claimed = rows.length;
  const sequelize = DomainEvent.sequelize!;
  const failedAttempt = async (row: DomainEvent, attempt: number, err: unknown, transaction?: Transaction) => {
    const last = attempt >= MAX_ATTEMPTS;
    reg.log?.warn(
      { deliveryId: row.id, handler: row.handler, attempt, err: messageOf(err) },
      last ? 'domain event delivery FAILED' : 'domain event delivery failed; retrying later',
    );
    await DomainEvent.update(
      {
        status: last ? 'FAILED' : 'PENDING',
        attempts: attempt,
        lastError: messageOf(err),
        nextAttemptAt: new Date(Date.now() + backoffMs(attempt)),
        claimedBy: null,
        claimedUntil: null,
      },
      { where: { id: row.id, claimedBy: token }, transaction },
    );
    return last;
  };
  const handlerOf = (row: DomainEvent) => {
    const handler = reg.byName.get(row.handler);
    if (!handler || handler.type !== row.type) throw new Error(`No handler named ${row.handler} for ${row.type} is installed`);
    return handler;
  };
  /** One delivery, on its own: a transactional handler in its own transaction with its DONE. */
  const deliver = async (row: DomainEvent) => {
    const attempt = row.attempts + 1;
    const markDone = (transaction?: Transaction) =>
      DomainEvent.update(
        { status: 'DONE', attempts: attempt, doneAt: new Date(), lastError: null, claimedBy: null, claimedUntil: null },
        { where: { id: row.id, claimedBy: token, status: 'PENDING' }, transaction },
      );
    try {
      const handler = handlerOf(row);
      const ctx = { eventId: row.eventId, deliveryId: row.id, attempt };
      if (handler.transactional === false) {
        await handler.handle(row.payload as never, { ...ctx, transaction: undefined });
        const [n] = await markDone();
        if (n !== 1) throw new LeaseLost();
      } else {
        await sequelize.transaction(async (transaction) => {
          await handler.handle(row.payload as never, { ...ctx, transaction });
          const [n] = await markDone(transaction);
          if (n !== 1) throw new LeaseLost();
        });
      }
      result.done += 1;
    } catch (err) {
      if (err instanceof LeaseLost) return;
      if (await failedAttempt(row, attempt, err)) result.failed += 1;
      else result.retrying += 1;
    }
  };
  /**
   * Consecutive transactional deliveries in ONE transaction: each handler in a savepoint (its failure
   * rolls back only its own effect, and is recorded in the same transaction), then one UPDATE marks the
   * successes DONE and the COMMIT makes them and their effects durable together — one commit for the
   * lot instead of one each. The handlers' afterCommit hooks wait for that commit (a failed handler's
   * are dropped). A claim lost meanwhile (the UPDATE does not find them all) rolls the whole group back
   * and its deliveries go one by one, as `deliver` does.
   */
  const deliverGroup = async (group: DomainEvent[]) => {
    if (group.length === 1) return deliver(group[0]);
    const outcome = { done: 0, retrying: 0, failed: 0 };
    try {
      await sequelize.transaction(async (outer) => {
        const succeeded: number[] = [];
        for (const row of group) {
          const attempt = row.attempts + 1;
          const hooks: Array<(t: Transaction) => void | Promise<void>> = [];
          try {
            const handler = handlerOf(row);
            await sequelize.transaction({ transaction: outer }, async (savepoint) => {
              // The savepoint's own afterCommit would run at its release, before the outer commit.
              savepoint.afterCommit = (fn) => void hooks.push(fn);
              await handler.handle(row.payload as never, { eventId: row.eventId, deliveryId: row.id, attempt, transaction: savepoint });
            });
            for (const fn of hooks) outer.afterCommit(fn);
            succeeded.push(row.id);
          } catch (err) {
            if (await failedAttempt(row, attempt, err, outer)) outcome.failed += 1;
            else outcome.retrying += 1;
          }
        }
        if (succeeded.length) {
          const [n] = await DomainEvent.update(
            { status: 'DONE', attempts: sequelize.literal('attempts + 1') as never, doneAt: new Date(), lastError: null, claimedBy: null, claimedUntil: null },
            { where: { id: succeeded, claimedBy: token, status: 'PENDING' }, transaction: outer },
          );
          if (n !== succeeded.length) throw new LeaseLost();
        }
        outcome.done = succeeded.length;
      });
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
      for (const row of group) await deliver(row);
      return;
    }
    result.done += outcome.done;
    result.retrying += outcome.retrying;
    result.failed += outcome.failed;
  };
  /**
   * A lane's deliveries in order: runs of transactional ones grouped (at most GROUP_MAX a transaction,
   * one delivery per event: the handlers of one event see each other's effects committed, as they
   * did one transaction each), the others alone.
   */
  const deliverInOrder = async (lane: DomainEvent[]) => {
    let group: DomainEvent[] = [];
    const events = new Set<string>();
    const flush = async () => {
      if (group.length) await deliverGroup(group);
      group = [];
      events.clear();
    };
    for (const row of lane) {
      if (reg.byName.get(row.handler)?.transactional === false) {
        await flush();
        await deliver(row);
      } else {
        if (events.has(row.eventId)) await flush();
        events.add(row.eventId);
        group.push(row);
        if (group.length >= GROUP_MAX) await flush();
      }
    }
    await flush();
  };
  // In order, one lane by default (a raising call's own deliveries keep their causal order); the job
  // may run several lanes at once, each a contiguous share of the claimed rows.
  const lanes = Math.max(1, Math.min(opts.concurrency ?? 1, rows.length));
  const share = Math.ceil(rows.length / lanes);
  await Promise.all(Array.from({ length: lanes }, (_, k) => deliverInOrder(rows.slice(k * share, (k + 1) * share))));
  return result;
}
