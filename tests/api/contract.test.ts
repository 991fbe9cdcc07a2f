import request from 'supertest';
import { routeRegistry } from '../../api/common/route';
import {
  LearningSession,
  LearningSessionSignUp,
  Administrator,
  Application,
  JobSchedule,
  AppVersion,
  ApplicationComment,
  CommunicationTemplate,
  CommunicationTemplateContent,
  EmailTemplate,
  BusinessCategoryPaymentPlan,
  Cohort,
  CohortModule,
  ModuleBookmark,
  ExtraProduct,
  GraduationRequirement,
  LedgerEntry,
  ModuleGroup,
  PaymentMethod,
  PaymentPlanAdjustment,
  Product,
  ProductPaymentPlan,
  Program,
  ProgramModule,
  ProgramPaymentPlan,
  Role,
  SearchFilter,
  SkippedCoachingCircleSession,
  UserViewHistory,
  CoachComment,
  CoachingCircle,
  CoachingCircleCoach,
  CoachingCircleSignUp,
  CoachingCircleType,
  Student,
  StoredFile,
  LmsConnection,
} from '../../models';
import { makeCategoryPlan, makeCohort, makeProduct, makeProgram } from '../support/catalogue-factories';
import { makeApplicant, makeApplication, makeCard, makeEnrollableProduct, makeVoucher } from '../support/enrollment-factories';
import { makeEnrolledPlan } from '../support/billing-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { setupApp, type TestApp } from '../support/app';
import { circleCohort, enrolledStudent, makeCircle } from '../support/circle-factories';

/**
 * The contract the route pipeline promises for every route at once (api/common/route.ts,
 * api/common/openapi.ts): what OpenAPI says a body requires is what validation requires, and every
 * DELETE answers 204 without a body, as OpenAPI says.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
describe('OpenAPI request bodies and validation come from one schema', () => {
  test("every route's OpenAPI requestBody requires exactly the fields its validator refuses to miss, nested objects included", async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: JsonSchema } } } }>>;
    };
    const mismatches: string[] = [];
    let checked = 0;
    /** What the validator names missing when `probe` is parsed, at `prefix` + one key of `object`'s properties. */
    const refusedAt = (
      validate: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } },
      probe: unknown,
      prefix: PropertyKey[],
      object: JsonSchema,
    ) => {
      const result = validate(probe);
      const keys = (result.success ? [] : result.error!.issues)
        .filter((i) => i.path.length === prefix.length + 1 && prefix.every((p, n) => i.path[n] === p))
        .map((i) => String(i.path[prefix.length]))
        .filter((k) => k in object.properties!);
      return [...new Set(keys)].sort();
    };
    const compare = (where: string, validatorRequires: string[], object: JsonSchema) => {
      const openApiRequires = [...(object.required ?? [])].sort();
      if (JSON.stringify(validatorRequires) !== JSON.stringify(openApiRequires))
        mismatches.push(`${where}: OpenAPI requires [${openApiRequires}], validation requires [${validatorRequires}]`);
    };
    /** An object schema, unwrapped from OpenAPI 3.0's nullable unions. */
    const objectOf = (s: JsonSchema | undefined): JsonSchema | null => {
      const inner = s && (s.type === 'object' ? s : (s as { anyOf?: JsonSchema[] }).anyOf?.find((x) => x.type === 'object'));
      return inner && inner.properties ? inner : null;
    };
    for (const r of routeRegistry.filter((x) => x.body)) {
      const schema = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')][r.method].requestBody!.content['application/json'].schema;
      if (schema.type !== 'object' || !schema.properties) continue; // an array body (answers) has no fields to require
      checked += 1;
      const where = `${r.method.toUpperCase()} ${r.path}`;
      const validate = (v: unknown) => r.body!.safeParse(v);
      // The validator the pipeline runs on this route's body, given an empty object: every field it cannot do without is named.
      compare(where, refusedAt(validate, {}, [], schema), schema);
      // One level down: an empty object (or a list of one empty object) where the body nests objects.
      for (const [key, property] of Object.entries(schema.properties)) {
        const nested = objectOf(property);
        const items = property.type === 'array' ? objectOf((property as { items?: JsonSchema }).items) : null;
        if (nested) compare(`${where} ${key}`, refusedAt(validate, { [key]: {} }, [key], nested), nested);
        if (items) compare(`${where} ${key}[]`, refusedAt(validate, { [key]: [{}] }, [key, 0], items), items);
      }
    }
    expect(checked).toBeGreaterThan(90);
    expect(mismatches).toEqual([]);
  });

  test('POST /students/{id}/payment_plans/{planId}/payments: OpenAPI requires type and amount, as validation does', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    const body = doc.paths['/api/students/{id}/payment_plans/{planId}/payments'].post.requestBody.content['application/json'].schema;
    expect([...body.required].sort()).toEqual(['amount', 'type']);
    const res = await request(t.app).post('/api/students/999999/payment_plans/999999/payments').set(bearer(admin.token)).send({ type: 'INSTALLMENT' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ amount: 'This field is required' });
  });
});

