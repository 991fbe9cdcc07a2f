import type {
  ExtraProductAnswer,
  GraduationRequirementAnswer,
  LmsCategoryAnswer,
  ModuleGroupAnswer,
  ProgramModuleAnswer,
  ProgramPlanAnswer,
} from '../../../../../domain/contract/programs';
import type { Identifier, RaRecord } from 'react-admin';
import type { AdjustmentCategory, AdjustmentType, Of } from '../../../../../models/enums';
import { Messages } from '../../../../../models/messages';
import type { FilterDescriptors } from '../../../common/FilterChips';
import { toPlanPayload } from '../../../common/businessCategoryRecord';
import { instantOrDay, schoolDay } from '../../../common/dates';
import { toCents, toDollars } from '../../../../../domain/money';

/**
 * The parts of a program as /api/programs/{id}/... answers them, and what their strict bodies accept.
 * Each part is a nested console resource (`programs/5/graduation-requirements`) that the data
 * provider turns into its API path (`/programs/5/graduation_requirements`), so react-admin's generic
 * list/get/create/update/delete apply. Money is in dollars both ways.
 */

export type { UpdatedBy } from '../../../../../domain/contract/common';

/** The parts as the API answers them: the answer schemas' types (domain/contract/programs.ts). */
export type GraduationRequirementRecord = Omit<GraduationRequirementAnswer, 'id'> & RaRecord;

export type LmsCategory = Omit<LmsCategoryAnswer, 'id'> & RaRecord;

/** An accounting line of a program plan as the form holds it: the answer's line, or a new one (no id, only the line and its amount). */
export interface PlanLine {
  id?: number;
  accountingLineId: number;
  amount: number | null;
  description?: string | null;
  type?: Of<typeof AdjustmentType> | null;
  category?: Of<typeof AdjustmentCategory> | null;
}

export type ProgramPlanRecord = Omit<ProgramPlanAnswer, 'id'> & RaRecord;

export type ExtraProductRecord = Omit<ExtraProductAnswer, 'id'> & RaRecord;

export type ModuleGroupRecord = Omit<ModuleGroupAnswer, 'id' | 'createdAt' | 'updatedAt'> & RaRecord;

/** A module of a program as the API answers it: domain/contract/programs.ts. */
export type ProgramModuleRecord = Omit<ProgramModuleAnswer, 'id'> & RaRecord;

// ---------------------------------------------------------------- console resources

const nested = (programId: Identifier, part: string) => `programs/${programId}/${part}`;
/** GET/POST /programs/{id}/graduation_requirements, GET/PUT/DELETE .../{requirementId}. */
export const requirementsResource = (programId: Identifier) => nested(programId, 'graduation-requirements');
/** GET /programs/{id}/quiz_categories or /assignment_categories. */
export const lmsCategoriesResource = (programId: Identifier, kind: 'QUIZ' | 'ASSIGNMENT') => nested(programId, kind === 'QUIZ' ? 'quiz-categories' : 'assignment-categories');
/** GET/POST /programs/{id}/payment_plans, GET/PUT/DELETE .../{planId}. */
export const plansResource = (programId: Identifier) => nested(programId, 'payment-plans');
/** POST /programs/{id}/extra_products, GET/PUT .../{extraProductId} (the list has its own provider method). */
export const extraProductsResource = (programId: Identifier) => nested(programId, 'extra-products');
/** GET/POST /programs/{id}/program_modules, GET/PUT/DELETE .../{moduleId}. */
export const modulesResource = (programId: Identifier) => nested(programId, 'program-modules');
/** GET/POST /module_groups. */
export const MODULE_GROUPS = 'module-groups';
/** A business category's accounting lines (GET /business_categories/{id}/accounting_lines). */
export const categoryLinesResource = (categoryId: Identifier) => `business-categories/${categoryId}/accounting-lines`;

/** Page sizes: a program's modules 20 a page (spec §9); its other parts are few, one page of 100. */
export const MODULES_PAGE = 20;
export const PARTS_PAGE = 100;

