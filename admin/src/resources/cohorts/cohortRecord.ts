import type { Identifier, RaRecord } from 'react-admin';

import type { CohortAnswer, CohortModuleAnswer, SkippedSessionAnswer } from '../../../../domain/contract/cohorts';
import { Messages, format } from '../../../../models/messages';
import { instantOrDay, schoolDay } from '../../common/dates';
import { withoutSavedFilter } from '../../common/ListFilters';

/**
 * Records of /api/cohorts and what its strict bodies accept. A cohort's modules and skipped
 * coaching-circle sessions are nested resources whose console names (`cohorts/5/cohort-modules`,
 * `cohorts/5/skip-coaching-circle-sessions`) the data provider turns into the API paths, so the
 * generic list/create/update/delete apply to them.
 */

export const COHORTS = 'cohorts';

export type { UpdatedBy } from '../../../../domain/contract/common';

/** A cohort as GET /api/cohorts answers it: the answer schema's type (domain/contract/cohorts.ts). */
export type CohortRecord = Omit<CohortAnswer, 'id'> & RaRecord;

/** A module of a cohort (GET /cohorts/{id}/cohort_modules). */
export type CohortModuleRecord = Omit<CohortModuleAnswer, 'id'> & RaRecord;

/** A date a cohort's coaching circles skip (GET /cohorts/{id}/skip_coaching_circle_sessions). */
export type SkippedSessionRecord = Omit<SkippedSessionAnswer, 'id'> & RaRecord;

/** The console resources of a cohort's parts (API: /cohorts/{id}/cohort_modules, .../skip_coaching_circle_sessions). */
export const cohortModulesResource = (cohortId: Identifier) => `${COHORTS}/${cohortId}/cohort-modules`;
export const skippedSessionsResource = (cohortId: Identifier) => `${COHORTS}/${cohortId}/skip-coaching-circle-sessions`;

/** The spec's route of a cohort's modules screen. */
export const modulesPath = (cohortId: Identifier) => `/${COHORTS}/${cohortId}/modules`;

// ---------------------------------------------------------------- dates and date-times

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_FIELDS = [
  'courseAccessStartDateTime',
  'courseAccessEndDateTime',
  'coachingCircleOpenDate',
  'coachingCircleCloseDate',
  'sessionOpenDate',
  'sessionCloseDate',
] as const;
const MODULE_DATE_TIME_FIELDS = ['startDateTime', 'openDate', 'closeDate', 'endDateTime'] as const;

/** A record's date-times as the school's days, for the date inputs of a form. */
function withDays<T extends Record<string, unknown>>(record: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...record };
  for (const field of fields) out[field] = schoolDay(record[field]);
  return out as T;
}
export const toCohortFormValues = (record: CohortRecord): CohortRecord => withDays(record, DATE_TIME_FIELDS);
export const toModuleFormValues = (record: CohortModuleRecord): CohortModuleRecord => withDays(record, MODULE_DATE_TIME_FIELDS);

// ---------------------------------------------------------------- payloads

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return value === undefined || value === null ? null : String(value);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const numberOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

const dayOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** LMS ids typed as 'a, b c' (or already a list) → ['a', 'b', 'c'], duplicates dropped. */
export function splitIds(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\s,;]+/) : [];
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

/** A list of LMS ids as the form shows it. */
export const joinIds = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '');

/**
 * POST and PUT /api/cohorts take exactly the cohort's own fields (strict): the status, the published
 * flag, the two toggles and the coaching-circle windows have their own calls, and the computed parts
 * (`label`, `program`, `businessCategory`, `productIds`, stamps) stay behind. `stored` is the record
 * the form was opened on, so untouched date-times keep their time.
 */
export function toCohortPayload(data: Partial<CohortRecord>, stored?: Partial<CohortRecord>) {
  const docebo = (data.doceboConfig ?? {}) as Partial<CohortRecord['doceboConfig']>;
  return {
    programId: numberOrNull(data.programId),
    customName: text(data.customName),
    startDate: dayOrNull(data.startDate),
    endDate: dayOrNull(data.endDate),
    extendedGraduationDate: dayOrNull(data.extendedGraduationDate),
    courseAccessStartDateTime: instantOrDay(data.courseAccessStartDateTime, stored?.courseAccessStartDateTime),
    courseAccessEndDateTime: instantOrDay(data.courseAccessEndDateTime, stored?.courseAccessEndDateTime),
    description: text(data.description),
    image: text(data.image),
    d2lSectionId: text(data.d2lSectionId),
    iinLmsCoursePath: text(data.iinLmsCoursePath),
    salesforceProductId: text(data.salesforceProductId),
    maxStudents: numberOrNull(data.maxStudents),
    doceboConfig: { learningPlanIds: splitIds(docebo.learningPlanIds), courseIds: splitIds(docebo.courseIds) },
    lmsConnectionId: numberOrNull(data.lmsConnectionId),
  };
}

export type CoachingCircleDates = Pick<CohortRecord, 'coachingCircleOpenDate' | 'coachingCircleCloseDate' | 'sessionOpenDate' | 'sessionCloseDate'>;

/** PATCH .../coaching_circle_open_close_dates: all four windows' ends (null clears one). */
export function toCoachingCircleDatesPayload(data: Partial<CoachingCircleDates>, stored?: Partial<CoachingCircleDates>): CoachingCircleDates {
  return {
    coachingCircleOpenDate: instantOrDay(data.coachingCircleOpenDate, stored?.coachingCircleOpenDate),
    coachingCircleCloseDate: instantOrDay(data.coachingCircleCloseDate, stored?.coachingCircleCloseDate),
    sessionOpenDate: instantOrDay(data.sessionOpenDate, stored?.sessionOpenDate),
    sessionCloseDate: instantOrDay(data.sessionCloseDate, stored?.sessionCloseDate),
  };
}

