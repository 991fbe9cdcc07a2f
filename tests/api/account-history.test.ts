import request from 'supertest';
import { LedgerEntry, Payment, Refund, RefundTransaction, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { systemActor } from '../../api/common/context';
import { issuePlan } from '../../api/applications/issue-plan';
import { applyPayment, recordRefundMovement, toCents } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';
import { description } from '../../models/descriptions';

/**
 * GET /api/students/{id}/account_history (platform spec §3 "Account history row", §9 size 10 by
 * eventDate ascending; issue 6): the ledger lines the billing code writes, oldest first by default.
 */

let t: TestApp;
let support: string;
let product: EnrollableProduct;
const today = schoolToday();

beforeAll(async () => {
  t = await setupApp();
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  product = await makeEnrollableProduct({ payInFull: true });
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const history = (studentId: number, token: string | null, query = '') => {
  const r = request(t.app).get(`/api/students/${studentId}/account_history${query}`);
  return token ? r.set(bearer(token)) : r;
};

/** Plan issued (6,150 owed), a card payment of 1,000, an external refund of 100 + 5 tax. */
async function withMovements(): Promise<EnrolledPlan> {
  const e = await makeEnrolledPlan(t.deps, { enrollable: product });
  await t.deps.sequelize.transaction(async (transaction) => {
    const payment = await Payment.create(
      {
        studentId: e.plan.studentId,
        applicationId: e.plan.applicationId,
        studentPaymentPlanId: e.plan.id,
        paymentScheduleId: e.entries[0].id,
        type: 'PRE_PAY',
        channel: 'CARD',
        amount: 1000,
        paymentDate: today,
        cardBrand: 'visa',
        cardLast4: '4242',
        referenceNumber: 'ch_123',
      },
      { transaction },
    );
    await applyPayment(payment, today, transaction);
    const refund = await Refund.create(
      { applicationId: e.plan.applicationId, studentId: e.plan.studentId, studentPaymentPlanId: e.plan.id, source: 'CUSTOM', status: 'COMPLETED', refundStatus: 'REFUNDED' },
      { transaction },
    );
    await RefundTransaction.create({ refundId: refund.id, kind: 'EXTERNAL', amount: 100, tax: 5, status: 'SUCCEEDED' }, { transaction });
    await recordRefundMovement(
      {
        planId: e.plan.id,
        paymentId: null,
        refundId: refund.id,
        amountCents: 10_000,
        taxCents: 500,
        description: description('REFUND_EXTERNAL'),
        referenceNumber: 'chk-9',
        comment: 'goodwill',
      },
      transaction,
    );
  });
  return e;
}

describe('GET /api/students/{id}/account_history', () => {
  test('the student sees their lines oldest first with the balances after each movement', async () => {
    const e = await withMovements();
    const res = await history(e.student.student.id, e.student.token);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 3, page: 0, size: 10 });
    const [issued, paid, refunded] = res.body.content;
    expect(issued).toMatchObject({ kind: 'PLAN_ISSUED', total: 6150, accountBalance: 6150, principalBalance: 6150, program: expect.any(String) });
    expect(paid).toMatchObject({ kind: 'PAYMENT', principal: 1000, tax: 0, total: 1000, accountBalance: 5150, principalBalance: 5150, last4: '4242' });
    expect(refunded).toEqual({
      id: expect.any(Number),
      eventDate: expect.any(String),
      kind: 'REFUND',
      description: 'Refund (external)',
      descriptionKey: 'REFUND_EXTERNAL',
      descriptionParams: null,
      program: issued.program,
      principal: -100,
      interest: 0,
      tax: -5,
      total: -105,
      accountBalance: 5150,
      principalBalance: 5150,
      last4: null,
      referenceNumber: `R-${refunded.refundId}`,
      comment: 'goodwill',
      applicationId: e.application.id,
      studentPaymentPlanId: e.plan.id,
      paymentId: null,
      refundId: expect.any(Number),
    });
    // The student quotes the institute's references (issue 15); staff read the references as recorded.
    expect(paid.referenceNumber).toBe(`P-${paid.paymentId}`);
    const staff = (await history(e.student.student.id, support)).body.content;
    expect(staff.map((l: { referenceNumber: string | null }) => l.referenceNumber)).toEqual([null, 'ch_123', 'chk-9']);
    expect(res.body.content.map((l: { id: number }) => l.id)).toEqual([...res.body.content.map((l: { id: number }) => l.id)].sort((a, b) => a - b));
    const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    expect(toCents(refunded.accountBalance)).toBe(toCents(plan.balance));
  });

  test('descending, paging and one application only', async () => {
    const e = await withMovements();
    const desc = await history(e.student.student.id, support, '?descending=true&size=2&page=0');
    expect(desc.body.pagination).toEqual({ total: 3, page: 0, size: 2 });
    expect(desc.body.content.map((l: { kind: string }) => l.kind)).toEqual(['REFUND', 'PAYMENT']);
    const page1 = await history(e.student.student.id, support, '?size=2&page=1');
    expect(page1.body.content.map((l: { kind: string }) => l.kind)).toEqual(['REFUND']);
    // A second enrolled application of the same student: its own plan and PLAN_ISSUED line.
    const second = await makeApplication(e.student.student.id, product, { status: 'ENROLLED', chosen: true });
    const plan2 = await t.deps.sequelize.transaction((transaction) => issuePlan(second, systemActor, transaction));
    const all = await history(e.student.student.id, support);
    expect(all.body.pagination.total).toBe(4);
    const only = await history(e.student.student.id, support, `?applicationId=${second.id}`);
    expect(only.body.content.map((l: { studentPaymentPlanId: number; kind: string }) => [l.studentPaymentPlanId, l.kind])).toEqual([[plan2.id, 'PLAN_ISSUED']]);
    expect(await LedgerEntry.count({ where: { studentId: e.student.student.id } })).toBe(4);
  });

  test('400 for a bad sortBy or applicationId; 403 for another student; 404 for an unknown student; 401', async () => {
    const e = await withMovements();
    expect((await history(e.student.student.id, support, '?sortBy=total')).status).toBe(400);
    expect((await history(e.student.student.id, support, '?applicationId=x')).status).toBe(400);
    const other = await makeStudent(t.deps);
    expect((await history(e.student.student.id, other.token)).status).toBe(403);
    expect((await history(999_999, support)).status).toBe(404);
    expect((await history(e.student.student.id, null)).status).toBe(401);
  });
});
