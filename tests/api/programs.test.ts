import request from 'supertest';
import { ActivityLog, Cohort, EnrollmentFlowRequirement, Program, ProgramBundleItem, ProgramLanguage } from '../../models';
import { EnrollmentFlowStep } from '../../models/enums';
import { registerArchiveGuard } from '../../api/catalogue/archive-guards';
import { setupApp, type TestApp } from '../support/app';
import { categoryNamed, makeCohort, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { makeLmsConnection } from '../support/lms-factories';

let t: TestApp;
let superToken: string;
let academicToken: string;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  academicToken = academic.token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/programs';
const MISSING = 999_999;

/** A valid POST body (unique name, HCTP category) with overrides. */
async function body(overrides: Record<string, unknown> = {}) {
  const hctp = await categoryNamed('HCTP');
  return { name: unique('Program '), businessCategoryId: hctp.id, cost: 5999.99, language: 'EN', ...overrides };
}
async function create(overrides: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(BASE)
    .set(bearer(superToken))
    .send(await body(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string } & Record<string, unknown>;
}
async function languagesOf(programId: number) {
  return (await ProgramLanguage.findAll({ where: { programId } })).map((l) => l.language).sort();
}
const ids = (res: request.Response) => (res.body.content as Array<{ id: number }>).map((p) => p.id);

describe('POST /api/programs', () => {
  test('ACADEMIC creates a program (201) with every field; money in dollars, nested agreement, languages stored', async () => {
    const hctp = await categoryNamed('HCTP');
    const name = unique('Health Coach ');
    const res = await request(t.app)
      .post(BASE)
      .set(bearer(academicToken))
      .send({
        name,
        image: 'https://cdn.example.com/p.png',
        description: 'Core program',
        preRequisites: 'None',
        courseAccessDuration: 365,
        graduationLimitDays: 540,
        cost: '6000.50',
        businessCategoryId: hctp.id,
        welcomeEmailTemplate: 'WELCOME_HCTP',
        language: 'EN',
        enrollmentAgreement: { url: 'https://example.com/agreement.pdf', publicationDate: '01-15-2027', lastRevisionDate: '2027-02-01' },
        registrationFee: 100,
        booksAndMaterialsFee: 49.99,
        accelerated: true,
        durationType: 'FIXED_DURATION',
        isBundle: false,
        salesforceProductId: 'SF-1',
        salesforceProductType: 'Program',
        lmsConnectionId: null,
        d2lOrgUnitId: '6606',
        accredibleGroupId: 'ACC-1',
        clockHours: 120,
        weeks: 26,
        showOhioVideo: true,
        reservedSeat: true,
        languages: ['ES', 'EN', 'ES'],
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      cost: 6000.5,
      registrationFee: 100,
      booksAndMaterialsFee: 49.99,
      businessCategory: { id: hctp.id, name: 'HCTP' },
      businessCategoryId: hctp.id,
      enrollmentAgreement: { url: 'https://example.com/agreement.pdf', publicationDate: '2027-01-15', lastRevisionDate: '2027-02-01' },
      accelerated: true,
      durationType: 'FIXED_DURATION',
      durationTypeLabel: 'Accelerated (6 Months)',
      isBundle: false,
      bundleProgramIds: [],
      lmsConnection: null,
      lmsConnectionId: null,
      languages: ['EN', 'ES'],
      deleted: false,
      clockHours: 120,
      weeks: 26,
      showOhioVideo: true,
      reservedSeat: true,
      updatedBy: { id: academic.user.id, name: `${academic.admin.firstName} ${academic.admin.lastName}` },
    });
    const row = await Program.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({
      name,
      cost: 6000.5,
      enrollmentAgreementUrl: 'https://example.com/agreement.pdf',
      enrollmentAgreementPublicationDate: '2027-01-15',
      d2lOrgUnitId: '6606',
      deleted: false,
    });
    expect(Number(row?.cost)).toBe(6000.5);
    expect(await languagesOf(res.body.id)).toEqual(['EN', 'ES']);
    const log = await ActivityLog.findOne({ where: { entityType: 'PROGRAM', entityId: res.body.id, type: 'CREATED' } });
    expect(log?.actorUserId).toBe(academic.user.id);
  });

  test('defaults: language EN, languages [language], FIXED_DURATION labelled 12 Months; a continuous program is never accelerated', async () => {
    const plain = await create({ language: 'ES' });
    expect(plain).toMatchObject({
      language: 'ES',
      languages: ['ES'],
      durationType: 'FIXED_DURATION',
      durationTypeLabel: '12 Months',
      accelerated: false,
      isBundle: false,
      showOhioVideo: false,
    });
    const continuous = await create({ durationType: 'CONTINUOUS_LEARNING', accelerated: true });
    expect(continuous).toMatchObject({ accelerated: false, durationTypeLabel: 'Continuous learning' });
    expect((await Program.findByPk(continuous.id))?.accelerated).toBe(false);
  });

  test('bad input is 400 with field errors and creates nothing', async () => {
    const name = unique('Bad ');
    const res = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({
        name: '',
        cost: -1,
        registrationFee: 1.234,
        language: 'FR',
        languages: ['EN', 'DE'],
        durationType: 'FOREVER',
        clockHours: 1.5,
        weeks: -2,
        enrollmentAgreement: { url: 'not a url', publicationDate: '2027-13-45', extra: 1 },
        accelerated: 'maybe',
        password: 'x',
      });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual({
      name: 'This field is required',
      cost: 'Invalid value',
      registrationFee: 'Invalid value',
      businessCategoryId: 'This field is required',
      language: 'Invalid value',
      'languages.1': 'Invalid value',
      durationType: 'Invalid value',
      clockHours: 'Invalid value',
      weeks: 'Invalid value',
      'enrollmentAgreement.url': 'Please type a valid URL',
      'enrollmentAgreement.publicationDate': 'Please type a valid date',
      'enrollmentAgreement.extra': 'Unknown field',
      accelerated: 'Invalid value',
      password: 'Unknown field',
    });
    const long = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send(await body({ name: `${name}${'x'.repeat(200)}` }));
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ name: 'Maximum 200 characters' });
    expect(await Program.count({ where: { name: `${name}${'x'.repeat(200)}` } })).toBe(0);
  });

  test('an unknown business category or any LMS connection is 400 and creates nothing', async () => {
    const b = await body();
    const category = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ ...b, businessCategoryId: MISSING });
    expect(category.status).toBe(400);
    expect(category.body.errors).toEqual({ businessCategoryId: 'Invalid value' });
    const lms = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ ...b, lmsConnectionId: 999999 });
    expect(lms.status).toBe(400);
    expect(lms.body.errors).toEqual({ lmsConnectionId: 'Invalid value' });
    expect(await Program.count({ where: { name: b.name as string } })).toBe(0);
  });

  test('401 without a token; 403 for SUPPORT and a student', async () => {
    const b = await body();
    expect((await request(t.app).post(BASE).send(b)).status).toBe(401);
    expect((await request(t.app).post(BASE).set(bearer(supportToken)).send(b)).status).toBe(403);
    expect((await request(t.app).post(BASE).set(bearer(studentToken)).send(b)).status).toBe(403);
    expect(await Program.count({ where: { name: b.name as string } })).toBe(0);
  });
});

