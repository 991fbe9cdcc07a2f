import request from 'supertest';
import { ActivityLog, Application, BusinessCategory, PaymentSchedule, Role, Student, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { addDays } from '../../domain/rules/analytics';
import { setupApp, type TestApp } from '../support/app';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { categoryNamed, makeCohort, makeProduct, makeProgram } from '../support/catalogue-factories';

/**
 * POST /api/analytics/admin/{kind} (issue 20). Tables are shared on MariaDB, so each kind's data sits
 * in a year nobody else writes (2003–2008) or under a product of its own, and the answers are exact.
 */

let t: TestApp;
let support: string;
const today = schoolToday();

beforeAll(async () => {
  t = await setupApp();
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
});
afterAll(() => t.close());

async function post(kind: string, body: Record<string, unknown> = {}, token = support) {
  return request(t.app).post(`/api/analytics/admin/${kind}`).set(bearer(token)).send(body);
}
async function ok(kind: string, body: Record<string, unknown> = {}) {
  const res = await post(kind, body);
  expect([res.status, res.body]).toEqual([200, expect.anything()]);
  return res.body as { labels: string[]; series: Array<{ name: string; data: number[] }>; total: number };
}

/** Sets a row's time stamp (created_at or another column) to noon UTC of `day`. */
async function stamp(table: string, id: number, day: string, column = 'created_at') {
  await t.deps.sequelize.query(`UPDATE ${table} SET ${column} = :at WHERE id = :id`, { replacements: { at: new Date(`${day}T12:00:00.000Z`), id } });
}

async function applicationOn(enrollable: EnrollableProduct, day: string, fields: Partial<Application['_creationAttributes']> = {}, student?: number) {
  const studentId = student ?? (await makeStudent(t.deps)).student.id;
  const a = await makeApplication(studentId, enrollable, { chosen: true, status: fields.status ?? 'CREATED', fields });
  await stamp('applications', a.id, day);
  return a;
}

const zeros = (n: number) => Array.from({ length: n }, () => 0);

describe('applications kinds (2004)', () => {
  let p: EnrollableProduct;
  let q: EnrollableProduct;
  let other: BusinessCategory;
  beforeAll(async () => {
    p = await makeEnrollableProduct({ programs: 2 });
    // A seeded category the factories do not use (the 11 are fixed: a test never adds one).
    other = await categoryNamed('SELLING_GUIDES');
    const program = await makeProgram({ businessCategoryId: other.id });
    const cohort = await makeCohort({ program });
    const product = await makeProduct({ cohorts: [cohort], withPlan: true });
    q = await makeEnrollableProduct();
    q = { ...q, product, programs: [program], cohorts: [cohort] };
    await applicationOn(p, '2004-03-02', { source: 'WEBSITE' });
    await applicationOn(p, '2004-03-02', { source: 'PHONE' });
    await applicationOn(p, '2004-03-05', { status: 'ENROLLED', source: 'WEBSITE' });
    await applicationOn(q, '2004-03-05', { status: 'APPLIED', source: null });
    // Outside the range: the day before and the day after.
    await applicationOn(p, '2004-02-29');
    await applicationOn(p, '2004-03-11');
  });
  const range = { startDate: '2004-03-01', endDate: '2004-03-10' };
  const days = Array.from({ length: 10 }, (_, i) => addDays('2004-03-01', i));

  test('applications: per day and status, every day of the range labelled', async () => {
    const a = await ok('applications', range);
    expect(a.labels).toEqual(days);
    const at = (i: number, n: number) => zeros(10).map((z, j) => (j === i ? n : z));
    expect(a.series).toEqual([
      { name: 'CREATED', data: at(1, 2) },
      { name: 'APPLIED', data: at(4, 1) },
      { name: 'ENROLLED', data: at(4, 1) },
    ]);
    expect(a.total).toBe(4);
  });

  test('applications: filters (product, program, business category, status, statuses)', async () => {
    expect((await ok('applications', { ...range, productId: p.product.id })).total).toBe(3);
    expect((await ok('applications', { ...range, programId: p.programs[1].id })).total).toBe(3);
    expect((await ok('applications', { ...range, programId: q.programs[0].id })).total).toBe(1);
    expect((await ok('applications', { ...range, businessCategoryId: other.id, productId: q.product.id })).series).toEqual([
      { name: 'APPLIED', data: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0] },
    ]);
    expect((await ok('applications', { ...range, businessCategoryId: p.cohorts[0].businessCategoryId, productId: q.product.id })).total).toBe(0);
    const enrolled = await ok('applications', { ...range, status: 'ENROLLED' });
    expect([enrolled.series.map((s) => s.name), enrolled.total]).toEqual([['ENROLLED'], 1]);
    const two = await ok('applications', { ...range, statuses: ['CREATED', 'APPLIED'] });
    expect([two.series.map((s) => s.name), two.total]).toEqual([['CREATED', 'APPLIED'], 3]);
  });

  test('applications: per week past 60 days, per month past a year', async () => {
    const weeks = await ok('applications', { startDate: '2004-01-01', endDate: '2004-03-31', productId: p.product.id });
    expect(weeks.labels).toEqual(Array.from({ length: 13 }, (_, i) => addDays('2004-01-01', i * 7)));
    // 2004-02-29 and 03-02 are in the week of 02-26, 03-05 in the week of 03-04, 03-11 in that of 03-11.
    const created = weeks.series.find((s) => s.name === 'CREATED')!.data;
    expect(created[weeks.labels.indexOf('2004-02-26')]).toBe(3);
    expect(created[weeks.labels.indexOf('2004-03-11')]).toBe(1);
    expect(weeks.series.find((s) => s.name === 'ENROLLED')!.data[weeks.labels.indexOf('2004-03-04')]).toBe(1);
    expect(weeks.total).toBe(5);

    const months = await ok('applications', { startDate: '2003-01-01', endDate: '2004-12-31', productId: p.product.id });
    expect(months.labels).toHaveLength(24);
    expect(months.labels.slice(12, 15)).toEqual(['2004-01', '2004-02', '2004-03']);
    expect(months.series.find((s) => s.name === 'CREATED')!.data.slice(13, 15)).toEqual([1, 3]);
    expect(months.total).toBe(5);
  });

  test('applications_product, _category, _program, _cohort, _source: counts grouped, largest first, top N', async () => {
    expect(await ok('applications_product', range)).toEqual({ labels: [p.product.name, q.product.name], series: [{ name: 'applications', data: [3, 1] }], total: 4 });
    expect(await ok('applications_product', { ...range, size: 1 })).toEqual({ labels: [p.product.name], series: [{ name: 'applications', data: [3] }], total: 4 });
    const hctp = (await BusinessCategory.findByPk(p.cohorts[0].businessCategoryId))!;
    expect(await ok('applications_category', range)).toEqual({ labels: [hctp.name, other.name], series: [{ name: 'applications', data: [3, 1] }], total: 4 });
    // Each of p's applications has a cohort in each of its two programs: it counts in both.
    const programs = await ok('applications_program', range);
    expect(programs.labels.slice(0, 2).sort()).toEqual(p.programs.map((x) => x.name).sort());
    expect(programs).toEqual({ labels: [...programs.labels.slice(0, 2), q.programs[0].name], series: [{ name: 'applications', data: [3, 3, 1] }], total: 7 });
    const cohorts = await ok('applications_cohort', { ...range, productId: p.product.id, status: 'ENROLLED' });
    expect(cohorts.labels.sort()).toEqual(p.cohorts.map((c) => c.label).sort());
    expect([cohorts.series, cohorts.total]).toEqual([[{ name: 'applications', data: [1, 1] }], 2]);
    // Without a source: ''.
    expect(await ok('applications_source', range)).toEqual({ labels: ['WEBSITE', '', 'PHONE'], series: [{ name: 'applications', data: [2, 1, 1] }], total: 4 });
  });

  test('empty results: every bucket labelled, no series, total 0; groups empty', async () => {
    expect(await ok('applications', { startDate: '1990-01-01', endDate: '1990-01-03' })).toEqual({ labels: ['1990-01-01', '1990-01-02', '1990-01-03'], series: [], total: 0 });
    expect(await ok('applications_program', { startDate: '1990-01-01', endDate: '1990-01-03' })).toEqual({ labels: [], series: [], total: 0 });
  });
});

