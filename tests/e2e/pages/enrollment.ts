import type { Locator, Page } from 'playwright-core';
import { ConsoleFeedback } from './catalogue';
import { PortalLoginPage } from './portal';

/**
 * Page objects of the enrollment: the portal's sign-up (/get-started) and its seven enrollment
 * steps with the congratulations page, and the console's applications list (/admin/enrollments)
 * with the application drawer and its status actions. Tests speak in the screens' terms (labels and
 * buttons as students and staff read them), not in selectors.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /get-started: the account details, then the emailed verification code. */
export class GetStartedPage {
  constructor(private readonly page: Page) {}

  /** Opens the sign-up in English. */
  async goto() {
    await new PortalLoginPage(this.page).goto('/get-started');
    await this.form().waitFor();
  }

  form() {
    return this.page.getByRole('form', { name: 'Get started' });
  }

  async fill(details: { language: 'English' | 'Español'; firstName: string; lastName: string; email: string; password: string }) {
    const form = this.form();
    await form.getByLabel('Language', { exact: true }).selectOption({ label: details.language });
    await form.getByLabel('First name', { exact: true }).fill(details.firstName);
    await form.getByLabel('Last name', { exact: true }).fill(details.lastName);
    await form.getByLabel('Email', { exact: true }).fill(details.email);
    await form.getByLabel('Create password', { exact: true }).fill(details.password);
    await form.getByLabel('Confirm password', { exact: true }).fill(details.password);
  }

  async submit() {
    await this.form().getByRole('button', { name: 'Continue' }).click();
  }

  codeForm() {
    return this.page.getByRole('form', { name: 'Enter your verification code' });
  }

  async enterCode(code: string) {
    const form = this.codeForm();
    await form.getByLabel('Verification code', { exact: true }).fill(code);
    await form.getByRole('button', { name: 'Verify' }).click();
  }
}

/** The portal's Enrollment item once an application is submitted (/enroll): one section per application. */
export class PortalApplicationsPage {
  constructor(private readonly page: Page) {}

  /** The menu's 'Enrollment'. */
  async openFromMenu() {
    await this.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Enrollment', exact: true }).click();
    await this.page.waitForURL((url) => url.pathname === '/enroll');
  }

  /** The section of one application, titled with its course. */
  application(productName: string): Locator {
    return this.page.getByRole('region', { name: productName, exact: true });
  }

