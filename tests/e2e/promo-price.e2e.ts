import type { Page } from 'playwright-core';
import { adminToken, api, unique } from './support/api';
import { screenshot, usePage } from './support/browser';
import { EnrollmentPage, PortalHomePage } from './pages/enrollment';
import { PortalLoginPage } from './pages/portal';

/**
 * The promo price (issue 15, critical): on the demo's flagship product, WELCOME10 (10 % off) takes
 * 10 % of the chosen plan's own principal — $585.00 of the pay-in-full plan's $5,850.00 (its $500
 * pay-in-full credit taken first), $635.00 of the monthly plan's $6,350.00 — and the student reads the
 * same figures on the plan step, in the agreement they sign (also after switching plans back and
 * forth) and in the plan issued when the school accepts the application.
 */

const currentPage = usePage();
let page: Page;
let token: string;

const YEAR = new Date().getFullYear();

type PlanOption = { id: number; name: string; voucherDiscount: number | null };
type StudentPlan = { voucherDiscount: number; installmentAmount: number; totalOwed: number; depositAmount: number; schedules: Array<{ kind: string; amount: number }> };

/** A student who can sign in, with the personal info the flagship's flow asks for already on file. */
async function makeStudent() {
  const email = `${unique('e2e.promo.')}@example.com`;
  const password = 'Student123';
  const student = await api<{ id: number; user: { id: number } }>('POST', '/students', token, {
    user: { email },
    personalInfo: { firstName: 'Paloma', lastName: unique('Promo').replace(/\d/g, ''), dateOfBirth: '1991-06-20' },
    contactInfo: { mobilePhone: '+12125550177' },
    address: { street1: '20 W 34th St', city: 'New York', stateCode: 'NY', zip: '10001', countryCode: 'US' },
  });
  await api('PATCH', `/users/${student.user.id}/update_password`, token, { password, passwordConfirmation: password });
  return { email, password, id: student.id };
}

beforeAll(async () => {
  token = await adminToken();
});

beforeEach(() => {
  page = currentPage();
});