describe('GET /api/programs', () => {
  test('paged contract shape; keyword; archived hidden unless deleted=true; sort by name and cost', async () => {
    const stem = unique('Listed');
    const a = await create({ name: `${stem} Alpha`, cost: 300, languages: ['EN', 'ES'] });
    const b = await create({ name: `${stem} Beta`, cost: 100 });
    const c = await create({ name: `${stem} Gamma`, cost: 200 });
    await Program.update({ deleted: true }, { where: { id: c.id } });

    const res = await request(t.app).get(`${BASE}?keyword=${stem}&sortBy=NAME`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(ids(res)).toEqual([a.id, b.id]);
    expect(res.body.content[0]).toMatchObject({
      name: `${stem} Alpha`,
      cost: 300,
      languages: ['EN', 'ES'],
      businessCategory: { name: 'HCTP' },
      bundleProgramIds: [],
      durationTypeLabel: '12 Months',
    });

    const byCost = await request(t.app).get(`${BASE}?keyword=${stem}&sortBy=cost&descending=true`).set(bearer(supportToken));
    expect(ids(byCost)).toEqual([a.id, b.id]);
    const archived = await request(t.app).get(`${BASE}?keyword=${stem}&deleted=true`).set(bearer(supportToken));
    expect(ids(archived)).toEqual([c.id]);
    expect(archived.body.content[0].deleted).toBe(true);

    // A name of several words finds itself; words that are not in that order at its start do not.
    const phrase = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(`${stem} Be`)}`)
      .set(bearer(supportToken));
    expect(ids(phrase)).toEqual([b.id]);
    const reversed = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(`Beta ${stem}`)}`)
      .set(bearer(supportToken));
    expect(ids(reversed)).toEqual([]);
  });

  test('size up to 2000 (the unpaged list); larger is capped; a bad sortBy or page is 400', async () => {
    const p = await create();
    const all = await request(t.app).get(`${BASE}?size=2000`).set(bearer(superToken));
    expect(all.status).toBe(200);
    expect(all.body.pagination.size).toBe(2000);
    expect(ids(all)).toContain(p.id);
    const capped = await request(t.app).get(`${BASE}?size=5000`).set(bearer(superToken));
    expect(capped.body.pagination.size).toBe(2000);
    const bad = await request(t.app).get(`${BASE}?sortBy=description&page=-1`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['page', 'sortBy']);
  });

  test('401 without a token; 403 for a student', async () => {
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('POST /api/programs/find_by_criteria', () => {
  test('accelerated, businessCategory, languages (any), showOhioVideo, deleted; paging in the query string', async () => {
    const stem = unique('Crit');
    const cip = await categoryNamed('CIP');
    const p1 = await create({ name: `${stem} 1`, accelerated: true, languages: ['EN'] });
    const p2 = await create({ name: `${stem} 2`, businessCategoryId: cip.id, languages: ['ES'], showOhioVideo: true });
    const p3 = await create({ name: `${stem} 3`, languages: ['EN', 'ES'] });
    const p4 = await create({ name: `${stem} 4`, accelerated: true });
    await Program.update({ deleted: true }, { where: { id: p4.id } });
    const find = (criteria: Record<string, unknown>, query = '') =>
      request(t.app).post(`${BASE}/find_by_criteria?keyword=${stem}&sortBy=ID${query}`).set(bearer(supportToken)).send(criteria);

    expect(ids(await find({ accelerated: true }))).toEqual([p1.id]);
    expect(ids(await find({ accelerated: true, deleted: true }))).toEqual([p4.id]);
    expect(ids(await find({ businessCategory: [cip.id] }))).toEqual([p2.id]);
    expect(ids(await find({ languages: ['ES'] }))).toEqual([p2.id, p3.id]);
    expect(ids(await find({ languages: ['EN', 'ES'] }))).toEqual([p1.id, p2.id, p3.id]);
    expect(ids(await find({ showOhioVideo: true }))).toEqual([p2.id]);
    // Empty parts are ignored.
    expect(ids(await find({ languages: [], businessCategory: [], accelerated: null }))).toEqual([p1.id, p2.id, p3.id]);
    // ids (the console's getMany) also finds archived programs unless deleted is given.
    expect(ids(await find({ ids: [p4.id, p1.id] }))).toEqual([p1.id, p4.id]);
    expect(ids(await find({ ids: [p4.id, p1.id], deleted: false }))).toEqual([p1.id]);
    const paged = await find({ languages: ['EN'] }, '&size=1&page=1');
    expect(paged.body.pagination).toEqual({ total: 2, page: 1, size: 1 });
    expect(ids(paged)).toEqual([p3.id]);
  });

  test('an unknown criteria key or a bad language is 400; 401; 403', async () => {
    const bad = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ published: true, languages: ['FR'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ published: 'Unknown field', 'languages.0': 'Invalid value' });
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(studentToken)).send({})).status).toBe(403);
  });
});

