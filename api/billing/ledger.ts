import { randomUUID } from 'node:crypto';
import { literal, type Transaction } from 'sequelize';
import { FailedPayment, LedgerEntry, Payment, PaymentAllocation, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { activitySql, recordActivity, stamp } from '../common/audit';
import { systemActor, type Actor } from '../common/context';
import { raiseStatement } from '../common/events';
import { AppError } from '../common/errors';
import { escapeAs, insertRowSql, insertRowsSql, selectList, updateRow, updateRowSql, updateRowsSql, updateWhereSql } from '../common/rows';
import { forceIndex, forUpdate, insertSql, runStatements, selectRows, updateSql, type StatementResult } from '../common/sql';
import { description, describedColumns, paymentOutcome, type Description } from '../../models/descriptions';
import type { LedgerKind, Of } from '../../models/enums';
import { financialStatusOf, followsDates } from './standing';
import { formatCents as formatMoney, toCents, toDollars } from '../../domain/money';
import { maxPrePayCents, MIN_LEFTOVER_CENTS } from '../../domain/rules/payments';
import { planStatusForBalance } from '../../domain/state/plans';

/**
 * The ledger core of billing (issue 6; domain rules "Payment plans and payments"; platform spec §3
 * plan terms, breakdown, account history). Every money movement of a student payment plan goes
 * through here, inside the caller's transaction: a payment allocated to the schedule entries, a
 * reversal (chargeback or voided manual payment), a refund movement, a tax change. Each one moves
 * the entries, the plan's totals and writes one account-history line (ledger_entries) whose
 * accountBalance is the plan's balance after it.
 *
 * Money is in integer cents here; the columns are DECIMAL(12,2). Plans and entries are read as plain
 * rows (`raw`) and written by statement (api/common/rows.ts), never as model instances: a card
 * payment runs through here hundreds of times a second (docs/benchmarks.md).
 *
 * How a paid amount splits inside one entry: an entry that is due (due date ≤ today) is paid tax,
 * then interest, then principal; money paid ahead on an entry not yet due is principal first (a
 * pre-pay reduces principal), then interest, then tax. The same order reads back what was paid
 * (`entryParts`), so the position of a plan is a pure function of its entries.
 */

// The one cents ↔ dollars conversion (domain/money.ts), re-exported under the names billing uses.
export { formatMoney, toCents, toDollars };

/** How long a payment claim holds a plan when its server never releases it (a crash mid-payment). */
export const CLAIM_TTL_MS = 10 * 60 * 1000;
/** The least a payment may leave on a plan besides nothing (domain rules: no balance strictly between 0 and 0.50): domain/rules/payments.ts. */
export { MIN_LEFTOVER_CENTS };

export interface PlanPosition {
  principalBalanceCents: number;
  accruedInterestCents: number;
  unpaidTaxCents: number;
  payoffCents: number;
  balanceCents: number;
  dueNowCents: number;
  pastDueCents: number;
  maxPrePayCents: number;
  nextEntry: { id: number; number: number; dueDate: string; amountDueCents: number } | null;
  oldestUnpaidDueDate: string | null;
  daysOverdue: number;
}

/** One entry in cents, with what is paid and unpaid of each part. */
export interface EntryParts {
  principal: number;
  interest: number;
  tax: number;
  paid: number;
  /** Due on or before today (paid tax → interest → principal), else ahead (principal → interest → tax). */
  due: boolean;
  unpaidPrincipal: number;
  unpaidInterest: number;
  unpaidTax: number;
  /** amount + tax − paid (never below 0). */
  remaining: number;
}

type EntryLike = Pick<PaymentSchedule, 'principal' | 'interest' | 'amount' | 'taxAmount' | 'paidAmount' | 'dueDate' | 'status'>;
/** A schedule entry as the ledger reads it (a raw row or an instance). */
export type EntryRow = EntryLike & Pick<PaymentSchedule, 'id' | 'number'> & { paidAt?: Date | string | null };
/** A plan as the ledger reads it (a raw row: DECIMAL may be text, booleans 0 / 1). */
export type PlanRow = Pick<
  StudentPaymentPlan,
  | 'id'
  | 'studentId'
  | 'applicationId'
  | 'name'
  | 'status'
  | 'interestRate'
  | 'paymentAccountBlocked'
  | 'bankruptcy'
  | 'paymentMethodId'
  | 'migrated'
  | 'autoPay'
  | 'totalPaid'
  | 'principalPaid'
  | 'interestPaid'
  | 'taxPaid'
  | 'totalInterest'
  | 'totalOwed'
  | 'totalTax'
  | 'totalRefunds'
>;
/** The payment fields the ledger reads and writes. */
export type PaymentRow = Pick<
  Payment,
  | 'id'
  | 'studentId'
  | 'applicationId'
  | 'studentPaymentPlanId'
  | 'paymentScheduleId'
  | 'type'
  | 'channel'
  | 'amount'
  | 'cardBrand'
  | 'cardLast4'
  | 'referenceNumber'
  | 'comment'
  | 'gatewayChargeId'
>;

/** Splits what an entry has paid into its parts (see the file comment for the order). */
export function entryParts(e: EntryLike, today: string): EntryParts {
  const principal = toCents(e.principal);
  const interest = toCents(e.interest);
  const tax = toCents(e.taxAmount);
  const paid = toCents(e.paidAmount);
  const due = e.dueDate <= today;
  let left = paid;
  const take = (part: number) => {
    const covered = Math.min(part, Math.max(left, 0));
    left -= covered;
    return part - covered;
  };
  let unpaidPrincipal: number, unpaidInterest: number, unpaidTax: number;
  if (due) {
    unpaidTax = take(tax);
    unpaidInterest = take(interest);
    unpaidPrincipal = take(principal);
  } else {
    unpaidPrincipal = take(principal);
    unpaidInterest = take(interest);
    unpaidTax = take(tax);
  }
  const remaining = Math.max(0, toCents(e.amount) + tax - paid);
  return { principal, interest, tax, paid, due, unpaidPrincipal, unpaidInterest, unpaidTax, remaining };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Where a plan stands today (pure): balances, what is due, the pay-off (unpaid principal + interest
 * of entries due by today + unpaid tax: interest of entries not yet due is forgiven), the largest
 * pre-pay (it must stay below the pay-off and leave at least 0.50), the next entry to pay and the
 * days overdue. Entries are read in schedule order.
 */
export function planPosition(entries: readonly EntryRow[], today: string): PlanPosition {
  const sorted = [...entries].sort((a, b) => a.number - b.number);
  let principalBalanceCents = 0;
  let accruedInterestCents = 0;
  let unpaidTaxCents = 0;
  let balanceCents = 0;
  let dueNowCents = 0;
  let pastDueCents = 0;
  let nextEntry: PlanPosition['nextEntry'] = null;
  let oldestUnpaidDueDate: string | null = null;
  for (const e of sorted) {
    const p = entryParts(e, today);
    balanceCents += toCents(e.amount) + p.tax - p.paid;
    if (e.status === 'PAID') continue;
    principalBalanceCents += p.unpaidPrincipal;
    unpaidTaxCents += p.unpaidTax;
    if (p.due) {
      accruedInterestCents += p.unpaidInterest;
      dueNowCents += p.remaining;
      if (e.dueDate < today) pastDueCents += p.remaining;
    }
    if (p.remaining > 0 && !nextEntry) {
      nextEntry = { id: e.id, number: e.number, dueDate: e.dueDate, amountDueCents: p.remaining };
      oldestUnpaidDueDate = e.dueDate;
    }
  }
  const payoffCents = balanceCents > 0 ? principalBalanceCents + accruedInterestCents + unpaidTaxCents : 0;
  return {
    principalBalanceCents,
    accruedInterestCents,
    unpaidTaxCents,
    payoffCents,
    balanceCents,
    dueNowCents,
    pastDueCents,
    maxPrePayCents: maxPrePayCents(payoffCents),
    nextEntry,
    oldestUnpaidDueDate,
    daysOverdue: oldestUnpaidDueDate && oldestUnpaidDueDate < today ? daysBetween(oldestUnpaidDueDate, today) : 0,
  };
}

export { financialStatusOf };

/**
 * Level amortisation of `principalCents` over `count` monthly entries at APR `annualRatePercent`
 * (monthly rate APR/12): interest of each entry on the balance before it, rounded to the cent; a
 * level payment rounded up; the last entry takes what is left. A zero rate makes equal parts (the
 * last absorbs the rounding). Σ principal = principalCents.
 */
export function amortise(principalCents: number, count: number, annualRatePercent: number): Array<{ principal: number; interest: number }> {
  if (count <= 0) return [];
  const out: Array<{ principal: number; interest: number }> = [];
  const rate = annualRatePercent > 0 ? annualRatePercent / 100 / 12 : 0;
  let balance = Math.max(0, principalCents);
  if (rate === 0) {
    const part = Math.floor(balance / count);
    for (let i = 1; i <= count; i++) {
      const principal = i === count ? balance : part;
      balance -= principal;
      out.push({ principal, interest: 0 });
    }
    return out;
  }
  const payment = Math.ceil((balance * rate) / (1 - (1 + rate) ** -count));
  for (let i = 1; i <= count; i++) {
    const interest = Math.round(balance * rate);
    const principal = i === count ? balance : Math.min(balance, Math.max(payment - interest, 0));
    balance -= principal;
    out.push({ principal, interest });
  }
  return out;
}

const PLAN_FIELDS: Array<keyof PlanRow> = [
  'id',
  'studentId',
  'applicationId',
  'name',
  'status',
  'interestRate',
  'paymentAccountBlocked',
  'bankruptcy',
  'paymentMethodId',
  'migrated',
  'autoPay',
  'totalPaid',
  'principalPaid',
  'interestPaid',
  'taxPaid',
  'totalInterest',
  'totalOwed',
  'totalTax',
  'totalRefunds',
];
const ENTRY_FIELDS: Array<keyof EntryRow> = ['id', 'number', 'dueDate', 'principal', 'interest', 'amount', 'taxAmount', 'paidAmount', 'status', 'paidAt'];

/** The program an account-history line names: the product of the application `applicationId` (an SQL expression). */
const programSql = (applicationId: string) => `(SELECT pr.name FROM applications a JOIN products pr ON pr.id = a.product_id WHERE a.id = ${applicationId})`;
/** The program read with the plan (not under a lock). */
const PROGRAM = `${programSql('p.application_id')} AS program`;

/** What `planRead` answers: the plan (with its program outside a transaction) and its entries. */
export type PlanRead = { plan: PlanRow & { program?: string | null; openFailures?: number | boolean }; entries: EntryRow[] };

/**
 * The SELECT of a plan joined with its entries (by number), for a batch: one statement where two
 * would cost MariaDB a parse and a round of I/O more. Inside a transaction the plan row and its
 * entries are locked (MariaDB; SQLite writes one transaction at a time); outside one the plan comes
 * with its `program`. `openFailures`: whether the plan has FAILED failed payments. `planOf` reads it.
 */
export function planRead(planId: number, transaction?: Transaction, opts: { openFailures?: boolean } = {}): string {
  const sequelize = StudentPaymentPlan.sequelize!;
  const id = Number(planId);
  const failures = opts.openFailures
    ? `, EXISTS (SELECT 1 FROM failed_payments f WHERE f.student_payment_plan_id = p.id AND f.status = ${escapeAs(FailedPayment, 'status', 'FAILED')}) AS openFailures`
    : '';
  return `SELECT ${selectList(StudentPaymentPlan, PLAN_FIELDS, { table: 'p' })}${transaction ? '' : `, ${PROGRAM}`}${failures}, ${selectList(PaymentSchedule, ENTRY_FIELDS, { table: 'e', prefix: 'e.' })}
    FROM student_payment_plans p LEFT JOIN payment_schedules e${forceIndex(sequelize, 'payment_schedules_plan_number')} ON e.student_payment_plan_id = p.id
    WHERE p.id = ${id}${transaction ? forUpdate(sequelize) : ''}`;
}

/** The plan and its entries (by number) from `planRead`'s rows (one per entry); 404 when there is no plan. */
export function planOf(rows: StatementResult): PlanRead {
  const joined = rows as Array<Record<string, unknown>>;
  if (!joined.length) throw AppError.notFound('Payment plan');
  const plan: Record<string, unknown> = {};
  const entries: EntryRow[] = [];
  for (const key of Object.keys(joined[0])) if (!key.startsWith('e.')) plan[key] = joined[0][key];
  for (const row of joined) {
    if (row['e.id'] === null || row['e.id'] === undefined) continue;
    const entry: Record<string, unknown> = {};
    for (const field of ENTRY_FIELDS) entry[field] = row[`e.${field}`];
    entries.push(entry as unknown as EntryRow);
  }
  // By number in code: an ORDER BY across the outer join would cost MariaDB a temporary table.
  entries.sort((a, b) => a.number - b.number);
  return { plan: plan as PlanRead['plan'], entries };
}

/** A plan and its entries as raw rows (planRead). 404 when missing. */
export async function loadPlan(planId: number, transaction?: Transaction): Promise<PlanRead> {
  const [rows] = await runStatements(StudentPaymentPlan.sequelize!, [planRead(planId, transaction)], transaction);
  return planOf(rows);
}

/**
 * Claims the plan for one payment (domain rules: one payment in progress per plan): a compare-and-set
 * update that only succeeds when no claim is held or the held one is older than CLAIM_TTL_MS (its
 * server died mid-payment). Correct on SQLite and MariaDB alike. 409 PAYMENT_IN_PROGRESS otherwise;
 * answers the claim token `releasePlan` needs.
 */
export async function claimPlan(planId: number, transaction?: Transaction, studentId?: number): Promise<string> {
  const { sql, claim } = claimStatement(planId, studentId);
  if ((await updateSql(StudentPaymentPlan.sequelize!, sql, transaction)) !== 1) throw AppError.conflict('PAYMENT_IN_PROGRESS', Messages.PAYMENT_IN_PROGRESS);
  return claim;
}

/** claimPlan's compare-and-set UPDATE and its new claim token, for a batch (one row changed = claimed). */
export function claimStatement(planId: number, studentId?: number): { sql: string; claim: string } {
  const claim = randomUUID();
  const now = new Date();
  const at = (d: Date) => escapeAs(StudentPaymentPlan, 'paymentClaimedAt', d);
  const sql = `UPDATE student_payment_plans SET payment_claim = ${escapeAs(StudentPaymentPlan, 'paymentClaim', claim)}, payment_claimed_at = ${at(now)}
      WHERE id = ${Number(planId)} ${studentId === undefined ? '' : `AND student_id = ${Number(studentId)}`}
        AND (payment_claim IS NULL OR payment_claimed_at IS NULL OR payment_claimed_at < ${at(new Date(now.getTime() - CLAIM_TTL_MS))})`;
  return { sql, claim };
}

/**
 * The plan update's part that releases `claim` if the plan still holds it (releasePlan within another
 * update). paymentClaimedAt comes first: MariaDB assigns left to right, so it must read the claim
 * before it is cleared (SQLite reads the old row for every assignment).
 */
function releasing(claim: string) {
  const held = `payment_claim = ${StudentPaymentPlan.sequelize!.escape(claim)}`;
  return {
    paymentClaimedAt: literal(`CASE WHEN ${held} THEN NULL ELSE payment_claimed_at END`),
    paymentClaim: literal(`CASE WHEN ${held} THEN NULL ELSE payment_claim END`),
  };
}

/** Releases the plan's claim, only when it is still `claim` (an expired one taken over stays with its new holder). */
export async function releasePlan(planId: number, claim: string, transaction?: Transaction): Promise<void> {
  await updateSql(StudentPaymentPlan.sequelize!, releaseSql(planId, claim), transaction);
}

/** releasePlan's UPDATE, for a batch. */
export function releaseSql(planId: number, claim: string): string {
  return updateRowSql(StudentPaymentPlan, planId, { paymentClaim: null, paymentClaimedAt: null }, { where: { paymentClaim: claim }, silent: true });
}

/** The entries of a plan being changed, in cents. */
interface Work {
  row: EntryRow;
  principal: number;
  interest: number;
  tax: number;
  paid: number;
  changed: boolean;
}

const toWork = (row: EntryRow): Work => ({
  row,
  principal: toCents(row.principal),
  interest: toCents(row.interest),
  tax: toCents(row.taxAmount),
  paid: toCents(row.paidAmount),
  changed: false,
});

const isPaid = (w: Work) => w.paid >= w.principal + w.interest + w.tax;

/** A Work entry as an EntryRow (dollars) for `entryParts` / `planPosition`. */
function asEntry(w: Work): EntryRow {
  return {
    id: w.row.id,
    number: w.row.number,
    dueDate: w.row.dueDate,
    principal: toDollars(w.principal),
    interest: toDollars(w.interest),
    amount: toDollars(w.principal + w.interest),
    taxAmount: toDollars(w.tax),
    paidAmount: toDollars(w.paid),
    status: isPaid(w) ? 'PAID' : 'PENDING',
  };
}

/** The UPDATE writing the changed entries back (amount = principal + interest; PAID with paidAt once nothing is left); null when none changed. */
function saveWorkSql(work: Work[], now: Date): string | null {
  const changed = work
    .filter((w) => w.changed)
    .map((w) => ({
      id: w.row.id,
      values: {
        principal: toDollars(w.principal),
        interest: toDollars(w.interest),
        amount: toDollars(w.principal + w.interest),
        taxAmount: toDollars(w.tax),
        paidAmount: toDollars(w.paid),
        status: isPaid(w) ? 'PAID' : 'PENDING',
        paidAt: isPaid(w) ? (w.row.paidAt ? literal('paid_at') : now) : null,
      },
    }));
  return updateRowsSql(PaymentSchedule, changed, now);
}

/** Writes the changed entries back in one statement (saveWorkSql). */
async function saveWork(work: Work[], transaction: Transaction, now: Date = new Date()): Promise<void> {
  const sql = saveWorkSql(work, now);
  if (sql) await updateSql(PaymentSchedule.sequelize!, sql, transaction);
}

/**
 * The plan's derived fields from a position and its status after the movement: balance, next due
 * date, past due and, while the plan follows its dates (ACTIVE or paid off, not in bankruptcy: see
 * billing/standing.ts), days overdue and financial status; a plan in bankruptcy or closed keeps the
 * standing it has.
 */
function positionFields(pos: PlanPosition, plan: Pick<PlanRow, 'status' | 'bankruptcy'>) {
  const status = statusFor(plan, pos.balanceCents);
  const follows = followsDates({ status: status === 'COMPLETED' ? 'ACTIVE' : status, bankruptcy: plan.bankruptcy });
  return {
    balance: toDollars(pos.balanceCents),
    nextDueDate: pos.oldestUnpaidDueDate,
    pastDueAmount: toDollars(pos.pastDueCents),
    status,
    ...(follows ? { daysOverdue: pos.daysOverdue, financialStatus: financialStatusOf(pos.daysOverdue) } : {}),
  };
}

/** ACTIVE ↔ COMPLETED by the balance; CONCLUDED and CANCELLED are kept (domain/state/plans.ts). */
function statusFor(plan: Pick<PlanRow, 'status'>, balanceCents: number): string {
  return planStatusForBalance(plan.status, balanceCents);
}

/** The program an account-history line names: the application's product (else the plan's name). */
export async function programOf(plan: Pick<PlanRow, 'applicationId' | 'name'>, transaction?: Transaction): Promise<string | null> {
  const [row] = await selectRows<{ name: string | null }>(StudentPaymentPlan.sequelize!, `SELECT ${programSql(String(Number(plan.applicationId)))} AS name`, transaction);
  return row?.name ?? plan.name ?? null;
}

interface LineInput {
  kind: Of<typeof LedgerKind>;
  /** What the line is, as the catalogue's key and parameters (models/descriptions.ts): each UI writes it in its language. */
  description: Description;
  principal?: number;
  interest?: number;
  tax?: number;
  total: number;
  paymentId?: number | null;
  refundId?: number | null;
  last4?: string | null;
  referenceNumber?: string | null;
  comment?: string | null;
}

/**
 * Writes one account-history line (cents in, dollars stored) with the plan's balances after the
 * movement; `program` when the caller has read it already (else it is read). Answers the line's id.
 */
export async function writeLedgerLine(
  plan: Pick<PlanRow, 'id' | 'studentId' | 'applicationId' | 'name'>,
  pos: PlanPosition,
  line: LineInput,
  transaction?: Transaction,
  program?: string | null,
  now: Date = new Date(),
): Promise<number> {
  const name = program === undefined ? await programOf(plan, transaction) : program;
  return insertSql(LedgerEntry.sequelize!, ledgerLineSql(plan, pos, line, name, now), transaction);
}

/** The INSERT of one account-history line (writeLedgerLine's statement, for a batch). */
function ledgerLineSql(plan: Pick<PlanRow, 'id' | 'studentId' | 'applicationId'>, pos: PlanPosition, line: LineInput, program: string | null, now: Date): string {
  return insertRowSql(
    LedgerEntry,
    {
      studentId: plan.studentId,
      applicationId: plan.applicationId,
      studentPaymentPlanId: plan.id,
      eventDate: now,
      kind: line.kind,
      ...describedLine(line.description),
      program: program?.slice(0, 255) ?? null,
      principal: toDollars(line.principal ?? 0),
      interest: toDollars(line.interest ?? 0),
      tax: toDollars(line.tax ?? 0),
      total: toDollars(line.total),
      accountBalance: toDollars(pos.balanceCents),
      principalBalance: toDollars(pos.principalBalanceCents),
      last4: line.last4 ?? null,
      referenceNumber: line.referenceNumber ?? null,
      comment: line.comment ?? null,
      paymentId: line.paymentId ?? null,
      refundId: line.refundId ?? null,
    },
    now,
  );
}

/** The stored columns of a line's description: its English text (at most the column's 255 characters), key and parameters. */
function describedLine(d: Description) {
  const columns = describedColumns(d);
  return { ...columns, description: columns.description.slice(0, 255) };
}

/** What the account-history line of a payment says (and, inside its own sentences, its activity entries): its type, the installment it paid, the card (brand, last 4) or channel. */
export function paymentDescription(payment: PaymentRow, entryNumber: number | null): Description {
  const card = { brand: payment.cardBrand ?? null, last4: payment.cardLast4 ?? null };
  switch (payment.type) {
    case 'INSTALLMENT':
      return description('PAYMENT_INSTALLMENT', { number: entryNumber, ...card });
    case 'PRE_PAY':
      return description('PAYMENT_PRE_PAY', card);
    case 'PAY_OFF':
      return description('PAYMENT_PAY_OFF', card);
    case 'AUTO_PAY':
      return description('PAYMENT_AUTO_PAY', { number: entryNumber, ...card });
    case 'ENROLLMENT':
      return description('PAYMENT_ENROLLMENT', card);
    default:
      return description('PAYMENT_EXTERNAL', { channel: payment.channel });
  }
}

/**
 * Allocates an IN_PROGRESS payment the gateway (or staff) accepted, by its type:
 * - INSTALLMENT / AUTO_PAY / ENROLLMENT: its entry (paymentScheduleId) first, then the oldest unpaid;
 * - EXTERNAL: the oldest unpaid entries in order;
 * - PRE_PAY: every entry due by today in full first, then the rest is principal on the first entry
 *   not yet due, and the entries not yet due are re-amortised over the same count on the reduced
 *   principal (APR/12; the last absorbs rounding), so Σ principal stays the plan's principal;
 * - PAY_OFF: the interest of entries not yet due is forgiven (their interest drops to what was paid
 *   of it; plan totalInterest/totalOwed shrink), then every unpaid entry is paid.
 * The payment becomes ACCEPTED with its parts and allocations; the plan's totals, balance, next due
 * date, past-due amount and status (COMPLETED at zero) move; one PAYMENT / EXTERNAL_PAYMENT line; the
 * FAILED failed payments of the entries this payment pays in full are RESOLVED. More than the plan
 * owes is 409 AMOUNT_EXCEEDED (nothing written).
 *
 * Two round trips: the payment's status and the plan with its entries (all locked), then every
 * write. Only a payment still IN_PROGRESS is applied: one staff cancelled meanwhile is left as it is
 * (only `alsoWrite` is written) and the answer is false. `opts`: the gateway's charge id to store,
 * the claim to release in the same plan update, the program name when the caller has read it,
 * statements to write with the payment's (`alsoWrite`), `recordAs`: the actor of a PAYMENT_ACCEPTED
 * activity entry of the student written with the payment (card payments; staff's acceptance of an
 * external payment is its own entry), `at`: the instant the payment is accepted (default now: the
 * payment's processedAt, its account-history line's eventDate, the entries' paidAt), `history`: a
 * payment recorded after the fact (the demo seeder's) raises no PaymentAccepted (no receipt email), and
 * `commit` for a `hotTransaction` whose last batch this is. The payment passed in (a row or an instance) gets the
 * new status and parts.
 */
export async function applyPayment(
  payment: PaymentRow,
  today: string,
  transaction: Transaction,
  opts: {
    gatewayChargeId?: string;
    releaseClaim?: string;
    program?: string | null;
    alsoWrite?: readonly string[];
    recordAs?: Actor;
    at?: Date;
    history?: boolean;
    commit?: boolean;
  } = {},
): Promise<boolean> {
  const sequelize = StudentPaymentPlan.sequelize!;
  // One round trip: the payment's status (locked: a staff cancel waits for this transaction) and the plan with its entries.
  const [status, planRows] = await runStatements(
    sequelize,
    [`SELECT status FROM payments WHERE id = ${Number(payment.id)}${forUpdate(sequelize)}`, planRead(payment.studentPaymentPlanId, transaction, { openFailures: true })],
    transaction,
  );
  if ((status as Array<{ status: string }>)[0]?.status !== 'IN_PROGRESS') {
    await runStatements(sequelize, opts.alsoWrite ?? [], transaction);
    return false;
  }
  const { plan, entries } = planOf(planRows);
  const work = entries.map(toWork);
  const allocations = new Map<number, { principal: number; interest: number; tax: number }>();
  let left = toCents(payment.amount);
  let interestDelta = 0;
  const allocate = (w: Work, part: 'principal' | 'interest' | 'tax', cents: number) => {
    if (cents <= 0) return;
    const a = allocations.get(w.row.id) ?? { principal: 0, interest: 0, tax: 0 };
    a[part] += cents;
    allocations.set(w.row.id, a);
    w.paid += cents;
    w.changed = true;
    left -= cents;
  };
  /** Pays up to `left` of one entry in its order (see entryParts). */
  const payEntry = (w: Work) => {
    if (left <= 0) return;
    const p = entryParts(asEntry(w), today);
    const order: Array<['principal' | 'interest' | 'tax', number]> = p.due
      ? [
          ['tax', p.unpaidTax],
          ['interest', p.unpaidInterest],
          ['principal', p.unpaidPrincipal],
        ]
      : [
          ['principal', p.unpaidPrincipal],
          ['interest', p.unpaidInterest],
          ['tax', p.unpaidTax],
        ];
    for (const [part, unpaid] of order) allocate(w, part, Math.min(unpaid, left));
  };
  const unpaid = () => work.filter((w) => w.paid < w.principal + w.interest + w.tax);

  if (payment.type === 'PAY_OFF') {
    for (const w of unpaid()) {
      const p = entryParts(asEntry(w), today);
      if (!p.due && p.unpaidInterest > 0) {
        w.interest -= p.unpaidInterest;
        interestDelta -= p.unpaidInterest;
        w.changed = true;
      }
    }
    for (const w of unpaid()) payEntry(w);
  } else if (payment.type === 'PRE_PAY') {
    for (const w of unpaid().filter((x) => x.row.dueDate <= today)) payEntry(w);
    const future = unpaid().filter((x) => x.row.dueDate > today);
    if (left > 0 && future.length) {
      const parts = future.map((w) => entryParts(asEntry(w), today));
      const unpaidPrincipal = parts.reduce((s, p) => s + p.unpaidPrincipal, 0);
      const reduction = Math.min(left, unpaidPrincipal);
      if (reduction > 0) {
        allocate(future[0], 'principal', reduction);
        const plan2 = amortise(unpaidPrincipal - reduction, future.length, Number(plan.interestRate ?? 0));
        future.forEach((w, i) => {
          const paidPrincipal = parts[i].principal - parts[i].unpaidPrincipal + (i === 0 ? reduction : 0);
          const paidInterest = parts[i].interest - parts[i].unpaidInterest;
          const interest = paidInterest + plan2[i].interest;
          interestDelta += interest - w.interest;
          w.principal = paidPrincipal + plan2[i].principal;
          w.interest = interest;
          w.changed = true;
        });
      }
      // Past every principal (entries ahead carrying tax): the rest pays their tax in order.
      for (const w of unpaid().filter((x) => x.row.dueDate > today)) payEntry(w);
    }
  } else {
    const target = payment.type !== 'EXTERNAL' && payment.paymentScheduleId ? work.find((w) => w.row.id === payment.paymentScheduleId) : undefined;
    if (target) payEntry(target);
    for (const w of unpaid()) payEntry(w);
  }
  if (left > 0) throw AppError.conflict('AMOUNT_EXCEEDED', Messages.AMOUNT_EXCEEDED);

  let principal = 0,
    interest = 0,
    tax = 0;
  for (const a of allocations.values()) {
    principal += a.principal;
    interest += a.interest;
    tax += a.tax;
  }
  const now = opts.at ?? new Date();
  const accepted = {
    status: 'ACCEPTED',
    principalAmount: toDollars(principal),
    interestAmount: toDollars(interest),
    taxAmount: toDollars(tax),
    processedAt: now,
    failureMessage: null,
    ...(opts.gatewayChargeId ? { gatewayChargeId: opts.gatewayChargeId } : {}),
  };
  const pos = planPosition(work.map(asEntry), today);
  const amount = toCents(payment.amount);
  const entryNumber = payment.paymentScheduleId ? (work.find((w) => w.row.id === payment.paymentScheduleId)?.row.number ?? null) : null;
  const program = opts.program === undefined ? await programOf(plan, transaction) : opts.program;
  // The entries this payment pays in full: their FAILED failed payments are resolved.
  const nowPaid = work.filter((w) => w.changed && isPaid(w)).map((w) => w.row.id);
  // PaymentAccepted (the receipt email reacts to it), written with the payment's statements; not for a
  // payment recorded as history (the demo's, `history`): nobody is waiting for that receipt.
  const acceptedEvent = opts.history
    ? null
    : await raiseStatement({ type: 'PaymentAccepted', paymentId: payment.id, studentId: plan.studentId, planId: plan.id, actor: opts.recordAs ?? systemActor }, transaction);
  const writes = [
    ...(opts.alsoWrite ?? []),
    acceptedEvent,
    updateRowSql(Payment, payment.id, accepted, { where: { status: 'IN_PROGRESS' }, now }),
    saveWorkSql(work, now),
    insertRowsSql(
      PaymentAllocation,
      [...allocations.entries()].map(([entryId, a]) => ({
        paymentId: payment.id,
        paymentScheduleId: entryId,
        principal: toDollars(a.principal),
        interest: toDollars(a.interest),
        tax: toDollars(a.tax),
        amount: toDollars(a.principal + a.interest + a.tax),
      })),
      now,
    ),
    updateRowSql(
      StudentPaymentPlan,
      plan.id,
      {
        totalPaid: toDollars(toCents(plan.totalPaid) + amount),
        principalPaid: toDollars(toCents(plan.principalPaid) + principal),
        interestPaid: toDollars(toCents(plan.interestPaid) + interest),
        taxPaid: toDollars(toCents(plan.taxPaid) + tax),
        totalInterest: toDollars(toCents(plan.totalInterest) + interestDelta),
        totalOwed: toDollars(toCents(plan.totalOwed) + interestDelta),
        ...positionFields(pos, plan),
        ...(opts.releaseClaim ? releasing(opts.releaseClaim) : {}),
      },
      { now },
    ),
    ledgerLineSql(
      plan,
      pos,
      {
        kind: payment.type === 'EXTERNAL' ? 'EXTERNAL_PAYMENT' : 'PAYMENT',
        description: paymentDescription(payment, entryNumber),
        principal,
        interest,
        tax,
        total: amount,
        paymentId: payment.id,
        last4: payment.cardLast4,
        referenceNumber: payment.referenceNumber ?? opts.gatewayChargeId ?? payment.gatewayChargeId,
        comment: payment.comment,
      },
      program,
      now,
    ),
    nowPaid.length && plan.openFailures
      ? updateWhereSql(FailedPayment, { status: 'RESOLVED', resolvedAt: now }, { studentPaymentPlanId: plan.id, status: 'FAILED', paymentScheduleId: nowPaid }, { now })
      : null,
    opts.recordAs
      ? activitySql(opts.recordAs, {
          entityType: 'PAYMENT',
          entityId: payment.id,
          studentId: plan.studentId,
          category: 'BILLING',
          type: 'PAYMENT_ACCEPTED',
          at: now,
          description: paymentOutcome(paymentDescription(payment, entryNumber), 'PAYMENT_ACCEPTED_LINE', { amount }),
        })
      : null,
  ].filter((sql): sql is string => sql !== null);
  // The rest in one round trip, after the reads: the payment becomes ACCEPTED with its parts, the entries, allocations, plan, line, failed payments, activity entry.
  await runStatements(sequelize, writes, transaction, { commit: opts.commit });
  if (payment instanceof Payment) payment.set(accepted as Partial<Payment>, { raw: true });
  else Object.assign(payment, accepted);
  return true;
}

/**
 * Undoes an ACCEPTED payment (a lost dispute: CHARGEBACK → INVALID; a voided manual payment: VOID →
 * DELETED): its allocations come off the entries (they reopen), the plan's paid totals go back, the
 * balance and status follow (a COMPLETED plan is ACTIVE again); one CHARGEBACK line (total −amount).
 * Interest forgiven by a pay-off and a pre-pay's re-amortisation stay as they are. Another status is
 * 409 STATUS_INVALID.
 */
export async function reversePayment(payment: Payment, how: 'CHARGEBACK' | 'VOID', today: string, transaction: Transaction): Promise<void> {
  const fresh = await Payment.findByPk(payment.id, { transaction });
  if (!fresh || fresh.status !== 'ACCEPTED') throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
  const { plan, entries } = await loadPlan(fresh.studentPaymentPlanId, transaction);
  const work = entries.map(toWork);
  const allocations = await PaymentAllocation.findAll({ where: { paymentId: fresh.id }, transaction });
  let principal = 0,
    interest = 0,
    tax = 0;
  for (const a of allocations) {
    const w = work.find((x) => x.row.id === a.paymentScheduleId);
    principal += toCents(a.principal);
    interest += toCents(a.interest);
    tax += toCents(a.tax);
    if (!w) continue;
    w.paid = Math.max(0, w.paid - toCents(a.amount));
    w.changed = true;
  }
  await saveWork(work, transaction);
  const amount = toCents(fresh.amount);
  await fresh.update({ status: how === 'CHARGEBACK' ? 'INVALID' : 'DELETED', ...(how === 'CHARGEBACK' ? { failureMessage: 'Chargeback' } : {}) }, { transaction });
  payment.set({ status: fresh.status, failureMessage: fresh.failureMessage });
  const pos = planPosition(work.map(asEntry), today);
  await updateRow(
    StudentPaymentPlan,
    plan.id,
    {
      totalPaid: toDollars(toCents(plan.totalPaid) - amount),
      principalPaid: toDollars(toCents(plan.principalPaid) - principal),
      interestPaid: toDollars(toCents(plan.interestPaid) - interest),
      taxPaid: toDollars(toCents(plan.taxPaid) - tax),
      ...positionFields(pos, plan),
    },
    { transaction },
  );
  await writeLedgerLine(
    plan,
    pos,
    {
      kind: 'CHARGEBACK',
      description: description(how === 'CHARGEBACK' ? 'CHARGEBACK' : 'PAYMENT_VOIDED'),
      principal: -principal,
      interest: -interest,
      tax: -tax,
      total: -amount,
      paymentId: fresh.id,
      last4: fresh.cardLast4,
      referenceNumber: fresh.referenceNumber ?? fresh.gatewayChargeId,
    },
    transaction,
  );
}

/**
 * A refund movement already paid back (external, or online against one payment): plan.totalRefunds
 * += amount + tax; an online one adds `amount` to the payment's refundedAmount; one REFUND line
 * (total −(amount + tax)). What the plan owes does not change.
 */
export async function recordRefundMovement(
  args: {
    planId: number;
    paymentId: number | null;
    refundId: number;
    amountCents: number;
    taxCents: number;
    description: Description;
    referenceNumber: string | null;
    comment: string | null;
  },
  transaction: Transaction,
): Promise<void> {
  const { plan, entries } = await loadPlan(args.planId, transaction);
  const total = args.amountCents + args.taxCents;
  await updateRow(StudentPaymentPlan, plan.id, { totalRefunds: toDollars(toCents(plan.totalRefunds) + total) }, { transaction });
  let last4: string | null = null;
  if (args.paymentId) {
    const payment = await Payment.findByPk(args.paymentId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!payment) throw AppError.notFound('Payment');
    await payment.update({ refundedAmount: toDollars(toCents(payment.refundedAmount) + args.amountCents) }, { transaction });
    last4 = payment.cardLast4 ?? null;
  }
  await writeLedgerLine(
    plan,
    planPosition(entries, schoolToday()),
    {
      kind: 'REFUND',
      description: args.description,
      principal: -args.amountCents,
      tax: -args.taxCents,
      total: -total,
      paymentId: args.paymentId,
      refundId: args.refundId,
      last4,
      referenceNumber: args.referenceNumber,
      comment: args.comment,
    },
    transaction,
  );
}

/**
 * Staff set one entry's tax amount: a PAID entry (or a tax that would leave it owing less than it has
 * paid) is 409 ALREADY_PROCESSED; the plan's totalTax, totalOwed and balance move by the change; one
 * TAX line (total = the change) and an activity entry. 404 for an unknown entry.
 */
export async function setEntryTax(entryId: number, taxCents: number, actor: Actor, transaction: Transaction): Promise<void> {
  const entry = await PaymentSchedule.findByPk(entryId, { attributes: ['id', 'studentPaymentPlanId'], transaction });
  if (!entry) throw AppError.notFound('Payment schedule');
  const today = schoolToday();
  const { plan, entries } = await loadPlan(entry.studentPaymentPlanId, transaction);
  const work = entries.map(toWork);
  const w = work.find((x) => x.row.id === entryId)!;
  if (w.row.status === 'PAID' || w.principal + w.interest + taxCents < w.paid) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
  const delta = taxCents - w.tax;
  if (delta === 0) return;
  w.tax = taxCents;
  w.changed = true;
  await saveWork(work, transaction);
  const pos = planPosition(work.map(asEntry), today);
  await updateRow(
    StudentPaymentPlan,
    plan.id,
    {
      totalTax: toDollars(toCents(plan.totalTax) + delta),
      totalOwed: toDollars(toCents(plan.totalOwed) + delta),
      ...positionFields(pos, plan),
      ...stamp(actor),
    },
    { transaction },
  );
  await writeLedgerLine(plan, pos, { kind: 'TAX', description: description('TAX_ON_INSTALLMENT', { number: w.row.number }), tax: delta, total: delta }, transaction);
  await recordActivity(
    actor,
    {
      entityType: 'PAYMENT_PLAN',
      entityId: plan.id,
      studentId: plan.studentId,
      category: 'BILLING',
      type: 'UPDATED',
      description: description('TAX_SET', { number: w.row.number, amount: taxCents }),
      changes: { [`schedule.${w.row.number}.taxAmount`]: { from: toDollars(taxCents - delta), to: toDollars(taxCents) } },
    },
    transaction,
  );
}

/** Recomputes a plan's balance, next due date, past-due amount, days overdue, financial status and status from its entries. */
export async function refreshPlan(planId: number, today: string, transaction: Transaction): Promise<StudentPaymentPlan> {
  const { plan, entries } = await loadPlan(planId, transaction);
  const pos = planPosition(entries, today);
  await updateRow(StudentPaymentPlan, plan.id, positionFields(pos, plan), { transaction });
  return (await StudentPaymentPlan.findByPk(planId, { transaction }))!;
}
