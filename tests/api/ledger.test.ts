import { LedgerEntry, Payment, PaymentAllocation, PaymentSchedule, Refund, RefundTransaction, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import {
  amortise,
  applyPayment,
  claimPlan,
  financialStatusOf,
  formatMoney,
  planPosition,
  recordRefundMovement,
  refreshPlan,
  releasePlan,
  reversePayment,
  setEntryTax,
  toCents,
  toDollars,
  CLAIM_TTL_MS,
} from '../../api/billing/ledger';
import { systemActor } from '../../api/common/context';
import { addMonths } from '../../api/payment-plans/schedule';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';
import { description } from '../../models/descriptions';

/**
 * The ledger core (api/billing/ledger.ts, billing contract issue 6): the pure plan position, the
 * re-amortisation, and every movement (payment by type, reversal, refund, tax) checked to the cent
 * on the entries, the plan's totals and the account history; the invariants after each test.
 */

let t: TestApp;
let product: EnrollableProduct;
let inFull: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  product = await makeEnrollableProduct();
  inFull = await makeEnrollableProduct({ payInFull: true });
});
afterAll(() => t.close());
afterEach(() => expectLedgerConsistent());

const today = schoolToday();

/** A schedule entry as planPosition reads it (dollars, like the model). */
function entry(number: number, dueDate: string, principal: number, interest: number, opts: { tax?: number; paid?: number; status?: string } = {}): PaymentSchedule {
  const paid = opts.paid ?? 0;
  const amount = Math.round((principal + interest) * 100) / 100;
  return {
    id: number * 10,
    number,
    dueDate,
    principal,
    interest,
    amount,
    taxAmount: opts.tax ?? 0,
    paidAmount: paid,
    status: opts.status ?? (paid >= amount + (opts.tax ?? 0) ? 'PAID' : 'PENDING'),
  } as PaymentSchedule;
}

