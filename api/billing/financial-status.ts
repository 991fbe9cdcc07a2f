import { QueryTypes, type Sequelize } from 'sequelize';
import { StudentPaymentPlan } from '../../models';
import { FINANCIAL_THRESHOLDS, standingSql } from './standing';

/**
 * The nightly financial-status recompute (domain rules "Payment plans and payments"; platform spec
 * §3 "Financial status"): days overdue = today − the oldest unpaid due date; GOOD (0), PAST_DUE
 * (1–59), COLLECTIONS (60–119), COLLECTIONS_2 (120+). Set-wise SQL, no loop over plans:
 *
 * 1. plans whose next due date has passed get, in one UPDATE, their past-due amount (Σ amount + tax
 *    − paid of unpaid entries due before today, a correlated subquery answered by the covering index
 *    of migration 0008), their days overdue and their status. The next due date itself (the oldest
 *    entry not PAID) is kept by the ledger at every money movement and does not move with time; a
 *    `rebuild` run recomputes it from the entries first (a repair after hand edits). The thresholds
 *    are compared as dates (due ≤ today − 60 days ⇔ 60 days or more), so only the day count itself
 *    needs a dialect's date difference;
 * 2. the other plans are GOOD with 0 days and nothing past due (written only where they are not);
 * 3. the applications get the standing of their ACTIVE plans (the most days overdue, the worst
 *    status; a plan in bankruptcy with the status staff set), by `standingSql` of billing/standing.ts.
 *
 * Plans not ACTIVE (paid off, concluded, cancelled) and plans in bankruptcy keep what they have (a
 * manual status there stays). The answers do not wait for this job: they derive the same standing
 * from the same dates (billing/standing.ts); the job keeps the stored columns in step with them.
 *
 * The statements run per range of CHUNK ids, as separate short transactions, on PARALLEL
 * connections on MariaDB (one on SQLite, which writes one at a time): one UPDATE over every plan is
 * one huge transaction whose undo and locks grow with it, and leaves the second core idle; ranges
 * run more than twice as fast (docs/benchmarks.md). Each plan's row is right at every moment; a run
 * that stops half way is completed by the next.
 */

/** YYYY-MM-DD plus `days` (negative: before). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export { FINANCIAL_THRESHOLDS };

/** Ids per statement, and statements at once on MariaDB. */
const CHUNK = 10_000;
const PARALLEL = 2;

const TARGET = `status = 'ACTIVE' AND bankruptcy = :no`;
const IN_RANGE = 'id BETWEEN :lo AND :hi';

/** today − d in whole days, in the dialect's words (the only dialect-specific piece). */
function daysSince(sequelize: Sequelize, column: string): string {
  return sequelize.getDialect() === 'sqlite' ? `CAST(julianday(:today) - julianday(${column}) AS INTEGER)` : `DATEDIFF(:today, ${column})`;
}

/** Runs `work` over [lo, hi] in ranges of `chunk` ids, `parallel` ranges at a time. */
async function inRanges(bounds: { lo: number; hi: number } | null, chunk: number, parallel: number, work: (lo: number, hi: number) => Promise<void>): Promise<void> {
  if (!bounds) return;
  let next = bounds.lo;
  const worker = async () => {
    while (next <= bounds.hi) {
      const lo = next;
      next += chunk;
      await work(lo, Math.min(lo + chunk - 1, bounds.hi));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function idBounds(sequelize: Sequelize, sql: string, replacements: Record<string, unknown>): Promise<{ lo: number; hi: number } | null> {
  const [row] = await sequelize.query<{ lo: number | string | null; hi: number | string | null }>(sql, { type: QueryTypes.SELECT, replacements });
  return row?.lo === null || row?.lo === undefined ? null : { lo: Number(row.lo), hi: Number(row.hi) };
}

/** `chunk`: ids per statement (CHUNK; tests use small ranges). */
export async function recomputeFinancialStatus(today: string, opts: { rebuild?: boolean; chunk?: number } = {}): Promise<{ plans: number; ms: number }> {
  const started = Date.now();
  const sequelize = StudentPaymentPlan.sequelize!;
  const parallel = sequelize.getDialect() === 'sqlite' ? 1 : PARALLEL;
  const chunk = Math.max(1, opts.chunk ?? CHUNK);
  const base = { today, no: false, d60: addDays(today, -FINANCIAL_THRESHOLDS.COLLECTIONS), d120: addDays(today, -FINANCIAL_THRESHOLDS.COLLECTIONS_2) };
  const run = (sql: string, lo: number, hi: number) => sequelize.query(sql, { replacements: { ...base, lo, hi } });

  const plans = await idBounds(sequelize, `SELECT MIN(id) AS lo, MAX(id) AS hi FROM student_payment_plans WHERE ${TARGET}`, base);
  await inRanges(plans, chunk, parallel, async (lo, hi) => {
    if (opts.rebuild) {
      await run(
        `UPDATE student_payment_plans SET next_due_date = (SELECT MIN(s.due_date) FROM payment_schedules s
                                                            WHERE s.student_payment_plan_id = student_payment_plans.id AND s.status <> 'PAID')
         WHERE ${TARGET} AND ${IN_RANGE}`,
        lo,
        hi,
      );
    }
    await run(
      `UPDATE student_payment_plans SET
         past_due_amount = COALESCE((SELECT SUM(s.amount + s.tax_amount - s.paid_amount) FROM payment_schedules s
                           WHERE s.student_payment_plan_id = student_payment_plans.id AND s.status <> 'PAID' AND s.due_date < :today), 0),
         days_overdue = ${daysSince(sequelize, 'next_due_date')},
         financial_status = CASE WHEN next_due_date > :d60 THEN 'PAST_DUE' WHEN next_due_date > :d120 THEN 'COLLECTIONS' ELSE 'COLLECTIONS_2' END
       WHERE ${TARGET} AND ${IN_RANGE} AND next_due_date < :today`,
      lo,
      hi,
    );
    await run(
      `UPDATE student_payment_plans SET past_due_amount = 0, days_overdue = 0, financial_status = 'GOOD'
       WHERE ${TARGET} AND ${IN_RANGE} AND (next_due_date IS NULL OR next_due_date >= :today)
         AND (past_due_amount <> 0 OR days_overdue <> 0 OR financial_status <> 'GOOD')`,
      lo,
      hi,
    );
  });

  // The applications: their standing from their ACTIVE plans (billing/standing.ts, the same SQL the
  // answers use): the most days overdue, the worst status. MariaDB assigns left to right, so one
  // statement writes each row once; SQLite assigns from the old row, and the expressions read the plans only.
  const standing = standingSql(sequelize, today);
  const ofActivePlans = `id IN (SELECT p.application_id FROM student_payment_plans p WHERE p.status = 'ACTIVE')`;
  const set = `days_overdue = ${standing.applicationDays('applications.id')}, financial_status = ${standing.applicationStatus('applications.id')}`;
  const applications = await idBounds(sequelize, `SELECT MIN(application_id) AS lo, MAX(application_id) AS hi FROM student_payment_plans WHERE status = 'ACTIVE'`, base);
  await inRanges(applications, chunk, parallel, async (lo, hi) => {
    await run(`UPDATE applications SET ${set} WHERE ${IN_RANGE} AND ${ofActivePlans}`, lo, hi);
  });

  const [row] = await sequelize.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM student_payment_plans WHERE ${TARGET}`, { type: QueryTypes.SELECT, replacements: base });
  return { plans: Number(row?.n ?? 0), ms: Date.now() - started };
}
