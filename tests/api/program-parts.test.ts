import request from 'supertest';
import {
  AccountingLine,
  ActivityLog,
  CohortModule,
  ExtraProduct,
  GraduationRequirement,
  LmsCategory,
  ModuleGroup,
  ProgramModule,
  ProgramPaymentPlan,
  ProgramPaymentPlanLine,
  type Program,
} from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { categoryNamed, makeCohort, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let academicToken: string;
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

const MISSING = 999_999;
const P = (program: Program | number) => `/api/programs/${typeof program === 'number' ? program : program.id}`;
const archivedProgram = () => makeProgram({ deleted: true });
const ids = (res: request.Response) => res.body.content.map((r: { id: number }) => r.id);

async function lmsCategory(program: Program, kind: 'QUIZ' | 'ASSIGNMENT', name = unique(kind)) {
  return LmsCategory.create({ programId: program.id, kind, externalId: null, name });
}
async function accountingLine(categoryName = 'HCTP', overrides: Partial<AccountingLine['_creationAttributes']> = {}) {
  const category = await categoryNamed(categoryName);
  return AccountingLine.create({
    businessCategoryId: category.id,
    description: unique('Line '),
    type: 'CHARGE',
    category: 'FEE',
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}
async function moduleGroup(name = unique('Group ')) {
  return ModuleGroup.create({ name });
}
const moduleColumns = {
  d2lModuleId: null,
  groupName: null,
  moduleGroupId: null,
  duration: null,
  startDateTime: null,
  openDate: null,
  closeDate: null,
  endDateTime: null,
  image: null,
  communicationTemplateId: null,
  updatedById: null,
  updatedByName: null,
};
async function programModule(program: Program, overrides: Partial<ProgramModule['_creationAttributes']> = {}) {
  return ProgramModule.create({ programId: program.id, title: unique('Module '), ...moduleColumns, ...overrides });
}
async function cohortModule(cohortId: number, overrides: Partial<CohortModule['_creationAttributes']> = {}) {
  return CohortModule.create({ cohortId, programModuleId: null, title: unique('Cohort module '), ...moduleColumns, ...overrides });
}

// ====================================================================== graduation requirements

describe('graduation requirements', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Quizzes '),
    total: 10,
    type: 'QUIZ',
    requirement: 'Pass the quizzes',
    minRequiredToComplete: 8,
    minRequiredToPass: 7,
    minScore: 70.5,
    displayOrder: 1,
    quizIds: ['q-1', 'q-2'],
    ...overrides,
  });
  const post = (program: Program | number, payload: Record<string, unknown>, token = academicToken) =>
    request(t.app)
      .post(`${P(program)}/graduation_requirements`)
      .set(bearer(token))
      .send(payload);

  test('POST (ACADEMIC) creates a requirement (201) with its LMS categories; stored and logged', async () => {
    const program = await makeProgram();
    const quiz = await lmsCategory(program, 'QUIZ');
    const assignment = await lmsCategory(program, 'ASSIGNMENT');
    const payload = body({ quizCategoryId: quiz.id, assignmentCategoryId: assignment.id });
    const res = await post(program, payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...payload, programId: program.id, updatedBy: { id: academic.user.id } });
    const row = await GraduationRequirement.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({
      programId: program.id,
      name: payload.name,
      type: 'QUIZ',
      displayOrder: 1,
      quizCategoryId: quiz.id,
      assignmentCategoryId: assignment.id,
      quizIds: ['q-1', 'q-2'],
    });
    expect(Number(row?.minScore)).toBe(70.5);
    expect(await ActivityLog.count({ where: { entityType: 'GRADUATION_REQUIREMENT', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('POST with only the required fields: optional ones are null, quizIds empty', async () => {
    const program = await makeProgram();
    const res = await post(program, { name: 'Coaching circles', type: 'COACHING_CIRCLE', displayOrder: 0 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      total: null,
      requirement: null,
      minRequiredToComplete: null,
      minRequiredToPass: null,
      minScore: null,
      quizCategoryId: null,
      assignmentCategoryId: null,
      quizIds: [],
    });
  });

  test.each([
    [
      { name: ' ', type: 'EXAM', displayOrder: -1, extra: 1 },
      { name: 'This field is required', type: 'Invalid value', displayOrder: 'Invalid value', extra: 'Unknown field' },
    ],
    [{ displayOrder: undefined }, { displayOrder: 'This field is required' }],
    [
      { total: 5, minRequiredToComplete: 6, minRequiredToPass: 6 },
      { minRequiredToComplete: 'Invalid value', minRequiredToPass: 'Invalid value' },
    ],
    [
      { minScore: 100.5, total: 1.5, quizIds: 'q-1' },
      { minScore: 'Invalid value', total: 'Invalid value', quizIds: 'Invalid value' },
    ],
    [
      { quizCategoryId: 'abc', quizIds: [''] },
      { quizCategoryId: 'Invalid value', 'quizIds.0': 'This field is required' },
    ],
  ])('POST %j is 400 %j and stores nothing', async (overrides, errors) => {
    const program = await makeProgram();
    const res = await post(program, body(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual(errors);
    expect(await GraduationRequirement.count({ where: { programId: program.id } })).toBe(0);
  });

  test('POST: a category of another program, of the wrong kind, or missing is 400 and stores nothing', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const quizElsewhere = await lmsCategory(other, 'QUIZ');
    const assignmentHere = await lmsCategory(program, 'ASSIGNMENT');
    const quizHere = await lmsCategory(program, 'QUIZ');
    const res = await post(program, body({ quizCategoryId: quizElsewhere.id, assignmentCategoryId: quizHere.id }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ quizCategoryId: 'Invalid value', assignmentCategoryId: 'Invalid value' });
    const wrongKind = await post(program, body({ quizCategoryId: assignmentHere.id }));
    expect(wrongKind.body.errors).toEqual({ quizCategoryId: 'Invalid value' });
    const missing = await post(program, body({ assignmentCategoryId: MISSING }));
    expect(missing.body.errors).toEqual({ assignmentCategoryId: 'Invalid value' });
    expect(await GraduationRequirement.count({ where: { programId: program.id } })).toBe(0);
  });

  test('POST: a display order taken in the program is 409 DISPLAY_ORDER_EXISTS; another program may use it', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    expect((await post(program, body({ displayOrder: 3 }))).status).toBe(201);
    const res = await post(program, body({ displayOrder: 3 }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DISPLAY_ORDER_EXISTS', message: 'Display order already exists' });
    expect(await GraduationRequirement.count({ where: { programId: program.id } })).toBe(1);
    expect((await post(other, body({ displayOrder: 3 }))).status).toBe(201);
  });

  test('POST: 401; 403 SUPPORT; 404 missing program; 409 PROGRAM_ARCHIVED; nothing stored', async () => {
    const program = await makeProgram();
    const archived = await archivedProgram();
    expect(
      (
        await request(t.app)
          .post(`${P(program)}/graduation_requirements`)
          .send(body())
      ).status,
    ).toBe(401);
    expect((await post(program, body(), supportToken)).status).toBe(403);
    expect((await post(program, body(), studentToken)).status).toBe(403);
    const missing = await post(MISSING, body());
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Program not found');
    const refused = await post(archived, body());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PROGRAM_ARCHIVED', message: 'The program is archived' });
    expect(await GraduationRequirement.count({ where: { programId: [program.id, archived.id] } })).toBe(0);
  });

  test("GET lists the program's requirements by display order; 400 bad sort; 401; 403 student; 404", async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const second = (await post(program, body({ displayOrder: 2 }))).body;
    const first = (await post(program, body({ displayOrder: 1 }))).body;
    const foreign = (await post(other, body({ displayOrder: 1 }))).body;
    const res = await request(t.app)
      .get(`${P(program)}/graduation_requirements`)
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([first.id, second.id]);
    expect(ids(res)).not.toContain(foreign.id);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    const desc = await request(t.app)
      .get(`${P(program)}/graduation_requirements?sortBy=DISPLAY_ORDER&descending=true`)
      .set(bearer(superToken));
    expect(ids(desc)).toEqual([second.id, first.id]);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/graduation_requirements?sortBy=secret`)
          .set(bearer(superToken))
      ).status,
    ).toBe(400);
    expect((await request(t.app).get(`${P(program)}/graduation_requirements`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/graduation_requirements`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${P(MISSING)}/graduation_requirements`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
  });

  test('GET one; one of another program is 404; 400 bad id; 401; 403 student', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const created = (await post(program, body())).body;
    const res = await request(t.app)
      .get(`${P(program)}/graduation_requirements/${created.id}`)
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, programId: program.id, name: created.name, minScore: 70.5 });
    expect(
      (
        await request(t.app)
          .get(`${P(other)}/graduation_requirements/${created.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/graduation_requirements/${MISSING}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/graduation_requirements/x`)
          .set(bearer(superToken))
      ).body.errors,
    ).toEqual({ requirementId: 'Invalid value' });
    expect((await request(t.app).get(`${P(program)}/graduation_requirements/${created.id}`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/graduation_requirements/${created.id}`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
  });

  test('PUT replaces the fields (keeping its own display order is fine); logged', async () => {
    const program = await makeProgram();
    const created = (await post(program, body({ displayOrder: 5 }))).body;
    const res = await request(t.app)
      .put(`${P(program)}/graduation_requirements/${created.id}`)
      .set(bearer(academicToken))
      .send({ name: 'Assignments', type: 'ASSIGNMENT', displayOrder: 5, total: 4, minRequiredToPass: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Assignments', type: 'ASSIGNMENT', displayOrder: 5, total: 4, minRequiredToPass: 4, minScore: null, quizIds: [] });
    expect((await GraduationRequirement.findByPk(created.id))?.get({ plain: true })).toMatchObject({ name: 'Assignments', type: 'ASSIGNMENT', quizIds: [], minScore: null });
    const log = await ActivityLog.findOne({ where: { entityType: 'GRADUATION_REQUIREMENT', entityId: created.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ name: { from: created.name, to: 'Assignments' } });
  });

  test('PUT: a display order taken by another requirement is 409; 400; 401; 403 SUPPORT; 404 another program; 409 archived; nothing changes', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const a = (await post(program, body({ displayOrder: 1 }))).body;
    await post(program, body({ displayOrder: 2 }));
    const url = `${P(program)}/graduation_requirements/${a.id}`;
    const taken = await request(t.app)
      .put(url)
      .set(bearer(superToken))
      .send(body({ displayOrder: 2 }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('DISPLAY_ORDER_EXISTS');
    const bad = await request(t.app)
      .put(url)
      .set(bearer(superToken))
      .send(body({ type: null }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ type: 'This field is required' });
    expect((await request(t.app).put(url).send(body())).status).toBe(401);
    expect((await request(t.app).put(url).set(bearer(supportToken)).send(body())).status).toBe(403);
    expect(
      (
        await request(t.app)
          .put(`${P(other)}/graduation_requirements/${a.id}`)
          .set(bearer(superToken))
          .send(body({ displayOrder: 9 }))
      ).status,
    ).toBe(404);
    await program.update({ deleted: true });
    const archived = await request(t.app)
      .put(url)
      .set(bearer(superToken))
      .send(body({ displayOrder: 9 }));
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PROGRAM_ARCHIVED');
    expect((await GraduationRequirement.findByPk(a.id))?.get({ plain: true })).toMatchObject({ name: a.name, displayOrder: 1, type: 'QUIZ' });
  });

  test('DELETE removes it (204) and logs it; 401; 403 SUPPORT; 404; 409 archived', async () => {
    const program = await makeProgram();
    const a = (await post(program, body({ displayOrder: 1 }))).body;
    const b = (await post(program, body({ displayOrder: 2 }))).body;
    const url = (id: number) => `${P(program)}/graduation_requirements/${id}`;
    expect((await request(t.app).delete(url(a.id))).status).toBe(401);
    expect((await request(t.app).delete(url(a.id)).set(bearer(supportToken))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .delete(`${P(MISSING)}/graduation_requirements/${a.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(await GraduationRequirement.findByPk(a.id)).not.toBeNull();
    expect((await request(t.app).delete(url(a.id)).set(bearer(academicToken))).status).toBe(204);
    expect(await GraduationRequirement.findByPk(a.id)).toBeNull();
    expect(await ActivityLog.count({ where: { entityType: 'GRADUATION_REQUIREMENT', entityId: a.id, type: 'DELETED' } })).toBe(1);
    expect((await request(t.app).delete(url(a.id)).set(bearer(superToken))).status).toBe(404);
    await program.update({ deleted: true });
    expect((await request(t.app).delete(url(b.id)).set(bearer(superToken))).body.code).toBe('PROGRAM_ARCHIVED');
    expect(await GraduationRequirement.findByPk(b.id)).not.toBeNull();
  });
});

describe('GET quiz_categories and assignment_categories', () => {
  test("each lists the program's LMS categories of its kind by name; empty for a program not synced", async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const quizB = await lmsCategory(program, 'QUIZ', 'B quizzes');
    const quizA = await lmsCategory(program, 'QUIZ', 'A quizzes');
    const assignment = await lmsCategory(program, 'ASSIGNMENT');
    await lmsCategory(other, 'QUIZ');
    const quizzes = await request(t.app)
      .get(`${P(program)}/quiz_categories`)
      .set(bearer(supportToken));
    expect(quizzes.status).toBe(200);
    expect(quizzes.body.content).toEqual([
      { id: quizA.id, programId: program.id, kind: 'QUIZ', externalId: null, name: 'A quizzes' },
      { id: quizB.id, programId: program.id, kind: 'QUIZ', externalId: null, name: 'B quizzes' },
    ]);
    expect(quizzes.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    const assignments = await request(t.app)
      .get(`${P(program)}/assignment_categories`)
      .set(bearer(supportToken));
    expect(ids(assignments)).toEqual([assignment.id]);
    const empty = await request(t.app)
      .get(`${P(await makeProgram())}/quiz_categories`)
      .set(bearer(superToken));
    expect(empty.body).toEqual({ content: [], pagination: { total: 0, page: 0, size: 100 } });
  });

  test('401; 403 student; 404 missing program; 400 bad size', async () => {
    const program = await makeProgram();
    for (const path of ['quiz_categories', 'assignment_categories']) {
      expect((await request(t.app).get(`${P(program)}/${path}`)).status).toBe(401);
      expect(
        (
          await request(t.app)
            .get(`${P(program)}/${path}`)
            .set(bearer(studentToken))
        ).status,
      ).toBe(403);
      expect(
        (
          await request(t.app)
            .get(`${P(MISSING)}/${path}`)
            .set(bearer(superToken))
        ).status,
      ).toBe(404);
      expect(
        (
          await request(t.app)
            .get(`${P(program)}/${path}?size=0`)
            .set(bearer(superToken))
        ).body.errors,
      ).toEqual({ size: 'Invalid value' });
    }
  });
});

// ====================================================================== payment plans

describe('program payment plans', () => {
  const interestBearing = {
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
    installmentAmount: 250.5,
    depositAmount: 99.99,
    interestRate: 5.25,
    annualPercentageRate: 5.3751,
    tuitionPrice: 6000,
    totalTerm: 24,
    amortizeTerm: 12,
    principalAmount: 5900.01,
  };
  const post = (program: Program | number, payload: Record<string, unknown>, token = academicToken) =>
    request(t.app)
      .post(`${P(program)}/payment_plans`)
      .set(bearer(token))
      .send(payload);

  test('POST creates a plan with accounting lines of the program category (201); lines answered with description, type, category and amount', async () => {
    const program = await makeProgram();
    const tuition = await accountingLine('HCTP', { description: unique('Tuition '), type: 'CHARGE', category: 'FEE' });
    const scholarship = await accountingLine('HCTP', { description: unique('Scholarship '), type: 'CREDIT', category: 'SCHOLARSHIP' });
    const name = unique('24 months ');
    const res = await post(program, {
      name,
      isDefault: true,
      shortDescription: 'Monthly',
      longDescription: 'Twenty-four monthly payments',
      ...interestBearing,
      accountingLines: [
        { accountingLineId: tuition.id, amount: 6000 },
        { accountingLineId: scholarship.id, amount: '500.25' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      programId: program.id,
      name,
      isDefault: true,
      shortDescription: 'Monthly',
      longDescription: 'Twenty-four monthly payments',
      ...interestBearing,
    });
    expect(res.body.accountingLines).toEqual([
      { id: expect.any(Number), accountingLineId: tuition.id, amount: 6000, description: tuition.description, type: 'CHARGE', category: 'FEE' },
      { id: expect.any(Number), accountingLineId: scholarship.id, amount: 500.25, description: scholarship.description, type: 'CREDIT', category: 'SCHOLARSHIP' },
    ]);
    const row = await ProgramPaymentPlan.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ programId: program.id, name, isDefault: true, ...interestBearing });
    const lines = await ProgramPaymentPlanLine.findAll({ where: { programPaymentPlanId: res.body.id }, order: [['id', 'ASC']], raw: true });
    expect(lines.map((l) => [l.accountingLineId, Number(l.amount)])).toEqual([
      [tuition.id, 6000],
      [scholarship.id, 500.25],
    ]);
    expect(await ActivityLog.count({ where: { entityType: 'PROGRAM_PAYMENT_PLAN', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('PAY_IN_FULL is saved as FIXED_TERMS with totalTerm 1 whatever was sent; defaults apply', async () => {
    const program = await makeProgram();
    const forced = await post(program, {
      name: 'In full',
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT',
      totalTerm: 12,
      amortizeTerm: 1,
      tuitionPrice: '1999.90',
    });
    expect(forced.status).toBe(201);
    expect(forced.body).toMatchObject({
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 1,
      amortizeTerm: 1,
      tuitionPrice: 1999.9,
      isDefault: false,
      accountingLines: [],
    });
    expect((await ProgramPaymentPlan.findByPk(forced.body.id))?.get({ plain: true })).toMatchObject({
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 1,
    });
    const plain = await post(program, { name: 'Defaults' });
    expect(plain.body).toMatchObject({ paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_TERMS', totalTerm: 1, amortizeTerm: 0, shortDescription: null });
  });

  test('one default per program: a new default clears the others (not those of other programs); PUT does the same', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const a = (await post(program, { name: 'A', isDefault: true })).body;
    const elsewhere = (await post(other, { name: 'Elsewhere', isDefault: true })).body;
    const b = (await post(program, { name: 'B', isDefault: true })).body;
    const flags = async () =>
      Object.fromEntries((await ProgramPaymentPlan.findAll({ where: { id: [a.id, b.id, elsewhere.id] }, raw: true })).map((p) => [p.id, Boolean(p.isDefault)]));
    expect(await flags()).toEqual({ [a.id]: false, [b.id]: true, [elsewhere.id]: true });
    const put = await request(t.app)
      .put(`${P(program)}/payment_plans/${a.id}`)
      .set(bearer(academicToken))
      .send({ name: 'A', isDefault: true });
    expect(put.status).toBe(200);
    expect(await flags()).toEqual({ [a.id]: true, [b.id]: false, [elsewhere.id]: true });
  });

  test.each([
    [{ paymentPlanType: 'INTEREST_BEARING' }, { paymentScheduleType: 'This field is required' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT', principalAmount: 0 }, { principalAmount: 'Invalid value' }],
    [
      { name: '', tuitionPrice: -1, isDefault: 'maybe', extra: 1 },
      { name: 'This field is required', tuitionPrice: 'Invalid value', isDefault: 'Invalid value', extra: 'Unknown field' },
    ],
    [
      {
        accountingLines: [
          { accountingLineId: 'x', amount: -5 },
          { amount: 1.001, other: 1 },
        ],
      },
      {
        'accountingLines.0.accountingLineId': 'Invalid value',
        'accountingLines.0.amount': 'Invalid value',
        'accountingLines.1.accountingLineId': 'This field is required',
        'accountingLines.1.amount': 'Invalid value',
        'accountingLines.1.other': 'Unknown field',
      },
    ],
    [{ accountingLines: [{ accountingLineId: 1 }] }, { 'accountingLines.0.amount': 'This field is required' }],
  ])('POST %j is 400 %j and stores nothing', async (payload, errors) => {
    const program = await makeProgram();
    const res = await post(program, { name: 'Plan', ...payload });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual(errors);
    expect(await ProgramPaymentPlan.count({ where: { programId: program.id } })).toBe(0);
  });

  test('POST: the same accounting line twice, or an unknown one, is 400 on that line', async () => {
    const program = await makeProgram();
    const line = await accountingLine();
    const twice = await post(program, {
      name: 'Plan',
      accountingLines: [
        { accountingLineId: line.id, amount: 1 },
        { accountingLineId: line.id, amount: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ 'accountingLines.1.accountingLineId': 'Invalid value' });
    const unknown = await post(program, {
      name: 'Plan',
      accountingLines: [
        { accountingLineId: line.id, amount: 1 },
        { accountingLineId: MISSING, amount: 2 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ 'accountingLines.1.accountingLineId': 'Invalid value' });
    expect(await ProgramPaymentPlan.count({ where: { programId: program.id } })).toBe(0);
  });

  test('POST: a line of another business category is 409 ACCOUNTING_LINE_OTHER_CATEGORY and stores nothing', async () => {
    const program = await makeProgram();
    const mine = await accountingLine('HCTP');
    const foreign = await accountingLine('CIP');
    const res = await post(program, {
      name: 'Plan',
      accountingLines: [
        { accountingLineId: mine.id, amount: 1 },
        { accountingLineId: foreign.id, amount: 2 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'ACCOUNTING_LINE_OTHER_CATEGORY',
      message: "The accounting line does not belong to the program's business category",
      details: { accountingLineIds: [foreign.id] },
    });
    expect(await ProgramPaymentPlan.count({ where: { programId: program.id } })).toBe(0);
    expect(await ProgramPaymentPlanLine.count({ where: { accountingLineId: [mine.id, foreign.id] } })).toBe(0);
  });

  test('POST: 401; 403 SUPPORT; 404 missing program; 409 archived program; nothing stored', async () => {
    const program = await makeProgram();
    const archived = await archivedProgram();
    expect(
      (
        await request(t.app)
          .post(`${P(program)}/payment_plans`)
          .send({ name: 'x' })
      ).status,
    ).toBe(401);
    expect((await post(program, { name: 'x' }, supportToken)).status).toBe(403);
    expect((await post(MISSING, { name: 'x' })).status).toBe(404);
    const refused = await post(archived, { name: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PROGRAM_ARCHIVED');
    expect(await ProgramPaymentPlan.count({ where: { programId: [program.id, archived.id] } })).toBe(0);
  });

  test("GET lists the program's plans with their lines; GET one; another program's plan is 404; 401; 403 student; 404", async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const line = await accountingLine();
    const a = (await post(program, { name: 'A', accountingLines: [{ accountingLineId: line.id, amount: 100 }] })).body;
    const b = (await post(program, { name: 'B', ...interestBearing })).body;
    const foreign = (await post(other, { name: 'C' })).body;
    const res = await request(t.app)
      .get(`${P(program)}/payment_plans`)
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([a.id, b.id]);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    expect(res.body.content[0].accountingLines).toEqual([expect.objectContaining({ accountingLineId: line.id, amount: 100, description: line.description })]);
    const one = await request(t.app)
      .get(`${P(program)}/payment_plans/${b.id}`)
      .set(bearer(supportToken));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: b.id, name: 'B', ...interestBearing });
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/payment_plans/${foreign.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(`${P(program)}/payment_plans`)).status).toBe(401);
    expect((await request(t.app).get(`${P(program)}/payment_plans/${a.id}`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/payment_plans`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/payment_plans/${a.id}`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${P(MISSING)}/payment_plans`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/payment_plans/abc`)
          .set(bearer(superToken))
      ).body.errors,
    ).toEqual({ planId: 'Invalid value' });
  });

  test('PUT replaces terms and lines (PAY_IN_FULL forced); logged', async () => {
    const program = await makeProgram();
    const keep = await accountingLine();
    const drop = await accountingLine();
    const added = await accountingLine();
    const plan = (
      await post(program, {
        name: 'Plan',
        ...interestBearing,
        accountingLines: [
          { accountingLineId: keep.id, amount: 10 },
          { accountingLineId: drop.id, amount: 20 },
        ],
      })
    ).body;
    const res = await request(t.app)
      .put(`${P(program)}/payment_plans/${plan.id}`)
      .set(bearer(academicToken))
      .send({
        name: 'Now in full',
        ...interestBearing,
        paymentPlanType: 'PAY_IN_FULL',
        amortizeTerm: 0,
        accountingLines: [
          { accountingLineId: keep.id, amount: 15.5 },
          { accountingLineId: added.id, amount: 0 },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: plan.id, name: 'Now in full', paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_TERMS', totalTerm: 1 });
    expect(res.body.accountingLines.map((l: { accountingLineId: number; amount: number }) => [l.accountingLineId, l.amount])).toEqual([
      [keep.id, 15.5],
      [added.id, 0],
    ]);
    const lines = await ProgramPaymentPlanLine.findAll({ where: { programPaymentPlanId: plan.id }, raw: true });
    expect(lines.map((l) => [l.accountingLineId, Number(l.amount)]).sort((x, y) => x[0] - y[0])).toEqual(
      [
        [keep.id, 15.5],
        [added.id, 0],
      ].sort((x, y) => x[0] - y[0]),
    );
    const log = await ActivityLog.findOne({ where: { entityType: 'PROGRAM_PAYMENT_PLAN', entityId: plan.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ name: { from: 'Plan', to: 'Now in full' } });
  });

  test('PUT: 400; 409 other category; 401; 403 SUPPORT; 404 another program; 409 archived; nothing changes', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const line = await accountingLine();
    const foreign = await accountingLine('SPECIALTY');
    const plan = (await post(program, { name: 'Plan', tuitionPrice: 100, accountingLines: [{ accountingLineId: line.id, amount: 10 }] })).body;
    const url = `${P(program)}/payment_plans/${plan.id}`;
    const bad = await request(t.app).put(url).set(bearer(superToken)).send({ name: 'X', paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS', totalTerm: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ totalTerm: 'Invalid value' });
    const conflict = await request(t.app)
      .put(url)
      .set(bearer(superToken))
      .send({ name: 'X', accountingLines: [{ accountingLineId: foreign.id, amount: 1 }] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('ACCOUNTING_LINE_OTHER_CATEGORY');
    expect((await request(t.app).put(url).send({ name: 'X' })).status).toBe(401);
    expect((await request(t.app).put(url).set(bearer(supportToken)).send({ name: 'X' })).status).toBe(403);
    expect(
      (
        await request(t.app)
          .put(`${P(other)}/payment_plans/${plan.id}`)
          .set(bearer(superToken))
          .send({ name: 'X' })
      ).status,
    ).toBe(404);
    await program.update({ deleted: true });
    expect((await request(t.app).put(url).set(bearer(superToken)).send({ name: 'X' })).body.code).toBe('PROGRAM_ARCHIVED');
    expect((await ProgramPaymentPlan.findByPk(plan.id))?.get({ plain: true })).toMatchObject({ name: 'Plan', tuitionPrice: 100 });
    const lines = await ProgramPaymentPlanLine.findAll({ where: { programPaymentPlanId: plan.id }, raw: true });
    expect(lines.map((l) => [l.accountingLineId, Number(l.amount)])).toEqual([[line.id, 10]]);
  });

  test('DELETE removes the plan and its lines (204); 401; 403 SUPPORT; 404; 409 archived', async () => {
    const program = await makeProgram();
    const line = await accountingLine();
    const plan = (await post(program, { name: 'Plan', accountingLines: [{ accountingLineId: line.id, amount: 10 }] })).body;
    const kept = (await post(program, { name: 'Kept' })).body;
    const url = (id: number) => `${P(program)}/payment_plans/${id}`;
    expect((await request(t.app).delete(url(plan.id))).status).toBe(401);
    expect((await request(t.app).delete(url(plan.id)).set(bearer(supportToken))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .delete(`${P(MISSING)}/payment_plans/${plan.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect((await request(t.app).delete(url(plan.id)).set(bearer(academicToken))).status).toBe(204);
    expect(await ProgramPaymentPlan.findByPk(plan.id)).toBeNull();
    expect(await ProgramPaymentPlanLine.count({ where: { programPaymentPlanId: plan.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityType: 'PROGRAM_PAYMENT_PLAN', entityId: plan.id, type: 'DELETED' } })).toBe(1);
    expect((await request(t.app).delete(url(plan.id)).set(bearer(superToken))).status).toBe(404);
    await program.update({ deleted: true });
    expect((await request(t.app).delete(url(kept.id)).set(bearer(superToken))).body.code).toBe('PROGRAM_ARCHIVED');
    expect(await ProgramPaymentPlan.findByPk(kept.id)).not.toBeNull();
  });
});

// ====================================================================== extra products

describe('extra products', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Transcript '),
    description: 'Official transcript',
    type: 'TRANSCRIPT',
    priceType: 'FIXED',
    price: 25.5,
    calculateTaxes: true,
    multipleItemPurchase: false,
    ...overrides,
  });
  const post = (program: Program | number, payload: Record<string, unknown>, token = academicToken) =>
    request(t.app)
      .post(`${P(program)}/extra_products`)
      .set(bearer(token))
      .send(payload);

  test('POST creates an unpublished extra product (201); stored and logged', async () => {
    const program = await makeProgram();
    const payload = body();
    const res = await post(program, payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...payload, programId: program.id, published: false, deleted: false });
    const row = await ExtraProduct.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ ...payload, programId: program.id, published: false, deleted: false });
    expect(await ActivityLog.count({ where: { entityType: 'EXTRA_PRODUCT', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('a FREE extra product costs 0 whatever was sent; priceType defaults to FIXED', async () => {
    const program = await makeProgram();
    const free = await post(program, body({ priceType: 'FREE', price: 99 }));
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ priceType: 'FREE', price: 0 });
    expect(Number((await ExtraProduct.findByPk(free.body.id))?.price)).toBe(0);
    const fixed = await post(program, { name: 'Makeup session', type: 'MAKEUP_SESSION', price: 40 });
    expect(fixed.body).toMatchObject({ priceType: 'FIXED', price: 40, calculateTaxes: false, multipleItemPurchase: false, description: null });
  });

  test.each([
    [
      { name: '', type: 'HAT', priceType: 'CHEAP', extra: 1 },
      { name: 'This field is required', type: 'Invalid value', priceType: 'Invalid value', extra: 'Unknown field' },
    ],
    [{ price: null }, { price: 'This field is required' }],
    [
      { price: -1, calculateTaxes: 'yes' },
      { price: 'Invalid value', calculateTaxes: 'Invalid value' },
    ],
    [{ published: true }, { published: 'Unknown field' }],
  ])('POST %j is 400 %j and stores nothing', async (overrides, errors) => {
    const program = await makeProgram();
    const res = await post(program, body(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(await ExtraProduct.count({ where: { programId: program.id } })).toBe(0);
  });

  test('POST: 401; 403 SUPPORT; 404 missing program; 409 archived; nothing stored', async () => {
    const program = await makeProgram();
    const archived = await archivedProgram();
    expect(
      (
        await request(t.app)
          .post(`${P(program)}/extra_products`)
          .send(body())
      ).status,
    ).toBe(401);
    expect((await post(program, body(), supportToken)).status).toBe(403);
    expect((await post(MISSING, body())).status).toBe(404);
    expect((await post(archived, body())).body.code).toBe('PROGRAM_ARCHIVED');
    expect(await ExtraProduct.count({ where: { programId: [program.id, archived.id] } })).toBe(0);
  });

  test('GET lists by name without archived ones; deleted=true lists the archived; published and type filter; 400; 401; 403 student; 404', async () => {
    const program = await makeProgram();
    const b = (await post(program, body({ name: 'B certificate', type: 'CERTIFICATE' }))).body;
    const a = (await post(program, body({ name: 'A transcript' }))).body;
    const gone = (await post(program, body({ name: 'C gone' }))).body;
    await request(t.app)
      .delete(`${P(program)}/extra_products/${gone.id}`)
      .set(bearer(superToken));
    await request(t.app)
      .patch(`${P(program)}/extra_products/${b.id}/publish?publish=true`)
      .set(bearer(superToken));
    const res = await request(t.app)
      .get(`${P(program)}/extra_products`)
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([a.id, b.id]);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    expect(
      ids(
        await request(t.app)
          .get(`${P(program)}/extra_products?deleted=true`)
          .set(bearer(superToken)),
      ),
    ).toEqual([gone.id]);
    expect(
      ids(
        await request(t.app)
          .get(`${P(program)}/extra_products?published=true`)
          .set(bearer(superToken)),
      ),
    ).toEqual([b.id]);
    expect(
      ids(
        await request(t.app)
          .get(`${P(program)}/extra_products?type=TRANSCRIPT`)
          .set(bearer(superToken)),
      ),
    ).toEqual([a.id]);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/extra_products?deleted=maybe&type=HAT`)
          .set(bearer(superToken))
      ).body.errors,
    ).toEqual({ deleted: 'Invalid value', type: 'Invalid value' });
    expect((await request(t.app).get(`${P(program)}/extra_products`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/extra_products`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${P(MISSING)}/extra_products`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
  });

  test('GET one (archived ones too, flagged); another program is 404; 401; 403 student', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const created = (await post(program, body())).body;
    const res = await request(t.app)
      .get(`${P(program)}/extra_products/${created.id}`)
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: created.name, price: 25.5, deleted: false });
    await request(t.app)
      .delete(`${P(program)}/extra_products/${created.id}`)
      .set(bearer(superToken));
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/extra_products/${created.id}`)
          .set(bearer(superToken))
      ).body,
    ).toMatchObject({ id: created.id, deleted: true });
    expect(
      (
        await request(t.app)
          .get(`${P(other)}/extra_products/${created.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(`${P(program)}/extra_products/${created.id}`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/extra_products/${created.id}`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
  });

  test('PUT replaces the fields and keeps the published flag; logged', async () => {
    const program = await makeProgram();
    const created = (await post(program, body())).body;
    await request(t.app)
      .patch(`${P(program)}/extra_products/${created.id}/publish?publish=true`)
      .set(bearer(superToken));
    const res = await request(t.app)
      .put(`${P(program)}/extra_products/${created.id}`)
      .set(bearer(academicToken))
      .send({ name: 'Certificate', type: 'CERTIFICATE', priceType: 'FREE' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      name: 'Certificate',
      type: 'CERTIFICATE',
      priceType: 'FREE',
      price: 0,
      calculateTaxes: false,
      description: null,
      published: true,
    });
    expect((await ExtraProduct.findByPk(created.id))?.get({ plain: true })).toMatchObject({ name: 'Certificate', type: 'CERTIFICATE', published: true });
    expect(await ActivityLog.count({ where: { entityType: 'EXTRA_PRODUCT', entityId: created.id, type: 'UPDATED' } })).toBe(2);
  });

  test('PUT: 400; 401; 403 SUPPORT; 404; 409 EXTRA_PRODUCT_ARCHIVED; 409 PROGRAM_ARCHIVED; nothing changes', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const live = (await post(program, body())).body;
    const gone = (await post(program, body())).body;
    await request(t.app)
      .delete(`${P(program)}/extra_products/${gone.id}`)
      .set(bearer(superToken));
    const url = (id: number) => `${P(program)}/extra_products/${id}`;
    expect(
      (
        await request(t.app)
          .put(url(live.id))
          .set(bearer(superToken))
          .send(body({ type: undefined }))
      ).body.errors,
    ).toEqual({ type: 'This field is required' });
    expect((await request(t.app).put(url(live.id)).send(body())).status).toBe(401);
    expect((await request(t.app).put(url(live.id)).set(bearer(supportToken)).send(body())).status).toBe(403);
    expect(
      (
        await request(t.app)
          .put(`${P(other)}/extra_products/${live.id}`)
          .set(bearer(superToken))
          .send(body())
      ).status,
    ).toBe(404);
    const archived = await request(t.app)
      .put(url(gone.id))
      .set(bearer(superToken))
      .send(body({ name: 'Back' }));
    expect(archived.status).toBe(409);
    expect(archived.body).toMatchObject({ code: 'EXTRA_PRODUCT_ARCHIVED', message: 'The extra product is archived' });
    await program.update({ deleted: true });
    expect(
      (
        await request(t.app)
          .put(url(live.id))
          .set(bearer(superToken))
          .send(body({ name: 'Changed' }))
      ).body.code,
    ).toBe('PROGRAM_ARCHIVED');
    expect((await ExtraProduct.findByPk(live.id))?.name).toBe(live.name);
    expect((await ExtraProduct.findByPk(gone.id))?.name).toBe(gone.name);
  });

  test('PATCH publish=true|false publishes and unpublishes; 400; 401; 403 SUPPORT; 404; 409 archived', async () => {
    const program = await makeProgram();
    const created = (await post(program, body())).body;
    const url = (id: number, q = 'publish=true') => `${P(program)}/extra_products/${id}/publish?${q}`;
    const on = await request(t.app).patch(url(created.id)).set(bearer(academicToken));
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: created.id, published: true });
    expect((await ExtraProduct.findByPk(created.id))?.published).toBe(true);
    const off = await request(t.app).patch(url(created.id, 'publish=false')).set(bearer(academicToken));
    expect(off.body.published).toBe(false);
    expect((await ExtraProduct.findByPk(created.id))?.published).toBe(false);
    expect((await request(t.app).patch(url(created.id, 'publish=maybe')).set(bearer(superToken))).body.errors).toEqual({ publish: 'Invalid value' });
    expect((await request(t.app).patch(url(created.id, '')).set(bearer(superToken))).body.errors).toEqual({ publish: 'This field is required' });
    expect((await request(t.app).patch(url(created.id))).status).toBe(401);
    expect((await request(t.app).patch(url(created.id)).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).patch(url(MISSING)).set(bearer(superToken))).status).toBe(404);
    await request(t.app)
      .delete(`${P(program)}/extra_products/${created.id}`)
      .set(bearer(superToken));
    expect((await request(t.app).patch(url(created.id)).set(bearer(superToken))).body.code).toBe('EXTRA_PRODUCT_ARCHIVED');
    expect((await ExtraProduct.findByPk(created.id))?.published).toBe(false);
  });

  test('DELETE archives (soft delete, unpublished, 204) and logs; again is 204 with no change; 401; 403 SUPPORT; 404; 409 archived program', async () => {
    const program = await makeProgram();
    const created = (await post(program, body())).body;
    const other = (await post(program, body())).body;
    await request(t.app)
      .patch(`${P(program)}/extra_products/${created.id}/publish?publish=true`)
      .set(bearer(superToken));
    const url = (id: number) => `${P(program)}/extra_products/${id}`;
    expect((await request(t.app).delete(url(created.id))).status).toBe(401);
    expect((await request(t.app).delete(url(created.id)).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).delete(url(MISSING)).set(bearer(superToken))).status).toBe(404);
    expect((await ExtraProduct.findByPk(created.id))?.deleted).toBe(false);
    expect((await request(t.app).delete(url(created.id)).set(bearer(academicToken))).status).toBe(204);
    expect((await ExtraProduct.findByPk(created.id))?.get({ plain: true })).toMatchObject({ deleted: true, published: false });
    expect((await request(t.app).delete(url(created.id)).set(bearer(academicToken))).status).toBe(204);
    expect(await ActivityLog.count({ where: { entityType: 'EXTRA_PRODUCT', entityId: created.id, type: 'DELETED' } })).toBe(1);
    await program.update({ deleted: true });
    expect((await request(t.app).delete(url(other.id)).set(bearer(superToken))).body.code).toBe('PROGRAM_ARCHIVED');
    expect((await ExtraProduct.findByPk(other.id))?.deleted).toBe(false);
  });
});

// ====================================================================== program modules

describe('program modules', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    title: unique('Module '),
    d2lModuleId: 'D2L-1',
    group: 'Week 1',
    locked: true,
    duration: 90,
    startDateTime: '2030-01-15T14:00:00Z',
    openDate: '2030-01-10T00:00:00Z',
    closeDate: '2030-02-10T23:59:00.000Z',
    endDateTime: '2030-02-15T14:00:00Z',
    image: 'https://cdn.example.com/m1.png',
    consumeTrackingEnabled: true,
    communicationTemplateId: 7,
    displayOrder: 1,
    ...overrides,
  });
  const post = (program: Program | number, payload: Record<string, unknown>, token = academicToken) =>
    request(t.app)
      .post(`${P(program)}/program_modules`)
      .set(bearer(token))
      .send(payload);

  test('POST creates a module (201): group answered as `group`, its module group nested; stored and logged', async () => {
    const program = await makeProgram();
    const group = await moduleGroup();
    const payload = body({ moduleGroupId: group.id });
    const res = await post(program, payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...payload,
      programId: program.id,
      group: 'Week 1',
      moduleGroup: { id: group.id, name: group.name },
      startDateTime: '2030-01-15T14:00:00.000Z',
      openDate: '2030-01-10T00:00:00.000Z',
      closeDate: '2030-02-10T23:59:00.000Z',
      endDateTime: '2030-02-15T14:00:00.000Z',
    });
    const row = await ProgramModule.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({
      programId: program.id,
      title: payload.title,
      groupName: 'Week 1',
      moduleGroupId: group.id,
      locked: true,
      duration: 90,
      displayOrder: 1,
    });
    expect(row?.openDate?.toISOString()).toBe('2030-01-10T00:00:00.000Z');
    expect(await ActivityLog.count({ where: { entityType: 'PROGRAM_MODULE', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('POST with the title only: flags false, display order 0, the rest null', async () => {
    const program = await makeProgram();
    const res = await post(program, { title: 'Welcome' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Welcome',
      group: null,
      moduleGroupId: null,
      moduleGroup: null,
      locked: false,
      consumeTrackingEnabled: false,
      displayOrder: 0,
      openDate: null,
      duration: null,
    });
  });

  test.each([
    [
      { title: '', locked: 'no', duration: -5, extra: 1 },
      { title: 'This field is required', locked: 'Invalid value', duration: 'Invalid value', extra: 'Unknown field' },
    ],
    [{ openDate: '2030-03-01T00:00:00Z', closeDate: '2030-02-01T00:00:00Z' }, { closeDate: 'The end cannot be before the start' }],
    [{ startDateTime: '2030-03-01T00:00:00Z', endDateTime: '2030-02-01' }, { endDateTime: 'The end cannot be before the start' }],
    [
      { openDate: '2030-13-45', startDateTime: '2030-01-15T14:00', closeDate: 'soon' },
      { openDate: 'Please type a valid date', startDateTime: 'Please type a valid date', closeDate: 'Please type a valid date' },
    ],
    [
      { moduleGroupId: 0, communicationTemplateId: 'x', displayOrder: 1.5 },
      { moduleGroupId: 'Invalid value', communicationTemplateId: 'Invalid value', displayOrder: 'Invalid value' },
    ],
  ])('POST %j is 400 %j and stores nothing', async (overrides, errors) => {
    const program = await makeProgram();
    const res = await post(program, body(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(await ProgramModule.count({ where: { programId: program.id } })).toBe(0);
  });

  test('POST: a module group that does not exist is 400; 401; 403 SUPPORT; 404; 409 archived; nothing stored', async () => {
    const program = await makeProgram();
    const archived = await archivedProgram();
    const unknown = await post(program, body({ moduleGroupId: MISSING }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ moduleGroupId: 'Invalid value' });
    expect(
      (
        await request(t.app)
          .post(`${P(program)}/program_modules`)
          .send(body())
      ).status,
    ).toBe(401);
    expect((await post(program, body(), supportToken)).status).toBe(403);
    expect((await post(MISSING, body())).status).toBe(404);
    expect((await post(archived, body())).body.code).toBe('PROGRAM_ARCHIVED');
    expect(await ProgramModule.count({ where: { programId: [program.id, archived.id] } })).toBe(0);
  });

  test('GET pages 20 modules by display order then id, with their module groups; other pages and sorts; 400; 401; 403 student; 404', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const group = await moduleGroup();
    const made: ProgramModule[] = [];
    for (let i = 0; i < 21; i += 1) made.push(await programModule(program, { displayOrder: 20 - Math.floor(i / 2), moduleGroupId: i === 20 ? group.id : null }));
    await programModule(other);
    const expected = [...made].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id).map((m) => m.id);
    const first = await request(t.app)
      .get(`${P(program)}/program_modules`)
      .set(bearer(supportToken));
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 21, page: 0, size: 20 });
    expect(ids(first)).toEqual(expected.slice(0, 20));
    expect(first.body.content[0]).toMatchObject({ id: made[20].id, moduleGroup: { id: group.id, name: group.name } });
    const second = await request(t.app)
      .get(`${P(program)}/program_modules?size=20&page=1`)
      .set(bearer(supportToken));
    expect(ids(second)).toEqual(expected.slice(20));
    const byTitle = await request(t.app)
      .get(`${P(program)}/program_modules?sortBy=TITLE&size=3`)
      .set(bearer(supportToken));
    expect(byTitle.body.content.map((m: { title: string }) => m.title)).toEqual(
      made
        .map((m) => m.title)
        .sort()
        .slice(0, 3),
    );
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/program_modules?page=-1`)
          .set(bearer(superToken))
      ).body.errors,
    ).toEqual({ page: 'Invalid value' });
    expect((await request(t.app).get(`${P(program)}/program_modules`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/program_modules`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${P(MISSING)}/program_modules`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
  });

  test("a day without a time is read in the school's zone: opening at its start, closing at its end", async () => {
    const program = await makeProgram();
    const res = await post(program, body({ openDate: '2030-01-10', closeDate: '01-31-2030', startDateTime: '2030-01-10', endDateTime: '2030-01-31' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      openDate: '2030-01-10T05:00:00.000Z',
      closeDate: '2030-02-01T04:59:59.999Z',
      startDateTime: '2030-01-10T05:00:00.000Z',
      endDateTime: '2030-02-01T04:59:59.999Z',
    });
  });

  test('GET one; another program is 404', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const created = (await post(program, body())).body;
    expect(
      (
        await request(t.app)
          .get(`${P(program)}/program_modules/${created.id}`)
          .set(bearer(supportToken))
      ).body,
    ).toMatchObject({ id: created.id, title: created.title });
    expect(
      (
        await request(t.app)
          .get(`${P(other)}/program_modules/${created.id}`)
          .set(bearer(supportToken))
      ).status,
    ).toBe(404);
  });

  test('PUT replaces the fields; cohort copies keep theirs; logged', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program });
    const group = await moduleGroup();
    const created = (await post(program, body())).body;
    const copy = await cohortModule(cohort.id, { programModuleId: created.id, title: created.title });
    const res = await request(t.app)
      .put(`${P(program)}/program_modules/${created.id}`)
      .set(bearer(academicToken))
      .send({ title: 'Renamed', moduleGroupId: group.id, displayOrder: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      title: 'Renamed',
      moduleGroupId: group.id,
      moduleGroup: { id: group.id, name: group.name },
      group: null,
      locked: false,
      openDate: null,
      displayOrder: 4,
    });
    expect((await ProgramModule.findByPk(created.id))?.get({ plain: true })).toMatchObject({ title: 'Renamed', moduleGroupId: group.id, groupName: null, openDate: null });
    expect((await CohortModule.findByPk(copy.id))?.title).toBe(created.title);
    const log = await ActivityLog.findOne({ where: { entityType: 'PROGRAM_MODULE', entityId: created.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ title: { from: created.title, to: 'Renamed' } });
  });

  test('PUT: 400; 401; 403 SUPPORT; 404 another program; 409 archived; nothing changes', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const created = (await post(program, body())).body;
    const url = `${P(program)}/program_modules/${created.id}`;
    expect(
      (
        await request(t.app)
          .put(url)
          .set(bearer(superToken))
          .send(body({ openDate: '2031-01-01T00:00:00Z' }))
      ).body.errors,
    ).toEqual({ closeDate: 'The end cannot be before the start' });
    expect(
      (
        await request(t.app)
          .put(url)
          .set(bearer(superToken))
          .send(body({ moduleGroupId: MISSING }))
      ).body.errors,
    ).toEqual({ moduleGroupId: 'Invalid value' });
    expect((await request(t.app).put(url).send(body())).status).toBe(401);
    expect((await request(t.app).put(url).set(bearer(supportToken)).send(body())).status).toBe(403);
    expect(
      (
        await request(t.app)
          .put(`${P(other)}/program_modules/${created.id}`)
          .set(bearer(superToken))
          .send(body())
      ).status,
    ).toBe(404);
    await program.update({ deleted: true });
    expect(
      (
        await request(t.app)
          .put(url)
          .set(bearer(superToken))
          .send(body({ title: 'Changed' }))
      ).body.code,
    ).toBe('PROGRAM_ARCHIVED');
    expect((await ProgramModule.findByPk(created.id))?.get({ plain: true })).toMatchObject({ title: created.title, groupName: 'Week 1', moduleGroupId: null });
  });

  test('DELETE removes the module (204); the cohort modules copied from it stay, detached; logged', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program });
    const created = (await post(program, body())).body;
    const copy = await cohortModule(cohort.id, { programModuleId: created.id });
    const res = await request(t.app)
      .delete(`${P(program)}/program_modules/${created.id}`)
      .set(bearer(academicToken));
    expect(res.status).toBe(204);
    expect(await ProgramModule.findByPk(created.id)).toBeNull();
    const kept = await CohortModule.findByPk(copy.id);
    expect(kept?.get({ plain: true })).toMatchObject({ id: copy.id, cohortId: cohort.id, programModuleId: null, title: copy.title });
    expect(await ActivityLog.count({ where: { entityType: 'PROGRAM_MODULE', entityId: created.id, type: 'DELETED' } })).toBe(1);
  });

  test('DELETE: 401; 403 SUPPORT; 404 another program or missing; 409 archived; nothing removed', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const created = (await post(program, body())).body;
    const url = `${P(program)}/program_modules/${created.id}`;
    expect((await request(t.app).delete(url)).status).toBe(401);
    expect((await request(t.app).delete(url).set(bearer(supportToken))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .delete(`${P(other)}/program_modules/${created.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .delete(`${P(program)}/program_modules/${MISSING}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    await program.update({ deleted: true });
    expect((await request(t.app).delete(url).set(bearer(superToken))).body.code).toBe('PROGRAM_ARCHIVED');
    expect(await ProgramModule.findByPk(created.id)).not.toBeNull();
  });
});

// ====================================================================== cohort module group

describe('PATCH /api/programs/:id/cohort_modules/:moduleId/module_group', () => {
  test('sets the module group of a cohort module of the program, and null clears it; logged', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program });
    const group = await moduleGroup();
    const module = await cohortModule(cohort.id);
    const url = `${P(program)}/cohort_modules/${module.id}/module_group`;
    const set = await request(t.app).patch(url).set(bearer(academicToken)).send({ moduleGroupId: group.id });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: module.id, cohortId: cohort.id, moduleGroupId: group.id, moduleGroup: { id: group.id, name: group.name } });
    expect((await CohortModule.findByPk(module.id))?.moduleGroupId).toBe(group.id);
    const cleared = await request(t.app).patch(url).set(bearer(academicToken)).send({ moduleGroupId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ moduleGroupId: null, moduleGroup: null });
    expect((await CohortModule.findByPk(module.id))?.moduleGroupId).toBeNull();
    expect(await ActivityLog.count({ where: { entityType: 'COHORT_MODULE', entityId: module.id, type: 'UPDATED' } })).toBe(2);
  });

  test('a cohort module of another program is 404; 400 (missing key, unknown group); 401; 403 SUPPORT; nothing changes', async () => {
    const program = await makeProgram();
    const other = await makeProgram();
    const cohort = await makeCohort({ program: other });
    const group = await moduleGroup();
    const module = await cohortModule(cohort.id);
    const url = (p: Program | number) => `${P(p)}/cohort_modules/${module.id}/module_group`;
    const foreign = await request(t.app).patch(url(program)).set(bearer(superToken)).send({ moduleGroupId: group.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Cohort module not found');
    expect(
      (
        await request(t.app)
          .patch(`${P(other)}/cohort_modules/${MISSING}/module_group`)
          .set(bearer(superToken))
          .send({ moduleGroupId: group.id })
      ).status,
    ).toBe(404);
    expect((await request(t.app).patch(url(MISSING)).set(bearer(superToken)).send({ moduleGroupId: group.id })).status).toBe(404);
    expect((await request(t.app).patch(url(other)).set(bearer(superToken)).send({})).body.errors).toEqual({ moduleGroupId: 'This field is required' });
    expect((await request(t.app).patch(url(other)).set(bearer(superToken)).send({ moduleGroupId: MISSING })).body.errors).toEqual({ moduleGroupId: 'Invalid value' });
    expect((await request(t.app).patch(url(other)).send({ moduleGroupId: group.id })).status).toBe(401);
    expect((await request(t.app).patch(url(other)).set(bearer(supportToken)).send({ moduleGroupId: group.id })).status).toBe(403);
    expect((await CohortModule.findByPk(module.id))?.moduleGroupId).toBeNull();
  });
});

describe('OpenAPI', () => {
  test('describes the program-part endpoints under their own tag, with permissions', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/programs/{id}/extra_products/{extraProductId}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths['/api/programs/{id}/program_modules'].get.tags).toEqual(['Program parts']);
    expect(doc.paths['/api/programs/{id}/cohort_modules/{moduleId}/module_group'].patch.description).toBe('Permission: `programs:update`');
  });
});
