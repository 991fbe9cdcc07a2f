import request from 'supertest';
import {
  ActivityLog,
  Application,
  ApplicationAnswer,
  ApplicationCohort,
  ApplicationStep,
  Cohort,
  Enrollment,
  PaymentSchedule,
  ProductItem,
  ProductPaymentPlan,
  Role,
  Student,
  StudentPaymentPlan,
  StoredFile,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import { productPlanEngineInput } from '../../api/payment-plans/payment-plans.service';
import { generateSchedule } from '../../api/payment-plans/schedule';
import { setupApp, type TestApp } from '../support/app';
import { makeCategoryPlan, makeCohort, makeProduct } from '../support/catalogue-factories';
import { makeApplicant, makeApplication, makeCard, makeEnrollableProduct, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { demoPeople, seedDemo } from '../../seeders/demo';
import { crmIdle } from '../../api/integrations/crm';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeAdmin>>;
let readOnly: Awaited<ReturnType<typeof makeAdmin>>;
let product: EnrollableProduct;

beforeAll(async () => {
  t = await setupApp();
  staff = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
  readOnly = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
  product = await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL', 'COMPLETE_PERSONAL_INFO', 'ENROLLMENT_AGREEMENT'] });
});
afterAll(async () => {
  await crmIdle();
  await t.close();
});

const api = () => request(t.app);

describe('POST /api/applications', () => {
  test('a student applies for themselves: 201, CREATED, the flow steps of the product, nothing chosen yet', async () => {
    const applicant = await makeApplicant(t.deps);
    const res = await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: product.product.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'CREATED',
      flowType: 'HCTP',
      source: 'WEBSITE',
      opportunityId: null,
      migrated: false,
      callAttempts: 0,
      financialStatus: 'GOOD',
      refunded: 0,
      student: { id: applicant.student.id, email: applicant.email, firstName: 'Sam', city: 'Newark', stateCode: 'NJ', countryCode: 'US' },
      product: { id: product.product.id, name: product.product.name, flowType: 'HCTP', cost: 6000 },
      cohort: null,
      applicationCohorts: [],
      enrollments: [],
      paymentPlan: null,
      productPaymentPlanId: null,
      productPaymentPlan: null,
      voucher: null,
      voucherDiscount: 0,
      paymentMethod: null,
      appliedAt: null,
      enrolledAt: null,
    });
    expect(res.body.steps).toEqual([
      { step: 'ADMIN_APPROVAL', required: true, completed: false, completedAt: null },
      { step: 'COMPLETE_PERSONAL_INFO', required: true, completed: false, completedAt: null },
      { step: 'ENROLLMENT_AGREEMENT', required: true, completed: false, completedAt: null },
    ]);
    const row = (await Application.findByPk(res.body.id))!;
    expect(row).toMatchObject({ studentId: applicant.student.id, businessCategoryId: product.cohorts[0].businessCategoryId, updatedById: applicant.user.id });
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION', entityId: row.id, type: 'CREATED' } })).toBe(1);

    const again = await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: product.product.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_APPLIED', message: 'Already applied to product' });
    // A cancelled application frees the product.
    await row.update({ status: 'CANCELLED' });
    expect((await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: product.product.id })).status).toBe(201);
  });

  test('staff apply for a student with source, opportunity id and migrated; an opportunity id is registered once', async () => {
    const applicant = await makeApplicant(t.deps);
    const opportunityId = unique('0066').slice(0, 18);
    const res = await api()
      .post('/api/applications')
      .set(bearer(staff.token))
      .send({ studentId: applicant.student.id, productId: product.product.id, source: 'PHONE', opportunityId, migrated: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'PHONE', opportunityId, migrated: true, updatedBy: { id: staff.user.id } });
    const other = await makeApplicant(t.deps);
    const dup = await api().post('/api/applications').set(bearer(staff.token)).send({ studentId: other.student.id, productId: product.product.id, opportunityId });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'OPPORTUNITY_ID_REGISTERED', message: 'Opportunity ID already registered' });
    const plain = await api().post('/api/applications').set(bearer(staff.token)).send({ studentId: other.student.id, productId: product.product.id });
    expect(plain.body.source).toBe('STAFF');
  });

  test('refusals: PURCHASE product (INVALID_FLOW_TYPE), archived product or student, outside the enrolling window for a student only', async () => {
    const applicant = await makeApplicant(t.deps);
    const purchase = await makeProduct({ flowType: 'PURCHASE', published: true });
    const r1 = await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: purchase.id });
    expect(r1.body).toMatchObject({ status: 409, code: 'INVALID_FLOW_TYPE', message: 'Invalid flow type' });
    const archived = await makeEnrollableProduct({ product: { deleted: true } });
    const r2 = await api().post('/api/applications').set(bearer(staff.token)).send({ studentId: applicant.student.id, productId: archived.product.id });
    expect(r2.body).toMatchObject({ status: 409, code: 'PRODUCT_ARCHIVED' });
    const closed = await makeEnrollableProduct({ product: { enrollingStartDate: '2020-01-01', enrollingEndDate: '2020-12-31' } });
    const r3 = await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: closed.product.id });
    expect(r3.body).toMatchObject({ status: 409, code: 'ENROLLMENT_DATE_OUT_OF_RANGE', message: 'Enrollment date out of range' });
    const unpublished = await makeEnrollableProduct({ product: { published: false } });
    expect((await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: unpublished.product.id })).body.code).toBe('ENROLLMENT_DATE_OUT_OF_RANGE');
    expect((await api().post('/api/applications').set(bearer(staff.token)).send({ studentId: applicant.student.id, productId: closed.product.id })).status).toBe(201);
    const gone = await makeApplicant(t.deps);
    await Student.update({ archived: true }, { where: { id: gone.student.id } });
    const r4 = await api().post('/api/applications').set(bearer(staff.token)).send({ studentId: gone.student.id, productId: product.product.id });
    expect(r4.body).toMatchObject({ status: 409, code: 'STUDENT_ARCHIVED' });
    expect(await Application.count({ where: { studentId: gone.student.id } })).toBe(0);
  });

  test('400: missing or unknown product, unknown student, a student sending staff fields; 401; 403 without applications:create', async () => {
    const applicant = await makeApplicant(t.deps);
    const missing = await api().post('/api/applications').set(bearer(applicant.token)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ productId: 'This field is required' });
    expect((await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: 99_999_999 })).body.errors).toEqual({ productId: 'Invalid value' });
    expect((await api().post('/api/applications').set(bearer(staff.token)).send({ studentId: 99_999_999, productId: product.product.id })).body.errors).toEqual({
      studentId: 'Invalid value',
    });
    expect((await api().post('/api/applications').set(bearer(staff.token)).send({ productId: product.product.id })).body.errors).toEqual({ studentId: 'This field is required' });
    const sneaky = await api().post('/api/applications').set(bearer(applicant.token)).send({ productId: product.product.id, studentId: 1, migrated: true });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.errors).toEqual({ studentId: 'Unknown field', migrated: 'Unknown field' });
    expect((await api().post('/api/applications').send({ productId: product.product.id })).status).toBe(401);
    expect((await api().post('/api/applications').set(bearer(readOnly.token)).send({ studentId: applicant.student.id, productId: product.product.id })).status).toBe(403);
    expect(await Application.count({ where: { studentId: applicant.student.id } })).toBe(0);
  });
});

