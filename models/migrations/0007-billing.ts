import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const text = (allowNull = true) => ({ type: DataTypes.TEXT, allowNull });
const int = (allowNull = true) => ({ type: DataTypes.INTEGER, allowNull });
const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
const flag = (value = false) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: value });
const day = (allowNull = true) => ({ type: DataTypes.DATEONLY, allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const money = (allowNull = true) => ({ type: DataTypes.DECIMAL(12, 2), allowNull });
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

async function dropForeignKeys(qi: QueryInterface, table: string, column: string) {
  if (qi.sequelize.getDialect() === 'sqlite') return;
  const refs = (await qi.getForeignKeyReferencesForTable(table)) as unknown as Array<{ constraintName: string; columnName: string }>;
  for (const r of refs.filter((x) => x.columnName === column)) await qi.removeConstraint(table, r.constraintName);
}

async function indexes(qi: QueryInterface, table: string, short: string, sets: string[][]) {
  for (const cols of sets) await qi.addIndex(table, cols, { name: `${short}_${cols.join('_')}`.slice(0, 64) });
}

/**
 * Billing (issue 6; platform spec §3 plan terms, breakdown, financial status, account history;
 * back-office spec §3 payment entities; domain rules "Payment plans and payments", refunds):
 * - student_payment_plans gains the plan's card, the blocks (payment account blocked, bankruptcy),
 *   concluded time, the in-progress payment claim (compare-and-set), the last failure, the next due
 *   date and past-due amount the recompute keeps, and what was paid split into principal, interest, tax;
 * - payment_schedules gains the card assigned to the entry and the time it was paid;
 * - payments (every attempt, card or manual) and payment_allocations (what each payment paid of which
 *   entry: principal, interest, tax), ledger_entries (the account history, with running balances),
 *   external_payments (checks, wires), refunds (the refund queue) and refund_transactions (each
 *   external or gateway refund against an original payment), disputes, failed_payments and
 *   gateway_events (the card-provider history).
 * Every list filter and sort column has an index.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  const planColumns = {
    payment_method_id: ref('payment_methods', true, 'SET NULL'),
    payment_account_blocked: flag(),
    bankruptcy: flag(),
    migrated: flag(),
    concluded_at: ts(true),
    payment_claim: str(64),
    payment_claimed_at: ts(true),
    last_failure_at: ts(true),
    last_failure_message: str(255),
    next_due_date: day(),
    past_due_amount: zero(),
    principal_paid: zero(),
    interest_paid: zero(),
    tax_paid: zero(),
    withdrawal_reduction: zero(),
    transfer_reduction: zero(),
  };
  for (const [column, definition] of Object.entries(planColumns)) await qi.addColumn('student_payment_plans', column, definition as Parameters<QueryInterface['addColumn']>[2]);
  await indexes(qi, 'student_payment_plans', 'student_payment_plans', [
    ['payment_method_id'],
    ['migrated', 'id'],
    ['next_due_date'],
    ['balance'],
    ['total_paid'],
    ['past_due_amount'],
    ['auto_pay'],
    ['payment_account_blocked'],
    ['bankruptcy'],
  ]);

  await qi.addColumn('payment_schedules', 'payment_method_id', ref('payment_methods', true, 'SET NULL'));
  await qi.addColumn('payment_schedules', 'paid_at', ts(true));
  await indexes(qi, 'payment_schedules', 'payment_schedules', [['payment_method_id', 'status'], ['amount'], ['student_payment_plan_id', 'status', 'due_date']]);

  await qi.createTable('payments', {
    id: pk,
    student_id: ref('students'),
    application_id: ref('applications'),
    student_payment_plan_id: ref('student_payment_plans'),
    payment_schedule_id: ref('payment_schedules', true, 'SET NULL'),
    type: str(20, false),
    channel: str(20, false),
    payment_method_id: ref('payment_methods', true, 'SET NULL'),
    gateway: str(20),
    gateway_charge_id: str(100),
    card_brand: str(30),
    card_last4: str(4),
    amount: money(false),
    principal_amount: zero(),
    interest_amount: zero(),
    tax_amount: zero(),
    refunded_amount: zero(),
    status: status('IN_PROGRESS'),
    failure_message: str(255),
    idempotency_key: str(160),
    reference_number: str(100),
    comment: text(),
    payment_date: day(false),
    processed_at: ts(true),
    external_payment_id: int(),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('payments', ['idempotency_key'], { unique: true, name: 'payments_idempotency_key_unique' });
  await indexes(qi, 'payments', 'payments', [
    ['student_payment_plan_id', 'status'],
    ['student_id', 'id'],
    ['application_id'],
    ['status', 'id'],
    ['payment_date'],
    ['amount'],
    ['type'],
    ['channel'],
    ['gateway_charge_id'],
    ['payment_schedule_id'],
    ['updated_at'],
    ['created_at'],
  ]);

  await qi.createTable('payment_allocations', {
    id: pk,
    payment_id: ref('payments', false, 'CASCADE'),
    payment_schedule_id: ref('payment_schedules', false, 'CASCADE'),
    principal: zero(),
    interest: zero(),
    tax: zero(),
    amount: zero(),
    created_at: ts(),
  });
  await indexes(qi, 'payment_allocations', 'payment_allocations', [['payment_id'], ['payment_schedule_id']]);

  await qi.createTable('ledger_entries', {
    id: pk,
    student_id: ref('students'),
    application_id: ref('applications'),
    student_payment_plan_id: ref('student_payment_plans'),
    event_date: ts(),
    kind: str(30, false),
    description: str(255, false),
    program: str(255),
    principal: zero(),
    tax: zero(),
    interest: zero(),
    total: zero(),
    account_balance: zero(),
    principal_balance: zero(),
    last4: str(4),
    reference_number: str(100),
    comment: text(),
    payment_id: ref('payments', true, 'SET NULL'),
    refund_id: int(),
    created_at: ts(),
  });
  await indexes(qi, 'ledger_entries', 'ledger_entries', [['student_id', 'event_date'], ['application_id', 'event_date'], ['student_payment_plan_id', 'id'], ['kind']]);

  await qi.createTable('external_payments', {
    id: pk,
    student_id: ref('students'),
    application_id: ref('applications'),
    student_payment_plan_id: ref('student_payment_plans'),
    payment_schedule_id: ref('payment_schedules', true, 'SET NULL'),
    method: str(20, false),
    payment_amount: money(false),
    payment_date: day(false),
    reference_number: str(100),
    comment: text(),
    status: status('PENDING'),
    payment_id: ref('payments', true, 'SET NULL'),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'external_payments', 'external_payments', [
    ['student_id', 'id'],
    ['student_payment_plan_id'],
    ['status', 'id'],
    ['payment_amount'],
    ['payment_date'],
    ['updated_by_id'],
    ['updated_at'],
    ['method'],
  ]);

  await qi.createTable('refunds', {
    id: pk,
    application_id: ref('applications'),
    student_id: ref('students'),
    student_payment_plan_id: ref('student_payment_plans', true, 'SET NULL'),
    source: str(20, false),
    source_id: int(),
    status: status('REQUESTED'),
    refund_status: status('PENDING'),
    refund_type: str(20),
    amount_to_be_refunded: zero(),
    tax_to_be_refunded: zero(),
    total_to_be_refunded: zero(),
    amount_refunded: zero(),
    tax_refunded: zero(),
    total_refunded: zero(),
    reference_number: str(100),
    comments: text(),
    approved_at: ts(true),
    submitted_at: ts(true),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'refunds', 'refunds', [
    ['application_id', 'source', 'status'],
    ['student_id', 'id'],
    ['status', 'id'],
    ['refund_status'],
    ['source', 'source_id'],
    ['amount_to_be_refunded'],
    ['amount_refunded'],
    ['tax_to_be_refunded'],
    ['tax_refunded'],
    ['total_to_be_refunded'],
    ['updated_by_id'],
    ['updated_at'],
  ]);

  await qi.createTable('refund_transactions', {
    id: pk,
    refund_id: ref('refunds', false, 'CASCADE'),
    payment_id: ref('payments', true, 'SET NULL'),
    kind: str(20, false),
    amount: money(false),
    tax: zero(),
    status: status('SUCCEEDED'),
    gateway: str(20),
    gateway_refund_id: str(100),
    reference_number: str(100),
    failure_message: str(255),
    created_at: ts(),
  });
  await indexes(qi, 'refund_transactions', 'refund_transactions', [['refund_id'], ['payment_id', 'status']]);

  await qi.createTable('disputes', {
    id: pk,
    payment_id: ref('payments'),
    student_id: ref('students'),
    student_payment_plan_id: ref('student_payment_plans'),
    amount: money(false),
    reason: str(100),
    status: status('PENDING'),
    gateway: str(20),
    gateway_dispute_id: str(100),
    comment: text(),
    verified_at: ts(true),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('disputes', ['gateway', 'gateway_dispute_id'], { unique: true, name: 'disputes_gateway_dispute_unique' });
  await indexes(qi, 'disputes', 'disputes', [['student_id', 'id'], ['status', 'id'], ['payment_id'], ['amount'], ['updated_at'], ['created_at']]);

  await qi.createTable('failed_payments', {
    id: pk,
    student_id: ref('students'),
    application_id: ref('applications'),
    student_payment_plan_id: ref('student_payment_plans'),
    payment_schedule_id: ref('payment_schedules', true, 'SET NULL'),
    payment_id: ref('payments', true, 'SET NULL'),
    source: str(20, false),
    status: status('FAILED'),
    amount_to_be_paid: money(false),
    failure_message: str(255),
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    failed_at: ts(),
    next_retry_date: day(),
    resolved_at: ts(true),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'failed_payments', 'failed_payments', [
    ['status', 'id'],
    ['student_id', 'id'],
    ['student_payment_plan_id', 'status'],
    ['source'],
    ['failed_at'],
    ['amount_to_be_paid'],
    ['next_retry_date', 'status'],
    ['updated_at'],
  ]);

  await qi.createTable('gateway_events', {
    id: pk,
    student_id: ref('students'),
    payment_id: ref('payments', true, 'SET NULL'),
    refund_transaction_id: int(),
    provider: str(20, false),
    kind: str(20, false),
    amount: money(),
    status: str(20, false),
    reference: str(100),
    message: str(255),
    created_at: ts(),
  });
  await indexes(qi, 'gateway_events', 'gateway_events', [['student_id', 'provider', 'id'], ['payment_id'], ['status']]);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const table of [
    'gateway_events',
    'failed_payments',
    'disputes',
    'refund_transactions',
    'refunds',
    'external_payments',
    'ledger_entries',
    'payment_allocations',
    'payments',
  ]) {
    await qi.dropTable(table);
  }
  // MariaDB keeps an index while a foreign key uses it: drop the constraints first.
  await dropForeignKeys(qi, 'payment_schedules', 'payment_method_id');
  await dropForeignKeys(qi, 'student_payment_plans', 'payment_method_id');
  for (const name of ['payment_method_id_status', 'amount', 'student_payment_plan_id_status_due_date']) {
    await qi.removeIndex('payment_schedules', `payment_schedules_${name}`);
  }
  await qi.removeColumn('payment_schedules', 'paid_at');
  await qi.removeColumn('payment_schedules', 'payment_method_id');
  for (const cols of [
    ['payment_method_id'],
    ['migrated', 'id'],
    ['next_due_date'],
    ['balance'],
    ['total_paid'],
    ['past_due_amount'],
    ['auto_pay'],
    ['payment_account_blocked'],
    ['bankruptcy'],
  ]) {
    await qi.removeIndex('student_payment_plans', `student_payment_plans_${cols.join('_')}`);
  }
  for (const column of [
    'payment_method_id',
    'payment_account_blocked',
    'bankruptcy',
    'migrated',
    'concluded_at',
    'payment_claim',
    'payment_claimed_at',
    'last_failure_at',
    'last_failure_message',
    'next_due_date',
    'past_due_amount',
    'principal_paid',
    'interest_paid',
    'tax_paid',
    'withdrawal_reduction',
    'transfer_reduction',
  ]) {
    await qi.removeColumn('student_payment_plans', column);
  }
}
