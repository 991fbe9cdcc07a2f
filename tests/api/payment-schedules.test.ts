import request from 'supertest';
import { ActivityLog, OutboxMessage, Payment, PaymentSchedule, Student } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { toDisplayDate } from '../../models/dates';
import { Messages } from '../../models/messages';
import { applyPayment } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Back-office spec §7 /payment_schedules (issue 6): the entries search with their student, the
 * installment reminder (outbox, English or Spanish) and a plan's schedule as CSV.
 */

let t: TestApp;
let finance: string;
let support: string;
let admissions: string;
let product: EnrollableProduct;
const today = schoolToday();
const MISSING = 999_999;

beforeAll(async () => {
  t = await setupApp();
  finance = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  admissions = (await makeAdmin(t.deps, { roles: ['ADMISSIONS'] })).token;
  product = await makeEnrollableProduct();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const enrolled = (opts: Parameters<typeof makeEnrolledPlan>[1] = {}) => makeEnrolledPlan(t.deps, { enrollable: product, ...opts });

async function payFirst(e: EnrolledPlan) {
  await t.deps.sequelize.transaction(async (transaction) => {
    const payment = await Payment.create(
      {
        studentId: e.plan.studentId,
        applicationId: e.plan.applicationId,
        studentPaymentPlanId: e.plan.id,
        paymentScheduleId: e.entries[0].id,
        type: 'INSTALLMENT',
        channel: 'CARD',
        amount: Number(e.entries[0].amount),
        paymentDate: today,
      },
      { transaction },
    );
    await applyPayment(payment, today, transaction);
  });
}

const find = (body: unknown, token: string | null, query = '') => {
  const r = request(t.app).post(`/api/payment_schedules/find_by_criteria${query}`);
  return (token ? r.set(bearer(token)) : r).send(body as object);
};
const get = (path: string, token?: string) => (token ? request(t.app).get(path).set(bearer(token)) : request(t.app).get(path));

describe('POST /api/payment_schedules/find_by_criteria', () => {
  test("a student's entries by due date, with the student's name and the plan", async () => {
    const e = await enrolled({ backdateMonths: 1 });
    const res = await find({ students: [e.student.student.id] }, support, '?size=3');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 13, page: 0, size: 3 });
    expect(res.body.content.map((r: { id: number }) => r.id)).toEqual(e.entries.slice(0, 3).map((x) => x.id));
    expect(res.body.content[0]).toMatchObject({
      id: e.entries[0].id,
      studentPaymentPlanId: e.plan.id,
      number: 1,
      kind: 'DEPOSIT',
      dueDate: e.entries[0].dueDate,
      amount: 500,
      amountDue: 500,
      status: 'PENDING',
      studentId: e.student.student.id,
      studentName: `${e.student.student.firstName} ${e.student.student.lastName}`,
      email: e.student.email,
      planName: e.plan.name,
      applicationId: e.application.id,
    });
  });

  test('statuses, dueDate range, amount range, planIds; descending by amount', async () => {
    const e = await enrolled({ backdateMonths: 1 });
    await payFirst(e);
    const paid = await find({ planIds: [e.plan.id], statuses: ['PAID'] }, finance);
    expect(paid.body.content.map((r: { id: number }) => r.id)).toEqual([e.entries[0].id]);
    const due = await find({ planIds: [e.plan.id], statuses: ['PENDING'], dueDate: { from: e.entries[1].dueDate, to: e.entries[2].dueDate } }, finance);
    expect(due.body.content.map((r: { id: number }) => r.id)).toEqual([e.entries[1].id, e.entries[2].id]);
    const big = await find({ planIds: [e.plan.id], amount: { min: 400 } }, finance, '?sortBy=amount&descending=true&size=1');
    expect(big.body.content[0].id).toBe(e.entries[0].id);
    expect(big.body.content[0].amount).toBe(500);
  });

  test('400 for an unknown key or a bad date, 401, 403 for a student', async () => {
    expect((await find({ nope: 1 }, finance)).status).toBe(400);
    const bad = await find({ dueDate: { from: '2026-02-31' } }, finance);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['dueDate.from']);
    expect((await find({}, null)).status).toBe(401);
    const s = await makeStudent(t.deps);
    expect((await find({}, s.token)).status).toBe(403);
  });
});

