import type { Page } from 'playwright-core';
import sqlite3 from 'sqlite3';
import { adminToken, api, makeAdmin, unique } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, ConsoleShell } from './pages/console';
import { ApplicationDrawerPage, ApplicationsListPage, EnrollmentPage, GetStartedPage, PortalApplicationsPage, PortalHomePage } from './pages/enrollment';

/**
 * Enrollment end to end (issue 5, "Done when"): a new student goes from /get-started (the emailed
 * code read from the server's outbox) to a signed, submitted application in the portal — promo code
 * first (a wrong one refused at the field), course, class, personal info, payment plan with the
 * discount in its preview, the agreement signed with the typed name, a sandbox card, submit — and
 * admissions staff take it to ENROLLED in the console (approval, which the signed agreement carries
 * on to SIGNED, then Enroll), with the enrollment and the student payment plan issued.
 */

const currentPage = usePage();
let page: Page;
let token: string;

/** Years ahead of today, so the class stays upcoming and can be sold. */
const YEAR = new Date().getFullYear();
const CLASS_YEAR = YEAR + 1;

/** YYYY-MM-DD of today shifted by `days` (the enrolling window spans today in any time zone). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Arranged = {
  programName: string;
  cohort: { id: number; label: string };
  product: { id: number; name: string };
  productPlanId: number;
  voucherCode: string;
};
let arranged: Arranged;

type ApplicationDto = {
  id: number;
  status: string;
  student: { id: number; email: string; firstName: string; lastName: string; mobilePhone: string | null };
  product: { id: number; name: string };
  applicationCohorts: Array<{ cohortId: number }>;
  productPaymentPlanId: number | null;
  voucher: { code: string } | null;
  voucherDiscount: number | null;
  paymentMethod: { brand: string; last4: string } | null;
  appliedAt: string | null;
  enrolledAt: string | null;
};
type EnvelopeDto = { id: number; status: string; signedName: string | null; signedAt: string | null; signedSha256: string | null; contentSha256: string };
type PlanOption = { id: number; name: string; preview: { principal: number; deposit: number; total: number; interest: number } | null };
type StudentPlanDto = {
  voucherDiscount: number;
  tuitionPrice: number;
  additionalFees: number;
  depositAmount: number;
  installmentAmount: number;
  totalInterest: number;
  totalOwed: number;
  schedules: Array<{ number: number; kind: string; principal: number; interest: number; amount: number }>;
};

/**
 * The program (its flow requires admin approval, personal info and the agreement), a class of it
 * next year, a published HCTP product selling it, enrolling today, with a 12-month interest-bearing
 * plan (deposit $500, APR 9.9 %, tuition $6,000), and a 10 % voucher for everyone.
 */
async function arrange(): Promise<Arranged> {
  const categories = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/business_categories?size=50', token);
  const hctpId = categories.content.find((c) => c.name === 'HCTP')!.id;

  const program = await api<{ id: number; name: string }>('POST', '/programs', token, {
    name: unique('E2E Enrollment Program '),
    businessCategoryId: hctpId,
    cost: 6000,
    language: 'EN',
  });
  await api('PUT', `/programs/${program.id}/enrollment_flow_requirements`, token, [
    { step: 'ADMIN_APPROVAL', required: true },
    { step: 'COMPLETE_PERSONAL_INFO', required: true },
    { step: 'ENROLLMENT_AGREEMENT', required: true },
  ]);
  const cohort = await api<{ id: number; label: string }>('POST', '/cohorts', token, { programId: program.id, startDate: `${CLASS_YEAR}-03-02`, endDate: `${CLASS_YEAR}-12-18` });

  const product = await api<{ id: number; name: string }>('POST', '/products', token, {
    name: unique('E2E Enrollment Course '),
    flowType: 'HCTP',
    cost: 6000,
    cohortIds: [cohort.id],
    enrollingStartDate: isoDay(-2),
    enrollingEndDate: isoDay(365),
  });
  const template = await api<{ id: number }>('POST', `/business_categories/${hctpId}/payment_plans`, token, {
    description: unique('E2E 12 months '),
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_TERMS',
    depositAmount: 500,
    totalTerm: 12,
    annualPercentageRate: 9.9,
    tuitionPrice: 6000,
  });
  const productPlan = await api<{ id: number }>('POST', `/products/${product.id}/product_payment_plans`, token, {
    paymentPlanId: template.id,
    shortDescription: '12 monthly payments',
  });
  await api('POST', `/products/${product.id}/publish`, token);

  const voucherCode = unique('E2E-PROMO-').toUpperCase();
  await api('POST', '/vouchers', token, { code: voucherCode, description: 'E2E 10 % off', discountKind: 'PERCENT_OFF', discountValue: 10, scope: 'ALL' });
  return { programName: program.name, cohort, product, productPlanId: productPlan.id, voucherCode };
}

