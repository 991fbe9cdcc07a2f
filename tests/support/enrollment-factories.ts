import type { Deps } from '../../api/common/context';
import {
  Application,
  ApplicationCohort,
  BusinessCategoryPaymentPlan,
  Cohort,
  EnrollmentFlowRequirement,
  PaymentMethod,
  Product,
  ProductPaymentPlan,
  Program,
  Voucher,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import type { EnrollmentFlowStep, Of } from '../../models/enums';
import { makeCategoryPlan, makeCohort, makeProduct, makeProgram } from './catalogue-factories';
import { makeStudent, unique } from './factories';
import { renderAgreement } from '../../api/envelopes/agreement';
import { Envelope } from '../../models';

/**
 * Enrollment rows for tests (issue 5), written through the models so each test arranges exactly the
 * state it needs. Names and codes are unique: suites share the MariaDB database.
 */

type Step = Of<typeof EnrollmentFlowStep>;

export interface EnrollableProduct {
  product: Product;
  programs: Program[];
  cohorts: Cohort[];
  /** The product's plan: an interest-bearing template by default (deposit 500, 12 months at 9.9 %). */
  productPlan: ProductPaymentPlan;
  template: BusinessCategoryPaymentPlan;
}

/**
 * A published product enrolling today that sells one cohort of each of `programs` (default 1; two
 * makes a bundle-like product), with a payment plan. `flow` lists the required enrollment-flow
 * steps of every program (default: COMPLETE_PERSONAL_INFO and ENROLLMENT_AGREEMENT).
 */
export async function makeEnrollableProduct(
  opts: {
    programs?: number;
    flow?: Step[];
    maxStudents?: number | null;
    cost?: number;
    payInFull?: boolean;
    product?: Partial<Product['_creationAttributes']>;
  } = {},
): Promise<EnrollableProduct> {
  const today = schoolToday();
  const programs: Program[] = [];
  const cohorts: Cohort[] = [];
  const flow = opts.flow ?? ['COMPLETE_PERSONAL_INFO', 'ENROLLMENT_AGREEMENT'];
  for (let i = 0; i < (opts.programs ?? 1); i++) {
    const program = await makeProgram({ registrationFee: 100, booksAndMaterialsFee: 50, enrollmentAgreementUrl: 'https://example.com/agreement.pdf' });
    let order = 0;
    for (const step of flow) await EnrollmentFlowRequirement.create({ programId: program.id, step, required: true, displayOrder: order++ });
    programs.push(program);
    cohorts.push(await makeCohort({ program, maxStudents: opts.maxStudents ?? null }));
  }
  const product = await makeProduct({
    cohorts,
    cost: opts.cost ?? 6000,
    published: true,
    enrollingStartDate: today,
    enrollingEndDate: '2099-12-31',
    ...opts.product,
  });
  const template = await makeCategoryPlan(
    opts.payInFull
      ? { paymentPlanType: 'PAY_IN_FULL' }
      : { paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS', depositAmount: 500, annualPercentageRate: 9.9, totalTerm: 12 },
  );
  const productPlan = await ProductPaymentPlan.create({
    productId: product.id,
    paymentPlanId: template.id,
    shortDescription: '12 monthly payments',
    longDescription: null,
    salesforcePaymentPlanId: null,
    updatedById: null,
    updatedByName: null,
  });
  return { product, programs, cohorts, productPlan, template };
}

/** A student with a token, ready to apply (personal info complete). */
export function makeApplicant(deps: Deps, overrides: Parameters<typeof makeStudent>[1] = {}) {
  return makeStudent(deps, overrides);
}

/** A sandbox card on file for a student (as POST /students/{id}/payment_methods would store it). */
export function makeCard(studentId: number, overrides: Partial<PaymentMethod['_creationAttributes']> = {}) {
  return PaymentMethod.create({
    studentId,
    gateway: 'SANDBOX',
    gatewayCustomerId: null,
    gatewayMethodId: unique('pm_sandbox_'),
    fingerprint: unique('fp'),
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    isDefault: true,
    ...overrides,
  });
}

/**
 * An application straight in the database. `chosen` fills the choices of a complete application:
 * a cohort per program, the product's plan and a card.
 */
export async function makeApplication(
  studentId: number,
  enrollable: EnrollableProduct,
  opts: { status?: Application['status']; chosen?: boolean; fields?: Partial<Application['_creationAttributes']> } = {},
): Promise<Application> {
  const chosen = opts.chosen ?? false;
  const card = chosen ? await makeCard(studentId) : null;
  const application = await Application.create({
    studentId,
    productId: enrollable.product.id,
    productPaymentPlanId: chosen ? enrollable.productPlan.id : null,
    businessCategoryId: enrollable.cohorts[0]?.businessCategoryId ?? null,
    status: opts.status ?? 'CREATED',
    flowType: enrollable.product.flowType,
    source: 'WEBSITE',
    opportunityId: null,
    documentName: null,
    documentType: null,
    voucherId: null,
    paymentMethodId: card?.id ?? null,
    appliedAt: opts.status && opts.status !== 'CREATED' ? new Date() : null,
    enrolledAt: null,
    statusChangedAt: null,
    updatedById: null,
    updatedByName: null,
    ...opts.fields,
  });
  if (chosen) {
    for (const cohort of enrollable.cohorts) await ApplicationCohort.create({ applicationId: application.id, programId: cohort.programId, cohortId: cohort.id });
  }
  return application;
}

/** A voucher definition (10 % off for everyone, valid from today, by default). */
export function makeVoucher(overrides: Partial<Voucher['_creationAttributes']> = {}) {
  return Voucher.create({
    code: unique('PROMO')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, ''),
    description: null,
    discountKind: 'PERCENT_OFF',
    discountValue: 10,
    scope: 'ALL',
    validFrom: schoolToday(),
    validTo: '2099-12-31',
    useLimit: null,
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}

/**
 * A SIGNED envelope of the application's current agreement text (as signing in the portal leaves
 * it): its content hash equals a fresh rendering until the terms change.
 */
export async function makeSignedEnvelope(applicationId: number) {
  const application = await Application.findByPk(applicationId, { attributes: ['id', 'studentId'] });
  const rendered = await renderAgreement(applicationId);
  return Envelope.create({
    applicationId,
    studentId: application!.studentId,
    status: 'SIGNED',
    title: rendered.title,
    content: rendered.content,
    contentSha256: rendered.sha256,
    signedName: 'Test Signer',
    signedAt: new Date(),
    signedIp: '127.0.0.1',
    signedSha256: rendered.sha256,
    voidedAt: null,
    updatedById: null,
    updatedByName: null,
  });
}
