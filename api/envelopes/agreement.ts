import { createHash } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import { Application, ApplicationCohort, Cohort, Envelope, PaymentPlanAdjustment, Product, Program, Student, Voucher } from '../../models';
import { toDisplayDate } from '../../models/dates';
import { validationSettings } from '../../models/validation';
import { productPlanName } from '../applications/plan-name';
import { quotePlan } from '../applications/quote';
import { AppError } from '../common/errors';
import { formatCents, toCents } from '../../domain/money';

/**
 * The enrollment agreement of an application (domain rules "Applications and enrollments"): a
 * deterministic text made from the application's current choices — no "now", no due dates — so that
 * rendering it twice gives the same SHA-256 and any change of terms (classes, plan, voucher, student
 * name, program agreement revision) makes a signed or sent envelope stale.
 */

export interface RenderedAgreement {
  title: string;
  content: string;
  sha256: string;
}

/** `1234567` cents → `$12,345.67` (domain/money.ts writes it without locale data: the text must never change by machine). */
export const usd = (cents: number): string => formatCents(cents);

export const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The program's agreement lines: its link and its publication and revision dates, each only when set
 * (a student never reads "not set").
 */
function programAgreementLines(program: Program | undefined): string[] {
  const lines: string[] = [];
  if (program?.enrollmentAgreementUrl) lines.push(`Program enrollment agreement: ${program.enrollmentAgreementUrl}`);
  const published = program?.enrollmentAgreementPublicationDate;
  const revised = program?.enrollmentAgreementLastRevisionDate;
  if (published) lines.push(`Agreement published: ${toDisplayDate(published)}${revised ? `; last revised: ${toDisplayDate(revised)}` : ''}`);
  else if (revised) lines.push(`Agreement last revised: ${toDisplayDate(revised)}`);
  return lines;
}

/** The class's dates as far as they are set (a continuous-learning class may have none). */
function classDatesLines(cohort: Cohort | undefined): string[] {
  const start = cohort?.startDate;
  const end = cohort?.endDate;
  if (start && end) return [`Class dates: ${toDisplayDate(start)} to ${toDisplayDate(end)}`];
  if (start) return [`Class starts: ${toDisplayDate(start)}`];
  if (end) return [`Class ends: ${toDisplayDate(end)}`];
  return [];
}