describe('GET /api/applications, search, find_by_criteria, summary', () => {
  let mine: Awaited<ReturnType<typeof makeApplicant>>;
  let other: Awaited<ReturnType<typeof makeApplicant>>;
  let a1: Application;
  let a2: Application;
  let a3: Application;
  let bundle: EnrollableProduct;
  beforeAll(async () => {
    mine = await makeApplicant(t.deps, { lastName: unique('Zebulon'), city: 'Trenton', zip: '08608' });
    other = await makeApplicant(t.deps, { countryCode: 'CA', stateCode: 'ON', city: 'Toronto', zip: 'M5V 2T6' });
    bundle = await makeEnrollableProduct({ programs: 2 });
    a1 = await makeApplication(mine.student.id, product, { chosen: true, fields: { migrated: true } });
    a2 = await makeApplication(mine.student.id, bundle, { status: 'APPLIED', chosen: true, fields: { source: 'PHONE' } });
    a3 = await makeApplication(other.student.id, product, { status: 'ENROLLED', chosen: true, fields: { autoPay: true } });
    const plan = await StudentPaymentPlan.create({
      applicationId: a3.id,
      studentId: other.student.id,
      productPaymentPlanId: null,
      voucherId: null,
      name: 'Plan',
      description: null,
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      frequency: 'MONTHLY',
      frequencyUnit: 'MONTHS',
      interestRate: null,
      flowType: 'HCTP',
      firstPaymentDate: '2031-03-01',
      lastPaymentDate: '2031-03-01',
      updatedById: null,
      updatedByName: null,
      status: 'CONCLUDED',
    });
    await PaymentSchedule.create({ studentPaymentPlanId: plan.id, number: 1, kind: 'INSTALLMENT', dueDate: '2031-03-01', principal: 100, interest: 0, amount: 100, balance: 0 });
    // And an ACTIVE plan whose oldest unpaid entry fell due 10 days ago: the application is PAST_DUE (billing/standing.ts).
    const [y, m, d] = schoolToday().split('-').map(Number);
    await StudentPaymentPlan.create({
      applicationId: a3.id,
      studentId: other.student.id,
      productPaymentPlanId: null,
      voucherId: null,
      name: 'Plan',
      description: null,
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      frequency: 'MONTHLY',
      frequencyUnit: 'MONTHS',
      interestRate: null,
      flowType: 'HCTP',
      updatedById: null,
      updatedByName: null,
      status: 'ACTIVE',
      nextDueDate: new Date(Date.UTC(y, m - 1, d - 10)).toISOString().slice(0, 10),
    });
  });

  test('a student lists only their own applications', async () => {
    const res = await api().get('/api/applications').set(bearer(mine.token)).query({ size: 500 });
    expect(res.status).toBe(200);
    expect(res.body.content.map((a: { id: number }) => a.id).sort()).toEqual([a1.id, a2.id].sort());
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 200 });
    const theirs = await api().get('/api/applications').set(bearer(other.token));
    expect(theirs.body.content.map((a: { id: number }) => a.id)).toEqual([a3.id]);
  });

  test('staff: newest first; keyword on the student, the migrated variant, statuses; bad sortBy is 400; 401', async () => {
    const byName = await api().get('/api/applications').set(bearer(readOnly.token)).query({ keyword: mine.student.lastName });
    expect(byName.status).toBe(200);
    expect(byName.body.content.map((a: { id: number }) => a.id)).toEqual([a2.id, a1.id]);
    expect(byName.body.content[0].applicationCohorts).toHaveLength(2);
    const migrated = await api().get('/api/applications').set(bearer(readOnly.token)).query({ keyword: mine.student.lastName, migrated: true });
    expect(migrated.body.content.map((a: { id: number }) => a.id)).toEqual([a1.id]);
    const applied = await api().get('/api/applications').set(bearer(readOnly.token)).query({ keyword: mine.student.lastName, statuses: 'APPLIED,SIGNED' });
    expect(applied.body.content.map((a: { id: number }) => a.id)).toEqual([a2.id]);
    expect((await api().get('/api/applications').set(bearer(readOnly.token)).query({ sortBy: 'nope' })).status).toBe(400);
    expect((await api().get('/api/applications').set(bearer(readOnly.token)).query({ statuses: 'NOPE' })).status).toBe(400);
    expect((await api().get('/api/applications')).status).toBe(401);
  });

  test('GET /applications/search: by application id or by email; staff only', async () => {
    const byId = await api()
      .get('/api/applications/search')
      .set(bearer(readOnly.token))
      .query({ keyword: String(a3.id) });
    expect(byId.status).toBe(200);
    expect(byId.body.content.map((a: { id: number }) => a.id)).toContain(a3.id);
    const byEmail = await api().get('/api/applications/search').set(bearer(readOnly.token)).query({ keyword: other.email });
    expect(byEmail.body.content.map((a: { id: number }) => a.id)).toEqual([a3.id]);
    expect(byEmail.body.pagination.size).toBe(10);
    expect((await api().get('/api/applications/search').set(bearer(mine.token)).query({ keyword: 'x' })).status).toBe(403);
  });

  test('find_by_criteria: each filter of the applications list', async () => {
    const find = (body: object) => api().post('/api/applications/find_by_criteria').set(bearer(readOnly.token)).query({ size: 100 }).send(body);
    const ids = (res: request.Response) => res.body.content.map((a: { id: number }) => a.id).sort((x: number, y: number) => x - y);
    const students = { studentIds: [mine.student.id, other.student.id] };
    expect(ids(await find({ ...students }))).toEqual([a1.id, a2.id, a3.id]);
    expect(ids(await find({ ...students, cohortIds: [bundle.cohorts[1].id] }))).toEqual([a2.id]);
    expect(ids(await find({ ...students, programIds: [product.programs[0].id] }))).toEqual([a1.id, a3.id]);
    expect(ids(await find({ ...students, productIds: [bundle.product.id] }))).toEqual([a2.id]);
    expect(ids(await find({ ...students, statuses: ['ENROLLED', 'CREATED'] }))).toEqual([a1.id, a3.id]);
    expect(ids(await find({ ...students, migrated: true }))).toEqual([a1.id]);
    expect(ids(await find({ ...students, autoPay: true }))).toEqual([a3.id]);
    expect(ids(await find({ ...students, sources: ['PHONE'] }))).toEqual([a2.id]);
    expect(ids(await find({ ...students, paymentStatuses: ['PAST_DUE'] }))).toEqual([a3.id]);
    expect(ids(await find({ ...students, paymentPlanStatuses: ['CONCLUDED'] }))).toEqual([a3.id]);
    // A plan status the product does not have is bad input, not an empty result.
    const unknown = await find({ ...students, paymentPlanStatuses: ['SUSPENDED'] });
    expect([unknown.status, Object.keys(unknown.body.errors ?? {})]).toEqual([400, ['paymentPlanStatuses.0']]);
    expect(ids(await find({ ...students, paymentDueDate: { from: '2031-02-01', to: '2031-03-31' } }))).toEqual([a3.id]);
    expect(ids(await find({ ...students, paymentDueDate: { from: '2031-04-01', to: null } }))).toEqual([]);
    expect(ids(await find({ ...students, locations: { countryCode: 'ca', city: 'Tor' } }))).toEqual([a3.id]);
    expect(ids(await find({ ...students, locations: { stateCode: 'NJ', zip: '086' } }))).toEqual([a1.id, a2.id]);
    expect(ids(await find({ ...students, businessCategoryIds: [product.cohorts[0].businessCategoryId] }))).toEqual([a1.id, a2.id, a3.id]);
    expect(ids(await find({ ...students, appliedOn: { from: '2000-01-01', to: null } }))).toEqual([a2.id, a3.id]);
    expect(ids(await find({ ...students, updatedAt: { from: '2000-01-01', to: '2001-01-01' } }))).toEqual([]);
    expect(ids(await find({ ...students, keyword: mine.student.lastName, statuses: [], cohortIds: [] }))).toEqual([a1.id, a2.id]);
    // The console sends the search box's keyword in the query beside the criteria.
    const queried = await api()
      .post('/api/applications/find_by_criteria')
      .set(bearer(readOnly.token))
      .query({ size: 100, keyword: mine.student.lastName })
      .send({ statuses: ['APPLIED'] });
    expect(ids(queried)).toEqual([a2.id]);
    const bad = await find({ ...students, colour: 'red', statuses: ['NOPE'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['colour', 'statuses.0']);
    expect((await api().post('/api/applications/find_by_criteria').set(bearer(mine.token)).send({})).status).toBe(403);
  });

  test('summary: the total and the count per status of what the criteria match', async () => {
    const res = await api()
      .post('/api/applications/summary')
      .set(bearer(readOnly.token))
      .send({ studentIds: [mine.student.id, other.student.id] });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect([...res.body.statuses].sort((x: { status: string }, y: { status: string }) => x.status.localeCompare(y.status))).toEqual([
      { status: 'APPLIED', count: 1 },
      { status: 'CREATED', count: 1 },
      { status: 'ENROLLED', count: 1 },
    ]);
    expect((await api().post('/api/applications/summary').set(bearer(readOnly.token)).send({ nope: 1 })).status).toBe(400);
    expect((await api().post('/api/applications/summary').send({})).status).toBe(401);
  });
});

