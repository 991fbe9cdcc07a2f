import crypto from 'node:crypto';
import { Op, literal, UniqueConstraintError, type CreationAttributes, type Transaction } from 'sequelize';
import { Communication, CommunicationIntent, CommunicationTemplate, CommunicationTemplateContent, EmailTemplate, OutboxMessage, Student } from '../../models';
import { Messages } from '../../models/messages';
import type { Actor, Deps } from '../common/context';
import { systemActor } from '../common/context';
import { AppError } from '../common/errors';
import { PROCESS_OWNER } from '../common/events';
import { updateRowSql } from '../common/rows';
import type { MailAddress } from '../integrations/mail';
import { MailDeliveryError } from '../integrations/smtp-mailer';
import { composeFromCommunication, composeFromTemplate, loadTemplates, recipientParams, type ComposedMessage, type LoadedCommunication, type LoadedTemplate } from './compose';
import { OPTED_OUT_REASON, optedOut } from './preferences';
import { MissingParamsError, TemplateSyntaxError } from './render';

/**
 * The communication dispatcher (issue 17 "Delivery"), built like the domain events' (api/common/
 * events.ts): intents are the outbox, each sent by whoever claims it.
 *
 * - Claim: due intents (CREATED with nextAttemptAt ≤ now; or SENDING whose lease lapsed — a process
 *   that died while sending) are taken in a batch by one compare-and-set UPDATE naming their ids and
 *   re-checking they are still free, which sets SENDING, claimedBy (this call's token) and
 *   claimedUntil. Of two dispatchers racing, on SQLite or MariaDB, one gets each intent.
 * - Compose: the batch's communications (with their template and email template), product templates
 *   (by key) and students are read once for the batch — never a query per intent — and each message
 *   is composed for its recipient in their language (compose.ts).
 * - Send by channel: EMAIL through `deps.mailer` (the outbox row, SMTP when configured, the student's
 *   timeline entry; the outbox row's id is kept on the intent), paced to COMMUNICATION_RATE_PER_SECOND
 *   per process; INBOX needs no transport: the message becomes visible in the portal (SENT, its
 *   rendered text kept in `body`).
 * - Success: SENT with sentAt. A failure: attempts + 1 and back to CREATED after a backoff (1, 2, 4 …
 *   60 minutes), FAILED after MAX_INTENT_ATTEMPTS with a short reason. A message that no retry can
 *   send (params missing from its text, no template, no address, the student opted out) is FAILED at
 *   once with its reason. A mail server that is away stops the batch: the intents not yet tried go back
 *   untouched (no attempt counted) to wait for the same backoff, so an outage costs attempts to a few
 *   intents, not to a whole broadcast.
 * - Rollup: the batch's communications, set-based at the end (rollUpCommunications).
 *
 * - Sender: a template's sender fields (sender + fromName → From, replyTo + replyToName → Reply-To,
 *   bcc → Bcc) go on its emails; without them MAIL_FROM, no Reply-To, no Bcc (senderFields).
 *
 * Exactly once across a crash (comms-ops): an intent is sent only under a live claim, and every email
 * carries the Message-ID `<ci-<intentId>@domain>`, written on its outbox row before the mail server is
 * asked; the server's acceptance is recorded in one transaction that marks the outbox row SENT, writes
 * the timeline entry and marks the intent SENT (MailMessage.onSentSql). A dispatcher
 * taking over intents whose lease lapsed (their process died) first looks their Message-IDs up
 * (recoverLapsed): an outbox row SENT with the intent still SENDING (a mailer that records the
 * acceptance on its own) means the server accepted it — the intent becomes SENT without being sent
 * again; a row PENDING or FAILED, or none, means it was not accepted, or the process died
 * during the SMTP exchange itself — it is sent again, on the same outbox row and with the same
 * Message-ID. That last window (the server's "250 OK" → the outbox row's commit, a few milliseconds)
 * is the one place a message can reach a mailbox twice: SMTP cannot be asked whether it delivered, and
 * the repeated Message-ID lets mail systems drop the copy.
 */

export const MAX_INTENT_ATTEMPTS = 8;
/** A claim's lease: long enough for a batch at the configured pace; a dead dispatcher's intents are taken over after it. */
export const INTENT_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const REASON_MAX = 1000;

