/**
 * The demo catalogue: the flagship Health Coach Training Program with its accelerated track, an
 * advanced program and a free sample class; their cohorts (one running, three upcoming, one past),
 * payment-plan templates, program plans, modules and enrollment flow, and three published products
 * that are enrolling today. Dates are relative to the day of seeding so the demo stays current.
 * Written through the models in the caller's transaction; skipped entirely when the flagship
 * program already exists, so a second run adds nothing.
 */
import type { Transaction } from 'sequelize';
import {
  AccountingLine,
  BusinessCategory,
  BusinessCategoryPaymentPlan,
  Cohort,
  EnrollmentFlowRequirement,
  ModuleGroup,
  Product,
  ProductItem,
  ProductPaymentPlan,
  PaymentPlanAdjustment,
  Program,
  ProgramLanguage,
  ProgramModule,
  ProgramPaymentPlan,
  ProgramPaymentPlanLine,
} from '../models';
import { cohortLabel, cohortStatusOn, schoolToday } from '../models/catalogue';
import { EnrollmentFlowStep } from '../models/enums';

export const DEMO_PROGRAM_NAME = 'Health Coach Training Program';
const SYSTEM = { updatedById: null, updatedByName: 'System' } as const;

/** `today` shifted by whole months (day clamped to 28 so every month has it), as YYYY-MM-DD. */
export function shiftMonths(today: string, months: number, day = 1): string {
  const [y, m] = today.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
}

