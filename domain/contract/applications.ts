/**
 * The answers of /api/applications (issue 5 contract, back-office spec §3 "Application"): the
 * ApplicationDto, its plans, classes, options, flow progress, answers, comments, agreement envelopes
 * and CRM notifications. The console's ApplicationRecord and the portal's Application are `z.infer` of
 * `applicationAnswer` (each UI's own name).
 *
 * What a NOT NULL foreign key guarantees is not nullable here (the application's student and product,
 * a chosen class's program and cohort), though the builder guards each join with `?? null`.
 */
import { storedFileRef } from './files';
import { z } from 'zod';
import {
  ApplicationSource,
  ApplicationStatus,
  EnrollmentFlowStep,
  EnrollmentStatus,
  FinancialStatus,
  PaymentPlanType,
  PaymentScheduleType,
  ProductFlowType,
  StudentPaymentPlanStatus,
  VoucherDiscountKind,
} from '../../models/enums';
import { dollars, id, isoDate, page, timestamp, updatedBy } from './common';
import { accountingLineItem, paymentAnswer, planAnswer, scheduleEntryAnswer } from './billing';
import { CrmNotificationStatus } from '../state/crm-notifications';

/** The product an application is for. */
export const applicationProduct = z.object({ id, name: z.string(), flowType: z.enum(ProductFlowType), cost: dollars.nullable() }).strict();

/** One flow step of the application: whether the product's flow requires it and when it was completed. */
export const applicationStepAnswer = z.object({ step: z.enum(EnrollmentFlowStep), required: z.boolean(), completed: z.boolean(), completedAt: timestamp.nullable() }).strict();
export type ApplicationStepAnswer = z.infer<typeof applicationStepAnswer>;

/** The class chosen for one program of the application. */
export const applicationCohortRef = z
  .object({ id, programId: id, programName: z.string(), cohortId: id, cohortLabel: z.string(), startDate: isoDate.nullable(), endDate: isoDate.nullable() })
  .strict();

/** The application's `paymentPlan` (back-office spec §3 "Application paymentPlan"): the issued plan, read from the ledger's row. */
export const applicationPlanAnswer = z
  .object({
    id,
    applicationId: id,
    productPaymentPlanId: id.nullable(),
    name: z.string(),
    type: z.enum(PaymentPlanType),
    paymentPlanType: z.enum(PaymentPlanType),
    totalToBePaid: dollars,
    totalPaid: dollars,
    totalCredit: dollars,
    totalTax: dollars,
    interestRate: z.number().nullable(),
    interestAmount: dollars,
    /** Installments only; the deposit is the initial payment. */
    installmentsCount: z.number().int(),
    installmentAmount: dollars,
    balance: dollars,
    initialPayment: dollars,
    firstPaymentEffectiveDate: isoDate.nullable(),
    startDate: isoDate.nullable(),
    endDate: isoDate.nullable(),
    status: z.enum(StudentPaymentPlanStatus),
    financialStatus: z.enum(FinancialStatus),
    daysOverdue: z.number().int().min(0),
    accountingLineItems: z.array(accountingLineItem),
    paymentTransactions: z.array(paymentAnswer),
  })
  .strict();
export type ApplicationPlanAnswer = z.infer<typeof applicationPlanAnswer>;

/** ApplicationDto: GET /applications/{id}, the list's rows, POST, PUT, PATCH …/status. */
export const applicationAnswer = z
  .object({
    id,
    status: z.enum(ApplicationStatus),
    flowType: z.enum(ProductFlowType),
    source: z.enum(ApplicationSource).nullable(),
    opportunityId: z.string().nullable(),
    migrated: z.boolean(),
    autoPay: z.boolean(),
    callAttempts: z.number().int().min(0),
    /** The standing of the application's plans today (billing/standing.ts). */
    financialStatus: z.enum(FinancialStatus),
    daysOverdue: z.number().int().min(0),
    refunded: dollars,
    documentName: z.string().nullable(),
    documentType: z.string().nullable(),
    /** The uploaded file documentName names (POST /files), or null (none, or a name from before uploads). */
    document: storedFileRef.nullable(),
    appliedAt: timestamp.nullable(),
    enrolledAt: timestamp.nullable(),
    statusChangedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
    student: z
      .object({
        id,
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        mobilePhone: z.string().nullable(),
        city: z.string().nullable(),
        stateCode: z.string().nullable(),
        countryCode: z.string().nullable(),
        /** The spec's nesting (back-office §3) of the same summary. */
        user: z.object({ id: id.nullable(), email: z.string() }).strict(),
        personalInfo: z.object({ firstName: z.string(), lastName: z.string() }).strict(),
        contactInfo: z.object({ mobilePhone: z.string().nullable() }).strict(),
        address: z.object({ city: z.string().nullable(), stateCode: z.string().nullable(), countryCode: z.string().nullable() }).strict(),
      })
      .strict(),
    product: applicationProduct,
    /** The same product as a list (the spec's `products`). */
    products: z.array(applicationProduct),
    cohort: z
      .object({ id, label: z.string(), programId: id, program: z.object({ id, name: z.string() }).strict() })
      .strict()
      .nullable(),
    applicationCohorts: z.array(applicationCohortRef),
    enrollments: z.array(z.object({ id, cohortId: id, cohortLabel: z.string(), programId: id, status: z.enum(EnrollmentStatus), enrolledAt: timestamp.nullable() }).strict()),
    paymentPlan: applicationPlanAnswer.nullable(),
    productPaymentPlanId: id.nullable(),
    productPaymentPlan: z.object({ id, name: z.string() }).strict().nullable(),
    voucher: z
      .object({ id, code: z.string(), discountKind: z.enum(VoucherDiscountKind), discountValue: z.number() })
      .strict()
      .nullable(),
    voucherDiscount: dollars,
    paymentMethod: z
      .object({ id, brand: z.string().nullable(), last4: z.string().nullable(), expMonth: z.number().int().nullable(), expYear: z.number().int().nullable() })
      .strict()
      .nullable(),
    answers: z.array(z.object({ id, questionId: z.string(), content: z.string() }).strict()),
    steps: z.array(applicationStepAnswer),
  })
  .strict();
