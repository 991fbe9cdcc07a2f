import { AccessDenied, Authenticated, CanAccess } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen';

/**
 * The billing screens that are routes rather than resources: /billing-dashboard and
 * /billing-calculator (payment_plans:read, see providers/canAccess.ts). Each is loaded on first use
 * and shown only to staff allowed to read it.
 */
const Dashboard = lazyScreen(() => import('./BillingDashboard'));
const Calculator = lazyScreen(() => import('./BillingCalculator'));

export const BILLING_DASHBOARD = 'billing-dashboard';
export const BILLING_CALCULATOR = 'billing-calculator';

export function BillingDashboardPage() {
  return (
    <Authenticated>
      <CanAccess resource={BILLING_DASHBOARD} action="list" accessDenied={<AccessDenied />}>
        <Dashboard />
      </CanAccess>
    </Authenticated>
  );
}

export function BillingCalculatorPage() {
  return (
    <Authenticated>
      <CanAccess resource={BILLING_CALCULATOR} action="list" accessDenied={<AccessDenied />}>
        <Calculator />
      </CanAccess>
    </Authenticated>
  );
}