describe('planPosition (pure)', () => {
  const entries = [entry(1, '2030-01-01', 100, 0), entry(2, '2030-02-01', 90, 10, { tax: 5 }), entry(3, '2030-03-01', 95, 5)];

  test('two entries past due, one ahead: balances, pay-off without future interest, days overdue', () => {
    expect(planPosition(entries, '2030-02-15')).toEqual({
      principalBalanceCents: 28500,
      accruedInterestCents: 1000,
      unpaidTaxCents: 500,
      payoffCents: 30000,
      balanceCents: 30500,
      dueNowCents: 20500,
      pastDueCents: 20500,
      maxPrePayCents: 29950,
      nextEntry: { id: 10, number: 1, dueDate: '2030-01-01', amountDueCents: 10000 },
      oldestUnpaidDueDate: '2030-01-01',
      daysOverdue: 45,
    });
  });

  test('an entry due today is due now but not past due; nothing overdue', () => {
    const p = planPosition(entries, '2030-01-01');
    expect(p).toMatchObject({ dueNowCents: 10000, pastDueCents: 0, daysOverdue: 0, accruedInterestCents: 0, payoffCents: 29000, balanceCents: 30500, maxPrePayCents: 28950 });
  });

  test('a due entry partly paid pays tax, then interest, then principal; an entry ahead partly paid is principal first', () => {
    const p = planPosition(
      [entry(1, '2030-01-01', 100, 0, { paid: 100 }), entry(2, '2030-02-01', 90, 10, { tax: 5, paid: 12 }), entry(3, '2030-03-01', 95, 5, { paid: 20 })],
      '2030-02-15',
    );
    // #2: 12 paid = tax 5 + interest 7 → unpaid interest 3, principal 90. #3: 20 paid = principal → 75 unpaid, interest 5 forgiven in the pay-off.
    expect(p).toMatchObject({
      principalBalanceCents: 16500,
      accruedInterestCents: 300,
      unpaidTaxCents: 0,
      payoffCents: 16800,
      balanceCents: 17300,
      dueNowCents: 9300,
      pastDueCents: 9300,
      nextEntry: { id: 20, number: 2, dueDate: '2030-02-01', amountDueCents: 9300 },
      oldestUnpaidDueDate: '2030-02-01',
      daysOverdue: 14,
    });
  });

  test('everything paid: no balance, no pay-off, no next entry, GOOD', () => {
    const p = planPosition([entry(1, '2030-01-01', 100, 0, { paid: 100 }), entry(2, '2030-02-01', 90, 10, { paid: 100 })], '2030-03-01');
    expect(p).toEqual({
      principalBalanceCents: 0,
      accruedInterestCents: 0,
      unpaidTaxCents: 0,
      payoffCents: 0,
      balanceCents: 0,
      dueNowCents: 0,
      pastDueCents: 0,
      maxPrePayCents: 0,
      nextEntry: null,
      oldestUnpaidDueDate: null,
      daysOverdue: 0,
    });
  });

  test('entries are read in schedule order whatever order they come in; cents from DECIMAL text', () => {
    const shuffled = [
      entry(3, '2030-03-01', 95, 5),
      { ...entry(1, '2030-01-01', 100, 0), principal: '100.00', amount: '100.00', paidAmount: '0.10' } as unknown as PaymentSchedule,
    ];
    const p = planPosition(shuffled, '2030-01-02');
    expect(p.nextEntry).toEqual({ id: 10, number: 1, dueDate: '2030-01-01', amountDueCents: 9990 });
    expect(p.balanceCents).toBe(19990);
  });

  test('financial status thresholds: GOOD 0, PAST_DUE 1–59, COLLECTIONS 60–119, COLLECTIONS_2 120+', () => {
    expect([0, 1, 59, 60, 119, 120, 400].map(financialStatusOf)).toEqual(['GOOD', 'PAST_DUE', 'PAST_DUE', 'COLLECTIONS', 'COLLECTIONS', 'COLLECTIONS_2', 'COLLECTIONS_2']);
  });

  test('money helpers round to the cent', () => {
    expect([toCents('1234.5'), toCents(0.1 + 0.2), toCents(null), toCents('abc'), toDollars(123456), toDollars(5)]).toEqual([123450, 30, 0, 0, 1234.56, 0.05]);
    expect([formatMoney(123450), formatMoney(5), formatMoney(100000000)]).toEqual(['$1,234.50', '$0.05', '$1,000,000.00']);
  });
});

describe('amortise', () => {
  test('level payments at APR/12: Σ principal is the principal to the cent, the last absorbs rounding', () => {
    const rows = amortise(465000, 12, 9.9);
    expect(rows).toHaveLength(12);
    expect(rows.reduce((s, r) => s + r.principal, 0)).toBe(465000);
    expect(rows[0].interest).toBe(Math.round((465000 * 0.099) / 12));
    // Level: every payment but the last is the same amount.
    const payments = rows.map((r) => r.principal + r.interest);
    expect(new Set(payments.slice(0, 11)).size).toBe(1);
    expect(payments[11]).toBeLessThanOrEqual(payments[0]);
  });

  test('zero rate: equal parts, the last takes the remainder', () => {
    expect(amortise(1000, 3, 0)).toEqual([
      { principal: 333, interest: 0 },
      { principal: 333, interest: 0 },
      { principal: 334, interest: 0 },
    ]);
    expect(amortise(1000, 0, 5)).toEqual([]);
  });
});

/** Applies an IN_PROGRESS card payment of `type` through the ledger. */
async function apply(p: EnrolledPlan, type: string, amount: number, scheduleId: number | null = null): Promise<Payment> {
  const payment = await Payment.create({
    studentId: p.student.student.id,
    applicationId: p.application.id,
    studentPaymentPlanId: p.plan.id,
    paymentScheduleId: scheduleId,
    type,
    channel: 'CARD',
    amount,
    status: 'IN_PROGRESS',
    paymentDate: today,
    cardBrand: 'visa',
    cardLast4: '4242',
  });
  await t.deps.sequelize.transaction((transaction) => applyPayment(payment, today, transaction));
  return payment.reload();
}

