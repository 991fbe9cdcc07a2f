import type { Sequelize } from 'sequelize';
import { FinancialStatus } from '../../models/enums';
import { followsDates } from '../../domain/state/plans';

/**
 * The financial standing of a plan and of its application today (domain rules "Payment plans and
 * payments"; issue 15): days overdue = today − the oldest unpaid due date, and the financial status of
 * those days (GOOD 0, PAST_DUE 1–59, COLLECTIONS 60–119, COLLECTIONS_2 120+). The one source of both,
 * for every answer (the application, its plan, the plan detail, every list, filter, sort, export and
 * the billing dashboard), in TypeScript (`planStanding`, `applicationStanding`) and as SQL with the
 * same rules (`standingSql`).
 *
 * An ACTIVE plan not in bankruptcy follows its dates: its next due date (the oldest unpaid entry's)
 * is kept by the ledger at every money movement and never moves with time, so its standing is a pure
 * function of that date and today, right whether or not the nightly recompute has run. Any other plan
 * keeps the standing it was left with (a paid-off plan is GOOD; a concluded or cancelled plan as it
 * was closed; a plan in bankruptcy what staff set). An application stands as the worst of its ACTIVE
 * plans (GOOD and 0 without one). The stored columns are what the recompute and the ledger last
 * wrote; answers never read them for a plan that follows its dates.
 */

/** The thresholds in days (the recompute's SQL uses them too). */
export const FINANCIAL_THRESHOLDS = { PAST_DUE: 1, COLLECTIONS: 60, COLLECTIONS_2: 120 } as const;

export interface Standing {
  daysOverdue: number;
  financialStatus: string;
}

/** The plan columns a standing is made from (a model instance or a raw row: booleans may be 0 / 1, dates text or Date). */
export interface StandingPlan {
  status: string;
  bankruptcy: boolean | number | null;
  nextDueDate: string | Date | null;
  daysOverdue: number | null;
  financialStatus: string | null;
}

/** The plan attributes to read for `planStanding`. */
export const STANDING_ATTRIBUTES = ['status', 'bankruptcy', 'nextDueDate', 'daysOverdue', 'financialStatus'] as const;

/** Financial status of days overdue: GOOD 0, PAST_DUE 1–59, COLLECTIONS 60–119, COLLECTIONS_2 120+. */
export function financialStatusOf(daysOverdue: number): string {
  if (daysOverdue >= FINANCIAL_THRESHOLDS.COLLECTIONS_2) return 'COLLECTIONS_2';
  if (daysOverdue >= FINANCIAL_THRESHOLDS.COLLECTIONS) return 'COLLECTIONS';
  if (daysOverdue >= FINANCIAL_THRESHOLDS.PAST_DUE) return 'PAST_DUE';
  return 'GOOD';
}

/** Whether the dates decide a plan's standing: ACTIVE and not in bankruptcy (the plans the recompute touches; domain/state/plans.ts). */
export { followsDates };

const day = (d: string | Date): string => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A plan's days overdue and financial status on `today` (YYYY-MM-DD, the school's). */
export function planStanding(plan: StandingPlan, today: string): Standing {
  if (!followsDates(plan)) return { daysOverdue: Number(plan.daysOverdue ?? 0), financialStatus: plan.financialStatus ?? 'GOOD' };
  const next = plan.nextDueDate ? day(plan.nextDueDate) : null;
  const daysOverdue = next && next < today ? daysBetween(next, today) : 0;
  return { daysOverdue, financialStatus: financialStatusOf(daysOverdue) };
}

/** How bad a status is (its place in FinancialStatus: GOOD, PAST_DUE, COLLECTIONS, COLLECTIONS_2). */
const severity = (status: string) => Math.max(0, (FinancialStatus as readonly string[]).indexOf(status));

/** An application's standing from its plans: the worst of its ACTIVE ones (most days, worst status); GOOD and 0 without one. */
export function applicationStanding(plans: readonly StandingPlan[], today: string): Standing {
  const standings = plans.filter((p) => p.status === 'ACTIVE').map((p) => planStanding(p, today));
  return {
    daysOverdue: standings.reduce((most, s) => Math.max(most, s.daysOverdue), 0),
    financialStatus: standings.reduce((worst, s) => (severity(s.financialStatus) > severity(worst) ? s.financialStatus : worst), 'GOOD'),
  };
}