describe('GET /api/programs/:id', () => {
  test('the program with its bundle ids; 404 when missing; 400 for a bad id; 401; 403', async () => {
    const inner = await makeProgram();
    const bundle = await create({ isBundle: true });
    await ProgramBundleItem.create({ bundleProgramId: bundle.id, programId: inner.id });
    const res = await request(t.app).get(`${BASE}/${bundle.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bundle.id, isBundle: true, bundleProgramIds: [inner.id] });
    const missing = await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(superToken));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Program not found' });
    const bad = await request(t.app).get(`${BASE}/abc`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ id: 'Invalid value' });
    expect((await request(t.app).get(`${BASE}/${bundle.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${bundle.id}`).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('PUT /api/programs/:id', () => {
  test('updates the whole record and its languages; a new name relabels its cohorts; the change is logged', async () => {
    const p = await create({ languages: ['EN', 'ES'], d2lOrgUnitId: '77' });
    const cohort = await makeCohort({ programId: p.id });
    const cip = await categoryNamed('CIP');
    const name = unique('Renamed ');
    const res = await request(t.app)
      .put(`${BASE}/${p.id}`)
      .set(bearer(academicToken))
      .send(await body({ id: p.id, name, businessCategoryId: cip.id, cost: 10, languages: ['ES'] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, name, cost: 10, businessCategory: { id: cip.id, name: 'CIP' }, languages: ['ES'], d2lOrgUnitId: null });
    const row = await Program.findByPk(p.id);
    expect(row?.get({ plain: true })).toMatchObject({ name, businessCategoryId: cip.id, d2lOrgUnitId: null, updatedById: academic.user.id });
    expect(await languagesOf(p.id)).toEqual(['ES']);
    const relabelled = await Cohort.findByPk(cohort.id);
    expect(relabelled?.label).toBe(`${name} 01-15-2030 - 12-15-2030`);
    expect(relabelled?.businessCategoryId).toBe(cip.id);
    const log = await ActivityLog.findOne({ where: { entityType: 'PROGRAM', entityId: p.id, type: 'UPDATED' }, order: [['id', 'DESC']] });
    expect(log?.changes).toMatchObject({ name: { from: p.name, to: name }, languages: { from: ['EN', 'ES'], to: ['ES'] } });
  });

  test('a continuous-learning duration drops the dates from cohort labels', async () => {
    const p = await create();
    const cohort = await makeCohort({ programId: p.id });
    const res = await request(t.app)
      .put(`${BASE}/${p.id}`)
      .set(bearer(superToken))
      .send(await body({ name: p.name, durationType: 'CONTINUOUS_LEARNING' }));
    expect(res.status).toBe(200);
    expect((await Cohort.findByPk(cohort.id))?.label).toBe(p.name);
  });

  test('bad input is 400 and changes nothing (also an id that is not the path id, an unknown LMS connection, an unknown category)', async () => {
    const p = await create({ cost: 50 });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { name: ' ', cost: 'abc' },
        { name: 'This field is required', cost: 'Invalid value' },
      ],
      [{ id: p.id + 1 }, { id: 'Invalid value' }],
      [{ lmsConnectionId: 999999 }, { lmsConnectionId: 'Invalid value' }],
      [{ businessCategoryId: MISSING }, { businessCategoryId: 'Invalid value' }],
    ];
    for (const [override, errors] of cases) {
      const res = await request(t.app)
        .put(`${BASE}/${p.id}`)
        .set(bearer(superToken))
        .send(await body({ name: 'Changed', ...override }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    const row = await Program.findByPk(p.id);
    expect(row?.name).toBe(p.name);
    expect(Number(row?.cost)).toBe(50);
  });

  test('an archived program is 409 PROGRAM_ARCHIVED and stays unchanged', async () => {
    const p = await create();
    await Program.update({ deleted: true }, { where: { id: p.id } });
    const res = await request(t.app)
      .put(`${BASE}/${p.id}`)
      .set(bearer(superToken))
      .send(await body({ name: 'Nope' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PROGRAM_ARCHIVED', message: 'The program is archived' });
    expect((await Program.findByPk(p.id))?.name).toBe(p.name);
  });

  test('isBundle cannot be turned off while it includes programs, nor on while a bundle includes it (409 BUNDLE_NOT_ALLOWED)', async () => {
    const inner = await create();
    const bundle = await create({ isBundle: true });
    await ProgramBundleItem.create({ bundleProgramId: bundle.id, programId: inner.id });
    const off = await request(t.app)
      .put(`${BASE}/${bundle.id}`)
      .set(bearer(superToken))
      .send(await body({ name: bundle.name, isBundle: false }));
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('BUNDLE_NOT_ALLOWED');
    expect((await Program.findByPk(bundle.id))?.isBundle).toBe(true);
    const on = await request(t.app)
      .put(`${BASE}/${inner.id}`)
      .set(bearer(superToken))
      .send(await body({ name: inner.name, isBundle: true }));
    expect(on.status).toBe(409);
    expect(on.body.code).toBe('BUNDLE_NOT_ALLOWED');
    expect((await Program.findByPk(inner.id))?.isBundle).toBe(false);
  });

  test('401; 403 for SUPPORT; 404 when missing', async () => {
    const p = await create();
    const b = await body({ name: 'Other' });
    expect((await request(t.app).put(`${BASE}/${p.id}`).send(b)).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${p.id}`).set(bearer(supportToken)).send(b)).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(superToken)).send(b)).status).toBe(404);
    expect((await Program.findByPk(p.id))?.name).toBe(p.name);
  });
});