export type ApplicationAnswer = z.infer<typeof applicationAnswer>;
/** GET /applications, /applications/search, /students/{id}/applications, POST …/find_by_criteria. */
export const applicationPage = page(applicationAnswer);

/** GET /applications/{id}/payment_plans: the student payment plans issued for the application, with their schedules. */
export const applicationIssuedPlanAnswer = planAnswer
  .pick({
    id: true,
    name: true,
    description: true,
    paymentPlanType: true,
    paymentScheduleType: true,
    depositAmount: true,
    totalTerm: true,
    installmentAmount: true,
    interestRate: true,
    tuitionPrice: true,
    additionalFees: true,
    voucherDiscount: true,
    totalInterest: true,
    totalOwed: true,
    totalPaid: true,
    balance: true,
    installmentsCount: true,
    status: true,
    daysOverdue: true,
    financialStatus: true,
    autoPay: true,
    firstPaymentDate: true,
    lastPaymentDate: true,
  })
  .extend({
    schedules: z.array(
      scheduleEntryAnswer
        .pick({ id: true, number: true, kind: true, dueDate: true, principal: true, interest: true, amount: true, balance: true, paidAmount: true, status: true })
        .strict(),
    ),
  })
  .strict();
export type ApplicationIssuedPlanAnswer = z.infer<typeof applicationIssuedPlanAnswer>;

/** GET /applications/{id}/application_cohorts, /students/{id}/application_cohorts. */
export const applicationCohortAnswer = z
  .object({
    id,
    applicationId: id,
    applicationStatus: z.enum(ApplicationStatus),
    productId: id,
    productName: z.string(),
    programId: id,
    programName: z.string(),
    cohortId: id,
    cohortLabel: z.string(),
    startDate: isoDate.nullable(),
    endDate: isoDate.nullable(),
  })
  .strict();
export const applicationCohortPage = page(applicationCohortAnswer);

/** A schedule previewed (POST /payment_plans/preview, each plan of the options). */
export const schedulePreviewAnswer = z
  .object({
    principal: dollars,
    deposit: dollars,
    financed: dollars,
    interest: dollars,
    total: dollars,
    entries: z.array(
      z
        .object({ number: z.number().int(), kind: z.enum(['DEPOSIT', 'INSTALLMENT']), dueDate: isoDate, principal: dollars, interest: dollars, amount: dollars, balance: dollars })
        .strict(),
    ),
  })
  .strict();
export type SchedulePreviewAnswer = z.infer<typeof schedulePreviewAnswer>;

/** A payment plan an application may choose, with its quote. */
export const paymentPlanOptionAnswer = z
  .object({
    id,
    name: z.string(),
    shortDescription: z.string().nullable(),
    longDescription: z.string().nullable(),
    paymentPlanType: z.enum(PaymentPlanType),
    paymentScheduleType: z.enum(PaymentScheduleType).nullable(),
    totalTerm: z.number().int().nullable(),
    depositAmount: dollars.nullable(),
    installmentAmount: dollars.nullable(),
    annualPercentageRate: z.number().nullable(),
    /** What the application's promo code takes off this plan (0 without one); null without a preview. */
    voucherDiscount: dollars.nullable(),
    /** Null when the plan's terms cannot make a schedule; the discount is in it. */
    preview: schedulePreviewAnswer.nullable(),
  })
  .strict();
export type PaymentPlanOptionAnswer = z.infer<typeof paymentPlanOptionAnswer>;