describe('GET and PUT /api/applications/{id}', () => {
  test('get: own 200, another student 403, staff 200, missing 404', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { chosen: true });
    const own = await api().get(`/api/applications/${application.id}`).set(bearer(applicant.token));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: application.id,
      productPaymentPlanId: product.productPlan.id,
      productPaymentPlan: { id: product.productPlan.id, name: '12 monthly payments' },
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      cohort: {
        id: product.cohorts[0].id,
        label: product.cohorts[0].label,
        programId: product.programs[0].id,
        program: { id: product.programs[0].id, name: product.programs[0].name },
      },
    });
    expect(own.body.applicationCohorts).toEqual([
      {
        id: expect.any(Number),
        programId: product.programs[0].id,
        programName: product.programs[0].name,
        cohortId: product.cohorts[0].id,
        cohortLabel: product.cohorts[0].label,
        startDate: '2030-01-15',
        endDate: '2030-12-15',
      },
    ]);
    const stranger = await makeApplicant(t.deps);
    expect((await api().get(`/api/applications/${application.id}`).set(bearer(stranger.token))).status).toBe(403);
    expect((await api().get(`/api/applications/${application.id}`).set(bearer(readOnly.token))).status).toBe(200);
    expect((await api().get('/api/applications/99999999').set(bearer(readOnly.token))).status).toBe(404);
    expect((await api().get(`/api/applications/${application.id}`)).status).toBe(401);
  });

  test("a student makes the portal's choices while CREATED: classes, plan, card, document", async () => {
    const applicant = await makeApplicant(t.deps);
    const bundle = await makeEnrollableProduct({ programs: 2 });
    const application = await makeApplication(applicant.student.id, bundle);
    const card = await makeCard(applicant.student.id);
    // The document is the student's upload (POST /files, tests/api/files.test.ts): its storage key.
    const upload = await StoredFile.create({
      fileName: `uploads/test/${unique('license')}.pdf`,
      originalName: 'license.pdf',
      contentType: 'application/pdf',
      size: 10,
      purpose: 'DOCUMENT',
      ownerUserId: null,
      studentId: applicant.student.id,
    });
    const res = await api()
      .put(`/api/applications/${application.id}`)
      .set(bearer(applicant.token))
      .send({
        cohortIds: bundle.cohorts.map((c) => c.id),
        productPaymentPlanId: bundle.productPlan.id,
        paymentMethodId: card.id,
        documentName: upload.fileName,
        documentType: 'application/pdf',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productPaymentPlanId: bundle.productPlan.id, paymentMethod: { id: card.id }, documentName: upload.fileName, documentType: 'application/pdf' });
    expect(res.body.applicationCohorts.map((c: { cohortId: number }) => c.cohortId).sort()).toEqual(bundle.cohorts.map((c) => c.id).sort());
    const rowsBefore = await ApplicationCohort.findAll({ where: { applicationId: application.id }, order: [['programId', 'ASC']] });

    // Another class of the first program: that program's row is repointed, the other kept.
    const later = await makeCohort({ program: bundle.programs[0], startDate: '2031-01-15', endDate: '2031-12-15' });
    await ProductItem.create({ productId: bundle.product.id, cohortId: later.id });
    const moved = await api()
      .put(`/api/applications/${application.id}`)
      .set(bearer(applicant.token))
      .send({ cohortIds: [later.id, bundle.cohorts[1].id] });
    expect(moved.status).toBe(200);
    const rowsAfter = await ApplicationCohort.findAll({ where: { applicationId: application.id }, order: [['programId', 'ASC']] });
    expect(rowsAfter.map((r) => r.id)).toEqual(rowsBefore.map((r) => r.id));
    expect(rowsAfter.map((r) => r.cohortId)).toEqual([later.id, bundle.cohorts[1].id]);
    // Clearing the document un-completes its step; only one program chosen keeps one row.
    await ApplicationStep.create({ applicationId: application.id, step: 'DOCUMENT_UPLOAD', completedAt: new Date(), completedById: null, completedByName: null });
    const cleared = await api()
      .put(`/api/applications/${application.id}`)
      .set(bearer(applicant.token))
      .send({ cohortIds: [later.id], documentName: '' });
    expect(cleared.body.documentName).toBeNull();
    expect(cleared.body.applicationCohorts).toHaveLength(1);
    expect(await ApplicationStep.count({ where: { applicationId: application.id, step: 'DOCUMENT_UPLOAD' } })).toBe(0);
  });

  test('400: a class the product does not sell, two classes of one program, an archived class, a plan of another product, a card of another student, staff fields from a student', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product);
    const put = (body: object) => api().put(`/api/applications/${application.id}`).set(bearer(applicant.token)).send(body);
    const foreign = await makeCohort();
    expect((await put({ cohortIds: [foreign.id] })).body.errors).toEqual({ cohortIds: 'Invalid value' });
    const second = await makeCohort({ program: product.programs[0] });
    await ProductItem.create({ productId: product.product.id, cohortId: second.id });
    expect((await put({ cohortIds: [product.cohorts[0].id, second.id] })).body.errors).toEqual({ cohortIds: 'Invalid value' });
    await second.update({ deleted: true, status: 'ARCHIVED' });
    expect((await put({ cohortIds: [second.id] })).body.errors).toEqual({ cohortIds: 'Invalid value' });
    const otherProduct = await makeEnrollableProduct();
    expect((await put({ productPaymentPlanId: otherProduct.productPlan.id })).body.errors).toEqual({ productPaymentPlanId: 'Invalid value' });
    const someoneElse = await makeApplicant(t.deps);
    const theirCard = await makeCard(someoneElse.student.id);
    expect((await put({ paymentMethodId: theirCard.id })).body.errors).toEqual({ paymentMethodId: 'Invalid value' });
    const deletedCard = await makeCard(applicant.student.id, { deleted: true });
    expect((await put({ paymentMethodId: deletedCard.id })).body.errors).toEqual({ paymentMethodId: 'Invalid value' });
    expect((await put({ migrated: true, source: 'PHONE' })).body.errors).toEqual({ migrated: 'Unknown field', source: 'Unknown field' });
    expect((await put({ cohortIds: 'x' })).status).toBe(400);
    const row = (await Application.findByPk(application.id))!;
    expect(row).toMatchObject({ productPaymentPlanId: null, paymentMethodId: null, migrated: false });
    expect(await ApplicationCohort.count({ where: { applicationId: application.id } })).toBe(0);
    await ProductItem.destroy({ where: { cohortId: second.id } });
  });

  test('409: a full class (MAX_STUDENTS_REACHED); a student after CREATED and staff after SIGNED (INVALID_STATUS); an opportunity id in use', async () => {
    const limited = await makeEnrollableProduct({ maxStudents: 1 });
    const first = await makeApplicant(t.deps);
    const firstApp = await makeApplication(first.student.id, limited, { status: 'ENROLLED', chosen: true });
    await Enrollment.create({
      applicationId: firstApp.id,
      studentId: first.student.id,
      cohortId: limited.cohorts[0].id,
      programId: limited.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, limited);
    const full = await api()
      .put(`/api/applications/${application.id}`)
      .set(bearer(applicant.token))
      .send({ cohortIds: [limited.cohorts[0].id] });
    expect(full.body).toMatchObject({ status: 409, code: 'MAX_STUDENTS_REACHED', message: 'Max students reached' });

    const applied = await makeApplication(applicant.student.id, product, { status: 'APPLIED' });
    const late = await api().put(`/api/applications/${applied.id}`).set(bearer(applicant.token)).send({ documentName: 'x.pdf' });
    expect(late.body).toMatchObject({ status: 409, code: 'INVALID_STATUS' });
    const staffEdit = await api().put(`/api/applications/${applied.id}`).set(bearer(staff.token)).send({ documentName: 'x.pdf', source: 'EVENT', migrated: true });
    expect(staffEdit.status).toBe(200);
    expect(staffEdit.body).toMatchObject({ documentName: 'x.pdf', source: 'EVENT', migrated: true });
    const enrolled = await api().put(`/api/applications/${firstApp.id}`).set(bearer(staff.token)).send({ documentName: 'x.pdf' });
    expect(enrolled.body).toMatchObject({ status: 409, code: 'INVALID_STATUS' });

    const opportunityId = unique('006').slice(0, 18);
    await firstApp.update({ opportunityId });
    const dup = await api().put(`/api/applications/${applied.id}`).set(bearer(staff.token)).send({ opportunityId });
    expect(dup.body).toMatchObject({ status: 409, code: 'OPPORTUNITY_ID_REGISTERED' });
    expect((await Application.findByPk(applied.id))!.opportunityId).toBeNull();
    expect((await api().put(`/api/applications/${applied.id}`).set(bearer(readOnly.token)).send({})).status).toBe(403);
    expect((await api().put('/api/applications/99999999').set(bearer(staff.token)).send({})).status).toBe(404);
  });

  test('a changed plan recomputes the voucher discount (a PERCENT_OFF share of the new principal)', async () => {
    const applicant = await makeApplicant(t.deps);
    const two = await makeEnrollableProduct();
    const template = await makeCategoryPlan({ paymentPlanType: 'PAY_IN_FULL', tuitionPrice: 1000 });
    const cheap = await ProductPaymentPlan.create({
      productId: two.product.id,
      paymentPlanId: template.id,
      shortDescription: 'Cheap',
      longDescription: null,
      salesforcePaymentPlanId: null,
      updatedById: null,
      updatedByName: null,
    });
    const voucher = await makeVoucher({ discountValue: 10 });
    // 10 % of 6000 + 150 fees.
    const application = await makeApplication(applicant.student.id, two, { chosen: true, fields: { voucherId: voucher.id, voucherDiscount: 615 } });
    const res = await api().put(`/api/applications/${application.id}`).set(bearer(applicant.token)).send({ productPaymentPlanId: cheap.id });
    expect(res.status).toBe(200);
    // 10 % of 1000 + 150 fees.
    expect(res.body.voucherDiscount).toBe(115);
  });
});