describe('DELETE /api/programs/:id and PATCH /api/programs/:id/undeleted', () => {
  test('archives (204, hidden from the list) and undeletes (200, listed again); both are logged', async () => {
    const p = await create({ name: unique('Archivable') });
    const listed = async () => ids(await request(t.app).get(`${BASE}?keyword=${p.name}`).set(bearer(superToken)));
    expect(await listed()).toEqual([p.id]);
    await makeCohort({ programId: p.id, status: 'COMPLETED' });
    await makeCohort({ programId: p.id, status: 'ACTIVE', deleted: true });
    const del = await request(t.app).delete(`${BASE}/${p.id}`).set(bearer(academicToken));
    expect(del.status).toBe(204);
    expect((await Program.findByPk(p.id))?.deleted).toBe(true);
    expect(await listed()).toEqual([]);
    expect((await request(t.app).delete(`${BASE}/${p.id}`).set(bearer(academicToken))).status).toBe(204);

    const undo = await request(t.app).patch(`${BASE}/${p.id}/undeleted`).set(bearer(academicToken));
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ id: p.id, deleted: false });
    expect((await Program.findByPk(p.id))?.deleted).toBe(false);
    expect(await listed()).toEqual([p.id]);
    const logs = await ActivityLog.findAll({ where: { entityType: 'PROGRAM', entityId: p.id }, order: [['id', 'ASC']] });
    expect(logs.map((l) => l.description)).toEqual([null, 'Archived', 'Restored']);
  });

  test('a program with a CREATED or ACTIVE cohort is 409 PROGRAM_HAS_CURRENT_COHORTS and stays', async () => {
    for (const status of ['CREATED', 'ACTIVE'] as const) {
      const p = await create();
      await makeCohort({ programId: p.id, status });
      const res = await request(t.app).delete(`${BASE}/${p.id}`).set(bearer(superToken));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'PROGRAM_HAS_CURRENT_COHORTS', message: 'The program cannot be archived: it has current cohorts' });
      expect((await Program.findByPk(p.id))?.deleted).toBe(false);
    }
  });

  test("another area's archive guard refuses inside the transaction", async () => {
    const p = await create();
    registerArchiveGuard('program', async (id) => (id === p.id ? { code: 'PROGRAM_IN_USE_ELSEWHERE', message: 'Blocked by another area' } : null));
    const res = await request(t.app).delete(`${BASE}/${p.id}`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PROGRAM_IN_USE_ELSEWHERE', message: 'Blocked by another area' });
    expect((await Program.findByPk(p.id))?.deleted).toBe(false);
  });

  test('401; 403 for SUPPORT; 404 when missing; 400 for a bad id', async () => {
    const p = await create();
    expect((await request(t.app).delete(`${BASE}/${p.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${p.id}`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).delete(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(`${BASE}/x`).set(bearer(superToken))).status).toBe(400);
    expect((await request(t.app).patch(`${BASE}/${p.id}/undeleted`)).status).toBe(401);
    expect((await request(t.app).patch(`${BASE}/${p.id}/undeleted`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${MISSING}/undeleted`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/x/undeleted`).set(bearer(superToken))).status).toBe(400);
    expect((await Program.findByPk(p.id))?.deleted).toBe(false);
  });
});