/** The wait before attempt `attempts + 1`: 1, 2, 4, 8, 16, 32 minutes, then hourly. */
export function intentBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** A message no retry can send: FAILED at once with its reason. */
class Unsendable extends Error {}

export interface IntentDispatchOptions {
  /** Who claims (a job run, the immediate delivery of a request): stored in claimedBy with a token of this call. */
  owner: string;
  /** How many intents this call claims at most (default 200). */
  limit?: number;
  /** Only these intents (a request's own). */
  ids?: number[];
  /** Messages sent at once (default 1). */
  concurrency?: number;
  leaseMs?: number;
  /** "Now" for what is due (tests). */
  now?: Date;
  /** Stop taking the next intent (a job run losing its lease, a shutdown): the rest go back. */
  signal?: AbortSignal;
}

export interface IntentDispatchResult {
  claimed: number;
  sent: number;
  /** Failed and waiting for another attempt. */
  retrying: number;
  /** FAILED for good. */
  failed: number;
  /** Claimed but not tried (the mail server went away, or the run stopped): back to wait. */
  deferred: number;
  /** The mail server was away: the caller should not ask for another batch now. */
  serverUnavailable: boolean;
}

// ---- Pace ----

let nextSlot = 0;
/** Waits for this process's next sending slot (rate per second). */
async function pace(ratePerSecond: number): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlot);
  nextSlot = slot + 1000 / ratePerSecond;
  if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
}

const reasonOf = (err: unknown): string => {
  if (err instanceof MailDeliveryError) return `The email could not be sent${err.code ? ` (${err.code})` : ''}`;
  const text = err instanceof Error ? err.message : String(err);
  return (text || 'Not sent').slice(0, REASON_MAX);
};

// ---- Claim ----

async function claim(opts: IntentDispatchOptions, token: string, now: Date): Promise<{ rows: CommunicationIntent[]; lapsedIds: Set<number> }> {
  const limit = opts.limit ?? 200;
  const only = opts.ids ? { id: opts.ids } : {};
  // Lapsed SENDING intents first (rare: a dispatcher died), then the due CREATED ones, oldest due first.
  const lapsed = await CommunicationIntent.findAll({
    attributes: ['id'],
    where: { status: 'SENDING', claimedUntil: { [Op.lt]: now }, ...only },
    order: [['id', 'ASC']],
    limit,
    raw: true,
  });
  const due =
    lapsed.length < limit
      ? await CommunicationIntent.findAll({
          attributes: ['id'],
          where: { status: 'CREATED', nextAttemptAt: { [Op.lte]: now }, ...only },
          order: [
            ['nextAttemptAt', 'ASC'],
            ['id', 'ASC'],
          ],
          limit: limit - lapsed.length,
          raw: true,
        })
      : [];
  const ids = [...lapsed, ...due].map((r) => r.id);
  if (!ids.length) return { rows: [], lapsedIds: new Set() };
  // The compare-and-set: by primary key, each still free (CREATED, or SENDING with a lapsed lease).
  const [n] = await CommunicationIntent.update(
    { status: 'SENDING', claimedBy: token, claimedUntil: new Date(now.getTime() + (opts.leaseMs ?? INTENT_LEASE_MS)) },
    { where: { id: ids, [Op.or]: [{ status: 'CREATED' }, { status: 'SENDING', claimedUntil: { [Op.lt]: now } }] } },
  );
  if (!n) return { rows: [], lapsedIds: new Set() };
  const rows = await CommunicationIntent.findAll({ where: { claimedBy: token, status: 'SENDING' }, order: [['id', 'ASC']] });
  return { rows, lapsedIds: new Set(lapsed.map((r) => r.id)) };
}

// ---- Exactly once across a crash ----

/** The Message-ID of an intent's email: the same on every attempt, unique to the intent. */
export function intentMessageId(intentId: number, mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = (address.split('@')[1] ?? 'localhost').trim().replace(/[^A-Za-z0-9.-]/g, '') || 'localhost';
  return `<ci-${intentId}@${domain}>`;
}

