import { Op } from 'sequelize';
import request from 'supertest';
import {
  Administrator,
  Application,
  Coach,
  Cohort,
  ExternalPayment,
  FailedPayment,
  LedgerEntry,
  Payment,
  PaymentSchedule,
  Product,
  ProductItem,
  ProductPaymentPlan,
  Program,
  ProgramPaymentPlan,
  Refund,
  RefundTransaction,
  Role,
  Student,
  StudentPaymentPlan,
  User,
} from '../../models';
import { bearer, makeAdmin } from '../support/factories';
import { addMonths } from '../../api/payment-plans/schedule';
import { expectLedgerConsistent } from '../support/ledger-invariants';
import { ageOn, normalisePhone } from '../../models/validation';
import { DEMO_ADMINS, DEMO_COACH_EMAIL, DEMO_PAYING_STUDENT_EMAIL, DEMO_STUDENT_COUNT, DEMO_STUDENT_EMAIL, demoPeople, seedDemo } from '../../seeders/demo';
import { seedBulkStudents } from '../../seeders/bulk';
import { DEMO_PROGRAM_NAME, shiftMonths } from '../../seeders/catalogue-demo';
import { cohortStatusOn, isEnrolling, schoolToday } from '../../models/catalogue';
import { setupApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const adultCutoff = (() => {
  const d = new Date();
  return `${d.getUTCFullYear() - 18}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
})();

describe('seedDemo', () => {
  test('creates the role administrators, the demo accounts and ≥ 240 valid students; a second run adds nothing', async () => {
    // Tests may share a MariaDB database where the demo already ran: then seedDemo skips what exists.
    const alreadySeeded = (await User.count({ where: { email: DEMO_STUDENT_EMAIL } })) > 0;
    const before = await Student.count();
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const after = await Student.count();
    if (!alreadySeeded) expect(after - before).toBeGreaterThanOrEqual(DEMO_STUDENT_COUNT + 3);
    expect(DEMO_STUDENT_COUNT).toBeGreaterThanOrEqual(240);

    for (const a of DEMO_ADMINS) {
      const admin = await Administrator.findOne({ where: { email: a.email }, include: [{ model: Role, as: 'roles' }] });
      expect(admin).not.toBeNull();
      expect(admin!.roles!.map((r) => r.name)).toContain(a.role);
      const user = await User.unscoped().findByPk(admin!.userId as number);
      expect(user!.kind).toBe('ADMIN');
      expect(user!.passwordHash).toMatch(/^\$2[aby]\$/);
    }

    const maria = await Student.findOne({ where: { email: DEMO_STUDENT_EMAIL } });
    expect(maria).toMatchObject({ firstName: 'Maria', lastName: 'Gonzalez', languageIso2LetterCode: 'ES', isStudent: true });
    expect((await User.unscoped().findOne({ where: { email: DEMO_STUDENT_EMAIL } }))!.passwordHash).toMatch(/^\$2[aby]\$\d{2}\$/);
    const coachUser = await User.findOne({ where: { email: DEMO_COACH_EMAIL } });
    expect(coachUser!.kind).toBe('COACH');
    expect(await Coach.count({ where: { userId: coachUser!.id } })).toBe(1);
    expect(await Student.count({ where: { userId: coachUser!.id } })).toBe(1);
    // The demo coach signs in at the portal's door (issue 19) and has the coach's fields.
    const coachSignIn = await request(t.app).post('/api/auth/signin/customer').send({ email: DEMO_COACH_EMAIL, password: 'Demo12345' });
    expect(coachSignIn.status).toBe(200);
    const demoCoach = (await Coach.findOne({ where: { userId: coachUser!.id } }))!;
    expect(coachSignIn.body.coach).toEqual({ id: demoCoach.id });
    expect(demoCoach.languages).toContain('EN');

    const emails = demoPeople().map((p) => p.email);
    const students = await Student.findAll({ where: { email: { [Op.in]: emails } } });
    expect(students.length).toBe(DEMO_STUDENT_COUNT);
    for (const s of students) {
      expect(s.mobilePhone && normalisePhone(s.mobilePhone, true).value).toBe(s.mobilePhone);
      for (const other of [s.homePhone, s.workPhone]) if (other) expect(normalisePhone(other, false).value).toBe(other);
      expect(s.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(s.city).toMatch(/\p{L}{2}/u);
      expect(s.street1).toMatch(/^(?=.*\d)(?=.*\p{L}{2}).+$/u);
      expect(s.dateOfBirth! <= adultCutoff).toBe(true);
      expect(ageOn(s.dateOfBirth!)).toBeGreaterThanOrEqual(18);
    }
    // Variety the screens rely on: customers, inactive accounts, Spanish speakers, other countries, no passwords.
    expect(students.filter((s) => !s.isStudent).length).toBeGreaterThan(15);
    expect(students.filter((s) => !s.active).length).toBeGreaterThan(0);
    expect(students.filter((s) => s.languageIso2LetterCode === 'ES').length).toBeGreaterThan(5);
    expect(new Set(students.map((s) => s.countryCode)).size).toBeGreaterThan(1);
    const users = await User.unscoped().findAll({ where: { email: { [Op.in]: emails } } });
    expect(users.every((u) => u.kind === 'STUDENT' && u.passwordHash === null)).toBe(true);

    // Idempotent: nothing is added the second time.
    const again = await Student.count();
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    expect(await Student.count()).toBe(again);
  });
});

describe('the demo catalogue', () => {
  test('programs, cohorts whose status matches their dates, and published products enrolling today with plans and items; seeded once', async () => {
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const today = schoolToday();
    const flagship = await Program.findOne({ where: { name: DEMO_PROGRAM_NAME } });
    expect(flagship).not.toBeNull();
    const cohorts = await Cohort.findAll({ where: { programId: flagship!.id } });
    expect(cohorts.length).toBe(4);
    for (const c of cohorts) {
      expect(c.status).toBe(cohortStatusOn(c, today));
      expect(c.label).toMatch(new RegExp(`^${DEMO_PROGRAM_NAME} \\d{2}-\\d{2}-\\d{4} - \\d{2}-\\d{2}-\\d{4}$`));
    }
    expect(cohorts.map((c) => c.status).sort()).toEqual(['ACTIVE', 'COMPLETED', 'CREATED', 'CREATED']);
    const plans = await ProgramPaymentPlan.findAll({ where: { programId: flagship!.id } });
    expect(plans.filter((p) => p.isDefault).map((p) => p.name)).toEqual(['12 monthly payments']);

    const items = await ProductItem.findAll({ where: { cohortId: cohorts.map((c) => c.id) } });
    // The flagship product offers the two upcoming classes.
    expect(items.length).toBe(2);
    expect(new Set(items.map((i) => i.productId)).size).toBe(1);
    const product = await Product.findByPk(items[0].productId);
    expect(product).toMatchObject({ published: true, deleted: false, flowType: 'HCTP' });
    expect(isEnrolling(product!, today)).toBe(true);
    expect(await ProductPaymentPlan.count({ where: { productId: product!.id } })).toBe(2);

    const programs = await Program.count();
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    expect(await Program.count()).toBe(programs);
  });

  test('shiftMonths moves across year ends and clamps the day', () => {
    expect(shiftMonths('2026-11-21', 2, 15)).toBe('2027-01-15');
    expect(shiftMonths('2026-01-31', -1, 31)).toBe('2025-12-28');
    expect(shiftMonths('2026-06-10', -18)).toBe('2024-12-01');
  });
});

describe('seedBulkStudents', () => {
  test('adds exactly n students, each with its STUDENT user', async () => {
    const students = await Student.count();
    const users = await User.count();
    const result = await seedBulkStudents(t.deps.sequelize, 500, { batchSize: 200, log: false });
    expect(result.inserted).toBe(500);
    expect(await Student.count()).toBe(students + 500);
    expect(await User.count()).toBe(users + 500);
    const rows = await Student.findAll({ where: { id: { [Op.between]: [result.firstStudentId, result.lastStudentId] } }, include: [{ model: User, as: 'user' }] });
    expect(rows.length).toBe(500);
    expect(rows.every((r) => r.user?.kind === 'STUDENT' && r.user.email === r.email)).toBe(true);
    expect(rows.every((r) => normalisePhone(r.mobilePhone!, true).value === r.mobilePhone)).toBe(true);
    expect(new Set(rows.map((r) => r.lastName)).size).toBeGreaterThan(200);
  });
});

describe('the demo billing', () => {
  test('the paying student: ENROLLED three months ago, deposit and first installment paid by card, PAST_DUE; a check, a failed auto-pay and a refund waiting for staff', async () => {
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const student = await Student.findOne({ where: { email: DEMO_PAYING_STUDENT_EMAIL } });
    expect(student).toMatchObject({ firstName: 'James', lastName: 'Carter' });
    const plans = await StudentPaymentPlan.findAll({ where: { studentId: student!.id } });
    expect(plans.length).toBe(1);
    const plan = plans[0];
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
    const payments = await Payment.findAll({ where: { studentPaymentPlanId: plan.id, status: 'ACCEPTED' }, order: [['id', 'ASC']] });
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect(payments.map((p) => cents(p.amount))).toEqual(entries.slice(0, 2).map((e) => cents(e.amount)));
    expect(entries.slice(0, 2).map((e) => e.status)).toEqual(['PAID', 'PAID']);
    expect(cents(plan.totalPaid)).toBe(cents(entries[0].amount) + cents(entries[1].amount));
    expect(plan.financialStatus).toBe('PAST_DUE');
    expect(plan.nextDueDate).toBe(entries[2].dueDate);
    expect(await ExternalPayment.count({ where: { studentPaymentPlanId: plan.id, status: 'PENDING' } })).toBe(1);
    expect(await FailedPayment.count({ where: { studentPaymentPlanId: plan.id, status: 'FAILED' } })).toBe(1);
    expect(await Refund.count({ where: { studentPaymentPlanId: plan.id, status: 'REQUESTED', source: 'CUSTOM' } })).toBe(1);
    await expectLedgerConsistent();
  });

  test('the account history dates each line on its own event: the plan on the day it was issued, each payment on its payment date (as the Payments tab shows)', async () => {
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const student = (await Student.findOne({ where: { email: DEMO_PAYING_STUDENT_EMAIL } }))!;
    const application = (await Application.findOne({ where: { studentId: student.id } }))!;
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    const history = await request(t.app).get(`/api/students/${student.id}/account_history?size=50`).set(bearer(finance.token));
    const payments = await request(t.app).get(`/api/students/${student.id}/payments?size=50`).set(bearer(finance.token));
    expect(history.status).toBe(200);
    expect(payments.status).toBe(200);
    const dayOf = (instant: string | Date) => schoolToday(new Date(instant));
    const today = schoolToday();

    // The plan was issued when the student enrolled, three months back; its line says so.
    const issued = history.body.content.filter((l: { kind: string }) => l.kind === 'PLAN_ISSUED');
    expect(issued.length).toBe(1);
    expect(dayOf(application.enrolledAt!) <= addMonths(today, -3)).toBe(true);
    expect(dayOf(issued[0].eventDate)).toBe(dayOf(application.enrolledAt!));

    // Each card payment's line is dated on the day the payment was made, the day the Payments tab shows.
    const accepted = payments.body.content.filter((p: { status: string }) => p.status === 'ACCEPTED');
    expect(accepted.length).toBe(2);
    for (const p of accepted as Array<{ id: number; paymentDate: string; processedAt: string }>) {
      const lines = history.body.content.filter((l: { paymentId: number | null }) => l.paymentId === p.id);
      expect(lines.length).toBe(1);
      expect(dayOf(lines[0].eventDate)).toBe(p.paymentDate);
      expect(dayOf(p.processedAt)).toBe(p.paymentDate);
      expect(p.paymentDate < today).toBe(true);
    }
    // Stored the same way: no line of the demo plan is dated on the seeding day, and the dates follow the order they were written in.
    const stored = await LedgerEntry.findAll({ where: { studentId: student.id }, order: [['id', 'ASC']] });
    expect(stored.length).toBe(3);
    expect(stored.every((l) => dayOf(l.eventDate) < today)).toBe(true);
    expect(stored.map((l) => l.eventDate.getTime())).toEqual([...stored.map((l) => l.eventDate.getTime())].sort((a, b) => a - b));
    await expectLedgerConsistent();
  });

  test("the paying student's Activity tab is not empty: the plan issued and the card payments on their own dates, then the staff's queue items", async () => {
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const student = (await Student.findOne({ where: { email: DEMO_PAYING_STUDENT_EMAIL } }))!;
    const admin = await makeAdmin(t.deps);
    const res = await request(t.app).get(`/api/students/${student.id}/activity_log?size=50`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    // The emails the scheduled notices send (other suites run those jobs over a shared MariaDB database) are not the demo's own.
    const entries = [...(res.body.content as Array<{ type: string; category: string; entityType: string; activityDate: string; description: string }>)]
      .reverse()
      .filter((e) => e.category !== 'COMMUNICATION');
    expect(entries.map((e) => [e.category, e.type, e.entityType])).toEqual([
      ['BILLING', 'PLAN_ISSUED', 'PAYMENT_PLAN'],
      ['BILLING', 'PAYMENT_ACCEPTED', 'PAYMENT'],
      ['BILLING', 'PAYMENT_ACCEPTED', 'PAYMENT'],
      ['BILLING', 'CREATED', 'EXTERNAL_PAYMENT'],
      ['BILLING', 'CREATED', 'REFUND'],
    ]);
    const history = await LedgerEntry.findAll({ where: { studentId: student.id }, order: [['id', 'ASC']] });
    expect(entries.slice(0, 3).map((e) => new Date(e.activityDate).getTime())).toEqual(history.map((l) => l.eventDate.getTime()));
    expect(entries[1].description).toMatch(/^Enrollment payment \(visa ending 4242\) accepted: \$/);
    expect(schoolToday(new Date(entries[3].activityDate))).toBe(schoolToday());
  });

  test('the demo refund, approved and submitted online by finance, goes back to a seeded card payment through the sandbox gateway', async () => {
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const student = (await Student.findOne({ where: { email: DEMO_PAYING_STUDENT_EMAIL } }))!;
    const refund = (await Refund.findOne({ where: { studentId: student.id, source: 'CUSTOM', status: 'REQUESTED' } }))!;
    expect(refund).not.toBeNull();
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    const approved = await request(t.app).patch(`/api/refund_queues/${refund.id}/status?status=APPROVED`).set(bearer(finance.token));
    expect(approved.status).toBe(200);
    const submitted = await request(t.app).post(`/api/refund_queues/${refund.id}/submit`).set(bearer(finance.token)).send({ refundType: 'ONLINE' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', refundType: 'ONLINE', totalRefunded: 50 });

    // The gateway gave $50 back against the newest seeded card payment, and the ledger moved.
    const [part] = await RefundTransaction.findAll({ where: { refundId: refund.id } });
    expect(part).toMatchObject({ kind: 'ONLINE', status: 'SUCCEEDED', gateway: 'SANDBOX', failureMessage: null });
    expect(part.gatewayRefundId).toMatch(/^re_sandbox_/);
    const payment = (await Payment.findByPk(part.paymentId!))!;
    expect(payment).toMatchObject({ studentId: student.id, status: 'ACCEPTED', channel: 'CARD', gateway: 'SANDBOX' });
    expect(Math.round(Number(payment.refundedAmount) * 100)).toBe(5000);
    const plan = (await StudentPaymentPlan.findByPk(refund.studentPaymentPlanId!))!;
    expect(Math.round(Number(plan.totalRefunds) * 100)).toBe(5000);
    expect(await LedgerEntry.count({ where: { studentPaymentPlanId: plan.id, kind: 'REFUND', refundId: refund.id } })).toBe(1);
    await expectLedgerConsistent();
  });
});
