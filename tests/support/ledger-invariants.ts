import { QueryTypes } from 'sequelize';
import { StudentPaymentPlan } from '../../models';

/**
 * The ledger's invariants (billing contract, issue 6), checked to the cent with SQL aggregates (one
 * grouped query per rule, never a query per row) for every plan the ledger keeps: a plan with at
 * least one account-history line (issuePlan writes PLAN_ISSUED), or the `planIds` given. Plans that
 * tests write straight into the table without the ledger are not its business.
 *
 * For every such plan:
 * - plan.totalPaid = Σ ACCEPTED payments.amount = Σ allocations of its ACCEPTED payments = Σ entries.paidAmount;
 * - every ACCEPTED payment's allocations add up to its amount;
 * - plan.totalRefunds = Σ (amount + tax) of the SUCCEEDED refund transactions of its refunds;
 * - plan.balance = Σ (amount + tax − paidAmount) of its entries, and 0 ≤ paidAmount ≤ amount + tax per entry;
 * - payment.refundedAmount = Σ amount of its SUCCEEDED ONLINE refund transactions, and ≤ payment.amount;
 * - the newest account-history line's accountBalance = plan.balance.
 *
 * Call it in afterEach of every billing test file: `afterEach(() => expectLedgerConsistent())`.
 */

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

type Row = Record<string, unknown>;

