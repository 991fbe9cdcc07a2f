import type { Locator, Page } from 'playwright-core';
import { ConsoleFeedback } from './catalogue';

/**
 * Page objects of billing (issue 6): the portal's payment information (/settings/payment-information)
 * and Make a payment (/payments/make), and the console's plan drawer (/admin/payment-information/{id}),
 * external payments (/admin/external-payments) and refund queue (/admin/refunds). Tests speak in the
 * screens' terms (labels and buttons as students and staff read them), not in selectors.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escape(text)}$`);

/** Waits until `read()` answers `expected` (a screen that refreshes after a call), else fails with what it last read. */
async function until<T>(read: () => Promise<T>, expected: T, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < end) {
    last = await read();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(last)}`);
}

// ---------------------------------------------------------------- portal

/** Settings → Payment information and its sections (overview, payment method, plan terms, account history…). */
/** The cells of a table's body rows, each row's texts by column. */
async function cellsOf(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').allTextContents()).map((s) => s.trim()));
  return out;
}

export class PortalPaymentInformationPage {
  constructor(private readonly page: Page) {}

  /** From anywhere in the signed-in portal: the menu's Settings, then its 'Payment information' tab. */
  async openFromSettings() {
    await this.page.getByRole('link', { name: 'Settings', exact: true }).click();
    await this.page.waitForURL('**/settings/profile');
    await this.page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { name: 'Payment information', exact: true }).click();
    await this.page.waitForURL((url) => url.pathname === '/settings/payment-information');
    await this.sections().waitFor();
  }

  /** The Settings tabs, one row, where the payment information sections are ('Payment information', 'Account history'…). */
  sections(): Locator {
    return this.page.getByRole('tablist', { name: 'Settings' });
  }

  async openSection(name: string) {
    await this.sections().getByRole('tab', { name, exact: true }).click();
  }

  /** The overview panel, titled with the plan's name. */
  overview(planName: string): Locator {
    return this.page.getByRole('region', { name: planName });
  }

  /** The value of one overview term ('balance', 'nextPayment', 'amountDueNow', 'planStatus'…). */
  term(key: string): Locator {
    return this.page.getByTestId(`term-${key}`).locator('dd');
  }

  async makePayment(planName: string) {
    await this.overview(planName).getByRole('link', { name: 'Make a payment', exact: true }).click();
    await this.page.waitForURL(/\/payments\/make\?planId=\d+$/);
  }

  /** The account history table (ten rows a page, oldest first). */
  accountHistory(): Locator {
    return this.page.getByRole('table', { name: 'Account history' });
  }

  /** The cells of the account history's rows, each row's texts by column. */
  accountHistoryRows(): Promise<string[][]> {
    return cellsOf(this.accountHistory());
  }

  /** The CRM history tab's table: what was reported about the application, newest first. */
  crmHistory(): Locator {
    return this.page.getByRole('table', { name: 'CRM history' });
  }

  crmHistoryRows(): Promise<string[][]> {
    return cellsOf(this.crmHistory());
  }

  /** The account history's column headers. */
  async accountHistoryHeaders(): Promise<string[]> {
    return (await this.accountHistory().locator('thead th').allTextContents()).map((s) => s.trim());
  }
}

/** /payments/make?planId=: what to pay, with which card, then the confirmation. */
export class MakePaymentPage {
  constructor(private readonly page: Page) {}

  form(): Locator {
    return this.page.getByRole('form', { name: 'Make a payment' });
  }

  async waitForForm() {
    await this.page.getByRole('heading', { level: 1, name: 'Make a payment' }).waitFor();
    await this.form().waitFor();
  }

  /** 'Pay next installment', 'Pre-pay' or 'Pay off'. */
  kind(label: 'Pay next installment' | 'Pre-pay' | 'Pay off'): Locator {
    return this.form().getByRole('radio', { name: label, exact: true });
  }

  /** The sentence under the choices ('Installment 2, due 04-21-2027: $512.34.'). */
  kindHint(): Locator {
    return this.page.getByTestId('payment-kind-hint');
  }

  /** A saved card's choice ('Visa •••• 4242, expires 12/29'). */
  card(label: string): Locator {
    return this.form().getByRole('radio', { name: label, exact: true });
  }

  /** The submit button, which names the amount ('Pay $512.34'). */
  submitButton(amount: string): Locator {
    return this.form().getByRole('button', { name: `Pay ${amount}`, exact: true });
  }

  /** Pays, and waits for the confirmation view. */
  async pay(amount: string) {
    await this.submitButton(amount).click();
    await this.done().root.waitFor();
  }

  done() {
    const root = this.page.getByTestId('payment-done');
    return {
      root,
      heading: root.getByRole('heading', { level: 2 }),
      summary: root.getByTestId('payment-summary'),
      postingNote: root.getByTestId('posting-note'),
      back: root.getByRole('link', { name: 'Back to payment information', exact: true }),
    };
  }
}

// ---------------------------------------------------------------- console

/** The record drawer the billing resources open over their lists (title, 'record-drawer'). */
class BillingDrawer {
  protected readonly feedback: ConsoleFeedback;

  constructor(protected readonly page: Page) {
    this.feedback = new ConsoleFeedback(page);
  }

  root(): Locator {
    return this.page.getByTestId('record-drawer');
  }

  title(): Locator {
    return this.page.getByTestId('drawer-title');
  }

  notification(text: string) {
    return this.feedback.notification(text);
  }
}

/** /admin/payment-information/{id}: the plan detail drawer and its schedule tab's entry actions. */
export class ConsolePlanDrawer extends BillingDrawer {
  async goto(planId: number) {
    await this.page.goto(`/admin/payment-information/${planId}`);
    await this.root().getByTestId('tab-overview').waitFor();
  }

  async openTab(name: 'Overview' | 'Schedule' | 'Payments' | 'Account history' | 'Refunds' | 'Card-provider history') {
    await this.root().getByRole('tab', { name, exact: true }).click();
    await this.root().getByRole('tab', { name, exact: true, selected: true }).waitFor();
  }

  /** A schedule row by its entry id. */
  entry(entryId: number): Locator {
    return this.root().getByTestId(`entry-${entryId}`);
  }

  /** The cells of a schedule row (#, kind, due date, principal, interest, tax, amount, paid, still due, status). */
  async entryCells(entryId: number): Promise<string[]> {
    return (await this.entry(entryId).locator('td').allTextContents()).map((s) => s.trim());
  }

  /** Waits until the schedule row's status cell reads `label` (the drawer refreshes after a change). */
  async waitForEntryStatus(entryId: number, label: string) {
    await until(async () => (await this.entryCells(entryId))[9], label, `status of entry ${entryId}`);
  }

  /**
   * The entry's 'Actions for entry #n' menu → 'Record external payment' → the dialog filled and saved;
   * waits for the notification that it waits for approval.
   */
  async recordExternalPayment(entryNumber: number, payment: { method: string; amount: string; date: string; reference: string; comment?: string }) {
    await this.root()
      .getByRole('button', { name: `Actions for entry #${entryNumber}`, exact: true })
      .click();
    await this.page.getByRole('menuitem', { name: 'Record external payment', exact: true }).click();
    const dialog = this.externalPaymentDialog(entryNumber);
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: /^Method/ }).click();
    await this.page.getByRole('option', { name: payment.method, exact: true }).click();
    await dialog
      .getByRole('combobox', { name: /^Method/ })
      .filter({ hasText: payment.method })
      .waitFor();
    await dialog.getByLabel(/^Amount/).fill(payment.amount);
    await dialog.getByLabel(/^Payment date/).fill(payment.date);
    await dialog.getByLabel(/^Reference number/).fill(payment.reference);
    if (payment.comment) await dialog.getByLabel(/^Comment/).fill(payment.comment);
    await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
    await this.notification('External payment recorded; it waits for approval');
    await dialog.waitFor({ state: 'detached' });
  }

  externalPaymentDialog(entryNumber: number): Locator {
    return this.page.getByRole('dialog', { name: `Record external payment for entry #${entryNumber}` });
  }

  /** The account history tab's rows, oldest first: date, kind, description, program, principal, tax, total, balances, card or reference, comment. */
  async historyRows(): Promise<string[][]> {
    const table = this.root().getByTestId('plan-history');
    await table.waitFor();
    return cellsOf(table);
  }
}

