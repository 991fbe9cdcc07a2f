import { Op, UniqueConstraintError } from 'sequelize';
import { AutoChargeAttempt, Dispute, ExternalPayment, FailedPayment, GatewayEvent, Payment, PaymentMethod, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { format, Messages } from '../../models/messages';
import {
  applyPayment,
  claimStatement,
  entryParts,
  loadPlan,
  paymentDescription,
  planOf,
  planPosition,
  planRead,
  releasePlan,
  releaseSql,
  setEntryTax,
  toCents,
  toDollars,
  type EntryRow,
  type PlanRow,
} from '../billing/ledger';
import { escapeAs, insertRow, insertRowSql, selectList, updateRowSql } from '../common/rows';
import { hotTransaction, runStatements, type StatementResult } from '../common/sql';
import { activitySql, recordActivity, stamp } from '../common/audit';
import { systemActor, type Actor, type Principal } from '../common/context';
import { raiseStatement } from '../common/events';
import { AppError } from '../common/errors';
import type { Page } from '../common/list';
import { loadConfig } from '../config';
import { getExternalPayment, type ExternalPaymentDto } from '../external-payments/external-payments.service';
import { declineCodeOfReason, declineSentence, GatewayError, gatewayFor, type ChargeResult, type DeclineCode, type PaymentGateway } from '../integrations/gateway';
import { entryDto } from '../payment-plans/student-plans.service';
import type { Idempotency } from './idempotency';
import type { ExternalPaymentInput, PaymentListQuery } from './payments.schemas';
import { description, paymentOutcome } from '../../models/descriptions';
import { readsStudentView, studentPayment } from './student-view';
import { installmentRefusal, payOffRefusal, paymentsEnabled, prePayRefusal, type PaymentRefusal } from '../../domain/rules/payments';
import { roundDollars } from '../../domain/money';
import { isFailedPaymentRetryable } from '../../domain/state/failed-payments';

/**
 * Payments (domain rules "Payment plans and payments"; platform spec §3, §9; back-office spec §3):
 * a student (or staff for them) pays the next installment, pre-pays or pays off a plan by card; the
 * school charges auto-pay entries and the enrollment deposit. Every card payment runs in three steps
 * so no database transaction waits on the gateway:
 * 1. one transaction: the plan's claim (a compare-and-set on the student's plan: one payment in
 *    progress per plan) with the plan, its entries and the cards; under it, the refusals in the
 *    contract's order on the plan as it is, then the IN_PROGRESS payment (a refusal rolls the claim
 *    back). A claim refused says why in the same order: the unknown student or plan (404), the
 *    rules' refusals, else PAYMENT_IN_PROGRESS;
 * 2. the gateway charges with the payment's own idempotency key (`payment-{id}`), outside any transaction;
 * 3. one transaction applies the accepted payment to the ledger and releases the claim (or marks it
 *    INVALID with the gateway's reason), and records the card-provider event and the student's
 *    activity entry (PAYMENT_ACCEPTED or PAYMENT_FAILED) in the same batch.
 * The happy path is 13 plain statements in four round trips and no model instance (docs/benchmarks.md: payments/s).
 * If the server dies between 1 and 3 the claim expires (CLAIM_TTL_MS) and staff cancel the payment.
 * An Idempotency-Key header is scoped to the student (`student:{id}:{key}`) and kept with a hash of
 * its request: a replay of the same request answers the first payment's result (its 201 body, or the
 * same 409) and never charges again; another request under the key is 409 IDEMPOTENCY_KEY_REUSED.
 */

export type ChargeType = 'INSTALLMENT' | 'PRE_PAY' | 'PAY_OFF' | 'AUTO_PAY' | 'ENROLLMENT';

/** The payment fields its answer shows (a raw row or an instance). */
export type PaymentFields = Pick<
  Payment,
  | 'id'
  | 'studentId'
  | 'applicationId'
  | 'studentPaymentPlanId'
  | 'paymentScheduleId'
  | 'type'
  | 'channel'
  | 'amount'
  | 'principalAmount'
  | 'interestAmount'
  | 'taxAmount'
  | 'refundedAmount'
  | 'status'
  | 'failureMessage'
  | 'cardBrand'
  | 'cardLast4'
  | 'referenceNumber'
  | 'comment'
  | 'paymentDate'
  | 'processedAt'
  | 'createdAt'
>;

export function paymentDto(p: PaymentFields) {
  const money = roundDollars;
  return {
    id: p.id,
    studentId: p.studentId,
    applicationId: p.applicationId,
    studentPaymentPlanId: p.studentPaymentPlanId,
    paymentScheduleId: p.paymentScheduleId ?? null,
    type: p.type,
    channel: p.channel,
    amount: money(p.amount),
    principalAmount: money(p.principalAmount),
    interestAmount: money(p.interestAmount),
    taxAmount: money(p.taxAmount),
    refundedAmount: money(p.refundedAmount),
    status: p.status,
    failureMessage: p.failureMessage ?? null,
    cardBrand: p.cardBrand ?? null,
    cardLast4: p.cardLast4 ?? null,
    referenceNumber: p.referenceNumber ?? null,
    comment: p.comment ?? null,
    paymentDate: p.paymentDate,
    processedAt: p.processedAt ?? null,
    createdAt: p.createdAt,
  };
}
export type PaymentDto = ReturnType<typeof paymentDto>;

// ---- The gateway the school's own charges use (set by the payments router from the app's config) ----

let configured: PaymentGateway | null = null;
/** The payments router hands its gateway here, so enrollment and auto-pay charges share it (and its idempotency memory). */
export function usePaymentGateway(gateway: PaymentGateway): void {
  configured = gateway;
}
function currentGateway(): PaymentGateway {
  configured ??= gatewayFor(loadConfig());
  return configured;
}

// ---- The charge pipeline ----

export interface ChargeRequest {
  studentId: number;
  planId: number;
  type: ChargeType;
  /** Cents; null = what the type pays (the entry's due, the pay-off). */
  amountCents: number | null;
  /** The entry an INSTALLMENT / AUTO_PAY / ENROLLMENT pays (null: the oldest unpaid). */
  scheduleId?: number | null;
  paymentMethodId?: number | null;
  /** The request's Idempotency-Key and the hash of the request (./idempotency.ts). */
  idempotency?: Idempotency | null;
  actor: Actor;
  /**
   * The school's own charge (auto-pay): the entry's charge of this day (auto_charge_attempts, unique
   * per entry and day) is taken in the transaction that writes the IN_PROGRESS payment, so it commits
   * with it, and a refusal rolls both back. Taken already: `ChargeOfDayTaken`, nothing charged.
   */
  chargeOfDay?: string;
  /**
   * When the payment is made (default now): its payment date, processedAt, account-history line and
   * activity entries. Only the demo seeder sets it, to make a backdated demo's payments as they were.
   */
  at?: Date;
}

/**
 * The answer a first attempt gave, for its replay: the payment (ACCEPTED) or its 409; a key used for
 * another request (its hash differs) is 409 IDEMPOTENCY_KEY_REUSED. A payment of before the hashes were
 * kept (null) is taken as the same request.
 */
function replay(payment: PaymentFields & Pick<Payment, 'idempotencyHash'>, requestHash: string | undefined): PaymentFields {
  if (payment.idempotencyHash && requestHash && payment.idempotencyHash !== requestHash) {
    throw AppError.conflict('IDEMPOTENCY_KEY_REUSED', Messages.IDEMPOTENCY_KEY_REUSED);
  }
  if (payment.status === 'IN_PROGRESS') throw AppError.conflict('PAYMENT_IN_PROGRESS', Messages.PAYMENT_IN_PROGRESS);
  if (payment.status === 'INVALID') throw AppError.conflict('PAYMENT_FAILURE', format(Messages.PAYMENT_FAILURE, declineSentence(declineCodeOfReason(payment.failureMessage))));
  return payment;
}

/**
 * The refusals of the contract, in its order, for a plan and its entries (rules 2–5; rule 1, the
 * amount above 0.50, is the body schema's and checked again here for defaulted amounts). Answers the
 * amount to charge and the entry it pays.
 */
export function checkPayment(
  plan: Pick<PlanRow, 'status' | 'paymentAccountBlocked' | 'bankruptcy'>,
  entries: EntryRow[],
  req: Pick<ChargeRequest, 'type' | 'amountCents' | 'scheduleId'>,
  today: string,
): { amountCents: number; entry: EntryRow | null } {
  if (!paymentsEnabled(plan)) throw AppError.conflict('PAYMENT_DISABLED', Messages.PAYMENT_DISABLED);
  const pos = planPosition(entries, today);
  const perEntry = req.type === 'INSTALLMENT' || req.type === 'AUTO_PAY' || req.type === 'ENROLLMENT';
  if (pos.balanceCents <= 0) throw perEntry ? AppError.conflict('NO_DUE_BALANCE', Messages.NO_DUE_BALANCE) : AppError.conflict('NO_BALANCE', Messages.NO_BALANCE);
  let amount = req.amountCents;
  let entry: EntryRow | null = null;
  if (perEntry) {
    entry = req.scheduleId ? (entries.find((e) => e.id === req.scheduleId) ?? null) : pos.nextEntry ? (entries.find((e) => e.id === pos.nextEntry!.id) ?? null) : null;
    if (!entry) throw AppError.conflict('NO_DUE_BALANCE', Messages.NO_DUE_BALANCE);
    const due = entryParts(entry, today).remaining;
    if (entry.status === 'PAID' || due <= 0) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
    amount ??= due;
    refuse(installmentRefusal(amount, due));
  } else if (req.type === 'PRE_PAY') {
    if (amount === null) throw AppError.badRequest({ amount: Messages.REQUIRED });
    refuse(prePayRefusal(amount, { payoffCents: pos.payoffCents, dueNowCents: pos.dueNowCents }));
  } else {
    amount ??= pos.payoffCents;
    refuse(payOffRefusal(amount, pos.payoffCents));
  }
  return { amountCents: amount, entry };
}

/** A refusal of the payment rules (domain/rules/payments.ts) as the contract answers it: 400 on the field, else 409 with its code. */
function refuse(refusal: PaymentRefusal | null): void {
  if (!refusal) return;
  throw refusal.field ? AppError.badRequest({ [refusal.field]: refusal.message }) : AppError.conflict(refusal.code, refusal.message);
}

/**
 * The card to charge (rule 6): the one named (a card of the student, not deleted; else 404), else the
 * plan's card (the student's, not deleted), else the student's newest default; none → 409
 * PAYMENT_METHOD_REQUIRED. `cardsRead` is the SELECT of the student's cards (a handful, by index) for
 * a batch; `cardOf` picks from them.
 */
type Card = Pick<PaymentMethod, 'id' | 'brand' | 'last4' | 'gatewayCustomerId' | 'gatewayMethodId' | 'isDefault'>;
const CARD_FIELDS: Array<keyof Card> = ['id', 'brand', 'last4', 'gatewayCustomerId', 'gatewayMethodId', 'isDefault'];

function cardsRead(studentId: number): string {
  return `SELECT ${selectList(PaymentMethod, CARD_FIELDS)} FROM payment_methods WHERE student_id = ${Number(studentId)} AND deleted = ${escapeAs(PaymentMethod, 'deleted', false)}`;
}

function cardOf(rows: StatementResult, plan: Pick<PlanRow, 'paymentMethodId'>, paymentMethodId: number | null | undefined): Card {
  const cards = rows as Card[];
  if (paymentMethodId) {
    const named = cards.find((c) => c.id === Number(paymentMethodId));
    if (!named) throw AppError.notFound('Payment method');
    return named;
  }
  const card = (plan.paymentMethodId ? cards.find((c) => c.id === plan.paymentMethodId) : undefined) ?? cards.filter((c) => Boolean(c.isDefault)).sort((a, b) => b.id - a.id)[0];
  if (!card) throw AppError.conflict('PAYMENT_METHOD_REQUIRED', Messages.PAYMENT_METHOD_REQUIRED);
  return card;
}

type GatewayDispute = { id: string; reason: string };

/** The entry's school charge of the day was taken by another run (ChargeRequest.chargeOfDay): nothing was charged. */
export class ChargeOfDayTaken extends Error {
  constructor() {
    super('This entry was already charged today');
  }
}

/** A duplicate key in `table`: Sequelize's error on SQLite, the driver's on MariaDB (../common/sql.ts batches). */
function isDuplicate(err: unknown, table: string): boolean {
  const e = err as { code?: string; message?: string; parent?: { message?: string } } | null;
  if (!(err instanceof UniqueConstraintError) && e?.code !== 'ER_DUP_ENTRY') return false;
  return `${e?.message ?? ''} ${e?.parent?.message ?? ''}`.includes(table);
}

/** The payment with this scoped Idempotency-Key, if any. */
const byKey = (scopedKey: string): Promise<Payment | null> => Payment.findOne({ where: { idempotencyKey: scopedKey } });

/**
 * Charges a plan by card (the pipeline in the file comment). Answers the ACCEPTED payment; a decline
 * (or a charge the gateway refuses) leaves it INVALID with the reason and throws 409 PAYMENT_FAILURE
 * 'Payment failure {reason}'. A gateway error of unknown outcome (network) leaves the payment
 * IN_PROGRESS and the claim held until it expires, and is rethrown.
 */
export async function chargePlan(gateway: PaymentGateway, req: ChargeRequest): Promise<PaymentFields> {
  const sequelize = Payment.sequelize!;
  // A key already used answers its first result: its payment row (unique key) is looked up when the
  // attempt cannot go on (claim refused, a rule's refusal, the insert's duplicate key), not before.
  const scopedKey = req.idempotency ? `student:${req.studentId}:${req.idempotency.key}` : null;
  const replayed = async () => {
    const first = scopedKey ? await byKey(scopedKey) : null;
    return first ? replay(first, req.idempotency?.requestHash) : null;
  };
  const at = req.at;
  const today = schoolToday(at);
  type InProgress = PaymentFields & { paymentMethodId: number; idempotencyKey: string | null; gatewayChargeId: string | null };
  // One transaction of two round trips: the claim (one payment in progress per plan) with the plan, its entries and the
  // student's cards; then, under the claim, the rules on the plan as read and the IN_PROGRESS payment with the COMMIT.
  // A refusal rolls the claim back with the rest.
  const { sql: claimSql, claim } = claimStatement(req.planId, req.studentId);
  let opened: { payment: InProgress; card: Card; program: string | null; entryNumber: number | null } | { refused: StatementResult[] };
  try {
    opened = await hotTransaction(sequelize, async (transaction) => {
      const [claimed, planRows, cardRows] = await runStatements(sequelize, [claimSql, planRead(req.planId), cardsRead(req.studentId)], transaction);
      if ((claimed as { affectedRows: number }).affectedRows !== 1) return { refused: [planRows, cardRows] };
      const { plan, entries } = planOf(planRows);
      const { amountCents, entry } = checkPayment(plan, entries, req, today);
      const card = cardOf(cardRows, plan, req.paymentMethodId);
      const now = at ?? new Date();
      const values = {
        studentId: plan.studentId,
        applicationId: plan.applicationId,
        studentPaymentPlanId: plan.id,
        paymentScheduleId: entry?.id ?? null,
        type: req.type,
        channel: 'CARD',
        paymentMethodId: card.id,
        gateway: gateway.name,
        cardBrand: card.brand,
        cardLast4: card.last4,
        amount: toDollars(amountCents),
        status: 'IN_PROGRESS',
        idempotencyKey: scopedKey,
        idempotencyHash: req.idempotency?.requestHash ?? null,
        paymentDate: today,
        ...stamp(req.actor),
      };
      // The day's charge first: a duplicate stops the batch before the payment, and the claim rolls back.
      const dayTaken = req.chargeOfDay && entry ? [insertRowSql(AutoChargeAttempt, { paymentScheduleId: entry.id, chargeDate: req.chargeOfDay }, now)] : [];
      let inserted: StatementResult;
      try {
        [inserted] = (await runStatements(sequelize, [...dayTaken, insertRowSql(Payment, values, now)], transaction, { commit: true })).slice(dayTaken.length);
      } catch (err) {
        if (dayTaken.length && isDuplicate(err, 'auto_charge_attempts')) throw new ChargeOfDayTaken();
        throw err;
      }
      const payment = {
        ...values,
        id: Number((inserted as { insertId: number }).insertId),
        principalAmount: 0,
        interestAmount: 0,
        taxAmount: 0,
        refundedAmount: 0,
        failureMessage: null,
        referenceNumber: null,
        comment: null,
        processedAt: null,
        createdAt: now,
        gatewayChargeId: null,
      } as InProgress;
      return { payment, card, program: plan.program ?? plan.name ?? null, entryNumber: entry?.number ?? null };
    });
  } catch (err) {
    if (err instanceof ChargeOfDayTaken) throw err;
    // A key used before (or sent twice at once: the first insert wins) answers the first result.
    const first = await replayed();
    if (first) return first;
    throw err;
  }
  if ('refused' in opened) {
    // Not claimed: this key's own payment, the unknown student or plan, the rules' refusals, the card; else a payment is in progress.
    const first = await replayed();
    if (first) return first;
    await findStudent(req.studentId);
    const [planRows, cardRows] = opened.refused;
    const { plan, entries } = planOf(planRows);
    if (plan.studentId !== req.studentId) throw AppError.notFound('Payment plan');
    checkPayment(plan, entries, req, today);
    cardOf(cardRows, plan, req.paymentMethodId);
    throw AppError.conflict('PAYMENT_IN_PROGRESS', Messages.PAYMENT_IN_PROGRESS);
  }
  const { payment, card, program, entryNumber } = opened;

  let result: ChargeResult | null = null;
  let failure: string | null = null;
  let declineCode: DeclineCode = 'CARD_DECLINED';
  try {
    result = await gateway.charge({
      amountCents: toCents(payment.amount),
      currency: 'usd',
      customerId: card.gatewayCustomerId ?? null,
      methodId: card.gatewayMethodId,
      idempotencyKey: `payment-${payment.id}`,
      description: `Tuition payment ${payment.id} (plan ${payment.studentPaymentPlanId})`,
      metadata: { paymentId: String(payment.id), planId: String(payment.studentPaymentPlanId), studentId: String(payment.studentId), type: payment.type },
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    failure = err.reason;
    declineCode = err.declineCode;
  }

  const eventSql = (status: 'SUCCEEDED' | 'FAILED', reference: string | null, message: string | null, now: Date) =>
    insertRowSql(
      GatewayEvent,
      { studentId: payment.studentId, paymentId: payment.id, provider: gateway.name, kind: 'CHARGE', amount: payment.amount, status, reference, message },
      now,
    );

  if (failure !== null) {
    const reason = failure.slice(0, 255);
    const now = at ?? new Date();
    const failed = { paymentId: payment.id, studentId: payment.studentId, planId: payment.studentPaymentPlanId, declineCode, actor: req.actor };
    await hotTransaction(sequelize, async (transaction) =>
      runStatements(
        sequelize,
        [
          // PaymentFailed (the failed-payment email reacts to it), not for the demo's history (`at`).
          ...(at ? [] : [await raiseStatement({ type: 'PaymentFailed', ...failed }, transaction)].filter((sql): sql is string => sql !== null)),
          updateRowSql(Payment, payment.id, { status: 'INVALID', failureMessage: reason, processedAt: now }, { now }),
          eventSql('FAILED', null, reason, now),
          updateRowSql(StudentPaymentPlan, payment.studentPaymentPlanId, { lastFailureAt: now, lastFailureMessage: reason }, { silent: true }),
          releaseSql(payment.studentPaymentPlanId, claim),
          activitySql(req.actor, {
            entityType: 'PAYMENT',
            entityId: payment.id,
            studentId: payment.studentId,
            category: 'BILLING',
            type: 'PAYMENT_FAILED',
            at: now,
            description: paymentOutcome(paymentDescription(payment, entryNumber), 'PAYMENT_FAILED_LINE', { reason }),
          }),
        ],
        transaction,
        { commit: true },
      ),
    );
    // The student reads why in our words (and language); the gateway's own text stays on the payment for staff.
    throw AppError.conflict('PAYMENT_FAILURE', format(Messages.PAYMENT_FAILURE, declineSentence(declineCode)));
  }

  const charged = result!;
  const dispute = (charged as ChargeResult & { dispute?: GatewayDispute }).dispute;
  const applied = await hotTransaction(sequelize, async (transaction) => {
    // The card-provider event is written with the payment's own statements, and the last of them commits (no
    // dispute to record). Cancelled by staff while the gateway answered: the charge is still on record (the
    // event), the payment stays as staff left it.
    const now = at ?? new Date();
    const recorded = [eventSql('SUCCEEDED', charged.chargeId, null, now)];
    const options = {
      gatewayChargeId: charged.chargeId,
      releaseClaim: claim,
      program,
      alsoWrite: recorded,
      recordAs: req.actor,
      at: now,
      history: at !== undefined,
      commit: !dispute,
    };
    if (!(await applyPayment(payment, today, transaction, options))) {
      await releasePlan(payment.studentPaymentPlanId, claim, transaction);
      return false;
    }
    if (dispute) {
      await insertRow(
        Dispute,
        {
          paymentId: payment.id,
          studentId: payment.studentId,
          studentPaymentPlanId: payment.studentPaymentPlanId,
          amount: payment.amount,
          reason: dispute.reason?.slice(0, 100) ?? null,
          status: 'PENDING',
          gateway: gateway.name,
          gatewayDisputeId: dispute.id,
          updatedById: null,
          updatedByName: 'System',
        },
        transaction,
      );
    }
    return true;
  });
  if (!applied) return (await Payment.findByPk(payment.id))!;
  return payment;
}

// ---- HTTP services ----

/** A schedule entry of one of the student's plans (404 otherwise). */
async function studentEntry(studentId: number, scheduleId: number): Promise<{ entry: PaymentSchedule; plan: StudentPaymentPlan }> {
  const entry = await PaymentSchedule.findByPk(scheduleId, { include: [{ model: StudentPaymentPlan, as: 'plan', required: true }] });
  const plan = (entry as (PaymentSchedule & { plan?: StudentPaymentPlan }) | null)?.plan;
  if (!entry || !plan || plan.studentId !== studentId) throw AppError.notFound('Payment schedule');
  return { entry, plan };
}

async function findStudent(studentId: number): Promise<void> {
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
}

/** A payment as `viewer` reads it: staff whole, the student with the institute's reference and our sentences (student-view.ts). */
export const paymentFor = (payment: PaymentFields, viewer: Principal | null | undefined): PaymentDto =>
  readsStudentView(viewer) ? studentPayment(paymentDto(payment)) : paymentDto(payment);

/** POST /students/{id}/payment_plans/{planId}/payments. */
export async function makePayment(
  gateway: PaymentGateway,
  studentId: number,
  planId: number,
  input: { type: 'INSTALLMENT' | 'PRE_PAY' | 'PAY_OFF'; amount: number; paymentMethodId?: number | null },
  idempotency: Idempotency | undefined,
  actor: Actor,
  viewer?: Principal | null,
): Promise<PaymentDto> {
  const payment = await chargePlan(gateway, { studentId, planId, type: input.type, amountCents: input.amount, paymentMethodId: input.paymentMethodId, idempotency, actor });
  return paymentFor(payment, viewer);
}

/** POST /students/{id}/payment_schedule/{scheduleId}/online_payment: an INSTALLMENT of that entry (amount defaults to its due). */
export async function payScheduleOnline(
  gateway: PaymentGateway,
  studentId: number,
  scheduleId: number,
  input: { amount?: number | null; paymentMethodId?: number | null },
  idempotency: Idempotency | undefined,
  actor: Actor,
  viewer?: Principal | null,
): Promise<PaymentDto> {
  const { plan } = await studentEntry(studentId, scheduleId);
  const payment = await chargePlan(gateway, {
    studentId,
    planId: plan.id,
    type: 'INSTALLMENT',
    amountCents: input.amount ?? null,
    scheduleId,
    paymentMethodId: input.paymentMethodId,
    idempotency,
    actor,
  });
  return paymentFor(payment, viewer);
}

/**
 * POST /students/{id}/payment_schedule/{scheduleId}/external_payment: staff record a check, wire or
 * other payment on an entry, PENDING until accepted (/external_payments). The plan must take
 * payments (PAYMENT_DISABLED), the entry must be unpaid (ALREADY_PROCESSED), and the amount within
 * the plan's balance (AMOUNT_EXCEEDED).
 */
export async function recordExternalPayment(studentId: number, scheduleId: number, input: ExternalPaymentInput, actor: Actor): Promise<ExternalPaymentDto> {
  const id = await Payment.sequelize!.transaction(async (transaction) => {
    const { entry, plan: found } = await studentEntry(studentId, scheduleId);
    const { plan, entries } = await loadPlan(found.id, transaction);
    if (!paymentsEnabled(plan)) throw AppError.conflict('PAYMENT_DISABLED', Messages.PAYMENT_DISABLED);
    if (entry.status === 'PAID') throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
    if (input.paymentAmount > planPosition(entries, schoolToday()).balanceCents) throw AppError.conflict('AMOUNT_EXCEEDED', Messages.AMOUNT_EXCEEDED);
    const row = await ExternalPayment.create(
      {
        studentId,
        applicationId: plan.applicationId,
        studentPaymentPlanId: plan.id,
        paymentScheduleId: entry.id,
        method: input.method,
        paymentAmount: toDollars(input.paymentAmount),
        paymentDate: input.paymentDate,
        referenceNumber: input.referenceNumber ?? null,
        comment: input.comment ?? null,
        status: 'PENDING',
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(
      actor,
      {
        entityType: 'EXTERNAL_PAYMENT',
        entityId: row.id,
        studentId,
        category: 'BILLING',
        type: 'CREATED',
        description: description('EXTERNAL_PAYMENT_RECORDED', { method: input.method, amount: input.paymentAmount, number: entry.number }),
      },
      transaction,
    );
    return row.id;
  });
  return getExternalPayment(id);
}

/** POST /students/{id}/payment_schedule/{scheduleId}/tax_amount: the entry's tax (ledger setEntryTax), answered as the entry. */
export async function setScheduleTax(studentId: number, scheduleId: number, taxCents: number, actor: Actor) {
  await studentEntry(studentId, scheduleId);
  await Payment.sequelize!.transaction((transaction) => setEntryTax(scheduleId, taxCents, actor, transaction));
  return entryDto((await PaymentSchedule.findByPk(scheduleId))!);
}

/**
 * POST /students/{id}/payment_schedule/{scheduleId}/cancel_online_payment: the plan's card payment
 * in progress (the entry's own first) becomes INVALID 'Cancelled by staff' and the claim is released;
 * none in progress → 409 STATUS_INVALID.
 */
export async function cancelOnlinePayment(studentId: number, scheduleId: number, actor: Actor): Promise<PaymentDto> {
  const { plan } = await studentEntry(studentId, scheduleId);
  const id = await Payment.sequelize!.transaction(async (transaction) => {
    const running = await Payment.findAll({
      where: { studentPaymentPlanId: plan.id, status: 'IN_PROGRESS', channel: 'CARD' },
      order: [['id', 'ASC']],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const payment = running.find((p) => p.paymentScheduleId === scheduleId) ?? running[0];
    if (!payment) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    const [count] = await Payment.update(
      { status: 'INVALID', failureMessage: Messages.PAYMENT_CANCELLED_BY_STAFF, processedAt: new Date(), ...stamp(actor) },
      { where: { id: payment.id, status: 'IN_PROGRESS' }, transaction },
    );
    if (count !== 1) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    if (running.length === 1) await StudentPaymentPlan.update({ paymentClaim: null, paymentClaimedAt: null }, { where: { id: plan.id }, transaction, silent: true });
    await recordActivity(
      actor,
      {
        entityType: 'PAYMENT',
        entityId: payment.id,
        studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('ONLINE_PAYMENT_CANCELLED', { paymentId: payment.id }),
        changes: { status: { from: 'IN_PROGRESS', to: 'INVALID' } },
      },
      transaction,
    );
    return payment.id;
  });
  return paymentDto((await Payment.findByPk(id))!);
}

/** GET /students/{id}/payments?applicationId&size&page: newest first. */
export async function listStudentPayments(studentId: number, q: PaymentListQuery, viewer?: Principal | null): Promise<Page<PaymentDto>> {
  await findStudent(studentId);
  const where = { studentId, ...(q.applicationId ? { applicationId: q.applicationId } : {}) };
  const [rows, total] = await Promise.all([Payment.findAll({ where, order: [['id', 'DESC']], limit: q.size, offset: q.page * q.size }), Payment.count({ where })]);
  // The student reads our sentences and references, staff the gateway's text (student-view.ts).
  return { content: rows.map((p) => paymentFor(p, viewer)), pagination: { total, page: q.page, size: q.size } };
}

// ---- The school's own charges: the enrollment deposit, auto-pay, retries ----

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The auto-pay retry calendar: after the first failure +3 days, after the second +7, then no more (null). */
export function nextRetryDate(attempts: number, today: string): string | null {
  if (attempts <= 1) return addDays(today, 3);
  if (attempts === 2) return addDays(today, 7);
  return null;
}

/** The failures the retry calendar charges again (+3 days, then +7): auto-pay and the enrollment deposit. */
const onRetryCalendar = (source: string) => source === 'AUTO_PAY' || source === 'ENROLLMENT';

/**
 * Records a failed charge of an entry: the entry's FAILED failed payment of this source gets another
 * attempt (or one is created), with the reason, the payment and the next retry date (auto-pay and the
 * enrollment deposit: the retry calendar).
 */
async function recordFailure(
  plan: Pick<PlanRow, 'id' | 'studentId' | 'applicationId'>,
  entry: Pick<EntryRow, 'id'> | null,
  source: 'AUTO_PAY' | 'ENROLLMENT' | 'RETRY',
  message: string,
  paymentId: number | null,
  amountCents: number,
  today: string,
  existing?: FailedPayment | null,
): Promise<FailedPayment> {
  const open =
    existing ??
    (entry ? await FailedPayment.findOne({ where: { studentPaymentPlanId: plan.id, paymentScheduleId: entry.id, source, status: 'FAILED' }, order: [['id', 'DESC']] }) : null);
  const now = new Date();
  if (open) {
    const attempts = open.attempts + 1;
    return open.update({
      attempts,
      failureMessage: message.slice(0, 255),
      failedAt: now,
      paymentId: paymentId ?? open.paymentId,
      amountToBePaid: toDollars(amountCents),
      nextRetryDate: onRetryCalendar(open.source) ? nextRetryDate(attempts, today) : open.nextRetryDate,
    });
  }
  return FailedPayment.create({
    studentId: plan.studentId,
    applicationId: plan.applicationId,
    studentPaymentPlanId: plan.id,
    paymentScheduleId: entry?.id ?? null,
    paymentId,
    source,
    status: 'FAILED',
    amountToBePaid: toDollars(amountCents),
    failureMessage: message.slice(0, 255),
    attempts: 1,
    failedAt: now,
    nextRetryDate: onRetryCalendar(source) ? nextRetryDate(1, today) : null,
    updatedById: null,
    updatedByName: 'System',
  });
}

/** The failure text of a refused charge: the gateway's reason, or the refusal's message. */
function failureText(err: unknown): string {
  if (err instanceof AppError) return err.code === 'PAYMENT_FAILURE' ? err.message.replace(/^Payment failure /, '') : err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * What a FailedPayment records of a refused charge: the declined attempt (the plan's newest payment)
 * and the gateway's own reason on it — staff act on that text; the refusal's message is the student's
 * sentence. Any other refusal: its message, and no payment.
 */
async function refusalOf(err: unknown, planId: number): Promise<{ paymentId: number | null; message: string }> {
  if (!(err instanceof AppError && err.code === 'PAYMENT_FAILURE')) return { paymentId: null, message: failureText(err) };
  const p = await Payment.findOne({ where: { studentPaymentPlanId: planId }, order: [['id', 'DESC']], attributes: ['id', 'failureMessage'] });
  return { paymentId: p?.id ?? null, message: p?.failureMessage ?? failureText(err) };
}

/**
 * What a deposit charge did. FAILED with `failedPaymentId`: the refusal is recorded (a FailedPayment
 * ENROLLMENT, on the retry calendar); FAILED without it: nothing could be recorded (the caller must not
 * drop it). SKIPPED with `inProgress`: another payment of the plan is in progress, so it is to be tried again.
 */
export type EnrollmentCharge = { status: 'ACCEPTED' | 'FAILED' | 'SKIPPED'; paymentId: number | null; message?: string; failedPaymentId?: number; inProgress?: boolean };

/**
 * After an application becomes ENROLLED (called once the status change has committed): charges the
 * plan's first entry, if unpaid and due, to the application's card (the plan's card, else the
 * default). A decline or a refusal (no card, ...) is recorded as a FailedPayment of source ENROLLMENT;
 * nothing is thrown, so the enrollment stands. Migrated plans are not charged (paid in the old system).
 */
export async function chargeEnrollmentDeposit(planId: number, gateway: PaymentGateway = currentGateway()): Promise<EnrollmentCharge> {
  const today = schoolToday();
  try {
    const { plan, entries } = await loadPlan(planId);
    const first = entries[0];
    if (plan.migrated || !first || first.status === 'PAID' || first.dueDate > today) return { status: 'SKIPPED', paymentId: null };
    const amount = entryParts(first, today).remaining;
    try {
      const payment = await chargePlan(gateway, { studentId: plan.studentId, planId, type: 'ENROLLMENT', amountCents: null, scheduleId: first.id, actor: systemActor });
      return { status: 'ACCEPTED', paymentId: payment.id };
    } catch (err) {
      if (err instanceof AppError && err.code === 'PAYMENT_IN_PROGRESS') return { status: 'SKIPPED', paymentId: null, message: err.message, inProgress: true };
      const { paymentId, message } = await refusalOf(err, planId);
      const failed = await recordFailure(plan, first, 'ENROLLMENT', message, paymentId, amount, today);
      return { status: 'FAILED', paymentId, message, failedPaymentId: failed.id };
    }
  } catch (err) {
    return { status: 'FAILED', paymentId: null, message: failureText(err) };
  }
}

export interface AutoPayResult {
  charged: number;
  failed: number;
  skipped: number;
}

export interface AutoPayOptions {
  /** 'DUE': entries without an open failed payment; 'RETRIES': those with one whose retry date has come; default both. */
  only?: 'DUE' | 'RETRIES';
  /** Milliseconds to wait before each charge (pacing for a gateway's rate limit): the charges then go one at a time. */
  pauseMs?: number;
  /** Plans charged at once (default AUTO_PAY_CONCURRENCY); 1 with `pauseMs`. */
  concurrency?: number;
  /** Stops before the next entry once aborted (a job whose lease was lost, a shutdown). */
  signal?: AbortSignal;
  /** Called with the number of entries charged or failed so far. */
  onProgress?: (processed: number) => void;
}

/** Takes an entry's school charge of `day` (unique per entry and day): false when a run already took it. */
async function takeChargeOfDay(paymentScheduleId: number, day: string): Promise<boolean> {
  try {
    await AutoChargeAttempt.create({ paymentScheduleId, chargeDate: day });
    return true;
  } catch (err) {
    if (err instanceof UniqueConstraintError) return false;
    throw err;
  }
}

/**
 * The auto-pay run for `today` (domain rules: auto-pay charges due entries on their due date from the
 * plan's card or the default): every unpaid entry due by today of an ACTIVE auto-pay plan that takes
 * payments, oldest first per plan, as an AUTO_PAY payment of that entry. A failure makes (or adds an
 * attempt to) the entry's FailedPayment AUTO_PAY: retried on its nextRetryDate (+3 days, then +7),
 * after the third failure no more. Entries waiting for their retry date are skipped, so are plans
 * with a payment in progress. Success resolves the entry's failed payments.

 * Every charge first takes the entry's charge of the day (auto_charge_attempts, unique per entry and
 * day): an entry is charged at most once a day however many runs or processes race (a run that does
 * not reach the gateway gives it back). `opts.only` splits the work between the scheduled jobs:
 * 'DUE' (AUTO_PAY) charges the entries without an open failure, 'RETRIES' (FAILED_PAYMENT_RETRY)
 * those whose retry date has come; without it, both.
 */
export async function runAutoPay(today: string = schoolToday(), gateway: PaymentGateway = currentGateway(), opts: AutoPayOptions = {}): Promise<AutoPayResult> {
  const result: AutoPayResult = { charged: 0, failed: 0, skipped: 0 };
  // Read in batches of plans (keyset on the plan id; a plan is never split between batches), so a run
  // over 100k due entries holds one batch in memory at a time.
  let afterPlan = 0;
  for (;;) {
    const read = await PaymentSchedule.findAll({
      where: { status: { [Op.ne]: 'PAID' }, dueDate: { [Op.lte]: today }, studentPaymentPlanId: { [Op.gt]: afterPlan } },
      include: [{ model: StudentPaymentPlan, as: 'plan', required: true, where: { status: 'ACTIVE', autoPay: true, paymentAccountBlocked: false, bankruptcy: false } }],
      order: [
        ['studentPaymentPlanId', 'ASC'],
        ['number', 'ASC'],
      ],
      limit: AUTO_PAY_BATCH,
    });
    if (!read.length) break;
    const lastPlan = read[read.length - 1].studentPaymentPlanId;
    const whole = read.length === AUTO_PAY_BATCH ? read.filter((e) => e.studentPaymentPlanId !== lastPlan) : read;
    const due = whole.length ? whole : read;
    afterPlan = due[due.length - 1].studentPaymentPlanId;
    await autoPayBatch(due, today, gateway, opts, result);
    if (read.length < AUTO_PAY_BATCH || opts.signal?.aborted) break;
  }
  return result;
}

/**
 * The deposits declined at enrollment (failed payments ENROLLMENT, on the retry calendar: +3 days,
 * then +7) whose retry date has come: each charged again as staff's retry does (the plan's card or the
 * default), at most once per entry and day; a success resolves it, a decline moves it to its next
 * retry date (or none after the third). Part of the failed-payment retries job.
 */
export async function retryDeclinedDeposits(today: string = schoolToday(), gateway: PaymentGateway = currentGateway(), opts: AutoPayOptions = {}): Promise<AutoPayResult> {
  const result: AutoPayResult = { charged: 0, failed: 0, skipped: 0 };
  let afterId = 0;
  for (;;) {
    const due = await FailedPayment.findAll({
      where: { source: 'ENROLLMENT', status: 'FAILED', nextRetryDate: { [Op.lte]: today }, id: { [Op.gt]: afterId } },
      order: [['id', 'ASC']],
      limit: AUTO_PAY_BATCH,
    });
    for (const failed of due) {
      if (opts.signal?.aborted) return result;
      afterId = failed.id;
      if (failed.paymentScheduleId && !(await takeChargeOfDay(failed.paymentScheduleId, today))) {
        result.skipped += 1;
        continue;
      }
      try {
        await retryFailedPayment(failed.id, systemActor, gateway);
        result.charged += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'PAYMENT_FAILURE') result.failed += 1;
        else result.skipped += 1;
      }
      opts.onProgress?.(result.charged + result.failed);
    }
    if (due.length < AUTO_PAY_BATCH) return result;
  }
}

const AUTO_PAY_BATCH = 1000;

/** Plans charged at once by an auto-pay run (the `concurrency` param of its job): each lane one plan at a time. */
export const AUTO_PAY_CONCURRENCY = 8;

/**
 * One batch of due entries (whole plans, oldest first per plan), charged by a bounded pool: up to
 * `opts.concurrency` plans at once, each plan's entries one after the other in their order (a plan
 * has one payment in progress at a time: its claim). Paced runs (`pauseMs`) charge one at a time.
 */
async function autoPayBatch(due: PaymentSchedule[], today: string, gateway: PaymentGateway, opts: AutoPayOptions, result: AutoPayResult): Promise<void> {
  const open = await FailedPayment.findAll({ where: { paymentScheduleId: due.map((e) => e.id), source: 'AUTO_PAY', status: 'FAILED' } });
  const openBy = new Map(open.map((f) => [f.paymentScheduleId!, f]));
  const byPlan = new Map<number, PaymentSchedule[]>();
  for (const entry of due) {
    const list = byPlan.get(entry.studentPaymentPlanId);
    if (list) list.push(entry);
    else byPlan.set(entry.studentPaymentPlanId, [entry]);
  }
  const plans = [...byPlan.values()];
  const chargePlanEntries = async (entries: PaymentSchedule[]) => {
    for (let i = 0; i < entries.length; i++) {
      if (opts.signal?.aborted) return;
      if (!(await autoPayEntry(entries[i], openBy.get(entries[i].id), today, gateway, opts, result))) {
        // A plan whose card failed is not charged again for its later entries in this run.
        result.skipped += entries.length - i - 1;
        return;
      }
    }
  };
  const lanes = opts.pauseMs ? 1 : Math.max(1, Math.min(opts.concurrency ?? AUTO_PAY_CONCURRENCY, plans.length));
  let next = 0;
  let broken = false;
  // A lane that throws stops the others at their next plan, and the batch throws once all have stopped
  // (no charge goes on after the run ended).
  const settled = await Promise.allSettled(
    Array.from({ length: lanes }, async () => {
      try {
        while (next < plans.length && !broken && !opts.signal?.aborted) await chargePlanEntries(plans[next++]);
      } catch (err) {
        broken = true;
        throw err;
      }
    }),
  );
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Charges one due entry (or skips it: the other job's kind, waiting for its retry date, too small,
 * already charged today, refused before the gateway). Answers false when the charge failed (the plan's
 * later entries wait for the retry calendar).
 */
async function autoPayEntry(
  entry: PaymentSchedule,
  failed: FailedPayment | undefined,
  today: string,
  gateway: PaymentGateway,
  opts: AutoPayOptions,
  result: AutoPayResult,
): Promise<boolean> {
  const plan = (entry as PaymentSchedule & { plan: StudentPaymentPlan }).plan;
  const wrongKind = (opts.only === 'DUE' && failed) || (opts.only === 'RETRIES' && !failed);
  if (wrongKind || (failed && (!failed.nextRetryDate || failed.nextRetryDate > today))) {
    result.skipped += 1;
    return true;
  }
  const amount = entryParts(entry, today).remaining;
  if (amount <= 50) {
    result.skipped += 1;
    return true;
  }
  if (opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
  try {
    // The day's charge is taken with the IN_PROGRESS payment (one commit), never apart from it.
    await chargePlan(gateway, { studentId: plan.studentId, planId: plan.id, type: 'AUTO_PAY', amountCents: null, scheduleId: entry.id, actor: systemActor, chargeOfDay: today });
    result.charged += 1;
    opts.onProgress?.(result.charged + result.failed);
    return true;
  } catch (err) {
    if (err instanceof ChargeOfDayTaken || (err instanceof AppError && ['PAYMENT_IN_PROGRESS', 'PAYMENT_DISABLED', 'NO_DUE_BALANCE', 'ALREADY_PROCESSED'].includes(err.code))) {
      // Charged today by another run, or refused before the gateway (rolled back with the day's
      // charge: a later run of the day may charge it).
      result.skipped += 1;
      return true;
    }
    // A refusal recorded as a failure (no card, ...): once a day, as a declined charge is.
    if (err instanceof AppError && err.code !== 'PAYMENT_FAILURE' && !(await takeChargeOfDay(entry.id, today))) {
      result.skipped += 1;
      return true;
    }
    const { paymentId, message } = await refusalOf(err, plan.id);
    await recordFailure(plan, entry, 'AUTO_PAY', message, paymentId, amount, today, failed);
    result.failed += 1;
    opts.onProgress?.(result.charged + result.failed);
    return false;
  }
}

/**
 * Staff retry a FAILED failed payment now (the same entry, the plan's card or the default): success
 * resolves it and answers the payment; a decline adds an attempt (the auto-pay calendar goes on) and
 * is 409 PAYMENT_FAILURE. A failed payment not FAILED is 409 STATUS_INVALID; an entry paid since
 * resolves it and is 409 ALREADY_PROCESSED.
 */
export async function retryFailedPayment(failedPaymentId: number, actor: Actor, gateway: PaymentGateway = currentGateway()): Promise<PaymentDto> {
  const failed = await FailedPayment.findByPk(failedPaymentId);
  if (!failed) throw AppError.notFound('Failed payment');
  if (!isFailedPaymentRetryable(failed)) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
  const today = schoolToday();
  const { plan, entries } = await loadPlan(failed.studentPaymentPlanId);
  const entry = failed.paymentScheduleId ? (entries.find((e) => e.id === failed.paymentScheduleId) ?? null) : null;
  if (entry && entry.status === 'PAID') {
    await failed.update({ status: 'RESOLVED', resolvedAt: new Date(), ...stamp(actor) });
    throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
  }
  const type: ChargeType = failed.source === 'AUTO_PAY' ? 'AUTO_PAY' : failed.source === 'ENROLLMENT' ? 'ENROLLMENT' : 'INSTALLMENT';
  try {
    const payment = await chargePlan(gateway, { studentId: plan.studentId, planId: plan.id, type, amountCents: null, scheduleId: entry?.id ?? null, actor });
    await FailedPayment.update({ status: 'RESOLVED', resolvedAt: new Date(), paymentId: payment.id, ...stamp(actor) }, { where: { id: failed.id } });
    return paymentDto(payment);
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYMENT_FAILURE') {
      const amount = entry ? entryParts(entry, today).remaining : toCents(failed.amountToBePaid);
      const { paymentId, message } = await refusalOf(err, plan.id);
      await recordFailure(plan, entry, failed.source as 'AUTO_PAY', message, paymentId, amount, today, failed);
      await failed.update(stamp(actor));
    }
    throw err;
  }
}