const entriesOf = (planId: number) => PaymentSchedule.findAll({ where: { studentPaymentPlanId: planId }, order: [['number', 'ASC']] });
const lines = (planId: number) => LedgerEntry.findAll({ where: { studentPaymentPlanId: planId }, order: [['id', 'ASC']] });
const sum = (rows: PaymentSchedule[], f: (e: PaymentSchedule) => unknown) => rows.reduce((s, e) => s + toCents(f(e) as number), 0);

describe('issuePlan writes the first account-history line', () => {
  test('PLAN_ISSUED with the total owed; the plan carries the card, the next due date and each entry the card', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const [issued, ...rest] = await lines(p.plan.id);
    expect(rest).toHaveLength(0);
    expect(issued.kind).toBe('PLAN_ISSUED');
    expect(toCents(issued.total)).toBe(toCents(p.plan.totalOwed));
    expect(toCents(issued.accountBalance)).toBe(toCents(p.plan.balance));
    expect(toCents(issued.principalBalance)).toBe(615000);
    expect(issued.program).toBe(product.product.name);
    expect(p.plan.paymentMethodId).toBe(p.card.id);
    expect(p.plan.nextDueDate).toBe(today);
    expect(p.entries.every((e) => e.paymentMethodId === p.card.id)).toBe(true);
  });
});

