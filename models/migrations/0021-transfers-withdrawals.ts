import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const text = (allowNull = true) => ({ type: DataTypes.TEXT, allowNull });
const int = (allowNull = true) => ({ type: DataTypes.INTEGER, allowNull });
const flag = (value = false) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: value });
const day = (allowNull = true) => ({ type: DataTypes.DATEONLY, allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const zero = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 });
const status = (value: string) => ({ type: DataTypes.STRING(30), allowNull: false, defaultValue: value });
const ref = (model: string, allowNull = false, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL' = 'RESTRICT') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});
const audit = { updated_by_id: int(), updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };

async function indexes(qi: QueryInterface, table: string, short: string, sets: string[][]) {
  for (const cols of sets) await qi.addIndex(table, cols, { name: `${short}_${cols.join('_')}`.slice(0, 64) });
}

/** The withdrawal kinds and the domain rules' defaults (domain/rules/withdrawals.ts DEFAULT_WITHDRAWAL_SETTINGS). */
const KINDS = ['specialty', 'hctp', 'alumni', 'advanced', 'cip', 'chopra'];

/**
 * Issue 18, transfers and withdrawals (platform spec §3, §7; back-office spec §3 filters; domain rules
 * "Transfers", "Withdrawals and refunds"):
 * - `transfers`: an ENROLLED application's move to another class of the same business category, PENDING
 *   until the student accepts (staff-created) or staff accept (student-requested), with the money the
 *   engine computed (fee, rollover, the new principal); `root_application_id` is the original
 *   enrollment's application, which counts the limit of 2; the new application once accepted.
 * - `withdrawals`: a kind's withdrawal of an application (all its classes, or some of a bundle's),
 *   REQUESTED → APPROVED → COMPLETED or REJECTED / CANCELLED, with the engine's figures (tuition
 *   responsibility, reduction, refund and tax to refund, the reissued rest and its installment), the
 *   refund queued and the reissued plan.
 * - `withdrawal_settings`: each kind's settings, seeded with the domain rules' defaults.
 * Money DECIMAL(12,2); every back-office filter and sort column indexed (with id for the newest-first lists).
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('transfers', {
    id: pk,
    student_id: ref('students'),
    application_id: ref('applications'),
    root_application_id: ref('applications'),
    origin_product_id: ref('products'),
    origin_cohort_id: ref('cohorts', true, 'SET NULL'),
    destination_product_id: ref('products'),
    destination_cohort_id: ref('cohorts'),
    destination_product_payment_plan_id: ref('product_payment_plans'),
    new_application_id: ref('applications', true, 'SET NULL'),
    transfer_number: int(false),
    requested_by: str(20, false),
    status: status('PENDING'),
    transfer_fee: zero(),
    tuition_rollover: zero(),
    excess_refund: zero(),
    new_principal: zero(),
    reason: str(255),
    comments: text(),
    terms_accepted_at: ts(true),
    decided_at: ts(true),
    refund_id: ref('refunds', true, 'SET NULL'),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'transfers', 'transfers', [
    ['application_id', 'status'],
    ['root_application_id', 'status'],
    ['student_id', 'id'],
    ['status', 'id'],
    ['origin_product_id', 'id'],
    ['destination_product_id', 'id'],
    ['transfer_fee'],
    ['updated_by_id'],
    ['updated_at'],
  ]);

  await qi.createTable('withdrawals', {
    id: pk,
    kind: str(20, false),
    student_id: ref('students'),
    application_id: ref('applications'),
    program_id: ref('programs', true, 'SET NULL'),
    cohort_id: ref('cohorts', true, 'SET NULL'),
    cohort_ids: { type: DataTypes.TEXT, allowNull: false, defaultValue: '[]' },
    partial: flag(),
    requested_by: str(20, false),
    status: status('REQUESTED'),
    reason: str(255),
    comments: text(),
    withdrawal_date: day(false),
    tuition_responsibility: zero(),
    reduction_amount: zero(),
    amount_to_be_refund: zero(),
    amount_refunded: zero(),
    tax_to_be_refund: zero(),
    tax_refunded: zero(),
    reissued_amount: zero(),
    installment_amount: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    auto_pay: flag(),
    refund_id: ref('refunds', true, 'SET NULL'),
    reissued_plan_id: ref('student_payment_plans', true, 'SET NULL'),
    decided_at: ts(true),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'withdrawals', 'withdrawals', [
    ['application_id', 'status'],
    ['student_id', 'id'],
    ['status', 'id'],
    ['kind', 'id'],
    ['program_id', 'id'],
    ['cohort_id', 'id'],
    ['reason'],
    ['tuition_responsibility'],
    ['reduction_amount'],
    ['amount_to_be_refund'],
    ['amount_refunded'],
    ['tax_to_be_refund'],
    ['tax_refunded'],
    ['refund_id'],
    ['updated_by_id'],
    ['updated_at'],
  ]);

  await qi.createTable('withdrawal_settings', {
    kind: { type: DataTypes.STRING(20), primaryKey: true, allowNull: false },
    cancellation_days: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
    round_up_to_percent: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 10 },
    full_responsibility_at_percent: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 60 },
    ...audit,
    ...stamps,
  });
  const now = new Date();
  await qi.bulkInsert(
    'withdrawal_settings',
    KINDS.map((kind) => ({ kind, cancellation_days: 5, round_up_to_percent: 10, full_responsibility_at_percent: 60, created_at: now, updated_at: now })),
  );
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('withdrawal_settings');
  await qi.dropTable('withdrawals');
  await qi.dropTable('transfers');
}
