/**
 * The billing answers (issue 6 contract) the console and the portal read: a student payment plan (the
 * lists' row and the PlanDetail with its terms, breakdown, pay-off figures and schedule), schedule
 * entries, payments, account-history lines, cards and card-provider events. Money in dollars.
 * models/billing-answers.ts re-exports their `z.infer` types under the names both UIs import.
 */
import { z } from 'zod';
import {
  FinancialStatus,
  Frequency,
  FrequencyUnit,
  GatewayEventKind,
  GatewayEventStatus,
  GatewayProvider,
  LedgerKind,
  PaymentChannel,
  PaymentPlanSource,
  PaymentPlanType,
  PaymentScheduleType,
  PaymentStatus,
  PaymentType,
  ProductFlowType,
  StudentPaymentPlanStatus,
  ApplicationStatus,
} from '../../models/enums';
import { dollars, id, isoDate, page, timestamp, updatedBy } from './common';

/** The contract's Payment DTO (a plan's payments, POST …/payments, a retry). */
export const paymentAnswer = z
  .object({
    id,
    studentId: id,
    applicationId: id,
    studentPaymentPlanId: id,
    paymentScheduleId: id.nullable(),
    type: z.enum(PaymentType),
    channel: z.enum(PaymentChannel),
    amount: dollars,
    principalAmount: dollars,
    interestAmount: dollars,
    taxAmount: dollars,
    refundedAmount: dollars,
    status: z.enum(PaymentStatus),
    failureMessage: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    referenceNumber: z.string().nullable(),
    comment: z.string().nullable(),
    paymentDate: isoDate.nullable(),
    processedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .strict();
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** One schedule entry; `amountDue` is what is left to pay on it (amount + tax − paid). */
export const scheduleEntryAnswer = z
  .object({
    id,
    studentPaymentPlanId: id,
    number: z.number().int(),
    /** DEPOSIT | INSTALLMENT. */
    kind: z.string(),
    dueDate: isoDate,
    principal: dollars,
    interest: dollars,
    amount: dollars,
    taxAmount: dollars,
    paidAmount: dollars,
    balance: dollars,
    amountDue: dollars,
    /** PENDING | PARTIALLY_PAID | PAID … */
    status: z.string(),
    paidAt: timestamp.nullable(),
    paymentMethodId: id.nullable(),
  })
  .strict();
export type ScheduleEntryAnswer = z.infer<typeof scheduleEntryAnswer>;

/** Platform spec §3 "Payment plan terms". */
export const planTermsAnswer = z
  .object({
    description: z.string().nullable(),
    installmentAmount: dollars,
    totalOwed: dollars,
    amountDue: dollars,
    interestRate: z.number().nullable(),
    depositAmount: dollars,
    installmentsCount: z.number().int(),
    taxAmount: dollars,
    amountPaid: dollars,
    paymentDueDate: isoDate.nullable(),
    captureMethod: z.enum(['automatic', 'manual']),
    currency: z.string(),
    status: z.enum(StudentPaymentPlanStatus),
    paymentMethod: z.object({ id, brand: z.string().nullable(), last4: z.string().nullable() }).strict().nullable(),
  })
  .strict();
export type PlanTermsAnswer = z.infer<typeof planTermsAnswer>;

/** Platform spec §3 "Payment plan breakdown". */
export const planBreakdownAnswer = z
  .object({
    tuitionRollover: dollars,
    withdrawalReduction: dollars,
    transferReduction: dollars,
    withdrawalRefund: dollars,
    voucherRefund: dollars,
    additionalRefund: dollars,
    totalTaxesPaid: dollars,
    totalInterest: dollars,
    principalPaid: dollars,
    netTuition: dollars,
    totalPaid: dollars,
    totalRefunded: dollars,
    totalRemaining: dollars,
  })
  .strict();
export type PlanBreakdownAnswer = z.infer<typeof planBreakdownAnswer>;

/** A line of the plan's accounting items (copied from the product plan when it was issued). */
export const accountingLineItem = z.object({ description: z.string(), type: z.string(), category: z.string().nullable(), amount: z.number() }).strict();

/** A student payment plan as the lists answer it (GET /payment_plans, find_by_criteria, find_by_keyword). */
export const planAnswer = z
  .object({
    id,
    applicationId: id,
    studentId: id,
    productPaymentPlanId: id.nullable(),
    voucherId: id.nullable(),
    name: z.string(),
    description: z.string().nullable(),
    paymentPlanType: z.enum(PaymentPlanType),
    paymentScheduleType: z.enum(PaymentScheduleType),
    frequency: z.enum(Frequency),
    frequencyUnit: z.enum(FrequencyUnit),
    depositAmount: dollars,
    totalTerm: z.number().int(),
    amortizeTerm: z.number().int(),
    principalAmount: dollars,
    installmentAmount: dollars,
    interestRate: z.number().nullable(),
    tuitionPrice: dollars,
    additionalFees: dollars,
    voucherDiscount: dollars,
    totalInterest: dollars,
    totalOwed: dollars,
    totalPaid: dollars,
    totalTax: dollars,
    totalCredit: dollars,
    totalRefunds: dollars,
    rollover: dollars,
    balance: dollars,
    installmentsCount: z.number().int(),
    accountingLineItems: z.array(accountingLineItem),
    status: z.enum(StudentPaymentPlanStatus),
    /** The plan's standing today (billing/standing.ts). */
    daysOverdue: z.number().int().min(0),
    financialStatus: z.enum(FinancialStatus),
    source: z.enum(PaymentPlanSource),
    scholarship: z.boolean(),
    flowType: z.enum(ProductFlowType).nullable(),
    autoPay: z.boolean(),
    firstPaymentDate: isoDate.nullable(),
    lastPaymentDate: isoDate.nullable(),
    paymentMethodId: id.nullable(),
    paymentAccountBlocked: z.boolean(),
    bankruptcy: z.boolean(),
    migrated: z.boolean(),
    concludedAt: timestamp.nullable(),
    lastFailureAt: timestamp.nullable(),
    lastFailureMessage: z.string().nullable(),
    nextDueDate: isoDate.nullable(),
    pastDueAmount: dollars,
    principalPaid: dollars,
    interestPaid: dollars,
    taxPaid: dollars,
    withdrawalReduction: dollars,
    transferReduction: dollars,
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
    student: z.object({ id, fullName: z.string(), email: z.string() }).strict().nullable(),
    voucher: z.object({ id, code: z.string() }).strict().nullable(),
    application: z
      .object({ id, status: z.enum(ApplicationStatus), migrated: z.boolean() })
      .strict()
      .nullable(),
    programName: z.string().nullable(),
  })
  .strict();
export type PlanAnswer = z.infer<typeof planAnswer>;
/** GET /payment_plans, POST …/find_by_criteria, …/find_by_keyword. */
export const planPage = page(planAnswer);

/** PlanDetail: GET /payment_plans/{id}, the items of GET /students/{id}/payment_plans, PATCH …/auto_pay and the other plan calls. */
export const planDetailAnswer = planAnswer
  .extend({
    terms: planTermsAnswer,
    breakdown: planBreakdownAnswer,
    maxPrePayAmount: dollars,
    payoffAmount: dollars,
    totalPastDueAmount: dollars,
    amountDueNow: dollars,
    nextPaymentSchedule: z.object({ id, number: z.number().int(), dueDate: isoDate, amountDue: dollars }).strict().nullable(),
    schedules: z.array(scheduleEntryAnswer),
  })
  .strict();
export type PlanDetailAnswer = z.infer<typeof planDetailAnswer>;

/** One account-history row (platform spec §3 "Account history row"). */
export const ledgerRowAnswer = z
  .object({
    id,
    eventDate: timestamp,
    kind: z.enum(LedgerKind),
    /** The English text; the UIs write `descriptionKey` with `descriptionParams` in their language. */
    description: z.string(),
    descriptionKey: z.string().nullable(),
    descriptionParams: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
    program: z.string().nullable(),
    principal: dollars,
    interest: dollars,
    tax: dollars,
    total: dollars,
    accountBalance: dollars,
    principalBalance: dollars,
    last4: z.string().nullable(),
    referenceNumber: z.string().nullable(),
    comment: z.string().nullable(),
    applicationId: id.nullable(),
    studentPaymentPlanId: id.nullable(),
    paymentId: id.nullable(),
    refundId: id.nullable(),
  })
  .strict();
export type LedgerRowAnswer = z.infer<typeof ledgerRowAnswer>;
/** GET /students/{id}/account_history. */
export const ledgerPage = page(ledgerRowAnswer);

/** A saved card (GET /students/{id}/payment_methods). */
export const paymentMethodAnswer = z
  .object({ id, brand: z.string().nullable(), last4: z.string().nullable(), expMonth: z.number().int().nullable(), expYear: z.number().int().nullable(), isDefault: z.boolean() })
  .strict();
export type PaymentMethodAnswer = z.infer<typeof paymentMethodAnswer>;
export const paymentMethodPage = page(paymentMethodAnswer);

/** One card-provider / gateway call about the student (GET /students/{id}/stripe_history, …/authorize_net_history). */
export const gatewayEventAnswer = z
  .object({
    id,
    studentId: id.nullable(),
    paymentId: id.nullable(),
    refundTransactionId: id.nullable(),
    provider: z.enum(GatewayProvider),
    kind: z.enum(GatewayEventKind),
    amount: dollars.nullable(),
    status: z.enum(GatewayEventStatus),
    reference: z.string().nullable(),
    message: z.string().nullable(),
    createdAt: timestamp,
    payment: z
      .object({
        id,
        type: z.enum(PaymentType),
        channel: z.enum(PaymentChannel),
        status: z.enum(PaymentStatus),
        amount: dollars,
        cardBrand: z.string().nullable(),
        cardLast4: z.string().nullable(),
        failureMessage: z.string().nullable(),
        paymentDate: isoDate.nullable(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type GatewayEventAnswer = z.infer<typeof gatewayEventAnswer>;
export const gatewayEventPage = page(gatewayEventAnswer);

/** GET /students/{id}/payments. */
export const paymentPage = page(paymentAnswer);

/** A row of POST /payment_schedules/find_by_criteria: the entry with its plan's name and application, and its student. */
export const scheduleRowAnswer = scheduleEntryAnswer
  .extend({ planName: z.string().nullable(), applicationId: id.nullable(), studentId: id.nullable(), studentName: z.string(), email: z.string().nullable() })
  .strict();
export type ScheduleRowAnswer = z.infer<typeof scheduleRowAnswer>;
export const scheduleRowPage = page(scheduleRowAnswer);

const countAndAmount = z.object({ count: z.number().int().min(0), amount: dollars }).strict();

/** GET /billing/dashboard: the billing figures of the console's dashboard (api/billing/dashboard.ts says how each is counted). */
export const billingDashboardAnswer = z
  .object({
    collections: countAndAmount,
    pastDue: countAndAmount,
    upcoming: z.object({ next30Days: countAndAmount }).strict(),
    /** Every financial status, zeros included. */
    byFinancialStatus: z.array(z.object({ financialStatus: z.enum(FinancialStatus), count: z.number().int().min(0), balance: dollars }).strict()),
    /** The last 12 months (YYYY-MM), this one included. */
    collectedByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: dollars }).strict()),
    /** 8 weeks of 7 days from today. */
    upcomingByWeek: z.array(z.object({ weekStart: isoDate, amount: dollars }).strict()),
  })
  .strict();
export type BillingDashboardAnswer = z.infer<typeof billingDashboardAnswer>;

/** GET /payment_gateway/config: which gateway the browser tokenises cards with, and its publishable key. */
export const gatewayConfigAnswer = z.object({ gateway: z.enum(['SANDBOX', 'STRIPE']), publishableKey: z.string().nullable() }).strict();
export type GatewayConfigAnswer = z.infer<typeof gatewayConfigAnswer>;
