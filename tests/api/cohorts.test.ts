import request from 'supertest';
import { ActivityLog, Cohort } from '../../models';
import { cohortLabel, cohortStatusOn, schoolToday } from '../../models/catalogue';
import { registerArchiveGuard } from '../../api/catalogue/archive-guards';
import { recomputeCohortStatuses } from '../../api/catalogue/cohort-status';
import { setupApp, type TestApp } from '../support/app';
import { categoryNamed, makeCohort, makeProduct, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/cohorts';
const MISSING = 999_999;
const today = () => schoolToday();
/** A YYYY-MM-DD date `days` from the school's today. */
function daysFromToday(days: number): string {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const ids = (res: request.Response) => res.body.content.map((c: { id: number }) => c.id);
const plain = async (id: number) => (await Cohort.findByPk(id))!.get({ plain: true });
/** A cohort's columns that a refused call must leave alone. */
const snapshot = async (id: number) => {
  const { updatedAt, ...rest } = await plain(id);
  return { ...rest, updatedAt: updatedAt.getTime() };
};

/** Counts the SQL statements run while `fn` runs. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const hook = () => {
    n += 1;
  };
  t.deps.sequelize.addHook('beforeQuery', 'count', hook);
  try {
    await fn();
  } finally {
    t.deps.sequelize.removeHook('beforeQuery', 'count');
  }
  return n;
}

describe('GET /api/cohorts', () => {
  test('CREATED and ACTIVE by default, in the contract shape with program, category and live products', async () => {
    const program = await makeProgram({ accelerated: true });
    const created = await makeCohort({ program, startDate: '2031-01-10', endDate: '2031-12-10' });
    const active = await makeCohort({ program, status: 'ACTIVE', startDate: '2020-01-10', endDate: '2031-12-10', customName: unique('Spring ') });
    const completed = await makeCohort({ program, status: 'COMPLETED', startDate: '2020-01-10', endDate: '2020-12-10' });
    const cancelled = await makeCohort({ program, status: 'CANCELLED' });
    const archived = await makeCohort({ program, status: 'ARCHIVED', deleted: true });
    const live = await makeProduct({ cohorts: [created] });
    await makeProduct({ cohorts: [created], deleted: true });

    const res = await request(t.app).get(`${BASE}?programId=${program.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(ids(res)).toEqual([created.id, active.id]);
    expect(ids(res)).not.toContain(completed.id);
    expect(ids(res)).not.toContain(cancelled.id);
    expect(ids(res)).not.toContain(archived.id);
    const hctp = await categoryNamed('HCTP');
    const first = res.body.content[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'accessDisabled',
        'businessCategory',
        'businessCategoryId',
        'coachingCircleCloseDate',
        'coachingCircleOpenDate',
        'courseAccessEndDateTime',
        'courseAccessStartDateTime',
        'createdAt',
        'customName',
        'd2lSectionId',
        'deleted',
        'description',
        'doceboConfig',
        'endDate',
        'extendedGraduationDate',
        'id',
        'iinLmsCoursePath',
        'image',
        'label',
        'lmsConnectionId',
        'maxStudents',
        'program',
        'programId',
        'productIds',
        'published',
        'salesforceProductId',
        'sessionCloseDate',
        'sessionOpenDate',
        'startDate',
        'status',
        'updatedAt',
        'updatedBy',
        'useCoachingCircle',
      ].sort(),
    );
    expect(first).toMatchObject({
      id: created.id,
      status: 'CREATED',
      label: `${program.name} 01-10-2031 - 12-10-2031`,
      startDate: '2031-01-10',
      endDate: '2031-12-10',
      program: { id: program.id, name: program.name, durationType: 'FIXED_DURATION', accelerated: true, lmsConnectionId: null },
      businessCategoryId: hctp.id,
      businessCategory: { id: hctp.id, name: 'HCTP' },
      doceboConfig: { learningPlanIds: [], courseIds: [] },
      productIds: [live.id],
      deleted: false,
      published: false,
    });
    expect(res.body.content[1]).toMatchObject({ id: active.id, label: active.customName, productIds: [] });
  });

  test('status: one value, repeated or comma-separated (any case); deleted=true lists the archived of every status', async () => {
    const program = await makeProgram();
    const created = await makeCohort({ program });
    const completed = await makeCohort({ program, status: 'COMPLETED', startDate: '2020-01-10', endDate: '2020-12-10' });
    const cancelled = await makeCohort({ program, status: 'CANCELLED' });
    const archived = await makeCohort({ program, status: 'ARCHIVED', deleted: true });
    const one = await request(t.app).get(`${BASE}?programId=${program.id}&status=COMPLETED`).set(bearer(superToken));
    expect(ids(one)).toEqual([completed.id]);
    const repeated = await request(t.app).get(`${BASE}?programId=${program.id}&status=COMPLETED&status=CANCELLED`).set(bearer(superToken));
    expect(ids(repeated)).toEqual([completed.id, cancelled.id]);
    const comma = await request(t.app).get(`${BASE}?programId=${program.id}&status=created,cancelled`).set(bearer(superToken));
    expect(ids(comma)).toEqual([created.id, cancelled.id]);
    const deleted = await request(t.app).get(`${BASE}?programId=${program.id}&deleted=true`).set(bearer(superToken));
    expect(ids(deleted)).toEqual([archived.id]);
    expect(deleted.body.content[0]).toMatchObject({ deleted: true, status: 'ARCHIVED' });
    const bad = await request(t.app).get(`${BASE}?status=OPEN`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['status.0']);
  });

  test('filters by business category and published; keyword matches any part of the label or the id', async () => {
    const specialty = await categoryNamed('SPECIALTY');
    const name = unique('Mindful ');
    const program = await makeProgram({ name, businessCategoryId: specialty.id });
    const published = await makeCohort({ program, published: true, startDate: '2032-03-01', endDate: '2032-09-30' });
    const hidden = await makeCohort({ program, startDate: '2033-03-01', endDate: '2033-09-30' });
    const other = await makeCohort();

    const byCategory = await request(t.app).get(`${BASE}?businessCategoryId=${specialty.id}&size=1000`).set(bearer(superToken));
    expect(ids(byCategory)).toEqual(expect.arrayContaining([published.id, hidden.id]));
    expect(ids(byCategory)).not.toContain(other.id);
    expect(byCategory.body.content.every((c: { businessCategoryId: number }) => c.businessCategoryId === specialty.id)).toBe(true);

    const onlyPublished = await request(t.app).get(`${BASE}?programId=${program.id}&published=true`).set(bearer(superToken));
    expect(ids(onlyPublished)).toEqual([published.id]);

    // The dates sit in the middle of the label: a keyword matches any part of it.
    const byDate = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(`${name} 2033`)}`)
      .set(bearer(superToken));
    expect(ids(byDate)).toEqual([hidden.id]);
    const byName = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(name.toLowerCase())}`)
      .set(bearer(superToken));
    expect(ids(byName)).toEqual([published.id, hidden.id]);
    const byId = await request(t.app).get(`${BASE}?keyword=${other.id}`).set(bearer(superToken));
    expect(ids(byId)).toContain(other.id);
  });

  test('sorts by the whitelisted fields (camelCase or UPPER); size up to 1000; unknown sortBy is 400', async () => {
    const program = await makeProgram();
    const late = await makeCohort({ program, startDate: '2034-05-01', endDate: '2034-06-01' });
    const early = await makeCohort({ program, startDate: '2034-01-01', endDate: '2034-06-01' });
    const asc = await request(t.app).get(`${BASE}?programId=${program.id}&sortBy=START_DATE`).set(bearer(superToken));
    expect(ids(asc)).toEqual([early.id, late.id]);
    const desc = await request(t.app).get(`${BASE}?programId=${program.id}&sortBy=startDate&descending=true`).set(bearer(superToken));
    expect(ids(desc)).toEqual([late.id, early.id]);
    const byLabel = await request(t.app).get(`${BASE}?programId=${program.id}&sortBy=LABEL`).set(bearer(superToken));
    expect(ids(byLabel)).toEqual([early.id, late.id]);
    const big = await request(t.app).get(`${BASE}?programId=${program.id}&size=5000`).set(bearer(superToken));
    expect(big.body.pagination).toEqual({ total: 2, page: 0, size: 1000 });
    const bad = await request(t.app).get(`${BASE}?sortBy=description`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['sortBy']);
  });

  test('a page of many cohorts takes as many queries as a page of one (no query per row)', async () => {
    const small = await makeProgram();
    const one = await makeCohort({ program: small });
    await makeProduct({ cohorts: [one] });
    const large = await makeProgram();
    for (let i = 0; i < 6; i += 1) {
      const cohort = await makeCohort({ program: large, startDate: `2035-0${i + 1}-01`, endDate: '2035-12-01' });
      await makeProduct({ cohorts: [cohort] });
    }
    // Warm-up: the first request authenticates a fresh token and may refresh last activity.
    await request(t.app).get(`${BASE}?programId=${small.id}`).set(bearer(superToken));
    const forOne = await countQueries(() => request(t.app).get(`${BASE}?programId=${small.id}&size=5`).set(bearer(superToken)));
    const forSix = await countQueries(() => request(t.app).get(`${BASE}?programId=${large.id}&size=5`).set(bearer(superToken)));
    // Six rows on a page of five also count the total: one query more, never one per row.
    expect(forSix).toBeLessThanOrEqual(forOne + 1);
  });

  test('401 without a token; 403 for a student', async () => {
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('POST /api/cohorts/find_by_criteria', () => {
  test('statuses (CREATED and ACTIVE unless given), programs, categories, flags and date ranges; keyword from the query', async () => {
    const program = await makeProgram();
    const a = await makeCohort({ program, startDate: '2036-01-10', endDate: '2036-06-10', useCoachingCircle: true, published: true });
    const b = await makeCohort({ program, status: 'COMPLETED', startDate: '2021-01-10', endDate: '2021-06-10' });
    const c = await makeCohort({ program, status: 'ACTIVE', startDate: '2022-01-10', endDate: '2036-06-10', accessDisabled: true });
    const archived = await makeCohort({ program, status: 'ARCHIVED', deleted: true });

    const current = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(supportToken))
      .send({ programIds: [program.id] });
    expect(current.status).toBe(200);
    expect(ids(current)).toEqual([a.id, c.id]);
    const every = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], statuses: ['CREATED', 'ACTIVE', 'COMPLETED', 'CANCELLED'] });
    expect(ids(every)).toEqual([a.id, b.id, c.id]);
    // A lookup by ids (a product's cohorts) finds them whatever their status.
    const byIds = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ ids: [b.id, a.id, archived.id] });
    expect(ids(byIds)).toEqual([a.id, b.id]);
    const statuses = await request(t.app)
      .post(`${BASE}/find_by_criteria?sortBy=id&descending=true`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], statuses: ['COMPLETED', 'ACTIVE'] });
    expect(ids(statuses)).toEqual([c.id, b.id]);
    const flags = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], useCoachingCircle: true, published: true });
    expect(ids(flags)).toEqual([a.id]);
    const access = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], accessDisabled: true });
    expect(ids(access)).toEqual([c.id]);
    const all = ['CREATED', 'ACTIVE', 'COMPLETED'];
    const range = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], statuses: all, startDate: { from: '2021-01-01', to: '2022-12-31' } });
    expect(ids(range)).toEqual([b.id, c.id]);
    const ends = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], statuses: all, endDate: { from: '2036-01-01' } });
    expect(ids(ends)).toEqual([a.id, c.id]);
    const category = await categoryNamed('HCTP');
    const byCategory = await request(t.app)
      .post(`${BASE}/find_by_criteria?size=1000`)
      .set(bearer(superToken))
      .send({ businessCategoryIds: [category.id], programIds: [program.id], statuses: [] });
    expect(ids(byCategory)).toEqual([a.id, c.id]);
    const deleted = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], deleted: true });
    expect(ids(deleted)).toEqual([archived.id]);
    const keyword = await request(t.app)
      .post(`${BASE}/find_by_criteria?keyword=2021`)
      .set(bearer(superToken))
      .send({ programIds: [program.id], statuses: all });
    expect(ids(keyword)).toEqual([b.id]);
  });

  test('unknown criteria or bad values are 400; 401; 403 for a student', async () => {
    const bad = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ statuses: ['OPEN'], colour: 'red', startDate: { from: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'statuses.0': 'Invalid value', colour: 'Unknown field', 'startDate.from': 'Please type a valid date' });
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(studentToken)).send({})).status).toBe(403);
  });
});

describe('GET /api/cohorts/:id', () => {
  test('one cohort (archived ones too); 404; 400 bad id; 401; 403 for a student', async () => {
    const cohort = await makeCohort({ doceboLearningPlanIds: ['lp-1'], doceboCourseIds: ['c-1', 'c-2'] });
    const res = await request(t.app).get(`${BASE}/${cohort.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cohort.id, label: cohort.label, doceboConfig: { learningPlanIds: ['lp-1'], courseIds: ['c-1', 'c-2'] } });
    const archived = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    expect((await request(t.app).get(`${BASE}/${archived.id}`).set(bearer(superToken))).body).toMatchObject({ id: archived.id, deleted: true });
    const missing = await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(superToken));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await request(t.app).get(`${BASE}/abc`).set(bearer(superToken))).body.errors).toEqual({ id: 'Invalid value' });
    expect((await request(t.app).get(`${BASE}/${cohort.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${cohort.id}`).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('POST /api/cohorts', () => {
  test('ACADEMIC creates a cohort: label, category and status come from the program and the dates; logged', async () => {
    const cip = await categoryNamed('CIP');
    const program = await makeProgram({ businessCategoryId: cip.id });
    const body = {
      programId: program.id,
      startDate: '01-15-2031',
      endDate: '2031-12-15',
      extendedGraduationDate: '2032-03-15',
      courseAccessStartDateTime: '2031-01-10',
      courseAccessEndDateTime: '2032-03-15T20:00:00Z',
      description: 'Evening class',
      maxStudents: 40,
      d2lSectionId: 'S-1',
      salesforceProductId: 'SF-1',
      doceboConfig: { learningPlanIds: ['10', 11], courseIds: [] },
    };
    const res = await request(t.app).post(BASE).set(bearer(academic.token)).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      programId: program.id,
      businessCategoryId: cip.id,
      businessCategory: { id: cip.id, name: 'CIP' },
      status: 'CREATED',
      label: `${program.name} 01-15-2031 - 12-15-2031`,
      startDate: '2031-01-15',
      endDate: '2031-12-15',
      extendedGraduationDate: '2032-03-15',
      maxStudents: 40,
      published: false,
      deleted: false,
      // A date alone is the start (or end) of that day in the school's zone, America/New_York.
      courseAccessStartDateTime: '2031-01-10T05:00:00.000Z',
      courseAccessEndDateTime: '2032-03-15T20:00:00.000Z',
      doceboConfig: { learningPlanIds: ['10', '11'], courseIds: [] },
      productIds: [],
      updatedBy: { id: academic.user.id, name: `${academic.admin.firstName} ${academic.admin.lastName}` },
    });
    const row = await plain(res.body.id);
    expect(row).toMatchObject({
      programId: program.id,
      businessCategoryId: cip.id,
      status: 'CREATED',
      label: res.body.label,
      startDate: '2031-01-15',
      d2lSectionId: 'S-1',
      deleted: false,
    });
    expect(row.doceboLearningPlanIds).toEqual(['10', '11']);
    const log = await ActivityLog.findOne({ where: { entityType: 'COHORT', entityId: res.body.id, type: 'CREATED' } });
    expect(log?.changes).toMatchObject({ label: { from: null, to: res.body.label } });
  });

  test('the status follows the dates; a custom name is the label; continuous learning leaves the dates out', async () => {
    const program = await makeProgram();
    const started = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ programId: program.id, startDate: daysFromToday(-10), endDate: daysFromToday(10) });
    expect(started.body.status).toBe('ACTIVE');
    const endsToday = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ programId: program.id, startDate: daysFromToday(-10), endDate: today() });
    expect(endsToday.body.status).toBe('ACTIVE');
    const past = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ programId: program.id, startDate: daysFromToday(-30), endDate: daysFromToday(-1) });
    expect(past.body.status).toBe('COMPLETED');
    const custom = unique('Cohort Alpha ');
    const named = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ programId: program.id, startDate: daysFromToday(5), customName: `  ${custom} ` });
    expect(named.body).toMatchObject({ status: 'CREATED', label: custom, customName: custom, endDate: null });
    const continuous = await makeProgram({ durationType: 'CONTINUOUS_LEARNING' });
    const open = await request(t.app).post(BASE).set(bearer(superToken)).send({ programId: continuous.id, startDate: '2031-02-01', endDate: '2031-03-01' });
    expect(open.body.label).toBe(continuous.name);
  });

  test('bad input is 400 with field errors and creates nothing', async () => {
    const program = await makeProgram();
    const count = () => Cohort.count({ where: { programId: program.id } });
    const empty = await request(t.app).post(BASE).set(bearer(superToken)).send({ status: 'ACTIVE', published: true, useCoachingCircle: true });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    expect(empty.body.errors).toEqual({
      programId: 'This field is required',
      startDate: 'This field is required',
      status: 'Unknown field',
      published: 'Unknown field',
      useCoachingCircle: 'Unknown field',
    });
    const fields = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ programId: program.id, startDate: '02-30-2031', maxStudents: 0, customName: 'x'.repeat(201), doceboConfig: { courseIds: 'c' } });
    expect(fields.body.errors).toEqual({
      startDate: 'Please type a valid date',
      maxStudents: 'Invalid value',
      customName: 'Maximum 200 characters',
      'doceboConfig.courseIds': 'Invalid value',
    });
    const order = await request(t.app).post(BASE).set(bearer(superToken)).send({
      programId: program.id,
      startDate: '2031-05-01',
      endDate: '2031-04-30',
      extendedGraduationDate: '2031-04-01',
      courseAccessStartDateTime: '2031-05-01T10:00:00Z',
      courseAccessEndDateTime: '2031-05-01T09:00:00Z',
    });
    expect(order.body.errors).toEqual({
      endDate: 'The end cannot be before the start',
      extendedGraduationDate: 'The extended graduation date cannot be before the end date',
      courseAccessEndDateTime: 'The end cannot be before the start',
    });
    const noProgram = await request(t.app).post(BASE).set(bearer(superToken)).send({ programId: MISSING, startDate: '2031-05-01' });
    expect(noProgram.status).toBe(400);
    expect(noProgram.body.errors).toEqual({ programId: 'Invalid value' });
    expect(await count()).toBe(0);
  });

  test('an archived program is 409 PROGRAM_ARCHIVED and nothing is created', async () => {
    const program = await makeProgram({ deleted: true });
    const res = await request(t.app).post(BASE).set(bearer(superToken)).send({ programId: program.id, startDate: '2031-05-01' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PROGRAM_ARCHIVED', message: 'The program is archived' });
    expect(await Cohort.count({ where: { programId: program.id } })).toBe(0);
  });

  test('401 without a token; 403 for SUPPORT', async () => {
    const program = await makeProgram();
    const body = { programId: program.id, startDate: '2031-05-01' };
    expect((await request(t.app).post(BASE).send(body)).status).toBe(401);
    expect((await request(t.app).post(BASE).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect(await Cohort.count({ where: { programId: program.id } })).toBe(0);
  });
});

describe('PUT /api/cohorts/:id', () => {
  test('replaces the fields; label, category and status are recomputed; the change is logged', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10', maxStudents: 10, description: 'Old' });
    const specialty = await categoryNamed('SPECIALTY');
    const other = await makeProgram({ businessCategoryId: specialty.id });
    const res = await request(t.app)
      .put(`${BASE}/${cohort.id}`)
      .set(bearer(academic.token))
      .send({ id: cohort.id, programId: other.id, startDate: daysFromToday(-1), endDate: daysFromToday(100) });
    expect(res.status).toBe(200);
    const label = cohortLabel({ programName: other.name, startDate: daysFromToday(-1), endDate: daysFromToday(100) });
    expect(res.body).toMatchObject({ programId: other.id, businessCategoryId: specialty.id, status: 'ACTIVE', label, maxStudents: null, description: null });
    expect(await plain(cohort.id)).toMatchObject({
      programId: other.id,
      businessCategoryId: specialty.id,
      status: 'ACTIVE',
      label,
      maxStudents: null,
      updatedById: academic.user.id,
    });
    const log = await ActivityLog.findOne({ where: { entityType: 'COHORT', entityId: cohort.id, type: 'UPDATED' }, order: [['id', 'DESC']] });
    expect(log?.changes).toMatchObject({ status: { from: 'CREATED', to: 'ACTIVE' }, maxStudents: { from: 10, to: null } });
  });

  test('a cancelled cohort stays CANCELLED; its archived program may stay, a move to another archived one is 409', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program, status: 'CANCELLED', startDate: '2020-01-01', endDate: '2020-02-01' });
    await program.update({ deleted: true });
    const kept = await request(t.app)
      .put(`${BASE}/${cohort.id}`)
      .set(bearer(superToken))
      .send({ programId: program.id, startDate: '2020-01-01', endDate: '2020-03-01', description: 'Postponed' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'CANCELLED', description: 'Postponed', endDate: '2020-03-01' });
    const archivedProgram = await makeProgram({ deleted: true });
    const before = await snapshot(cohort.id);
    const moved = await request(t.app).put(`${BASE}/${cohort.id}`).set(bearer(superToken)).send({ programId: archivedProgram.id, startDate: '2020-01-01' });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('PROGRAM_ARCHIVED');
    expect(await snapshot(cohort.id)).toEqual(before);
  });

  test('bad input is 400 and changes nothing; a different body id is 400', async () => {
    const cohort = await makeCohort();
    const before = await snapshot(cohort.id);
    const res = await request(t.app)
      .put(`${BASE}/${cohort.id}`)
      .set(bearer(superToken))
      .send({ programId: cohort.programId, startDate: '2031-05-01', endDate: '2031-01-01', status: 'CANCELLED' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ status: 'Unknown field', endDate: 'The end cannot be before the start' });
    const mismatch = await request(t.app)
      .put(`${BASE}/${cohort.id}`)
      .set(bearer(superToken))
      .send({ id: cohort.id + 1, programId: cohort.programId, startDate: '2031-05-01' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ id: 'Invalid value' });
    expect(await snapshot(cohort.id)).toEqual(before);
  });

  test('an archived cohort is 409 COHORT_ARCHIVED; 404; 401; 403 for SUPPORT', async () => {
    const archived = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    const body = { programId: archived.programId, startDate: '2031-05-01' };
    const before = await snapshot(archived.id);
    const res = await request(t.app).put(`${BASE}/${archived.id}`).set(bearer(superToken)).send(body);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'COHORT_ARCHIVED', message: 'The cohort is archived' });
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(superToken)).send(body)).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${archived.id}`).send(body)).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${archived.id}`).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect(await snapshot(archived.id)).toEqual(before);
  });
});

describe('DELETE /api/cohorts/:id (archive)', () => {
  test('archives: deleted, ARCHIVED, unpublished; hidden from the list unless deleted=true; logged', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program, published: true });
    // A product that is itself archived does not block.
    await makeProduct({ cohorts: [cohort], deleted: true });
    const res = await request(t.app).delete(`${BASE}/${cohort.id}`).set(bearer(academic.token));
    expect(res.status).toBe(204);
    expect(await plain(cohort.id)).toMatchObject({ deleted: true, status: 'ARCHIVED', published: false, updatedById: academic.user.id });
    expect(ids(await request(t.app).get(`${BASE}?programId=${program.id}`).set(bearer(superToken)))).toEqual([]);
    expect(ids(await request(t.app).get(`${BASE}?programId=${program.id}&deleted=true`).set(bearer(superToken)))).toEqual([cohort.id]);
    const log = await ActivityLog.findOne({ where: { entityType: 'COHORT', entityId: cohort.id, type: 'DELETED' } });
    expect(log?.changes).toEqual({ status: { from: 'CREATED', to: 'ARCHIVED' }, deleted: { from: false, to: true }, published: { from: true, to: false } });
  });

  test('a cohort in a product is 409 COHORT_IN_PRODUCT naming the product, and stays', async () => {
    const cohort = await makeCohort();
    const product = await makeProduct({ cohorts: [cohort] });
    const before = await snapshot(cohort.id);
    const res = await request(t.app).delete(`${BASE}/${cohort.id}`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'COHORT_IN_PRODUCT', message: `The cohort cannot be archived: it belongs to the product ${product.name}` });
    expect(await snapshot(cohort.id)).toEqual(before);
  });

  test("the other areas' archive guards are asked inside the archive (e.g. active enrollments)", async () => {
    const blocked = await makeCohort();
    const free = await makeCohort();
    registerArchiveGuard('cohort', async (id) =>
      id === blocked.id ? { code: 'COHORT_HAS_ACTIVE_ENROLLMENTS', message: 'The cohort cannot be archived: it has active enrollments' } : null,
    );
    const before = await snapshot(blocked.id);
    const res = await request(t.app).delete(`${BASE}/${blocked.id}`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'COHORT_HAS_ACTIVE_ENROLLMENTS', message: 'The cohort cannot be archived: it has active enrollments' });
    expect(await snapshot(blocked.id)).toEqual(before);
    expect((await request(t.app).delete(`${BASE}/${free.id}`).set(bearer(superToken))).status).toBe(204);
  });

  test('archiving an archived cohort changes nothing (204); 404; 401; 403 for SUPPORT', async () => {
    const cohort = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    const before = await snapshot(cohort.id);
    const res = await request(t.app).delete(`${BASE}/${cohort.id}`).set(bearer(superToken));
    expect(res.status).toBe(204);
    expect(await snapshot(cohort.id)).toEqual(before);
    const live = await makeCohort();
    expect((await request(t.app).delete(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(`${BASE}/${live.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${live.id}`).set(bearer(supportToken))).status).toBe(403);
    expect(await plain(live.id)).toMatchObject({ deleted: false, status: 'CREATED' });
  });
});

describe('PATCH /api/cohorts/:id/undeleted', () => {
  test("brings an archived cohort back with its dates' status, unpublished", async () => {
    const cohort = await makeCohort({ startDate: daysFromToday(-5), endDate: daysFromToday(5), status: 'ACTIVE', published: true });
    expect((await request(t.app).delete(`${BASE}/${cohort.id}`).set(bearer(superToken))).status).toBe(204);
    const res = await request(t.app).patch(`${BASE}/${cohort.id}/undeleted`).set(bearer(academic.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cohort.id, deleted: false, status: 'ACTIVE', published: false });
    expect(await plain(cohort.id)).toMatchObject({ deleted: false, status: 'ACTIVE' });
    const again = await request(t.app).patch(`${BASE}/${cohort.id}/undeleted`).set(bearer(superToken));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ deleted: false, status: 'ACTIVE' });
  });

  test('a cohort cancelled before archiving comes back CANCELLED', async () => {
    const cohort = await makeCohort({ status: 'CANCELLED' });
    await request(t.app).delete(`${BASE}/${cohort.id}`).set(bearer(superToken));
    expect((await plain(cohort.id)).status).toBe('ARCHIVED');
    const res = await request(t.app).patch(`${BASE}/${cohort.id}/undeleted`).set(bearer(superToken));
    expect(res.body).toMatchObject({ deleted: false, status: 'CANCELLED' });
  });

  test('the program archived meanwhile is 409 PROGRAM_ARCHIVED; 404; 401; 403 for SUPPORT', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program, deleted: true, status: 'ARCHIVED' });
    await program.update({ deleted: true });
    const res = await request(t.app).patch(`${BASE}/${cohort.id}/undeleted`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PROGRAM_ARCHIVED');
    expect(await plain(cohort.id)).toMatchObject({ deleted: true, status: 'ARCHIVED' });
    expect((await request(t.app).patch(`${BASE}/${MISSING}/undeleted`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/${cohort.id}/undeleted`)).status).toBe(401);
    expect((await request(t.app).patch(`${BASE}/${cohort.id}/undeleted`).set(bearer(supportToken))).status).toBe(403);
  });
});

describe('POST /api/cohorts/publish', () => {
  test('publishes and unpublishes the listed cohorts, answering them', async () => {
    const a = await makeCohort();
    const b = await makeCohort({ published: true });
    const res = await request(t.app)
      .post(`${BASE}/publish`)
      .set(bearer(academic.token))
      .send({ cohortIds: [b.id, a.id, a.id], published: true });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number; published: boolean }) => [c.id, c.published])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
    expect((await plain(a.id)).published).toBe(true);
    const off = await request(t.app)
      .post(`${BASE}/publish`)
      .set(bearer(superToken))
      .send({ cohortIds: [a.id], published: false });
    expect(off.body[0]).toMatchObject({ id: a.id, published: false });
    expect((await plain(a.id)).published).toBe(false);
    expect((await plain(b.id)).published).toBe(true);
  });

  test('an archived cohort among them is 409 COHORT_ARCHIVED, a missing one 404: none changes', async () => {
    const a = await makeCohort();
    const archived = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    const res = await request(t.app)
      .post(`${BASE}/publish`)
      .set(bearer(superToken))
      .send({ cohortIds: [a.id, archived.id], published: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('COHORT_ARCHIVED');
    const missing = await request(t.app)
      .post(`${BASE}/publish`)
      .set(bearer(superToken))
      .send({ cohortIds: [a.id, MISSING], published: true });
    expect(missing.status).toBe(404);
    expect((await plain(a.id)).published).toBe(false);
    expect((await plain(archived.id)).published).toBe(false);
  });

  test('400 for a bad body; 401; 403 for SUPPORT', async () => {
    const a = await makeCohort();
    const bad = await request(t.app).post(`${BASE}/publish`).set(bearer(superToken)).send({ cohortIds: [], published: 'yes', id: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ cohortIds: 'This field is required', published: 'Invalid value', id: 'Unknown field' });
    expect(
      (
        await request(t.app)
          .post(`${BASE}/publish`)
          .send({ cohortIds: [a.id], published: true })
      ).status,
    ).toBe(401);
    expect(
      (
        await request(t.app)
          .post(`${BASE}/publish`)
          .set(bearer(supportToken))
          .send({ cohortIds: [a.id], published: true })
      ).status,
    ).toBe(403);
    expect((await plain(a.id)).published).toBe(false);
  });
});

describe('PATCH /api/cohorts/:id/useCoachingCircle, /accessDisabled, /cancelled', () => {
  test('set each flag and answer the cohort', async () => {
    const cohort = await makeCohort();
    const circles = await request(t.app).patch(`${BASE}/${cohort.id}/useCoachingCircle`).set(bearer(academic.token)).send({ value: true });
    expect(circles.status).toBe(200);
    expect(circles.body).toMatchObject({ id: cohort.id, useCoachingCircle: true, accessDisabled: false });
    const access = await request(t.app).patch(`${BASE}/${cohort.id}/accessDisabled`).set(bearer(academic.token)).send({ value: true });
    expect(access.body).toMatchObject({ useCoachingCircle: true, accessDisabled: true });
    expect(await plain(cohort.id)).toMatchObject({ useCoachingCircle: true, accessDisabled: true });
    await request(t.app).patch(`${BASE}/${cohort.id}/useCoachingCircle`).set(bearer(academic.token)).send({ value: false });
    expect((await plain(cohort.id)).useCoachingCircle).toBe(false);
  });

  test("cancelled: true cancels, false gives back the dates' status; the nightly job leaves it alone", async () => {
    const cohort = await makeCohort({ startDate: daysFromToday(-3), endDate: daysFromToday(3), status: 'ACTIVE' });
    const cancel = await request(t.app).patch(`${BASE}/${cohort.id}/cancelled`).set(bearer(academic.token)).send({ value: true });
    expect(cancel.body.status).toBe('CANCELLED');
    expect((await plain(cohort.id)).status).toBe('CANCELLED');
    const back = await request(t.app).patch(`${BASE}/${cohort.id}/cancelled`).set(bearer(academic.token)).send({ value: false });
    expect(back.body.status).toBe('ACTIVE');
  });

  test('400 bad body; 404; 409 archived; 401; 403 for SUPPORT — nothing changes', async () => {
    const cohort = await makeCohort();
    const archived = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    for (const path of ['useCoachingCircle', 'accessDisabled', 'cancelled']) {
      const bad = await request(t.app).patch(`${BASE}/${cohort.id}/${path}`).set(bearer(superToken)).send({ value: 'maybe', other: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ value: 'Invalid value', other: 'Unknown field' });
      expect((await request(t.app).patch(`${BASE}/${cohort.id}/${path}`).set(bearer(superToken)).send({})).body.errors).toEqual({ value: 'This field is required' });
      expect((await request(t.app).patch(`${BASE}/${MISSING}/${path}`).set(bearer(superToken)).send({ value: true })).status).toBe(404);
      const refused = await request(t.app).patch(`${BASE}/${archived.id}/${path}`).set(bearer(superToken)).send({ value: true });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('COHORT_ARCHIVED');
      expect((await request(t.app).patch(`${BASE}/${cohort.id}/${path}`).send({ value: true })).status).toBe(401);
      expect((await request(t.app).patch(`${BASE}/${cohort.id}/${path}`).set(bearer(supportToken)).send({ value: true })).status).toBe(403);
    }
    expect(await plain(cohort.id)).toMatchObject({ useCoachingCircle: false, accessDisabled: false, status: 'CREATED' });
    expect(await plain(archived.id)).toMatchObject({ useCoachingCircle: false, accessDisabled: false, status: 'ARCHIVED' });
  });
});

describe('PATCH /api/cohorts/:id/coaching_circle_open_close_dates', () => {
  test('sets the windows (dates are the start or end of the day in New York); keys left out are kept, null clears', async () => {
    const cohort = await makeCohort();
    const res = await request(t.app).patch(`${BASE}/${cohort.id}/coaching_circle_open_close_dates`).set(bearer(academic.token)).send({
      coachingCircleOpenDate: '01-05-2031',
      coachingCircleCloseDate: '2031-01-20',
      sessionOpenDate: '2031-02-01T14:00:00Z',
      sessionCloseDate: '2031-07-01T10:00:00-04:00',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      coachingCircleOpenDate: '2031-01-05T05:00:00.000Z',
      coachingCircleCloseDate: '2031-01-21T04:59:59.999Z',
      sessionOpenDate: '2031-02-01T14:00:00.000Z',
      sessionCloseDate: '2031-07-01T14:00:00.000Z',
    });
    expect((await plain(cohort.id)).coachingCircleOpenDate?.toISOString()).toBe('2031-01-05T05:00:00.000Z');
    const partial = await request(t.app).patch(`${BASE}/${cohort.id}/coaching_circle_open_close_dates`).set(bearer(academic.token)).send({ sessionCloseDate: null });
    expect(partial.body).toMatchObject({ coachingCircleOpenDate: '2031-01-05T05:00:00.000Z', sessionOpenDate: '2031-02-01T14:00:00.000Z', sessionCloseDate: null });
    expect((await plain(cohort.id)).sessionCloseDate).toBeNull();
  });

  test('a close date before its open date (sent or kept) is 400; bad dates 400; nothing changes', async () => {
    const cohort = await makeCohort({ coachingCircleOpenDate: new Date('2031-03-01T05:00:00Z') });
    const before = await snapshot(cohort.id);
    const both = await request(t.app)
      .patch(`${BASE}/${cohort.id}/coaching_circle_open_close_dates`)
      .set(bearer(superToken))
      .send({ sessionOpenDate: '2031-04-02', sessionCloseDate: '2031-04-01' });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual({ sessionCloseDate: 'The end cannot be before the start' });
    const kept = await request(t.app).patch(`${BASE}/${cohort.id}/coaching_circle_open_close_dates`).set(bearer(superToken)).send({ coachingCircleCloseDate: '2031-02-01' });
    expect(kept.body.errors).toEqual({ coachingCircleCloseDate: 'The end cannot be before the start' });
    const bad = await request(t.app).patch(`${BASE}/${cohort.id}/coaching_circle_open_close_dates`).set(bearer(superToken)).send({ sessionOpenDate: 'tomorrow', extra: 1 });
    expect(bad.body.errors).toEqual({ sessionOpenDate: 'Please type a valid date', extra: 'Unknown field' });
    expect(await snapshot(cohort.id)).toEqual(before);
  });

  test('404; 409 archived; 401; 403 for SUPPORT', async () => {
    const archived = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    const body = { sessionOpenDate: '2031-04-01' };
    expect((await request(t.app).patch(`${BASE}/${MISSING}/coaching_circle_open_close_dates`).set(bearer(superToken)).send(body)).status).toBe(404);
    const refused = await request(t.app).patch(`${BASE}/${archived.id}/coaching_circle_open_close_dates`).set(bearer(superToken)).send(body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COHORT_ARCHIVED');
    expect((await request(t.app).patch(`${BASE}/${archived.id}/coaching_circle_open_close_dates`).send(body)).status).toBe(401);
    expect((await request(t.app).patch(`${BASE}/${archived.id}/coaching_circle_open_close_dates`).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect((await plain(archived.id)).sessionOpenDate).toBeNull();
  });
});

describe('POST /api/cohorts/:id/sync_from_d2l', () => {
  // The sync itself: tests/api/lms-sync.test.ts (against a fake D2L).
  test('409 LMS_ORG_UNIT_REQUIRED without a connection; 404; 401; 403 for SUPPORT', async () => {
    const cohort = await makeCohort();
    const res = await request(t.app).post(`${BASE}/${cohort.id}/sync_from_d2l`).set(bearer(academic.token));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 409,
      code: 'LMS_ORG_UNIT_REQUIRED',
      message: 'LMS and org unit required for sync',
      requestId: expect.any(String),
    });
    expect((await request(t.app).post(`${BASE}/${MISSING}/sync_from_d2l`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${cohort.id}/sync_from_d2l`)).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${cohort.id}/sync_from_d2l`).set(bearer(supportToken))).status).toBe(403);
  });
});

describe('recomputeCohortStatuses (the nightly rule)', () => {
  // Dates in the 1990s: no other suite's cohorts (2030s) are touched by this `today`.
  const TODAY = '1995-06-15';
  test('set-wise: CREATED → ACTIVE once started, CREATED/ACTIVE → COMPLETED once ended; deleted, CANCELLED and ARCHIVED kept; agrees with cohortStatusOn', async () => {
    const program = await makeProgram();
    const cases = {
      notStarted: await makeCohort({ program, startDate: '1995-06-16', endDate: '1995-12-01' }),
      startsToday: await makeCohort({ program, startDate: '1995-06-15', endDate: '1995-12-01' }),
      startedNoEnd: await makeCohort({ program, startDate: '1995-01-01', endDate: null }),
      createdEnded: await makeCohort({ program, startDate: '1995-01-01', endDate: '1995-06-14' }),
      activeEndsToday: await makeCohort({ program, status: 'ACTIVE', startDate: '1995-01-01', endDate: '1995-06-15' }),
      activeEnded: await makeCohort({ program, status: 'ACTIVE', startDate: '1995-01-01', endDate: '1995-03-01' }),
      cancelled: await makeCohort({ program, status: 'CANCELLED', startDate: '1995-01-01', endDate: '1995-03-01' }),
      archived: await makeCohort({ program, status: 'ARCHIVED', deleted: true, startDate: '1995-01-01', endDate: '1995-03-01' }),
      deletedCreated: await makeCohort({ program, deleted: true, startDate: '1995-01-01', endDate: '1995-03-01' }),
    };
    const stamps = await Cohort.findAll({ where: { programId: program.id }, attributes: ['id', 'updatedAt'], raw: true });
    const result = await recomputeCohortStatuses(TODAY);
    expect(result).toEqual({ activated: 2, completed: 2 });
    const expected = {
      notStarted: 'CREATED',
      startsToday: 'ACTIVE',
      startedNoEnd: 'ACTIVE',
      createdEnded: 'COMPLETED',
      activeEndsToday: 'ACTIVE',
      activeEnded: 'COMPLETED',
      cancelled: 'CANCELLED',
      archived: 'ARCHIVED',
      deletedCreated: 'CREATED',
    };
    for (const [key, cohort] of Object.entries(cases)) {
      const row = await plain(cohort.id);
      expect([key, row.status]).toEqual([key, expected[key as keyof typeof expected]]);
      if (!row.deleted) expect([key, row.status]).toEqual([key, cohortStatusOn({ status: cohort.status, startDate: cohort.startDate, endDate: cohort.endDate }, TODAY)]);
    }
    // A second run finds nothing to do; the job is not an edit (updatedAt kept).
    expect(await recomputeCohortStatuses(TODAY)).toEqual({ activated: 0, completed: 0 });
    const after = await Cohort.findAll({ where: { programId: program.id }, attributes: ['id', 'updatedAt'], raw: true });
    expect(after.map((r) => [r.id, new Date(r.updatedAt).getTime()]).sort()).toEqual(stamps.map((r) => [r.id, new Date(r.updatedAt).getTime()]).sort());
  });
});
