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
import transfers from './resources/transfers';
import withdrawals from './resources/withdrawals';
import failedPayments from './resources/failed-payments';
import disputedPayments from './resources/disputed-payments';
import paymentInformation from './resources/payment-information';
import migratedPaymentPlans from './resources/payment-information/migrated';
import outbox from './resources/outbox';
import jobSchedules from './resources/job-schedules';
import domainEvents from './resources/domain-events';
import informationBanner from './resources/information-banner';
import configurationMobileApp from './resources/configuration-mobile-app';
import communications from './resources/communications';
import communicationsSettings from './resources/communications-settings';
import coachingCirclesTypes from './resources/coaching-circles-types';
import coaches from './resources/coaches';
import coachingCircles from './resources/coaching-circles';
import coachingCirclesAttendance from './resources/coaching-circles-attendance';
import learningSessions from './resources/learning-sessions';
import lms from './resources/lms';
import extraProductPurchases from './resources/extra-product-purchases';
import cmpTransactions from './resources/cmp-transactions';
import cmpSessions from './resources/cmp-sessions';
import graduations from './resources/graduations';
import academicProgress from './resources/academic-progress';
import certifications from './resources/certifications';
import { BillingCalculatorPage, BillingDashboardPage } from './billing';
import type { AuthProvider, I18nProvider, ResourceProps } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';

/** The console's resources, in menu order: one folder each, whose index hands <Resource> its screens. */
export const resources: Array<[name: string, props: Omit<ResourceProps, 'name'>]> = [
  ['students', students],
  ['customers', customers],
  ['admins', admins],
  ['roles', roles],
  ['business-categories', businessCategories],
  ['programs', programs],
  ['products', products],
  ['cohorts', cohorts],
  ['enrollments', enrollments],
  ['voucher-refunds', voucherRefunds],
  ['external-payments', externalPayments],
  ['refunds', refunds],
  ['transfers', transfers],
  ['withdrawals', withdrawals],
  ['failed-payments', failedPayments],
  ['disputed-payments', disputedPayments],
  ['payment-information', paymentInformation],
  ['migrated-payment-plans', migratedPaymentPlans],
  ['outbox', outbox],
  ['job-schedules', jobSchedules],
  ['domain-events', domainEvents],
  ['information-banner', informationBanner],
  ['configuration-mobile-app', configurationMobileApp],
  ['communications', communications],
  ['communications-settings', communicationsSettings],
  ['coaches', coaches],
  ['coaching-circles', coachingCircles],
  ['coaching-circles-types', coachingCirclesTypes],
  ['coaching-circles-attendance', coachingCirclesAttendance],
  ['learning-sessions', learningSessions],
  ['lms', lms],
  ['extra-product-purchases', extraProductPurchases],
  ['cmp-transactions', cmpTransactions],
  ['cmp-sessions', cmpSessions],
  ['graduations', graduations],
  ['academic-progress', academicProgress],
  ['certifications', certifications],
];

const Dashboard = lazyScreen(() => import('./dashboard/Dashboard'));
const ProfilePage = lazyScreen(() => import('./profile/ProfilePage'));
/** /d2l-auth: D2L's OAuth 2 callback (issue 21), loaded on first use. */
const D2lAuthPage = lazyScreen(() => import('./resources/lms/D2lAuthPage'));

function DashboardPage() {
  return (
    <Authenticated>
      <Dashboard />
    </Authenticated>
  );
}

/**
 * Starts loading the screen of the page being opened while the console's own code still starts
 * (`main.tsx`), instead of after it has rendered its layout: the first visit of a list saves the
 * round of chunk requests it would otherwise wait for (docs/benchmarks.md "Browser").
 */
export function preloadScreen(pathname: string): void {
  const first = pathname.replace(/^\/admin/, '').split('/')[1] ?? '';
  const screen = first === '' || first === 'dashboard' ? Dashboard : resources.find(([name]) => name === first)?.[1].list;
  const preload = (screen as { preload?: () => Promise<unknown> } | undefined)?.preload;
  preload?.().catch(() => undefined);
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
        {resources.map(([name, props]) => (
          <Resource key={name} name={name} {...props} />
        ))}
        <CustomRoutes noLayout>
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-account-password" element={<ResetPasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/billing-dashboard" element={<BillingDashboardPage />} />
          <Route path="/billing-calculator" element={<BillingCalculatorPage />} />
          <Route path="/d2l-auth" element={<D2lAuthPage />} />
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
