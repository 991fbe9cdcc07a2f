import request from 'supertest';
import { ActivityLog, Application, Payment, PaymentSchedule, Refund, RefundTransaction, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { applyPayment, planPosition, recordRefundMovement, toCents } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';
import { description } from '../../models/descriptions';

/**
 * Back-office spec §7 /payment_plans and GET /students/{id}/payment_plans (issue 6): the staff lists,
 * the PlanDetail (terms, breakdown, pay-off figures, schedule), the edits and flags, the CSV exports.
 */

let t: TestApp;
let admin: string;
let finance: string;
let support: string;
let admissions: string;
let product: EnrollableProduct;
let fullProduct: EnrollableProduct;
const today = schoolToday();
const MISSING = 999_999;

beforeAll(async () => {
  t = await setupApp();
  admin = (await makeAdmin(t.deps)).token;
  finance = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  admissions = (await makeAdmin(t.deps, { roles: ['ADMISSIONS'] })).token;
  product = await makeEnrollableProduct();
  fullProduct = await makeEnrollableProduct({ payInFull: true });
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const enrolled = (opts: Parameters<typeof makeEnrolledPlan>[1] = {}) => makeEnrolledPlan(t.deps, { enrollable: opts.payInFull ? fullProduct : product, ...opts });

/** An ACCEPTED card payment of `dollars` applied by the ledger (as the payment endpoints leave it). */
async function pay(e: EnrolledPlan, dollars: number, type = 'INSTALLMENT') {
  return t.deps.sequelize.transaction(async (transaction) => {
    const payment = await Payment.create(
      {
        studentId: e.plan.studentId,
        applicationId: e.plan.applicationId,
        studentPaymentPlanId: e.plan.id,
        paymentScheduleId: type === 'INSTALLMENT' ? e.entries[0].id : null,
        type,
        channel: 'CARD',
        amount: dollars,
        paymentDate: today,
        cardBrand: 'visa',
        cardLast4: '4242',
        paymentMethodId: e.card.id,
      },
      { transaction },
    );
    await applyPayment(payment, today, transaction);
    return payment;
  });
}

/** A refund of `source` already paid back externally (refund row, SUCCEEDED transaction, ledger movement). */
async function refunded(e: EnrolledPlan, source: string, dollars: number, tax = 0) {
  await t.deps.sequelize.transaction(async (transaction) => {
    const refund = await Refund.create(
      {
        applicationId: e.plan.applicationId,
        studentId: e.plan.studentId,
        studentPaymentPlanId: e.plan.id,
        source,
        status: 'COMPLETED',
        refundStatus: 'REFUNDED',
        amountToBeRefunded: dollars,
        taxToBeRefunded: tax,
        totalToBeRefunded: dollars + tax,
        amountRefunded: dollars,
        taxRefunded: tax,
        totalRefunded: dollars + tax,
      },
      { transaction },
    );
    await RefundTransaction.create({ refundId: refund.id, kind: 'EXTERNAL', amount: dollars, tax, status: 'SUCCEEDED' }, { transaction });
    await recordRefundMovement(
      {
        planId: e.plan.id,
        paymentId: null,
        refundId: refund.id,
        amountCents: Math.round(dollars * 100),
        taxCents: Math.round(tax * 100),
        description: description('REFUND_EXTERNAL'),
        referenceNumber: null,
        comment: null,
      },
      transaction,
    );
  });
}

const get = (path: string, token?: string) => (token ? request(t.app).get(path).set(bearer(token)) : request(t.app).get(path));
const send = (method: 'post' | 'put' | 'patch', path: string, body: unknown, token?: string) => {
  const r = request(t.app)[method](path);
  return (token ? r.set(bearer(token)) : r).send(body as object);
};

describe('GET /api/payment_plans/{id} (PlanDetail)', () => {
  test('terms, breakdown, pay-off figures and schedule from the plan, its entries and its refunds', async () => {
    const e = await enrolled({ backdateMonths: 2 });
    // Deposit (due 2 months ago) paid; installments 1 (1 month ago) and 2 (today) still owed.
    await pay(e, Number(e.entries[0].amount));
    await refunded(e, 'VOUCHER', 40, 2.5);
    await refunded(e, 'CUSTOM', 10);
    const res = await get(`/api/payment_plans/${e.plan.id}`, finance);
    expect(res.status).toBe(200);
    const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: e.plan.id }, order: [['number', 'ASC']] });
    const pos = planPosition(entries, today);
    const b = res.body;
    expect(b.id).toBe(e.plan.id);
    expect(b.student).toEqual({ id: e.student.student.id, fullName: `${e.student.student.firstName} ${e.student.student.lastName}`, email: e.student.email });
    expect(b.application).toEqual({ id: e.application.id, status: 'ENROLLED', migrated: false });
    expect(b.programName).toBe(product.product.name);
    expect(b.terms).toEqual({
      description: plan.description ?? plan.name,
      installmentAmount: Number(plan.installmentAmount),
      totalOwed: Number(plan.totalOwed),
      amountDue: pos.dueNowCents / 100,
      interestRate: 9.9,
      depositAmount: 500,
      installmentsCount: 12,
      taxAmount: 0,
      amountPaid: 500,
      paymentDueDate: entries[1].dueDate,
      captureMethod: 'manual',
      currency: 'usd',
      status: 'ACTIVE',
      paymentMethod: { id: e.card.id, brand: 'visa', last4: '4242' },
    });
    expect(b.breakdown).toEqual({
      tuitionRollover: 0,
      withdrawalReduction: 0,
      transferReduction: 0,
      withdrawalRefund: 0,
      voucherRefund: 42.5,
      additionalRefund: 10,
      totalTaxesPaid: 0,
      totalInterest: Number(plan.totalInterest),
      principalPaid: 500,
      netTuition: 6150,
      totalPaid: 500,
      totalRefunded: 52.5,
      totalRemaining: Number(plan.balance),
    });
    expect(toCents(b.breakdown.totalRemaining)).toBe(toCents(plan.totalOwed) - 50_000);
    expect(b.payoffAmount).toBe(pos.payoffCents / 100);
    expect(b.maxPrePayAmount).toBe((pos.payoffCents - 50) / 100);
    expect(b.totalPastDueAmount).toBe(Number(entries[1].amount));
    expect(b.amountDueNow).toBe((toCents(entries[1].amount) + toCents(entries[2].amount)) / 100);
    expect(b.nextPaymentSchedule).toEqual({ id: entries[1].id, number: 2, dueDate: entries[1].dueDate, amountDue: Number(entries[1].amount) });
    expect(b.schedules).toHaveLength(13);
    expect(b.schedules[0]).toMatchObject({ id: entries[0].id, number: 1, kind: 'DEPOSIT', amount: 500, paidAmount: 500, amountDue: 0, status: 'PAID' });
    expect(b.schedules[1]).toMatchObject({ number: 2, kind: 'INSTALLMENT', paidAmount: 0, status: 'PENDING', amountDue: Number(entries[1].amount) });
  });

  test('a paid-off plan: nothing due, no next entry, pay-off 0', async () => {
    const e = await enrolled({ payInFull: true });
    await pay(e, Number(e.entries[0].amount));
    const res = await get(`/api/payment_plans/${e.plan.id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', balance: 0, payoffAmount: 0, maxPrePayAmount: 0, amountDueNow: 0, totalPastDueAmount: 0, nextPaymentSchedule: null });
    expect(res.body.terms.amountPaid).toBe(6150);
  });

  test('401 without a token, 403 for a student, 404 for an unknown plan, 400 for a bad id', async () => {
    const e = await enrolled();
    expect((await get(`/api/payment_plans/${e.plan.id}`)).status).toBe(401);
    expect((await get(`/api/payment_plans/${e.plan.id}`, e.student.token)).status).toBe(403);
    const missing = await get(`/api/payment_plans/${MISSING}`, support);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Payment plan not found');
    expect((await get('/api/payment_plans/abc', support)).status).toBe(400);
  });
});

describe('GET /api/students/{id}/payment_plans', () => {
  test("the student's own plans as PlanDetails, newest first; staff see them too", async () => {
    const e = await enrolled({ payInFull: true });
    const res = await get(`/api/students/${e.student.student.id}/payment_plans`, e.student.token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: e.plan.id, payoffAmount: 6150, amountDueNow: 6150, nextPaymentSchedule: { id: e.entries[0].id, amountDue: 6150 } });
    expect(res.body[0].schedules).toHaveLength(1);
    const staff = await get(`/api/students/${e.student.student.id}/payment_plans`, support);
    expect(staff.status).toBe(200);
    expect(staff.body.map((p: { id: number }) => p.id)).toEqual([e.plan.id]);
  });

  test("another student's plans are 403; an unknown student 404; no token 401", async () => {
    const e = await enrolled({ payInFull: true });
    const other = await makeStudent(t.deps);
    expect((await get(`/api/students/${e.student.student.id}/payment_plans`, other.token)).status).toBe(403);
    expect((await get(`/api/students/${MISSING}/payment_plans`, admin)).status).toBe(404);
    expect((await get(`/api/students/${e.student.student.id}/payment_plans`)).status).toBe(401);
  });
});

describe('lists: GET /api/payment_plans, find_by_keyword, find_by_criteria', () => {
  test('keyword on the student last name and email; paged shape with student and program', async () => {
    const e = await enrolled({ payInFull: true });
    const res = await get(`/api/payment_plans?keyword=${encodeURIComponent(e.student.student.lastName)}`, support);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 1, page: 0, size: 10 });
    expect(res.body.content[0]).toMatchObject({
      id: e.plan.id,
      student: { id: e.student.student.id, email: e.student.email },
      programName: fullProduct.product.name,
      balance: 6150,
    });
    const byEmail = await send('post', '/api/payment_plans/find_by_keyword', { keyword: e.student.email }, support);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.content.map((p: { id: number }) => p.id)).toEqual([e.plan.id]);
  });

  test('criteria: students, statuses, balance range, autoPay; sorted by balance descending', async () => {
    const a = await enrolled({ payInFull: true, autoPay: true });
    const b = await enrolled({ autoPay: true });
    const body = { students: [a.student.student.id, b.student.student.id], statuses: ['ACTIVE'], autoPay: true, balance: { min: 100 } };
    const res = await send('post', '/api/payment_plans/find_by_criteria?sortBy=balance&descending=true', body, finance);
    expect(res.status).toBe(200);
    expect(res.body.content.map((p: { id: number }) => p.id)).toEqual([b.plan.id, a.plan.id]);
    const narrow = await send('post', '/api/payment_plans/find_by_criteria', { ...body, balance: { min: 6000, max: 6200 } }, finance);
    expect(narrow.body.content.map((p: { id: number }) => p.id)).toEqual([a.plan.id]);
  });

  test('400 for an unknown criteria key or sortBy; 401; 403 for a student', async () => {
    expect((await send('post', '/api/payment_plans/find_by_criteria', { nope: 1 }, admin)).status).toBe(400);
    expect((await get('/api/payment_plans?sortBy=name', admin)).status).toBe(400);
    expect((await get('/api/payment_plans')).status).toBe(401);
    const s = await makeStudent(t.deps);
    expect((await get('/api/payment_plans', s.token)).status).toBe(403);
    expect((await send('post', '/api/payment_plans/financial_status', {}, s.token)).status).toBe(403);
  });
});

describe('financial status report and CSV exports', () => {
  test('POST financial_status: one row per plan with the status figures', async () => {
    const e = await enrolled({ payInFull: true, autoPay: true });
    const res = await send('post', '/api/payment_plans/financial_status', { students: [e.student.student.id] }, support);
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual([
      {
        planId: e.plan.id,
        studentId: e.student.student.id,
        fullName: `${e.student.student.firstName} ${e.student.student.lastName}`,
        email: e.student.email,
        programName: fullProduct.product.name,
        financialStatus: 'GOOD',
        daysOverdue: 0,
        pastDueAmount: 0,
        balance: 6150,
        nextDueDate: today,
        autoPay: true,
      },
    ]);
  });

  test('POST financial_status_csv streams text/csv with English headers', async () => {
    const e = await enrolled({ payInFull: true });
    // Its one entry fell due 130 days ago (the standing follows the date: billing/standing.ts).
    const [y, m, d] = today.split('-').map(Number);
    const due = new Date(Date.UTC(y, m - 1, d - 130)).toISOString().slice(0, 10);
    await PaymentSchedule.update({ dueDate: due }, { where: { studentPaymentPlanId: e.plan.id } });
    await StudentPaymentPlan.update({ nextDueDate: due, pastDueAmount: 6150 }, { where: { id: e.plan.id } });
    const res = await send('post', '/api/payment_plans/financial_status_csv', { students: [e.student.student.id] }, support);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="financial-status.csv"');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('Plan ID,Student ID,Full name,Email,Program,Financial status,Days overdue,Past due amount,Balance,Next due date,Auto-pay');
    expect(lines.slice(1)).toEqual([
      `${e.plan.id},${e.student.student.id},${e.student.student.firstName} ${e.student.student.lastName},${e.student.email},${fullProduct.product.name},Collections 2,130,6150.00,6150.00,${due},No`,
    ]);
    expect((await send('post', '/api/payment_plans/financial_status_csv', { nope: true }, support)).status).toBe(400);
  });

  test('GET export: every migrated ACTIVE plan, in id order, with its figures', async () => {
    const e = await enrolled({ payInFull: true, migrated: true });
    await StudentPaymentPlan.update({ migrated: true }, { where: { id: e.plan.id } });
    const res = await get('/api/payment_plans/export?migrated=true&status=ACTIVE', finance);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['Plan ID', 'Application ID', 'Student ID']);
    const ids = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(ids).toContain(e.plan.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const expected = await StudentPaymentPlan.count({ where: { migrated: true, status: 'ACTIVE' } });
    expect(ids).toHaveLength(expected);
    expect(lines.find((l) => l.startsWith(`${e.plan.id},`))).toContain(',Active,Good,0,6150.00,0.00,0.00,6150.00,0.00,');
    expect((await get('/api/payment_plans/export?status=NOPE', finance)).status).toBe(400);
    expect((await get('/api/payment_plans/export')).status).toBe(401);
  });
});

describe('PUT /api/payment_plans/{id}', () => {
  test('name, description and auto-pay (the application follows); logged', async () => {
    const e = await enrolled();
    const res = await send('put', `/api/payment_plans/${e.plan.id}`, { name: 'Renamed plan', description: 'Twelve payments', autoPay: true, installmentAmount: 600 }, finance);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed plan', description: 'Twelve payments', autoPay: true, installmentAmount: 600, terms: { captureMethod: 'automatic' } });
    const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    expect([plan.name, plan.autoPay, Number(plan.installmentAmount)]).toEqual(['Renamed plan', true, 600]);
    expect((await Application.findByPk(e.application.id))!.autoPay).toBe(true);
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_PLAN', entityId: e.plan.id, type: 'UPDATED' } })).toBe(1);
  });

  test('the installment amount is refused once something is paid (409 ALREADY_PROCESSED), nothing changes', async () => {
    const e = await enrolled();
    await pay(e, 500);
    const res = await send('put', `/api/payment_plans/${e.plan.id}`, { name: 'Other', installmentAmount: 1 }, finance);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_PROCESSED', message: Messages.ALREADY_PROCESSED });
    const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    expect([plan.name, Number(plan.installmentAmount)]).toEqual([e.plan.name, Number(e.plan.installmentAmount)]);
  });

  test('400 for a bad body, 403 without payment_plans:update (ADMISSIONS, SUPPORT, a student), 404, 401', async () => {
    const e = await enrolled({ payInFull: true });
    const bad = await send('put', `/api/payment_plans/${e.plan.id}`, { installmentAmount: 1.234, name: '', other: 1 }, finance);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['installmentAmount', 'name', 'other']);
    expect((await send('put', `/api/payment_plans/${e.plan.id}`, { name: 'x' }, admissions)).status).toBe(403);
    expect((await send('put', `/api/payment_plans/${e.plan.id}`, { name: 'x' }, support)).status).toBe(403);
    expect((await send('put', `/api/payment_plans/${e.plan.id}`, { name: 'x' }, e.student.token)).status).toBe(403);
    expect((await send('put', `/api/payment_plans/${MISSING}`, { name: 'x' }, finance)).status).toBe(404);
    expect((await send('put', `/api/payment_plans/${e.plan.id}`, { name: 'x' })).status).toBe(401);
    expect((await StudentPaymentPlan.findByPk(e.plan.id))!.name).toBe(e.plan.name);
  });
});

describe('PATCH flags and status of a plan', () => {
  test('payment_account_blocked and bankruptcy set and lift', async () => {
    const e = await enrolled({ payInFull: true });
    const blocked = await send('patch', `/api/payment_plans/${e.plan.id}/payment_account_blocked`, { paymentAccountBlocked: true }, finance);
    expect(blocked.status).toBe(200);
    expect(blocked.body.paymentAccountBlocked).toBe(true);
    const bankrupt = await send('patch', `/api/payment_plans/${e.plan.id}/bankruptcy`, { bankruptcy: true }, finance);
    expect(bankrupt.body.bankruptcy).toBe(true);
    let plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    expect([plan.paymentAccountBlocked, plan.bankruptcy]).toEqual([true, true]);
    await send('patch', `/api/payment_plans/${e.plan.id}/payment_account_blocked`, { paymentAccountBlocked: false }, finance);
    plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    expect(plan.paymentAccountBlocked).toBe(false);
    expect((await send('patch', `/api/payment_plans/${e.plan.id}/bankruptcy`, {}, finance)).body.errors).toEqual({ bankruptcy: Messages.REQUIRED });
    expect((await send('patch', `/api/payment_plans/${e.plan.id}/bankruptcy`, { bankruptcy: false }, admissions)).status).toBe(403);
  });

  test('financial_status by hand on a plan in bankruptcy (plan and application); 400 for an unknown status', async () => {
    const e = await enrolled({ payInFull: true });
    await StudentPaymentPlan.update({ bankruptcy: true }, { where: { id: e.plan.id } });
    const res = await send('patch', `/api/payment_plans/${e.plan.id}/financial_status`, { financialStatus: 'COLLECTIONS' }, finance);
    expect(res.status).toBe(200);
    expect(res.body.financialStatus).toBe('COLLECTIONS');
    expect((await StudentPaymentPlan.findByPk(e.plan.id))!.financialStatus).toBe('COLLECTIONS');
    expect((await Application.findByPk(e.application.id))!.financialStatus).toBe('COLLECTIONS');
    const bad = await send('patch', `/api/payment_plans/${e.plan.id}/financial_status`, { financialStatus: 'BAD' }, finance);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ financialStatus: Messages.INVALID_VALUE });
    expect((await send('patch', `/api/payment_plans/${MISSING}/financial_status`, { financialStatus: 'GOOD' }, finance)).status).toBe(404);
  });

  test("payment_method: another of the student's cards for the plan and its pending entries; others' or deleted cards 404", async () => {
    const e = await enrolled({ backdateMonths: 1 });
    await pay(e, 500);
    const second = await makeChargeableCard(e.student.student.id, { token: 'tok_mastercard', isDefault: false });
    const res = await send('patch', `/api/payment_plans/${e.plan.id}/payment_method/${second.id}`, {}, finance);
    expect(res.status).toBe(200);
    expect(res.body.terms.paymentMethod).toEqual({ id: second.id, brand: 'mastercard', last4: second.last4 });
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: e.plan.id }, order: [['number', 'ASC']] });
    expect(entries[0].paymentMethodId).not.toBe(second.id);
    expect(entries.slice(1).every((x) => x.paymentMethodId === second.id)).toBe(true);
    const stranger = await makeStudent(t.deps);
    const theirs = await makeChargeableCard(stranger.student.id);
    expect((await send('patch', `/api/payment_plans/${e.plan.id}/payment_method/${theirs.id}`, {}, finance)).status).toBe(404);
    await second.update({ deleted: true });
    const deleted = await send('patch', `/api/payment_plans/${e.plan.id}/payment_method/${second.id}`, {}, finance);
    expect(deleted.status).toBe(404);
    expect(deleted.body.message).toBe('Payment method not found');
  });

  test('mark_as_concluded: ACTIVE → CONCLUDED once; again 409 ALREADY_PROCESSED', async () => {
    const e = await enrolled({ payInFull: true });
    const res = await send('patch', `/api/payment_plans/${e.plan.id}/mark_as_concluded`, {}, finance);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CONCLUDED');
    const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
    expect(plan.status).toBe('CONCLUDED');
    expect(plan.concludedAt).toBeInstanceOf(Date);
    const again = await send('patch', `/api/payment_plans/${e.plan.id}/mark_as_concluded`, {}, finance);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_PROCESSED');
    expect((await send('patch', `/api/payment_plans/${e.plan.id}/mark_as_concluded`, {}, support)).status).toBe(403);
  });

  test("auto_pay: the plan's student may turn it on (application follows); another student 403; staff too", async () => {
    const e = await enrolled({ payInFull: true });
    const res = await send('patch', `/api/payment_plans/${e.plan.id}/auto_pay`, { autoPay: true }, e.student.token);
    expect(res.status).toBe(200);
    expect(res.body.autoPay).toBe(true);
    expect((await StudentPaymentPlan.findByPk(e.plan.id))!.autoPay).toBe(true);
    expect((await Application.findByPk(e.application.id))!.autoPay).toBe(true);
    const other = await makeStudent(t.deps);
    expect((await send('patch', `/api/payment_plans/${e.plan.id}/auto_pay`, { autoPay: false }, other.token)).status).toBe(403);
    expect((await send('patch', `/api/payment_plans/${MISSING}/auto_pay`, { autoPay: false }, other.token)).status).toBe(403);
    const staff = await send('patch', `/api/payment_plans/${e.plan.id}/auto_pay`, { autoPay: false }, finance);
    expect(staff.body.autoPay).toBe(false);
    expect((await Application.findByPk(e.application.id))!.autoPay).toBe(false);
    expect((await send('patch', `/api/payment_plans/${e.plan.id}/auto_pay`, { autoPay: 'yes' }, finance)).status).toBe(400);
  });
});