/** GET /applications/{id}/options. */
export const applicationOptionsAnswer = z
  .object({
    product: applicationProduct,
    programs: z.array(
      z
        .object({
          id,
          name: z.string(),
          cohorts: z.array(z.object({ id, label: z.string(), startDate: isoDate.nullable(), endDate: isoDate.nullable(), seatsLeft: z.number().int().min(0).nullable() }).strict()),
        })
        .strict(),
    ),
    paymentPlans: z.array(paymentPlanOptionAnswer),
  })
  .strict();
export type ApplicationOptionsAnswer = z.infer<typeof applicationOptionsAnswer>;

/** POST /applications/{id}/progress. */
export const progressAnswer = z.object({ steps: z.array(applicationStepAnswer), canSubmit: z.boolean(), missing: z.array(z.string()) }).strict();
export type ProgressAnswer = z.infer<typeof progressAnswer>;

/** GET /applications/{id}/answers. */
export const questionAnswer = z.object({ id, questionId: z.string(), content: z.string(), createdAt: timestamp, updatedAt: timestamp }).strict();
export type QuestionAnswer = z.infer<typeof questionAnswer>;

/** GET /applications/{id}/comments. */
export const commentAnswer = z
  .object({ id, content: z.string(), author: z.object({ id: id.nullable(), name: z.string().nullable() }).strict().nullable(), createdAt: timestamp, updatedAt: timestamp })
  .strict();
export type CommentAnswer = z.infer<typeof commentAnswer>;
export const commentPage = page(commentAnswer);

/** An agreement envelope (GET /envelopes/{id} adds its `content`). */
export const envelopeAnswer = z
  .object({
    id,
    applicationId: id,
    studentId: id,
    status: z.enum(['SENT', 'SIGNED', 'VOIDED']),
    title: z.string(),
    contentSha256: z.string(),
    signedName: z.string().nullable(),
    signedAt: timestamp.nullable(),
    signedIp: z.string().nullable(),
    signedSha256: z.string().nullable(),
    voidedAt: timestamp.nullable(),
    createdAt: timestamp,
    /** Whether the application's terms changed since it was written (a new one is needed). */
    stale: z.boolean(),
    content: z.string().optional(),
  })
  .strict();
export type EnvelopeAnswer = z.infer<typeof envelopeAnswer>;
export const envelopePage = page(envelopeAnswer);
/** GET /applications/{id}/envelopes: every envelope of the application, newest first, without their text (not paged). */
export const envelopeListAnswer = z.array(envelopeAnswer);

/** One report of the application to the CRM, as staff read it (GET /applications/{id}/salesforce_notifications). */
export const crmNotificationAnswer = z
  .object({
    id,
    crm: z.string(),
    event: z.string(),
    status: z.enum(CrmNotificationStatus),
    attempts: z.number().int().min(0),
    lastError: z.string().nullable(),
    externalId: z.string().nullable(),
    createdAt: timestamp,
    sentAt: timestamp.nullable(),
    payload: z.record(z.string(), z.unknown()),
  })
  .strict();
export type CrmNotificationAnswer = z.infer<typeof crmNotificationAnswer>;
export const crmNotificationPage = page(crmNotificationAnswer);

/** The same, as the student reads it: no error text, the payload reduced to the statuses. */
export const studentCrmNotificationAnswer = crmNotificationAnswer
  .omit({ lastError: true, externalId: true })
  .extend({ payload: z.object({ applicationId: id, status: z.string().nullable(), previousStatus: z.string().nullable() }).strict() })
  .strict();
export type StudentCrmNotificationAnswer = z.infer<typeof studentCrmNotificationAnswer>;
/** GET /applications/{id}/salesforce_notifications: staff's page, or the student's own (a student's token reads the reduced rows). */
export const crmNotificationsAnswer = z.union([crmNotificationPage, page(studentCrmNotificationAnswer)]);

/** One move of GET /applications/{id}/status_moves: whether the status call would take it now (else its refusal), and what it does besides. */
export const statusMoveAnswer = z
  .object({
    status: z.enum(ApplicationStatus),
    allowed: z.boolean(),
    code: z.string().nullable(),
    message: z.string().nullable(),
    emailsStudent: z.boolean(),
    preparesAgreement: z.boolean(),
  })
  .strict();
export type StatusMove = z.infer<typeof statusMoveAnswer>;

/** GET /applications/{id}/status_moves, with where the email and the CRM notification go. */
export const statusMovesAnswer = z
  .object({
    applicationId: id,
    status: z.enum(ApplicationStatus),
    moves: z.array(statusMoveAnswer),
    delivery: z.object({ email: z.enum(['SMTP', 'OUTBOX']), crm: z.enum(['SALESFORCE', 'LOCAL']) }).strict(),
  })
  .strict();
export type StatusMovesAnswer = z.infer<typeof statusMovesAnswer>;
