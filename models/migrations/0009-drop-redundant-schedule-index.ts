import type { QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Migration 0008's covering index (plan, status, due date, amount, tax, paid) starts with the same
 * three columns as 0007's (plan, status, due date), so it serves every query the shorter one served.
 * Each payment updates a schedule entry's status and paid amount: one index less to write
 * (docs/benchmarks.md).
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('payment_schedules', 'payment_schedules_student_payment_plan_id_status_due_date');
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.addIndex('payment_schedules', ['student_payment_plan_id', 'status', 'due_date'], { name: 'payment_schedules_student_payment_plan_id_status_due_date' });
}
