import { existsSync } from 'node:fs';
import path from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import express, { Router } from 'express';
import helmet from 'helmet';
import { validationSettings } from '../models/validation';
import type { Deps } from './common/context';
import { countCache } from './common/count-cache';
import { errorHandler, notFoundHandler } from './common/errors';
import { accessLog } from './common/logger';
import { httpMetrics, mountMetrics, setEventsPendingReader, setRouteLabel } from './common/metrics';
import { DomainEvent } from '../models';
import { openApiDocument, resetOpenApi } from './common/openapi';
import { requestId } from './common/request-id';
import { JSON_BODY_TYPES, mount, routeRegistry, type AnyRouteSpec } from './common/route';
import { adminRoutes } from './admins/admins.router';
import { authRoutes } from './auth/auth.router';
import { paymentPlanRoutes } from './payment-plans/payment-plans.router';
import { studentOwnPlanRoutes, studentPlanRoutes } from './payment-plans/student-plans.router';
import { paymentScheduleRoutes } from './payment-schedules/payment-schedules.router';
import { accountHistoryRoutes, billingRoutes } from './billing/billing.router';
import { businessCategoryRoutes } from './business-categories/business-categories.router';
import { cohortRoutes } from './cohorts/cohorts.router';
import { customerRoutes } from './customers/customers.router';
import { healthRoutes } from './health/health.router';
import { lookupRoutes } from './lookups/lookups.router';
import { productRoutes } from './products/products.router';
import { programRoutes } from './programs/programs.router';
import { programPartRoutes } from './programs/program-parts.router';
import { moduleGroupRoutes } from './module-groups/module-groups.router';
import { roleRoutes } from './roles/roles.router';
import { searchFilterRoutes } from './search-filters/search-filters.router';
import { studentRoutes } from './students/students.router';
import { userRoutes } from './users/users.router';
import { applicationVoucherRoutes } from './application-vouchers/application-vouchers.router';
import { paymentGatewayRoutes, paymentMethodRoutes } from './payment-methods/payment-methods.router';
import { promoCodeRoutes } from './vouchers/promo.router';
import { voucherRoutes } from './vouchers/vouchers.router';
import { applicationPartRoutes } from './applications/application-parts.router';
import { applicationEnvelopeRoutes, envelopeRoutes, studentEnvelopeRoutes } from './envelopes/envelopes.router';
import { applicationRoutes, studentApplicationRoutes } from './applications/applications.router';
import { enrollmentRoutes } from './enrollments/enrollments.router';
import { academicRoutes, certificateRoutes, studentAcademicRoutes } from './academics/academics.router';
import { refundRoutes, studentRefundRoutes } from './refunds/refunds.router';
import { externalPaymentRoutes } from './external-payments/external-payments.router';
import { withdrawalRoutes } from './withdrawals/withdrawals.router';
import { transferRoutes } from './transfers/transfers.router';
import { disputeRoutes } from './disputes/disputes.router';
import { failedPaymentRoutes } from './failed-payments/failed-payments.router';
import { cardHistoryRoutes } from './payments/card-history.router';
import { paymentRoutes } from './payments/payments.router';
import { outboxRoutes } from './outbox/outbox.router';
import { jobScheduleRoutes } from './jobs/job-schedules.router';
import { mountStripeWebhooks } from './integrations/stripe-webhooks';
import { domainEventRoutes } from './domain-events/domain-events.router';
import { bannerRoutes, studentBannerRoutes } from './banners/banners.router';
import { appVersionRoutes, mobileConfigurationRoutes } from './mobile-app/mobile-app.router';
import { inboxRoutes } from './communications/inbox.router';
import { communicationRoutes, studentCommunicationRoutes } from './communications/communications.router';
import { communicationTemplateRoutes } from './communication-templates/communication-templates.router';
import { emailTemplateRoutes } from './email-templates/email-templates.router';
import { coachRoutes } from './coaches/coaches.router';
import { installEventHandlers } from './common/events';
import { domainEventHandlers } from './events';
import { gatewayFor } from './integrations/gateway';
import { circleTypeRoutes } from './coaching-circles/circle-types';
import { circleAttendanceRoutes, circleCoachRoutes, coachingCircleRoutes } from './coaching-circles/coaching-circles.router';
import { circleSignUpRoutes, studentCircleRoutes } from './circle-sign-ups/circle-sign-ups.router';
import { learningSessionRoutes, learningSessionSignUpRoutes } from './learning-sessions/learning-sessions.router';
import { analyticsRoutes } from './analytics/analytics.router';
import { trackAnalyticsDeletes } from './analytics/tracking';
import { exportRoutes } from './exports/exports.router';
import { fileRoutes } from './files/files.router';
import { lmsRoutes, studentLmsRoutes } from './lms/lms.router';
import { enrollmentPurchaseRoutes, purchaseRoutes, studentPurchaseRoutes } from './purchases/purchases.router';
import { myCoursesRoutes } from './my-courses/my-courses.router';
import { coachProductPurchaseRoutes, coachProductRoutes, coachProductSignUpRoutes } from './coach-products/coach-products.router';