  /** A detail of the application ('Classes', 'Payment plan', 'Status', 'Submitted'). */
  detail(productName: string, term: string): Locator {
    return this.application(productName)
      .locator('dt', { hasText: new RegExp(`^${escape(term)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** 'What happens next' of the application: the sentence and its action. */
  nextStep(productName: string): Locator {
    return this.application(productName).getByRole('region', { name: 'What happens next' });
  }
}

/** The portal's home page cards. */
export class PortalHomePage {
  constructor(private readonly page: Page) {}

  /** The enrollment card's 'Start with a promo code' (shown while the student has no application). */
  async startWithPromoCode() {
    await this.page.getByTestId('home-enroll').getByRole('link', { name: 'Start with a promo code' }).click();
    await this.page.waitForURL('**/enroll/promo');
  }
}

/**
 * The enrollment steps (/enroll/promo, /enroll/{id}/{step}) and the congratulations page. Each step
 * is one section titled with the step's name, with Back and Next (the last one's Next reads
 * 'Submit application').
 */
export class EnrollmentPage {
  constructor(private readonly page: Page) {}

  /** Waits for the step titled `name` ('Select course', 'Payment plan'...). */
  async waitForStep(name: string) {
    await this.page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  }

  /** The application being filled in, from the address (/enroll/42/class → 42). */
  applicationId(): number {
    const match = /\/enroll\/(\d+)\//.exec(new URL(this.page.url()).pathname);
    if (!match) throw new Error(`no application in ${this.page.url()}`);
    return Number(match[1]);
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The helper text under a field (a client or server error, or its hint). */
  async helperTextOf(label: string): Promise<string | null> {
    const id = await this.field(label).getAttribute('aria-describedby');
    return id ? this.page.locator(`[id="${id}"]`).textContent() : null;
  }

  async next() {
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
  }

  async back() {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
  }

  // ---- Select course (with a promo code).
  async typePromoCode(code: string) {
    await this.field('Promo code').fill(code);
  }

  async chooseCourse(productName: string) {
    await this.page.getByRole('radio', { name: productName, exact: true }).check();
  }

  // ---- Select class.
  async chooseClass(cohortLabel: string) {
    await this.page.getByRole('radio', { name: new RegExp(`^${escape(cohortLabel)}`) }).check();
  }

  // ---- Personal info (country first: the state becomes a list of US states).
  async fillPersonalInfo(info: { dateOfBirth: string; mobilePhone: string; street: string; city: string; countryCode: string; stateCode: string; zip: string }) {
    await this.field('Date of birth').fill(info.dateOfBirth);
    await this.field('Mobile phone').fill(info.mobilePhone);
    await this.field('Street address').fill(info.street);
    await this.field('City').fill(info.city);
    await this.field('Country').selectOption(info.countryCode);
    await this.field('State').selectOption(info.stateCode);
    await this.field('ZIP code').fill(info.zip);
  }

  /** The questionnaire that follows the personal info when the program's flow requires it. */
  async answerQuestionnaire(answers: { motivation: string; background: string; source: string }) {
    await this.page.getByRole('heading', { name: 'A few questions' }).waitFor();
    await this.field('Why do you want to become a health coach?').fill(answers.motivation);
    await this.field('Tell us about your health and wellness background').fill(answers.background);
    await this.field('How did you hear about us?').selectOption({ label: answers.source });
  }

  // ---- Payment plan.
  async choosePlan(planName: string) {
    await this.page.getByRole('radio', { name: planName, exact: true }).check();
  }

  /** The preview's line of a plan: deposit, installments, APR, interest, total. */
  planTerms(productPaymentPlanId: number): Locator {
    return this.page.getByTestId(`plan-${productPaymentPlanId}-terms`);
  }

  /** 'Promo code X applied: you save $Y.' */
  promoApplied(): Locator {
    return this.page.getByTestId('promo-applied');
  }

  // ---- Read and sign the agreement.
  agreementText(): Locator {
    return this.page.getByRole('document', { name: 'Agreement text' });
  }

  async signAgreement(fullName: string) {
    const form = this.page.getByRole('form', { name: 'Sign the agreement' });
    await form.getByLabel('Type your full name', { exact: true }).fill(fullName);
    await form.getByRole('checkbox', { name: 'I have read and agree' }).check();
    await form.getByRole('button', { name: 'Sign agreement' }).click();
    await this.page.getByText('Thank you, your agreement is signed.').waitFor();
  }

  // ---- Payment method.
  async addCard(card: { number: string; expiry: string; cvc: string }) {
    const form = this.page.getByRole('form', { name: 'Add a card' });
    await form.getByLabel('Card number', { exact: true }).fill(card.number);
    await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill(card.expiry);
    await form.getByLabel('CVC', { exact: true }).fill(card.cvc);
    await form.getByRole('button', { name: 'Add card' }).click();
  }

  /** A saved card's choice, e.g. 'Visa •••• 4242, expires 12/29'. */
  card(label: string): Locator {
    return this.page.getByRole('radio', { name: label, exact: true });
  }

  // ---- Submit application.
  /** A line of the review ('course', 'classes', 'plan', 'promo', 'agreement', 'card'...). */
  review(item: string): Locator {
    return this.page.getByTestId(`review-${item}`);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Submit application', exact: true }).click();
    await this.page.waitForURL(/\/enroll\/\d+\/congratulations$/);
    await this.page.getByRole('heading', { level: 1, name: 'Congratulations!' }).waitFor();
  }

  // ---- Congratulations.
  congratulations() {
    return {
      body: this.page.getByTestId('congrats-body'),
      status: this.page.getByTestId('application-status'),
      messages: this.page.getByTestId('next-messages').getByRole('listitem'),
      pending: this.page.getByRole('region', { name: 'Pending signing requests' }),
    };
  }
}

/** /admin/enrollments: the applications list, its filter chips and keyword search. */
export class ApplicationsListPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/enrollments');
    await this.searchBox().waitFor();
  }

  searchBox() {
    return this.page.getByLabel('Search by student, email, product or ID');
  }

  async search(keyword: string) {
    await this.searchBox().fill(keyword);
  }

  chip(key: string) {
    return this.page.getByTestId(`filter-chip-${key}`);
  }

  async removeChip(key: string) {
    await this.chip(key).getByLabel('Remove this filter').click();
    await this.chip(key).waitFor({ state: 'detached' });
  }

  rows() {
    return this.page.locator('table tbody tr');
  }

  /** Waits until the list shows exactly one row, containing `text`, and opens it in the drawer. */
  async openOnlyRow(text: string) {
    const until = Date.now() + 15_000;
    let texts: string[] = [];
    while (Date.now() < until) {
      texts = await this.rows().allTextContents();
      if (texts.length === 1 && texts[0].includes(text)) break;
      await this.page.waitForTimeout(100);
    }
    if (texts.length !== 1 || !texts[0].includes(text)) throw new Error(`expected one row containing ${text}, saw ${JSON.stringify(texts)}`);
    await this.rows().first().click();
    await this.page.waitForURL(/\/admin\/enrollments\/\d+/);
  }
}

/** The application drawer over the list: its title, status chip and status actions. */
export class ApplicationDrawerPage {
  private readonly feedback: ConsoleFeedback;

  constructor(private readonly page: Page) {
    this.feedback = new ConsoleFeedback(page);
  }

  root() {
    return this.page.getByTestId('record-drawer');
  }

  title() {
    return this.page.getByTestId('drawer-title');
  }

  status() {
    return this.root().getByTestId('application-status');
  }

  async openTab(name: string) {
    await this.root().getByRole('tab', { name, exact: true }).click();
  }

  /** Waits until the status chip reads `label` ('Signed', 'Enrolled'...). */
  async waitForStatus(label: string) {
    await this.status()
      .filter({ hasText: new RegExp(`^${escape(label)}$`) })
      .waitFor();
  }

  /**
   * One of the status actions ('Approve: send to sign', 'Enroll'...): the button, the confirmation
   * ('Move application #42 to Enrolled?') answered, and the notification of the change waited for:
   * it names the status the server answered, `endsIn` when the move went on by itself (an approval
   * of a signed agreement ends in Signed).
   */
  async move(action: string, statusLabel: string, endsIn = statusLabel) {
    await this.root().getByRole('button', { name: action, exact: true }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: new RegExp(`Move application #\\d+ to ${escape(statusLabel)}\\?`) });
    await dialog.waitFor();
    await this.feedback.confirm();
    await this.feedback.notification(`Status changed to ${endsIn}`);
  }
}
