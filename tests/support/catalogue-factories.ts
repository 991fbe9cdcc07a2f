import { BusinessCategory, BusinessCategoryPaymentPlan, Cohort, Product, ProductItem, ProductPaymentPlan, Program } from '../../models';
import { cohortLabel } from '../../models/catalogue';
import { unique } from './factories';

/**
 * Catalogue rows for tests, written straight through the models so each test arranges exactly the
 * state it needs. Every name is unique: suites share the MariaDB database.
 */

/** One of the 11 seeded business categories (HCTP by default). */
export async function categoryNamed(name = 'HCTP') {
  const category = await BusinessCategory.findOne({ where: { name } });
  if (!category) throw new Error(`business category ${name} missing`);
  return category;
}

export async function makeProgram(overrides: Partial<Program['_creationAttributes']> = {}) {
  const category = overrides.businessCategoryId ? null : await categoryNamed();
  return Program.create({
    name: unique('Program '),
    image: null,
    description: null,
    preRequisites: null,
    courseAccessDuration: null,
    graduationLimitDays: null,
    cost: 6000,
    businessCategoryId: category?.id ?? overrides.businessCategoryId!,
    welcomeEmailTemplate: null,
    enrollmentAgreementUrl: null,
    enrollmentAgreementPublicationDate: null,
    enrollmentAgreementLastRevisionDate: null,
    registrationFee: null,
    booksAndMaterialsFee: null,
    salesforceProductId: null,
    salesforceProductType: null,
    lmsConnectionId: null,
    d2lOrgUnitId: null,
    accredibleGroupId: null,
    clockHours: null,
    weeks: null,
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}

export async function makeCohort(overrides: Partial<Cohort['_creationAttributes']> & { program?: Program } = {}) {
  const { program: given, ...fields } = overrides;
  const program = given ?? (fields.programId ? await Program.findByPk(fields.programId) : await makeProgram());
  if (!program) throw new Error('program missing');
  const startDate = fields.startDate === undefined ? '2030-01-15' : fields.startDate;
  const endDate = fields.endDate === undefined ? '2030-12-15' : fields.endDate;
  return Cohort.create({
    programId: program.id,
    businessCategoryId: program.businessCategoryId,
    startDate,
    endDate,
    extendedGraduationDate: null,
    courseAccessStartDateTime: null,
    courseAccessEndDateTime: null,
    description: null,
    image: null,
    customName: null,
    label: cohortLabel({ customName: fields.customName, programName: program.name, durationType: program.durationType, startDate, endDate }),
    d2lSectionId: null,
    iinLmsCoursePath: null,
    salesforceProductId: null,
    maxStudents: null,
    coachingCircleOpenDate: null,
    coachingCircleCloseDate: null,
    sessionOpenDate: null,
    sessionCloseDate: null,
    updatedById: null,
    updatedByName: null,
    ...fields,
  });
}

/** A business-category payment plan template (pay in full by default). */
export async function makeCategoryPlan(overrides: Partial<BusinessCategoryPaymentPlan['_creationAttributes']> = {}) {
  const category = overrides.businessCategoryId ? null : await categoryNamed();
  return BusinessCategoryPaymentPlan.create({
    businessCategoryId: category?.id ?? overrides.businessCategoryId!,
    description: unique('Plan '),
    paymentScheduleType: 'FIXED_TERMS',
    installmentAmount: null,
    depositAmount: null,
    interestRate: null,
    annualPercentageRate: null,
    tuitionPrice: null,
    principalAmount: null,
    salesforcePaymentPlanId: null,
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}

/** A product, optionally with cohorts as items and a payment plan (from a fresh template when `withPlan`). */
export async function makeProduct(overrides: Partial<Product['_creationAttributes']> & { cohorts?: Cohort[]; withPlan?: boolean } = {}) {
  const { cohorts = [], withPlan = false, ...fields } = overrides;
  const product = await Product.create({
    name: unique('Product '),
    description: null,
    salesforceProductType: null,
    salesforceProductId: null,
    enrollmentAgreementUrl: null,
    cost: 6000,
    flowType: 'HCTP',
    enrollingStartDate: null,
    enrollingEndDate: null,
    updatedById: null,
    updatedByName: null,
    ...fields,
  });
  for (const cohort of cohorts) await ProductItem.create({ productId: product.id, cohortId: cohort.id });
  if (withPlan) {
    const template = await makeCategoryPlan();
    await ProductPaymentPlan.create({
      productId: product.id,
      paymentPlanId: template.id,
      shortDescription: null,
      longDescription: null,
      salesforcePaymentPlanId: null,
      updatedById: null,
      updatedByName: null,
    });
  }
  return product;
}
