import type { Includeable, Transaction } from 'sequelize';
import {
  Application,
  ApplicationAnswer,
  ApplicationCohort,
  ApplicationStep,
  BusinessCategoryPaymentPlan,
  Cohort,
  Enrollment,
  PaymentMethod,
  Product,
  ProductPaymentPlan,
  Program,
  Student,
  StoredFile,
  StudentPaymentPlan,
  Voucher,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import { applicationStanding } from '../billing/standing';
import { updatedByOf } from '../common/audit';
import { AppError } from '../common/errors';
import { isAgreementSigned } from '../envelopes/agreement';
import { productPlanName } from './plan-name';
import { applicationPlanDto, applicationPlanInclude, currentPlan } from './application-plan.dto';
import { completedStepsOf, flowsOf, stepsDto, type Step } from './flow';
import { roundDollars } from '../../domain/money';

/**
 * The contract's ApplicationDto, built for one application or a page of them with a fixed number of
 * queries: the one-to-one parts joined, every list part (`separate`) fetched once for all rows.
 */

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const money = roundDollars;

/** What an ApplicationDto reads, as findAll includes. */
export const applicationInclude: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'userId', 'email', 'firstName', 'lastName', 'mobilePhone', 'city', 'stateCode', 'countryCode'] },
  { model: Product, as: 'product', attributes: ['id', 'name', 'flowType', 'cost'] },
  {
    model: ProductPaymentPlan,
    as: 'productPaymentPlan',
    attributes: ['id', 'shortDescription', 'paymentPlanId'],
    include: [{ model: BusinessCategoryPaymentPlan, as: 'paymentPlan', attributes: ['id', 'description'] }],
  },
  { model: Voucher, as: 'voucher', attributes: ['id', 'code', 'discountKind', 'discountValue'] },
  { model: PaymentMethod, as: 'paymentMethod', attributes: ['id', 'brand', 'last4', 'expMonth', 'expYear'] },
  // The uploaded document (issue 20): joined by its storage key, one-to-one, in the same query.
  { model: StoredFile, as: 'document', attributes: ['id', 'fileName', 'originalName', 'contentType', 'size'], required: false },
  {
    model: ApplicationCohort,
    as: 'applicationCohorts',
    separate: true,
    order: [['id', 'ASC']],
    include: [
      { model: Cohort, as: 'cohort', attributes: ['id', 'label', 'programId', 'startDate', 'endDate'] },
      { model: Program, as: 'program', attributes: ['id', 'name'] },
    ],
  },
  { model: Enrollment, as: 'enrollments', separate: true, order: [['id', 'ASC']], include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'label'] }] },
  applicationPlanInclude,
  { model: ApplicationAnswer, as: 'answers', separate: true, order: [['id', 'ASC']], attributes: ['id', 'applicationId', 'questionId', 'content'] },
];

type LoadedCohort = ApplicationCohort & { program?: Program | null };
type Loaded = Omit<Application, 'applicationCohorts'> & {
  productPaymentPlan?: (ProductPaymentPlan & { paymentPlan?: BusinessCategoryPaymentPlan | null }) | null;
  voucher?: Voucher | null;
  paymentMethod?: PaymentMethod | null;
  document?: StoredFile | null;
  applicationCohorts?: LoadedCohort[];
  paymentPlans?: StudentPaymentPlan[];
  answers?: ApplicationAnswer[];
};

// In its own module: the agreement (envelopes area) names the plan too, and this file reads the agreement.
export { productPlanName } from './plan-name';

