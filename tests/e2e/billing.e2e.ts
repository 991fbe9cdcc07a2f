import type { Page } from 'playwright-core';
import { adminToken, api, DEMO_PASSWORD, makeStudent, unique } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage } from './pages/console';
import { PortalLoginPage } from './pages/portal';
import { ConsolePlanDrawer, ExternalPaymentsPage, MakePaymentPage, PortalPaymentInformationPage, RefundsPage } from './pages/billing';

/**
 * Billing end to end (issue 6, "Done when"): a student pays an installment in the portal; staff
 * record a check and approve a refund in the console. The data is arranged through the real API: a
 * product with an interest-bearing plan (deposit $500, 12 months at 9.9 %), a student with a sandbox
 * card and an application taken to ENROLLED by staff, which issues the plan and charges the deposit
 * to the card. Then:
 * 1. the student, in the portal: Settings → Payment information shows the plan; Make a payment →
 *    'Pay next installment' with the card → the confirmation with the posting note; the account
 *    history shows the payment with the balance after it;
 * 2. finance (the demo finance user), in the console: the plan's schedule → record a check on the
 *    next entry → External payments → Accept; the plan's paid total moves by exactly the check;
 * 3. finance: Refunds → New refund for the application → Approve → Submit as External with a
 *    reference; the refund is completed and the plan's refunds move by exactly its amount.
 * Every amount is checked to the cent against the API.
 */

const currentPage = usePage();
let page: Page;
let token: string;

const YEAR = new Date().getFullYear();
const FINANCE = { email: 'finance@example.com', password: DEMO_PASSWORD };
const STUDENT_PASSWORD = 'Student123';

/** YYYY-MM-DD of today shifted by `days` (the enrolling window spans today in any time zone). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The school's today (America/New_York), as the server's `schoolToday()`. */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** YYYY-MM-DD → MM-DD-YYYY, as both UIs write dates. */
const display = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
const cents = (n: number) => Math.round(n * 100);
/** Dollars as both UIs write them in English: `$1,234.50`. */
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Entry = { id: number; number: number; kind: string; dueDate: string; amount: number; taxAmount: number; paidAmount: number; amountDue: number; status: string };
type Plan = {
  id: number;
  name: string;
  applicationId: number;
  studentId: number;
  status: string;
  totalOwed: number;
  totalPaid: number;
  totalRefunds: number;
  balance: number;
  depositAmount: number;
  amountDueNow: number;
  nextPaymentSchedule: { id: number; number: number; dueDate: string; amountDue: number } | null;
  breakdown: { totalPaid: number; totalRefunded: number; additionalRefund: number };
  schedules: Entry[];
};
type Payment = {
  id: number;
  type: string;
  channel: string;
  amount: number;
  status: string;
  cardLast4: string | null;
  paymentScheduleId: number | null;
  referenceNumber: string | null;
};
type LedgerRow = { id: number; kind: string; total: number; accountBalance: number; last4: string | null; referenceNumber: string | null };
type ExternalPayment = {
  id: number;
  status: string;
  method: string;
  paymentAmount: number;
  paymentDate: string;
  referenceNumber: string | null;
  paymentId: number | null;
  paymentScheduleId: number;
};
type Refund = {
  id: number;
  applicationId: number;
  status: string;
  refundStatus: string;
  source: string;
  refundType: string | null;
  referenceNumber: string | null;
  amountToBeRefunded: number;
  taxToBeRefunded: number;
  totalToBeRefunded: number;
  totalRefunded: number;
};
type Page_<T> = { content: T[]; pagination: { total: number } };

type Arranged = {
  student: { id: number; email: string; firstName: string; lastName: string };
  applicationId: number;
  productName: string;
  planId: number;
  card: { id: number; label: string };
};
let arranged: Arranged;

const plan = () => api<Plan>('GET', `/payment_plans/${arranged.planId}`, token);