describe('top_country_enrollments (2005)', () => {
  test('ENROLLED applications by enrolledAt, by the student country, top 3 by default', async () => {
    const r = await makeEnrollableProduct();
    const countries = ['US', 'US', 'CA', 'MX', 'GB', null];
    for (const countryCode of countries) {
      const s = await makeStudent(t.deps, { countryCode });
      const a = await makeApplication(s.student.id, r, { status: 'ENROLLED' });
      await stamp('applications', a.id, '2005-06-10', 'enrolled_at');
    }
    // Not ENROLLED, or enrolled another day: not counted.
    const late = await makeApplication((await makeStudent(t.deps)).student.id, r, { status: 'ENROLLED' });
    await stamp('applications', late.id, '2005-06-21', 'enrolled_at');
    const applied = await makeApplication((await makeStudent(t.deps)).student.id, r, { status: 'APPLIED' });
    await stamp('applications', applied.id, '2005-06-10', 'enrolled_at');

    const range = { startDate: '2005-06-01', endDate: '2005-06-20' };
    expect(await ok('top_country_enrollments', range)).toEqual({ labels: ['US', '', 'CA'], series: [{ name: 'enrollments', data: [2, 1, 1] }], total: 6 });
    expect((await ok('top_country_enrollments', { ...range, size: 10 })).labels).toEqual(['US', '', 'CA', 'GB', 'MX']);
    expect((await ok('top_country_enrollments', { ...range, productId: r.product.id, endDate: '2005-06-30' })).total).toBe(7);
    expect(await ok('top_country_enrollments', { ...range, programId: (await makeProgram()).id })).toEqual({ labels: [], series: [], total: 0 });
  });
});

