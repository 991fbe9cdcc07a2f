import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { ActivityLog, Application, ApplicationCohort, JobSchedule, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { addDays } from '../../domain/rules/analytics';
import { OVERLAP_MS, refreshAnalytics, schoolDayOf } from '../../api/analytics/refresh';
import { registerCatalogueJobs } from '../../api/jobs/jobs';
import { jobOf, type JobContext } from '../../api/jobs/registry';
import { setupApp, type TestApp } from '../support/app';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { makeCohort } from '../support/catalogue-factories';

/**
 * The analytics summaries stay exact and fresh (api/analytics/refresh.ts): every write a chart depends on
 * shows in the next answer. Tables are shared on MariaDB: each test's rows sit in a year of its own
 * (2010–2016) or under a product of its own, and every answer is filtered so.
 */

let t: TestApp;
let admin: string;
const today = schoolToday();

beforeAll(async () => {
  t = await setupApp();
  admin = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
});
afterAll(() => t.close());

type Answer = { labels: string[]; series: Array<{ name: string; data: number[] }>; total: number };
async function ok(kind: string, body: Record<string, unknown> = {}): Promise<Answer> {
  const res = await request(t.app).post(`/api/analytics/admin/${kind}`).set(bearer(admin)).send(body);
  expect([res.status, res.body]).toEqual([200, expect.anything()]);
  return res.body as Answer;
}

/** A raw UPDATE of a time stamp (noon UTC of `day`), leaving updated_at as it is. */
async function stamp(table: string, id: number, day: string, column = 'created_at') {
  await t.deps.sequelize.query(`UPDATE ${table} SET ${column} = :at WHERE id = :id`, { replacements: { at: new Date(`${day}T12:00:00.000Z`), id } });
}
async function applicationOn(p: EnrollableProduct, day: string, fields: Partial<Application['_creationAttributes']> = {}) {
  const a = await makeApplication((await makeStudent(t.deps)).student.id, p, { chosen: true, status: fields.status ?? 'CREATED', fields });
  await stamp('applications', a.id, day);
  return a;
}
const byName = (a: Answer) => Object.fromEntries(a.series.map((s) => [s.name, s.data.reduce((x, y) => x + y, 0)]));

describe('applications', () => {
  test('when an application changes status, product or cohort, or goes, then every applications kind answers it at once', async () => {
    const p = await makeEnrollableProduct();
    const q = await makeEnrollableProduct();
    const range = { startDate: '2010-05-01', endDate: '2010-05-31' };
    const a = await applicationOn(p, '2010-05-05', { source: 'WEBSITE' });
    const b = await applicationOn(p, '2010-05-06', { source: 'PHONE' });
    expect(byName(await ok('applications', { ...range, productId: p.product.id }))).toEqual({ CREATED: 2 });

    // A status change (as the status machine writes it: Model.update, updated_at bumped).
    await Application.update({ status: 'APPLIED' }, { where: { id: a.id } });
    expect(byName(await ok('applications', { ...range, productId: p.product.id }))).toEqual({ CREATED: 1, APPLIED: 1 });
    expect((await ok('applications_source', { ...range, productId: p.product.id, status: 'APPLIED' })).labels).toEqual(['WEBSITE']);

    // Another product.
    await Application.update({ productId: q.product.id }, { where: { id: b.id } });
    expect((await ok('applications', { ...range, productId: p.product.id })).total).toBe(1);
    expect(await ok('applications_product', { ...range, productId: q.product.id })).toEqual({ labels: [q.product.name], series: [{ name: 'applications', data: [1] }], total: 1 });

    // A transfer to another cohort of the program (the application's cohort row repointed).
    const other = await makeCohort({ program: p.programs[0] });
    const row = (await ApplicationCohort.findOne({ where: { applicationId: a.id } }))!;
    await row.update({ cohortId: other.id });
    expect(await ok('applications_cohort', { ...range, productId: p.product.id })).toEqual({ labels: [other.label], series: [{ name: 'applications', data: [1] }], total: 1 });
    // The cohort removed (a delete: no time stamp), then the program filter finds nothing.
    await row.destroy();
    expect((await ok('applications_cohort', { ...range, productId: p.product.id })).total).toBe(0);
    expect((await ok('applications', { ...range, programId: p.programs[0].id, productId: p.product.id })).total).toBe(0);

    // A delete (cascading to what the application has).
    await Application.destroy({ where: { id: a.id } });
    expect((await ok('applications', { ...range, productId: p.product.id })).total).toBe(0);
    expect(await ok('applications', { ...range, productId: q.product.id })).toMatchObject({ total: 1, series: [{ name: 'CREATED' }] });
  });

  test('when a raw UPDATE moves a creation day without touching updated_at, then the refresh still sees it within the overlap', async () => {
    const p = await makeEnrollableProduct();
    const a = await applicationOn(p, '2011-03-03');
    const range = { startDate: '2011-03-01', endDate: '2011-03-10', productId: p.product.id };
    expect((await ok('applications', range)).series).toEqual([{ name: 'CREATED', data: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0] }]);
    await stamp('applications', a.id, '2011-03-09');
    expect((await ok('applications', range)).series).toEqual([{ name: 'CREATED', data: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0] }]);
    expect(OVERLAP_MS).toBeGreaterThanOrEqual(60_000);
  });

  test('when an application is enrolled, or its student moves country, then top_country_enrollments answers it', async () => {
    const p = await makeEnrollableProduct();
    const s = await makeStudent(t.deps, { countryCode: 'CA' });
    const a = await makeApplication(s.student.id, p, { status: 'APPLIED' });
    const range = { startDate: '2012-01-01', endDate: '2012-01-31', productId: p.product.id };
    expect((await ok('top_country_enrollments', range)).total).toBe(0);
    await Application.update({ status: 'ENROLLED', enrolledAt: new Date('2012-01-10T15:00:00Z') }, { where: { id: a.id } });
    expect(await ok('top_country_enrollments', range)).toEqual({ labels: ['CA'], series: [{ name: 'enrollments', data: [1] }], total: 1 });
    await Student.update({ countryCode: 'MX' }, { where: { id: s.student.id } });
    expect((await ok('top_country_enrollments', range)).labels).toEqual(['MX']);
  });
});

