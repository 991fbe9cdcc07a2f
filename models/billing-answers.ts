/**
 * The billing answers of the API (issue 6 contract) as the console and the portal read them: plan
 * terms and breakdown (platform spec §3), schedule entries, payments and account-history lines.
 * Type-only and browser-safe; money is in dollars (numbers with 2 decimals) as the API answers it.
 * Each is the `z.infer` of its answer schema in domain/contract/billing.ts (issue 16 §3), under the
 * names both UIs have imported since issue 6.
 */
import type { LedgerRowAnswer, PaymentAnswer, PlanBreakdownAnswer, PlanTermsAnswer, ScheduleEntryAnswer } from '../domain/contract/billing';

export type PlanTerms = PlanTermsAnswer;
/** Platform spec §3 "Payment plan breakdown". */
export type PlanBreakdown = PlanBreakdownAnswer;
export type ScheduleEntry = ScheduleEntryAnswer;
/** The contract's Payment DTO. */
export type PaymentDto = PaymentAnswer;
/** One account-history row (platform spec §3 "Account history row"). */
export type LedgerRow = LedgerRowAnswer;