describe('GET /api/applications/{id}/options', () => {
  test('the classes per program with seats left, and each plan with a preview that takes the voucher discount', async () => {
    const limited = await makeEnrollableProduct({ programs: 2, maxStudents: 3 });
    const archived = await makeCohort({ program: limited.programs[0], deleted: true, status: 'ARCHIVED' });
    await ProductItem.create({ productId: limited.product.id, cohortId: archived.id });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, limited, { fields: { voucherDiscount: 100 } });
    const someone = await makeApplicant(t.deps);
    await Enrollment.create({
      applicationId: application.id,
      studentId: someone.student.id,
      cohortId: limited.cohorts[0].id,
      programId: limited.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    const res = await api().get(`/api/applications/${application.id}/options`).set(bearer(applicant.token));
    expect(res.status).toBe(200);
    expect(res.body.product).toEqual({ id: limited.product.id, name: limited.product.name, flowType: 'HCTP', cost: 6000 });
    const programs = [...res.body.programs].sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    expect(programs).toEqual(
      limited.programs.map((p, i) => ({
        id: p.id,
        name: p.name,
        cohorts: [{ id: limited.cohorts[i].id, label: limited.cohorts[i].label, startDate: '2030-01-15', endDate: '2030-12-15', seatsLeft: i === 0 ? 2 : 3 }],
      })),
    );
    expect(res.body.paymentPlans).toHaveLength(1);
    const { input } = await productPlanEngineInput(limited.productPlan.id, { voucherDiscountCents: 10_000 });
    const engine = generateSchedule(input);
    expect(res.body.paymentPlans[0]).toMatchObject({
      id: limited.productPlan.id,
      name: '12 monthly payments',
      shortDescription: '12 monthly payments',
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 12,
      depositAmount: 500,
      annualPercentageRate: 9.9,
      preview: { principal: engine.principalCents / 100, deposit: 500, interest: engine.interestCents / 100, total: engine.totalCents / 100 },
    });
    expect(res.body.paymentPlans[0].preview.principal).toBe(6200);
    expect(res.body.paymentPlans[0].preview.entries[0]).toMatchObject({ kind: 'DEPOSIT', dueDate: schoolToday() });
    const stranger = await makeApplicant(t.deps);
    expect((await api().get(`/api/applications/${application.id}/options`).set(bearer(stranger.token))).status).toBe(403);
    expect((await api().get('/api/applications/99999999/options').set(bearer(staff.token))).status).toBe(404);
    expect((await api().get(`/api/applications/${application.id}/options`)).status).toBe(401);
  });
});

describe('POST /api/applications/{id}/progress', () => {
  test('answers the flow with what still stops a submit; marks a step after checking it', async () => {
    const flowed = await makeEnrollableProduct({ flow: ['COMPLETE_PERSONAL_INFO', 'QUESTIONNAIRE', 'DOCUMENT_UPLOAD', 'ENROLLMENT_AGREEMENT'] });
    const applicant = await makeApplicant(t.deps, { dateOfBirth: null });
    const application = await makeApplication(applicant.student.id, flowed);
    const progress = (body: object, token = applicant.token) => api().post(`/api/applications/${application.id}/progress`).set(bearer(token)).send(body);

    const first = await progress({});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      steps: [
        { step: 'COMPLETE_PERSONAL_INFO', required: true, completed: false, completedAt: null },
        { step: 'QUESTIONNAIRE', required: true, completed: false, completedAt: null },
        { step: 'DOCUMENT_UPLOAD', required: true, completed: false, completedAt: null },
        { step: 'ENROLLMENT_AGREEMENT', required: true, completed: false, completedAt: null },
      ],
      canSubmit: false,
      missing: ['No course selected', 'Personal info incomplete', 'Questionnaire incomplete', 'Document upload required', 'No payment plan selected', 'Payment method required'],
    });

    expect((await progress({ step: 'COMPLETE_PERSONAL_INFO' })).body).toMatchObject({ status: 409, code: 'PERSONAL_INFO_INCOMPLETE', message: 'Personal info incomplete' });
    await Student.update({ dateOfBirth: '1990-01-01' }, { where: { id: applicant.student.id } });
    const personal = await progress({ step: 'COMPLETE_PERSONAL_INFO' });
    expect(personal.body.steps[0]).toMatchObject({ step: 'COMPLETE_PERSONAL_INFO', completed: true, completedAt: expect.any(String) });

    expect((await progress({ step: 'QUESTIONNAIRE' })).body).toMatchObject({ status: 409, code: 'QUESTIONNAIRE_INCOMPLETE' });
    await ApplicationAnswer.create({ applicationId: application.id, questionId: 'goals', content: 'Help people' });
    expect((await progress({ step: 'QUESTIONNAIRE' })).body.steps[1].completed).toBe(true);
    expect((await progress({ step: 'DOCUMENT_UPLOAD' })).body).toMatchObject({ status: 409, code: 'DOCUMENT_REQUIRED', message: 'Document upload required' });
    await application.update({ documentName: 'cert.pdf' });
    expect((await progress({ step: 'DOCUMENT_UPLOAD' })).body.steps[2].completed).toBe(true);

    const card = await makeCard(applicant.student.id);
    await api()
      .put(`/api/applications/${application.id}`)
      .set(bearer(applicant.token))
      .send({ cohortIds: [flowed.cohorts[0].id], productPaymentPlanId: flowed.productPlan.id, paymentMethodId: card.id });
    const ready = await progress({});
    expect(ready.body).toMatchObject({ canSubmit: true, missing: [] });
    // Marking twice keeps the first time.
    const again = await progress({ step: 'DOCUMENT_UPLOAD' });
    expect(again.body.steps[2].completedAt).toBe(ready.body.steps[2].completedAt);
  });

  test('staff-only steps are 403 for a student; the agreement cannot be marked (400); a staff approval moves an APPLIED application on', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { status: 'APPLIED', chosen: true });
    const progress = (body: object, token = applicant.token) => api().post(`/api/applications/${application.id}/progress`).set(bearer(token)).send(body);
    expect((await progress({ step: 'ADMIN_APPROVAL' })).status).toBe(403);
    expect((await progress({ step: 'COMPLETE_ACM_REQUIREMENTS' })).status).toBe(403);
    const agreement = await progress({ step: 'ENROLLMENT_AGREEMENT' }, staff.token);
    expect(agreement.status).toBe(400);
    expect(agreement.body.errors).toEqual({ step: 'Invalid value' });
    expect((await progress({ step: 'NOPE' })).status).toBe(400);
    const approved = await progress({ step: 'ADMIN_APPROVAL' }, staff.token);
    expect(approved.status).toBe(200);
    expect(approved.body.canSubmit).toBe(false);
    expect((await Application.findByPk(application.id))!.status).toBe('WAITING_TO_SIGN');
    const stranger = await makeApplicant(t.deps);
    expect((await progress({}, stranger.token)).status).toBe(403);
    expect((await progress({}, readOnly.token)).status).toBe(403);
    expect((await api().post('/api/applications/99999999/progress').set(bearer(staff.token)).send({})).status).toBe(404);
    await application.update({ status: 'CANCELLED' });
    expect((await progress({ step: 'COMPLETE_PERSONAL_INFO' }, staff.token)).body.code).toBe('INVALID_STATUS');
  });
});