describe('payments', () => {
  async function plan() {
    const product = await makeEnrollableProduct();
    const s = await makeStudent(t.deps);
    const application = await makeApplication(s.student.id, product, { status: 'ENROLLED', chosen: true });
    const row = await StudentPaymentPlan.create({
      applicationId: application.id,
      studentId: s.student.id,
      productPaymentPlanId: null,
      voucherId: null,
      name: 'Refresh plan',
      description: null,
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_TERMS',
      frequency: '1',
      frequencyUnit: 'MONTH',
      interestRate: null,
      flowType: null,
      firstPaymentDate: null,
      lastPaymentDate: null,
      nextDueDate: null,
      status: 'ACTIVE',
      bankruptcy: false,
      financialStatus: 'GOOD',
      updatedById: null,
      updatedByName: null,
    });
    return { product, application, plan: row };
  }
  let n = 0;
  const entry = (planId: number, dueDate: string, amount: number, paidAmount = 0) =>
    PaymentSchedule.create({
      studentPaymentPlanId: planId,
      number: ++n,
      kind: 'INSTALLMENT',
      dueDate,
      principal: amount,
      interest: 0,
      amount,
      balance: 0,
      taxAmount: 0,
      paidAmount,
      status: paidAmount >= amount ? 'PAID' : 'PENDING',
    });

  test('when an entry is paid, moved or deleted, or its application changes product, then payments_schedules and transactions_past_due answer it at once', async () => {
    const { product, application, plan: p } = await plan();
    const e1 = await entry(p.id, '2013-02-10', 100);
    const e2 = await entry(p.id, addDays(today, -40), 30.25);
    const range = { startDate: '2013-01-01', endDate: '2013-03-31', productId: product.product.id };
    const pastDue = { productId: product.product.id };
    expect((await ok('payments_schedules', range)).series).toEqual([
      { name: 'due', data: [0, 100, 0] },
      { name: 'paid', data: [0, 0, 0] },
    ]);
    expect(await ok('transactions_past_due', pastDue)).toMatchObject({ series: [{ name: 'amount', data: [0, 30.25, 0, 100] }], total: 130.25 });

    // A payment (as the payment pipeline writes it).
    await e1.update({ paidAmount: 100, status: 'PAID' });
    await e2.update({ paidAmount: 10.25 });
    expect((await ok('payments_schedules', range)).series[1]).toEqual({ name: 'paid', data: [0, 100, 0] });
    expect(await ok('transactions_past_due', pastDue)).toMatchObject({ series: [{ name: 'amount', data: [0, 20, 0, 0] }], total: 20 });

    // A due date moved, then the entry deleted.
    await e2.update({ dueDate: addDays(today, -100) });
    expect((await ok('transactions_past_due', pastDue)).series[0].data).toEqual([0, 0, 0, 20]);
    await e2.destroy();
    expect((await ok('transactions_past_due', pastDue)).total).toBe(0);

    // The application moves to another product: its plan's entries follow.
    const other = await makeEnrollableProduct();
    await Application.update({ productId: other.product.id }, { where: { id: application.id } });
    expect((await ok('payments_schedules', range)).total).toBe(0);
    expect((await ok('payments_schedules', { ...range, productId: other.product.id })).total).toBe(100);

    // The application deleted: its plan and entries go with it (cascade).
    await Application.destroy({ where: { id: application.id } });
    expect(await ok('payments_schedules', { ...range, productId: other.product.id })).toEqual({ labels: ['2013-01', '2013-02', '2013-03'], series: [], total: 0 });
  });
});

