/** A product payment plan's display name: its own short description, else its template's. */
export function productPlanName(plan: { id: number; shortDescription: string | null; paymentPlan?: { description: string } | null }): string {
  return plan.shortDescription ?? plan.paymentPlan?.description ?? `Plan ${plan.id}`;
}