// ---------------------------------------------------------------- payloads

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
};
const numberOrNull = (value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};
const idOrNull = (value: unknown): number | null => {
  const n = numberOrNull(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/** Quiz ids (the stored list, or the text typed one per line or separated by commas) → a clean list (blanks and repeats dropped). */
export function parseQuizIds(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\n,]/) : [];
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

/**
 * POST/PUT .../graduation_requirements take exactly these fields. A category of the other kind's
 * requirement is not sent (a QUIZ requirement has no assignment category and the reverse).
 */
export function toRequirementPayload(data: Partial<Omit<GraduationRequirementRecord, 'quizIds'>> & { quizIds?: string[] | string }) {
  const type = data.type;
  return {
    name: text(data.name) ?? '',
    total: numberOrNull(data.total),
    type,
    requirement: text(data.requirement),
    minRequiredToComplete: numberOrNull(data.minRequiredToComplete),
    minRequiredToPass: numberOrNull(data.minRequiredToPass),
    minScore: numberOrNull(data.minScore),
    displayOrder: numberOrNull(data.displayOrder),
    quizCategoryId: type === 'QUIZ' ? idOrNull(data.quizCategoryId) : null,
    assignmentCategoryId: type === 'ASSIGNMENT' ? idOrNull(data.assignmentCategoryId) : null,
    quizIds: type === 'QUIZ' ? parseQuizIds(data.quizIds) : [],
  };
}

/** The next free display order after the requirements listed (1 for the first). */
export function nextDisplayOrder(rows: ReadonlyArray<{ displayOrder: number }>): number {
  return rows.reduce((max, r) => Math.max(max, r.displayOrder), 0) + 1;
}

/**
 * POST/PUT .../payment_plans take the business-category plan's terms (shaped by the same payload
 * function: PAY_IN_FULL → FIXED_TERMS over 1 term, amounts only for the schedule that uses them) plus
 * the program plan's own fields and its lines; lines without a chosen accounting line are dropped.
 */
export function toProgramPlanPayload(data: Partial<ProgramPlanRecord>) {
  const { description: _description, ...terms } = toPlanPayload({ ...data, description: '' });
  return {
    name: text(data.name) ?? '',
    isDefault: data.isDefault === true,
    shortDescription: text(data.shortDescription),
    longDescription: text(data.longDescription),
    ...terms,
    accountingLines: (data.accountingLines ?? [])
      .filter((line) => idOrNull(line?.accountingLineId) !== null)
      .map((line) => ({ accountingLineId: idOrNull(line.accountingLineId)!, amount: numberOrNull(line.amount) })),
  };
}

/** A plan's lines added up: charges minus credits (what the plan bills before its terms). */
export function linesTotal(lines: ReadonlyArray<Pick<PlanLine, 'amount' | 'type'>> | undefined): number {
  const cents = (lines ?? []).reduce((sum, line) => {
    const amount = toCents(numberOrNull(line.amount));
    return sum + (line.type === 'CREDIT' ? -amount : amount);
  }, 0);
  return toDollars(cents);
}

/** What a new program plan starts with (spec §9: PAY_IN_FULL, totalTerm 1, amortizeTerm 0). */
export const NEW_PROGRAM_PLAN: Partial<ProgramPlanRecord> = {
  paymentPlanType: 'PAY_IN_FULL',
  paymentScheduleType: 'FIXED_TERMS',
  totalTerm: 1,
  amortizeTerm: 0,
  isDefault: false,
  accountingLines: [],
};

/** POST/PUT .../extra_products take exactly these (no `published`: it changes through publish). A FREE product costs 0. */
export function toExtraProductPayload(data: Partial<ExtraProductRecord>) {
  const priceType = data.priceType === 'FREE' ? 'FREE' : 'FIXED';
  return {
    name: text(data.name) ?? '',
    description: text(data.description),
    type: data.type,
    priceType,
    price: priceType === 'FREE' ? 0 : numberOrNull(data.price),
    calculateTaxes: data.calculateTaxes === true,
    multipleItemPurchase: data.multipleItemPurchase === true,
  };
}

export const NEW_EXTRA_PRODUCT: Partial<ExtraProductRecord> = { priceType: 'FIXED', calculateTaxes: false, multipleItemPurchase: false };

const MODULE_DATE_TIMES = ['startDateTime', 'openDate', 'closeDate', 'endDateTime'] as const;

/**
 * A module as its form holds it: the four date-times as the school's days (YYYY-MM-DD, typed
 * MM-DD-YYYY), like the cohort modules copied from it.
 */
export function toModuleFormValues(record: ProgramModuleRecord): ProgramModuleRecord {
  const out = { ...record };
  for (const field of MODULE_DATE_TIMES) out[field] = schoolDay(record[field]);
  return out;
}

/**
 * POST/PUT .../program_modules take exactly these; `group` is the free-text group, `moduleGroupId`
 * the module group. A date-time whose day was not changed is sent back as stored (its time kept);
 * a day typed is sent as the day, which the API reads in the school's zone.
 */
export function toModulePayload(data: Partial<ProgramModuleRecord>, stored?: Partial<ProgramModuleRecord>) {
  return {
    title: text(data.title) ?? '',
    d2lModuleId: text(data.d2lModuleId),
    group: text(data.group),
    moduleGroupId: idOrNull(data.moduleGroupId),
    locked: data.locked === true,
    duration: numberOrNull(data.duration),
    startDateTime: instantOrDay(data.startDateTime, stored?.startDateTime),
    openDate: instantOrDay(data.openDate, stored?.openDate),
    closeDate: instantOrDay(data.closeDate, stored?.closeDate),
    endDateTime: instantOrDay(data.endDateTime, stored?.endDateTime),
    image: text(data.image),
    consumeTrackingEnabled: data.consumeTrackingEnabled === true,
    communicationTemplateId: idOrNull(data.communicationTemplateId),
    displayOrder: numberOrNull(data.displayOrder) ?? 0,
  };
}

// ---------------------------------------------------------------- form checks (the server checks the same)

/** A whole number ≥ 0 (counts, display order, minutes). */
export const wholeNumber = (value: unknown) => {
  const n = numberOrNull(value);
  return value === null || value === undefined || value === '' || (n !== null && Number.isInteger(n) && n >= 0) ? undefined : Messages.INVALID_VALUE;
};

/** A minimum no greater than the requirement's total. */
export const notAboveTotal = (value: unknown, values: Partial<GraduationRequirementRecord>) => {
  const n = numberOrNull(value);
  const total = numberOrNull(values?.total);
  return n !== null && total !== null && n > total ? Messages.INVALID_VALUE : undefined;
};

/** A score in percent: 0–100 with at most two decimals. */
export const percentScore = (value: unknown) => {
  const n = numberOrNull(value);
  return n === null || (n >= 0 && n <= 100 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6) ? undefined : Messages.INVALID_VALUE;
};

/** The later of a pair of days (close, end) cannot be before the earlier one (open, start). */
export const notBefore = (earlier: keyof ProgramModuleRecord) => (value: unknown, values: Partial<ProgramModuleRecord>) => {
  const end = schoolDay(value);
  const start = schoolDay(values?.[earlier]);
  return end && start && end < start ? Messages.DATE_RANGE_ORDER : undefined;
};

/** A FIXED extra product needs its price. */
export const priceWhenFixed = (value: unknown, values: Partial<ExtraProductRecord>) =>
  values?.priceType !== 'FREE' && numberOrNull(value) === null ? Messages.REQUIRED : undefined;

// ---------------------------------------------------------------- extra products list filters

/** How the extra products' filters read as chips ('Published: Yes', 'Archived: Yes', 'Type: Transcript'). */
export function extraProductFilterDescriptors(): FilterDescriptors {
  const f = (key: string) => `resources.program-parts.extra_products.filters.${key}`;
  return {
    deleted: { label: f('deleted'), kind: 'boolean' },
    published: { label: f('published'), kind: 'boolean' },
    type: { label: f('type'), kind: 'enum', enumName: 'ExtraProductType' },
  };
}