describe('bundles: /api/programs/:id/programs', () => {
  test('POST replaces the set (in the order sent) and GET lists them', async () => {
    const [a, b, c] = [await create(), await create(), await create()];
    const bundle = await create({ isBundle: true });
    const first = await request(t.app)
      .post(`${BASE}/${bundle.id}/programs`)
      .set(bearer(academicToken))
      .send({ programIds: [b.id, a.id] });
    expect(first.status).toBe(200);
    expect(first.body.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    const second = await request(t.app)
      .post(`${BASE}/${bundle.id}/programs`)
      .set(bearer(academicToken))
      .send({ programIds: [c.id, a.id, c.id] });
    expect(second.status).toBe(200);
    const rows = await ProgramBundleItem.findAll({ where: { bundleProgramId: bundle.id }, order: [['displayOrder', 'ASC']] });
    expect(rows.map((r) => r.programId)).toEqual([c.id, a.id]);
    const list = await request(t.app).get(`${BASE}/${bundle.id}/programs`).set(bearer(supportToken));
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([
      [c.id, c.name],
      [a.id, a.name],
    ]);
    expect((await request(t.app).get(`${BASE}/${bundle.id}`).set(bearer(superToken))).body.bundleProgramIds).toEqual([c.id, a.id]);
    const emptied = await request(t.app).post(`${BASE}/${bundle.id}/programs`).set(bearer(academicToken)).send({ programIds: [] });
    expect(emptied.body).toEqual([]);
    expect(await ProgramBundleItem.count({ where: { bundleProgramId: bundle.id } })).toBe(0);
  });

  test('409 BUNDLE_NOT_ALLOWED: not a bundle, itself, or another bundle; nothing changes', async () => {
    const a = await create();
    const other = await create({ isBundle: true });
    const bundle = await create({ isBundle: true });
    await ProgramBundleItem.create({ bundleProgramId: bundle.id, programId: a.id });
    for (const [target, programIds] of [
      [a.id, [bundle.id]],
      [bundle.id, [bundle.id]],
      [bundle.id, [other.id]],
    ] as Array<[number, number[]]>) {
      const res = await request(t.app).post(`${BASE}/${target}/programs`).set(bearer(superToken)).send({ programIds });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'BUNDLE_NOT_ALLOWED', message: 'Only a bundle program can include programs, and never itself or another bundle' });
    }
    expect((await ProgramBundleItem.findAll({ where: { bundleProgramId: bundle.id } })).map((r) => r.programId)).toEqual([a.id]);
    expect(await ProgramBundleItem.count({ where: { bundleProgramId: a.id } })).toBe(0);
  });

  test('unknown or newly added archived ids are 400 under programIds.N; a bad body is 400; nothing changes', async () => {
    const a = await create();
    const archived = await create();
    await Program.update({ deleted: true }, { where: { id: archived.id } });
    const bundle = await create({ isBundle: true });
    const res = await request(t.app)
      .post(`${BASE}/${bundle.id}/programs`)
      .set(bearer(superToken))
      .send({ programIds: [a.id, MISSING, archived.id] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'programIds.1': 'Invalid value', 'programIds.2': 'Invalid value' });
    const shape = await request(t.app)
      .post(`${BASE}/${bundle.id}/programs`)
      .set(bearer(superToken))
      .send({ programIds: ['x'], other: 1 });
    expect(shape.status).toBe(400);
    expect(shape.body.errors).toEqual({ 'programIds.0': 'Invalid value', other: 'Unknown field' });
    expect(await ProgramBundleItem.count({ where: { bundleProgramId: bundle.id } })).toBe(0);
  });

  test('an archived bundle is 409 PROGRAM_ARCHIVED; 401; 403; 404', async () => {
    const a = await create();
    const bundle = await create({ isBundle: true });
    await Program.update({ deleted: true }, { where: { id: bundle.id } });
    const archived = await request(t.app)
      .post(`${BASE}/${bundle.id}/programs`)
      .set(bearer(superToken))
      .send({ programIds: [a.id] });
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PROGRAM_ARCHIVED');
    expect(
      (
        await request(t.app)
          .post(`${BASE}/${bundle.id}/programs`)
          .send({ programIds: [a.id] })
      ).status,
    ).toBe(401);
    expect(
      (
        await request(t.app)
          .post(`${BASE}/${bundle.id}/programs`)
          .set(bearer(supportToken))
          .send({ programIds: [a.id] })
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .post(`${BASE}/${MISSING}/programs`)
          .set(bearer(superToken))
          .send({ programIds: [a.id] })
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(`${BASE}/${MISSING}/programs`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${bundle.id}/programs`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${bundle.id}/programs`).set(bearer(studentToken))).status).toBe(403);
    expect(await ProgramBundleItem.count({ where: { bundleProgramId: bundle.id } })).toBe(0);
  });
});

