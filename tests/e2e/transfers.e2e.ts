import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin } from './support/api';
import { screenshot, usePage } from './support/browser';
import { queryDb } from './support/db';
import { ConsoleLoginPage } from './pages/console';
import { PortalLoginPage } from './pages/portal';
import { RefundDrawer } from './pages/billing';
import { settle, signInConsole, signInPortal, spanishOffences } from './pages/screens';
import {
  acceptTransfer,
  ConsoleTransferDialog,
  ConsoleWithdrawalDrawer,
  makeEnrolledStudent,
  makeTransferCatalogue,
  offerTransfer,
  planOf,
  PortalPendingTransferPage,
  type CatalogueProduct,
  type PlanAnswer,
} from './pages/transfers';

/**
 * Transfers and withdrawals end to end (issue 18, "Browser tests"). The data is arranged through the
 * real API: one HCTP program with three published products A, B, C (a class each next year, the same
 * $6,000 plan with a $500 deposit), and students enrolled by staff (the deposit charged to a sandbox
 * Visa). Then:
 * 1. a student's enrollment already had one accepted transfer (A → B, free) and the deposit of the
 *    new plan is paid; staff, in the console's application drawer, Transfer to C with a $150 fee —
 *    the dialog previews the fee and the rollover before Confirm; the student accepts in the portal in
 *    two steps and sees the rollover on the new plan's breakdown;
 * 2. a student asks to withdraw in the portal, seeing the figures before sending; staff approve in
 *    the withdrawals drawer; the refund is paid back ONLINE through the refund queue and the
 *    withdrawal ends COMPLETED;
 * 3. the same screens in Spanish: no English word, no raw value.
 * The database is read after each to check what was stored.
 */

const currentPage = usePage();
let page: Page;
let token: string;
let staff: { email: string; password: string };
let products: CatalogueProduct[];

