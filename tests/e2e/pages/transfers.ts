import type { Locator, Page } from 'playwright-core';
import { api, makeStudent, unique } from '../support/api';
import { ConsoleFeedback } from './catalogue';

/**
 * Transfers and withdrawals (issue 18): the records the browser tests arrange through the API, and the
 * page objects of the screens — the console's Transfer dialog (application drawer), the withdrawal
 * drawer (/admin/withdrawals/{id}), the portal's pending transfer (/transfers/{id}) and its request
 * form (/transfers). Tests speak in the screens' terms, not in selectors.
 */

const YEAR = new Date().getFullYear();
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escape(text)}$`);

export interface CatalogueProduct {
  id: number;
  name: string;
  cohortId: number;
  productPlanId: number;
}

/**
 * One HCTP program without enrollment steps and three published products of it ('E2E Transfer
 * Course …', each with its own class next year and the same 12-month plan: deposit $500, $6,000),
 * between which a student may be transferred (same business category, classes not ended).
 */
export async function makeTransferCatalogue(token: string): Promise<CatalogueProduct[]> {
  const categories = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/business_categories?size=50', token);
  const hctpId = categories.content.find((c) => c.name === 'HCTP')!.id;
  const program = await api<{ id: number }>('POST', '/programs', token, { name: unique('E2E Transfer Program '), businessCategoryId: hctpId, cost: 6000, language: 'EN' });
  await api('PUT', `/programs/${program.id}/enrollment_flow_requirements`, token, []);
  const template = await api<{ id: number }>('POST', `/business_categories/${hctpId}/payment_plans`, token, {
    description: unique('E2E Transfer 12 months '),
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_TERMS',
    depositAmount: 500,
    totalTerm: 12,
    annualPercentageRate: 9.9,
    tuitionPrice: 6000,
  });
  const products: CatalogueProduct[] = [];
  for (const [i, month] of ['03', '05', '07'].entries()) {
    const cohort = await api<{ id: number }>('POST', '/cohorts', token, { programId: program.id, startDate: `${YEAR + 1}-${month}-02`, endDate: `${YEAR + 1}-12-${10 + i}` });
    const product = await api<{ id: number; name: string }>('POST', '/products', token, {
      name: unique(`E2E Transfer Course ${'ABC'[i]} `),
      flowType: 'HCTP',
      cost: 6000,
      cohortIds: [cohort.id],
      enrollingStartDate: isoDay(-2),
      enrollingEndDate: isoDay(365),
    });
    const productPlan = await api<{ id: number }>('POST', `/products/${product.id}/product_payment_plans`, token, {
      paymentPlanId: template.id,
      shortDescription: 'E2E 12 monthly payments',
    });
    await api('POST', `/products/${product.id}/publish`, token);
    products.push({ id: product.id, name: product.name, cohortId: cohort.id, productPlanId: productPlan.id });
  }
  return products;
}

export interface PlanAnswer {
  id: number;
  applicationId: number;
  status: string;
  totalPaid: number;
  rollover: number;
  depositAmount: number;
  nextPaymentSchedule: { id: number; amountDue: number } | null;
  breakdown: { tuitionRollover: number; totalPaid: number };
}

/** The application's plans, polled until `ok` holds for the newest (a charge lands after its transaction commits). */
export async function planOf(token: string, applicationId: number, ok: (p: PlanAnswer) => boolean = () => true): Promise<PlanAnswer> {
  const end = Date.now() + 20_000;
  for (;;) {
    const plans = await api<PlanAnswer[]>('GET', `/applications/${applicationId}/payment_plans`, token);
    const last = plans[plans.length - 1];
    if (last && ok(last)) return last;
    if (Date.now() > end) throw new Error(`plan of application ${applicationId}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface EnrolledStudent {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  cardId: number;
  applicationId: number;
}

/**
 * A student who can sign in to the portal, with a sandbox Visa, enrolled by staff on `product` (its
 * class and plan): ENROLLED charges the $500 deposit to the card; answers once it is paid.
 */
export async function makeEnrolledStudent(token: string, product: CatalogueProduct, over: { firstName?: string; language?: 'EN' | 'ES' } = {}): Promise<EnrolledStudent> {
  const password = 'Student123';
  const firstName = over.firstName ?? 'Marta';
  const lastName = unique('Mover');
  const student = await makeStudent(token, { firstName, lastName, city: 'Boston', password, language: over.language });
  const card = await api<{ id: number }>('POST', `/students/${student.id}/payment_methods`, token, { stripeTokenId: 'tok_visa' });
  const application = await api<{ id: number }>('POST', '/applications', token, { studentId: student.id, productId: product.id });
  await api('PUT', `/applications/${application.id}`, token, { cohortIds: [product.cohortId], productPaymentPlanId: product.productPlanId, paymentMethodId: card.id });
  const applied = await api<{ status: string }>('PATCH', `/applications/${application.id}/status?status=APPLIED`, token);
  if (applied.status !== 'SIGNED') throw new Error(`application ${application.id} went ${applied.status}, not SIGNED`);
  await api('PATCH', `/applications/${application.id}/status?status=ENROLLED`, token);
  await planOf(token, application.id, (p) => p.totalPaid === p.depositAmount && p.totalPaid > 0);
  return { id: student.id, email: student.email, password, firstName, lastName, cardId: card.id, applicationId: application.id };
}