/** PUT .../cohort_modules/{moduleId}: the module's fields (`group` is the free-text group name). */
export function toModulePayload(data: Partial<CohortModuleRecord>, stored?: Partial<CohortModuleRecord>) {
  return {
    title: text(data.title) ?? '',
    d2lModuleId: text(data.d2lModuleId),
    group: text(data.group),
    moduleGroupId: numberOrNull(data.moduleGroupId),
    locked: Boolean(data.locked),
    duration: numberOrNull(data.duration),
    startDateTime: instantOrDay(data.startDateTime, stored?.startDateTime),
    openDate: instantOrDay(data.openDate, stored?.openDate),
    closeDate: instantOrDay(data.closeDate, stored?.closeDate),
    endDateTime: instantOrDay(data.endDateTime, stored?.endDateTime),
    image: text(data.image),
    consumeTrackingEnabled: Boolean(data.consumeTrackingEnabled),
    communicationTemplateId: numberOrNull(data.communicationTemplateId),
    displayOrder: numberOrNull(data.displayOrder) ?? 0,
  };
}

/** POST and PUT .../skip_coaching_circle_sessions: { coachingCircleTypeId, sessionDate, description }. */
export function toSkippedPayload(data: Partial<SkippedSessionRecord>) {
  return { coachingCircleTypeId: numberOrNull(data.coachingCircleTypeId), sessionDate: dayOrNull(data.sessionDate), description: text(data.description) };
}

// ---------------------------------------------------------------- list filters

/** The spec's default cohort statuses (§4): what the list shows until a status is chosen. */
export const DEFAULT_STATUSES = ['CREATED', 'ACTIVE'] as const;
export const defaultCohortFilter = { statuses: [...DEFAULT_STATUSES] };

/**
 * The list's filter with "Show archived" switched. On lists the archived cohorts (all ARCHIVED, so
 * the status criterion is dropped); off goes back to the live ones with the default statuses. Like
 * any criterion change it leaves the saved filter.
 */
export function withArchived(filterValues: Record<string, unknown>, on: boolean): Record<string, unknown> {
  const next = withoutSavedFilter(filterValues);
  if (on) {
    next.deleted = true;
    delete next.statuses;
  } else {
    delete next.deleted;
    next.statuses = [...DEFAULT_STATUSES];
  }
  return next;
}

/** True when the list shows the default statuses because none is chosen (and not the archived ones). */
export function showsDefaultStatuses(filterValues: Record<string, unknown> | undefined): boolean {
  const statuses = filterValues?.statuses;
  const archived = filterValues?.deleted === true || filterValues?.deleted === 'true';
  return !archived && !(Array.isArray(statuses) && statuses.length > 0);
}

// ---------------------------------------------------------------- form checks (the server checks the same)

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const bothDays = (a: unknown, b: unknown): a is string => typeof a === 'string' && typeof b === 'string' && ISO_DAY.test(a) && ISO_DAY.test(b);

/** At most n characters (the spec's 'Maximum n characters'). */
export const maxChars = (n: number) => (value: unknown) => (typeof value === 'string' && value.trim().length > n ? format(Messages.MAX_LENGTH, n) : undefined);

/** A later date may not come before an earlier one: the validator of the later input. */
export const notBefore =
  (earlierField: string, message: string = Messages.DATE_RANGE_ORDER) =>
  (value: unknown, values: Record<string, unknown>) => {
    const earlier = values?.[earlierField];
    return bothDays(value, earlier) && (value as string) < (earlier as string) ? message : undefined;
  };

/** A whole number from `min` (blank passes). */
export const wholeFrom = (min: number) => (value: unknown) => {
  if (isBlank(value)) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min ? undefined : Messages.INVALID_VALUE;
};

/** The date of a skipped session must lie within the cohort's dates (each bound when set). */
export const withinCohort = (cohort: Pick<CohortRecord, 'startDate' | 'endDate'>) => (value: unknown) => {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return undefined;
  if ((cohort.startDate && value < cohort.startDate) || (cohort.endDate && value > cohort.endDate)) return Messages.SESSION_DATE_OUTSIDE_COHORT;
  return undefined;
};

/**
 * The PATCH calls of a module's open/close dates dialog: only the dates that changed, in an order
 * the server accepts at each step (moving the window later sets the close date first, so the open
 * date never passes the old close date).
 */
export function moduleDateUpdates(
  stored: Pick<CohortModuleRecord, 'openDate' | 'closeDate'>,
  values: { openDate?: unknown; closeDate?: unknown },
): Array<{ field: 'openDate' | 'closeDate'; value: string | null }> {
  const open = instantOrDay(values.openDate, stored.openDate);
  const close = instantOrDay(values.closeDate, stored.closeDate);
  const updates: Array<{ field: 'openDate' | 'closeDate'; value: string | null }> = [];
  if (open !== (stored.openDate ?? null)) updates.push({ field: 'openDate', value: open });
  if (close !== (stored.closeDate ?? null)) updates.push({ field: 'closeDate', value: close });
  const oldClose = schoolDay(stored.closeDate);
  if (updates.length === 2 && open && oldClose && (schoolDay(open) ?? '') > oldClose) updates.reverse();
  return updates;
}