/**
 * Before sending, the outbox rows of EMAIL intents that were tried before (lapsed claims, retries),
 * one query by Message-ID: a lapsed intent whose message the server already accepted (row SENT: the
 * dead process got the acceptance but not the intent's update) becomes SENT with that row, not sent
 * again; any other earlier row is reused by the next attempt (one message, one outbox row). Answers
 * the rows still to send.
 */
async function recoverLapsed(
  rows: CommunicationIntent[],
  lapsedIds: Set<number>,
  mailFrom: string,
  token: string,
): Promise<{ toSend: CommunicationIntent[]; recovered: number[] }> {
  const tried = rows.filter((r) => r.channel === 'EMAIL' && (lapsedIds.has(r.id) || (r.attempts > 0 && r.outboxMessageId === null)));
  if (!tried.length) return { toSend: rows, recovered: [] };
  const byMessageId = new Map(tried.map((r) => [intentMessageId(r.id, mailFrom), r]));
  const outbox = await OutboxMessage.findAll({ where: { messageId: [...byMessageId.keys()] }, attributes: ['id', 'messageId', 'status', 'sentAt', 'subject'] });
  const recovered: number[] = [];
  for (const o of outbox) {
    const row = byMessageId.get(o.messageId!)!;
    if (o.status === 'SENT' && lapsedIds.has(row.id)) {
      await CommunicationIntent.update(
        {
          status: 'SENT',
          sentAt: o.sentAt ?? new Date(),
          attempts: row.attempts + 1,
          lastError: null,
          subject: o.subject.slice(0, 255),
          outboxMessageId: o.id,
          claimedBy: null,
          claimedUntil: null,
        },
        { where: { id: row.id, claimedBy: token, status: 'SENDING' } },
      );
      recovered.push(row.id);
    } else {
      row.outboxMessageId = o.id;
    }
  }
  const done = new Set(recovered);
  return { toSend: rows.filter((r) => !done.has(r.id)), recovered };
}

/** A template's sender fields as the email's From, Reply-To and Bcc (MAIL_FROM's address when only a name is given). */
export function senderFields(
  template: Pick<CommunicationTemplate, 'sender' | 'fromName' | 'replyTo' | 'replyToName' | 'bcc'> | null | undefined,
  mailFrom: string,
): { from: MailAddress | null; replyTo: MailAddress | null; bcc: string[] | null } {
  if (!template) return { from: null, replyTo: null, bcc: null };
  const defaultAddress = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const from = template.sender || template.fromName ? { name: template.fromName ?? null, address: template.sender || defaultAddress } : null;
  const replyTo = template.replyTo ? { name: template.replyToName ?? null, address: template.replyTo } : null;
  const bcc = template.bcc
    ? template.bcc
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
    : [];
  return { from, replyTo, bcc: bcc.length ? bcc : null };
}

// ---- What the batch needs, read once ----

interface Batch {
  communications: Map<number, LoadedCommunication>;
  templates: Map<string, LoadedTemplate>;
  students: Map<number, Student>;
}

async function loadBatch(rows: CommunicationIntent[]): Promise<Batch> {
  const communicationIds = [...new Set(rows.map((r) => r.communicationId).filter((id): id is number => id !== null))];
  const keys = [...new Set(rows.filter((r) => r.communicationId === null && r.templateKey).map((r) => r.templateKey!))];
  const studentIds = [...new Set(rows.map((r) => r.studentId).filter((id): id is number => id !== null))];
  const [communications, templates, students] = await Promise.all([
    communicationIds.length
      ? (Communication.findAll({
          where: { id: communicationIds },
          include: [
            {
              model: CommunicationTemplate,
              as: 'communicationTemplate',
              required: false,
              include: [
                { model: CommunicationTemplateContent, as: 'contents' },
                { model: EmailTemplate, as: 'emailTemplate', required: false },
              ],
            },
            { model: EmailTemplate, as: 'emailTemplate', required: false },
          ],
        }) as Promise<LoadedCommunication[]>)
      : Promise.resolve([] as LoadedCommunication[]),
    keys.length ? loadTemplates({ keys }) : Promise.resolve([] as LoadedTemplate[]),
    studentIds.length
      ? Student.findAll({ where: { id: studentIds }, attributes: ['id', 'firstName', 'lastName', 'email', 'emailOptIn', 'languageIso2LetterCode'] })
      : Promise.resolve([] as Student[]),
  ]);
  return {
    communications: new Map(communications.map((c) => [c.id, c])),
    templates: new Map(templates.map((t) => [t.key, t])),
    students: new Map(students.map((s) => [s.id, s])),
  };
}