/** The newest email to `address` in the server's outbox (read-only: the server runs SQLite in WAL mode). */
async function newestEmailTo(address: string): Promise<string | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url?.startsWith('sqlite:')) throw new Error('E2E_DATABASE_URL is not set: run the browser suite with `npm run test:e2e`');
  const file = url.slice('sqlite:'.length);
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (opened) => {
      if (opened) return reject(opened);
      db.get<{ text_body: string }>('SELECT text_body FROM outbox_messages WHERE to_address = ? ORDER BY id DESC LIMIT 1', [address], (failed, row) => {
        db.close();
        if (failed) reject(failed);
        else resolve(row?.text_body ?? null);
      });
    });
  });
}

/** The 6-digit code of the verification email sent to `address` (waited for). */
async function verificationCode(address: string): Promise<string> {
  const until = Date.now() + 15_000;
  let body: string | null = null;
  while (Date.now() < until) {
    body = await newestEmailTo(address);
    const code = body && /verification code is (\d{6})\b/.exec(body)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification code emailed to ${address}; newest email: ${JSON.stringify(body)}`);
}

beforeAll(async () => {
  token = await adminToken();
  arranged = await arrange();
});

beforeEach(() => {
  page = currentPage();
});

describe('enrollment', () => {
  test('get started: a reload on the code step stays on it, and the emailed code then signs the new student in', async () => {
    const email = `${unique('e2e.reload.')}@example.com`;
    const signUp = new GetStartedPage(page);
    await signUp.goto();
    await signUp.fill({ language: 'English', firstName: 'Reina', lastName: 'Reload', email, password: 'Student123' });
    await signUp.submit();
    await signUp.codeForm().waitFor();
    const code = await verificationCode(email);

    await page.reload();
    await signUp.codeForm().waitFor();
    await page.getByText(`We sent a verification code to ${email}.`, { exact: false }).waitFor();
    await expect(page.evaluate('JSON.stringify(sessionStorage) + JSON.stringify(localStorage)')).resolves.not.toContain('Student123');
    await signUp.enterCode(code);
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: /Reina/ }).waitFor();
    const me = await api<{ student: { personalInfo: { firstName: string }; user: { email: string } } }>(
      'GET',
      '/auth/me',
      await page.evaluate("JSON.parse(localStorage.getItem('hci.portal.session')).accessToken"),
    );
    expect(me.student).toMatchObject({ personalInfo: { firstName: 'Reina' }, user: { email } });

    // Signed in, the step is forgotten: /get-started is the sign-up form again.
    await page.goto('/get-started');
    await signUp.form().waitFor();
  }, 120_000);

  test('a new student enrolls with a promo code in the portal, and admissions take the application to Enrolled in the console', async () => {
    const { product, cohort, productPlanId, voucherCode } = arranged;
    const firstName = 'Marisol';
    const lastName = `Enrollee ${unique('x').replace(/\d/g, '')}`;
    const email = `${unique('e2e.enroll.')}@example.com`;
    const password = 'Student123';

    // ---- Get started: the details, then the code the server emailed (its outbox).
    const signUp = new GetStartedPage(page);
    await signUp.goto();
    await signUp.fill({ language: 'English', firstName, lastName, email, password });
    await signUp.submit();
    await signUp.codeForm().waitFor();
    await signUp.enterCode(await verificationCode(email));
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: new RegExp(firstName) }).waitFor();

    // ---- Start enrollment with a promo code: a wrong code is refused at the field, the right one goes through.
    await new PortalHomePage(page).startWithPromoCode();
    const steps = new EnrollmentPage(page);
    await steps.waitForStep('Select course');
    await steps.typePromoCode('NOT-A-REAL-CODE');
    await steps.chooseCourse(product.name);
    await steps.next();
    await page.getByText('Invalid promo code').first().waitFor();
    await expect(steps.helperTextOf('Promo code')).resolves.toBe('Invalid promo code');
    await page.getByText(`Your application for ${product.name} has been created.`).waitFor();
    await steps.typePromoCode(voucherCode.toLowerCase());
    await expect(steps.field('Promo code').inputValue()).resolves.toBe(voucherCode);
    await steps.next();

    // ---- Select class.
    await steps.waitForStep('Select class');
    const applicationId = steps.applicationId();
    const withCode = await api<ApplicationDto>('GET', `/applications/${applicationId}`, token);
    expect(withCode).toMatchObject({ status: 'CREATED', product: { id: product.id }, voucher: { code: voucherCode }, voucherDiscount: 600 });
    await steps.chooseClass(cohort.label);
    await steps.next();

    // ---- Personal info.
    await steps.waitForStep('Personal info');
    await expect(steps.field('First name').inputValue()).resolves.toBe(firstName);
    await steps.fillPersonalInfo({
      dateOfBirth: '04-15-1990',
      mobilePhone: '+1 212 555 0142',
      street: '350 Fifth Avenue',
      city: 'New York',
      countryCode: 'US',
      stateCode: 'NY',
      zip: '10118',
    });
    await steps.next();

    // ---- Payment plan: the preview already has the promo code's 10 % off.
    await steps.waitForStep('Payment plan');
    const options = await api<{ paymentPlans: PlanOption[] }>('GET', `/applications/${applicationId}/options`, token);
    const plan = options.paymentPlans.find((p) => p.id === productPlanId)!;
    expect(plan.preview).toMatchObject({ principal: 5400, deposit: 500 });
    await expect(steps.promoApplied().textContent()).resolves.toBe(`Promo code ${voucherCode} applied: you save $600.00.`);
    const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const terms = await steps.planTerms(productPlanId).textContent();
    expect(terms).toContain('Deposit $500.00');
    expect(terms).toContain('12 monthly installments of');
    expect(terms).toContain('APR 9.9 %');
    expect(terms).toContain(`Total ${money(plan.preview!.total)}`);
    await steps.choosePlan(plan.name);
    await screenshot(page, 'portal-enrollment-plan');
    await steps.next();

    // ---- Read and sign the agreement.
    await steps.waitForStep('Read and sign agreement');
    await steps.agreementText().filter({ hasText: product.name }).waitFor();
    await expect(steps.agreementText().textContent()).resolves.toContain(`${firstName} ${lastName}`);
    await expect(page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).resolves.toBe(true);
    await steps.signAgreement(`${firstName} ${lastName}`);
    await steps.next();

    // ---- Payment method: a sandbox card, not charged until the application is accepted.
    await steps.waitForStep('Payment method');
    await page.getByText('The credit card is not charged until the application is accepted.').first().waitFor();
    const expYear = (YEAR + 3) % 100;
    await steps.addCard({ number: '4242 4242 4242 4242', expiry: `12/${expYear}`, cvc: '123' });
    const card = steps.card(`Visa •••• 4242, expires 12/${expYear}`);
    await card.waitFor();
    await expect(card.isChecked()).resolves.toBe(true);
    await steps.next();

    // ---- Submit application: the review, then the congratulations page.
    await steps.waitForStep('Submit application');
    await expect(steps.review('course').textContent()).resolves.toBe(product.name);
    await expect(steps.review('promo').textContent()).resolves.toBe(`${voucherCode} (−$600.00)`);
    await expect(steps.review('agreement').textContent()).resolves.toBe('Signed');
    await expect(steps.review('card').textContent()).resolves.toBe('Visa •••• 4242');
    await steps.submit();
    const congrats = steps.congratulations();
    await expect(congrats.body.textContent()).resolves.toBe(`Your application for ${product.name} has been submitted.`);
    await expect(congrats.status.textContent()).resolves.toMatch(/^Application status: Applied · submitted /);
    await expect(congrats.messages.allTextContents()).resolves.toEqual([
      'Admissions reply within 48 hours.',
      'Enrollment confirmation takes 1-2 business days.',
      'The credit card is not charged until the application is accepted.',
    ]);
    await congrats.pending.getByText('You have no agreements waiting for your signature.').waitFor();
    await screenshot(page, 'portal-enrollment-congratulations');

    // ---- The menu's Enrollment now shows the submitted application and what happens next, not an empty wizard.
    const mine = new PortalApplicationsPage(page);
    await mine.openFromMenu();
    await mine.application(product.name).waitFor();
    await expect(mine.detail(product.name, 'Classes').textContent()).resolves.toContain(cohort.label);
    await expect(mine.detail(product.name, 'Payment plan').textContent()).resolves.toBe(plan.name);
    await expect(mine.detail(product.name, 'Status').textContent()).resolves.toBe('Applied');
    await expect(mine.nextStep(product.name).textContent()).resolves.toBe('What happens nextAdmissions are reviewing your application. They reply within 48 hours.');
    await expect(page.getByRole('navigation', { name: 'Enrollment steps' }).count()).resolves.toBe(0);
    await expect(page.getByRole('radio').count()).resolves.toBe(0);

    // ---- The server's side: APPLIED (admin approval pending), the promo code kept, the agreement signed.
    const applied = await api<ApplicationDto>('GET', `/applications/${applicationId}`, token);
    expect(applied).toMatchObject({
      status: 'APPLIED',
      voucher: { code: voucherCode },
      voucherDiscount: 600,
      productPaymentPlanId: productPlanId,
      paymentMethod: { brand: 'visa', last4: '4242' },
      student: { email, firstName, lastName, mobilePhone: '+12125550142' },
      applicationCohorts: [{ cohortId: cohort.id }],
    });
    expect(applied.appliedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    const envelopes = await api<EnvelopeDto[]>('GET', `/applications/${applicationId}/envelopes`, token);
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]).toMatchObject({ status: 'SIGNED', signedName: `${firstName} ${lastName}` });
    expect(envelopes[0].signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(envelopes[0].signedSha256).toBe(envelopes[0].contentSha256);

    // ---- Console, admissions: find the application, approve it (the signed agreement takes it on to Signed), enroll it.
    const admissions = await makeAdmin(token, ['ADMISSIONS']);
    await page.evaluate("localStorage.removeItem('hci.admin.session')");
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn(admissions.email, admissions.password);
    await page.waitForURL('**/admin/dashboard');
    await new ConsoleShell(page).menuLink(/Enrollments/).waitFor();

    const list = new ApplicationsListPage(page);
    await list.goto();
    await list.chip('statuses').waitFor();
    await list.removeChip('statuses');
    await list.search(email);
    await list.openOnlyRow(email);
    const drawer = new ApplicationDrawerPage(page);
    await drawer.title().filter({ hasText: product.name }).waitFor();
    await drawer.waitForStatus('Applied');

    await drawer.move('Approve: send to sign', 'Waiting to sign', 'Signed');
    await drawer.waitForStatus('Signed');
    expect((await api<ApplicationDto>('GET', `/applications/${applicationId}`, token)).status).toBe('SIGNED');

    await drawer.move('Enroll', 'Enrolled');
    await drawer.waitForStatus('Enrolled');
    await drawer.status().scrollIntoViewIfNeeded();
    await screenshot(page, 'console-application-enrolled');

    // ---- The server's side: enrolled, one active enrollment in the class, the payment plan issued with the discount.
    const enrolled = await api<ApplicationDto>('GET', `/applications/${applicationId}`, token);
    expect(enrolled.status).toBe('ENROLLED');
    expect(Date.parse(enrolled.enrolledAt as string)).toBeGreaterThanOrEqual(Date.parse(applied.appliedAt as string));
    const enrollments = await api<{ content: Array<{ applicationId: number; cohortId: number; status: string }> }>('GET', `/enrollments?studentId=${enrolled.student.id}`, token);
    expect(enrollments.content).toEqual([expect.objectContaining({ applicationId, cohortId: cohort.id, status: 'ACTIVE' })]);

    const plans = await api<StudentPlanDto[]>('GET', `/applications/${applicationId}/payment_plans`, token);
    expect(plans).toHaveLength(1);
    const issued = plans[0];
    expect(issued.voucherDiscount).toBeGreaterThan(0);
    expect(issued).toMatchObject({ voucherDiscount: 600, tuitionPrice: 6000, depositAmount: 500 });
    expect(issued.schedules).toHaveLength(13);
    expect(issued.schedules.map((s) => s.kind)).toEqual(['DEPOSIT', ...Array(12).fill('INSTALLMENT')]);
    const cents = (n: number) => Math.round(n * 100);
    const principalCents = cents(issued.tuitionPrice) + cents(issued.additionalFees ?? 0) - cents(issued.voucherDiscount);
    expect(principalCents).toBe(cents(issued.totalOwed) - cents(issued.totalInterest));
    expect(issued.schedules.reduce((sum, s) => sum + cents(s.principal), 0)).toBe(principalCents);
    expect(issued.schedules.every((s) => s.principal >= 0 && s.interest >= 0)).toBe(true);
    expect(cents(issued.totalOwed)).toBe(cents(plan.preview!.total));

    // ---- The drawer's Payment plan tab shows the issued plan: a deposit and 12 installments.
    await drawer.openTab('Payment plan');
    const planTab = drawer.root().getByTestId('application-payment-plans');
    await planTab.getByRole('table').locator('tbody tr').nth(12).waitFor();
    await expect(planTab.getByRole('table').locator('tbody tr').count()).resolves.toBe(13);
    await expect(planTab.textContent()).resolves.toContain(`12 installments of ${money(issued.installmentAmount)}`);

    // ---- Back in the portal, the Enrollment item says the enrollment is confirmed and leads to the payments.
    await page.goto('/enroll');
    await mine.application(product.name).waitFor();
    await mine
      .detail(product.name, 'Status')
      .filter({ hasText: /^Enrolled$/ })
      .waitFor();
    await mine.nextStep(product.name).getByRole('link', { name: 'Go to payments', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/payment-information');
  }, 300_000);
});