describe('students_gender and count_students (2006)', () => {
  test('students created in the range (not customers, not archived); a product filter keeps its applicants', async () => {
    const s = await makeEnrollableProduct();
    const made = [
      await makeStudent(t.deps, { gender: 'FEMALE', isStudent: true }),
      await makeStudent(t.deps, { gender: 'FEMALE', isStudent: true, active: false }),
      await makeStudent(t.deps, { gender: 'MALE', isStudent: true }),
      await makeStudent(t.deps, { gender: null, isStudent: true }),
      await makeStudent(t.deps, { gender: 'MALE', isStudent: false }),
      await makeStudent(t.deps, { gender: 'MALE', isStudent: true, archived: true }),
    ];
    for (const m of made) await stamp('students', m.student.id, '2006-04-04');
    await makeApplication(made[1].student.id, s, { chosen: true });
    const range = { startDate: '2006-04-01', endDate: '2006-04-30' };
    expect(await ok('students_gender', range)).toEqual({ labels: ['FEMALE', '', 'MALE'], series: [{ name: 'students', data: [2, 1, 1] }], total: 4 });
    expect(await ok('count_students', range)).toEqual({ labels: ['ACTIVE', 'INACTIVE'], series: [{ name: 'students', data: [3, 1] }], total: 4 });
    expect(await ok('count_students', { ...range, productId: s.product.id })).toEqual({ labels: ['ACTIVE', 'INACTIVE'], series: [{ name: 'students', data: [0, 1] }], total: 1 });
    expect(await ok('students_gender', { ...range, businessCategoryId: s.cohorts[0].businessCategoryId, programId: s.programs[0].id })).toEqual({
      labels: ['FEMALE'],
      series: [{ name: 'students', data: [1] }],
      total: 1,
    });
    expect(await ok('count_students', { startDate: '1990-01-01', endDate: '1990-01-02' })).toEqual({ labels: ['ACTIVE', 'INACTIVE'], series: [], total: 0 });
  });
});