/** The message of one intent for its recipient, and where an email goes. */
async function compose(row: CommunicationIntent, batch: Batch): Promise<{ message: ComposedMessage; to: string | null; template: LoadedTemplate | null }> {
  const student = row.studentId !== null ? batch.students.get(row.studentId) : undefined;
  const language = row.language === 'ES' ? 'ES' : 'EN';
  const recipient = student ? recipientParams(student) : {};
  let category: string;
  let message: ComposedMessage;
  let template: LoadedTemplate | null;
  if (row.communicationId !== null) {
    const c = batch.communications.get(row.communicationId);
    if (!c) throw new Unsendable('The communication no longer exists');
    if (!student) throw new Unsendable('The student no longer exists');
    category = c.category;
    template = c.communicationTemplate ?? null;
    if (optedOut(category, student, row.channel)) throw new Unsendable(OPTED_OUT_REASON);
    message = await composeFromCommunication(c, language, recipient);
  } else if (row.templateKey) {
    template = batch.templates.get(row.templateKey) ?? null;
    if (!template) throw new Unsendable(`No communication template with the key ${row.templateKey}`);
    category = template.category;
    if (student && optedOut(category, student, row.channel)) throw new Unsendable(OPTED_OUT_REASON);
    message = await composeFromTemplate(template, language, { ...recipient, ...(row.params ?? {}) });
  } else {
    throw new Unsendable('Neither a communication nor a template');
  }
  const to = row.toAddress ?? student?.email ?? null;
  if (row.channel === 'EMAIL' && !to) throw new Unsendable('The recipient has no email address');
  return { message, to, template };
}

// ---- Dispatch ----

/**
 * Claims up to `limit` due intents and sends them (see the file comment); answers what became of
 * them. The COMMUNICATION_DISPATCH job calls it until nothing is left; `sendTemplate` and
 * `resendIntent` call it for their own intent right after their commit.
 */