function shiftDays(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const PROGRAM_DEFAULTS = {
  image: null,
  preRequisites: null,
  welcomeEmailTemplate: null,
  enrollmentAgreementPublicationDate: null,
  enrollmentAgreementLastRevisionDate: null,
  salesforceProductId: null,
  salesforceProductType: null,
  lmsConnectionId: null,
  d2lOrgUnitId: null,
  accredibleGroupId: null,
  ...SYSTEM,
};
const COHORT_DEFAULTS = {
  extendedGraduationDate: null,
  courseAccessStartDateTime: null,
  courseAccessEndDateTime: null,
  description: null,
  image: null,
  customName: null,
  d2lSectionId: null,
  iinLmsCoursePath: null,
  salesforceProductId: null,
  coachingCircleOpenDate: null,
  coachingCircleCloseDate: null,
  sessionOpenDate: null,
  sessionCloseDate: null,
  ...SYSTEM,
};
const PLAN_DEFAULTS = {
  installmentAmount: null,
  depositAmount: null,
  interestRate: null,
  annualPercentageRate: null,
  tuitionPrice: null,
  principalAmount: null,
  salesforcePaymentPlanId: null,
  ...SYSTEM,
};

async function categoryId(name: string, transaction: Transaction): Promise<number> {
  const category = await BusinessCategory.findOne({ where: { name }, transaction });
  if (!category) throw new Error(`business category ${name} missing (migration 0002)`);
  return category.id;
}

/** Seeds the demo catalogue (see the file comment). */
export async function seedCatalogueDemo(transaction: Transaction, now = new Date()): Promise<void> {
  if (await Program.findOne({ where: { name: DEMO_PROGRAM_NAME }, transaction })) return;
  const today = schoolToday(now);
  const hctp = await categoryId('HCTP', transaction);
  const advanced = await categoryId('ADVANCED', transaction);
  const sample = await categoryId('SAMPLE_CLASS', transaction);

  // Programs.
  const flagship = await Program.create(
    {
      ...PROGRAM_DEFAULTS,
      name: DEMO_PROGRAM_NAME,
      businessCategoryId: hctp,
      cost: 6000,
      registrationFee: 100,
      booksAndMaterialsFee: 250,
      description: 'Our flagship certification: nutrition, habit change and coaching skills, with weekly coaching circles.',
      courseAccessDuration: 730,
      graduationLimitDays: 545,
      clockHours: 240,
      weeks: 52,
      language: 'EN',
      showOhioVideo: true,
      enrollmentAgreementUrl: 'https://www.example.com/agreements/hctp.pdf',
      enrollmentAgreementPublicationDate: '2025-01-15',
      enrollmentAgreementLastRevisionDate: '2025-09-01',
    },
    { transaction },
  );
  const accelerated = await Program.create(
    {
      ...PROGRAM_DEFAULTS,
      name: `${DEMO_PROGRAM_NAME} Accelerated`,
      businessCategoryId: hctp,
      cost: 6000,
      registrationFee: 100,
      booksAndMaterialsFee: 250,
      description: 'The same certification in six months, with two coaching circles a week.',
      accelerated: true,
      courseAccessDuration: 540,
      graduationLimitDays: 365,
      clockHours: 240,
      weeks: 26,
      language: 'EN',
    },
    { transaction },
  );
  const hormones = await Program.create(
    {
      ...PROGRAM_DEFAULTS,
      name: 'Advanced Hormone Health',
      businessCategoryId: advanced,
      cost: 1800,
      registrationFee: null,
      booksAndMaterialsFee: null,
      description: 'For certified coaches: hormones, sleep and stress.',
      courseAccessDuration: 365,
      graduationLimitDays: 180,
      clockHours: 60,
      weeks: 12,
      language: 'EN',
    },
    { transaction },
  );
  const intro = await Program.create(
    {
      ...PROGRAM_DEFAULTS,
      name: 'Intro to Health Coaching',
      businessCategoryId: sample,
      cost: 0,
      registrationFee: null,
      booksAndMaterialsFee: null,
      description: 'A free sample class, open all year.',
      durationType: 'CONTINUOUS_LEARNING',
      courseAccessDuration: 30,
      graduationLimitDays: null,
      clockHours: 2,
      weeks: null,
      language: 'EN',
    },
    { transaction },
  );
  await ProgramLanguage.bulkCreate(
    [
      [flagship, 'EN'],
      [flagship, 'ES'],
      [accelerated, 'EN'],
      [hormones, 'EN'],
      [intro, 'EN'],
      [intro, 'ES'],
    ].map(([p, language]) => ({ programId: (p as Program).id, language: language as 'EN' | 'ES' })),
    { transaction },
  );

  // Enrollment flow of the flagship: personal info, questionnaire and the agreement.
  const required = new Set(['COMPLETE_PERSONAL_INFO', 'QUESTIONNAIRE', 'ENROLLMENT_AGREEMENT']);
  await EnrollmentFlowRequirement.bulkCreate(
    EnrollmentFlowStep.map((step, i) => ({ programId: flagship.id, step, required: required.has(step), displayOrder: i + 1 })),
    { transaction },
  );

  // Modules of the flagship, in two groups.
  const [foundations, practice] = await ModuleGroup.bulkCreate([{ name: 'Foundations' }, { name: 'Coaching practice' }], { transaction });
  const titles: Array<[string, ModuleGroup]> = [
    ['Welcome and orientation', foundations],
    ['Nutrition fundamentals', foundations],
    ['Habit change and behaviour', foundations],
    ['Active listening', practice],
    ['Running a coaching session', practice],
    ['Building your practice', practice],
  ];
  await ProgramModule.bulkCreate(
    titles.map(([title, group], i) => ({
      programId: flagship.id,
      title,
      d2lModuleId: null,
      groupName: group.name,
      moduleGroupId: group.id,
      duration: 120,
      startDateTime: null,
      openDate: null,
      closeDate: null,
      endDateTime: null,
      image: null,
      communicationTemplateId: null,
      displayOrder: i + 1,
      ...SYSTEM,
    })),
    { transaction },
  );

  // Cohorts: one running, three upcoming, one finished; the sample class runs continuously.
  const cohort = async (program: Program, startDate: string | null, endDate: string | null, extra: Partial<Cohort['_creationAttributes']> = {}) => {
    const label = cohortLabel({ customName: extra.customName, programName: program.name, durationType: program.durationType, startDate, endDate });
    return Cohort.create(
      {
        ...COHORT_DEFAULTS,
        programId: program.id,
        businessCategoryId: program.businessCategoryId,
        startDate,
        endDate,
        label,
        maxStudents: 60,
        status: cohortStatusOn({ startDate, endDate }, today),
        published: true,
        ...extra,
      },
      { transaction },
    );
  };
  await cohort(flagship, shiftMonths(today, -4, 15), shiftMonths(today, 8, 14), { useCoachingCircle: true });
  const upcoming = await cohort(flagship, shiftMonths(today, 2, 15), shiftMonths(today, 14, 14), { useCoachingCircle: true });
  const upcomingLater = await cohort(flagship, shiftMonths(today, 4, 15), shiftMonths(today, 16, 14), { useCoachingCircle: true });
  const upcomingFast = await cohort(accelerated, shiftMonths(today, 2, 15), shiftMonths(today, 8, 14), { useCoachingCircle: true });
  await cohort(flagship, shiftMonths(today, -18, 15), shiftMonths(today, -6, 14), { published: false });
  const hormonesCohort = await cohort(hormones, shiftMonths(today, 1, 1), shiftMonths(today, 4, 1));
  await cohort(intro, shiftMonths(today, -12, 1), null, { customName: 'Intro to Health Coaching (open enrollment)' });

  // Payment-plan templates and accounting lines of the HCTP category.
  const [payInFull, monthly] = await BusinessCategoryPaymentPlan.bulkCreate(
    [
      {
        ...PLAN_DEFAULTS,
        businessCategoryId: hctp,
        description: 'Pay in full',
        paymentPlanType: 'PAY_IN_FULL',
        paymentScheduleType: 'FIXED_TERMS',
        totalTerm: 1,
        tuitionPrice: 6000,
      },
      {
        ...PLAN_DEFAULTS,
        businessCategoryId: hctp,
        description: '12 monthly payments',
        paymentPlanType: 'INTEREST_BEARING',
        paymentScheduleType: 'FIXED_TERMS',
        totalTerm: 12,
        amortizeTerm: 12,
        depositAmount: 500,
        interestRate: 0,
        annualPercentageRate: 0,
        tuitionPrice: 6000,
      },
    ],
    { transaction },
  );
  const [registration, books] = await AccountingLine.bulkCreate(
    [
      { businessCategoryId: hctp, description: 'Registration fee', type: 'CHARGE', category: 'FEE', ...SYSTEM },
      { businessCategoryId: hctp, description: 'Books and materials', type: 'CHARGE', category: 'FEE', ...SYSTEM },
    ],
    { transaction },
  );

  // The flagship's own plans, the monthly one by default.
  const [, programMonthly] = await ProgramPaymentPlan.bulkCreate(
    [
      {
        programId: flagship.id,
        name: 'Pay in full',
        isDefault: false,
        shortDescription: 'One payment of $6,350.00',
        longDescription: null,
        paymentPlanType: 'PAY_IN_FULL',
        paymentScheduleType: 'FIXED_TERMS',
        totalTerm: 1,
        ...PLAN_DEFAULTS,
        tuitionPrice: 6000,
      },
      {
        programId: flagship.id,
        name: '12 monthly payments',
        isDefault: true,
        shortDescription: '$500.00 deposit, then 12 payments',
        longDescription: null,
        paymentPlanType: 'INTEREST_BEARING',
        paymentScheduleType: 'FIXED_TERMS',
        totalTerm: 12,
        amortizeTerm: 12,
        ...PLAN_DEFAULTS,
        depositAmount: 500,
        interestRate: 0,
        tuitionPrice: 6000,
      },
    ],
    { transaction },
  );
  await ProgramPaymentPlanLine.bulkCreate(
    [
      { programPaymentPlanId: programMonthly.id, accountingLineId: registration.id, amount: 100 },
      { programPaymentPlanId: programMonthly.id, accountingLineId: books.id, amount: 250 },
    ],
    { transaction },
  );

  // Products: enrolling from a month ago until the upcoming cohorts start; published.
  const window = { enrollingStartDate: shiftDays(today, -30), enrollingEndDate: upcoming.startDate };
  const product = async (name: string, cost: number, cohorts: Cohort[], plans: BusinessCategoryPaymentPlan[], flowType: 'HCTP' | 'DYNAMIC') => {
    const row = await Product.create(
      {
        name,
        description: null,
        salesforceProductType: null,
        salesforceProductId: null,
        enrollmentAgreementUrl: null,
        cost,
        flowType,
        published: true,
        ...window,
        ...SYSTEM,
      },
      { transaction },
    );
    await ProductItem.bulkCreate(
      cohorts.map((c) => ({ productId: row.id, cohortId: c.id })),
      { transaction },
    );
    const created = await ProductPaymentPlan.bulkCreate(
      plans.map((p) => ({
        productId: row.id,
        paymentPlanId: p.id,
        shortDescription: p.description,
        longDescription: null,
        salesforcePaymentPlanId: null,
        ...SYSTEM,
      })),
      { transaction },
    );
    return { row, plans: created };
  };
  // The flagship product offers two upcoming classes to choose from; the accelerated track is its own product.
  const hctpProduct = await product(`${DEMO_PROGRAM_NAME} (${upcoming.label.slice(DEMO_PROGRAM_NAME.length + 1)})`, 6000, [upcoming, upcomingLater], [payInFull, monthly], 'HCTP');
  await product(upcomingFast.label, 6000, [upcomingFast], [payInFull, monthly], 'HCTP');
  await PaymentPlanAdjustment.create(
    {
      productPaymentPlanId: hctpProduct.plans[0].id,
      description: 'Pay-in-full discount',
      type: 'CREDIT',
      category: 'PROMO',
      amount: 500,
      ...SYSTEM,
    },
    { transaction },
  );
  const [hormonesPlan] = await BusinessCategoryPaymentPlan.bulkCreate(
    [
      {
        ...PLAN_DEFAULTS,
        businessCategoryId: advanced,
        description: 'Pay in full',
        paymentPlanType: 'PAY_IN_FULL',
        paymentScheduleType: 'FIXED_TERMS',
        totalTerm: 1,
        tuitionPrice: 1800,
      },
    ],
    { transaction },
  );
  await product('Advanced Hormone Health', 1800, [hormonesCohort], [hormonesPlan], 'DYNAMIC');
}