describe("the school's calendar (2008)", () => {
  test('an evening in New York is that day, not the next one of UTC (daylight saving time and winter)', async () => {
    const a = await makeStudent(t.deps);
    const signInAt = async (at: string) => {
      const entry = await ActivityLog.create({
        entityType: 'USER',
        entityId: a.user.id,
        studentId: a.student.id,
        category: 'SECURITY',
        type: 'SIGNED_IN',
        actorUserId: a.user.id,
        actorName: 'x',
      });
      await t.deps.sequelize.query('UPDATE activity_logs SET created_at = :at WHERE id = :id', { replacements: { at: new Date(at), id: entry.id } });
    };
    await signInAt('2008-02-02T02:30:00.000Z'); // Feb 1, 9:30 pm in New York (EST, UTC-5)
    await signInAt('2008-07-02T03:30:00.000Z'); // Jul 1, 11:30 pm in New York (EDT, UTC-4)
    await signInAt('2008-07-02T04:30:00.000Z'); // Jul 2, 0:30 am in New York
    expect(await ok('students_logged', { startDate: '2008-02-01', endDate: '2008-02-02' })).toEqual({
      labels: ['2008-02-01', '2008-02-02'],
      series: [{ name: 'students', data: [1, 0] }],
      total: 1,
    });
    expect(await ok('students_logged', { startDate: '2008-07-01', endDate: '2008-07-02' })).toEqual({
      labels: ['2008-07-01', '2008-07-02'],
      series: [{ name: 'students', data: [1, 1] }],
      total: 1,
    });
    // A range of one day ends at the school's midnight: Jul 2's 0:30 am is not Jul 1's.
    expect(await ok('students_logged', { startDate: '2008-07-01', endDate: '2008-07-01' })).toMatchObject({ series: [{ name: 'students', data: [1] }], total: 1 });
  });
});

describe('students_logged (2007)', () => {
  test('distinct students signing in per day (the activity log), coaches and admins left out; a real sign-in counts today', async () => {
    const a = await makeStudent(t.deps);
    const b = await makeStudent(t.deps);
    const coach = await makeStudent(t.deps, { kind: 'COACH' });
    const signIn = async (who: { user: { id: number }; student: Student }, day: string, entityType = 'USER') => {
      const entry = await ActivityLog.create({
        entityType,
        entityId: who.user.id,
        studentId: who.student.id,
        category: 'SECURITY',
        type: 'SIGNED_IN',
        actorUserId: who.user.id,
        actorName: 'x',
      });
      await stamp('activity_logs', entry.id, day);
    };
    await signIn(a, '2007-02-01');
    await signIn(a, '2007-02-01');
    await signIn(a, '2007-02-02');
    await signIn(b, '2007-02-02');
    await signIn(coach, '2007-02-01');
    await signIn(b, '2007-02-04');
    const range = { startDate: '2007-02-01', endDate: '2007-02-03' };
    expect(await ok('students_logged', range)).toEqual({ labels: ['2007-02-01', '2007-02-02', '2007-02-03'], series: [{ name: 'students', data: [1, 2, 0] }], total: 2 });

    // Through the real sign-in: the student of a fresh product signs in today.
    const r = await makeEnrollableProduct();
    const c = await makeStudent(t.deps);
    await makeApplication(c.student.id, r);
    const res = await request(t.app).post('/api/auth/signin/customer').send({ email: c.email, password: c.password });
    expect(res.status).toBe(200);
    const todays = await ok('students_logged', { startDate: today, endDate: today, productId: r.product.id });
    expect(todays).toEqual({ labels: [today], series: [{ name: 'students', data: [1] }], total: 1 });
  });
});