export async function dispatchIntents(deps: Deps, opts: IntentDispatchOptions): Promise<IntentDispatchResult> {
  const result: IntentDispatchResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, deferred: 0, serverUnavailable: false };
  const now = opts.now ?? new Date();
  const token = `${opts.owner.slice(0, 80)}#${crypto.randomUUID().slice(0, 12)}`;
  const claimed = await claim(opts, token, now);
  if (!claimed.rows.length) return result;
  result.claimed = claimed.rows.length;
  const mailFrom = deps.config.MAIL_FROM;
  const { toSend: rows, recovered } = await recoverLapsed(claimed.rows, claimed.lapsedIds, mailFrom, token);
  result.sent += recovered.length;
  if (recovered.length)
    deps.log.warn({ ids: recovered }, 'communications: intents of a dispatcher that died were already accepted by the mail server; marked SENT, not sent again');
  const batch = await loadBatch(rows);
  const rate = deps.config.COMMUNICATION_RATE_PER_SECOND;
  let deferUntil: Date | null = null;
  const mine = (id: number) => ({ id, claimedBy: token, status: 'SENDING' as const });
  const released = { claimedBy: null, claimedUntil: null };

  const sendOne = async (row: CommunicationIntent): Promise<void> => {
    const attempt = row.attempts + 1;
    let outboxId = row.outboxMessageId;
    try {
      const { message, to, template } = await compose(row, batch);
      const sentValues = (outboxMessageId: number | null) => ({
        status: 'SENT' as const,
        sentAt: new Date(),
        attempts: attempt,
        lastError: null,
        subject: message.subject.slice(0, 255),
        body: row.channel === 'INBOX' ? message.inbox : null,
        outboxMessageId,
        ...released,
      });
      let recorded = false;
      if (row.channel === 'EMAIL') {
        await pace(rate);
        const sent = await deps.mailer.send({
          to: to!,
          ...senderFields(template, mailFrom),
          messageId: intentMessageId(row.id, mailFrom),
          subject: message.subject,
          text: message.text,
          html: message.html,
          templateKey: row.templateKey ?? undefined,
          actor: row.actorName ? { userId: row.actorUserId, name: row.actorName } : systemActor,
          about: row.aboutEntityType && row.aboutEntityId ? { entityType: row.aboutEntityType as never, entityId: row.aboutEntityId } : undefined,
          outboxMessageId: row.outboxMessageId,
          recordFailure: attempt >= MAX_INTENT_ATTEMPTS,
          studentIds: row.studentId ? [row.studentId] : undefined, // unknown: looked up by address
          // The intent is SENT in the very commit that records the server's acceptance.
          onSentSql: (id) => {
            recorded = true;
            return [updateRowSql(CommunicationIntent, row.id, sentValues(id), { where: { claimedBy: token, status: 'SENDING' } })];
          },
        });
        if (sent) outboxId = sent.id;
      }
      if (!recorded) await CommunicationIntent.update(sentValues(outboxId), { where: mine(row.id) });
      result.sent += 1;
    } catch (err) {
      if (err instanceof MailDeliveryError && err.outboxId) outboxId = err.outboxId;
      const permanent = err instanceof Unsendable || err instanceof MissingParamsError || err instanceof TemplateSyntaxError;
      const last = permanent || attempt >= MAX_INTENT_ATTEMPTS;
      const nextAttemptAt = new Date(Date.now() + intentBackoffMs(attempt));
      if (err instanceof MailDeliveryError && err.serverUnavailable && !deferUntil) deferUntil = nextAttemptAt;
      if (!permanent) deps.log.warn({ intentId: row.id, attempt, err: reasonOf(err) }, last ? 'communication intent FAILED' : 'communication intent not sent; retrying later');
      await CommunicationIntent.update(
        { status: last ? 'FAILED' : 'CREATED', attempts: attempt, lastError: reasonOf(err), nextAttemptAt, outboxMessageId: outboxId, ...released },
        { where: mine(row.id) },
      );
      if (last) result.failed += 1;
      else result.retrying += 1;
    }
  };

  const lanes = Math.max(1, Math.min(opts.concurrency ?? 1, rows.length));
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < rows.length && !deferUntil && !opts.signal?.aborted) await sendOne(rows[next++]);
    }),
  );
  // Not tried: back to wait, no attempt counted (after the server's backoff when it was away).
  const untried = rows.slice(next).map((r) => r.id);
  if (untried.length) {
    await CommunicationIntent.update(
      { status: 'CREATED', ...released, ...(deferUntil ? { nextAttemptAt: deferUntil } : {}) },
      { where: { id: untried, claimedBy: token, status: 'SENDING' } },
    );
    result.deferred = untried.length;
  }
  result.serverUnavailable = deferUntil !== null;
  await rollUpCommunications(claimed.rows.map((r) => r.communicationId).filter((id): id is number => id !== null));
  return result;
}

// ---- Rollup ----

const intentsOf = (statuses: string[]) =>
  `SELECT 1 FROM communication_intents ci WHERE ci.communication_id = communications.id AND ci.status IN (${statuses.map((s) => `'${s}'`).join(', ')})`;

/**
 * A communication's status from its intents, set-based (three UPDATEs over the ids): SENDING while
 * any intent waits or is being sent; SENT (sentAt kept from the first time) once none waits and one
 * was sent; FAILED once none waits and none was sent. Communications not yet started (SCHEDULED,
 * DRAFT) are left alone.
 */
export async function rollUpCommunications(ids: number[], transaction?: Transaction): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const exists = (statuses: string[]) => literal(`EXISTS (${intentsOf(statuses)})`);
  const none = (statuses: string[]) => literal(`NOT EXISTS (${intentsOf(statuses)})`);
  const moving = ['CREATED', 'SENDING', 'SENT', 'FAILED', 'ERROR'];
  const now = new Date();
  await Communication.update(
    { status: 'SENDING' },
    { where: { id: unique, status: moving.filter((s) => s !== 'SENDING'), [Op.and]: [exists(['CREATED', 'SENDING'])] }, transaction },
  );
  await Communication.update(
    { status: 'SENT', sentAt: literal(`COALESCE(sent_at, ${Communication.sequelize!.escape(now)})`) as never },
    { where: { id: unique, status: moving.filter((s) => s !== 'SENT'), [Op.and]: [none(['CREATED', 'SENDING']), exists(['SENT'])] }, transaction },
  );
  await Communication.update(
    { status: 'FAILED' },
    { where: { id: unique, status: moving.filter((s) => s !== 'FAILED'), [Op.and]: [none(['CREATED', 'SENDING', 'SENT']), exists(['FAILED'])] }, transaction },
  );
}