/** A react-admin list with a keyword search and a drawer per row (external payments, refunds). */
class BillingList {
  constructor(
    protected readonly page: Page,
    private readonly path: string,
    private readonly searchLabel: string,
  ) {}

  async goto() {
    await this.page.goto(`/admin/${this.path}`);
    await this.searchBox().waitFor();
  }

  searchBox(): Locator {
    return this.page.getByLabel(this.searchLabel, { exact: true });
  }

  async search(keyword: string) {
    await this.searchBox().fill(keyword);
  }

  rows(): Locator {
    return this.page.locator('table tbody tr');
  }

  /** Waits until the list shows exactly one row, containing `text`, and opens it in the drawer. */
  async openOnlyRow(text: string) {
    const end = Date.now() + 15_000;
    let texts: string[] = [];
    while (Date.now() < end) {
      texts = await this.rows().allTextContents();
      if (texts.length === 1 && texts[0].includes(text)) break;
      await this.page.waitForTimeout(100);
    }
    if (texts.length !== 1 || !texts[0].includes(text)) throw new Error(`expected one row containing ${text}, saw ${JSON.stringify(texts)}`);
    await this.rows().first().click();
    await this.page.waitForURL(new RegExp(`/admin/${this.path}/\\d+`));
  }
}

/** /admin/external-payments: the list (search by student name, email or ID) and the payment's drawer. */
export class ExternalPaymentsPage extends BillingList {
  readonly drawer: ExternalPaymentDrawer;