describe('promo price', () => {
  test('WELCOME10 on the flagship: the plan step, the agreement (after switching plans back and forth) and the issued plan say the same figures', async () => {
    const products = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/products/by_flow_type/HCTP?size=100', token);
    const flagship = products.content.find((p) => p.name.startsWith('Health Coach Training Program ('))!;
    expect(flagship).toBeDefined();
    const student = await makeStudent();

    // ---- Sign in, start with the promo code on the flagship, choose its first class.
    const login = new PortalLoginPage(page);
    await login.goto();
    await login.signIn(student.email, student.password);
    await page.waitForURL('**/home');
    await new PortalHomePage(page).startWithPromoCode();
    const steps = new EnrollmentPage(page);
    await steps.waitForStep('Select course');
    await steps.typePromoCode('welcome10');
    await steps.chooseCourse(flagship.name);
    await steps.next();
    await steps.waitForStep('Select class');
    const applicationId = steps.applicationId();
    await page.getByRole('radio').first().check();
    await steps.next();

    // ---- Personal info (on file) and the questionnaire.
    await steps.waitForStep('Personal info');
    await steps.next();
    await steps.answerQuestionnaire({ motivation: 'To coach my community', background: 'Yoga teacher', source: 'Podcast' });
    await steps.next();

    // ---- The plan step: each plan says what the code saves on it, and its own figures.
    await steps.waitForStep('Payment plan');
    const options = await api<{ paymentPlans: PlanOption[] }>('GET', `/applications/${applicationId}/options`, token);
    const payInFull = options.paymentPlans.find((p) => p.name === 'Pay in full')!;
    const monthly = options.paymentPlans.find((p) => p.name === '12 monthly payments')!;
    await expect(steps.planTerms(payInFull.id).textContent()).resolves.toContain('You save $585.00 · One payment of $5,265.00 · APR 0 % · Total interest $0.00 · Total $5,265.00');
    await expect(steps.planTerms(monthly.id).textContent()).resolves.toContain(
      'You save $635.00 · Deposit $500.00 · 12 monthly installments of $434.59 · APR 0 % · Total interest $0.00 · Total $5,715.00',
    );
    await expect(steps.promoApplied().textContent()).resolves.toBe('Promo code WELCOME10 applied: each plan shows what you save on it.');

    const monthlyAgreement = [
      'Voucher discount (WELCOME10): -$635.00',
      'Total principal: $5,715.00',
      'Deposit: $500.00',
      'Installments: 11 monthly installments of $434.59, then 1 of $434.51',
      'Total of payments: $5,715.00',
    ];
    const payInFullAgreement = ['Voucher discount (WELCOME10): -$585.00', 'Total principal: $5,265.00', 'Payment: one payment of $5,265.00', 'Total of payments: $5,265.00'];

    /** Chooses a plan, checks the sentence under the code, goes on and reads the agreement. */
    const chooseAndRead = async (plan: PlanOption, saving: string, lines: string[]) => {
      await steps.choosePlan(plan.name);
      await expect(steps.promoApplied().textContent()).resolves.toBe(`Promo code WELCOME10 applied: you save ${saving}.`);
      await steps.next();
      await steps.waitForStep('Read and sign agreement');
      const text = steps.agreementText();
      await text.filter({ hasText: lines[0] }).waitFor();
      const content = (await text.textContent()) ?? '';
      for (const line of lines) expect(content).toContain(line);
    };

    await chooseAndRead(monthly, '$635.00', monthlyAgreement);
    await screenshot(page, 'portal-promo-agreement');
    await steps.back();
    await steps.waitForStep('Payment plan');
    await chooseAndRead(payInFull, '$585.00', payInFullAgreement);
    await steps.back();
    await steps.waitForStep('Payment plan');
    await expect(steps.planTerms(monthly.id).textContent()).resolves.toContain('You save $635.00 · Deposit $500.00 · 12 monthly installments of $434.59');
    await chooseAndRead(monthly, '$635.00', monthlyAgreement);
    await steps.signAgreement(`Paloma ${(await api<{ personalInfo: { lastName: string } }>('GET', `/students/${student.id}`, token)).personalInfo.lastName}`);
    await steps.next();

    // ---- Card, review, submit.
    await steps.waitForStep('Payment method');
    const expYear = (YEAR + 3) % 100;
    await steps.addCard({ number: '4242 4242 4242 4242', expiry: `12/${expYear}`, cvc: '123' });
    await steps.card(`Visa •••• 4242, expires 12/${expYear}`).waitFor();
    await steps.next();
    await steps.waitForStep('Submit application');
    await expect(steps.review('plan').textContent()).resolves.toBe('12 monthly payments');
    await expect(steps.review('promo').textContent()).resolves.toBe('WELCOME10 (−$635.00)');
    await steps.submit();

    // ---- The school accepts it: the issued plan is the one the student read.
    const machine = ['APPLIED', 'WAITING_TO_SIGN', 'SIGNED', 'ENROLLED'];
    for (let moves = 0; moves < machine.length; moves++) {
      const { status } = await api<{ status: string }>('GET', `/applications/${applicationId}`, token);
      if (status === 'ENROLLED') break;
      await api('PATCH', `/applications/${applicationId}/status?status=${machine[machine.indexOf(status) + 1]}`, token);
    }
    expect((await api<{ status: string }>('GET', `/applications/${applicationId}`, token)).status).toBe('ENROLLED');
    const [issued] = await api<StudentPlan[]>('GET', `/applications/${applicationId}/payment_plans`, token);
    expect(issued).toMatchObject({ voucherDiscount: 635, depositAmount: 500, installmentAmount: 434.59, totalOwed: 5715 });
    expect(issued.schedules.map((s) => s.amount)).toEqual([500, ...Array(11).fill(434.59), 434.51]);
  }, 300_000);
});
