import sqlite3 from 'sqlite3';
import { adminToken, api, unique } from '../support/api';
import { makeEnrolledStudent, makeTransferCatalogue, offerTransfer } from './transfers';

/**
 * Every console route and portal screen, in ONE list that the layout test (tests/e2e/layout.e2e.ts)
 * and the Spanish test (tests/e2e/spanish.e2e.ts) both walk. A new screen is one more line here:
 * `{name}` in a path is an id of the demo (DemoIds, read from the server's seeded database) or of the
 * records the tests arrange for themselves (the portal applicant's application).
 */

export interface ConsoleRoute {
  /** Path under /admin, with `{name}` placeholders from RouteIds. */
  path: string;
  /** Reached without signing in (the sign-in screens). */
  public?: boolean;
}

export interface PortalRoute {
  /** Path of the portal, with `{name}` placeholders from RouteIds. */
  path: string;
  /**
   * Who looks at it: nobody signed in, the demo student paying tuition (enrolled@example.com), or a
   * student the tests make with an application in progress (the enrollment steps), or one the tests
   * enrol with a transfer offered to them (issue 18's screens).
   */
  as: 'public' | 'enrolled' | 'applicant' | 'mover' | 'coach';
}

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { path: '/login', public: true },
  { path: '/forgot-password', public: true },
  // People
  { path: '/students' },
  { path: '/students/{student}' },
  { path: '/students/create' },
  { path: '/customers' },
  { path: '/customers/{student}' },
  { path: '/admins' },
  { path: '/admins/{admin}' },
  { path: '/admins/create' },
  { path: '/roles' },
  { path: '/roles/{role}' },
  { path: '/roles/create' },
  // Catalogue
  { path: '/business-categories' },
  { path: '/business-categories/{businessCategory}' },
  { path: '/business-categories/{businessCategory}/payment-plans' },
  { path: '/programs' },
  { path: '/programs/{program}' },
  { path: '/programs/{program}/modules' },
  { path: '/programs/create' },
  { path: '/cohorts' },
  { path: '/cohorts/{cohort}' },
  { path: '/cohorts/{cohort}/modules' },
  { path: '/cohorts/create' },
  { path: '/products' },
  { path: '/products/{product}' },
  { path: '/products/{product}/payment-plans' },
  { path: '/products/{product}/payment-plans/{productPlan}/adjustments' },
  { path: '/products/create' },
  // Enrollment
  { path: '/enrollments' },
  { path: '/enrollments/{application}' },
  { path: '/enrollments/{appliedApplication}' },
  { path: '/voucher-refunds' },
  { path: '/voucher-refunds#vouchers' },
  // Billing
  { path: '/payment-information' },
  { path: '/payment-information/{plan}' },
  { path: '/migrated-payment-plans' },
  { path: '/external-payments' },
  { path: '/external-payments/{externalPayment}' },
  { path: '/refunds' },
  { path: '/refunds/{refund}' },
  { path: '/transfers' },
  { path: '/transfers/{transfer}' },
  { path: '/withdrawals' },
  { path: '/withdrawals/{withdrawal}' },
  { path: '/failed-payments' },
  { path: '/disputed-payments' },
  { path: '/billing-dashboard' },
  { path: '/billing-calculator' },
  { path: '/profile' },
  { path: '/dashboard' },
  { path: '/outbox' },
  { path: '/outbox/{outboxMessage}' },
  { path: '/job-schedules' },
  { path: '/job-schedules/{jobSchedule}' },
  { path: '/job-schedules/create' },
  { path: '/domain-events' },
  { path: '/information-banner' },
  { path: '/information-banner/{banner}' },
  { path: '/information-banner/create' },
  { path: '/configuration-mobile-app' },
  { path: '/communications' },
  { path: '/communications/{communication}' },
  { path: '/communications/{sentCommunication}' },
  { path: '/communications/create' },
  { path: '/communications-settings' },
  // Coaches and coaching circles (issue 19)
  { path: '/coaches' },
  { path: '/coaches/{coach}' },
  { path: '/coaches/create' },
  { path: '/coaching-circles' },
  { path: '/coaching-circles/{circle}' },
  { path: '/coaching-circles/create' },
  { path: '/coaching-circles-types' },
  { path: '/coaching-circles-types/{circleType}' },
  { path: '/coaching-circles-attendance' },
  { path: '/learning-sessions' },
  { path: '/learning-sessions/{learningSession}' },
  // Learning systems and purchases (issue 21)
  { path: '/lms' },
  { path: '/lms/create' },
  { path: '/d2l-auth' },
  { path: '/extra-product-purchases' },
  { path: '/cmp-transactions' },
  { path: '/cmp-sessions' },
  { path: '/graduations' },
  { path: '/academic-progress' },
  { path: '/certifications' },
  // Last: by now the records above were viewed, so the dashboard's 'Recently viewed' lists them.
  { path: '/' },
];