/** The application with everything the text reads, in one query. */
async function loadForAgreement(applicationId: number, transaction?: Transaction) {
  const application = await Application.findByPk(applicationId, {
    include: [
      { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
      { model: Product, as: 'product', attributes: ['id', 'name', 'enrollmentAgreementUrl'] },
      { model: Voucher, as: 'voucher', attributes: ['id', 'code', 'discountKind', 'discountValue'] },
      {
        model: ApplicationCohort,
        as: 'applicationCohorts',
        attributes: ['id', 'programId', 'cohortId'],
        include: [
          { model: Cohort, as: 'cohort', attributes: ['id', 'label', 'startDate', 'endDate'] },
          {
            model: Program,
            as: 'program',
            attributes: ['id', 'name', 'enrollmentAgreementUrl', 'enrollmentAgreementPublicationDate', 'enrollmentAgreementLastRevisionDate'],
          },
        ],
      },
    ],
    transaction,
  });
  if (!application) throw AppError.notFound('Application');
  return application;
}

type Loaded = Awaited<ReturnType<typeof loadForAgreement>>;

/** A date the engine needs but the text never shows: amounts do not depend on it, the text must not either. */
const ANY_FIRST_DUE_DATE = '2000-01-01';
const PLAN_TYPES: Record<string, string> = { PAY_IN_FULL: 'Pay in full', INTEREST_BEARING: 'Monthly installments with interest' };
const SCHEDULE_TYPES: Record<string, string> = {
  FIXED_TERMS: 'fixed number of months',
  FIXED_INSTALLMENT_AMOUNT: 'fixed installment amount',
  FIXED_PRINCIPAL_AMOUNT: 'fixed principal amount',
};

/** Runs of equal installment amounts: '11 monthly installments of $450.00, then 1 of $449.87'. */
function installmentsText(amounts: number[]): string {
  const runs: Array<{ count: number; cents: number }> = [];
  for (const cents of amounts) {
    const last = runs[runs.length - 1];
    if (last && last.cents === cents) last.count += 1;
    else runs.push({ count: 1, cents });
  }
  return runs.map((r, i) => (i === 0 ? `${r.count} monthly installment${r.count === 1 ? '' : 's'} of ${usd(r.cents)}` : `then ${r.count} of ${usd(r.cents)}`)).join(', ');
}

const percent = (rate: number) => `${(Math.round(rate * 10_000) / 10_000).toFixed(2)}%`;

/** The plan section: the application's quote on its chosen plan (`quotePlan`, as the plan step previewed it; amounts only). */
async function planLines(application: Loaded, transaction?: Transaction): Promise<string[]> {
  const planId = application.productPaymentPlanId;
  if (!planId) return ['No payment plan has been chosen yet.'];
  const voucher = (application as unknown as { voucher?: Voucher | null }).voucher ?? null;
  const { input, terms, plan, schedule, voucherDiscountCents } = await quotePlan(application, planId, { firstDueDate: ANY_FIRST_DUE_DATE, voucher }, transaction);
  const adjustments = await PaymentPlanAdjustment.findAll({
    where: { productPaymentPlanId: plan.id },
    attributes: ['id', 'description', 'type', 'amount'],
    order: [['id', 'ASC']],
    transaction,
  });

  const lines = [`Payment plan: ${productPlanName(plan)}`, `Plan type: ${PLAN_TYPES[terms.paymentPlanType] ?? terms.paymentPlanType}`];
  if (terms.paymentPlanType !== 'PAY_IN_FULL') lines.push(`Schedule: ${SCHEDULE_TYPES[input.paymentScheduleType] ?? input.paymentScheduleType}`);
  lines.push(`Tuition: ${usd(input.tuitionCents)}`);
  lines.push(`Registration fee: ${usd(input.registrationFeeCents)}`);
  lines.push(`Books and materials fee: ${usd(input.booksAndMaterialsFeeCents)}`);
  for (const a of adjustments) {
    const amount = toCents(a.amount);
    lines.push(`${a.type === 'CREDIT' ? 'Credit' : 'Charge'}: ${a.description}: ${a.type === 'CREDIT' ? usd(-amount) : usd(amount)}`);
  }
  if (voucherDiscountCents) lines.push(`Voucher discount${voucher ? ` (${voucher.code})` : ''}: ${usd(-voucherDiscountCents)}`);
  lines.push(`Total principal: ${usd(schedule.principalCents)}`);
  if (terms.paymentPlanType === 'PAY_IN_FULL') {
    lines.push(`Payment: one payment of ${usd(schedule.totalCents)}`);
  } else {
    const installments = schedule.entries.filter((e) => e.kind === 'INSTALLMENT').map((e) => e.amountCents);
    lines.push(`Deposit: ${usd(schedule.depositCents)}`);
    lines.push(`Amount financed: ${usd(schedule.financedCents)}`);
    lines.push(`Installments: ${installments.length ? installmentsText(installments) : 'none'}`);
    lines.push(`Annual percentage rate (APR): ${percent(input.annualPercentageRate)}`);
    lines.push(`Total interest (finance charge): ${usd(schedule.interestCents)}`);
  }
  lines.push(`Total of payments: ${usd(schedule.totalCents)}`);
  lines.push('The due dates of the payments are set when the School accepts this application: the first payment is due on the day of acceptance, the others monthly after it.');
  return lines;
}

/** Renders the agreement text of an application as it stands now (404 when there is none). */
export async function renderAgreement(applicationId: number, transaction?: Transaction): Promise<RenderedAgreement> {
  const application = await loadForAgreement(applicationId, transaction);
  const student = application.student!;
  const product = application.product!;
  const provider = validationSettings.providerName;
  const cohorts = [...(application.applicationCohorts ?? [])].sort((a, b) => a.programId - b.programId || a.id - b.id);

  const lines: string[] = [];
  lines.push(`ENROLLMENT AGREEMENT`, '');
  lines.push(`This enrollment agreement is made between ${provider} (the "School") and the student named below.`, '');
  lines.push('1. STUDENT');
  lines.push(`Name: ${student.firstName} ${student.lastName}`);
  lines.push(`Email: ${student.email}`, '');
  lines.push('2. PROGRAM OF STUDY');
  lines.push(`Product: ${product.name}`);
  if (product.enrollmentAgreementUrl) lines.push(`Product agreement terms: ${product.enrollmentAgreementUrl}`);
  if (!cohorts.length) lines.push('No class has been selected yet.');
  for (const ac of cohorts) {
    const program = (ac as unknown as { program?: Program }).program;
    const cohort = (ac as unknown as { cohort?: Cohort }).cohort;
    lines.push('');
    lines.push(`Program: ${program?.name ?? `#${ac.programId}`}`);
    lines.push(...programAgreementLines(program));
    lines.push(`Class: ${cohort?.label ?? `#${ac.cohortId}`}`);
    lines.push(...classDatesLines(cohort));
  }
  lines.push('');
  lines.push('3. TUITION AND PAYMENT TERMS');
  lines.push(...(await planLines(application, transaction)));
  lines.push('');
  lines.push('4. PAYMENT METHOD');
  lines.push(
    'The payment card on file is not charged until the School accepts this application. On acceptance, the deposit or the first installment is charged, and the remaining installments as scheduled.',
  );
  lines.push('');
  lines.push('5. CANCELLATION');
  lines.push(
    "You may cancel this application at any time before it is accepted, at no cost. After acceptance you may withdraw under the School's cancellation and refund policy for the program, as stated in the program enrollment agreement referenced above.",
  );
  lines.push('');
  lines.push('6. SIGNATURE');
  lines.push('By typing your full name and signing, you confirm that you have read and agree to this enrollment agreement and that the information above is correct.');
  const content = lines.join('\n');
  return { title: `Enrollment Agreement - ${product.name}`, content, sha256: sha256Of(content) };
}

/**
 * Whether the application's current envelope (the newest one not VOIDED) is SIGNED and what was
 * signed still equals a fresh rendering: a change of terms after signing needs a new signature.
 */
export async function isAgreementSigned(applicationId: number, transaction?: Transaction): Promise<boolean> {
  const current = await Envelope.findOne({
    where: { applicationId, status: { [Op.ne]: 'VOIDED' } },
    order: [['id', 'DESC']],
    attributes: ['id', 'status', 'contentSha256', 'signedSha256'],
    transaction,
  });
  if (!current || current.status !== 'SIGNED') return false;
  const fresh = await renderAgreement(applicationId, transaction);
  return current.contentSha256 === fresh.sha256 && current.signedSha256 === fresh.sha256;
}
