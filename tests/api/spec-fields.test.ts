import request from 'supertest';
import { Payment, StudentPaymentPlan } from '../../models';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import { makeVoucher } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';
import { setupApp, type TestApp } from '../support/app';

/**
 * The spec's field names in the answers (back-office spec §3, platform spec §3), entity by entity:
 * each row lists the paths an answer must carry — the spec's own name, or where the spec names a
 * field in words ('education level', 'card or bank last 4') the answer's name for it. The audit
 * behind every row, with the fields that do not apply yet, is docs/entity-audit.md.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let paid: EnrolledPlan;
const get = async (url: string, token = admin.token) => {
  const res = await request(t.app).get(url).set(bearer(token));
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const post = async (url: string, body: unknown, token = admin.token) => {
  const res = await request(t.app)
    .post(url)
    .set(bearer(token))
    .send(body as object);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const first = (page: { content: unknown[] } | unknown[]) => (Array.isArray(page) ? page[0] : page.content[0]) as Record<string, unknown>;

/** Ids of the records each row reads, made once in beforeAll. */
const made: Record<string, number> = {};

beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  // An ENROLLED application with its issued plan, one card payment, an answer, a comment, a voucher refund, a check and a refund.
  paid = await makeEnrolledPlan(t.deps);
  const s = paid.student.student.id;
  await post(`/api/students/${s}/payment_plans/${paid.plan.id}/payments`, { type: 'INSTALLMENT', amount: 500 });
  await post(`/api/applications/${paid.application.id}/answers`, [{ questionId: 'goals', content: 'Help my family eat better' }]);
  await post(`/api/applications/${paid.application.id}/comments`, { content: 'Called, no answer' });
  made.applicationVoucher = (await post('/api/application_vouchers', { applicationId: paid.application.id, voucherId: (await makeVoucher()).id, amountToBeRefunded: 10 })).id;
  made.externalPayment = (
    await post(`/api/students/${s}/payment_schedule/${paid.entries[1].id}/external_payment`, { method: 'CHECK', paymentAmount: 100, paymentDate: '2030-01-02' })
  ).id;
  made.refund = (await post('/api/refund_queues', { applicationId: paid.application.id, amountToBeRefunded: 20 })).id;
  // The catalogue parts.
  const program = await makeProgram();
  const cohort = await makeCohort({ program });
  made.program = program.id;
  made.cohort = cohort.id;
  made.requirement = (await post(`/api/programs/${program.id}/graduation_requirements`, { name: 'Quizzes', type: 'QUIZ', displayOrder: 1 })).id;
  made.extraProduct = (await post(`/api/programs/${program.id}/extra_products`, { name: 'Transcript', type: 'TRANSCRIPT', priceType: 'FIXED', price: 25 })).id;
  made.programPlan = (await post(`/api/programs/${program.id}/payment_plans`, { name: 'Pay in full' })).id;
  made.moduleGroup = (await post('/api/module_groups', { name: `Group ${program.id}` })).id;
  made.module = (await post(`/api/programs/${program.id}/program_modules`, { title: 'Week 1', moduleGroupId: made.moduleGroup })).id;
  await post(`/api/cohorts/${cohort.id}/modules/sync`, {});
  await post(`/api/cohorts/${cohort.id}/skip_coaching_circle_sessions`, { sessionDate: '2030-03-02' });
  made.line = (await post(`/api/business_categories/${program.businessCategoryId}/accounting_lines`, { description: 'Tuition', type: 'CHARGE', category: 'OTHER' })).id;
  made.category = program.businessCategoryId;
  const adjustmentsUrl = `/api/products/${paid.enrollable.product.id}/product_payment_plans/${paid.enrollable.productPlan.id}/adjustments`;
  await post(adjustmentsUrl, { description: 'Scholarship', type: 'CREDIT', category: 'SCHOLARSHIP', amount: 100 });
  await post('/api/search_filters/students', { name: 'Spring leads', criteria: { genders: ['FEMALE'] } });
  await post(`/api/users/${admin.user.id}/view_histories`, { entityType: 'COHORT', entityId: cohort.id, label: cohort.label });
});
afterAll(() => t.close());