describe('students_logged', () => {
  async function signInOn(who: { user: { id: number }; student: { id: number } }, at: string) {
    const entry = await ActivityLog.create({
      entityType: 'USER',
      entityId: who.user.id,
      studentId: who.student.id,
      category: 'SECURITY',
      type: 'SIGNED_IN',
      actorUserId: who.user.id,
      actorName: 'x',
    });
    await t.deps.sequelize.query('UPDATE activity_logs SET created_at = :at WHERE id = :id', { replacements: { at: new Date(at), id: entry.id } });
  }

  test('when students sign in on several days, then each bucket and the range count distinct students exactly (weeks, months)', async () => {
    const p = await makeEnrollableProduct();
    const a = await makeStudent(t.deps);
    const b = await makeStudent(t.deps);
    await makeApplication(a.student.id, p);
    await makeApplication(b.student.id, p);
    const filter = { productId: p.product.id };
    for (const day of ['2014-01-02', '2014-01-03', '2014-01-09', '2014-03-20']) await signInOn(a, `${day}T15:00:00Z`);
    for (const day of ['2014-01-08', '2014-02-14']) await signInOn(b, `${day}T15:00:00Z`);
    await signInOn(b, '2014-02-15T03:00:00Z'); // Feb 14, 10 pm in New York: the same school day
    // Weeks from Jan 1: a in weeks 0, 1 and 11; b in weeks 1 and 6.
    const weeks = await ok('students_logged', { ...filter, startDate: '2014-01-01', endDate: '2014-03-31' });
    expect(weeks.series[0].data.slice(0, 12)).toEqual([1, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(weeks.total).toBe(2);
    // A range that starts after a's earlier sign-ins still counts a once.
    expect(await ok('students_logged', { ...filter, startDate: '2014-01-05', endDate: '2014-01-10' })).toMatchObject({ series: [{ data: [0, 0, 0, 1, 1, 0] }], total: 2 });
    const months = await ok('students_logged', { ...filter, startDate: '2013-12-15', endDate: '2014-12-31' });
    expect([months.labels.slice(0, 5), months.series[0].data.slice(0, 5), months.total]).toEqual([['2013-12', '2014-01', '2014-02', '2014-03', '2014-04'], [0, 2, 1, 1, 0], 2]);
  });

  test('when a student applies to a product, then their earlier sign-ins count under its filter', async () => {
    const p = await makeEnrollableProduct();
    const s = await makeStudent(t.deps);
    await signInOn(s, '2015-06-10T15:00:00Z');
    const body = { startDate: '2015-06-01', endDate: '2015-06-30', productId: p.product.id };
    expect((await ok('students_logged', body)).total).toBe(0);
    await makeApplication(s.student.id, p);
    expect((await ok('students_logged', body)).total).toBe(1);
    expect((await ok('students_logged', { ...body, programId: p.programs[0].id })).total).toBe(0);
    const app = (await Application.findOne({ where: { studentId: s.student.id } }))!;
    await ApplicationCohort.create({ applicationId: app.id, programId: p.programs[0].id, cohortId: p.cohorts[0].id });
    expect((await ok('students_logged', { ...body, programId: p.programs[0].id })).total).toBe(1);
  });

  test('when a student signs in, then the day is recorded at once (one row however many times) and counted', async () => {
    const p = await makeEnrollableProduct();
    const c = await makeStudent(t.deps);
    await makeApplication(c.student.id, p);
    for (let i = 0; i < 2; i++) {
      const res = await request(t.app).post('/api/auth/signin/customer').send({ email: c.email, password: c.password });
      expect(res.status).toBe(200);
    }
    const rows = await t.deps.sequelize.query<{ day: string }>('SELECT day FROM analytics_sign_ins WHERE student_id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: c.student.id },
    });
    expect(rows.map((r) => r.day)).toEqual([schoolDayOf(new Date())]);
    expect(await ok('students_logged', { startDate: today, endDate: today, productId: p.product.id })).toEqual({
      labels: [today],
      series: [{ name: 'students', data: [1] }],
      total: 1,
    });
  });
  test('when two students are merged, then the kept one has both sign-in histories, counted once a day', async () => {
    const p = await makeEnrollableProduct();
    const keep = await makeStudent(t.deps);
    const merged = await makeStudent(t.deps);
    await makeApplication(keep.student.id, p);
    await makeApplication(merged.student.id, p);
    await signInOn(keep, '2017-05-02T15:00:00Z');
    await signInOn(merged, '2017-05-02T16:00:00Z');
    await signInOn(merged, '2017-05-03T16:00:00Z');
    const body = { startDate: '2017-05-01', endDate: '2017-05-04', productId: p.product.id };
    expect(await ok('students_logged', body)).toMatchObject({ series: [{ data: [0, 2, 1, 0] }], total: 2 });
    const merger = await makeAdmin(t.deps, { roles: ['SUPER_ADMIN'] });
    const res = await request(t.app).post('/api/students/merge').set(bearer(merger.token)).send({ keepId: keep.student.id, mergeId: merged.student.id });
    expect(res.status).toBe(200);
    expect(await ok('students_logged', body)).toMatchObject({ series: [{ data: [0, 1, 1, 0] }], total: 1 });
  });
});

describe('the refresh', () => {
  test('when nothing changed, then it writes nothing; at the same time, requests share refreshes and answer alike', async () => {
    await refreshAnalytics(t.deps.sequelize);
    const again = await refreshAnalytics(t.deps.sequelize);
    expect(again.build).toBe(false);
    // (On MariaDB other suites write at the same time.)
    if (t.deps.sequelize.getDialect() === 'sqlite') expect(again.rows).toBe(0);
    const p = await makeEnrollableProduct();
    await applicationOn(p, '2016-04-04');
    const answers = await Promise.all(Array.from({ length: 6 }, () => ok('applications_product', { startDate: '2016-04-01', endDate: '2016-04-30', productId: p.product.id })));
    for (const a of answers) expect(a.total).toBe(1);
  });

  test('when rebuilt from scratch or pruned by the job, then the answers are the same; the ANALYTICS_REFRESH schedule exists', async () => {
    const p = await makeEnrollableProduct();
    const a = await applicationOn(p, '2016-08-08');
    await applicationOn(p, '2016-08-09', { status: 'APPLIED' });
    const body = { startDate: '2016-08-01', endDate: '2016-08-31', productId: p.product.id };
    const before = await ok('applications', body);
    await Application.update({ status: 'APPLIED' }, { where: { id: a.id } });
    const after = await ok('applications', body);
    expect(byName(after)).toEqual({ APPLIED: 2 });
    await refreshAnalytics(t.deps.sequelize, { prune: true });
    const zero = await t.deps.sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM analytics_applications WHERE n = 0', { type: QueryTypes.SELECT });
    expect(Number(zero[0].n)).toBe(0);
    await refreshAnalytics(t.deps.sequelize, { rebuild: true });
    expect(await ok('applications', body)).toEqual(after);
    expect(before.total).toBe(2);
    const schedule = await JobSchedule.findOne({ where: { type: 'ANALYTICS_REFRESH' } });
    expect(schedule).toMatchObject({ status: 'ACTIVE', cronExpression: '*/5 * * * *' });
  });

  test('when the ANALYTICS_REFRESH job runs after a write, then it brings the summaries up to date and says what changed', async () => {
    registerCatalogueJobs();
    const p = await makeEnrollableProduct();
    await refreshAnalytics(t.deps.sequelize);
    await applicationOn(p, '2016-10-10');
    const run = jobOf('ANALYTICS_REFRESH')!;
    const result = await run({
      deps: t.deps,
      params: {},
      today,
      signal: new AbortController().signal,
      log: t.deps.log,
      progress: () => undefined,
      scheduleId: 0,
      runId: 0,
    } as JobContext);
    expect(result.count).toBeGreaterThan(0);
    expect(result.note).toMatch(/application\(s\)/);
    const rows = await t.deps.sequelize.query<{ n: number }>("SELECT SUM(n) AS n FROM analytics_applications WHERE fp = 0 AND day = '2016-10-10' AND product_id = :product", {
      type: QueryTypes.SELECT,
      replacements: { product: p.product.id },
    });
    expect(Number(rows[0].n)).toBe(1);
  });
});
