import { PlanList } from '../PlanList';
import { MIGRATED_PAYMENT_PLANS } from '../../../common/planRecord';

/**
 * /migrated-payment-plans/:id? — the payment information list and drawer with `migrated: true`
 * fixed: every search (keyword included) goes to find_by_criteria with it.
 */
export function MigratedPlanList() {
  return <PlanList resource={MIGRATED_PAYMENT_PLANS} migrated />;
}

export default MigratedPlanList;
