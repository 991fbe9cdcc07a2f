import { Admin, Authenticated, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { LoginPage } from './auth/LoginPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { VerifyPage } from './auth/VerifyPage';
import { NotFound } from './common/NotFound';
import { lazyScreen } from './common/lazyScreen';
import { Layout } from './layout/Layout';
import type { AppDataProvider } from './providers/dataProvider';
import admins from './resources/admins';
import businessCategories from './resources/business-categories';
import cohorts from './resources/cohorts';
import customers from './resources/students/customers';
import enrollments from './resources/enrollments';
import products from './resources/products';
import programs from './resources/programs';
import roles from './resources/roles';
import students from './resources/students';
import voucherRefunds from './resources/voucher-refunds';
import externalPayments from './resources/external-payments';
import refunds from './resources/refunds';
import failedPayments from './resources/failed-payments';
import disputedPayments from './resources/disputed-payments';
import paymentInformation from './resources/payment-information';
import migratedPaymentPlans from './resources/payment-information/migrated';
import outbox from './resources/outbox';
import jobSchedules from './resources/job-schedules';
import domainEvents from './resources/domain-events';
import communicationsSettings from './resources/communications-settings';
import { BillingCalculatorPage, BillingDashboardPage } from './billing';
import type { AuthProvider, I18nProvider } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';

const Dashboard = lazyScreen(() => import('./dashboard/Dashboard'));
const ProfilePage = lazyScreen(() => import('./profile/ProfilePage'));

function DashboardPage() {
  return (
    <Authenticated>
      <Dashboard />
    </Authenticated>
  );
}

/** The console's home (`/admin/`, where react-admin lands after sign-in) is the spec's /dashboard. */
function HomeRedirect() {
  return <Navigate to="/dashboard" replace />;
}

export interface AppProps {
  dataProvider: AppDataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  /** The console's query client (providers/queryClient.ts: answers given on purpose are not retried). */
  queryClient: QueryClient;
}

/**
 * The staff console. Browser-history routes under /admin (our own router: react-admin would use a
 * hash router otherwise); every resource is a folder whose index hands <Resource> its screens.
 * Every screen in the layout needs a signed-in user (`requireAuth`): a visitor is sent to /login
 * once, before any screen, menu or query starts; the public screens are the routes without layout.
 */
export function App({ dataProvider, authProvider, i18nProvider, queryClient }: AppProps) {
  return (
    // No transitions: react-admin's sign-out (navigate, then reset its store and queries at once) kept
    // interrupting a transition-wrapped navigation, and a visitor waited up to 20 s for /login.
    <BrowserRouter basename="/admin" useTransitions={false}>
      <Admin
        title="Health Coach Institute"
        disableTelemetry
        requireAuth
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={HomeRedirect}
        catchAll={NotFound}
      >
        <Resource name="students" {...students} />
        <Resource name="customers" {...customers} />
        <Resource name="admins" {...admins} />
        <Resource name="roles" {...roles} />
        <Resource name="business-categories" {...businessCategories} />
        <Resource name="programs" {...programs} />
        <Resource name="products" {...products} />
        <Resource name="cohorts" {...cohorts} />
        <Resource name="enrollments" {...enrollments} />
        <Resource name="voucher-refunds" {...voucherRefunds} />
        <Resource name="external-payments" {...externalPayments} />
        <Resource name="refunds" {...refunds} />
        <Resource name="failed-payments" {...failedPayments} />
        <Resource name="disputed-payments" {...disputedPayments} />
        <Resource name="payment-information" {...paymentInformation} />
        <Resource name="migrated-payment-plans" {...migratedPaymentPlans} />
        <Resource name="outbox" {...outbox} />
        <Resource name="job-schedules" {...jobSchedules} />
        <Resource name="domain-events" {...domainEvents} />
        <Resource name="communications-settings" {...communicationsSettings} />
        <CustomRoutes noLayout>
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-account-password" element={<ResetPasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/billing-dashboard" element={<BillingDashboardPage />} />
          <Route path="/billing-calculator" element={<BillingCalculatorPage />} />
          <Route
            path="/profile"
            element={
              <Authenticated>
                <ProfilePage />
              </Authenticated>
            }
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
