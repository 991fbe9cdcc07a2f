import type { RaRecord } from 'react-admin';
import { DurationType, EnrollmentFlowStep, Language, type Of } from '../../../../models/enums';
import { durationTypeLabel, type LabelLocale } from '../../../../models/labels';

/**
 * Programs as /api/programs answers them (back-office spec §3 "Program") and what its strict bodies
 * accept. Money is in dollars both ways; dates are YYYY-MM-DD.
 */

export const PROGRAMS = 'programs';

export interface ProgramRecord extends RaRecord {
  name: string;
  image: string | null;
  description: string | null;
  preRequisites: string | null;
  courseAccessDuration: number | null;
  graduationLimitDays: number | null;
  cost: number | null;
  businessCategoryId: number;
  businessCategory: { id: number; name: string } | null;
  welcomeEmailTemplate: string | null;
  language: Of<typeof Language>;
  enrollmentAgreement: { url: string | null; publicationDate: string | null; lastRevisionDate: string | null } | null;
  registrationFee: number | null;
  booksAndMaterialsFee: number | null;
  accelerated: boolean;
  durationType: Of<typeof DurationType>;
  durationTypeLabel: string;
  isBundle: boolean;
  bundleProgramIds: number[];
  salesforceProductId: string | null;
  salesforceProductType: string | null;
  lmsConnectionId: number | null;
  lmsConnection: { value: number; label: string; vendor: string } | null;
  d2lOrgUnitId: string | null;
  accredibleGroupId: string | null;
  clockHours: number | null;
  weeks: number | null;
  showOhioVideo: boolean;
  reservedSeat: boolean;
  languages: Array<Of<typeof Language>>;
  deleted: boolean;
  updatedBy: { id: number | null; name: string | null } | null;
  createdAt?: string;
  updatedAt?: string;
}

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
 * are trimmed (empty → null), a continuous-learning program is never accelerated, and there is no
 * learning-system connection to choose yet (`lmsConnectionId` null).
 */
export function toProgramPayload(data: Partial<ProgramRecord>) {
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
    lmsConnectionId: null,
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
