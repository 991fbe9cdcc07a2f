import { QueryTypes } from 'sequelize';
import { StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { FinancialStatus } from '../../models/enums';
import { toCents, toDollars } from './ledger';
import { standingSql } from './standing';

/**
 * GET /billing/dashboard: the billing figures of the console's dashboard, each one aggregate query
 * on indexed columns (no row is loaded):
 * - collections: ACTIVE plans in COLLECTIONS or COLLECTIONS_2 today (billing/standing.ts), and their balance;
 * - pastDue: ACTIVE plans with a past-due amount, and its sum (the plan column every payment and the
 *   nightly recompute keep);
 * - upcoming.next30Days: unpaid entries of ACTIVE plans due from today to today + 29, and what is left on them;
 * - byFinancialStatus: ACTIVE plans per status today (every status, zeros included) with their balance;
 * - collectedByMonth: ACCEPTED payments by payment month, the last 12 months (this one included);
 * - upcomingByWeek: what is left on unpaid entries of ACTIVE plans, in 8 weeks of 7 days from today.
 */

/** YYYY-MM-DD plus `days`. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The 12 months ending with today's, oldest first, as YYYY-MM. */
function lastMonths(today: string, n = 12): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export async function billingDashboard(today = schoolToday()) {
  const sequelize = StudentPaymentPlan.sequelize!;
  const select = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) => sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
  const months = lastMonths(today);
  const weekEnd = addDays(today, 8 * 7 - 1);
  const monthEnd = addDays(today, 29);
  const due = 's.amount + s.tax_amount - s.paid_amount';
  // ACTIVE plans with their financial status today (billing/standing.ts), not the column the nightly recompute writes.
  const activeByStatus = `SELECT ${standingSql(sequelize, today).planStatus((name) => name)} AS financialStatus, balance FROM student_payment_plans WHERE status = 'ACTIVE'`;
  const unpaidActive = `FROM payment_schedules s JOIN student_payment_plans p ON p.id = s.student_payment_plan_id
                         WHERE s.status <> 'PAID' AND p.status = 'ACTIVE' AND s.due_date BETWEEN :from AND :to`;

  const [collections, pastDue, upcoming, byStatus, byMonth, byDay] = await Promise.all([
    select<{ n: number; amount: string | number | null }>(
      `SELECT COUNT(*) AS n, SUM(balance) AS amount FROM (${activeByStatus}) x WHERE x.financialStatus IN ('COLLECTIONS', 'COLLECTIONS_2')`,
    ),
    select<{ n: number; amount: string | number | null }>(
      `SELECT COUNT(*) AS n, SUM(past_due_amount) AS amount FROM student_payment_plans WHERE status = 'ACTIVE' AND past_due_amount > 0`,
    ),
    select<{ n: number; amount: string | number | null }>(`SELECT COUNT(*) AS n, SUM(${due}) AS amount ${unpaidActive}`, { from: today, to: monthEnd }),
    select<{ financialStatus: string; n: number; balance: string | number | null }>(
      `SELECT x.financialStatus AS financialStatus, COUNT(*) AS n, SUM(x.balance) AS balance FROM (${activeByStatus}) x GROUP BY x.financialStatus`,
    ),
    select<{ month: string; amount: string | number | null }>(
      `SELECT SUBSTR(payment_date, 1, 7) AS month, SUM(amount) AS amount FROM payments WHERE status = 'ACCEPTED' AND payment_date BETWEEN :from AND :to GROUP BY SUBSTR(payment_date, 1, 7)`,
      { from: `${months[0]}-01`, to: today },
    ),
    select<{ day: string; amount: string | number | null }>(`SELECT s.due_date AS day, SUM(${due}) AS amount ${unpaidActive} GROUP BY s.due_date`, { from: today, to: weekEnd }),
  ]);

  const statusRows = new Map(byStatus.map((r) => [r.financialStatus, r]));
  const monthRows = new Map(byMonth.map((r) => [String(r.month), toCents(r.amount)]));
  const weeks = Array.from({ length: 8 }, (_, i) => ({ weekStart: addDays(today, i * 7), cents: 0 }));
  for (const r of byDay) {
    const day = typeof r.day === 'string' ? r.day.slice(0, 10) : new Date(r.day).toISOString().slice(0, 10);
    const index = Math.floor((Date.parse(day) - Date.parse(today)) / 86_400_000 / 7);
    if (index >= 0 && index < 8) weeks[index].cents += toCents(r.amount);
  }
  return {
    collections: { count: Number(collections[0]?.n ?? 0), amount: toDollars(toCents(collections[0]?.amount)) },
    pastDue: { count: Number(pastDue[0]?.n ?? 0), amount: toDollars(toCents(pastDue[0]?.amount)) },
    upcoming: { next30Days: { count: Number(upcoming[0]?.n ?? 0), amount: toDollars(toCents(upcoming[0]?.amount)) } },
    byFinancialStatus: FinancialStatus.map((financialStatus) => {
      const r = statusRows.get(financialStatus);
      return { financialStatus, count: Number(r?.n ?? 0), balance: toDollars(toCents(r?.balance)) };
    }),
    collectedByMonth: months.map((month) => ({ month, amount: toDollars(monthRows.get(month) ?? 0) })),
    upcomingByWeek: weeks.map((w) => ({ weekStart: w.weekStart, amount: toDollars(w.cents) })),
  };
}
