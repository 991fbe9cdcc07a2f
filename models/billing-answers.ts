/**
 * The billing answers of the API (issue 6 contract) as the console and the portal read them: plan
 * terms and breakdown (platform spec §3), schedule entries, payments and account-history lines.
 * Type-only and browser-safe; money is in dollars (numbers with 2 decimals) as the API answers it.
 */
import type { LedgerKind, Of, PaymentChannel, PaymentStatus, PaymentType, StudentPaymentPlanStatus } from './enums';
import type { DescriptionParams } from './descriptions';

export interface PlanTerms {
  description: string | null;
  installmentAmount: number;
  totalOwed: number;
  amountDue: number;
  interestRate: number | null;
  depositAmount: number;
  installmentsCount: number;
  taxAmount: number;
  amountPaid: number;
  paymentDueDate: string | null;
  captureMethod: 'automatic' | 'manual';
  currency: string;
  status: Of<typeof StudentPaymentPlanStatus>;
  paymentMethod: { id: number; brand: string; last4: string } | null;
}

/** Platform spec §3 "Payment plan breakdown". */
export interface PlanBreakdown {
  tuitionRollover: number;
  withdrawalReduction: number;
  transferReduction: number;
  withdrawalRefund: number;
  voucherRefund: number;
  additionalRefund: number;
  totalTaxesPaid: number;
  totalInterest: number;
  principalPaid: number;
  netTuition: number;
  totalPaid: number;
  totalRefunded: number;
  totalRemaining: number;
}

export interface ScheduleEntry {
  id: number;
  number: number;
  kind: string;
  dueDate: string;
  principal: number;
  interest: number;
  amount: number;
  taxAmount: number;
  paidAmount: number;
  balance: number;
  status: string;
  paidAt: string | null;
  paymentMethodId: number | null;
}

/** The contract's Payment DTO. */
export interface PaymentDto {
  id: number;
  studentId: number;
  applicationId: number;
  studentPaymentPlanId: number;
  paymentScheduleId: number | null;
  type: Of<typeof PaymentType>;
  channel: Of<typeof PaymentChannel>;
  amount: number;
  principalAmount: number;
  interestAmount: number;
  taxAmount: number;
  refundedAmount: number;
  status: Of<typeof PaymentStatus>;
  failureMessage: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  referenceNumber: string | null;
  comment: string | null;
  paymentDate: string | null;
  processedAt: string | null;
  createdAt: string;
}

/** One account-history row (platform spec §3 "Account history row"). */
export interface LedgerRow {
  id: number;
  eventDate: string;
  kind: Of<typeof LedgerKind>;
  /** The English text; the UIs write `descriptionKey` with `descriptionParams` in their language (models/descriptions.ts `describedText`). */
  description: string;
  descriptionKey: string | null;
  descriptionParams: DescriptionParams | null;
  program: string | null;
  principal: number;
  tax: number;
  total: number;
  accountBalance: number;
  principalBalance: number;
  last4: string | null;
  referenceNumber: string | null;
  comment: string | null;
}
