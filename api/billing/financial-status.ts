import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { StudentPaymentPlan } from '../../models';

/**
 * The nightly financial-status recompute (domain rules "Payment plans and payments"; platform spec
 * §3 "Financial status"): days overdue = today − the oldest unpaid due date; GOOD (0), PAST_DUE
 * (1–59), COLLECTIONS (60–119), COLLECTIONS_2 (120+). Set-wise SQL, no loop over plans:
 *
 * 1. the plans' past-due amount (Σ amount + tax − paid of unpaid entries due before today), read
 *    only for plans whose next due date has passed (the others owe nothing past due: 0), by a
 *    correlated subquery on the (plan, status, due date) index. The next due date itself (the oldest
 *    entry not PAID) is kept by the ledger at every money movement and does not move with time; a
 *    `rebuild` run recomputes it from the entries too (a repair after hand edits);
 * 2. the same plans get days overdue and the status from that next due date: the thresholds are
 *    compared as dates (due ≤ today − 60 days ⇔ 60 days or more), so only the day count itself
 *    needs a dialect's date difference;
 * 3. their applications get the worst days overdue of their ACTIVE, non-bankrupt plans, then the
 *    status of it.
 *
 * A plan with nothing overdue is GOOD with 0 days. Plans not ACTIVE (paid off, concluded, cancelled)
 * and plans in bankruptcy keep what they have (a manual status there stays).
 */

/** YYYY-MM-DD plus `days` (negative: before). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The thresholds in days of ledger.financialStatusOf, for the SQL. */
export const FINANCIAL_THRESHOLDS = { PAST_DUE: 1, COLLECTIONS: 60, COLLECTIONS_2: 120 } as const;

const TARGET = `status = 'ACTIVE' AND bankruptcy = :no`;

/** today − d in whole days, in the dialect's words (the only dialect-specific piece). */
function daysSince(sequelize: Sequelize, column: string): string {
  return sequelize.getDialect() === 'sqlite' ? `CAST(julianday(:today) - julianday(${column}) AS INTEGER)` : `DATEDIFF(:today, ${column})`;
}

export async function recomputeFinancialStatus(today: string, opts: { transaction?: Transaction; rebuild?: boolean } = {}): Promise<{ plans: number; ms: number }> {
  const started = Date.now();
  const sequelize = StudentPaymentPlan.sequelize!;
  const replacements = { today, no: false, d60: addDays(today, -FINANCIAL_THRESHOLDS.COLLECTIONS), d120: addDays(today, -FINANCIAL_THRESHOLDS.COLLECTIONS_2) };
  const run = async (transaction: Transaction) => {
    if (opts.rebuild) {
      await sequelize.query(
        `UPDATE student_payment_plans SET next_due_date = (SELECT MIN(s.due_date) FROM payment_schedules s
                                                            WHERE s.student_payment_plan_id = student_payment_plans.id AND s.status <> 'PAID')
         WHERE ${TARGET}`,
        { replacements, transaction },
      );
    }
    await sequelize.query(
      `UPDATE student_payment_plans SET
         past_due_amount = COALESCE((SELECT SUM(s.amount + s.tax_amount - s.paid_amount) FROM payment_schedules s
                           WHERE s.student_payment_plan_id = student_payment_plans.id AND s.status <> 'PAID' AND s.due_date < :today), 0)
       WHERE ${TARGET} AND next_due_date < :today`,
      { replacements, transaction },
    );
    await sequelize.query(
      `UPDATE student_payment_plans SET past_due_amount = 0
       WHERE ${TARGET} AND (next_due_date IS NULL OR next_due_date >= :today) AND past_due_amount <> 0`,
      { replacements, transaction },
    );
    await sequelize.query(
      `UPDATE student_payment_plans SET
         days_overdue = CASE WHEN next_due_date IS NULL OR next_due_date >= :today THEN 0 ELSE ${daysSince(sequelize, 'next_due_date')} END,
         financial_status = CASE WHEN next_due_date IS NULL OR next_due_date >= :today THEN 'GOOD'
                                 WHEN next_due_date > :d60 THEN 'PAST_DUE'
                                 WHEN next_due_date > :d120 THEN 'COLLECTIONS'
                                 ELSE 'COLLECTIONS_2' END
       WHERE ${TARGET}`,
      { replacements, transaction },
    );
    // The applications: the worst days overdue of their ACTIVE, non-bankrupt plans, then its status
    // (two statements, so the subquery runs once per application).
    await sequelize.query(
      `UPDATE applications SET
         days_overdue = COALESCE((SELECT MAX(p.days_overdue) FROM student_payment_plans p
                                   WHERE p.application_id = applications.id AND p.status = 'ACTIVE' AND p.bankruptcy = :no), 0)
       WHERE id IN (SELECT p.application_id FROM student_payment_plans p WHERE p.status = 'ACTIVE' AND p.bankruptcy = :no)`,
      { replacements, transaction },
    );
    await sequelize.query(
      `UPDATE applications SET
         financial_status = CASE WHEN days_overdue >= ${FINANCIAL_THRESHOLDS.COLLECTIONS_2} THEN 'COLLECTIONS_2'
                                 WHEN days_overdue >= ${FINANCIAL_THRESHOLDS.COLLECTIONS} THEN 'COLLECTIONS'
                                 WHEN days_overdue >= ${FINANCIAL_THRESHOLDS.PAST_DUE} THEN 'PAST_DUE'
                                 ELSE 'GOOD' END
       WHERE id IN (SELECT p.application_id FROM student_payment_plans p WHERE p.status = 'ACTIVE' AND p.bankruptcy = :no)`,
      { replacements, transaction },
    );
    const [row] = await sequelize.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM student_payment_plans WHERE ${TARGET}`, {
      type: QueryTypes.SELECT, replacements, transaction,
    });
    return Number(row?.n ?? 0);
  };
  const plans = opts.transaction ? await run(opts.transaction) : await sequelize.transaction(run);
  return { plans, ms: Date.now() - started };
}
