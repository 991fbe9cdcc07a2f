import type { QueryInterface } from 'sequelize';
import { addCatalogueSchedule } from './support';

type Ctx = { context: QueryInterface };

const JOB_TYPE = 'ANALYTICS_REFRESH';

/**
 * Issue 20, analytics at volume (api/analytics/refresh.ts): what the refresh finds changes by — the
 * application cohorts and the schedule entries written since a time (applications, plans and students
 * already have their updated_at indexed) — and the ANALYTICS_REFRESH schedule (every 5 minutes),
 * unless 0012 already made it from the catalogue.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addIndex('application_cohorts', ['updated_at', 'application_id'], { name: 'application_cohorts_analytics_updated' });
  await qi.addIndex('payment_schedules', ['updated_at', 'student_payment_plan_id'], { name: 'payment_schedules_analytics_updated' });
  await addCatalogueSchedule(qi, JOB_TYPE);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB_TYPE });
  await qi.removeIndex('payment_schedules', 'payment_schedules_analytics_updated');
  await qi.removeIndex('application_cohorts', 'application_cohorts_analytics_updated');
}
