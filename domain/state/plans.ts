/**
 * The machine of a student payment plan (back-office spec §3 "Student payment plan"; the ledger,
 * api/billing/ledger.ts): issued ACTIVE; the ledger moves it to COMPLETED when its balance reaches 0 and
 * back to ACTIVE when a balance reopens (a chargeback, a reversed payment); staff close an ACTIVE plan
 * (CONCLUDED, PATCH …/mark_as_concluded, else 409 ALREADY_PROCESSED); CANCELLED is kept as it came
 * (migrated plans). Only an ACTIVE plan takes payments and follows its dates (its days overdue decide
 * its financial status).
 */
import type { Of, StudentPaymentPlanStatus } from '../../models/enums';
import { defineMachine } from './machine';

export type PlanStatusValue = Of<typeof StudentPaymentPlanStatus>;

export const planMachine = defineMachine<PlanStatusValue>({
  ACTIVE: ['COMPLETED', 'CONCLUDED', 'CANCELLED'],
  COMPLETED: ['ACTIVE'],
  CONCLUDED: [],
  CANCELLED: [],
});

/** The status a plan's balance gives it: ACTIVE ↔ COMPLETED by the balance; the other statuses are kept. */
export function planStatusForBalance(status: string, balanceCents: number): string {
  if (balanceCents === 0 && planMachine.can(status, 'COMPLETED')) return 'COMPLETED';
  if (balanceCents > 0 && status === 'COMPLETED' && planMachine.can(status, 'ACTIVE')) return 'ACTIVE';
  return status;
}

/** The plan is open (ACTIVE): it takes payments and staff may conclude it. */
export const isActivePlan = (plan: { status: string }): boolean => plan.status === 'ACTIVE';
/** Staff may close it by hand (PATCH …/mark_as_concluded). */
export const isPlanConcludable = (plan: { status: string }): boolean => planMachine.can(plan.status, 'CONCLUDED');
/** Its days overdue decide its financial status (ACTIVE and not in bankruptcy); otherwise staff set it. */
export const followsDates = (plan: { status: string; bankruptcy?: boolean | number | null }): boolean => isActivePlan(plan) && !Number(plan.bankruptcy ?? 0);