describe('payments kinds', () => {
  async function planFor(opts: { nextDueDate?: string | null; status?: string; bankruptcy?: boolean; financialStatus?: string } = {}) {
    const product = await makeEnrollableProduct();
    const s = await makeStudent(t.deps);
    const application = await makeApplication(s.student.id, product, { status: 'ENROLLED' });
    const plan = await StudentPaymentPlan.create({
      applicationId: application.id,
      studentId: s.student.id,
      productPaymentPlanId: null,
      voucherId: null,
      name: 'Analytics plan',
      description: null,
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_TERMS',
      frequency: '1',
      frequencyUnit: 'MONTH',
      interestRate: null,
      flowType: null,
      firstPaymentDate: null,
      lastPaymentDate: null,
      nextDueDate: opts.nextDueDate ?? null,
      status: opts.status ?? 'ACTIVE',
      bankruptcy: opts.bankruptcy ?? false,
      financialStatus: opts.financialStatus ?? 'GOOD',
      updatedById: null,
      updatedByName: null,
    });
    return { product, plan };
  }
  let n = 0;
  const entry = (planId: number, dueDate: string, amount: number, paidAmount = 0, taxAmount = 0, status = paidAmount >= amount + taxAmount ? 'PAID' : 'PENDING') =>
    PaymentSchedule.create({
      studentPaymentPlanId: planId,
      number: ++n,
      kind: 'INSTALLMENT',
      dueDate,
      principal: amount,
      interest: 0,
      amount,
      balance: 0,
      taxAmount,
      paidAmount,
      status,
    });

  test('payments_schedules (2008): due (amount + tax) and paid per month of the due date, two decimals', async () => {
    const { product, plan } = await planFor();
    await entry(plan.id, '2008-01-15', 100.1, 105.1, 5);
    await entry(plan.id, '2008-01-20', 200, 50);
    await entry(plan.id, '2008-03-01', 300.33);
    await entry(plan.id, '2008-04-01', 1000);
    const range = { startDate: '2008-01-01', endDate: '2008-03-31' };
    const expected = {
      labels: ['2008-01', '2008-02', '2008-03'],
      series: [
        { name: 'due', data: [305.1, 0, 300.33] },
        { name: 'paid', data: [155.1, 0, 0] },
      ],
      total: 605.43,
    };
    expect(await ok('payments_schedules', { ...range, productId: product.product.id })).toEqual(expected);
    expect(await ok('payments_schedules', range)).toEqual(expected);
    expect(await ok('payments_schedules', { ...range, productId: (await makeProduct()).id })).toEqual({ labels: expected.labels, series: [], total: 0 });
  });

  test('transactions_past_due: what is left on entries due before today, by days late today', async () => {
    const { product, plan } = await planFor({ nextDueDate: addDays(today, -200) });
    await entry(plan.id, addDays(today, -1), 100, 20);
    await entry(plan.id, addDays(today, -30), 0.5);
    await entry(plan.id, addDays(today, -31), 50);
    await entry(plan.id, addDays(today, -75), 25.5);
    await entry(plan.id, addDays(today, -90), 4.5);
    await entry(plan.id, addDays(today, -91), 10, 0, 1);
    await entry(plan.id, addDays(today, -20), 70, 70);
    await entry(plan.id, addDays(today, -25), 60, 10, 0, 'CANCELLED');
    await entry(plan.id, today, 999);
    expect(await ok('transactions_past_due', { productId: product.product.id })).toEqual({
      labels: ['1-30', '31-60', '61-90', '91+'],
      series: [{ name: 'amount', data: [80.5, 50, 30, 11] }],
      total: 171.5,
    });
    expect(await ok('transactions_past_due', { productId: (await makeProduct()).id })).toEqual({ labels: ['1-30', '31-60', '61-90', '91+'], series: [], total: 0 });
  });

  test('count_late_payment: ACTIVE plans per late financial status today', async () => {
    const { product } = await planFor({ nextDueDate: addDays(today, -200) });
    const bundle = product.product.id;
    const more = async (opts: Parameters<typeof planFor>[0]) => {
      const { plan } = await planFor(opts);
      // Every plan under the first plan's product, so one filter finds them all.
      await Application.update({ productId: bundle }, { where: { id: plan.applicationId } });
    };
    await more({ nextDueDate: addDays(today, -10) });
    await more({ nextDueDate: addDays(today, -59) });
    await more({ nextDueDate: addDays(today, 3) });
    await more({ nextDueDate: null });
    await more({ nextDueDate: addDays(today, -300), status: 'CANCELLED', financialStatus: 'COLLECTIONS_2' });
    await more({ nextDueDate: addDays(today, 10), bankruptcy: true, financialStatus: 'COLLECTIONS' });
    const body = { productId: bundle };
    expect(await ok('count_late_payment', body)).toEqual({ labels: ['PAST_DUE', 'COLLECTIONS', 'COLLECTIONS_2'], series: [{ name: 'plans', data: [2, 1, 1] }], total: 4 });
    expect(await ok('count_late_payment', { ...body, statuses: ['COLLECTIONS_2', 'PAST_DUE'] })).toEqual({
      labels: ['PAST_DUE', 'COLLECTIONS_2'],
      series: [{ name: 'plans', data: [2, 1] }],
      total: 3,
    });
  });
});

