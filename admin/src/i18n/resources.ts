import { admins } from '../resources/admins/i18n';
import { businessCategories } from '../resources/business-categories/i18n';
import { cohorts } from '../resources/cohorts/i18n';
import { customers } from '../resources/students/customers/i18n';
import { enrollments } from '../resources/enrollments/i18n';
import { products } from '../resources/products/i18n';
import { programs } from '../resources/programs/i18n';
import { programParts } from '../resources/programs/parts/i18n';
import { roles } from '../resources/roles/i18n';
import { students } from '../resources/students/i18n';
import { voucherRefunds } from '../resources/voucher-refunds/i18n';
import { externalPayments } from '../resources/external-payments/i18n';
import { refunds } from '../resources/refunds/i18n';
import { transfers } from '../resources/transfers/i18n';
import { withdrawals } from '../resources/withdrawals/i18n';
import { failedPayments } from '../resources/failed-payments/i18n';
import { disputedPayments } from '../resources/disputed-payments/i18n';
import { paymentInformation } from '../resources/payment-information/i18n';
import { migratedPaymentPlans } from '../resources/payment-information/migrated/i18n';
import { outbox } from '../resources/outbox/i18n';
import { jobSchedules } from '../resources/job-schedules/i18n';
import { domainEvents } from '../resources/domain-events/i18n';
import { informationBanner } from '../resources/information-banner/i18n';
import { configurationMobileApp } from '../resources/configuration-mobile-app/i18n';
import { communications } from '../resources/communications/i18n';
import { communicationsSettings } from '../resources/communications-settings/i18n';
import { coachingCircleTypes } from '../resources/coaching-circles-types/i18n';
import { coaches } from '../resources/coaches/i18n';
import { coachingCircles } from '../resources/coaching-circles/i18n';
import { coachingCirclesAttendance } from '../resources/coaching-circles-attendance/i18n';
import { billing } from '../billing/i18n';
import { dashboard } from '../dashboard/i18n';
import { profile } from '../profile/i18n';
import { learningSessions } from '../resources/learning-sessions/i18n';
import { downloads } from '../common/downloads/i18n';
import { lms } from '../resources/lms/i18n';
import { extraProductPurchases } from '../resources/extra-product-purchases/i18n';
import { cmpTransactions } from '../resources/cmp-transactions/i18n';
import { cmpSessions } from '../resources/cmp-sessions/i18n';
import { graduations } from '../resources/graduations/i18n';
import { academicProgress } from '../resources/academic-progress/i18n';
import { certifications } from '../resources/certifications/i18n';
import { academics } from '../common/academicsI18n';

/**
 * Every resource keeps its texts beside its screens (`resources/<name>/i18n.ts`: `{ en, es }` with
 * `name`, `fields`, `filters`, `actions`...); they are assembled here under `resources.<name>`.
 */
const byResource = {
  students,
  customers,
  admins,
  roles,
  'business-categories': businessCategories,
  programs,
  'program-parts': programParts,
  products,
  cohorts,
  enrollments,
  'voucher-refunds': voucherRefunds,
  'external-payments': externalPayments,
  refunds,
  transfers,
  withdrawals,
  'failed-payments': failedPayments,
  'disputed-payments': disputedPayments,
  'payment-information': paymentInformation,
  'migrated-payment-plans': migratedPaymentPlans,
  outbox,
  'job-schedules': jobSchedules,
  'domain-events': domainEvents,
  'information-banner': informationBanner,
  'configuration-mobile-app': configurationMobileApp,
  communications,
  'communications-settings': communicationsSettings,
  'coaching-circles-types': coachingCircleTypes,
  coaches,
  'coaching-circles': coachingCircles,
  'coaching-circles-attendance': coachingCirclesAttendance,
  'learning-sessions': learningSessions,
  lms,
  'extra-product-purchases': extraProductPurchases,
  'cmp-transactions': cmpTransactions,
  'cmp-sessions': cmpSessions,
  graduations,
  'academic-progress': academicProgress,
  certifications,
};

export function resourceMessages(locale: 'en' | 'es') {
  return {
    resources: Object.fromEntries(Object.entries(byResource).map(([name, m]) => [name, m[locale]])),
    dashboard: dashboard[locale],
    profile: profile[locale],
    billing: billing[locale],
    downloads: downloads[locale],
    academics: academics[locale],
  };
}
