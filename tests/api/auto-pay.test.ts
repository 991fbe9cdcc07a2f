import { FailedPayment, Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { toCents } from '../../api/billing/ledger';
import { systemActor } from '../../api/common/context';
import { nextRetryDate, retryFailedPayment, runAutoPay } from '../../api/payments/payments.service';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Auto-pay (domain rules "Payment plans and payments": due entries charged on their due date from the
 * plan's card or the default; a failure is a failed payment retried after 3 and 7 days) and the staff
 * retry of a failed payment (billing contract issue 6). Other suites' plans may be due in the shared
 * database: every assertion is on this test's own plan.
 */

let t: TestApp;
let product: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  product = await makeEnrollableProduct();
});
afterAll(() => t.close());
afterEach(() => expectLedgerConsistent());

const today = schoolToday();
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const paymentsOf = (planId: number) => Payment.findAll({ where: { studentPaymentPlanId: planId }, order: [['id', 'ASC']] });
const failuresOf = (planId: number) => FailedPayment.findAll({ where: { studentPaymentPlanId: planId }, order: [['id', 'ASC']] });

test('the retry calendar: +3 days after the first failure, +7 after the second, then none', () => {
  expect([nextRetryDate(1, '2030-01-30'), nextRetryDate(2, '2030-02-02'), nextRetryDate(3, '2030-02-09')]).toEqual(['2030-02-02', '2030-02-09', null]);
});

test('runAutoPay charges every due entry of an auto-pay plan, oldest first, and leaves other plans alone', async () => {
  const p = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true, backdateMonths: 1 });
  const manual = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: false, backdateMonths: 1 });
  const result = await runAutoPay(today);
  expect(result.charged).toBeGreaterThanOrEqual(2);
  const payments = await paymentsOf(p.plan.id);
  expect(payments.map((x) => [x.type, x.status, x.paymentScheduleId, toCents(x.amount)])).toEqual([
    ['AUTO_PAY', 'ACCEPTED', p.entries[0].id, toCents(p.entries[0].amount)],
    ['AUTO_PAY', 'ACCEPTED', p.entries[1].id, toCents(p.entries[1].amount)],
  ]);
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['number', 'ASC']] });
  expect(entries.map((e) => e.status).slice(0, 3)).toEqual(['PAID', 'PAID', 'PENDING']);
  const plan = (await StudentPaymentPlan.findByPk(p.plan.id))!;
  expect([plan.financialStatus, toCents(plan.pastDueAmount), plan.nextDueDate]).toEqual(['GOOD', 0, p.entries[2].dueDate]);
  expect(await Payment.count({ where: { studentPaymentPlanId: manual.plan.id } })).toBe(0);
  // Nothing left due: a second run charges nothing more on this plan.
  await runAutoPay(today);
  expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(2);
});

test('a declined auto-pay: FailedPayment AUTO_PAY retried on +3, then +7, then no more; a later success resolves it', async () => {
  const p = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true, cardToken: 'tok_chargeDeclined' });
  const first = p.entries[0];
  await runAutoPay(today);
  let [failed] = await failuresOf(p.plan.id);
  expect([failed.source, failed.status, failed.attempts, failed.nextRetryDate, toCents(failed.amountToBePaid), failed.paymentScheduleId, failed.failureMessage]).toEqual([
    'AUTO_PAY',
    'FAILED',
    1,
    addDays(today, 3),
    toCents(first.amount),
    first.id,
    'Your card was declined',
  ]);
  const attempts = await paymentsOf(p.plan.id);
  expect(attempts.map((x) => [x.type, x.status])).toEqual([['AUTO_PAY', 'INVALID']]);
  expect(failed.paymentId).toBe(attempts[0].id);

  // Before the retry date: skipped.
  await runAutoPay(addDays(today, 2));
  expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);
  await runAutoPay(addDays(today, 3));
  [failed] = await failuresOf(p.plan.id);
  expect([failed.attempts, failed.nextRetryDate]).toEqual([2, addDays(today, 10)]);
  await runAutoPay(addDays(today, 10));
  [failed] = await failuresOf(p.plan.id);
  expect([failed.attempts, failed.nextRetryDate, failed.status]).toEqual([3, null, 'FAILED']);
  await runAutoPay(addDays(today, 20));
  expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(3);
  expect(await FailedPayment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);

  // Staff retry: declined again → 409 and another attempt; with a working card → accepted and RESOLVED.
  await expect(retryFailedPayment(failed.id, systemActor)).rejects.toMatchObject({
    status: 409,
    code: 'PAYMENT_FAILURE',
    message: 'Payment failure your card was declined; try another card or call your bank',
  });
  expect((await failed.reload()).attempts).toBe(4);
  const good = await makeChargeableCard(p.student.student.id, { token: 'tok_mastercard' });
  await StudentPaymentPlan.update({ paymentMethodId: good.id }, { where: { id: p.plan.id } });
  const payment = await retryFailedPayment(failed.id, systemActor);
  expect([payment.type, payment.status, payment.paymentScheduleId, payment.cardLast4]).toEqual(['AUTO_PAY', 'ACCEPTED', first.id, '4444']);
  await failed.reload();
  expect([failed.status, failed.paymentId]).toEqual(['RESOLVED', payment.id]);
  expect(failed.resolvedAt).toBeInstanceOf(Date);
  await expect(retryFailedPayment(failed.id, systemActor)).rejects.toMatchObject({ status: 409, code: 'STATUS_INVALID' });
  await expect(retryFailedPayment(999_999_999, systemActor)).rejects.toMatchObject({ status: 404 });
});

test('an auto-pay retry that succeeds on its date resolves the failed payment of that entry', async () => {
  const p = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true, cardToken: 'tok_chargeDeclined' });
  await runAutoPay(today);
  const good = await makeChargeableCard(p.student.student.id, { token: 'tok_amex' });
  await StudentPaymentPlan.update({ paymentMethodId: good.id }, { where: { id: p.plan.id } });
  await runAutoPay(addDays(today, 3));
  const [failed] = await failuresOf(p.plan.id);
  expect([failed.status, failed.attempts]).toEqual(['RESOLVED', 1]);
  const payments = await paymentsOf(p.plan.id);
  expect(payments.map((x) => [x.status, x.cardLast4])).toEqual([
    ['INVALID', '0002'],
    ['ACCEPTED', '0005'],
  ]);
  expect((await PaymentSchedule.findByPk(p.entries[0].id))!.status).toBe('PAID');
});

test('a plan without auto-pay, blocked, or with no card: not charged (no card is a failure recorded)', async () => {
  const blocked = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true });
  await StudentPaymentPlan.update({ paymentAccountBlocked: true }, { where: { id: blocked.plan.id } });
  const cardless = await makeEnrolledPlan(t.deps, { enrollable: product, autoPay: true });
  await cardless.card.update({ deleted: true, isDefault: false });
  await runAutoPay(today);
  expect(await Payment.count({ where: { studentPaymentPlanId: [blocked.plan.id, cardless.plan.id] } })).toBe(0);
  const [failed] = await failuresOf(cardless.plan.id);
  expect([failed.source, failed.failureMessage, failed.paymentId, failed.nextRetryDate]).toEqual(['AUTO_PAY', 'Payment method required', null, addDays(today, 3)]);
  expect(await FailedPayment.count({ where: { studentPaymentPlanId: blocked.plan.id } })).toBe(0);
});