/** `a.b.c` is present when each key exists (an array stands for its first element); the last value may be null. */
function hasPath(answer: unknown, path: string): boolean {
  let at: unknown = answer;
  for (const key of path.split('.')) {
    if (Array.isArray(at)) at = at[0];
    if (at === null || typeof at !== 'object' || !(key in (at as object))) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

const plan = () => `/api/payment_plans/${paid.plan.id}`;
const application = () => `/api/applications/${paid.application.id}`;
const productPlans = () => `/api/products/${paid.enrollable.product.id}/product_payment_plans`;

/** Entity → [how to read one answer, the paths it must carry]. */
const ENTITIES: Array<[string, () => Promise<unknown>, string[]]> = [
  [
    'Application (GET one)',
    () => get(application()),
    [
      'id',
      'student.user',
      'student.personalInfo',
      'student.address',
      'student.contactInfo',
      'cohort.program',
      'enrollments',
      'products',
      'paymentPlan',
      'documentName',
      'documentType',
      'answers',
      'refunded',
      'status',
      'autoPay',
      'flowType',
      'financialStatus',
      'daysOverdue',
      'callAttempts',
    ],
  ],
  [
    'Application (list row)',
    async () => first(await get(`/api/applications?keyword=${paid.application.id}`)),
    ['id', 'student.user', 'student.personalInfo', 'student.address', 'student.contactInfo', 'cohort.program', 'enrollments', 'products', 'paymentPlan', 'answers'],
  ],
  ['Application answer', async () => (await get(application())).answers, ['questionId', 'content']],
  ['Application answer (GET answers)', async () => first(await get(`${application()}/answers`)), ['questionId', 'content']],
  ['Application comment', async () => first(await get(`${application()}/comments`)), ['content']],
  [
    'Application paymentPlan',
    async () => (await get(application())).paymentPlan,
    [
      'id',
      'applicationId',
      'name',
      'type',
      'totalToBePaid',
      'totalPaid',
      'totalCredit',
      'interestRate',
      'interestAmount',
      'installmentsCount',
      'installmentAmount',
      'balance',
      'initialPayment',
      'firstPaymentEffectiveDate',
      'startDate',
      'endDate',
      'status',
      'paymentTransactions',
      'accountingLineItems',
      'financialStatus',
      'daysOverdue',
      'totalTax',
    ],
  ],
  [
    'Application voucher',
    () => get(`/api/application_vouchers/${made.applicationVoucher}`),
    ['id', 'applicationId', 'voucherId', 'comments', 'amountToBeRefunded', 'taxToBeRefunded', 'totalToBeRefunded', 'amountRefunded', 'taxRefunded', 'totalRefunded', 'status'],
  ],
  [
    'Product',
    () => get(`/api/products/${paid.enrollable.product.id}`),
    [
      'id',
      'name',
      'deleted',
      'description',
      'salesforceProductType',
      'salesforceProductId',
      'enrollmentAgreementUrl',
      'cost',
      'flowType',
      'enrollingStartDate',
      'enrollingEndDate',
      'enrolling',
      'published',
    ],
  ],
  [
    'Product payment plan',
    () => get(`${productPlans()}/${paid.enrollable.productPlan.id}`),
    ['id', 'productId', 'paymentPlanId', 'paymentPlan', 'shortDescription', 'longDescription', 'salesforcePaymentPlanId'],
  ],
  ['Payment plan adjustment', async () => first(await get(`${productPlans()}/${paid.enrollable.productPlan.id}/adjustments`)), ['id', 'description', 'type', 'category', 'amount']],
  [
    'Program',
    () => get(`/api/programs/${made.program}`),
    [
      'id',
      'name',
      'image',
      'description',
      'preRequisites',
      'courseAccessDuration',
      'graduationLimitDays',
      'cost',
      'businessCategory.id',
      'businessCategory.name',
      'welcomeEmailTemplate',
      'language',
      'enrollmentAgreement.url',
      'enrollmentAgreement.publicationDate',
      'enrollmentAgreement.lastRevisionDate',
      'registrationFee',
      'booksAndMaterialsFee',
      'accelerated',
      'durationType',
      'isBundle',
      'bundleProgramIds',
      'salesforceProductId',
      'salesforceProductType',
      'lmsConnection',
      'd2lOrgUnitId',
      'accredibleGroupId',
      'clockHours',
      'weeks',
      'showOhioVideo',
      'reservedSeat',
      'languages',
      'deleted',
      'businessCategoryId',
      'lmsConnectionId',
    ],
  ],
  [
    'Graduation requirement',
    () => get(`/api/programs/${made.program}/graduation_requirements/${made.requirement}`),
    ['name', 'total', 'type', 'requirement', 'minRequiredToComplete', 'minRequiredToPass', 'minScore', 'displayOrder', 'quizCategoryId', 'assignmentCategoryId', 'quizIds'],
  ],
  [
    'Extra product',
    () => get(`/api/programs/${made.program}/extra_products/${made.extraProduct}`),
    ['name', 'description', 'type', 'priceType', 'price', 'calculateTaxes', 'multipleItemPurchase', 'published'],
  ],
  // 'accounting lines', 'default flag', 'short and long descriptions' in the spec's words.
  [
    'Program payment plan',
    () => get(`/api/programs/${made.program}/payment_plans/${made.programPlan}`),
    ['name', 'accountingLines', 'isDefault', 'shortDescription', 'longDescription', 'paymentPlanType', 'paymentScheduleType', 'totalTerm'],
  ],
  [
    'Business category payment plan',
    () => get(`/api/business_categories/${paid.enrollable.template.businessCategoryId}/payment_plans/${paid.enrollable.template.id}`),
    [
      'id',
      'description',
      'paymentPlanType',
      'paymentScheduleType',
      'installmentAmount',
      'depositAmount',
      'interestRate',
      'annualPercentageRate',
      'tuitionPrice',
      'totalTerm',
      'amortizeTerm',
      'principalAmount',
      'salesforcePaymentPlanId',
    ],
  ],
  [
    'Business category',
    () => get(`/api/business_categories/${made.category}`),
    ['id', 'name', 'description', 'd2LUserType.code', 'd2LUserType.displayName', 'd2LUserType.identifier'],
  ],
  ['Accounting line', () => get(`/api/business_categories/${made.category}/accounting_lines/${made.line}`), ['id', 'description', 'type', 'category']],
  // 'coaching circle and session open and close dates', and the label the spec defines.
  [
    'Cohort',
    () => get(`/api/cohorts/${made.cohort}`),
    [
      'id',
      'status',
      'startDate',
      'endDate',
      'extendedGraduationDate',
      'courseAccessStartDateTime',
      'courseAccessEndDateTime',
      'description',
      'image',
      'programId',
      'customName',
      'deleted',
      'd2lSectionId',
      'iinLmsCoursePath',
      'salesforceProductId',
      'published',
      'maxStudents',
      'useCoachingCircle',
      'accessDisabled',
      'coachingCircleOpenDate',
      'coachingCircleCloseDate',
      'sessionOpenDate',
      'sessionCloseDate',
      'doceboConfig.learningPlanIds',
      'doceboConfig.courseIds',
      'label',
    ],
  ],
  [
    'Module (program)',
    () => get(`/api/programs/${made.program}/program_modules/${made.module}`),
    [
      'id',
      'title',
      'd2lModuleId',
      'group',
      'moduleGroup',
      'locked',
      'duration',
      'startDateTime',
      'openDate',
      'closeDate',
      'endDateTime',
      'image',
      'consumeTrackingEnabled',
      'communicationTemplateId',
    ],
  ],
  [
    'Module (cohort)',
    async () => first(await get(`/api/cohorts/${made.cohort}/cohort_modules`)),
    [
      'id',
      'title',
      'd2lModuleId',
      'group',
      'moduleGroup',
      'locked',
      'duration',
      'startDateTime',
      'openDate',
      'closeDate',
      'endDateTime',
      'image',
      'consumeTrackingEnabled',
      'communicationTemplateId',
    ],
  ],
  [
    'Module group',
    async () => (await get(`/api/module_groups?keyword=${encodeURIComponent(`Group ${made.program}`)}`)).content.find((g: { id: number }) => g.id === made.moduleGroup),
    ['id', 'name'],
  ],
  [
    'Skipped coaching circle session',
    async () => first(await get(`/api/cohorts/${made.cohort}/skip_coaching_circle_sessions`)),
    ['coachingCircleTypeId', 'sessionDate', 'description'],
  ],
  // 'first and last payment', 'last failure', 'counts', 'totals (interest, paid, tax, rollover, refunds, credit, balance, owed)'.
  [
    'Student payment plan (GET one)',
    () => get(plan()),
    [
      'student',
      'voucher',
      'firstPaymentDate',
      'lastPaymentDate',
      'lastFailureAt',
      'lastFailureMessage',
      'name',
      'description',
      'paymentPlanType',
      'paymentScheduleType',
      'frequency',
      'frequencyUnit',
      'depositAmount',
      'totalTerm',
      'amortizeTerm',
      'principalAmount',
      'installmentAmount',
      'interestRate',
      'accountingLineItems',
      'installmentsCount',
      'totalInterest',
      'totalPaid',
      'totalTax',
      'rollover',
      'totalRefunds',
      'totalCredit',
      'balance',
      'totalOwed',
      'status',
      'financialStatus',
      'daysOverdue',
      'source',
      'scholarship',
      'tuitionPrice',
      'additionalFees',
      'nextPaymentSchedule',
      'maxPrePayAmount',
      'totalPastDueAmount',
      'flowType',
    ],
  ],
  [
    'Student payment plan (list row)',
    async () => first(await get(`/api/payment_plans?keyword=${paid.plan.id}`)),
    [
      'student',
      'voucher',
      'firstPaymentDate',
      'lastPaymentDate',
      'lastFailureAt',
      'name',
      'paymentPlanType',
      'accountingLineItems',
      'installmentsCount',
      'totalOwed',
      'balance',
      'status',
      'financialStatus',
      'daysOverdue',
      'source',
      'scholarship',
      'tuitionPrice',
      'additionalFees',
      'flowType',
    ],
  ],
  // 'last four digits, expiry, default flag'.
  ['Payment method', async () => first(await get(`/api/students/${paid.student.student.id}/payment_methods`)), ['last4', 'expMonth', 'expYear', 'isDefault']],
  // The spec lists the entry's calls (online payment, external payment) and its tax amount.
  ['Payment schedule entry', async () => (await get(plan())).schedules, ['taxAmount', 'amountDue', 'dueDate', 'status']],
  ['External payment', () => get(`/api/external_payments/${made.externalPayment}`), ['status', 'paymentAmount']],
  [
    'Refund queue item',
    () => get(`/api/refund_queues/${made.refund}`),
    ['applicationId', 'refundType', 'amountToBeRefunded', 'amountRefunded', 'taxToBeRefunded', 'taxRefunded', 'status', 'refundStatus', 'source', 'studentId'],
  ],
  // Platform §3 Person and Address ('education level', 'military member', 'mobile/home/work phone', 'shipping address' in words).
  [
    'Student (person, address)',
    () => get(`/api/students/${paid.student.student.id}`),
    [
      'active',
      'personalInfo.firstName',
      'personalInfo.middleName',
      'personalInfo.lastName',
      'personalInfo.title',
      'personalInfo.suffix',
      'personalInfo.gender',
      'personalInfo.dateOfBirth',
      'personalInfo.educationLevel',
      'personalInfo.occupation',
      'personalInfo.militaryMember',
      'user.email',
      'contactInfo.mobilePhone',
      'contactInfo.homePhone',
      'contactInfo.workPhone',
      'address.street1',
      'address.street2',
      'address.city',
      'address.stateCode',
      'address.zip',
      'address.countryCode',
      'address.formattedAddress',
      'photo',
    ],
  ],
  ['Administrator', () => get(`/api/admins/${admin.admin.id}`), ['id', 'email', 'firstName', 'lastName', 'roles', 'status']],
  ['Saved filter', async () => first(await get('/api/search_filters?type=students')), ['id', 'name', 'criteria']],
  ['Lookup item', async () => first(await get('/api/public/lookups?type=GENDER')), ['type', 'value']],
  ['User view history', async () => first(await get(`/api/users/${admin.user.id}/view_histories`)), ['entityType', 'entityId', 'label']],
  // Platform §3: terms, breakdown, financial status, account-history row (each in words).
  [
    'Payment plan terms',
    async () => (await get(plan())).terms,
    [
      'description',
      'installmentAmount',
      'totalOwed',
      'amountDue',
      'interestRate',
      'depositAmount',
      'installmentsCount',
      'taxAmount',
      'amountPaid',
      'paymentDueDate',
      'captureMethod',
      'currency',
      'status',
      'paymentMethod.brand',
      'paymentMethod.last4',
    ],
  ],
  [
    'Payment plan breakdown',
    async () => (await get(plan())).breakdown,
    [
      'tuitionRollover',
      'withdrawalReduction',
      'transferReduction',
      'withdrawalRefund',
      'voucherRefund',
      'additionalRefund',
      'totalTaxesPaid',
      'totalInterest',
      'principalPaid',
      'netTuition',
      'totalPaid',
      'totalRefunded',
      'totalRemaining',
    ],
  ],
  ['Financial status (plan)', () => get(plan()), ['financialStatus', 'autoPay', 'daysOverdue']],
  [
    'Financial status (report row)',
    async () => first(await post(`/api/payment_plans/financial_status?keyword=${paid.plan.id}`, {})),
    ['financialStatus', 'autoPay', 'daysOverdue'],
  ],
  [
    'Account-history row',
    async () => first(await get(`/api/students/${paid.student.student.id}/account_history`)),
    ['eventDate', 'description', 'program', 'principal', 'tax', 'total', 'accountBalance', 'principalBalance', 'last4', 'referenceNumber', 'comment'],
  ],
];

describe("the spec's field names in every answer (back-office §3, platform §3)", () => {
  test.each(ENTITIES)('%s', async (_entity, read, paths) => {
    const answer = await read();
    expect(answer).toBeTruthy();
    expect(paths.filter((p) => !hasPath(answer, p))).toEqual([]);
  });
});

describe('the application paymentPlan: the issued plan, as the ledger keeps it', () => {
  test("its totals, dates, lines and transactions are the plan row's and its payments'", async () => {
    const row = (await StudentPaymentPlan.findByPk(paid.plan.id))!;
    const payments = await Payment.findAll({ where: { studentPaymentPlanId: paid.plan.id }, order: [['id', 'ASC']] });
    expect(payments.map((p) => [p.type, p.status, Number(p.amount)])).toEqual([['INSTALLMENT', 'ACCEPTED', 500]]);
    const money = (v: unknown) => Number(v);
    const answer = (await get(application())).paymentPlan;
    expect(answer).toMatchObject({
      id: row.id,
      applicationId: paid.application.id,
      name: row.name,
      type: row.paymentPlanType,
      paymentPlanType: row.paymentPlanType,
      totalToBePaid: money(row.totalOwed),
      totalPaid: money(row.totalPaid),
      totalCredit: money(row.totalCredit),
      totalTax: money(row.totalTax),
      interestRate: money(row.interestRate),
      interestAmount: money(row.totalInterest),
      balance: money(row.balance),
      initialPayment: money(row.depositAmount),
      installmentsCount: row.installmentsCount,
      installmentAmount: money(row.installmentAmount),
      startDate: row.firstPaymentDate,
      endDate: row.lastPaymentDate,
      firstPaymentEffectiveDate: payments[0].paymentDate,
      status: row.status,
      financialStatus: row.financialStatus,
      daysOverdue: row.daysOverdue,
      accountingLineItems: row.accountingLineItems,
    });
    // The money the plan row keeps moved with the payment: 500 paid of what it owes.
    expect(answer.totalPaid).toBe(500);
    expect(answer.balance).toBe(money(row.totalOwed) - 500);
    expect(answer.paymentTransactions).toEqual([
      expect.objectContaining({ id: payments[0].id, type: 'INSTALLMENT', status: 'ACCEPTED', amount: 500, paymentDate: payments[0].paymentDate }),
    ]);
    // The same plan in the billing answer: one source, one set of numbers.
    const billing = await get(plan());
    expect([answer.totalToBePaid, answer.totalPaid, answer.balance, answer.interestAmount]).toEqual([billing.totalOwed, billing.totalPaid, billing.balance, billing.totalInterest]);
  });

  test('before any payment: no first payment yet, no transactions; the list row carries the same plan', async () => {
    const fresh = await makeEnrolledPlan(t.deps, { payInFull: true });
    const one = (await get(`/api/applications/${fresh.application.id}`)).paymentPlan;
    expect(one).toMatchObject({
      firstPaymentEffectiveDate: null,
      paymentTransactions: [],
      startDate: fresh.plan.firstPaymentDate,
      endDate: fresh.plan.lastPaymentDate,
      totalPaid: 0,
    });
    const row = first(await get(`/api/applications?keyword=${fresh.application.id}`));
    expect(row.paymentPlan).toEqual(one);
  });

  test('the application answer nests the student as the spec does, beside the flat summary', async () => {
    const answer = await get(application());
    const s = paid.student.student;
    expect(answer.student).toMatchObject({
      id: s.id,
      email: s.email,
      firstName: s.firstName,
      user: { id: paid.student.user.id, email: s.email },
      personalInfo: { firstName: s.firstName, lastName: s.lastName },
      contactInfo: { mobilePhone: s.mobilePhone },
      address: { city: s.city, stateCode: s.stateCode, countryCode: s.countryCode },
    });
    expect(answer.products).toEqual([answer.product]);
    expect(answer.answers).toEqual([expect.objectContaining({ questionId: 'goals', content: 'Help my family eat better' })]);
  });
});

describe('the student payment plan names its voucher', () => {
  test('voucher { id, code } beside voucherId, in the detail and the list row; null without one', async () => {
    const withVoucher = await makeEnrolledPlan(t.deps, { enrollable: paid.enrollable });
    const voucher = await makeVoucher();
    await StudentPaymentPlan.update({ voucherId: voucher.id }, { where: { id: withVoucher.plan.id } });
    const detail = await get(`/api/payment_plans/${withVoucher.plan.id}`);
    expect(detail).toMatchObject({ voucherId: voucher.id, voucher: { id: voucher.id, code: voucher.code } });
    const rows = (await get(`/api/payment_plans?keyword=${withVoucher.plan.id}`)).content as Array<{ id: number; voucher: unknown }>;
    expect(rows.find((r) => r.id === withVoucher.plan.id)?.voucher).toEqual({ id: voucher.id, code: voucher.code });
    expect((await get(plan())).voucher).toBeNull();
  });
});

describe('answers sent back as read are accepted (the console saves a student as it read it)', () => {
  test('PUT /students/{id} with the GET answer (formattedAddress, photo included) saves and changes nothing else', async () => {
    const id = paid.student.student.id;
    const before = await get(`/api/students/${id}`);
    expect(before.address.formattedAddress).toBe('1 Main St, Newark, NJ 07102, US');
    const res = await request(t.app)
      .put(`/api/students/${id}`)
      .set(bearer(admin.token))
      .send({ ...before, personalInfo: { ...before.personalInfo, occupation: 'Nurse' } });
    expect(res.status).toBe(200);
    const { updatedAt: _a, updatedBy: _b, ...after } = res.body;
    const { updatedAt: _c, updatedBy: _d, ...expected } = before;
    expect(after).toEqual({ ...expected, personalInfo: { ...expected.personalInfo, occupation: 'Nurse' } });
  });
});

describe('the added fields cost no query per row', () => {
  test('a page of three applications with plans, payments and answers takes as many queries as a page of one', async () => {
    const enrollable = paid.enrollable;
    const one = await makeEnrolledPlan(t.deps, { enrollable });
    const three = [await makeEnrolledPlan(t.deps, { enrollable }), await makeEnrolledPlan(t.deps, { enrollable }), await makeEnrolledPlan(t.deps, { enrollable })];
    for (const p of [one, ...three]) {
      await post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`, { type: 'INSTALLMENT', amount: 500 });
      await post(`/api/applications/${p.application.id}/answers`, [{ questionId: 'goals', content: 'More energy' }]);
    }
    const queriesFor = async (studentIds: number[]) => {
      const spy = jest.spyOn(t.deps.sequelize, 'query');
      const res = await request(t.app).post('/api/applications/find_by_criteria').set(bearer(admin.token)).send({ studentIds });
      const count = spy.mock.calls.length;
      spy.mockRestore();
      expect(res.status).toBe(200);
      expect(res.body.content).toHaveLength(studentIds.length);
      expect(
        res.body.content.every(
          (a: { paymentPlan: { paymentTransactions: unknown[] }; answers: unknown[] }) => a.paymentPlan.paymentTransactions.length === 1 && a.answers.length === 1,
        ),
      ).toBe(true);
      return count;
    };
    const forOne = await queriesFor([one.student.student.id]);
    expect(forOne).toBeGreaterThanOrEqual(6); // ids, rows, and one per list part (cohorts, enrollments, plans, payments, answers, steps)
    expect(await queriesFor(three.map((p) => p.student.student.id))).toBe(forOne);
  });
});

/** Back-office §3's filters as the criteria bodies' keys (the spec's name, or the contract's plural list for one it names in the singular). */
const FILTERS: Array<[string, string, string[]]> = [
  [
    'Applications list filter',
    '/api/applications/find_by_criteria',
    [
      'cohortIds',
      'productIds',
      'programIds',
      'appliedOn',
      'paymentDueDate',
      'migrated',
      'autoPay',
      'locations',
      'studentIds',
      'statuses',
      'updatedByIds',
      'updatedAt',
      'paymentPlanStatuses',
      'paymentStatuses',
      'businessCategoryIds',
      'sources',
    ],
  ],
  ['Product criteria', '/api/products/find_by_criteria', ['deleted', 'published', 'enrolling', 'flowTypes']],
  ['Program criteria', '/api/programs/find_by_criteria', ['deleted', 'accelerated', 'businessCategory', 'languages', 'showOhioVideo']],
  ['External payment filters', '/api/external_payments/find_by_criteria', ['students', 'statuses', 'paymentAmount', 'paymentDate', 'updatedBy', 'updatedAt']],
  [
    'Failed payment filters',
    '/api/failed_payments/find_by_criteria',
    ['name', 'email', 'mobilePhone', 'autoPay', 'pastDue', 'daysOverdue', 'sources', 'statuses', 'date', 'amountToBePaid', 'withPaymentMethod'],
  ],
  ['Disputed payment filter', '/api/disputes/find_by_criteria', ['email', 'statuses']],
  [
    'Refund filter',
    '/api/refund_queues/find_by_criteria',
    ['students', 'sources', 'statuses', 'refundStatuses', 'amountToBeRefunded', 'amountRefunded', 'taxToBeRefunded', 'taxRefunded', 'updatedBy', 'updatedAt'],
  ],
];

describe("the spec's filters are the criteria searches' keys", () => {
  test.each(FILTERS)('%s', async (_filter, path, keys) => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    const properties = doc.paths[path].post.requestBody.content['application/json'].schema.properties;
    expect(keys.filter((k) => !(k in properties))).toEqual([]);
  });
});