describe('refusals', () => {
  test('400: field errors for the criteria, nothing else', async () => {
    const bad = async (body: Record<string, unknown>, kind = 'applications') => {
      const res = await post(kind, body);
      expect(res.status).toBe(400);
      return res.body.errors as Record<string, string>;
    };
    expect(await bad({ startDate: 'yesterday' })).toEqual({ startDate: Messages.INVALID_DATE });
    expect(await bad({ startDate: '2024-02-10', endDate: '2024-02-01' })).toEqual({ endDate: Messages.DATE_RANGE_ORDER });
    expect(await bad({ startDate: '1900-01-01', endDate: '2024-02-01' })).toEqual({ startDate: Messages.INVALID_VALUE });
    expect(await bad({ size: 0 })).toEqual({ size: Messages.INVALID_VALUE });
    expect(await bad({ programId: 'abc' })).toHaveProperty('programId');
    expect(await bad({ colour: 'red' })).toHaveProperty('colour');
    expect(await bad({ status: 'PAID' })).toEqual({ status: Messages.INVALID_VALUE });
    expect(await bad({ statuses: ['ENROLLED', 'NOPE'] })).toEqual({ 'statuses.1': Messages.INVALID_VALUE });
    expect(await bad({ status: 'ACTIVE' }, 'count_students')).toEqual({ status: Messages.INVALID_VALUE });
    expect(await bad({ statuses: ['GOOD'] }, 'count_late_payment')).toEqual({ 'statuses.0': Messages.INVALID_VALUE });
  });

  test('401 without a token; 403 for a student, a coach and staff without analytics:read; 404 for an unknown kind', async () => {
    expect((await request(t.app).post('/api/analytics/admin/applications').send({})).status).toBe(401);
    expect((await post('applications', {}, (await makeStudent(t.deps)).token)).status).toBe(403);
    expect((await post('applications', {}, (await makeStudent(t.deps, { kind: 'COACH' })).token)).status).toBe(403);
    const role = await Role.create({ name: unique('NO_ANALYTICS_'), description: null, permissions: ['students:read'], updatedById: null, updatedByName: null });
    expect((await post('applications', {}, (await makeAdmin(t.deps, { roles: [role.name] })).token)).status).toBe(403);
    const res = await post('revenue');
    expect([res.status, res.body.message]).toEqual([404, 'Analytics kind not found']);
  });

  test('every seeded staff role reads the analytics (SUPPORT included); a default range is the last 30 days', async () => {
    for (const name of ['SUPER_ADMIN', 'FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT']) {
      const res = await post('applications', {}, (await makeAdmin(t.deps, { roles: [name] })).token);
      expect([name, res.status, res.body.labels?.length, res.body.labels?.[29]]).toEqual([name, 200, 30, today]);
    }
  });
});
