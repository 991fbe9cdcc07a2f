import { z } from 'zod';
import { DurationType, EnrollmentFlowStep, Language } from '../../models/enums';
import { Messages, format } from '../../models/messages';
import { booleanish, id, optionalDate, optionalText, requiredText } from '../../models/validation';
import { moneyCents } from '../../domain/contract/fields';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/**
 * Programs (back-office spec §3 "Program", §7 "Programs"). Sorting stays on the columns the
 * programs indexes cover (deleted + column); the spec's unpaged list is `?size=2000`.
 */
export const programSortable = {
  id: 'id',
  ID: 'id',
  name: 'name',
  NAME: 'name',
  cost: 'cost',
  COST: 'cost',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
const listSpec = { sortable: programSortable, maxSize: 2000 };

/** GET /programs: keyword and `deleted` (false by default: archived programs hidden). */
export const programListQuery = pagingQuery(listSpec, { deleted: booleanish().default(false) });
/** The paging of POST /programs/find_by_criteria (criteria in the body). */
export const programCriteriaQuery = pagingQuery(listSpec);

/** Criteria of the programs list; `deleted` and `languages` are read by the service. `ids` serves the console's getMany. */
export const programCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  deleted: { kind: 'eq', column: 'deleted', type: 'boolean' },
  accelerated: { kind: 'eq', column: 'accelerated', type: 'boolean' },
  businessCategory: { kind: 'ids', column: 'businessCategoryId' },
  languages: { kind: 'in', column: 'language', values: Language },
  showOhioVideo: { kind: 'eq', column: 'showOhioVideo', type: 'boolean' },
};
export const programCriteriaSchema = criteriaSchema(programCriteria);
export type ProgramCriteria = z.output<typeof programCriteriaSchema>;

export const programIdParams = z.object({ id: id() });

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^\d+$/.test(b.trim()) ? Number(b) : b;
};

/** A whole number ≥ 0 (numeric text accepted); empty is null. */
const whole = () =>
  z.preprocess(
    numeric,
    z
      .number()
      .int(Messages.INVALID_VALUE)
      .min(0, Messages.INVALID_VALUE)
      .max(2 ** 31 - 1, Messages.INVALID_VALUE)
      .nullish(),
  );
/** A flag; missing or null is false. */
const flag = () => z.preprocess((v) => (v === null ? undefined : v), booleanish().default(false));
/** An optional web address (http or https). */
const optionalUrl = (max: number) =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .max(max, format(Messages.MAX_LENGTH, max))
      .refine((v) => /^https?:\/\/\S+$/i.test(v), Messages.INVALID_URL)
      .nullish(),
  );

const enrollmentAgreement = z
  .object({ url: optionalUrl(500), publicationDate: optionalDate(), lastRevisionDate: optionalDate() })
  .strict()
  .nullish();

/**
 * POST and PUT body: the whole record (PUT replaces every field; a missing optional field is
 * cleared). Bundled programs are set with POST /programs/{id}/programs, not here. `lmsConnectionId`
 * names a learning-system connection (or null). A continuous-learning program is
 * never accelerated (the flag is saved false). Without `languages`, the program's `language`.
 */
export const programBody = z
  .object({
    id: id().optional(),
    name: requiredText(200),
    image: optionalText(500),
    description: optionalText(10_000),
    preRequisites: optionalText(10_000),
    courseAccessDuration: whole(),
    graduationLimitDays: whole(),
    cost: moneyCents(),
    businessCategoryId: id(),
    welcomeEmailTemplate: optionalText(100),
    language: z.preprocess(blankToUndefined, z.enum(Language).default('EN')),
    enrollmentAgreement,
    registrationFee: moneyCents(),
    booksAndMaterialsFee: moneyCents(),
    accelerated: flag(),
    durationType: z.preprocess(blankToUndefined, z.enum(DurationType).default('FIXED_DURATION')),
    isBundle: flag(),
    salesforceProductId: optionalText(40),
    salesforceProductType: optionalText(40),
    lmsConnectionId: id().nullish(),
    d2lOrgUnitId: optionalText(40),
    accredibleGroupId: optionalText(40),
    clockHours: whole(),
    weeks: whole(),
    showOhioVideo: flag(),
    reservedSeat: flag(),
    languages: z
      .array(z.enum(Language))
      .max(Language.length * 4)
      .nullish(),
  })
  .strict()
  .transform((p) => ({
    ...p,
    accelerated: p.durationType === 'FIXED_DURATION' ? p.accelerated : false,
    languages: p.languages?.length ? [...new Set(p.languages)] : [p.language],
  }));
/** A checked program: money in integer cents, languages never empty. */
export type ProgramInput = z.output<typeof programBody>;

/** POST /programs/{id}/programs: the whole set of programs a bundle includes. */
export const bundleBody = z.object({ programIds: z.array(id()).max(200) }).strict();

/** PUT /programs/{id}/enrollment_flow_requirements: the steps and whether each is required. */
export const flowRequirementsBody = z
  .array(z.object({ step: z.enum(EnrollmentFlowStep), required: booleanish() }).strict())
  .max(EnrollmentFlowStep.length)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(r.step)) ctx.addIssue({ code: 'custom', path: [i, 'step'], message: Messages.INVALID_VALUE });
      seen.add(r.step);
    });
  });