/** YYYY-MM-DD plus `days` (negative: before). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The same standings as SQL expressions on `today`, for filters, sorts and aggregates. `col(name)`
 * names a student_payment_plans column in the caller's query (`p.next_due_date`, or the list's
 * alias); `application` names the applications row's id for the application's standing.
 */
export function standingSql(sequelize: Sequelize, today: string) {
  const q = (v: string) => sequelize.escape(v);
  const sqlite = sequelize.getDialect() === 'sqlite';
  const follows = (col: (name: string) => string) => `(${col('status')} = 'ACTIVE' AND ${col('bankruptcy')} = ${sequelize.escape(false as unknown as string)})`;
  const daysSince = (column: string) => (sqlite ? `CAST(julianday(${q(today)}) - julianday(${column}) AS INTEGER)` : `DATEDIFF(${q(today)}, ${column})`);
  const rank = (status: string) => `CASE ${status} ${FinancialStatus.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} ELSE 0 END`;

  const planDays = (col: (name: string) => string) =>
    `(CASE WHEN ${follows(col)} THEN (CASE WHEN ${col('next_due_date')} < ${q(today)} THEN ${daysSince(col('next_due_date'))} ELSE 0 END) ELSE ${col('days_overdue')} END)`;
  const planStatus = (col: (name: string) => string) => {
    const next = col('next_due_date');
    return `(CASE WHEN ${follows(col)} THEN (CASE WHEN ${next} IS NULL OR ${next} >= ${q(today)} THEN 'GOOD'
                                                 WHEN ${next} > ${q(addDays(today, -FINANCIAL_THRESHOLDS.COLLECTIONS))} THEN 'PAST_DUE'
                                                 WHEN ${next} > ${q(addDays(today, -FINANCIAL_THRESHOLDS.COLLECTIONS_2))} THEN 'COLLECTIONS'
                                                 ELSE 'COLLECTIONS_2' END)
                  ELSE ${col('financial_status')} END)`;
  };
  const p = (name: string) => `sp.${name}`;
  const activePlansOf = (application: string) => `FROM student_payment_plans sp WHERE sp.application_id = ${application} AND sp.status = 'ACTIVE'`;
  const ranks = (statuses: readonly string[]) => statuses.map((s) => (FinancialStatus as readonly string[]).indexOf(s)).filter((i) => i >= 0);
  return {
    planDays,
    planStatus,
    /** The ids of the plans whose days overdue are at least `min` (and at most `max`). */
    planIdsWithDays: (min: number, max?: number | null) =>
      `SELECT sp.id FROM student_payment_plans sp WHERE ${planDays(p)} ${max === null || max === undefined ? `>= ${Number(min)}` : `BETWEEN ${Number(min)} AND ${Number(max)}`}`,
    /** The ids of the plans whose status is one of `statuses`. */
    planIdsWithStatus: (statuses: readonly string[]) => `SELECT sp.id FROM student_payment_plans sp WHERE ${planStatus(p)} IN (${statuses.map(q).join(', ') || 'NULL'})`,
    /**
     * The applications whose status is one of `statuses`: `in` those ids, or — GOOD among them, the
     * status of every application without an ACTIVE plan — `notIn` the ids whose worst plan is another.
     */
    applicationIdsWithStatus: (statuses: readonly string[]): { op: 'in' | 'notIn'; sql: string } => {
      const good = statuses.includes('GOOD');
      const wanted = ranks(statuses);
      const worst = `SELECT sp.application_id FROM student_payment_plans sp WHERE sp.status = 'ACTIVE' GROUP BY sp.application_id HAVING MAX(${rank(planStatus(p))})`;
      return good ? { op: 'notIn', sql: `${worst} NOT IN (${wanted.join(', ')})` } : { op: 'in', sql: `${worst} IN (${wanted.join(', ') || 'NULL'})` };
    },
    /** The application's days overdue: the most of its ACTIVE plans', 0 without one. */
    applicationDays: (application: string) => `COALESCE((SELECT MAX(${planDays(p)}) ${activePlansOf(application)}), 0)`,
    /** The application's financial status: the worst of its ACTIVE plans', GOOD without one. */
    applicationStatus: (application: string) =>
      `(CASE COALESCE((SELECT MAX(${rank(planStatus(p))}) ${activePlansOf(application)}), 0) ${FinancialStatus.map((s, i) => `WHEN ${i} THEN '${s}'`).join(' ')} ELSE 'GOOD' END)`,
  };
}