// ---- Resend ----

/**
 * A new attempt at an intent (POST /communications/{id}/communication_intents/{intentId}/resend):
 * a NEW intent to the same recipient on the same channel with the same content (resendOfId = the old
 * one's id), the old one kept as it is; its communication is SENDING again. One still waiting or
 * being sent is 409 INTENT_NOT_FINISHED (it is about to go); an intent already resent is 409
 * INTENT_ALREADY_RESENT (resend its newest attempt). The new intent is sent right after the commit
 * (a failure is left to the job). Answers it.
 */
export async function resendIntent(deps: Deps, intentId: number, actor: Actor): Promise<CommunicationIntent> {
  let created: CommunicationIntent;
  try {
    created = await CommunicationIntent.sequelize!.transaction(async (transaction) => {
      const old = await CommunicationIntent.findByPk(intentId, { transaction, lock: transaction.LOCK.UPDATE });
      if (!old) throw AppError.notFound('Communication intent');
      if (old.status === 'CREATED' || old.status === 'SENDING') throw AppError.conflict('INTENT_NOT_FINISHED', Messages.INTENT_NOT_FINISHED);
      if (await CommunicationIntent.findOne({ where: { dedupeKey: resendKey(old.id) }, attributes: ['id'], transaction })) throw alreadyResent();
      const intent = await CommunicationIntent.create(
        {
          communicationId: old.communicationId,
          templateKey: old.templateKey,
          studentId: old.studentId,
          toAddress: old.toAddress,
          language: old.language,
          channel: old.channel,
          params: old.params,
          subject: old.subject,
          aboutEntityType: old.aboutEntityType,
          aboutEntityId: old.aboutEntityId,
          dedupeKey: resendKey(old.id),
          resendOfId: old.id,
          actorUserId: actor.userId,
          actorName: actor.name,
          nextAttemptAt: new Date(),
        },
        { transaction },
      );
      if (old.communicationId !== null) await rollUpCommunications([old.communicationId], transaction);
      return intent;
    });
  } catch (err) {
    // Two resends racing: the unique dedupe key lets one through.
    if (err instanceof UniqueConstraintError) throw alreadyResent();
    throw err;
  }
  await deliverNow(deps, [created.id]);
  return (await CommunicationIntent.findByPk(created.id))!;
}

/** A resend's dedupe key: an intent is sent again once (to try again after a failed resend, resend the newest attempt). */
export const resendKey = (intentId: number) => `r:${intentId}`;
const alreadyResent = () => AppError.conflict('INTENT_ALREADY_RESENT', Messages.INTENT_ALREADY_RESENT);

// ---- Immediate delivery ----

/** Sends these intents now (after their commit); never throws: what fails waits for the job. */
export async function deliverNow(deps: Deps, ids: number[]): Promise<void> {
  try {
    await dispatchIntents(deps, { owner: `${PROCESS_OWNER}:now`, ids, limit: ids.length });
  } catch (err) {
    deps.log.warn({ ids, err: reasonOf(err) }, 'communications: the immediate delivery failed; the job sends them');
  }
}

/**
 * Creates an intent, once per dedupe key: a second creation under the key (an event delivered twice)
 * is ignored and answers null. Inside `transaction` when given (a duplicate key does not undo the
 * caller's transaction on SQLite or MariaDB: only the statement fails).
 */
export async function createIntent(values: CreationAttributes<CommunicationIntent>, transaction?: Transaction): Promise<number | null> {
  try {
    return (await CommunicationIntent.create(values, { transaction })).id;
  } catch (err) {
    if (err instanceof UniqueConstraintError && values.dedupeKey) return null;
    throw err;
  }
}