export async function ledgerViolations(opts: { planIds?: number[] } = {}): Promise<string[]> {
  const sequelize = StudentPaymentPlan.sequelize!;
  const scope = opts.planIds?.length
    ? { sql: 'IN (:planIds)', replacements: { planIds: opts.planIds } }
    : { sql: 'IN (SELECT DISTINCT student_payment_plan_id FROM ledger_entries)', replacements: {} };
  const q = (sql: string) => sequelize.query<Row>(sql, { type: QueryTypes.SELECT, replacements: scope.replacements });
  const byPlan = (rows: Row[], key = 'plan_id') => new Map(rows.map((r) => [Number(r[key]), r]));

  const [plans, payments, allocations, entries, refunds, latest, paymentAllocations, refunded, badEntries] = await Promise.all([
    q(`SELECT id, total_paid, total_refunds, balance FROM student_payment_plans WHERE id ${scope.sql}`),
    q(
      `SELECT student_payment_plan_id AS plan_id, SUM(amount) AS total FROM payments WHERE status = 'ACCEPTED' AND student_payment_plan_id ${scope.sql} GROUP BY student_payment_plan_id`,
    ),
    q(`SELECT p.student_payment_plan_id AS plan_id, SUM(a.amount) AS total FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
       WHERE p.status = 'ACCEPTED' AND p.student_payment_plan_id ${scope.sql} GROUP BY p.student_payment_plan_id`),
    q(`SELECT student_payment_plan_id AS plan_id, SUM(paid_amount) AS paid, SUM(amount + tax_amount - paid_amount) AS owed FROM payment_schedules
       WHERE student_payment_plan_id ${scope.sql} GROUP BY student_payment_plan_id`),
    q(`SELECT r.student_payment_plan_id AS plan_id, SUM(t.amount + t.tax) AS total FROM refund_transactions t JOIN refunds r ON r.id = t.refund_id
       WHERE t.status = 'SUCCEEDED' AND r.student_payment_plan_id ${scope.sql} GROUP BY r.student_payment_plan_id`),
    q(`SELECT l.student_payment_plan_id AS plan_id, l.account_balance AS balance FROM ledger_entries l
       JOIN (SELECT student_payment_plan_id, MAX(id) AS id FROM ledger_entries WHERE student_payment_plan_id ${scope.sql} GROUP BY student_payment_plan_id) m ON m.id = l.id`),
    q(`SELECT p.id, p.amount, COALESCE(SUM(a.amount), 0) AS allocated FROM payments p LEFT JOIN payment_allocations a ON a.payment_id = p.id
       WHERE p.status = 'ACCEPTED' AND p.student_payment_plan_id ${scope.sql} GROUP BY p.id, p.amount`),
    q(`SELECT p.id, p.amount, p.refunded_amount, COALESCE(SUM(t.amount), 0) AS online FROM payments p
       LEFT JOIN refund_transactions t ON t.payment_id = p.id AND t.status = 'SUCCEEDED' AND t.kind = 'ONLINE'
       WHERE p.student_payment_plan_id ${scope.sql} GROUP BY p.id, p.amount, p.refunded_amount`),
    q(`SELECT id, student_payment_plan_id AS plan_id, amount, tax_amount, paid_amount FROM payment_schedules
       WHERE student_payment_plan_id ${scope.sql} AND (paid_amount < 0 OR paid_amount > amount + tax_amount)`),
  ]);

  const out: string[] = [];
  const paymentsBy = byPlan(payments);
  const allocationsBy = byPlan(allocations);
  const entriesBy = byPlan(entries);
  const refundsBy = byPlan(refunds);
  const latestBy = byPlan(latest);
  for (const plan of plans) {
    const id = Number(plan.id);
    const totalPaid = cents(plan.total_paid);
    const accepted = cents(paymentsBy.get(id)?.total);
    const allocated = cents(allocationsBy.get(id)?.total);
    const entriesPaid = cents(entriesBy.get(id)?.paid);
    const entriesOwed = cents(entriesBy.get(id)?.owed);
    if (totalPaid !== accepted) out.push(`plan ${id}: totalPaid ${totalPaid} ≠ Σ ACCEPTED payments ${accepted}`);
    if (allocated !== totalPaid) out.push(`plan ${id}: Σ allocations ${allocated} ≠ totalPaid ${totalPaid}`);
    if (entriesPaid !== totalPaid) out.push(`plan ${id}: Σ entries.paidAmount ${entriesPaid} ≠ totalPaid ${totalPaid}`);
    if (cents(plan.balance) !== entriesOwed) out.push(`plan ${id}: balance ${cents(plan.balance)} ≠ Σ (amount + tax − paid) ${entriesOwed}`);
    const refundsTotal = cents(refundsBy.get(id)?.total);
    if (cents(plan.total_refunds) !== refundsTotal) out.push(`plan ${id}: totalRefunds ${cents(plan.total_refunds)} ≠ Σ SUCCEEDED refund transactions ${refundsTotal}`);
    const line = latestBy.get(id);
    if (line && cents(line.balance) !== cents(plan.balance)) out.push(`plan ${id}: newest ledger line balance ${cents(line.balance)} ≠ plan.balance ${cents(plan.balance)}`);
  }
  for (const p of paymentAllocations) {
    if (cents(p.allocated) !== cents(p.amount)) out.push(`payment ${p.id}: Σ allocations ${cents(p.allocated)} ≠ amount ${cents(p.amount)}`);
  }
  for (const p of refunded) {
    if (cents(p.refunded_amount) !== cents(p.online)) out.push(`payment ${p.id}: refundedAmount ${cents(p.refunded_amount)} ≠ Σ SUCCEEDED ONLINE refunds ${cents(p.online)}`);
    if (cents(p.refunded_amount) > cents(p.amount)) out.push(`payment ${p.id}: refundedAmount ${cents(p.refunded_amount)} > amount ${cents(p.amount)}`);
  }
  for (const e of badEntries) out.push(`entry ${e.id} of plan ${e.plan_id}: paidAmount ${cents(e.paid_amount)} outside 0..${cents(e.amount) + cents(e.tax_amount)}`);
  return out;
}

/** Fails the test with every broken invariant listed (see `ledgerViolations`). */
export async function expectLedgerConsistent(opts: { planIds?: number[] } = {}): Promise<void> {
  expect(await ledgerViolations(opts)).toEqual([]);
}
