import type { QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * The nightly financial-status recompute (api/billing/financial-status.ts) sums what is unpaid of
 * each overdue plan's entries: a covering index (plan, status, due date, amount, tax, paid) lets it
 * read the index alone instead of every schedule row (docs/benchmarks.md).
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addIndex('payment_schedules', ['student_payment_plan_id', 'status', 'due_date', 'amount', 'tax_amount', 'paid_amount'], { name: 'payment_schedules_past_due_cover' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('payment_schedules', 'payment_schedules_past_due_cover');
}