describe('payment plans and classes of an application; classes of a student', () => {
  test('GET /applications/{id}/payment_plans: empty before ENROLLED; own only', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { chosen: true });
    const res = await api().get(`/api/applications/${application.id}/payment_plans`).set(bearer(applicant.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const stranger = await makeApplicant(t.deps);
    expect((await api().get(`/api/applications/${application.id}/payment_plans`).set(bearer(stranger.token))).status).toBe(403);
    expect((await api().get('/api/applications/99999999/payment_plans').set(bearer(staff.token))).status).toBe(404);
  });

  test('GET /applications/{id}/application_cohorts and /students/{id}/application_cohorts', async () => {
    const applicant = await makeApplicant(t.deps);
    const bundle = await makeEnrollableProduct({ programs: 2 });
    const a = await makeApplication(applicant.student.id, bundle, { chosen: true });
    const b = await makeApplication(applicant.student.id, product, { chosen: true, status: 'CANCELLED' });
    const one = await api().get(`/api/applications/${a.id}/application_cohorts`).set(bearer(applicant.token));
    expect(one.status).toBe(200);
    expect(one.body.pagination).toEqual({ total: 2, page: 0, size: 200 });
    expect(one.body.content[0]).toMatchObject({
      applicationId: a.id,
      applicationStatus: 'CREATED',
      productId: bundle.product.id,
      productName: bundle.product.name,
      cohortId: bundle.cohorts[0].id,
      programName: bundle.programs[0].name,
    });
    const all = await api().get(`/api/students/${applicant.student.id}/application_cohorts`).set(bearer(applicant.token));
    expect(all.status).toBe(200);
    expect(all.body.content.map((c: { applicationId: number }) => c.applicationId)).toEqual([a.id, a.id, b.id]);
    expect((await api().get(`/api/students/${applicant.student.id}/application_cohorts`).set(bearer(readOnly.token))).status).toBe(200);
    const stranger = await makeApplicant(t.deps);
    expect((await api().get(`/api/students/${applicant.student.id}/application_cohorts`).set(bearer(stranger.token))).status).toBe(403);
    expect((await api().get(`/api/applications/${a.id}/application_cohorts`).set(bearer(stranger.token))).status).toBe(403);
    expect((await api().get('/api/students/99999999/application_cohorts').set(bearer(staff.token))).status).toBe(404);
    expect((await api().get(`/api/students/${applicant.student.id}/application_cohorts`)).status).toBe(401);
  });
});

