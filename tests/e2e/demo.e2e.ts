import type { Page } from 'playwright-core';
import { adminToken, api, DEMO_PASSWORD } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, StudentDrawer } from './pages/console';
import { ConsolePlanDrawer, RefundsPage } from './pages/billing';

/**
 * The demo's money as a newcomer finds it (issue 15). This file reads and uses the seeded demo's own
 * records (the server of `npm run test:e2e` starts on a freshly seeded database): the student who pays,
 * enrolled@example.com, enrolled three months back with the deposit and first installment paid by card.
 * 1. finance opens the plan's account history: each line is dated on its own event (the plan on the
 *    day it was issued, each payment on the day the Payments tab shows), none on the seeding day; the
 *    student's Activity tab lists the plan issued and the card payments;
 * 2. finance approves the demo's goodwill refund and submits it Online: the sandbox gateway gives it
 *    back to the seeded card payment and the refund is completed.
 */

const currentPage = usePage();
let page: Page;
let token: string;

const FINANCE = { email: 'finance@example.com', password: DEMO_PASSWORD };
const PAYING_STUDENT = 'enrolled@example.com';

/** The school's today (America/New_York), as the server's `schoolToday()`. */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** YYYY-MM-DD → MM-DD-YYYY, as the console writes dates. */
const display = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

type Plan = { id: number; applicationId: number; firstPaymentDate: string };
type Payment = { id: number; type: string; status: string; paymentDate: string };
type Refund = {
  id: number;
  status: string;
  refundStatus: string;
  refundType: string | null;
  totalRefunded: number;
  transactions?: Array<{ kind: string; status: string; gatewayRefundId: string | null }>;
};

let studentId: number;
let plan: Plan;

beforeAll(async () => {
  token = await adminToken();
  const students = await api<{ content: Array<{ id: number }> }>('GET', `/students?keyword=${encodeURIComponent(PAYING_STUDENT)}`, token);
  expect(students.content).toHaveLength(1);
  studentId = students.content[0].id;
  const plans = await api<Plan[]>('GET', `/students/${studentId}/payment_plans`, token);
  expect(plans).toHaveLength(1);
  plan = plans[0];
}, 60_000);

beforeEach(() => {
  page = currentPage();
});

describe('the demo', () => {
  test("the paying student's account history dates each line on its own event, and the Activity tab lists them", async () => {
    const payments = (await api<{ content: Payment[] }>('GET', `/students/${studentId}/payments?size=50`, token)).content.filter((p) => p.status === 'ACCEPTED');
    expect(payments).toHaveLength(2);
    const paidOn = payments.map((p) => p.paymentDate).sort();

    await new ConsoleLoginPage(page).signInToDashboard(FINANCE.email, FINANCE.password);
    const drawer = new ConsolePlanDrawer(page);
    await drawer.goto(plan.id);
    await drawer.openTab('Account history');
    const rows = await drawer.historyRows();
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      [display(plan.firstPaymentDate), 'Plan issued'],
      [display(paidOn[0]), 'Payment'],
      [display(paidOn[1]), 'Payment'],
    ]);
    expect(rows.some((r) => r[0] === display(schoolToday()))).toBe(false);
    await screenshot(page, 'console-demo-account-history');

    await page.goto(`/admin/students/${studentId}`);
    const student = new StudentDrawer(page);
    await student.openTab('Activity');
    await student.showFiftyActivityRows();
    const activity = await student.activityRows();
    const types = activity.map((r) => r[2]);
    expect(types.filter((t) => t === 'Payment accepted')).toHaveLength(2);
    expect(types.filter((t) => t === 'Payment plan issued')).toHaveLength(1);
    await screenshot(page, 'console-demo-activity');
  }, 120_000);

  test('finance approves the demo refund and gives it back online to the card: completed', async () => {
    const queue = await api<{ content: Refund[] }>('GET', `/refund_queues?applicationId=${plan.applicationId}`, token);
    expect(queue.content.map((r) => r.status)).toEqual(['REQUESTED']);
    const refundId = queue.content[0].id;

    await new ConsoleLoginPage(page).signInToDashboard(FINANCE.email, FINANCE.password);
    const refunds = new RefundsPage(page);
    await refunds.goto();
    await refunds.search(String(refundId));
    await refunds.openOnlyRow('Carter');
    const drawer = refunds.drawer;
    await drawer.waitForStatus('Requested', 'Not refunded yet');
    await drawer.approve();
    await drawer.waitForStatus('Approved');
    await drawer.submitOnline();
    await drawer.waitForStatus('Completed', 'Refunded');
    await expect(drawer.totalRefunded().textContent()).resolves.toContain('$50.00');
    await screenshot(page, 'console-demo-refund-online');

    const done = await api<Refund>('GET', `/refund_queues/${refundId}`, token);
    expect(done).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', refundType: 'ONLINE', totalRefunded: 50 });
    expect(done.transactions).toEqual([expect.objectContaining({ kind: 'ONLINE', status: 'SUCCEEDED', gatewayRefundId: expect.stringMatching(/^re_sandbox_/) })]);
  }, 120_000);
});