/** Polls the plan until `ok` holds (the deposit is charged after the enrollment commits). */
async function planWhen(ok: (p: Plan) => boolean, what: string): Promise<Plan> {
  const end = Date.now() + 20_000;
  let last = await plan();
  while (!ok(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    last = await plan();
  }
  if (!ok(last)) throw new Error(`${what}: plan ${JSON.stringify({ status: last.status, totalPaid: last.totalPaid, balance: last.balance })}`);
  return last;
}

/** Σ over the schedule, in cents: what the ledger invariants say of a plan. */
function expectConsistent(p: Plan) {
  const entries = p.schedules;
  expect(entries.reduce((s, e) => s + cents(e.paidAmount), 0)).toBe(cents(p.totalPaid));
  expect(entries.reduce((s, e) => s + cents(e.amount) + cents(e.taxAmount) - cents(e.paidAmount), 0)).toBe(cents(p.balance));
  expect(cents(p.breakdown.totalPaid)).toBe(cents(p.totalPaid));
  expect(cents(p.breakdown.totalRefunded)).toBe(cents(p.totalRefunds));
}

/**
 * A program without enrollment steps, a class of it next year, a published product enrolling today
 * with the 12-month interest-bearing plan; a student who can sign in to the portal, with a sandbox
 * Visa; the application (class, plan, card) submitted and enrolled by staff. Answers once the
 * deposit is charged.
 */
async function arrange(): Promise<Arranged> {
  const categories = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/business_categories?size=50', token);
  const hctpId = categories.content.find((c) => c.name === 'HCTP')!.id;
  const program = await api<{ id: number }>('POST', '/programs', token, { name: unique('E2E Billing Program '), businessCategoryId: hctpId, cost: 6000, language: 'EN' });
  await api('PUT', `/programs/${program.id}/enrollment_flow_requirements`, token, []);
  const cohort = await api<{ id: number }>('POST', '/cohorts', token, { programId: program.id, startDate: `${YEAR + 1}-03-02`, endDate: `${YEAR + 1}-12-18` });
  const product = await api<{ id: number; name: string }>('POST', '/products', token, {
    name: unique('E2E Billing Course '),
    flowType: 'HCTP',
    cost: 6000,
    cohortIds: [cohort.id],
    enrollingStartDate: isoDay(-2),
    enrollingEndDate: isoDay(365),
  });
  const template = await api<{ id: number }>('POST', `/business_categories/${hctpId}/payment_plans`, token, {
    description: unique('E2E Billing 12 months '),
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

  const firstName = 'Valeria';
  const lastName = unique('Payer');
  const student = await makeStudent(token, { firstName, lastName, city: 'Boston', password: STUDENT_PASSWORD });
  const card = await api<{ id: number; brand: string; last4: string; expMonth: number; expYear: number }>('POST', `/students/${student.id}/payment_methods`, token, {
    stripeTokenId: 'tok_visa',
  });
  const application = await api<{ id: number }>('POST', '/applications', token, { studentId: student.id, productId: product.id });
  await api('PUT', `/applications/${application.id}`, token, { cohortIds: [cohort.id], productPaymentPlanId: productPlan.id, paymentMethodId: card.id });
  // Submitted; with no approval or agreement required it goes on to Signed by itself.
  const applied = await api<{ status: string }>('PATCH', `/applications/${application.id}/status?status=APPLIED`, token);
  expect(applied.status).toBe('SIGNED');
  const enrolled = await api<{ status: string }>('PATCH', `/applications/${application.id}/status?status=ENROLLED`, token);
  expect(enrolled.status).toBe('ENROLLED');

  const plans = await api<Plan[]>('GET', `/applications/${application.id}/payment_plans`, token);
  expect(plans).toHaveLength(1);
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
  return {
    student: { id: student.id, email: student.email, firstName, lastName },
    applicationId: application.id,
    productName: product.name,
    planId: plans[0].id,
    card: { id: card.id, label: `${brand} •••• ${card.last4}, expires ${expiry}` },
  };
}

beforeAll(async () => {
  token = await adminToken();
  arranged = await arrange();
  // ENROLLED charged the deposit (entry #1) to the card once the enrollment committed.
  const charged = await planWhen((p) => cents(p.totalPaid) === cents(p.depositAmount), 'deposit charged');
  expect(charged.schedules[0]).toMatchObject({ number: 1, kind: 'DEPOSIT', status: 'PAID' });
  expect(charged.nextPaymentSchedule).toMatchObject({ number: 2 });
}, 120_000);

beforeEach(() => {
  page = currentPage();
});

describe('billing', () => {
  test('a student pays the next installment in the portal and sees it in the account history', async () => {
    const before = await plan();
    expectConsistent(before);
    const next = before.nextPaymentSchedule!;
    const nextEntry = before.schedules.find((e) => e.id === next.id)!;
    expect(nextEntry).toMatchObject({ number: 2, kind: 'INSTALLMENT', status: 'PENDING' });
    expect(cents(next.amountDue)).toBe(cents(nextEntry.amount) + cents(nextEntry.taxAmount));

    // ---- Sign in; Settings → Payment information: the plan's overview.
    const login = new PortalLoginPage(page);
    await login.goto('/login');
    await login.signIn(arranged.student.email, STUDENT_PASSWORD);
    await page.waitForURL('**/home');
    const info = new PortalPaymentInformationPage(page);
    await info.openFromSettings();
    await info.overview(before.name).waitFor();
    await expect(info.term('planStatus').textContent()).resolves.toBe('Active');
    await expect(info.term('balance').textContent()).resolves.toBe(money(before.balance));
    await expect(info.term('nextPayment').textContent()).resolves.toBe(`${money(next.amountDue)} due ${display(next.dueDate)}`);
    await expect(info.term('amountDueNow').textContent()).resolves.toBe(money(before.amountDueNow));
    await screenshot(page, 'portal-payment-information');

    // ---- Make a payment: the next installment, with the card on file.
    await info.makePayment(before.name);
    const pay = new MakePaymentPage(page);
    await pay.waitForForm();
    await pay.kind('Pay next installment').check();
    await expect(pay.kindHint().textContent()).resolves.toBe(`Installment 2, due ${display(next.dueDate)}: ${money(next.amountDue)}.`);
    await expect(pay.card(arranged.card.label).isChecked()).resolves.toBe(true);
    await screenshot(page, 'portal-make-payment');
    await pay.pay(money(next.amountDue));
    const done = pay.done();
    await expect(done.heading.textContent()).resolves.toBe('Thank you, your payment was received');
    await expect(done.summary.textContent()).resolves.toBe(`Installment of ${money(next.amountDue)} with Visa •••• 4242.`);
    await expect(done.postingNote.textContent()).resolves.toBe('A card payment typically posts in 1-2 days. A bank payment takes 3 days.');
    await screenshot(page, 'portal-payment-received');

    // ---- The server's side: one accepted card payment of exactly the installment; the plan moved by it.
    const after = await plan();
    expectConsistent(after);
    expect(cents(after.totalPaid)).toBe(cents(before.totalPaid) + cents(next.amountDue));
    expect(cents(after.balance)).toBe(cents(before.balance) - cents(next.amountDue));
    expect(after.schedules.find((e) => e.id === next.id)).toMatchObject({ status: 'PAID', paidAmount: next.amountDue });
    expect(after.nextPaymentSchedule).toMatchObject({ number: 3 });
    const payments = await api<Page_<Payment>>('GET', `/students/${arranged.student.id}/payments?applicationId=${arranged.applicationId}`, token);
    const installment = payments.content.filter((p) => p.type === 'INSTALLMENT');
    expect(installment).toEqual([expect.objectContaining({ status: 'ACCEPTED', channel: 'CARD', amount: next.amountDue, cardLast4: '4242', paymentScheduleId: next.id })]);

    // ---- Back to payment information → Account history: the payment line with the balance after it.
    await done.back.click();
    await info.sections().waitFor();
    await expect(info.term('balance').textContent()).resolves.toBe(money(after.balance));
    await info.openSection('Account history');
    await info.accountHistory().waitFor();
    const ledger = await api<Page_<LedgerRow>>('GET', `/students/${arranged.student.id}/account_history?applicationId=${arranged.applicationId}&size=10`, token);
    expect(ledger.content.map((r) => r.kind)).toEqual(['PLAN_ISSUED', 'PAYMENT', 'PAYMENT']);
    const paymentLine = ledger.content[2];
    expect(cents(paymentLine.total)).toBe(cents(next.amountDue));
    expect(cents(paymentLine.accountBalance)).toBe(cents(after.balance));

    const headers = await info.accountHistoryHeaders();
    const col = (name: string) => headers.indexOf(name);
    expect(col('Total')).toBeGreaterThan(-1);
    const rows = await info.accountHistoryRows();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[col('Description')])).toEqual([expect.stringMatching(/^Plan issued/), expect.stringMatching(/^Payment/), expect.stringMatching(/^Payment/)]);
    expect(rows[0][col('Account balance')]).toBe(money(before.totalOwed));
    expect(rows[1][col('Total')]).toBe(money(before.depositAmount));
    expect(rows[1][col('Account balance')]).toBe(money(before.balance));
    expect(rows[2][col('Total')]).toBe(money(next.amountDue));
    expect(rows[2][col('Account balance')]).toBe(money(after.balance));
    expect(rows[2][col('Card or bank last 4')]).toBe('4242');
    await screenshot(page, 'portal-account-history');

    // ---- CRM history: the application's status changes as reported to the CRM, newest first.
    await info.openSection('CRM history');
    await info.crmHistory().waitFor();
    const crm = await info.crmHistoryRows();
    expect(crm[0][1]).toBe('Application status: Signed → Enrolled');
    expect(crm.map((r) => r[1])).toContain('Application status: Created → Applied');
    expect(crm.every((r) => ['Delivered', 'Waiting to be sent', 'Being sent'].includes(r[2]))).toBe(true);
    await screenshot(page, 'portal-crm-history');
  }, 180_000);

  test('finance records a check on the next installment and accepts it in the console', async () => {
    const before = await plan();
    expectConsistent(before);
    const next = before.nextPaymentSchedule!;
    const reference = unique('CHK-').toUpperCase();
    const today = schoolToday();

    // ---- The plan's drawer → Schedule → record a check on the next entry.
    await new ConsoleLoginPage(page).signInToDashboard(FINANCE.email, FINANCE.password);
    const drawer = new ConsolePlanDrawer(page);
    await drawer.goto(arranged.planId);
    await drawer
      .title()
      .filter({ hasText: `${before.name} · ${arranged.student.firstName} ${arranged.student.lastName}` })
      .waitFor();
    await drawer.openTab('Schedule');
    await expect(drawer.entryCells(next.id)).resolves.toEqual(
      expect.arrayContaining([String(next.number), 'Installment', display(next.dueDate), money(next.amountDue), 'Pending']),
    );
    await drawer.recordExternalPayment(next.number, { method: 'Check', amount: next.amountDue.toFixed(2), date: display(today), reference, comment: 'Mailed check' });

    const recorded = await api<Page_<ExternalPayment>>('POST', '/external_payments/find_by_criteria?size=10', token, { students: [arranged.student.id] });
    expect(recorded.content).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        method: 'CHECK',
        paymentAmount: next.amountDue,
        paymentDate: today,
        referenceNumber: reference,
        paymentId: null,
        paymentScheduleId: next.id,
      }),
    ]);
    expect(cents((await plan()).totalPaid)).toBe(cents(before.totalPaid)); // pending: not counted yet

    // ---- External payments: the student's one payment (searched by email), with its reference; Accept.
    const list = new ExternalPaymentsPage(page);
    await list.goto();
    await list.search(arranged.student.email);
    await list.openOnlyRow(reference);
    await list.drawer.waitForStatus('Pending');
    await expect(list.drawer.amount().textContent()).resolves.toContain(money(next.amountDue));
    await screenshot(page, 'console-external-payment-pending');
    await list.drawer.accept();
    await list.drawer.waitForStatus('Accepted');
    await screenshot(page, 'console-external-payment-accepted');

    // ---- The server's side: accepted, an EXTERNAL payment by check; the plan's paid total moved by exactly the check.
    const accepted = await api<ExternalPayment>('GET', `/external_payments/${recorded.content[0].id}`, token);
    expect(accepted).toMatchObject({ status: 'ACCEPTED', paymentAmount: next.amountDue });
    expect(accepted.paymentId).toEqual(expect.any(Number));
    const after = await plan();
    expectConsistent(after);
    expect(cents(after.totalPaid) - cents(before.totalPaid)).toBe(cents(next.amountDue));
    expect(cents(before.balance) - cents(after.balance)).toBe(cents(next.amountDue));
    expect(after.schedules.find((e) => e.id === next.id)).toMatchObject({ status: 'PAID', paidAmount: next.amountDue });
    const payments = await api<Page_<Payment>>('GET', `/students/${arranged.student.id}/payments?applicationId=${arranged.applicationId}`, token);
    expect(payments.content.find((p) => p.id === accepted.paymentId)).toMatchObject({ type: 'EXTERNAL', channel: 'CHECK', status: 'ACCEPTED', amount: next.amountDue });

    // ---- The schedule in the plan's drawer shows the entry paid.
    await drawer.goto(arranged.planId);
    await drawer.openTab('Schedule');
    await drawer.waitForEntryStatus(next.id, 'Paid');
  }, 180_000);

  test('finance creates a custom refund, approves it and pays it back by check in the console', async () => {
    const before = await plan();
    expectConsistent(before);
    expect(cents(before.totalPaid)).toBeGreaterThan(cents(150.25));
    const amount = 150.25;
    const tax = 0;
    const reference = unique('RF-CHK-').toUpperCase();
    const option = `#${arranged.applicationId} · ${arranged.student.firstName} ${arranged.student.lastName} · ${arranged.productName}`;

    // ---- Refunds → New refund: the application searched by the student's email, the amount, a comment.
    await new ConsoleLoginPage(page).signInToDashboard(FINANCE.email, FINANCE.password);
    const refunds = new RefundsPage(page);
    await refunds.goto();
    const refundId = await refunds.createCustomRefund({ search: arranged.student.email, option, amount: amount.toFixed(2), tax: tax.toFixed(2), comments: 'Goodwill credit' });
    const drawer = refunds.drawer;
    await drawer.waitForStatus('Requested', 'Not refunded yet');
    await expect(drawer.total().textContent()).resolves.toContain(money(amount + tax));
    const requested = await api<Refund>('GET', `/refund_queues/${refundId}`, token);
    expect(requested).toMatchObject({ applicationId: arranged.applicationId, source: 'CUSTOM', status: 'REQUESTED', amountToBeRefunded: amount, taxToBeRefunded: tax });
    await screenshot(page, 'console-refund-requested');

    // ---- Approve it in its drawer, then submit it as paid back outside the gateway, with the check's number.
    await drawer.approve();
    await drawer.waitForStatus('Approved');
    expect((await api<Refund>('GET', `/refund_queues/${refundId}`, token)).status).toBe('APPROVED');
    await drawer.submitExternal({ reference, comment: 'Check mailed to the student' });
    await drawer.waitForStatus('Completed', 'Refunded');
    await expect(drawer.totalRefunded().textContent()).resolves.toContain(money(amount + tax));
    await drawer.transactions().getByText(reference, { exact: true }).waitFor();
    await screenshot(page, 'console-refund-completed');

    // ---- The server's side: completed and refunded by EXTERNAL; the plan's refunds moved by exactly the refund, its payments did not.
    const completed = await api<Refund>('GET', `/refund_queues/${refundId}`, token);
    expect(completed).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', refundType: 'EXTERNAL', totalRefunded: amount + tax });
    const after = await plan();
    expectConsistent(after);
    expect(cents(after.totalRefunds) - cents(before.totalRefunds)).toBe(cents(amount + tax));
    expect(cents(after.breakdown.additionalRefund) - cents(before.breakdown.additionalRefund)).toBe(cents(amount + tax));
    expect(cents(after.totalPaid)).toBe(cents(before.totalPaid));
    expect(cents(after.balance)).toBe(cents(before.balance));
    const ledger = await api<Page_<LedgerRow>>(
      'GET',
      `/students/${arranged.student.id}/account_history?applicationId=${arranged.applicationId}&size=10&sortBy=eventDate&descending=true`,
      token,
    );
    expect(ledger.content.find((r) => r.kind === 'REFUND')).toMatchObject({ total: -(amount + tax), referenceNumber: reference });
  }, 180_000);
});