export async function studentToken(student: { email: string; password: string }): Promise<string> {
  return (await api<{ accessToken: string }>('POST', '/auth/signin/customer', null, { email: student.email, password: student.password })).accessToken;
}

export interface TransferAnswer {
  id: number;
  status: string;
  transferFee: number;
  tuitionRollover: number;
  newApplicationId: number | null;
}

/** Staff offer a transfer of `applicationId` to `product` (PENDING until the student accepts). */
export function offerTransfer(token: string, applicationId: number, product: CatalogueProduct, fee?: number): Promise<TransferAnswer> {
  return api<TransferAnswer>('POST', '/transfers', token, { applicationId, destinationProductId: product.id, transferFee: fee });
}

/** The student accepts a staff offer through the API, both steps (terms, then the transfer). */
export async function acceptTransfer(student: { email: string; password: string }, transferId: number): Promise<TransferAnswer> {
  const own = await studentToken(student);
  await api('PATCH', `/transfers/${transferId}/accept_terms`, own);
  return api<TransferAnswer>('PATCH', `/transfers/${transferId}/status?status=ACCEPTED`, own);
}

// ---------------------------------------------------------------- console

/** The application drawer's 'Transfer' dialog: destination, fee, the live preview, Confirm. */
export class ConsoleTransferDialog {
  private readonly feedback: ConsoleFeedback;

  constructor(private readonly page: Page) {
    this.feedback = new ConsoleFeedback(page);
  }

  root(): Locator {
    return this.page.getByTestId('transfer-dialog');
  }

  /** /admin/enrollments/{id} → the overview's 'Transfer' button → the dialog. */
  async openFor(applicationId: number) {
    await this.page.goto(`/admin/enrollments/${applicationId}`);
    await this.page.getByTestId('application-transfer').click();
    await this.root()
      .getByText(/^Transfer /)
      .first()
      .waitFor();
  }

  async chooseProduct(name: string) {
    await this.root()
      .getByRole('combobox', { name: /^To product/ })
      .click();
    await this.page.getByRole('option', { name, exact: true }).click();
    await this.root()
      .getByRole('combobox', { name: /^To product/ })
      .filter({ hasText: name })
      .waitFor();
  }

  async fillFee(amount: string) {
    await this.root()
      .getByLabel(/^Transfer fee/)
      .fill(amount);
  }

  /** A figure of the preview (fee, rollover, excess, principal, old-balance, total, paid) once it reads `text`. */
  async waitForFigure(name: string, text: string) {
    await this.root()
      .getByTestId(`transfer-preview-${name}`)
      .filter({ hasText: exactly(text) })
      .waitFor();
  }

  figure(name: string): Locator {
    return this.root().getByTestId(`transfer-preview-${name}`);
  }

  /** Confirm → 'Transfer offered: it waits for the student' → the transfer's drawer; answers its id. */
  async confirm(): Promise<number> {
    await this.root().getByTestId('transfer-confirm').click();
    await this.feedback.notification('Transfer offered: it waits for the student');
    await this.page.waitForURL(/\/admin\/transfers\/\d+/);
    return Number(/\/admin\/transfers\/(\d+)/.exec(new URL(this.page.url()).pathname)![1]);
  }
}

/** /admin/withdrawals/{id}: the withdrawal's drawer, its status and moves. */
export class ConsoleWithdrawalDrawer {
  private readonly feedback: ConsoleFeedback;

  constructor(private readonly page: Page) {
    this.feedback = new ConsoleFeedback(page);
  }

  root(): Locator {
    return this.page.getByTestId('record-drawer');
  }

  async goto(id: number) {
    await this.page.goto(`/admin/withdrawals/${id}`);
    await this.root().getByTestId('withdrawal-status').waitFor();
  }

  async waitForStatus(label: string) {
    await this.root()
      .getByTestId('withdrawal-status')
      .filter({ hasText: exactly(label) })
      .waitFor();
  }

  /** 'Approve' → the confirmation (what it will move) → 'Withdrawal approved'. Answers the confirmation's text. */
  async approve(): Promise<string> {
    await this.root().getByTestId('withdrawal-to-APPROVED').click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: /Mark withdrawal #\d+ as Approved\?/ });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    await this.feedback.confirm();
    await this.feedback.notification('Withdrawal approved');
    return text;
  }
}

// ---------------------------------------------------------------- portal

/** /transfers/{id}: a staff offer in two steps (terms, then the new program and plan). */
export class PortalPendingTransferPage {
  constructor(private readonly page: Page) {}

  /** A figure of a terms list (`transfer-cost` in step 1, `offer-plan` in step 2) by its key. */
  term(list: 'transfer-cost' | 'offer-plan' | 'offer-terms', key: string): Locator {
    return this.page.getByTestId(list).getByTestId(`term-${key}`).locator('dd');
  }

  step(name: string): Locator {
    return this.page.getByRole('heading', { name, exact: true });
  }
}