describe('applyPayment', () => {
  test('an installment pays its entry (tax → interest → principal), the plan totals move, one PAYMENT line', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, backdateMonths: 1 });
    const second = p.entries[1];
    const payment = await apply(p, 'INSTALLMENT', Number(second.amount), second.id);
    expect(payment.status).toBe('ACCEPTED');
    expect([toCents(payment.principalAmount), toCents(payment.interestAmount), toCents(payment.taxAmount)]).toEqual([toCents(second.principal), toCents(second.interest), 0]);
    const after = await entriesOf(p.plan.id);
    expect(after[1].status).toBe('PAID');
    expect(after[1].paidAt).toBeInstanceOf(Date);
    expect(after[0].status).toBe('PENDING');
    const plan = await p.plan.reload();
    expect(toCents(plan.totalPaid)).toBe(toCents(second.amount));
    expect(toCents(plan.principalPaid)).toBe(toCents(second.principal));
    expect(toCents(plan.interestPaid)).toBe(toCents(second.interest));
    expect(toCents(plan.balance)).toBe(toCents(p.plan.totalOwed) - toCents(second.amount));
    // The deposit (a month back) is still owed: past due, 1 month overdue.
    expect(plan.nextDueDate).toBe(p.entries[0].dueDate);
    expect(toCents(plan.pastDueAmount)).toBe(50000);
    expect(plan.financialStatus).toBe('PAST_DUE');
    const allocations = await PaymentAllocation.findAll({ where: { paymentId: payment.id } });
    expect(allocations.map((a) => [a.paymentScheduleId, toCents(a.amount)])).toEqual([[second.id, toCents(second.amount)]]);
    const line = (await lines(p.plan.id)).pop()!;
    expect(line.kind).toBe('PAYMENT');
    expect(line.description).toBe('Payment of installment 2 (visa ending 4242)');
    expect([toCents(line.total), toCents(line.principal), toCents(line.interest), line.last4, line.paymentId]).toEqual([
      toCents(second.amount),
      toCents(second.principal),
      toCents(second.interest),
      '4242',
      payment.id,
    ]);
    expect(toCents(line.principalBalance)).toBe(615000 - toCents(second.principal));
  });

  test('a pre-pay pays what is due, puts the rest on the principal and re-amortises the entries ahead over the same count', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const principal = toCents(p.plan.principalAmount);
    const payment = await apply(p, 'PRE_PAY', 1500);
    const after = await entriesOf(p.plan.id);
    expect(after).toHaveLength(13);
    expect(after[0].status).toBe('PAID');
    // Σ principal is still the plan's principal; the 1,000 ahead sits on entry 2 as paid principal.
    expect(sum(after, (e) => e.principal)).toBe(principal);
    const expected = amortise(565000 - 100000, 12, 9.9);
    expect(after.slice(1).map((e) => [toCents(e.principal), toCents(e.interest)])).toEqual(expected.map((r, i) => [r.principal + (i === 0 ? 100000 : 0), r.interest]));
    expect(toCents(after[1].paidAmount)).toBe(100000);
    expect(after.slice(2).every((e) => toCents(e.paidAmount) === 0)).toBe(true);
    expect([toCents(payment.principalAmount), toCents(payment.interestAmount)]).toEqual([150000, 0]);
    const plan = await p.plan.reload();
    const interest = expected.reduce((s, r) => s + r.interest, 0);
    expect(toCents(plan.totalInterest)).toBe(interest);
    expect(toCents(plan.totalOwed)).toBe(principal + interest);
    expect(toCents(plan.balance)).toBe(principal + interest - 150000);
    expect(toCents(plan.principalPaid)).toBe(150000);
    const line = (await lines(p.plan.id)).pop()!;
    expect([line.kind, line.description, toCents(line.principalBalance), toCents(line.accountBalance)]).toEqual([
      'PAYMENT',
      'Pre-payment (visa ending 4242)',
      principal - 150000,
      toCents(plan.balance),
    ]);
  });

  test('rounding: an odd pre-pay leaves every amount in whole cents and the position consistent', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    await apply(p, 'PRE_PAY', 1234.57);
    const after = await entriesOf(p.plan.id);
    for (const e of after) {
      expect(toCents(e.amount)).toBe(toCents(e.principal) + toCents(e.interest));
      expect(Number(e.amount) * 100).toBeCloseTo(toCents(e.amount), 6);
    }
    expect(sum(after, (e) => e.principal)).toBe(615000);
    const plan = await p.plan.reload();
    expect(toCents(plan.balance)).toBe(planPosition(after, today).balanceCents);
  });

  test('a pay-off pays every entry, forgives the interest of entries not yet due and completes the plan', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, backdateMonths: 2 });
    const pos = planPosition(p.entries, today);
    const dueInterest = toCents(p.entries[1].interest) + toCents(p.entries[2].interest);
    expect(pos.payoffCents).toBe(615000 + dueInterest);
    const payment = await apply(p, 'PAY_OFF', pos.payoffCents / 100);
    expect([toCents(payment.principalAmount), toCents(payment.interestAmount)]).toEqual([615000, dueInterest]);
    const after = await entriesOf(p.plan.id);
    expect(after.every((e) => e.status === 'PAID')).toBe(true);
    expect(after.slice(3).every((e) => toCents(e.interest) === 0 && toCents(e.amount) === toCents(e.principal))).toBe(true);
    const plan = await p.plan.reload();
    expect(plan.status).toBe('COMPLETED');
    expect([toCents(plan.balance), toCents(plan.totalInterest), toCents(plan.totalOwed), toCents(plan.totalPaid)]).toEqual([0, dueInterest, 615000 + dueInterest, pos.payoffCents]);
    expect([plan.nextDueDate, toCents(plan.pastDueAmount), plan.daysOverdue, plan.financialStatus]).toEqual([null, 0, 0, 'GOOD']);
  });

  test('an external payment fills the oldest entries in order; more than the balance is AMOUNT_EXCEEDED and writes nothing', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, backdateMonths: 1 });
    const payment = await Payment.create({
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      type: 'EXTERNAL',
      channel: 'CHECK',
      amount: 600,
      status: 'IN_PROGRESS',
      paymentDate: today,
      referenceNumber: 'CHK-1',
    });
    await t.deps.sequelize.transaction((transaction) => applyPayment(payment, today, transaction));
    const after = await entriesOf(p.plan.id);
    expect(after[0].status).toBe('PAID');
    expect(toCents(after[1].paidAmount)).toBe(10000);
    const line = (await lines(p.plan.id)).pop()!;
    expect([line.kind, line.description, line.referenceNumber]).toEqual(['EXTERNAL_PAYMENT', 'Check payment', 'CHK-1']);

    const tooMuch = await Payment.create({
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      type: 'EXTERNAL',
      channel: 'WIRE_TRANSFER',
      amount: 999999,
      status: 'IN_PROGRESS',
      paymentDate: today,
    });
    await expect(t.deps.sequelize.transaction((transaction) => applyPayment(tooMuch, today, transaction))).rejects.toMatchObject({ status: 409, code: 'AMOUNT_EXCEEDED' });
    expect((await tooMuch.reload()).status).toBe('IN_PROGRESS');
    await tooMuch.update({ status: 'INVALID' });
    expect(await PaymentAllocation.count({ where: { paymentId: tooMuch.id } })).toBe(0);
  });
});

