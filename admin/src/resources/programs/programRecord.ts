import type { RaRecord } from 'react-admin';
import type { ProgramAnswer } from '../../../../domain/contract/programs';
import { DurationType, EnrollmentFlowStep, Language, type Of } from '../../../../models/enums';
import { durationTypeLabel, type LabelLocale } from '../../../../models/labels';

/**
 * Programs as /api/programs answers them (back-office spec §3 "Program") and what its strict bodies
 * accept. Money is in dollars both ways; dates are YYYY-MM-DD.
 */

export const PROGRAMS = 'programs';

/** A program as the API answers it: the answer schema's type (domain/contract/programs.ts). */
export type ProgramRecord = Omit<ProgramAnswer, 'id'> & RaRecord;

export type FlowRequirement = { step: Of<typeof EnrollmentFlowStep>; required: boolean };

/** What a new program's form starts with (the API's defaults). */
export const NEW_PROGRAM = {
  language: 'EN',
  languages: ['EN'],
  durationType: 'FIXED_DURATION',
  accelerated: false,
  isBundle: false,
  showOhioVideo: false,
  reservedSeat: false,
  enrollmentAgreement: { url: null, publicationDate: null, lastRevisionDate: null },
} as const;

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
const flag = (value: unknown) => value === true;

/**
 * POST and PUT /api/programs take exactly these fields (a strict body): the read-only parts of the
 * record (ids of bundled programs, the category object, labels, dates, `deleted`) stay behind, texts
 * are trimmed (empty → null), a continuous-learning program is never accelerated, and the
 * learning-system connection is sent by id (`lmsConnectionId`, null for none).
 */
/** What the program form holds: the record's fields, the agreement possibly cleared. */
export type ProgramFormValues = Partial<Omit<ProgramAnswer, 'id' | 'enrollmentAgreement'>> & {
  id?: RaRecord['id'];
  enrollmentAgreement?: ProgramAnswer['enrollmentAgreement'] | null;
};

export function toProgramPayload(data: ProgramFormValues) {
  const durationType = (data.durationType ?? 'FIXED_DURATION') as Of<typeof DurationType>;
  const agreement = data.enrollmentAgreement ?? null;
  const languages = [...new Set((data.languages ?? []).filter((l) => (Language as readonly string[]).includes(l)))];
  return {
    name: text(data.name) ?? '',
    image: text(data.image),
    description: text(data.description),
    preRequisites: text(data.preRequisites),
    courseAccessDuration: numberOrNull(data.courseAccessDuration),
    graduationLimitDays: numberOrNull(data.graduationLimitDays),
    cost: numberOrNull(data.cost),
    businessCategoryId: numberOrNull(data.businessCategoryId ?? data.businessCategory?.id),
    welcomeEmailTemplate: text(data.welcomeEmailTemplate),
    language: data.language ?? 'EN',
    enrollmentAgreement: {
      url: text(agreement?.url),
      publicationDate: text(agreement?.publicationDate),
      lastRevisionDate: text(agreement?.lastRevisionDate),
    },
    registrationFee: numberOrNull(data.registrationFee),
    booksAndMaterialsFee: numberOrNull(data.booksAndMaterialsFee),
    accelerated: durationType === 'FIXED_DURATION' && flag(data.accelerated),
    durationType,
    isBundle: flag(data.isBundle),
    salesforceProductId: text(data.salesforceProductId),
    salesforceProductType: text(data.salesforceProductType),
    lmsConnectionId: numberOrNull(data.lmsConnectionId),
    d2lOrgUnitId: text(data.d2lOrgUnitId),
    accredibleGroupId: text(data.accredibleGroupId),
    clockHours: numberOrNull(data.clockHours),
    weeks: numberOrNull(data.weeks),
    showOhioVideo: flag(data.showOhioVideo),
    reservedSeat: flag(data.reservedSeat),
    languages,
  };
}
export type ProgramPayload = ReturnType<typeof toProgramPayload>;

/** The duration select's choices: fixed reads 'Accelerated (6 Months)' or '12 Months' as the form's accelerated flag says. */
export function durationChoices(accelerated: boolean, locale: LabelLocale) {
  return DurationType.map((id) => ({ id, name: durationTypeLabel(id, accelerated, locale) }));
}

/** The six steps in the spec's order with the flags read (a step not answered is not required). */
export function flowRows(answer: ReadonlyArray<{ step: string; required: boolean }> | undefined): FlowRequirement[] {
  const required = new Map((answer ?? []).map((r) => [r.step, r.required === true]));
  return EnrollmentFlowStep.map((step) => ({ step, required: required.get(step) ?? false }));
}

/** Programs a bundle may include: not archived, not bundles, not the bundle itself. */
export function bundleCandidates(programs: ReadonlyArray<Pick<ProgramRecord, 'id' | 'name' | 'isBundle' | 'deleted'>>, bundleId: number | string) {
  return programs.filter((p) => !p.isBundle && !p.deleted && String(p.id) !== String(bundleId)).map((p) => ({ id: p.id, name: p.name }));
}
