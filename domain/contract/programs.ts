/**
 * The answers of /api/programs (back-office spec §3 "Program"): money in dollars, dates YYYY-MM-DD.
 * The console's ProgramRecord and ProgramModuleRecord are `z.infer` of these.
 */
import { z } from 'zod';
import {
  AdjustmentCategory,
  AdjustmentType,
  DurationType,
  EnrollmentFlowStep,
  ExtraProductPriceType,
  ExtraProductType,
  GraduationRequirementType,
  Language,
  LmsCategoryKind,
  PaymentPlanType,
  PaymentScheduleType,
} from '../../models/enums';
import { dollars, id, isoDate, page, timestamp, updatedBy } from './common';
import { moduleFields, namedRef } from './catalogue';

/** GET /programs/{id}, POST, PUT. */
export const programAnswer = z
  .object({
    id,
    name: z.string(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    preRequisites: z.string().nullable(),
    courseAccessDuration: z.number().int().nullable(),
    graduationLimitDays: z.number().int().nullable(),
    cost: dollars.nullable(),
    businessCategoryId: id,
    businessCategory: namedRef.nullable(),
    welcomeEmailTemplate: z.string().nullable(),
    language: z.enum(Language),
    enrollmentAgreement: z.object({ url: z.string().nullable(), publicationDate: isoDate.nullable(), lastRevisionDate: isoDate.nullable() }).strict(),
    registrationFee: dollars.nullable(),
    booksAndMaterialsFee: dollars.nullable(),
    accelerated: z.boolean(),
    durationType: z.enum(DurationType),
    /** The duration type in words ('Fixed duration (accelerated)'). */
    durationTypeLabel: z.string(),
    isBundle: z.boolean(),
    bundleProgramIds: z.array(id),
    salesforceProductId: z.string().nullable(),
    salesforceProductType: z.string().nullable(),
    lmsConnectionId: id.nullable(),
    /** The connection's name; always null until the LMS area (no connection can be chosen yet). */
    lmsConnection: z.object({ value: id, label: z.string(), vendor: z.string() }).strict().nullable(),
    d2lOrgUnitId: z.string().nullable(),
    accredibleGroupId: z.string().nullable(),
    clockHours: z.number().nullable(),
    weeks: z.number().nullable(),
    showOhioVideo: z.boolean(),
    reservedSeat: z.boolean(),
    languages: z.array(z.enum(Language)),
    deleted: z.boolean(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ProgramAnswer = z.infer<typeof programAnswer>;

/** GET /programs, POST …/find_by_criteria, GET /programs/{id}/programs (a bundle's programs). */
export const programPage = page(programAnswer);
/** GET /programs/{id}/programs (and the POST that replaces them): the programs a bundle includes, in their order (not paged). */
export const bundleProgramsAnswer = z.array(programAnswer);
export type BundleProgramsAnswer = z.infer<typeof bundleProgramsAnswer>;

/** GET and PUT /programs/{id}/enrollment_flow_requirements: the six steps in the spec's order, each required or not. */
export const flowRequirementsAnswer = z.array(z.object({ step: z.enum(EnrollmentFlowStep), required: z.boolean() }).strict());
export type FlowRequirementsAnswer = z.infer<typeof flowRequirementsAnswer>;

/** A module of a program (GET /programs/{id}/program_modules). */
export const programModuleAnswer = moduleFields.extend({ programId: id }).strict();
export type ProgramModuleAnswer = z.infer<typeof programModuleAnswer>;
export const programModulePage = page(programModuleAnswer);

/** A module group (GET /module_groups): the name modules are grouped under. */
export const moduleGroupAnswer = z.object({ id, name: z.string(), createdAt: timestamp, updatedAt: timestamp }).strict();
export type ModuleGroupAnswer = z.infer<typeof moduleGroupAnswer>;
export const moduleGroupPage = page(moduleGroupAnswer);

/** GET /programs/{id}/graduation_requirements/{requirementId}. */
export const graduationRequirementAnswer = z
  .object({
    id,
    programId: id,
    name: z.string(),
    total: z.number().int().nullable(),
    type: z.enum(GraduationRequirementType),
    requirement: z.string().nullable(),
    minRequiredToComplete: z.number().int().nullable(),
    minRequiredToPass: z.number().int().nullable(),
    /** A percentage. */
    minScore: z.number().nullable(),
    displayOrder: z.number().int(),
    quizCategoryId: id.nullable(),
    assignmentCategoryId: id.nullable(),
    quizIds: z.array(z.string()),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type GraduationRequirementAnswer = z.infer<typeof graduationRequirementAnswer>;
export const graduationRequirementPage = page(graduationRequirementAnswer);

/** A quiz or assignment category of the program's learning system (GET /programs/{id}/quiz_categories, …/assignment_categories). */
export const lmsCategoryAnswer = z.object({ id, programId: id, kind: z.enum(LmsCategoryKind), externalId: z.string().nullable(), name: z.string() }).strict();
export type LmsCategoryAnswer = z.infer<typeof lmsCategoryAnswer>;
export const lmsCategoryPage = page(lmsCategoryAnswer);

/** An accounting line of a program plan: the line's own description, type and category, and the plan's amount. */
export const programPlanLineAnswer = z
  .object({
    id,
    accountingLineId: id,
    amount: dollars.nullable(),
    description: z.string().nullable(),
    type: z.enum(AdjustmentType).nullable(),
    category: z.enum(AdjustmentCategory).nullable(),
  })
  .strict();

/** GET /programs/{id}/payment_plans/{planId}. */
export const programPlanAnswer = z
  .object({
    id,
    programId: id,
    name: z.string(),
    isDefault: z.boolean(),
    shortDescription: z.string().nullable(),
    longDescription: z.string().nullable(),
    paymentPlanType: z.enum(PaymentPlanType),
    paymentScheduleType: z.enum(PaymentScheduleType).nullable(),
    installmentAmount: dollars.nullable(),
    depositAmount: dollars.nullable(),
    /** Percent. */
    interestRate: z.number().nullable(),
    annualPercentageRate: z.number().nullable(),
    tuitionPrice: dollars.nullable(),
    totalTerm: z.number().int().nullable(),
    amortizeTerm: z.number().int().nullable(),
    principalAmount: dollars.nullable(),
    salesforcePaymentPlanId: z.string().nullable(),
    accountingLines: z.array(programPlanLineAnswer),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ProgramPlanAnswer = z.infer<typeof programPlanAnswer>;
export const programPlanPage = page(programPlanAnswer);

/** GET /programs/{id}/extra_products/{extraProductId}. */
export const extraProductAnswer = z
  .object({
    id,
    programId: id,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(ExtraProductType),
    priceType: z.enum(ExtraProductPriceType),
    price: dollars.nullable(),
    calculateTaxes: z.boolean(),
    multipleItemPurchase: z.boolean(),
    published: z.boolean(),
    deleted: z.boolean(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ExtraProductAnswer = z.infer<typeof extraProductAnswer>;
export const extraProductPage = page(extraProductAnswer);
