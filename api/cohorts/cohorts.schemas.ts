import { z } from 'zod';
import { CohortStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, date, id, optionalDate, optionalText } from '../../models/validation';
import { dateTime } from '../catalogue/date-times';
import { checkModuleDates, displayOrder, moduleShape } from '../catalogue/modules';
import { criteriaSchema, pagingQuery, type CriteriaSpec, type PagingQuery } from '../common/list';

/**
 * Cohorts (back-office spec §3 "Cohort", "Module", "Skipped coaching circle session"; §7 "Cohorts").
 * Bodies are strict: the status, the published flag, the two toggles and the coaching-circle dates
 * have their own calls and are refused here as unknown fields.
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^-?\d+$/.test(b.trim()) ? Number(b) : b;
};
/** A whole number within bounds; blank is null. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(numeric, z.number().int(Messages.INVALID_VALUE).min(min, Messages.INVALID_VALUE).max(max, Messages.INVALID_VALUE).nullish());
/** An optional id reference; blank is null. */
const optionalId = () => z.preprocess(blankToNull, id().nullish());

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
/** `A,B` or repeated params → a list of cohort statuses. */
const statusList = () =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : (Array.isArray(v) ? v : [v])
            .flatMap((s) => String(s).split(','))
            .map(upper)
            .filter(Boolean),
    z.array(z.enum(CohortStatus)).max(10).optional(),
  );

// ---------------------------------------------------------------- cohorts

export const cohortSortable = {
  id: 'id',
  ID: 'id',
  label: 'label',
  LABEL: 'label',
  startDate: 'startDate',
  START_DATE: 'startDate',
  endDate: 'endDate',
  END_DATE: 'endDate',
  status: 'status',
  STATUS: 'status',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};

/** The default statuses of the cohort list when none is asked for (spec §4). */
export const DEFAULT_COHORT_STATUSES = ['CREATED', 'ACTIVE'] as const;

/**
 * GET /api/cohorts: `status` (one value, repeated or comma-separated; CREATED and ACTIVE when absent
 * and `deleted` is not true), `deleted`, `businessCategoryId`, `programId`, `published`, keyword on
 * the label, paging. Size up to 1000 (cohorts of a program with the completed ones).
 */
export const cohortListQuery = pagingQuery(
  { sortable: cohortSortable },
  {
    status: statusList(),
    deleted: booleanish().default(false),
    businessCategoryId: id().optional(),
    programId: id().optional(),
    published: booleanish().optional(),
  },
);
export type CohortListQuery = PagingQuery & {
  status?: Array<(typeof CohortStatus)[number]>;
  deleted?: boolean;
  businessCategoryId?: number;
  programId?: number;
  published?: boolean;
};

/** The paging part of find_by_criteria (criteria in the body). */
export const cohortSearchQuery = pagingQuery({ sortable: cohortSortable });

/** Criteria of POST /api/cohorts/find_by_criteria; `deleted` swaps the list's base filter. */
export const cohortCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  statuses: { kind: 'in', column: 'status', values: CohortStatus },
  programIds: { kind: 'ids', column: 'programId' },
  businessCategoryIds: { kind: 'ids', column: 'businessCategoryId' },
  published: { kind: 'eq', column: 'published', type: 'boolean' },
  useCoachingCircle: { kind: 'eq', column: 'useCoachingCircle', type: 'boolean' },
  accessDisabled: { kind: 'eq', column: 'accessDisabled', type: 'boolean' },
  startDate: { kind: 'dateRange', column: 'startDate' },
  endDate: { kind: 'dateRange', column: 'endDate' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
  updatedBy: { kind: 'ids', column: 'updatedById' },
  deleted: { kind: 'eq', column: 'deleted', type: 'boolean' },
};
export const cohortCriteriaSchema = criteriaSchema(cohortCriteria);
export type CohortCriteria = z.output<typeof cohortCriteriaSchema>;

export const cohortIdParams = z.object({ id: id() });

const lmsIds = () =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? String(x) : typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : v),
    z.array(z.string().max(40, Messages.INVALID_VALUE)).max(200, Messages.INVALID_VALUE).nullish(),
  );

/**
 * POST and PUT body: the cohort's own fields. Optional fields left out are saved empty (PUT
 * replaces them). `id`, when sent on PUT, must be the path's.
 */
