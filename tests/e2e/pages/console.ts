import type { Page } from 'playwright-core';
import { until } from '../support/browser';

/** Page objects of the staff console (one per screen; tests speak in their terms, not selectors). */

export class ConsoleLoginPage {
  constructor(private readonly page: Page) {}

  async goto(path = '/admin/login') {
    await this.page.goto(path);
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
    await this.page.getByLabel(/^(Password|Contraseña)/).fill(password);
    await this.page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
  }

  errorAlert() {
    return this.page.getByRole('alert');
  }

  /** Opens the sign-in screen, signs in and waits for the dashboard, where every sign-in lands. */
  async signInToDashboard(email: string, password: string) {
    await this.goto();
    await this.signIn(email, password);
    await this.page.waitForURL('**/admin/dashboard');
  }
}

export class ConsoleShell {
  constructor(private readonly page: Page) {}

  /** The left menu's link to a resource or page. */
  menuLink(name: string | RegExp) {
    return this.page.getByRole('menuitem', { name });
  }

  async switchLanguage(label: 'English' | 'Español') {
    await this.page
      .getByRole('button', { name: /^(english|español)$/i })
      .first()
      .click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  /** Waits until the dashboard has loaded what it shows: its counts and the recently viewed records. */
  async waitForDashboard() {
    // Recently viewed shows a sentence or links once loaded; a count shows a skeleton while loading.
    await this.page.getByTestId('recently-viewed').locator('p, a').first().waitFor();
    await this.page.getByTestId('count-value').first().waitFor();
    await this.page.getByTestId('count-value').locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
  }

  async pathname(): Promise<string> {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }
}

export class StudentsListPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/admin/students${query}`);
    await this.page.getByLabel('Search by name, email or ID').waitFor();
  }

  async search(keyword: string) {
    await this.page.getByLabel('Search by name, email or ID').fill(keyword);
  }

  /** Fills one text criterion of the filter panel (applied live). */
  async filterText(label: string, value: string) {
    await this.page.getByTestId('filter-aside').getByLabel(label, { exact: true }).fill(value);
  }

  rows() {
    return this.page.locator('table tbody tr');
  }

  /** Waits until the table shows exactly `count` rows whose text contains `text`. */
  async waitForRows(count: number, text: string) {
    const until = Date.now() + 15_000;
    let texts: string[] = [];
    while (Date.now() < until) {
      texts = await this.rows().allTextContents();
      if (texts.length === count && texts.every((t) => t.includes(text))) return;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`expected ${count} rows containing ${text}, saw ${JSON.stringify(texts)}`);
  }

  chip(key: string) {
    return this.page.getByTestId(`filter-chip-${key}`);
  }

  async removeChip(key: string) {
    await this.chip(key).getByLabel('Remove this filter').click();
  }

  async create() {
    await this.page.getByRole('link', { name: 'New student' }).click();
  }
}

export class StudentDrawer {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('record-drawer');
  }

  title() {
    return this.page.getByTestId('drawer-title');
  }

  async copyDirectLink() {
    await this.root().getByRole('button', { name: 'Copy direct link' }).click();
  }

  tooltip() {
    return this.page.getByRole('tooltip');
  }

  async openTab(name: string) {
    await this.root().getByRole('tab', { name }).click();
  }

  /**
   * Fifty Activity rows a page, as staff pick in the tab's pagination: the other suites' walks write
   * to the demo student too (a communication each), which pushes its oldest events past the first 10.
   */
  async showFiftyActivityRows(): Promise<void> {
    await this.root().getByTestId('activity-row').first().waitFor();
    await this.root()
      .getByRole('combobox', { name: /^Rows per page/ })
      .click();
    await this.page.getByRole('option', { name: '50', exact: true }).click();
    await until(
      this.page,
      `(() => {
      const label = document.querySelector('[data-testid=record-drawer] .MuiTablePagination-displayedRows');
      const range = label && /(\\d+)\\D+(\\d+)/.exec(label.textContent);
      return Boolean(range) && document.querySelectorAll('[data-testid=record-drawer] [data-testid=activity-row]').length === Number(range[2]) - Number(range[1]) + 1;
    })()`,
    );
  }

  /** The Activity tab's rows, newest first: date, category, type, description, by, changes. */
  async activityRows(): Promise<string[][]> {
    const rows = this.root().getByTestId('activity-row');
    await rows.first().waitFor();
    const out: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').allTextContents()).map((s) => s.trim()));
    return out;
  }

  /** An input by its label (required ones carry a trailing asterisk). */
  input(label: string) {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.root().getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
  }

  /** The helper text (server or client error) react-admin shows under an input. */
  async errorUnder(label: string): Promise<string | null> {
    const id = await this.input(label).getAttribute('aria-describedby');
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }

  async save() {
    await this.root().getByRole('button', { name: 'Save' }).first().click();
  }
}

/** Any record drawer (students, voucher refunds, ...): the frame every record route opens. */
export class RecordDrawerFrame {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('record-drawer');
  }

  /** What the drawer shows instead of a record it cannot load ('Record not found' or why). */
  unavailable() {
    return this.root().getByTestId('record-unavailable');
  }

  async backToList() {
    await this.unavailable().getByRole('button', { name: 'Back to the list' }).click();
  }
}

/** A list's Export button and the app bar's Downloads panel (issue 20). */
export class DownloadsPanel {
  constructor(private readonly page: Page) {}

  async exportList(kind: string) {
    await this.page.getByTestId(`export-${kind}`).click();
    await this.panel().waitFor();
  }

  panel() {
    return this.page.getByTestId('downloads-panel');
  }

  badge() {
    return this.page.getByTestId('downloads-badge');
  }

  row(id: number) {
    return this.panel().getByTestId(`export-${id}`);
  }

  /** Waits until the export's row has the status (data-status: PENDING, RUNNING, COMPLETED, FAILED). */
  async waitForStatus(id: number, status: string, ms = 30_000) {
    await this.panel().locator(`[data-testid="export-${id}"][data-status="${status}"]`).waitFor({ timeout: ms });
  }

  download(id: number) {
    return this.panel().getByTestId(`export-${id}-download`);
  }
}