export const PORTAL_ROUTES: PortalRoute[] = [
  { path: '/login', as: 'public' },
  { path: '/forgot-password', as: 'public' },
  { path: '/get-started', as: 'public' },
  { path: '/home', as: 'enrolled' },
  { path: '/my-progress', as: 'enrolled' },
  { path: '/awards', as: 'enrolled' },
  { path: '/agreements', as: 'enrolled' },
  { path: '/messages', as: 'enrolled' },
  { path: '/messages/{message}', as: 'enrolled' },
  { path: '/settings/profile', as: 'enrolled' },
  { path: '/settings/communication-preferences', as: 'enrolled' },
  { path: '/settings/agreements', as: 'enrolled' },
  { path: '/settings/payment-information', as: 'enrolled' },
  { path: '/settings/payment-information/payment-method', as: 'enrolled' },
  { path: '/settings/payment-information/plan-terms', as: 'enrolled' },
  { path: '/settings/payment-information/account-history', as: 'enrolled' },
  { path: '/settings/payment-information/crm-history', as: 'enrolled' },
  { path: '/settings/payment-information/gateway-history', as: 'enrolled' },
  { path: '/settings/payment-information/refunds', as: 'enrolled' },
  { path: '/settings/payment-information/purchases', as: 'enrolled' },
  { path: '/settings/payment-information/card-provider-history', as: 'enrolled' },
  { path: '/settings/payment-information/communication-preferences', as: 'enrolled' },
  { path: '/payments/make', as: 'enrolled' },
  { path: '/coaching-circles', as: 'enrolled' },
  { path: '/coach', as: 'coach' },
  { path: '/coach/calendar', as: 'coach' },
  { path: '/coach/groups', as: 'coach' },
  { path: '/coach/groups/{group}', as: 'coach' },
  { path: '/coach/groups/{group}/sessions/{groupSession}', as: 'coach' },
  { path: '/coach/comments', as: 'coach' },
  { path: '/coach/profile', as: 'coach' },
  { path: '/enroll/{enrolledApplication}/congratulations', as: 'enrolled' },
  { path: '/enroll', as: 'enrolled' },
  { path: '/home', as: 'applicant' },
  { path: '/enroll', as: 'applicant' },
  { path: '/enroll/promo', as: 'applicant' },
  { path: '/enroll/courses', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/course', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/class', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/personal-info', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/payment-plan', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/agreement', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/payment-method', as: 'applicant' },
  { path: '/enroll/{applicantApplication}/submit', as: 'applicant' },
  { path: '/agreements', as: 'applicant' },
  { path: '/agreements/{applicantEnvelope}', as: 'applicant' },
  { path: '/home', as: 'mover' },
  { path: '/transfers', as: 'mover' },
  { path: '/transfers/{transfer}', as: 'mover' },
];

/** The demo records the routes open (the demo seeds them in every fresh database). */
export interface DemoIds {
  student: number;
  admin: number;
  role: number;
  businessCategory: number;
  program: number;
  cohort: number;
  product: number;
  productPlan: number;
  application: number;
  enrolledApplication: number;
  appliedApplication: number;
  plan: number;
  refund: number;
  externalPayment: number;
  outboxMessage: number;
  jobSchedule: number;
  banner: number;
  communication: number;
  /** A communication sent to the enrolled demo student (its Sends tab lists intents). */
  sentCommunication: number;
  /** That communication in the enrolled student's portal inbox. */
  message: number;
  /** The demo coach (coach@example.com) and the demo's coaching circle type. */
  coach: number;
  circleType: number;
  /** The demo's Tuesday circle, the coach's group in it and that group's first session; the demo workshop. */
  circle: number;
  group: number;
  groupSession: number;
  learningSession: number;
}

export type RouteIds = DemoIds & {
  applicantApplication: number;
  applicantEnvelope: number;
  /** The staff transfer offered to the mover (PENDING: the portal's two steps, the console's live preview). */
  transfer: number;
  /** A withdrawal another student of the tests asked for (REQUESTED: the console's live figures). */
  withdrawal: number;
};

/** The enrolled demo student (tuition, cards, history) and the demo's staff sign-ins. */
export const ENROLLED_STUDENT = { email: 'enrolled@example.com', password: 'Demo12345' };
/** The demo coach (their circles and learning sessions are the demo's). */
export const DEMO_COACH = { email: 'coach@example.com', password: 'Demo12345' };