describe('reversePayment', () => {
  test('a chargeback reopens the entries, takes the paid totals back, reopens a completed plan and writes CHARGEBACK', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    const payment = await apply(p, 'INSTALLMENT', Number(p.entries[0].amount), p.entries[0].id);
    expect((await p.plan.reload()).status).toBe('COMPLETED');
    await t.deps.sequelize.transaction((transaction) => reversePayment(payment, 'CHARGEBACK', today, transaction));
    expect((await payment.reload()).status).toBe('INVALID');
    const [e] = await entriesOf(p.plan.id);
    expect([e.status, toCents(e.paidAmount), e.paidAt]).toEqual(['PENDING', 0, null]);
    const plan = await p.plan.reload();
    expect([plan.status, toCents(plan.totalPaid), toCents(plan.principalPaid), toCents(plan.balance)]).toEqual(['ACTIVE', 0, 0, toCents(plan.totalOwed)]);
    const line = (await lines(p.plan.id)).pop()!;
    expect([line.kind, toCents(line.total), line.paymentId]).toEqual(['CHARGEBACK', -toCents(payment.amount), payment.id]);
    // Only an ACCEPTED payment can be reversed.
    await expect(t.deps.sequelize.transaction((transaction) => reversePayment(payment, 'CHARGEBACK', today, transaction))).rejects.toMatchObject({ code: 'STATUS_INVALID' });
  });

  test('a voided manual payment becomes DELETED', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const payment = await Payment.create({
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      type: 'EXTERNAL',
      channel: 'OTHER',
      amount: 200,
      status: 'IN_PROGRESS',
      paymentDate: today,
    });
    await t.deps.sequelize.transaction((transaction) => applyPayment(payment, today, transaction));
    await t.deps.sequelize.transaction((transaction) => reversePayment(payment, 'VOID', today, transaction));
    expect((await payment.reload()).status).toBe('DELETED');
    expect(toCents((await p.plan.reload()).totalPaid)).toBe(0);
    expect((await lines(p.plan.id)).pop()!.description).toBe('Payment voided');
  });
});