/** For each DELETE route: a record to delete (made through the API or the factories) and how to tell it is gone. */
type DeleteCase = () => Promise<{ url: string; token?: string; gone: () => Promise<boolean> }>;

const post = async (url: string, body: object, token = admin.token) => {
  const res = await request(t.app).post(url).set(bearer(token)).send(body);
  if (res.status !== 201 && res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
};

const DELETE_CASES: Record<string, DeleteCase> = {
  '/api/admins/:id': async () => {
    const other = await makeAdmin(t.deps);
    return { url: `/api/admins/${other.admin.id}`, gone: async () => (await Administrator.findByPk(other.admin.id, { paranoid: false }))?.deletedAt != null };
  },
  '/api/roles/:id': async () => {
    const role = await post('/api/roles', { name: unique('ROLE_'), permissions: ['students:read'] });
    return { url: `/api/roles/${role.id}`, gone: async () => (await Role.findByPk(role.id)) === null };
  },
  '/api/users/:id/view_histories/:historyId': async () => {
    const view = await post(`/api/users/${admin.user.id}/view_histories`, { entityType: 'COHORT', entityId: 7 });
    return { url: `/api/users/${admin.user.id}/view_histories/${view.id}`, gone: async () => (await UserViewHistory.findByPk(view.id)) === null };
  },
  '/api/job_schedules/:id': async () => {
    const schedule = await post('/api/job_schedules', { jobName: unique('Job '), type: 'COHORT_STATUS', cronJob: true, cronExpression: '0 3 * * *' });
    return { url: `/api/job_schedules/${schedule.id}`, gone: async () => (await JobSchedule.findByPk(schedule.id)) === null };
  },
  '/api/app_versions/:id': async () => {
    const version = await post('/api/app_versions', { platform: 'ANDROID', version: `77.${Date.now() % 100000}.${process.pid % 1000}`, releaseDate: '2026-01-01' });
    return { url: `/api/app_versions/${version.id}`, gone: async () => (await AppVersion.findByPk(version.id)) === null };
  },
  '/api/search_filters/:id': async () => {
    const filter = await post('/api/search_filters/students', { name: unique('Filter '), criteria: {} });
    return { url: `/api/search_filters/${filter.id}`, gone: async () => (await SearchFilter.findByPk(filter.id)) === null };
  },
  '/api/business_categories/:id/payment_plans/:planId': async () => {
    const plan = await makeCategoryPlan();
    return {
      url: `/api/business_categories/${plan.businessCategoryId}/payment_plans/${plan.id}`,
      gone: async () => (await BusinessCategoryPaymentPlan.findByPk(plan.id)) === null,
    };
  },
  '/api/programs/:id': async () => {
    const program = await makeProgram();
    return { url: `/api/programs/${program.id}`, gone: async () => (await Program.findByPk(program.id))!.deleted };
  },
  '/api/programs/:id/graduation_requirements/:requirementId': async () => {
    const program = await makeProgram();
    const requirement = await post(`/api/programs/${program.id}/graduation_requirements`, { name: 'Quizzes', type: 'QUIZ', displayOrder: 1 });
    return { url: `/api/programs/${program.id}/graduation_requirements/${requirement.id}`, gone: async () => (await GraduationRequirement.findByPk(requirement.id)) === null };
  },
  '/api/programs/:id/payment_plans/:planId': async () => {
    const program = await makeProgram();
    const plan = await post(`/api/programs/${program.id}/payment_plans`, { name: 'Pay in full' });
    return { url: `/api/programs/${program.id}/payment_plans/${plan.id}`, gone: async () => (await ProgramPaymentPlan.findByPk(plan.id)) === null };
  },
  '/api/programs/:id/extra_products/:extraProductId': async () => {
    const program = await makeProgram();
    const extra = await post(`/api/programs/${program.id}/extra_products`, { name: 'Transcript', type: 'TRANSCRIPT', priceType: 'FREE' });
    return { url: `/api/programs/${program.id}/extra_products/${extra.id}`, gone: async () => (await ExtraProduct.findByPk(extra.id))!.deleted };
  },
  '/api/programs/:id/program_modules/:moduleId': async () => {
    const program = await makeProgram();
    const module = await post(`/api/programs/${program.id}/program_modules`, { title: 'Week 1' });
    return { url: `/api/programs/${program.id}/program_modules/${module.id}`, gone: async () => (await ProgramModule.findByPk(module.id)) === null };
  },
  '/api/communication_templates/:id': async () => {
    const template = await post('/api/communication_templates', { name: unique('Template '), key: unique('T_').toUpperCase(), category: 'ACADEMIC' });
    return { url: `/api/communication_templates/${template.id}`, gone: async () => (await CommunicationTemplate.findByPk(template.id)) === null };
  },
  '/api/communication_templates/:id/content/:contentId': async () => {
    const template = await post('/api/communication_templates', { name: unique('Template '), key: unique('T_').toUpperCase(), category: 'ACADEMIC' });
    await post(`/api/communication_templates/${template.id}/content`, { language: 'EN', subject: 'Hi', messageBodyTemplate: '<p>Hi</p>' });
    const es = await post(`/api/communication_templates/${template.id}/content`, { language: 'ES', subject: 'Hola', messageBodyTemplate: '<p>Hola</p>' });
    return { url: `/api/communication_templates/${template.id}/content/${es.id}`, gone: async () => (await CommunicationTemplateContent.findByPk(es.id)) === null };
  },
  '/api/email_templates/:id': async () => {
    const wrapper = await post('/api/email_templates', { name: unique('Brand ') });
    return { url: `/api/email_templates/${wrapper.id}`, gone: async () => (await EmailTemplate.findByPk(wrapper.id))!.deleted };
  },
  '/api/module_groups/:id': async () => {
    const group = await post('/api/module_groups', { name: unique('Group ') });
    return { url: `/api/module_groups/${group.id}`, gone: async () => (await ModuleGroup.findByPk(group.id)) === null };
  },
  '/api/products/:id': async () => {
    const product = await makeProduct();
    return { url: `/api/products/${product.id}`, gone: async () => (await Product.findByPk(product.id))!.deleted };
  },
  '/api/products/:id/product_payment_plans/:planId': async () => {
    const product = await makeProduct({ withPlan: true });
    const plan = (await ProductPaymentPlan.findOne({ where: { productId: product.id } }))!;
    return { url: `/api/products/${product.id}/product_payment_plans/${plan.id}`, gone: async () => (await ProductPaymentPlan.findByPk(plan.id)) === null };
  },
  '/api/products/:id/product_payment_plans/:planId/adjustments/:adjId': async () => {
    const product = await makeProduct({ withPlan: true });
    const plan = (await ProductPaymentPlan.findOne({ where: { productId: product.id } }))!;
    const base = `/api/products/${product.id}/product_payment_plans/${plan.id}/adjustments`;
    const adjustment = await post(base, { description: 'Scholarship', type: 'CREDIT', category: 'SCHOLARSHIP', amount: 100 });
    return { url: `${base}/${adjustment.id}`, gone: async () => (await PaymentPlanAdjustment.findByPk(adjustment.id)) === null };
  },
  '/api/cohorts/:id': async () => {
    const cohort = await makeCohort();
    return { url: `/api/cohorts/${cohort.id}`, gone: async () => (await Cohort.findByPk(cohort.id))!.deleted };
  },
  '/api/cohorts/:id/modules/:moduleId': async () => {
    const cohort = await makeCohort();
    await post(`/api/programs/${cohort.programId}/program_modules`, { title: 'Week 1' });
    await post(`/api/cohorts/${cohort.id}/modules/sync`, {});
    const module = (await CohortModule.findOne({ where: { cohortId: cohort.id } }))!;
    return { url: `/api/cohorts/${cohort.id}/modules/${module.id}`, gone: async () => (await CohortModule.findByPk(module.id)) === null };
  },
  '/api/cohorts/:id/skip_coaching_circle_sessions/:sessionId': async () => {
    const cohort = await makeCohort();
    const skipped = await post(`/api/cohorts/${cohort.id}/skip_coaching_circle_sessions`, { sessionDate: '2030-03-02' });
    return { url: `/api/cohorts/${cohort.id}/skip_coaching_circle_sessions/${skipped.id}`, gone: async () => (await SkippedCoachingCircleSession.findByPk(skipped.id)) === null };
  },
  '/api/applications/:id/promo_code': async () => {
    const student = await makeApplicant(t.deps);
    const application = await makeApplication(student.student.id, await makeEnrollableProduct());
    const voucher = await makeVoucher();
    await post(`/api/applications/${application.id}/promo_code`, { code: voucher.code });
    return { url: `/api/applications/${application.id}/promo_code`, gone: async () => (await Application.findByPk(application.id))!.voucherId === null };
  },
  '/api/students/:id/payment_methods/:methodId': async () => {
    const student = await makeApplicant(t.deps);
    const card = await makeCard(student.student.id);
    return { url: `/api/students/${student.student.id}/payment_methods/${card.id}`, gone: async () => (await PaymentMethod.findByPk(card.id))!.deleted };
  },
  '/api/applications/:id/comments/:commentId': async () => {
    const student = await makeApplicant(t.deps);
    const application = await makeApplication(student.student.id, await makeEnrollableProduct());
    const comment = await post(`/api/applications/${application.id}/comments`, { content: 'Called, no answer' });
    return { url: `/api/applications/${application.id}/comments/${comment.id}`, gone: async () => (await ApplicationComment.findByPk(comment.id)) === null };
  },
  // A coach is deactivated, never erased (docs/decisions/coaches.md): gone from the active ones.
  '/api/coaches/:id': async () => {
    const coach = await post('/api/coaches', {
      languages: ['EN'],
      student: { user: { email: `${unique('coach')}@example.com` }, personalInfo: { firstName: 'Cal', lastName: 'Coach' } },
    });
    return { url: `/api/coaches/${coach.id}`, gone: async () => (await Student.findByPk((coach as unknown as { student: { id: number } }).student.id))?.active === false };
  },
  '/api/coaches/:id/comments/:commentId': async () => {
    const coach = await post('/api/coaches', {
      languages: ['EN'],
      student: { user: { email: `${unique('coach')}@example.com` }, personalInfo: { firstName: 'Cal', lastName: 'Coach' } },
    });
    const comment = await post(`/api/coaches/${coach.id}/comments`, { content: 'Punctual' });
    return { url: `/api/coaches/${coach.id}/comments/${comment.id}`, gone: async () => (await CoachComment.findByPk(comment.id)) === null };
  },
  '/api/coaching_circle_types/:id': async () => {
    const type = await CoachingCircleType.create({ name: unique('Type '), sessions: 3, maxStudents: 10, frequency: 1, frequencyUnit: 'WEEKS', duration: 60 });
    return { url: `/api/coaching_circle_types/${type.id}`, gone: async () => (await CoachingCircleType.findByPk(type.id))!.deleted };
  },
  '/api/coaching_circles/:id': async () => {
    const fx = await makeCircle(t.deps, (await circleCohort()).cohort, { published: false });
    return { url: `/api/coaching_circles/${fx.circle.id}`, gone: async () => (await CoachingCircle.findByPk(fx.circle.id)) === null };
  },
  '/api/coaching_circles/:id/coaches/:circleCoachId': async () => {
    const fx = await makeCircle(t.deps, (await circleCohort()).cohort, { published: false });
    const group = fx.groups[0];
    return { url: `/api/coaching_circles/${fx.circle.id}/coaches/${group.id}`, gone: async () => (await CoachingCircleCoach.findByPk(group.id)) === null };
  },
  '/api/coaching_circle_sign_up/:id': async () => {
    const p = await circleCohort();
    const fx = await makeCircle(t.deps, p.cohort);
    const s = await enrolledStudent(t.deps, p);
    const signUp = await post('/api/coaching_circle_sign_up', { coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id });
    return { url: `/api/coaching_circle_sign_up/${signUp.id}`, gone: async () => (await CoachingCircleSignUp.findByPk(signUp.id)) === null };
  },
  '/api/learning_sessions/:id': async () => {
    const session = await post('/api/learning_sessions', { type: 'WEBINAR', title: unique('Session '), startDateTime: '2031-05-01T15:00:00Z' });
    return { url: `/api/learning_sessions/${session.id}`, gone: async () => (await LearningSession.findByPk(session.id)) === null };
  },
  '/api/learning_session_sign_up/:id': async () => {
    const student = await makeApplicant(t.deps);
    const session = await post('/api/learning_sessions', { type: 'WEBINAR', title: unique('Session '), startDateTime: '2031-05-01T15:00:00Z' });
    const signUp = await LearningSessionSignUp.create({ learningSessionId: session.id, studentId: student.student.id });
    return { url: `/api/learning_session_sign_up/${signUp.id}`, gone: async () => (await LearningSessionSignUp.findByPk(signUp.id)) === null };
  },
  // DELETE /lms_connection/{id} (issue 21): a connection no cohort uses.
  '/api/lms_connection/:id': async () => {
    const c = await post('/api/lms_connection', { vendor: 'INTERNAL', name: unique('LMS '), properties: { baseUrl: 'https://learn.school.test' } });
    return { url: `/api/lms_connection/${c.id}`, gone: async () => (await LmsConnection.findByPk(c.id)) === null };
  },
  // DELETE /files?fileName= (issue 20): the upload's row and object.
  '/api/files': async () => {
    const res = await request(t.app).post('/api/files').set(bearer(admin.token)).attach('object', Buffer.from('%PDF-1.4\n%%EOF\n'), 'gone.pdf');
    if (res.status !== 201) throw new Error(`/api/files: ${res.status} ${JSON.stringify(res.body)}`);
    return { url: `/api/files?fileName=${encodeURIComponent(res.body.fileName)}`, gone: async () => (await StoredFile.findByPk(res.body.id)) === null };
  },
  // My courses (issue 21): a student's bookmark of a module of their cohort.
  '/api/students/:id/course_modules/:moduleId/bookmark': async () => {
    const p = await circleCohort();
    await post(`/api/programs/${p.cohort.programId}/program_modules`, { title: 'Week 1' });
    await post(`/api/cohorts/${p.cohort.id}/modules/sync`, {});
    const module = (await CohortModule.findOne({ where: { cohortId: p.cohort.id } }))!;
    const student = await enrolledStudent(t.deps, p);
    const url = `/api/students/${student.student.id}/course_modules/${module.id}/bookmark`;
    const put = await request(t.app).put(url).set(bearer(student.token));
    if (put.status !== 204) throw new Error(`${url}: ${put.status}`);
    return { url, token: student.token, gone: async () => (await ModuleBookmark.count({ where: { studentId: student.student.id, cohortModuleId: module.id } })) === 0 };
  },
};

describe('DELETE answers 204 without a body (contract "Records")', () => {
  const deletes = () => routeRegistry.filter((r) => r.method === 'delete');

  test('every mounted DELETE route is described in OpenAPI as 204 No content, with no response body', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    expect(deletes().length).toBeGreaterThanOrEqual(20);
    const wrong = deletes().filter((r) => {
      const responses = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')].delete.responses;
      return r.status !== 204 || !responses['204'] || responses['200'] || responses['204'].content;
    });
    expect(wrong.map((r) => r.path)).toEqual([]);
  });

  test('every mounted DELETE route, called on a record of its own, answers 204 with an empty body and the record is gone', async () => {
    // A new DELETE route needs its case here: the walk covers the registry, not a hand-kept list.
    expect(
      deletes()
        .map((r) => r.path)
        .sort(),
    ).toEqual(Object.keys(DELETE_CASES).sort());
    const wrong: string[] = [];
    for (const r of deletes()) {
      const { url, token, gone } = await DELETE_CASES[r.path]();
      const res = await request(t.app)
        .delete(url)
        .set(bearer(token ?? admin.token));
      if (res.status !== 204 || res.text !== '' || res.headers['content-type'] || !(await gone())) {
        wrong.push(`${r.path}: ${res.status} ${res.text.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('DELETE /applications/{id}/comments/{commentId}: 204, no body, the comment is deleted', async () => {
    const student = await makeApplicant(t.deps);
    const application = await makeApplication(student.student.id, await makeEnrollableProduct());
    const comment = await post(`/api/applications/${application.id}/comments`, { content: 'Wants the Spanish cohort' });
    const res = await request(t.app).delete(`/api/applications/${application.id}/comments/${comment.id}`).set(bearer(admin.token));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await ApplicationComment.count({ where: { applicationId: application.id } })).toBe(0);
  });
});

describe('keyword is honoured where a list searches, refused (400) where it would be ignored', () => {
  const refusesKeyword = async (url: string, token = admin.token) => {
    const res = await request(t.app).get(url).query({ keyword: 'Visa' }).set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { keyword: 'Unknown field' } });
  };

  test("GET /students/{id}/account_history: a student's ledger lines have nothing to search; keyword is 400", async () => {
    const { student, plan } = await makeEnrolledPlan(t.deps);
    await refusesKeyword(`/api/students/${student.student.id}/account_history`);
    await refusesKeyword(`/api/students/${student.student.id}/account_history`, student.token);
    const lines = await request(t.app).get(`/api/students/${student.student.id}/account_history`).set(bearer(student.token));
    expect(lines.status).toBe(200);
    expect(lines.body.content.length).toBe(await LedgerEntry.count({ where: { studentPaymentPlanId: plan.id } }));
  });

  test("GET /applications/{id}/comments: an application's comments are paged, not searched; keyword is 400", async () => {
    const student = await makeApplicant(t.deps);
    const application = await makeApplication(student.student.id, await makeEnrollableProduct());
    await post(`/api/applications/${application.id}/comments`, { content: 'Visa card expired, called' });
    await refusesKeyword(`/api/applications/${application.id}/comments`);
    const comments = await request(t.app).get(`/api/applications/${application.id}/comments`).set(bearer(admin.token));
    expect(comments.body.content.map((c: { content: string }) => c.content)).toEqual(['Visa card expired, called']);
  });

  test("GET /students/{id}/refunds: a student's refunds are filtered by application, not searched; keyword is 400", async () => {
    const { student, application, plan } = await makeEnrolledPlan(t.deps);
    await post(`/api/students/${student.student.id}/payment_plans/${plan.id}/payments`, { type: 'INSTALLMENT', amount: 500 });
    const refund = await post('/api/refund_queues', { applicationId: application.id, amountToBeRefunded: 10 });
    await refusesKeyword(`/api/students/${student.student.id}/refunds`);
    await refusesKeyword(`/api/students/${student.student.id}/refunds`, student.token);
    const refunds = await request(t.app).get(`/api/students/${student.student.id}/refunds`).set(bearer(student.token));
    expect(refunds.body.content.map((r: { id: number }) => r.id)).toEqual([refund.id]);
    // The refund queue itself searches: its keyword (student name or email, ids) still works.
    const queue = await request(t.app).get('/api/refund_queues').query({ keyword: student.email }).set(bearer(admin.token));
    expect(queue.body.content.map((r: { id: number }) => r.id)).toEqual([refund.id]);
  });

  test("the other lists that dropped keyword refuse it too: CRM notifications, disputes', failed payments' and schedules' criteria searches", async () => {
    const student = await makeApplicant(t.deps);
    const application = await makeApplication(student.student.id, await makeEnrollableProduct());
    await refusesKeyword(`/api/applications/${application.id}/salesforce_notifications`);
    for (const path of ['/api/disputes/find_by_criteria', '/api/failed_payments/find_by_criteria', '/api/payment_schedules/find_by_criteria']) {
      const res = await request(t.app).post(path).query({ keyword: 'Visa' }).set(bearer(admin.token)).send({});
      expect([path, res.status, res.body.errors]).toEqual([path, 400, { keyword: 'Unknown field' }]);
    }
  });
});
