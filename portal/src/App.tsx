/**
 * The student portal: providers and routes. Only what the sign-in page needs is in the first chunk;
 * every other screen (and the signed-in layout) is loaded on demand.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ScrollToTop, UnauthorizedRedirect } from './components/Navigation';
import { PageLoading } from './components/PageLoading';
import { ApiProvider } from './components/PortalContext';
import { RequireSession } from './components/RequireSession';
import { I18nProvider } from './i18n';
import type { PortalApi } from './lib/api';
import LoginScreen from './screens/LoginScreen';
import { theme } from './theme';

const ForgotPasswordScreen = lazy(() => import('./screens/ForgotPasswordScreen'));
const CheckEmailScreen = lazy(() => import('./screens/CheckEmailScreen'));
const ResetPasswordScreen = lazy(() => import('./screens/ResetPasswordScreen'));
const GetStartedScreen = lazy(() => import('./screens/GetStartedScreen'));
const VerifyScreen = lazy(() => import('./screens/VerifyScreen'));
const NotFoundScreen = lazy(() => import('./screens/NotFoundScreen'));
const PortalLayout = lazy(() => import('./layout/PortalLayout'));
const HomeScreen = lazy(() => import('./screens/HomeScreen'));
const SettingsLayout = lazy(() => import('./screens/settings/SettingsLayout'));
const ProfileScreen = lazy(() => import('./screens/settings/ProfileScreen'));
const CommunicationPreferencesScreen = lazy(() => import('./screens/settings/CommunicationPreferencesScreen'));
const EnrollStartScreen = lazy(() => import('./screens/enrollment/EnrollStartScreen'));
const PromoStartScreen = lazy(() => import('./screens/enrollment/PromoStartScreen'));
const EnrollmentFlowScreen = lazy(() => import('./screens/enrollment/EnrollmentFlowScreen'));
const CongratulationsScreen = lazy(() => import('./screens/enrollment/CongratulationsScreen'));
const AgreementsScreen = lazy(() => import('./screens/agreements/AgreementsScreen'));
const AgreementsTab = lazy(() => import('./screens/agreements/AgreementsScreen').then((m) => ({ default: m.AgreementsTab })));
const AgreementScreen = lazy(() => import('./screens/agreements/AgreementScreen'));
const PaymentInformationScreen = lazy(() => import('./screens/payments/PaymentInformationScreen'));
const MakePaymentScreen = lazy(() => import('./screens/payments/MakePaymentScreen'));
const TransfersScreen = lazy(() => import('./screens/transfers/TransfersScreen'));
const PendingTransferScreen = lazy(() => import('./screens/transfers/PendingTransferScreen'));
const MessagesScreen = lazy(() => import('./screens/messages/MessagesScreen'));
const MessageScreen = lazy(() => import('./screens/messages/MessageScreen'));
const CirclesScreen = lazy(() => import('./screens/circles/CirclesScreen'));
const CoachRoutes = lazy(() => import('./screens/coach/CoachRoutes'));
const MyProgressScreen = lazy(() => import('./screens/academics/MyProgressScreen'));
const AwardsScreen = lazy(() => import('./screens/academics/AwardsScreen'));

export function PortalRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<LoginScreen />} />
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/check-your-email" element={<CheckEmailScreen />} />
        <Route path="/reset-account-password" element={<ResetPasswordScreen />} />
        <Route path="/get-started" element={<GetStartedScreen />} />
        <Route path="/verify" element={<VerifyScreen />} />
        <Route
          element={
            <RequireSession kind="STUDENT">
              <PortalLayout />
            </RequireSession>
          }
        >
          <Route path="/home" element={<HomeScreen />} />
          <Route path="/settings" element={<SettingsLayout />}>
            <Route index element={<Navigate to="profile" replace />} />
            <Route path="profile" element={<ProfileScreen />} />
            <Route path="communication-preferences" element={<CommunicationPreferencesScreen />} />
            <Route path="agreements" element={<AgreementsTab />} />
            {/* Communication preferences were a payment section too: one tab now. */}
            <Route path="payment-information/communication-preferences" element={<Navigate to="/settings/communication-preferences" replace />} />
            <Route path="payment-information/:tab?" element={<PaymentInformationScreen />} />
          </Route>
          <Route path="/enroll" element={<EnrollStartScreen />} />
          <Route path="/enroll/promo" element={<PromoStartScreen />} />
          <Route path="/enroll/courses" element={<EnrollStartScreen chooseCourse />} />
          <Route path="/enroll/:applicationId/congratulations" element={<CongratulationsScreen />} />
          <Route path="/enroll/:applicationId/:step" element={<EnrollmentFlowScreen />} />
          <Route path="/agreements" element={<AgreementsScreen />} />
          <Route path="/agreements/:envelopeId" element={<AgreementScreen />} />
          <Route path="/payments" element={<Navigate to="/settings/payment-information" replace />} />
          <Route path="/payments/make" element={<MakePaymentScreen />} />
          <Route path="/transfers" element={<TransfersScreen />} />
          <Route path="/transfers/:transferId" element={<PendingTransferScreen />} />
          <Route path="/messages" element={<MessagesScreen />} />
          <Route path="/messages/:messageId" element={<MessageScreen />} />
          <Route path="/coaching-circles" element={<CirclesScreen />} />
          <Route path="/my-progress" element={<MyProgressScreen />} />
          <Route path="/awards" element={<AwardsScreen />} />
        </Route>
        {/* A coach's screens (issue 19, their routes in ./screens/coach/CoachRoutes): a coach never sees the student's, a student never these. */}
        <Route
          path="/coach/*"
          element={
            <RequireSession kind="COACH">
              <CoachRoutes />
            </RequireSession>
          }
        />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </Suspense>
  );
}

/** The whole portal inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function PortalApp({ api, storage }: { api: PortalApi; storage?: Storage }) {
  return (
    <ApiProvider api={api}>
      <I18nProvider sessionStore={api.store} storage={storage}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <UnauthorizedRedirect />
          <ScrollToTop />
          <PortalRoutes />
        </ThemeProvider>
      </I18nProvider>
    </ApiProvider>
  );
}