describe('archive guards', () => {
  test('a cohort with an ACTIVE enrollment or an active application, a product with an active application cannot be archived', async () => {
    const admin = await makeAdmin(t.deps);
    const own = await makeEnrollableProduct();
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, own, { chosen: true });
    const cohortId = own.cohorts[0].id;
    const archiveCohort = () => api().delete(`/api/cohorts/${cohortId}`).set(bearer(admin.token));
    const archiveProduct = () => api().delete(`/api/products/${own.product.id}`).set(bearer(admin.token));
    expect((await archiveProduct()).body).toMatchObject({
      status: 409,
      code: 'PRODUCT_HAS_ACTIVE_APPLICATIONS',
      message: 'The product cannot be archived: it has active applications',
    });
    // The product membership blocks the cohort first (the catalogue's own rule): take the cohort out of the product.
    await ProductItem.destroy({ where: { productId: own.product.id } });
    expect((await archiveCohort()).body).toMatchObject({ status: 409, code: 'COHORT_HAS_ACTIVE_APPLICATIONS' });
    await application.update({ status: 'ENROLLED' });
    const enrollment = await Enrollment.create({
      applicationId: application.id,
      studentId: applicant.student.id,
      cohortId,
      programId: own.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    expect((await archiveCohort()).body).toMatchObject({ status: 409, code: 'COHORT_HAS_ACTIVE_ENROLLMENTS' });
    await enrollment.update({ status: 'WITHDRAWN' });
    await application.update({ status: 'WITHDRAWN' });
    expect((await archiveProduct()).status).toBe(204);
    expect((await archiveCohort()).status).toBe(204);
    expect((await Cohort.findByPk(cohortId))!.deleted).toBe(true);
  });
});

describe('roles', () => {
  test('every call answers 401 without a token', async () => {
    const calls: Array<[string, string]> = [
      ['get', '/api/applications'],
      ['get', '/api/applications/search'],
      ['post', '/api/applications/find_by_criteria'],
      ['post', '/api/applications/summary'],
      ['post', '/api/applications'],
      ['get', '/api/applications/1'],
      ['put', '/api/applications/1'],
      ['get', '/api/applications/1/options'],
      ['post', '/api/applications/1/progress'],
      ['patch', '/api/applications/1/status?status=APPLIED'],
      ['get', '/api/applications/1/payment_plans'],
      ['get', '/api/applications/1/application_cohorts'],
      ['get', '/api/students/1/application_cohorts'],
      ['get', '/api/enrollments'],
    ];
    for (const [method, url] of calls) {
      const res = await (api() as unknown as Record<string, (u: string) => request.Test>)[method](url).send({});
      expect([method, url, res.status]).toEqual([method, url, 401]);
    }
  });

  test('SUPPORT (read only) may list; a role without applications:read is 403 on the list', async () => {
    const name = unique('ROLE_');
    await Role.create({ name, description: 'None', permissions: ['students:read'], system: false, updatedById: null, updatedByName: null });
    const none = await makeAdmin(t.deps, { roles: [name] });
    expect((await api().get('/api/applications').set(bearer(none.token))).status).toBe(403);
    expect((await api().get('/api/applications').set(bearer(readOnly.token))).status).toBe(200);
  });
});

describe('the demo seeder', () => {
  test('applications of generated students in CREATED, APPLIED, SIGNED and ENROLLED (with enrollments and a plan); a second run adds nothing', async () => {
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    const emails = demoPeople().map((p) => p.email);
    const students = await Student.findAll({ where: { email: emails }, attributes: ['id'] });
    const rows = await Application.findAll({ where: { studentId: students.map((s) => s.id) }, order: [['id', 'ASC']] });
    expect(rows.map((a) => a.status)).toEqual(['CREATED', 'APPLIED', 'SIGNED', 'ENROLLED']);
    const enrolled = rows[3];
    const dto = (await api().get(`/api/applications/${enrolled.id}`).set(bearer(readOnly.token))).body;
    expect(dto.enrollments.length).toBe(dto.applicationCohorts.length);
    expect(dto.enrollments.every((e: { status: string }) => e.status === 'ACTIVE')).toBe(true);
    // Enrolling charged the deposit (the first entry) to the demo card (billing, issue 6).
    expect(dto.paymentPlan.initialPayment).toBeGreaterThan(0);
    expect(dto.paymentPlan).toMatchObject({ status: 'ACTIVE', totalPaid: dto.paymentPlan.initialPayment });
    // The schedule: the deposit (the initial payment) when there is one, then the installments.
    const deposits = dto.paymentPlan.initialPayment > 0 ? 1 : 0;
    expect(await PaymentSchedule.count({ where: { studentPaymentPlanId: dto.paymentPlan.id } })).toBe(dto.paymentPlan.installmentsCount + deposits);
    await seedDemo({ password: 'Demo12345', rounds: 4 });
    expect(await Application.count({ where: { studentId: students.map((s) => s.id) } })).toBe(4);
  });
});