/** Every API area: URL prefix, OpenAPI tag, and its routes. */
const AREAS: Array<[string, string, (deps: Deps) => AnyRouteSpec[]]> = [
  ['/api', 'Health', healthRoutes],
  ['/api/auth', 'Auth', authRoutes],
  ['/api/admins', 'Administrators', adminRoutes],
  ['/api/roles', 'Roles', roleRoutes],
  ['/api/users', 'Users', userRoutes],
  ['/api/students', 'Students', studentRoutes],
  ['/api/customers', 'Customers', customerRoutes],
  ['/api/search_filters', 'Saved filters', searchFilterRoutes],
  ['/api/business_categories', 'Business categories', businessCategoryRoutes],
  ['/api/payment_plans', 'Payment plans', paymentPlanRoutes],
  ['/api/payment_plans', 'Student payment plans', studentPlanRoutes],
  ['/api/students', 'Student payment plans', studentOwnPlanRoutes],
  ['/api/payment_schedules', 'Payment schedules', paymentScheduleRoutes],
  ['/api/students', 'Account history', accountHistoryRoutes],
  ['/api/billing', 'Billing dashboard', billingRoutes],
  ['/api/programs', 'Programs', programRoutes],
  ['/api/programs', 'Program parts', programPartRoutes],
  ['/api/module_groups', 'Module groups', moduleGroupRoutes],
  ['/api/products', 'Products', productRoutes],
  ['/api/cohorts', 'Cohorts', cohortRoutes],
  ['/api/public', 'Public', lookupRoutes],
  ['/api/vouchers', 'Vouchers', voucherRoutes],
  ['/api/applications', 'Promo codes', promoCodeRoutes],
  ['/api/application_vouchers', 'Application vouchers', applicationVoucherRoutes],
  ['/api/students', 'Payment methods', paymentMethodRoutes],
  ['/api/payment_gateway', 'Payment gateway', paymentGatewayRoutes],
  ['/api/applications', 'Application parts', applicationPartRoutes],
  ['/api/applications', 'Agreement envelopes', applicationEnvelopeRoutes],
  ['/api/envelopes', 'Agreement envelopes', envelopeRoutes],
  ['/api/students', 'Agreement envelopes', studentEnvelopeRoutes],
  ['/api/applications', 'Applications', applicationRoutes],
  ['/api/students', 'Student applications', studentApplicationRoutes],
  ['/api/enrollments', 'Enrollments', enrollmentRoutes],
  ['/api/refund_queues', 'Refund queue', refundRoutes],
  ['/api/students', 'Refund queue', studentRefundRoutes],
  ['/api/external_payments', 'External payments', externalPaymentRoutes],
  ['/api/transfers', 'Transfers', transferRoutes],
  ['/api/withdrawals', 'Withdrawals', withdrawalRoutes],
  ['/api/disputes', 'Disputes', disputeRoutes],
  ['/api/failed_payments', 'Failed payments', failedPaymentRoutes],
  ['/api/students', 'Card-provider history', cardHistoryRoutes],
  ['/api/students', 'Payments', paymentRoutes],
  ['/api/outbox', 'Outbox', outboxRoutes],
  ['/api/job_schedules', 'Job schedules', jobScheduleRoutes],
  ['/api/domain_events', 'Domain events', domainEventRoutes],
  ['/api/information_banner', 'Information banners', bannerRoutes],
  ['/api/students', 'Information banners', studentBannerRoutes],
  ['/api/configuration_mobile_app', 'Mobile app', mobileConfigurationRoutes],
  ['/api/app_versions', 'Mobile app', appVersionRoutes],
  ['/api/students', 'Inbox', inboxRoutes],
  ['/api/communications', 'Communications', communicationRoutes],
  ['/api/students', 'Communications', studentCommunicationRoutes],
  ['/api/communication_templates', 'Communication templates', communicationTemplateRoutes],
  ['/api/email_templates', 'Email templates', emailTemplateRoutes],
  ['/api/coaching_circle_types', 'Coaching circle types', circleTypeRoutes],
  ['/api/coaching_circles', 'Coaching circles', coachingCircleRoutes],
  ['/api/coaching_circle_coaches', 'Coaching circle coaches', circleCoachRoutes],
  ['/api/coaching_circle_attendance', 'Coaching circle attendance', circleAttendanceRoutes],
  ['/api/coaching_circle_sign_up', 'Coaching circle sign-ups', circleSignUpRoutes],
  ['/api/students', 'Coaching circle sign-ups', studentCircleRoutes],
  ['/api/coaches', 'Coaches', coachRoutes],
  ['/api/learning_sessions', 'Learning sessions', learningSessionRoutes],
  ['/api/learning_session_sign_up', 'Learning sessions', learningSessionSignUpRoutes],
  ['/api/analytics', 'Analytics', analyticsRoutes],
  ['/api/file_export', 'File exports', exportRoutes],
  ['/api/files', 'Files', fileRoutes],
  ['/api/lms_connection', 'Learning-system connections', lmsRoutes],
  ['/api/students', 'Learning-system connections', studentLmsRoutes],
  ['/api/enrollments', 'Academic progress and graduation', academicRoutes],
  ['/api/certifications', 'Certificates', certificateRoutes],
  ['/api/students', 'Academic progress and graduation', studentAcademicRoutes],
  ['/api/enrollments', 'Purchases', enrollmentPurchaseRoutes],
  ['/api/purchases', 'Purchases', purchaseRoutes],
  ['/api/students', 'Purchases', studentPurchaseRoutes],
  ['/api/coach_products', "Coaches' products", coachProductRoutes],
  ['/api/coach_product_sign_up', "Coaches' products", coachProductSignUpRoutes],
  ['/api/coach_product_purchases', "Coaches' products", coachProductPurchaseRoutes],
  ['/api/students', 'My courses', myCoursesRoutes],
];

