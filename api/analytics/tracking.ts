import { QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import { ActivityLog, Application, ApplicationCohort, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { markDirty, moveSignIns } from './refresh';

/**
 * Deletes leave no time stamp for the analytics refresh to find (api/analytics/refresh.ts): each delete
 * of an application, an application's cohort, a plan, a schedule entry or a student (whose applications
 * and plans go with it) marks what it takes away in analytics_dirty, in the deleting transaction, before
 * the rows (and those that cascade with them) are gone. A merge's move of the activity log from one
 * student to another (`ActivityLog.update({ studentId }, { where: { studentId } })`) moves their sign-in
 * days. Registered once per process by createApp.
 */
type Opts = { transaction?: Transaction | null; where?: WhereOptions };

const sequelize = () => Application.sequelize!;
const ids = async (sql: string, values: number[], transaction?: Transaction | null) =>
  values.length
    ? (await sequelize().query<{ id: number }>(sql, { type: QueryTypes.SELECT, replacements: { values }, transaction: transaction ?? undefined })).map((r) => Number(r.id))
    : [];

async function applicationsGone(applicationIds: number[], transaction?: Transaction | null) {
  await markDirty(sequelize(), 'application', applicationIds, transaction);
  await markDirty(sequelize(), 'plan', await ids('SELECT id FROM student_payment_plans WHERE application_id IN (:values)', applicationIds, transaction), transaction);
}

const MARKS: Array<{
  model: { findAll: (o: object) => Promise<unknown[]>; addHook: (...a: never[]) => unknown };
  mark: (rows: Array<Record<string, number>>, t?: Transaction | null) => Promise<void>;
  attrs: string[];
}> = [
  {
    model: Application as never,
    attrs: ['id'],
    mark: (rows, t) =>
      applicationsGone(
        rows.map((r) => r.id),
        t,
      ),
  },
  {
    model: ApplicationCohort as never,
    attrs: ['applicationId'],
    mark: (rows, t) =>
      markDirty(
        sequelize(),
        'application',
        rows.map((r) => r.applicationId),
        t,
      ),
  },
  {
    model: StudentPaymentPlan as never,
    attrs: ['id'],
    mark: (rows, t) =>
      markDirty(
        sequelize(),
        'plan',
        rows.map((r) => r.id),
        t,
      ),
  },
  {
    model: PaymentSchedule as never,
    attrs: ['studentPaymentPlanId'],
    mark: (rows, t) =>
      markDirty(
        sequelize(),
        'plan',
        rows.map((r) => r.studentPaymentPlanId),
        t,
      ),
  },
  {
    model: Student as never,
    attrs: ['id'],
    mark: async (rows, t) =>
      applicationsGone(
        await ids(
          'SELECT id FROM applications WHERE student_id IN (:values)',
          rows.map((r) => r.id),
          t,
        ),
        t,
      ),
  },
];

let tracked = false;
export function trackAnalyticsDeletes(): void {
  if (tracked) return;
  tracked = true;
  for (const { model, attrs, mark } of MARKS) {
    const hooks = model as unknown as {
      addHook(name: 'beforeDestroy', key: string, fn: (instance: Record<string, number>, options: Opts) => Promise<void>): void;
      addHook(name: 'beforeBulkDestroy', key: string, fn: (options: Opts) => Promise<void>): void;
    };
    hooks.addHook('beforeDestroy', 'analytics', (instance, options) =>
      mark([Object.fromEntries(attrs.map((a) => [a, Number((instance as never as { get(k: string): unknown }).get(a))]))], options.transaction),
    );
    hooks.addHook('beforeBulkDestroy', 'analytics', async (options) => {
      const rows = (await model.findAll({ where: options.where, attributes: attrs, raw: true, transaction: options.transaction })) as Array<Record<string, number>>;
      await mark(rows, options.transaction);
    });
  }
  ActivityLog.addHook('afterBulkUpdate', 'analytics', async (options: { attributes?: Record<string, unknown>; where?: unknown; transaction?: Transaction | null }) => {
    const to = options.attributes?.studentId;
    // By the after hook the where clause names columns (student_id).
    const where = (options.where ?? {}) as Record<string, unknown>;
    const from = where.studentId ?? where.student_id;
    if (typeof to === 'number' && typeof from === 'number' && to !== from) await moveSignIns(sequelize(), from, to, options.transaction);
  });
}