/** Dollars as both UIs write them in English: `$1,234.50`. */
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Polls the database until `sql` answers a row for which `ok` holds. */
async function rowWhen<T>(sql: string, params: unknown[], ok: (row: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 20_000;
  let last: T | undefined;
  for (;;) {
    [last] = await queryDb<T>(sql, params);
    if (last && ok(last)) return last;
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  token = await adminToken();
  staff = await makeAdmin(token);
  products = await makeTransferCatalogue(token);
}, 60_000);

beforeEach(() => {
  page = currentPage();
});

describe('transfers and withdrawals', () => {
  test('staff transfer a student with a $150 fee from the application drawer; the student accepts in two steps and sees the rollover on the new plan', async () => {
    const [a, b, c] = products;
    // ---- Arranged: enrolled on A ($500 deposit paid), transferred A → B (the first, free), the new plan's deposit paid.
    const student = await makeEnrolledStudent(token, a, { firstName: 'Tomas' });
    const first = await offerTransfer(token, student.applicationId, b, 200);
    const accepted = await acceptTransfer(student, first.id);
    expect(accepted).toMatchObject({ status: 'ACCEPTED', transferFee: 0, tuitionRollover: 500 }); // the first one is free whatever is asked
    const onB = accepted.newApplicationId!;
    const planB = await api<PlanAnswer>('GET', `/payment_plans/${(await planOf(token, onB)).id}`, token);
    expect(planB.nextPaymentSchedule).toEqual(expect.objectContaining({ amountDue: 500 })); // the target's deposit
    await api('POST', `/students/${student.id}/payment_plans/${planB.id}/payments`, token, {
      type: 'INSTALLMENT',
      amount: planB.nextPaymentSchedule!.amountDue,
      paymentMethodId: student.cardId,
    });
    const paidOnB = (await planOf(token, onB, (p) => p.totalPaid > 0)).totalPaid;
    expect(paidOnB).toBe(500);
    // Paid toward the enrollment: $500 on A (rolled over to B) + $500 on B — all of it rolls over to C.
    const paidInAll = accepted.tuitionRollover + paidOnB;
    expect(paidInAll).toBe(1000);

    // ---- Console: the application drawer → Transfer → C with a $150 fee; the preview before Confirm.
    await new ConsoleLoginPage(page).signInToDashboard(staff.email, staff.password);
    const dialog = new ConsoleTransferDialog(page);
    await dialog.openFor(onB);
    await dialog.chooseProduct(c.name);
    await dialog.fillFee('150');
    await dialog.waitForFigure('fee', money(150));
    await dialog.waitForFigure('rollover', money(paidInAll));
    await expect(dialog.figure('paid').textContent()).resolves.toBe(money(paidInAll));
    await expect(dialog.figure('principal').textContent()).resolves.toBe(money(6000 - paidInAll + 150));
    await expect(dialog.root().getByTestId('transfer-preview-schedule').locator('tbody tr').count()).resolves.toBeGreaterThan(1);
    // The screenshot shows the preview's figures under the fee typed (a taller window, the figures centred).
    await page.setViewportSize({ width: 1280, height: 1000 });
    await dialog.figure('rollover').evaluate("(el) => el.scrollIntoView({ block: 'center' })");
    await screenshot(page, 'console-transfer-preview');
    await page.setViewportSize({ width: 1280, height: 800 });
    const transferId = await dialog.confirm();
    const offered = await api<{ status: string; transferFee: number; tuitionRollover: number }>('GET', `/transfers/${transferId}`, token);
    expect(offered).toMatchObject({ status: 'PENDING', transferFee: 150, tuitionRollover: paidInAll });

    // ---- Portal: the home card → the offer; step 1 (terms and the money), step 2 (the new program and plan).
    const login = new PortalLoginPage(page);
    await page.context().clearCookies();
    await page.evaluate('localStorage.clear()');
    await login.goto('/login');
    await login.signIn(student.email, student.password);
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'Review the transfer' }).first().click();
    await page.waitForURL(`**/transfers/${transferId}`);
    const offer = new PortalPendingTransferPage(page);
    await offer.step('The terms').waitFor();
    await expect(offer.term('offer-terms', 'to').textContent()).resolves.toBe(c.name);
    const newClass = (await offer.term('offer-terms', 'class').textContent()) ?? '';
    expect(newClass.match(/\d{2}-\d{2}-\d{4}/g)).toHaveLength(2); // the class's dates, once
    await expect(offer.term('transfer-cost', 'fee').textContent()).resolves.toBe(money(150));
    await expect(offer.term('transfer-cost', 'rollover').textContent()).resolves.toBe(money(paidInAll));
    await expect(offer.term('transfer-cost', 'newPrincipal').textContent()).resolves.toBe(money(6000 - paidInAll + 150));
    await screenshot(page, 'portal-pending-transfer-terms');
    await page.getByRole('button', { name: 'I accept the terms', exact: true }).click();
    await offer.step('The new program and plan').waitFor();
    await expect(offer.term('offer-plan', 'rollover').textContent()).resolves.toBe(money(paidInAll));
    await expect(offer.term('offer-plan', 'fee').textContent()).resolves.toBe(money(150));
    await page.getByRole('button', { name: 'Confirm the transfer', exact: true }).click();
    const outcome = page.getByTestId('offer-outcome');
    await outcome.waitFor();
    await expect(outcome.textContent()).resolves.toContain(
      `Your transfer is done: you are enrolled in ${c.name}. Your new plan carries a tuition rollover of ${money(paidInAll)}.`,
    );

    // ---- The new plan's terms: its breakdown shows the rollover.
    await page.getByRole('link', { name: 'See the new plan', exact: true }).click();
    await page.waitForURL('**/settings/payment-information/plan-terms**');
    const rollover = page.getByTestId('plan-breakdown').getByTestId('term-tuitionRollover').locator('dd');
    await rollover.filter({ hasText: money(paidInAll) }).waitFor();

    // ---- The database: the transfer ACCEPTED with its $150 fee; the new application's plan carries the rollover.
    const [row] = await queryDb<{ status: string; transfer_fee: number; tuition_rollover: number; new_application_id: number }>(
      'SELECT status, transfer_fee, tuition_rollover, new_application_id FROM transfers WHERE id = ?',
      [transferId],
    );
    expect(row).toMatchObject({ status: 'ACCEPTED', transfer_fee: 150, tuition_rollover: paidInAll });
    const [plan] = await queryDb<{ rollover: number; status: string; principal_amount: number }>(
      'SELECT rollover, status, principal_amount FROM student_payment_plans WHERE application_id = ?',
      [row.new_application_id],
    );
    expect(plan).toMatchObject({ rollover: paidInAll, status: 'ACTIVE', principal_amount: 6000 - paidInAll + 150 });
    const [old] = await queryDb<{ status: string }>('SELECT status FROM applications WHERE id = ?', [onB]);
    expect(old.status).toBe('TRANSFERRED');
  }, 180_000);

  test('a student asks to withdraw in the portal, staff approve it and the refund goes out online through the refund queue', async () => {
    const student = await makeEnrolledStudent(token, products[0], { firstName: 'Irene' });

    // ---- Portal: Transfer or withdraw → Withdraw from the course → the figures before sending.
    const login = new PortalLoginPage(page);
    await login.goto('/login');
    await login.signIn(student.email, student.password);
    await page.waitForURL('**/home');
    await page.goto(`/transfers?applicationId=${student.applicationId}`);
    await page.getByRole('radio', { name: 'Withdraw from the course' }).check();
    await page.getByRole('checkbox').first().waitFor();
    await expect(page.getByRole('button', { name: 'Send the request' }).count()).resolves.toBe(0); // nothing to send before the figures
    await page.getByRole('button', { name: 'See what it will cost', exact: true }).click();
    const cost = (key: string) => page.getByTestId('withdrawal-cost').getByTestId(`term-${key}`).locator('dd');
    await cost('refund').waitFor();
    // The class has not started: only the registration fee (none on this plan) is owed; the deposit comes back.
    await expect(cost('paid').textContent()).resolves.toBe(money(500));
    await expect(cost('responsibility').textContent()).resolves.toBe(money(0));
    await expect(cost('refund').textContent()).resolves.toBe(money(500));
    await expect(cost('newStatus').textContent()).resolves.toBe('Withdrawn');
    await page.getByRole('button', { name: 'Send the request', exact: true }).click();
    await page.getByTestId('moves-sent').waitFor();
    await page.getByTestId('requests').getByText('Waiting for the institute').waitFor();

    const [requested] = await queryDb<{ id: number; status: string; kind: string; amount_to_be_refund: number }>(
      'SELECT id, status, kind, amount_to_be_refund FROM withdrawals WHERE application_id = ?',
      [student.applicationId],
    );
    expect(requested).toMatchObject({ status: 'REQUESTED', kind: 'hctp', amount_to_be_refund: 500 });

    // ---- Console: the withdrawals drawer → Approve (the confirmation says what it moves).
    await page.context().clearCookies();
    await page.evaluate('localStorage.clear()');
    await new ConsoleLoginPage(page).signInToDashboard(staff.email, staff.password);
    const drawer = new ConsoleWithdrawalDrawer(page);
    await drawer.goto(requested.id);
    await drawer.waitForStatus('Requested');
    await drawer
      .root()
      .getByTestId('withdrawal-preview-refund')
      .filter({ hasText: money(500) })
      .waitFor(); // the live figures of a request
    await settle(page);
    await screenshot(page, 'console-withdrawal-drawer');
    const confirmation = await drawer.approve();
    expect(confirmation).toContain(`${money(500)} is queued as a refund`);
    await drawer.waitForStatus('Approved');
    const approved = await rowWhen<{ status: string; refund_id: number | null }>(
      'SELECT status, refund_id FROM withdrawals WHERE id = ?',
      [requested.id],
      (r) => r.refund_id !== null,
      "the withdrawal's refund",
    );
    expect(approved.status).toBe('APPROVED');
    const [application] = await queryDb<{ status: string }>('SELECT status FROM applications WHERE id = ?', [student.applicationId]);
    expect(application.status).toBe('WITHDRAWN');

    // ---- The refund queue: the withdrawal's refund → Approve → Submit refund as Online → Completed.
    await drawer.root().getByTestId('withdrawal-refund-link').click();
    await page.waitForURL(`**/admin/refunds/${approved.refund_id}`);
    const refund = new RefundDrawer(page);
    await refund.waitForStatus('Requested', 'Not refunded yet');
    await expect(refund.total().textContent()).resolves.toContain(money(500));
    await refund.approve();
    await refund.waitForStatus('Approved');
    await refund.submitOnline();
    await refund.waitForStatus('Completed', 'Refunded');

    // ---- The database: the refund went back ONLINE; the withdrawal is COMPLETED with what was refunded.
    const [paidBack] = await queryDb<{ status: string; refund_type: string; source: string; total_refunded: number }>(
      'SELECT status, refund_type, source, total_refunded FROM refunds WHERE id = ?',
      [approved.refund_id],
    );
    expect(paidBack).toMatchObject({ status: 'COMPLETED', refund_type: 'ONLINE', source: 'WITHDRAWAL', total_refunded: 500 });
    const completed = await rowWhen<{ status: string; amount_refunded: number }>(
      'SELECT status, amount_refunded FROM withdrawals WHERE id = ?',
      [requested.id],
      (r) => r.status === 'COMPLETED',
      'the withdrawal completed by its refund',
    );
    expect(completed.amount_refunded).toBe(500);
    await drawer.goto(requested.id);
    await drawer.waitForStatus('Completed');
  }, 180_000);

  test('in Spanish: the transfer and withdrawal screens of the console and the portal have no English word and no raw value', async () => {
    const [a, b] = products;
    const mover = await makeEnrolledStudent(token, a, { firstName: 'Rocio', language: 'ES' });
    const leaver = await makeEnrolledStudent(token, a, { firstName: 'Elena', language: 'ES' });
    const offer = await offerTransfer(token, mover.applicationId, b);
    const withdrawal = await api<{ id: number }>('POST', '/withdrawals/hctp', token, { applicationId: leaver.applicationId, reason: 'E2E mudanza' });
    await page.context().addInitScript(`
      localStorage.setItem('hci.admin.locale', 'es');
      localStorage.setItem('hci.portal.language', 'ES');
    `);
    const offences: string[] = [];
    const check = async (where: string, scope?: string) => {
      await settle(page);
      offences.push(...(await spanishOffences(page, scope)).map((o) => `${where}: ${o}`));
    };

    // ---- Console: the lists, the drawers, the application drawer's Transfer and Withdraw dialogs.
    await signInConsole(page, staff);
    for (const path of ['/admin/transfers', `/admin/transfers/${offer.id}`, '/admin/withdrawals', `/admin/withdrawals/${withdrawal.id}`]) {
      await page.goto(path);
      await page
        .getByTestId(path.endsWith('s') ? 'summary-total' : 'drawer-title')
        .first()
        .waitFor();
      await check(path);
    }
    await page
      .getByTestId('withdrawal-status')
      .filter({ hasText: /^Solicitada$/ })
      .waitFor();
    for (const [button, dialogId] of [
      ['application-transfer', 'transfer-dialog'],
      ['application-withdraw', 'withdraw-dialog'],
    ] as const) {
      const application = button === 'application-transfer' ? leaver.applicationId : mover.applicationId;
      await page.goto(`/admin/enrollments/${application}`);
      await page.getByTestId(button).click();
      await page.getByTestId(dialogId).waitFor();
      await check(`/admin/enrollments/${application} ${dialogId}`, '[role=dialog]');
      await page.keyboard.press('Escape');
    }

    // ---- Portal: the offer's two steps, then Transfer or withdraw with a withdrawal's figures.
    await page.context().clearCookies();
    await signInPortal(page, mover);
    await page.goto(`/transfers/${offer.id}`);
    await page.getByTestId('transfer-cost').waitFor();
    await check(`/transfers/${offer.id} (1)`);
    await page.getByRole('button', { name: 'Acepto los términos', exact: true }).click();
    await page.getByTestId('offer-plan').waitFor();
    await check(`/transfers/${offer.id} (2)`);
    await page.getByRole('button', { name: 'Confirmar la transferencia', exact: true }).click();
    await page.getByTestId('offer-outcome').waitFor();
    await check(`/transfers/${offer.id} (accepted)`);
    await page.goto('/transfers');
    await page.getByRole('radio', { name: 'Darme de baja del curso' }).check();
    await page.getByRole('button', { name: 'Ver cuánto costará', exact: true }).click();
    await page.getByTestId('withdrawal-cost').waitFor();
    await check('/transfers (withdrawal figures)');

    if (offences.length) console.log(`${offences.length} Spanish offences:\n${offences.join('\n')}`);
    expect(offences).toEqual([]);
  }, 180_000);
});