/** The Express app without listening: what the server starts and what tests drive. */
/** `uiRoot` is where `admin/dist` and `portal/dist` live (the repository root; tests point it elsewhere). */
export function createApp(deps: Deps, uiRoot: string = UI_ROOT): express.Express {
  validationSettings.providerName = deps.config.PROVIDER_NAME;
  countCache.configure(deps.config.LIST_COUNT_CACHE_SECONDS);
  trackAnalyticsDeletes();
  routeRegistry.length = 0;
  resetOpenApi();
  // The domain events' handlers, with the integrations they use (built once, here): api/events.ts.
  installEventHandlers(domainEventHandlers({ deps, gateway: gatewayFor(deps.config) }), deps.log);
  // /metrics: the deliveries waiting (PENDING), read at each scrape.
  setEventsPendingReader(() => DomainEvent.count({ where: { status: 'PENDING' } }));

  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default): req.ip is what
  // the rate limit counts per client, so a client must not be able to choose it.
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.set('query parser', 'extended');
  // A request id (a sane incoming X-Request-Id or a new UUID) in the answer's header, every log line and
  // every error body; then each request timed and counted by route template for /metrics.
  app.use(requestId());
  app.use(httpMetrics());
  app.use(helmet());
  // One line per request, link tokens masked (api/common/logger.ts).
  app.use(accessLog(deps.log, (url) => url === '/api/health' || url === '/metrics'));
  // API answers hold personal data and tokens: no browser or proxy keeps a copy (errors included).
  app.use('/api', noStore);
  // The Stripe webhook reads its body raw (the signature covers the exact bytes): before the JSON parser.
  mountStripeWebhooks(app, deps);
  // JSON only (also `application/*+json`); a body of any other type is refused with 415 by the route pipeline.
  app.use('/api', express.json({ limit: '1mb', type: JSON_BODY_TYPES }));

  for (const [prefix, tag, routes] of AREAS) {
    const router = Router({ mergeParams: true });
    mount(router, deps, tag, prefix, routes(deps));
    app.use(prefix, router);
  }
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.use('/api', notFoundHandler);
  // Prometheus metrics, behind METRICS_TOKEN (api/common/metrics.ts).
  mountMetrics(app, deps.config.METRICS_TOKEN, deps.sequelize);

  // The console (admin/dist) at /admin and the portal (portal/dist) at /: hashed assets are cached
  // for good, and every other path answers the app's index.html so browser-history routes work.
  serveUi(app, '/admin', path.join(uiRoot, 'admin', 'dist'), 'Staff console');
  serveUi(app, '/', path.join(uiRoot, 'portal', 'dist'), 'Student portal');

  app.use(errorHandler(deps.log));
  return app;
}

const UI_ROOT = path.resolve(__dirname, '..');

const noStore: express.RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

function serveUi(app: express.Express, mountPath: string, dist: string, what: string): void {
  const index = path.join(dist, 'index.html');
  // The build leaves a brotli and a gzip copy beside each text asset (vite-plugin-compression2): the
  // client gets the smallest it accepts, with Vary: Accept-Encoding, cached for good like the original.
  app.use(
    mountPath,
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, redirect: false, immutable: true, maxAge: '365d', fallthrough: true },
    }),
  );
  const routes = mountPath === '/' ? '/{*splat}' : [mountPath, `${mountPath}/{*splat}`];
  // Pages and assets are counted as one route per console in /metrics.
  app.use(mountPath, (_req, res, next) => {
    setRouteLabel(res, mountPath === '/' ? '/{*splat}' : `${mountPath}/{*splat}`);
    next();
  });
  app.get(routes, (_req, res) => {
    if (!existsSync(index)) {
      res
        .status(503)
        .type('html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${what}</title></head><body><h1>${what}</h1><p>Not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p></body></html>`,
        );
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