export const cohortBody = z
  .object({
    id: id().optional(),
    programId: id(),
    customName: optionalText(200),
    startDate: date(),
    endDate: optionalDate(),
    extendedGraduationDate: optionalDate(),
    courseAccessStartDateTime: dateTime('start'),
    courseAccessEndDateTime: dateTime('end'),
    description: optionalText(10_000),
    image: optionalText(500),
    d2lSectionId: optionalText(40),
    iinLmsCoursePath: optionalText(500),
    salesforceProductId: optionalText(40),
    maxStudents: wholeNumber(1, 100_000),
    doceboConfig: z.object({ learningPlanIds: lmsIds(), courseIds: lmsIds() }).strict().nullish(),
    /** The cohort's own learning-system connection (null: the program's). */
    lmsConnectionId: id().nullish(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.startDate && c.endDate && c.endDate < c.startDate) issue('endDate', Messages.DATE_RANGE_ORDER);
    if (c.extendedGraduationDate && c.endDate && c.extendedGraduationDate < c.endDate) issue('extendedGraduationDate', Messages.EXTENDED_GRADUATION_BEFORE_END);
    if (c.courseAccessStartDateTime && c.courseAccessEndDateTime && c.courseAccessEndDateTime < c.courseAccessStartDateTime) {
      issue('courseAccessEndDateTime', Messages.DATE_RANGE_ORDER);
    }
  });
export type CohortInput = z.output<typeof cohortBody>;

/** POST /api/cohorts/publish: publishes (or unpublishes) the listed cohorts, all or none. */
export const publishBody = z
  .object({
    cohortIds: z.array(id()).min(1, Messages.REQUIRED).max(1000, Messages.INVALID_VALUE),
    published: booleanish(),
  })
  .strict();

/** PATCH .../useCoachingCircle, .../accessDisabled, .../cancelled. */
export const flagBody = z.object({ value: booleanish() }).strict();

/**
 * PATCH .../coaching_circle_open_close_dates: keys left out keep their value, null clears (the
 * service checks each open date against its close date after merging).
 */
export const coachingCircleDatesBody = z
  .object({
    coachingCircleOpenDate: dateTime('start'),
    coachingCircleCloseDate: dateTime('end'),
    sessionOpenDate: dateTime('start'),
    sessionCloseDate: dateTime('end'),
  })
  .strict();
export type CoachingCircleDatesInput = z.output<typeof coachingCircleDatesBody>;

// ---------------------------------------------------------------- cohort modules

export const moduleSortable = {
  displayOrder: 'displayOrder',
  DISPLAY_ORDER: 'displayOrder',
  id: 'id',
  ID: 'id',
  title: 'title',
  TITLE: 'title',
  openDate: 'openDate',
  OPEN_DATE: 'openDate',
  closeDate: 'closeDate',
  CLOSE_DATE: 'closeDate',
};
/** GET /api/cohorts/{id}/cohort_modules: 10 a page (spec §9), by display order then id. */
export const moduleListQuery = pagingQuery({ sortable: moduleSortable, defaultSort: 'displayOrder' });
export const moduleParams = z.object({ id: id(), moduleId: id() });

/**
 * PUT body of a cohort module (the module fields of spec §3; `group` is the free-text group name,
 * `moduleGroupId` the module group). Left-out optional fields are saved empty, flags false;
 * `displayOrder` left out keeps its place.
 */
export const moduleBody = z
  .object({ ...moduleShape, displayOrder: displayOrder().optional() })
  .strict()
  .superRefine(checkModuleDates);
export type ModuleInput = z.output<typeof moduleBody>;

export const openDateBody = z.object({ openDate: dateTime('start') }).strict();
export const closeDateBody = z.object({ closeDate: dateTime('end') }).strict();
export const moduleGroupBody = z.object({ moduleGroupId: optionalId() }).strict();

// ---------------------------------------------------------------- skipped coaching-circle sessions

export const skippedSortable = { sessionDate: 'sessionDate', SESSION_DATE: 'sessionDate', id: 'id', ID: 'id' };
/** GET .../skip_coaching_circle_sessions: by session date; `coachingCircleTypeId` narrows to one type. */
export const skippedListQuery = pagingQuery(
  { sortable: skippedSortable, defaultSort: 'sessionDate' },
  {
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(100)
      .transform((n) => Math.min(n, 1000)),
    coachingCircleTypeId: id().optional(),
  },
);
export type SkippedListQuery = PagingQuery & { coachingCircleTypeId?: number };
export const skippedParams = z.object({ id: id(), sessionId: id() });

/**
 * A skipped session: the circle type it applies to (null: every type of the cohort's circles; the
 * coaching-circle types table comes with a later area, so the id is not checked yet), the date and
 * a description.
 */
export const skippedBody = z
  .object({
    coachingCircleTypeId: optionalId(),
    sessionDate: date(),
    description: optionalText(255),
  })
  .strict();
export type SkippedInput = z.output<typeof skippedBody>;