  constructor(page: Page) {
    super(page, 'external-payments', 'Search by student, email or ID');
    this.drawer = new ExternalPaymentDrawer(page);
  }
}

export class ExternalPaymentDrawer extends BillingDrawer {
  status(): Locator {
    return this.root().getByTestId('external-payment-status');
  }

  async waitForStatus(label: string) {
    await this.status()
      .filter({ hasText: exactly(label) })
      .waitFor();
  }

  amount(): Locator {
    return this.root().getByTestId('external-payment-amount');
  }

  /** 'Accept' → 'Mark external payment #n as Accepted?' confirmed → 'External payment accepted'. */
  async accept() {
    await this.root().getByRole('button', { name: 'Accept', exact: true }).click();
    await this.page
      .getByRole('dialog')
      .filter({ hasText: /Mark external payment #\d+ as Accepted\?/ })
      .waitFor();
    await this.feedback.confirm();
    await this.notification('External payment accepted');
  }
}

/** /admin/refunds: the refund queue, 'New refund' (a custom refund of an application) and the refund's drawer. */
export class RefundsPage extends BillingList {
  readonly drawer: RefundDrawer;

  constructor(page: Page) {
    super(page, 'refunds', 'Search by student or ID');
    this.drawer = new RefundDrawer(page);
  }

  /**
   * 'New refund' → the application searched (`search`: a student email or application number) and the
   * option `option` picked → amounts and comment → 'Create refund'; the refund's drawer opens. Answers its id.
   */
  async createCustomRefund(refund: { search: string; option: string; amount: string; tax?: string; comments?: string }): Promise<number> {
    await this.page.getByRole('button', { name: 'New refund', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New custom refund' });
    await dialog.waitFor();
    const picker = dialog.getByRole('combobox', { name: /^Application/ });
    await picker.fill(refund.search);
    await this.page.getByRole('option', { name: refund.option, exact: true }).click();
    await until(() => picker.inputValue(), refund.option, 'chosen application');
    await dialog.getByLabel(/^Amount to be refunded/).fill(refund.amount);
    if (refund.tax !== undefined) await dialog.getByLabel(/^Tax to be refunded/).fill(refund.tax);
    if (refund.comments) await dialog.getByLabel(/^Comments/).fill(refund.comments);
    await dialog.getByRole('button', { name: 'Create refund', exact: true }).click();
    await this.drawer.notification('Refund created');
    await dialog.waitFor({ state: 'detached' });
    await this.page.waitForURL(/\/admin\/refunds\/\d+/);
    return Number(/\/admin\/refunds\/(\d+)/.exec(new URL(this.page.url()).pathname)![1]);
  }
}

export class RefundDrawer extends BillingDrawer {
  status(): Locator {
    return this.root().getByTestId('refund-status');
  }

  moneyStatus(): Locator {
    return this.root().getByTestId('refund-money-status');
  }

  async waitForStatus(label: string, money?: string) {
    await this.status()
      .filter({ hasText: exactly(label) })
      .waitFor();
    if (money)
      await this.moneyStatus()
        .filter({ hasText: exactly(money) })
        .waitFor();
  }

  total(): Locator {
    return this.root().getByTestId('refund-total');
  }

  totalRefunded(): Locator {
    return this.root().getByTestId('refund-total-refunded');
  }

  /** The refund movements table (date, way, amount, tax, reference, result), once something was paid back. */
  transactions(): Locator {
    return this.root().getByTestId('refund-transactions');
  }

  /** 'Approve' → 'Mark refund #n as Approved?' confirmed → 'Refund approved'. */
  async approve() {
    await this.root().getByRole('button', { name: 'Approve', exact: true }).click();
    await this.page
      .getByRole('dialog')
      .filter({ hasText: /Mark refund #\d+ as Approved\?/ })
      .waitFor();
    await this.feedback.confirm();
    await this.notification('Refund approved');
  }

  /** 'Submit refund' → 'Refund as' External, a reference (and comment) → 'Submit' → 'Refund submitted'. */
  async submitExternal(payback: { reference: string; comment?: string }) {
    await this.root().getByRole('button', { name: 'Submit refund', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Submit refund #\d+$/ });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'External', exact: true }).check();
    await dialog.getByLabel(/^Reference \(check number, transfer id\)/).fill(payback.reference);
    if (payback.comment) await dialog.getByLabel(/^Comment/).fill(payback.comment);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await this.notification('Refund submitted');
    await dialog.waitFor({ state: 'detached' });
  }

  /** 'Submit refund' → 'Refund as' Online (the gateway gives it back to the card payments) → 'Submit' → 'Refund submitted'. */
  async submitOnline() {
    await this.root().getByRole('button', { name: 'Submit refund', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Submit refund #\d+$/ });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Online', exact: true }).check();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await this.notification('Refund submitted');
    await dialog.waitFor({ state: 'detached' });
  }
}