describe('refunds, tax and refresh', () => {
  test('recordRefundMovement: totalRefunds and the payment refunded amount move; REFUND line; the balance does not', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const payment = await apply(p, 'INSTALLMENT', 500, p.entries[0].id);
    const balance = toCents((await p.plan.reload()).balance);
    const refund = await Refund.create({
      applicationId: p.application.id,
      studentId: p.student.student.id,
      studentPaymentPlanId: p.plan.id,
      source: 'CUSTOM',
      status: 'COMPLETED',
    });
    await RefundTransaction.create({ refundId: refund.id, paymentId: payment.id, kind: 'ONLINE', amount: 120, tax: 0, status: 'SUCCEEDED' });
    await t.deps.sequelize.transaction((transaction) =>
      recordRefundMovement(
        {
          planId: p.plan.id,
          paymentId: payment.id,
          refundId: refund.id,
          amountCents: 12000,
          taxCents: 0,
          description: description('REFUND_TO_CARD_ENDING', { last4: '4242' }),
          referenceNumber: null,
          comment: 'c',
        },
        transaction,
      ),
    );
    const plan = await p.plan.reload();
    expect([toCents(plan.totalRefunds), toCents(plan.balance)]).toEqual([12000, balance]);
    expect(toCents((await payment.reload()).refundedAmount)).toBe(12000);
    const line = (await lines(p.plan.id)).pop()!;
    expect([line.kind, toCents(line.total), toCents(line.accountBalance), line.refundId, line.last4]).toEqual(['REFUND', -12000, balance, refund.id, '4242']);
  });

  test('setEntryTax: totals and balance move by the change, TAX line; a PAID entry is ALREADY_PROCESSED', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const before = { owed: toCents(p.plan.totalOwed), balance: toCents(p.plan.balance) };
    await t.deps.sequelize.transaction((transaction) => setEntryTax(p.entries[2].id, 1234, systemActor, transaction));
    const plan = await p.plan.reload();
    expect([toCents(plan.totalTax), toCents(plan.totalOwed) - before.owed, toCents(plan.balance) - before.balance]).toEqual([1234, 1234, 1234]);
    expect(toCents((await PaymentSchedule.findByPk(p.entries[2].id))!.taxAmount)).toBe(1234);
    const line = (await lines(p.plan.id)).pop()!;
    expect([line.kind, toCents(line.total), toCents(line.tax), line.description]).toEqual(['TAX', 1234, 1234, 'Tax on installment 3']);
    await t.deps.sequelize.transaction((transaction) => setEntryTax(p.entries[2].id, 1000, systemActor, transaction));
    expect(toCents((await p.plan.reload()).totalTax)).toBe(1000);
    expect(toCents((await lines(p.plan.id)).pop()!.total)).toBe(-234);

    await apply(p, 'INSTALLMENT', 500, p.entries[0].id);
    await expect(t.deps.sequelize.transaction((transaction) => setEntryTax(p.entries[0].id, 100, systemActor, transaction))).rejects.toMatchObject({ code: 'ALREADY_PROCESSED' });
    await expect(t.deps.sequelize.transaction((transaction) => setEntryTax(999_999_999, 100, systemActor, transaction))).rejects.toMatchObject({ status: 404 });
  });

  test('refreshPlan recomputes the days overdue and financial status from the entries', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, backdateMonths: 3 });
    const plan = await t.deps.sequelize.transaction((transaction) => refreshPlan(p.plan.id, today, transaction));
    const oldest = addMonths(today, -3);
    const days = Math.round((Date.parse(today) - Date.parse(oldest)) / 86_400_000);
    expect([plan.nextDueDate, plan.daysOverdue, plan.financialStatus]).toEqual([oldest, days, days >= 120 ? 'COLLECTIONS_2' : 'COLLECTIONS']);
    expect(toCents(plan.pastDueAmount)).toBe(sum(p.entries.slice(0, 3), (e) => e.amount));
  });
});

describe('claimPlan / releasePlan', () => {
  test('one claim at a time; a stale claim (older than 10 minutes) is taken over; release only by its holder', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    const first = await claimPlan(p.plan.id);
    await expect(claimPlan(p.plan.id)).rejects.toMatchObject({ status: 409, code: 'PAYMENT_IN_PROGRESS', message: 'Another payment in progress' });
    await releasePlan(p.plan.id, 'not-the-claim');
    expect((await StudentPaymentPlan.findByPk(p.plan.id))!.paymentClaim).toBe(first);
    await StudentPaymentPlan.update({ paymentClaimedAt: new Date(Date.now() - CLAIM_TTL_MS - 1000) }, { where: { id: p.plan.id } });
    const second = await claimPlan(p.plan.id);
    expect(second).not.toBe(first);
    await releasePlan(p.plan.id, first);
    expect((await StudentPaymentPlan.findByPk(p.plan.id))!.paymentClaim).toBe(second);
    await releasePlan(p.plan.id, second);
    const plan = (await StudentPaymentPlan.findByPk(p.plan.id))!;
    expect([plan.paymentClaim, plan.paymentClaimedAt]).toEqual([null, null]);
  });
});
