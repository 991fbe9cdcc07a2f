import type { Locator, Page } from 'playwright-core';

/**
 * Page objects of the console's catalogue screens: programs, cohorts, products and a product's
 * payment plans. Each add or edit form opens in the record drawer over its list; tests speak in the
 * screens' terms (labels and buttons as staff read them), not in selectors.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The id at the end of the current path (/admin/products/42 → 42). */
function idFromUrl(page: Page): number {
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  if (!Number.isInteger(id) || id <= 0) throw new Error(`no record id in ${page.url()}`);
  return id;
}

/** The right-hand drawer (record drawers over lists, and the payment plan editor). */
export class CatalogueDrawer {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('record-drawer');
  }

  title() {
    return this.page.getByTestId('drawer-title');
  }

  /** An input by its label (a required one may carry a trailing asterisk). */
  input(label: string) {
    return this.root().getByLabel(new RegExp(`^${escape(label)}\\s*\\*?$`));
  }

  /** Types into a text, number or MM-DD-YYYY date input (clearing what was there). */
  async fill(label: string, value: string) {
    await this.input(label).fill(value);
  }

  /** Chooses an option of a select (MUI menu) by its exact text. */
  async select(label: string, option: string) {
    await this.root()
      .getByRole('combobox', { name: new RegExp(`^${escape(label)}`) })
      .click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /**
   * Types into an autocomplete and picks the suggestion that contains `option`. The suggestions are
   * searched on the server after a pause in typing, so the list is first waited on until every
   * suggestion matches what was typed (the unfiltered list it replaces would be re-rendered under
   * the click).
   */
  async autocomplete(label: string, typed: string, option: string = typed) {
    const box = this.root().getByRole('combobox', { name: new RegExp(`^${escape(label)}`) });
    await box.fill(typed);
    const options = this.page.getByRole('listbox').getByRole('option');
    const until = Date.now() + 15_000;
    let texts: string[] = [];
    const settled = () => texts.length > 0 && texts.every((t) => t.includes(typed)) && texts.some((t) => t.includes(option));
    while (Date.now() < until) {
      texts = await options.allTextContents();
      if (settled()) break;
      await this.page.waitForTimeout(100);
    }
    if (!settled()) throw new Error(`${label}: no suggestion '${option}' for '${typed}', saw ${JSON.stringify(texts)}`);
    await options.filter({ hasText: option }).first().click();
  }

  /** The helper text (client or server error) under an input. */
  async errorUnder(label: string): Promise<string | null> {
    const id = await this.input(label).getAttribute('aria-describedby');
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }

  button(name: string | RegExp) {
    return this.root().getByRole('button', { name, exact: typeof name === 'string' });
  }

  async save() {
    await this.button('Save').click();
  }
}

/** Notifications (react-admin's snackbar) and the confirmation dialog, shared by every screen. */
export class ConsoleFeedback {
  constructor(private readonly page: Page) {}

  /**
   * The notification that reads exactly `text` (waits for it). While a drawer is open MUI hides the
   * rest of the page from the accessibility tree (aria-hidden), the snackbar included, so hidden
   * elements are searched too.
   */
  async notification(text: string): Promise<Locator> {
    const alert = this.page.getByRole('alert', { includeHidden: true }).filter({ hasText: new RegExp(`^${escape(text)}$`) });
    await alert.first().waitFor();
    return alert.first();
  }