function toDto(a: Loaded, steps: ReturnType<typeof stepsDto>, today: string) {
  const cohorts = (a.applicationCohorts ?? []).map((ac) => ({
    id: ac.id,
    programId: ac.programId,
    programName: ac.program?.name ?? null,
    cohortId: ac.cohortId,
    cohortLabel: ac.cohort?.label ?? null,
    startDate: ac.cohort?.startDate ?? null,
    endDate: ac.cohort?.endDate ?? null,
  }));
  const first = (a.applicationCohorts ?? [])[0];
  const plan = currentPlan(a.paymentPlans);
  // The application's standing is its plans' (billing/standing.ts), not a column waiting for the nightly recompute.
  const standing = applicationStanding(a.paymentPlans ?? [], today);
  const s = a.student;
  const product = a.product ? { id: a.product.id, name: a.product.name, flowType: a.product.flowType, cost: num(a.product.cost) } : null;
  return {
    id: a.id,
    status: a.status,
    flowType: a.flowType,
    source: a.source,
    opportunityId: a.opportunityId,
    migrated: a.migrated,
    autoPay: a.autoPay,
    callAttempts: a.callAttempts,
    financialStatus: standing.financialStatus,
    daysOverdue: standing.daysOverdue,
    refunded: money(a.refunded),
    documentName: a.documentName,
    documentType: a.documentType,
    document: a.document
      ? { id: a.document.id, fileName: a.document.fileName, originalName: a.document.originalName, contentType: a.document.contentType, size: a.document.size }
      : null,
    appliedAt: a.appliedAt,
    enrolledAt: a.enrolledAt,
    statusChangedAt: a.statusChangedAt,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    updatedBy: updatedByOf(a),
    student: s
      ? {
          id: s.id,
          email: s.email,
          firstName: s.firstName,
          lastName: s.lastName,
          mobilePhone: s.mobilePhone,
          city: s.city,
          stateCode: s.stateCode,
          countryCode: s.countryCode,
          // The spec's nesting (back-office §3: student {user, personalInfo, address, contactInfo}) of the same summary.
          user: { id: s.userId, email: s.email },
          personalInfo: { firstName: s.firstName, lastName: s.lastName },
          contactInfo: { mobilePhone: s.mobilePhone },
          address: { city: s.city, stateCode: s.stateCode, countryCode: s.countryCode },
        }
      : null,
    product,
    products: product ? [product] : [],
    cohort:
      first && first.cohort
        ? { id: first.cohort.id, label: first.cohort.label, programId: first.programId, program: { id: first.programId, name: first.program?.name ?? null } }
        : null,
    applicationCohorts: cohorts,
    enrollments: (a.enrollments ?? []).map((e) => ({
      id: e.id,
      cohortId: e.cohortId,
      cohortLabel: e.cohort?.label ?? null,
      programId: e.programId,
      status: e.status,
      enrolledAt: e.enrolledAt,
    })),
    paymentPlan: plan ? applicationPlanDto(plan, today) : null,
    productPaymentPlanId: a.productPaymentPlanId,
    productPaymentPlan: a.productPaymentPlan ? { id: a.productPaymentPlan.id, name: productPlanName(a.productPaymentPlan) } : null,
    voucher: a.voucher ? { id: a.voucher.id, code: a.voucher.code, discountKind: a.voucher.discountKind, discountValue: money(a.voucher.discountValue) } : null,
    voucherDiscount: money(a.voucherDiscount),
    paymentMethod: a.paymentMethod
      ? { id: a.paymentMethod.id, brand: a.paymentMethod.brand, last4: a.paymentMethod.last4, expMonth: a.paymentMethod.expMonth, expYear: a.paymentMethod.expYear }
      : null,
    answers: (a.answers ?? []).map((x) => ({ id: x.id, questionId: x.questionId, content: x.content })),
    steps,
  };
}
export type ApplicationDto = ReturnType<typeof toDto>;

/** Rows fetched with `applicationInclude` → DTOs, with the flows and steps of all of them in three queries. */
export async function toApplicationDtos(rows: Application[], transaction?: Transaction): Promise<ApplicationDto[]> {
  const flows = await flowsOf(
    rows.map((r) => r.productId),
    transaction,
  );
  const done = await completedStepsOf(
    rows.map((r) => r.id),
    transaction,
  );
  const today = schoolToday();
  return rows.map((r) => toDto(r as unknown as Loaded, stepsDto(flows.get(r.productId)!, done.get(r.id) as Map<Step, ApplicationStep> | undefined), today));
}

/** One application as its DTO (404 when it does not exist). */
export async function loadApplicationDto(id: number, transaction?: Transaction): Promise<ApplicationDto> {
  const row = await Application.findByPk(id, { include: applicationInclude, transaction });
  if (!row) throw AppError.notFound('Application');
  const dto = (await toApplicationDtos([row], transaction))[0];
  // A signature is complete only while the signed text still matches the terms (a later change of
  // class, plan, promo code or name needs a new signature): checked live for the single record.
  const agreement = dto.steps.find((s) => s.step === 'ENROLLMENT_AGREEMENT');
  if (agreement?.completed && !(await isAgreementSigned(id, transaction))) Object.assign(agreement, { completed: false, completedAt: null });
  return dto;
}