describe('GET /api/payment_schedules/{id}/send-equal-notification', () => {
  test('emails the student what is left on the entry and its due date; logged', async () => {
    const e = await enrolled();
    const res = await get(`/api/payment_schedules/${e.entries[1].id}/send-equal-notification`, finance);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, to: e.student.email });
    const mails = await OutboxMessage.findAll({ where: { toAddress: e.student.email, templateKey: 'INSTALLMENT_DUE' } });
    expect(mails).toHaveLength(1);
    const amount = `$${Number(e.entries[1].amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(mails[0].subject).toContain(`your installment of ${amount} is due on ${toDisplayDate(e.entries[1].dueDate)}`);
    expect(mails[0].textBody).toContain(`Hello ${e.student.student.firstName},`);
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_SCHEDULE', entityId: e.entries[1].id, category: 'COMMUNICATION' } })).toBe(1);
  });

  test('in Spanish for a student whose language is ES', async () => {
    const e = await enrolled();
    await Student.update({ languageIso2LetterCode: 'ES' }, { where: { id: e.student.student.id } });
    const res = await get(`/api/payment_schedules/${e.entries[0].id}/send-equal-notification`, finance);
    expect(res.status).toBe(200);
    const mail = await OutboxMessage.findOne({ where: { toAddress: e.student.email, templateKey: 'INSTALLMENT_DUE' } });
    expect(mail!.subject).toContain(`vence el ${toDisplayDate(e.entries[0].dueDate)}`);
    expect(mail!.textBody).toContain(`Hola, ${e.student.student.firstName}:`);
    // The text part is wrapped at 80 columns: compare with the line breaks as spaces.
    expect(mail!.textBody.replace(/\s+/g, ' ')).toContain('su cuota de $500.00 vence');
  });

  test('a paid entry is 409 ALREADY_PROCESSED and sends nothing; 404; 403 without payment_plans:update; 401', async () => {
    const e = await enrolled();
    await payFirst(e);
    const res = await get(`/api/payment_schedules/${e.entries[0].id}/send-equal-notification`, finance);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_PROCESSED', message: Messages.ALREADY_PROCESSED });
    expect(await OutboxMessage.count({ where: { toAddress: e.student.email, templateKey: 'INSTALLMENT_DUE' } })).toBe(0);
    expect((await get(`/api/payment_schedules/${MISSING}/send-equal-notification`, finance)).status).toBe(404);
    expect((await get(`/api/payment_schedules/${e.entries[1].id}/send-equal-notification`, support)).status).toBe(403);
    expect((await get(`/api/payment_schedules/${e.entries[1].id}/send-equal-notification`, admissions)).status).toBe(403);
    expect((await get(`/api/payment_schedules/${e.entries[1].id}/send-equal-notification`, e.student.token)).status).toBe(403);
    expect((await get(`/api/payment_schedules/${e.entries[1].id}/send-equal-notification`)).status).toBe(401);
    expect(await OutboxMessage.count({ where: { toAddress: e.student.email, templateKey: 'INSTALLMENT_DUE' } })).toBe(0);
  });
});

describe('GET /api/payment_schedules/{id}/export', () => {
  test("the plan's schedule as CSV, with the name and address columns when asked", async () => {
    const e = await enrolled();
    await payFirst(e);
    const plain = await get(`/api/payment_schedules/${e.plan.id}/export`, support);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    const lines = plain.text.trim().split('\r\n');
    expect(lines[0]).toBe('Number,Kind,Due date,Principal,Interest,Amount,Tax,Paid,Balance,Status');
    expect(lines).toHaveLength(14);
    expect(lines[1]).toBe(`1,Deposit,${e.entries[0].dueDate},500.00,0.00,500.00,0.00,500.00,${Number(e.entries[0].balance).toFixed(2)},Paid`);
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: e.plan.id }, order: [['number', 'ASC']] });
    const last = entries[12];
    expect(lines[13]).toBe(
      `13,Installment,${last.dueDate},${Number(last.principal).toFixed(2)},${Number(last.interest).toFixed(2)},${Number(last.amount).toFixed(2)},0.00,0.00,${Number(last.balance).toFixed(2)},Pending`,
    );
    const full = await get(`/api/payment_schedules/${e.plan.id}/export?fullName=true&address=true`, support);
    const fullLines = full.text.trim().split('\r\n');
    expect(fullLines[0]).toBe('Number,Kind,Due date,Principal,Interest,Amount,Tax,Paid,Balance,Status,Full name,Address');
    expect(fullLines[1].endsWith(`,Sam ${e.student.student.lastName},"1 Main St, Newark, NJ 07102, US"`)).toBe(true);
  });

  test('404 for an unknown plan, 400 for a bad flag, 403 for a student, 401', async () => {
    const e = await enrolled();
    expect((await get(`/api/payment_schedules/${MISSING}/export`, support)).status).toBe(404);
    expect((await get(`/api/payment_schedules/${e.plan.id}/export?fullName=maybe`, support)).status).toBe(400);
    expect((await get(`/api/payment_schedules/${e.plan.id}/export`, e.student.token)).status).toBe(403);
    expect((await get(`/api/payment_schedules/${e.plan.id}/export`)).status).toBe(401);
  });
});