  /** Answers the open confirmation dialog ('Confirm' / 'Confirmar'). */
  async confirm() {
    const dialog = this.page.getByRole('dialog').filter({ has: this.page.getByRole('button', { name: /^(Confirm|Confirmar)$/ }) });
    await dialog.getByRole('button', { name: /^(Confirm|Confirmar)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

/** /admin/programs and its add drawer (/admin/programs/create). */
export class ProgramsPage {
  readonly drawer: CatalogueDrawer;

  constructor(private readonly page: Page) {
    this.drawer = new CatalogueDrawer(page);
  }

  async goto() {
    await this.page.goto('/admin/programs');
    await this.page.getByLabel('Search by name or ID').waitFor();
  }

  /** 'New program' → fills the add drawer → Save; answers the new program's id (the drawer moves to it). */
  async create(program: { name: string; businessCategory: string; cost: string }): Promise<number> {
    await this.page.getByRole('link', { name: 'New program' }).click();
    await this.page.waitForURL('**/admin/programs/create');
    await this.drawer.fill('Name', program.name);
    await this.drawer.select('Business category', program.businessCategory);
    await this.drawer.fill('Cost', program.cost);
    await this.drawer.save();
    await this.page.waitForURL(/\/admin\/programs\/\d+$/);
    return idFromUrl(this.page);
  }
}

/** /admin/cohorts, its add drawer and a cohort's drawer with its actions. */
export class CohortsPage {
  readonly drawer: CatalogueDrawer;

  constructor(private readonly page: Page) {
    this.drawer = new CatalogueDrawer(page);
  }

  async goto() {
    await this.page.goto('/admin/cohorts');
    await this.page.getByLabel('Search by name, dates or ID').waitFor();
  }

  /**
   * 'New cohort' → program and dates (typed MM-DD-YYYY) → Save; answers the new cohort's id. The
   * program is searched by the first word of its name (the programs' search matches each typed word
   * as the start of the name, so the whole of a several-word name finds nothing).
   */
  async create(cohort: { program: string; startDate: string; endDate: string }): Promise<number> {
    await this.page.getByRole('link', { name: 'New cohort' }).click();
    await this.page.waitForURL('**/admin/cohorts/create');
    await this.drawer.autocomplete('Program', cohort.program.split(' ')[0], cohort.program);
    await this.drawer.fill('Start date', cohort.startDate);
    await this.drawer.fill('End date', cohort.endDate);
    await this.drawer.save();
    await this.page.waitForURL(/\/admin\/cohorts\/\d+$/);
    return idFromUrl(this.page);
  }

  /** A cohort's drawer on its record route (over the list). */
  async open(id: number) {
    await this.page.goto(`/admin/cohorts/${id}`);
    await this.page.getByTestId('cohort-actions').waitFor();
  }

  /** Archive (or Archivar) → confirm. */
  async archive() {
    await this.page.getByTestId('archive-cohort').click();
    await new ConsoleFeedback(this.page).confirm();
  }
}

/** /admin/products, its add drawer and a product's drawer with its status and actions. */
export class ProductsPage {
  readonly drawer: CatalogueDrawer;

  constructor(private readonly page: Page) {
    this.drawer = new CatalogueDrawer(page);
  }

  async goto() {
    await this.page.goto('/admin/products');
    await this.page.getByLabel('Search by name or ID').waitFor();
  }

  /** 'Add product' → the add drawer. */
  async startCreate() {
    await this.page.getByRole('link', { name: 'Add product' }).click();
    await this.page.waitForURL('**/admin/products/create');
  }

  /** Fills the add (or edit) form; `cohort` is typed into the cohorts autocomplete and its suggestion picked. */
  async fill(product: { name?: string; flowType?: string; enrollingFrom?: string; enrollingUntil?: string; cohort?: { typed: string; option: string } }) {
    if (product.name !== undefined) await this.drawer.fill('Name', product.name);
    if (product.flowType) await this.drawer.select('Flow type', product.flowType);
    if (product.enrollingFrom !== undefined) await this.drawer.fill('Enrolling from', product.enrollingFrom);
    if (product.enrollingUntil !== undefined) await this.drawer.fill('Enrolling until', product.enrollingUntil);
    if (product.cohort) await this.drawer.autocomplete('Cohorts (product items)', product.cohort.typed, product.cohort.option);
  }

  /** Save on the add drawer; answers the new product's id (the drawer moves to it). */
  async saveNew(): Promise<number> {
    await this.drawer.save();
    await this.page.waitForURL(/\/admin\/products\/\d+$/);
    return idFromUrl(this.page);
  }

  async open(id: number) {
    await this.page.goto(`/admin/products/${id}`);
    await this.page.getByTestId('product-actions').waitFor();
  }

  /** The drawer's state chips ('Published' / 'Not published', 'Enrolling' / 'Not enrolling'). */
  status() {
    return this.page.getByTestId('product-status');
  }

  async publish() {
    await this.page.getByTestId('publish-product').click();
  }

  /** The drawer's 'Payment plans' button → /admin/products/:id/payment-plans. */
  async openPaymentPlans() {
    await this.page.getByTestId('product-plans-link').click();
    await this.page.waitForURL(/\/admin\/products\/\d+\/payment-plans/);
  }
}

/** /admin/products/:productId/payment-plans: the plans table and the add drawer. */
export class ProductPaymentPlansPage {
  readonly drawer: CatalogueDrawer;

  constructor(private readonly page: Page) {
    this.drawer = new CatalogueDrawer(page);
  }

  async goto(productId: number) {
    await this.page.goto(`/admin/products/${productId}/payment-plans`);
    await this.page.getByTestId('page-title').waitFor();
  }

  title() {
    return this.page.getByTestId('page-title');
  }

  rows() {
    return this.page.locator('[data-testid="nested-page"] table tbody tr');
  }

  /** 'Add payment plan' → chooses the template whose label starts with `template` → Save. */
  async add(template: string) {
    await this.page.getByTestId('add-plan').click();
    await this.drawer
      .root()
      .getByRole('combobox', { name: /^Payment plan template/ })
      .click();
    await this.page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${escape(template)}`) })
      .click();
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
    await this.drawer.save();
  }

  /** The breadcrumb back to the product's drawer. */
  async backToProduct(name: string) {
    await this.page.getByRole('link', { name, exact: true }).click();
    await this.page.waitForURL(/\/admin\/products\/\d+(\?.*)?$/);
  }
}
