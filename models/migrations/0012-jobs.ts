import { DataTypes, type QueryInterface } from 'sequelize';
import { JOB_CATALOGUE } from '../../api/jobs/catalogue';
import { scheduleRow } from './support';

type Ctx = { context: QueryInterface };

/**
 * Issue 16 §1, scheduled jobs: `job_schedules` (the spec's fields, the next run, who edited it, and
 * the job's lease as columns: owner, expiry, run — one lease per schedule, taken with a compare-and-set
 * UPDATE), `job_runs` (one row per run: trigger, owner, start, end, outcome, count, error; the history
 * is read newest first per schedule; a scheduled time is unique per schedule), `notices_sent` (one
 * reminder or notice per entry and kind) and `auto_charge_attempts` (one school charge per entry and
 * day). The catalogue of api/jobs/catalogue.ts is inserted, times in America/New_York.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  const date = (allowNull = true) => ({ type: DataTypes.DATE(3), allowNull });
  await qi.createTable('job_schedules', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    job_name: { type: DataTypes.STRING(100), allowNull: false },
    job_group: { type: DataTypes.STRING(100), allowNull: false, defaultValue: 'DEFAULT' },
    description: { type: DataTypes.STRING(500), allowNull: true },
    type: { type: DataTypes.STRING(40), allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'ACTIVE' },
    cron_job: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    cron_expression: { type: DataTypes.STRING(100), allowNull: true },
    repeat_interval: { type: DataTypes.INTEGER, allowNull: true },
    params: { type: DataTypes.TEXT, allowNull: false },
    next_run_at: date(),
    last_fire_at: date(),
    lease_owner: { type: DataTypes.STRING(100), allowNull: true },
    lease_expires_at: date(),
    lease_run_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: date(false),
    updated_at: date(false),
  });
  await qi.createTable('job_runs', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    job_schedule_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'job_schedules', key: 'id' }, onDelete: 'CASCADE' },
    run_trigger: { type: DataTypes.STRING(10), allowNull: false },
    owner: { type: DataTypes.STRING(100), allowNull: false },
    scheduled_for: date(),
    started_at: date(false),
    ended_at: date(),
    outcome: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'RUNNING' },
    row_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    error: { type: DataTypes.STRING(1000), allowNull: true },
  });
  // The history of one schedule newest first (and its last run); a scheduled time once per schedule (NULLs are many).
  await qi.addIndex('job_runs', ['job_schedule_id', 'id'], { name: 'job_runs_schedule_id' });
  await qi.addIndex('job_runs', ['job_schedule_id', 'scheduled_for'], { unique: true, name: 'job_runs_schedule_slot_unique' });
  await qi.addIndex('job_runs', ['started_at'], { name: 'job_runs_started_at' });

  await qi.createTable('notices_sent', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    payment_schedule_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'payment_schedules', key: 'id' }, onDelete: 'CASCADE' },
    kind: { type: DataTypes.STRING(30), allowNull: false },
    outbox_message_id: { type: DataTypes.INTEGER, allowNull: true },
    created_at: date(false),
  });
  await qi.addIndex('notices_sent', ['payment_schedule_id', 'kind'], { unique: true, name: 'notices_sent_entry_kind_unique' });

  await qi.createTable('auto_charge_attempts', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    payment_schedule_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'payment_schedules', key: 'id' }, onDelete: 'CASCADE' },
    charge_date: { type: DataTypes.DATEONLY, allowNull: false },
    created_at: date(false),
  });
  await qi.addIndex('auto_charge_attempts', ['payment_schedule_id', 'charge_date'], { unique: true, name: 'auto_charge_attempts_entry_day_unique' });
  await qi.addIndex('auto_charge_attempts', ['charge_date'], { name: 'auto_charge_attempts_charge_date' });

  const now = new Date();
  await qi.bulkInsert(
    'job_schedules',
    JOB_CATALOGUE.map((e) => scheduleRow(e, now)),
  );
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('auto_charge_attempts');
  await qi.dropTable('notices_sent');
  await qi.dropTable('job_runs');
  await qi.dropTable('job_schedules');
}