describe('enrollment flow requirements', () => {
  const url = (id: number) => `${BASE}/${id}/enrollment_flow_requirements`;

  test('GET lists the six steps in order, not required until saved; PUT replaces them', async () => {
    const p = await create();
    const initial = await request(t.app).get(url(p.id)).set(bearer(supportToken));
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual(EnrollmentFlowStep.map((step) => ({ step, required: false })));

    const put = await request(t.app)
      .put(url(p.id))
      .set(bearer(academicToken))
      .send([
        { step: 'QUESTIONNAIRE', required: true },
        { step: 'ADMIN_APPROVAL', required: true },
        { step: 'DOCUMENT_UPLOAD', required: false },
      ]);
    expect(put.status).toBe(200);
    const expected = EnrollmentFlowStep.map((step) => ({ step, required: step === 'QUESTIONNAIRE' || step === 'ADMIN_APPROVAL' }));
    expect(put.body).toEqual(expected);
    expect((await request(t.app).get(url(p.id)).set(bearer(supportToken))).body).toEqual(expected);
    const rows = await EnrollmentFlowRequirement.findAll({ where: { programId: p.id }, order: [['displayOrder', 'ASC']] });
    expect(rows.map((r) => [r.step, r.required])).toEqual(expected.map((r) => [r.step, r.required]));

    const again = await request(t.app)
      .put(url(p.id))
      .set(bearer(academicToken))
      .send([{ step: 'ENROLLMENT_AGREEMENT', required: true }]);
    expect(again.body.filter((r: { required: boolean }) => r.required).map((r: { step: string }) => r.step)).toEqual(['ENROLLMENT_AGREEMENT']);
    expect(await EnrollmentFlowRequirement.count({ where: { programId: p.id, required: true } })).toBe(1);
    const log = await ActivityLog.findOne({ where: { entityType: 'PROGRAM', entityId: p.id, description: 'Enrollment flow requirements' }, order: [['id', 'DESC']] });
    expect(log?.changes).toEqual({ ADMIN_APPROVAL: { from: true, to: false }, QUESTIONNAIRE: { from: true, to: false }, ENROLLMENT_AGREEMENT: { from: false, to: true } });
  });

  test('bad input (unknown step, duplicate step, not an array) is 400 and changes nothing', async () => {
    const p = await create();
    await request(t.app)
      .put(url(p.id))
      .set(bearer(superToken))
      .send([{ step: 'QUESTIONNAIRE', required: true }]);
    const unknown = await request(t.app)
      .put(url(p.id))
      .set(bearer(superToken))
      .send([
        { step: 'PAY', required: true },
        { step: 'QUESTIONNAIRE', required: 'x' },
      ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ '0.step': 'Invalid value', '1.required': 'Invalid value' });
    const dup = await request(t.app)
      .put(url(p.id))
      .set(bearer(superToken))
      .send([
        { step: 'QUESTIONNAIRE', required: false },
        { step: 'QUESTIONNAIRE', required: true },
      ]);
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ '1.step': 'Invalid value' });
    const notArray = await request(t.app).put(url(p.id)).set(bearer(superToken)).send({ requirements: [] });
    expect(notArray.status).toBe(400);
    expect((await EnrollmentFlowRequirement.findAll({ where: { programId: p.id, required: true } })).map((r) => r.step)).toEqual(['QUESTIONNAIRE']);
  });

  test('an archived program is 409 PROGRAM_ARCHIVED; 401; 403; 404', async () => {
    const p = await create();
    await Program.update({ deleted: true }, { where: { id: p.id } });
    const body = [{ step: 'QUESTIONNAIRE', required: true }];
    const archived = await request(t.app).put(url(p.id)).set(bearer(superToken)).send(body);
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PROGRAM_ARCHIVED');
    expect(await EnrollmentFlowRequirement.count({ where: { programId: p.id } })).toBe(0);
    expect((await request(t.app).put(url(p.id)).send(body)).status).toBe(401);
    expect((await request(t.app).put(url(p.id)).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect((await request(t.app).put(url(MISSING)).set(bearer(superToken)).send(body)).status).toBe(404);
    expect((await request(t.app).get(url(MISSING)).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(url(p.id))).status).toBe(401);
    expect((await request(t.app).get(url(p.id)).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('learning-system calls', () => {
  // The syncs themselves: tests/api/lms-sync.test.ts (against a fake D2L).
  const calls: Array<['post' | 'get', string]> = [
    ['post', 'sync_from_d2l'],
    ['post', 'sync_academic_status'],
    ['post', 'sync_topic_videos_from_d2l'],
  ];

  test('without a connection each sync is 409 LMS_CONNECTION_REQUIRED and changes nothing; the academic status read answers null', async () => {
    const p = await create({ d2lOrgUnitId: '6606' });
    for (const [method, path] of calls) {
      const res = await request(t.app)[method](`${BASE}/${p.id}/${path}`).set(bearer(academicToken));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'LMS_CONNECTION_REQUIRED', message: 'No learning-system (LMS) connection is set up for this program' });
    }
    const read = await request(t.app).get(`${BASE}/${p.id}/sync_academic_status`).set(bearer(academicToken));
    expect(read.status).toBe(200);
    expect(read.body).toBeNull();
    expect((await Program.findByPk(p.id))?.updatedAt.toISOString()).toBe(p.updatedAt);
  });

  test('a program linked to a connection but without an org unit id is 409 PROGRAM_ORG_UNIT_REQUIRED', async () => {
    const connection = await makeLmsConnection(t.deps, { vendor: 'CANVAS', settings: { host: 'https://canvas.test', accountId: null } });
    const p = await makeProgram({ lmsConnectionId: connection.id, d2lOrgUnitId: null });
    const res = await request(t.app).post(`${BASE}/${p.id}/sync_from_d2l`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PROGRAM_ORG_UNIT_REQUIRED', message: 'Program org unit required' });
  });

  test('401; 403 (SUPPORT may not sync, a student may not read the status); 404', async () => {
    const p = await create();
    for (const [method, path] of [...calls, ['get', 'sync_academic_status'] as ['get', string]]) {
      expect((await request(t.app)[method](`${BASE}/${p.id}/${path}`)).status).toBe(401);
      expect((await request(t.app)[method](`${BASE}/${MISSING}/${path}`).set(bearer(superToken))).status).toBe(404);
    }
    expect((await request(t.app).post(`${BASE}/${p.id}/sync_from_d2l`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${p.id}/sync_topic_videos_from_d2l`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${p.id}/sync_academic_status`).set(bearer(studentToken))).status).toBe(403);
  });
});