/** Fills `{name}` placeholders; an unknown name is an error in the list, not a silent 404. */
export function fillPath(path: string, ids: Partial<RouteIds>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (ids as Record<string, number | undefined>)[name];
    if (value === undefined) throw new Error(`route ${path}: no id for {${name}}`);
    return String(value);
  });
}

/** One number from the server's database (read-only: it runs SQLite in WAL mode). */
function demoId(sql: string): Promise<number> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url?.startsWith('sqlite:')) throw new Error('E2E_DATABASE_URL is not set: run the browser suite with `npm run test:e2e`');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(url.slice('sqlite:'.length), sqlite3.OPEN_READONLY, (opened) => {
      if (opened) return reject(opened);
      db.get<{ id: number }>(sql, (failed, row) => {
        db.close();
        if (failed) reject(failed);
        else if (!row) reject(new Error(`the demo has no row for: ${sql}`));
        else resolve(row.id);
      });
    });
  });
}

/** An email in the outbox: the demo student's own password-reset link, asked for here (it is sent just after the answer). */
async function anEmail(): Promise<number> {
  await api('POST', '/auth/customer/forgot_password', null, { email: ENROLLED_STUDENT.email });
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return await demoId(`SELECT id FROM outbox_messages WHERE to_address = '${ENROLLED_STUDENT.email}' ORDER BY id DESC LIMIT 1`);
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * A communication staff send now to the enrolled demo student (made here: the demo's own is scheduled
 * a week ahead), and the message it puts in their portal inbox, waited for. Its texts are Spanish
 * data marked 'E2E' (the Spanish walk leaves the tests' own data alone).
 */
async function aSentCommunication(student: number): Promise<{ sentCommunication: number; message: number }> {
  const token = await adminToken();
  const subject = `E2E Aviso ${unique('')}`;
  const communication = await api<{ id: number }>('POST', '/communications', token, {
    type: 'MESSAGE',
    recipientType: 'SPECIFIC',
    recipients: [student],
    scheduleType: 'NOW',
    subject,
    longMessageBody: '<p>E2E Hola {{firstName}}: la clase de mañana empieza a las diez.</p>',
  });
  // Its intents were made on save; the Communication dispatch job sends them (run now rather than wait for its minute).
  const schedules = await api<{ content: Array<{ id: number; type: string }> }>('GET', '/job_schedules', token);
  const dispatch = schedules.content.find((s) => s.type === 'COMMUNICATION_DISPATCH');
  if (!dispatch) throw new Error('no COMMUNICATION_DISPATCH job schedule');
  const until = Date.now() + 20_000;
  for (;;) {
    const inbox = await api<{ content: Array<{ id: number; subject: string }> }>('GET', `/students/${student}/inbox?size=20`, token);
    const message = inbox.content.find((m) => m.subject === subject);
    if (message) return { sentCommunication: communication.id, message: message.id };
    if (Date.now() > until) throw new Error(`the communication ${communication.id} did not reach the inbox of student ${student}`);
    await api('POST', `/job_schedules/${dispatch.id}/run`, token).catch(() => undefined); // 409 while a run is going: it sends them too
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The ids of the demo records the routes open. */
export async function demoIds(): Promise<DemoIds> {
  const student = await demoId(`SELECT id FROM students WHERE email = '${ENROLLED_STUDENT.email}'`);
  const application = await demoId(`SELECT id FROM applications WHERE student_id = ${student} AND status = 'ENROLLED' ORDER BY id LIMIT 1`);
  const product = await demoId(`SELECT product_id AS id FROM applications WHERE id = ${application}`);
  return {
    student,
    admin: await demoId(`SELECT id FROM administrators WHERE email = 'finance@example.com'`),
    role: await demoId(`SELECT id FROM roles WHERE name = 'FINANCE'`),
    businessCategory: await demoId(`SELECT id FROM business_categories WHERE name = 'HCTP'`),
    program: await demoId(`SELECT program_id AS id FROM application_cohorts WHERE application_id = ${application} ORDER BY id LIMIT 1`),
    cohort: await demoId(`SELECT cohort_id AS id FROM application_cohorts WHERE application_id = ${application} ORDER BY id LIMIT 1`),
    product,
    productPlan: await demoId(`SELECT id FROM product_payment_plans WHERE product_id = ${product} ORDER BY id LIMIT 1`),
    application,
    enrolledApplication: application,
    appliedApplication: await demoId(`SELECT id FROM applications WHERE status = 'APPLIED' ORDER BY id LIMIT 1`),
    plan: await demoId(`SELECT id FROM student_payment_plans WHERE application_id = ${application}`),
    refund: await demoId('SELECT id FROM refunds ORDER BY id LIMIT 1'),
    externalPayment: await demoId('SELECT id FROM external_payments ORDER BY id LIMIT 1'),
    outboxMessage: await anEmail(),
    jobSchedule: await demoId("SELECT id FROM job_schedules WHERE type = 'AUTO_PAY' ORDER BY id LIMIT 1"),
    banner: await demoId('SELECT id FROM information_banners ORDER BY id LIMIT 1'),
    communication: await demoId('SELECT id FROM communications ORDER BY id LIMIT 1'),
    coach: await demoId(`SELECT c.id FROM coaches c JOIN users u ON u.id = c.user_id WHERE u.email = 'coach@example.com'`),
    circleType: await demoId('SELECT id FROM coaching_circle_types ORDER BY id LIMIT 1'),
    circle: await demoId('SELECT id FROM coaching_circles ORDER BY id LIMIT 1'),
    group: await demoId('SELECT id FROM coaching_circle_coaches ORDER BY id LIMIT 1'),
    groupSession: await demoId(
      'SELECT s.id FROM coaching_circle_sessions s JOIN coaching_circle_coaches g ON g.coaching_circle_id = s.coaching_circle_id ORDER BY g.id, s.start_date_time LIMIT 1',
    ),
    learningSession: await demoId('SELECT id FROM learning_sessions ORDER BY id LIMIT 1'),
    ...(await aSentCommunication(student)),
  };
}

/**
 * A student of the tests' own with an application in progress on the demo's HCTP product, every step
 * answered (classes, plan, card) and its agreement ready to sign, so each step shows its content.
 */
export async function makeApplicant(adminToken: string): Promise<{ email: string; password: string; applicationId: number; envelopeId: number }> {
  const email = `${unique('e2e.applicant.')}@example.com`;
  const password = 'Student123';
  const student = await api<{ id: number; user: { id: number } }>('POST', '/students', adminToken, {
    user: { email },
    personalInfo: { firstName: 'Ana', lastName: unique('Solicitante') },
    address: { street1: '1 Main St', city: 'Albany', stateCode: 'NY', zip: '12207', countryCode: 'US' },
  });
  await api('PATCH', `/users/${student.user.id}/update_password`, adminToken, { password, passwordConfirmation: password });
  const token = (await api<{ accessToken: string }>('POST', '/auth/signin/customer', null, { email, password })).accessToken;
  const products = await api<{ content: Array<{ id: number }> }>('GET', '/products/by_flow_type/HCTP?size=100', token);
  const application = await api<{ id: number }>('POST', '/applications', token, { productId: products.content[0].id });
  const options = await api<{ programs: Array<{ cohorts: Array<{ id: number }> }>; paymentPlans: Array<{ id: number }> }>('GET', `/applications/${application.id}/options`, token);
  const card = await api<{ id?: string; token?: string }>('POST', '/payment_gateway/sandbox/tokens', token, {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
  });
  const method = await api<{ id: number }>('POST', `/students/${student.id}/payment_methods`, token, { stripeTokenId: card.id ?? card.token });
  await api('PUT', `/applications/${application.id}`, token, {
    cohortIds: options.programs.map((p) => p.cohorts[0].id),
    productPaymentPlanId: options.paymentPlans[options.paymentPlans.length - 1].id,
    paymentMethodId: method.id,
  });
  const envelope = await api<{ id: number }>('POST', `/applications/${application.id}/envelopes`, token);
  return { email, password, applicationId: application.id, envelopeId: envelope.id };
}

/**
 * Issue 18's records for the walks, on products of the tests' own (named 'E2E …'): a student enrolled
 * by staff with a transfer offered to another class (the mover, who signs in to the portal), and
 * another who asked to withdraw.
 */
export async function makeMover(adminToken: string): Promise<{ email: string; password: string; transfer: number; withdrawal: number }> {
  const [a, b] = await makeTransferCatalogue(adminToken);
  const mover = await makeEnrolledStudent(adminToken, a, { firstName: 'Rocio' });
  const leaver = await makeEnrolledStudent(adminToken, a, { firstName: 'Elena' });
  const transfer = await offerTransfer(adminToken, mover.applicationId, b);
  const withdrawal = await api<{ id: number }>('POST', '/withdrawals/hctp', adminToken, { applicationId: leaver.applicationId, reason: 'E2E mudanza' });
  return { email: mover.email, password: mover.password, transfer: transfer.id, withdrawal: withdrawal.id };
}
