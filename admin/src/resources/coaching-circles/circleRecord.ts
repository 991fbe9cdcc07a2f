import type { Identifier, RaRecord } from 'react-admin';
import type { CircleAnswer, CircleDetailAnswer } from '../../../../domain/contract/coaching-circles';
import { DEFAULT_ZONE } from '../../../../domain/rules/coaching-circles';
import { instantOrDay, schoolDay } from '../../common/dates';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Coaching circles (the console resource `coaching-circles` over /api/coaching_circles, issue 19): a
 * type's schedule for a cohort, its generated sessions, its coaches' groups, published or not.
 */
export const CIRCLES = 'coaching-circles';
/** The saved-filter kind of the list (back-office spec §7). */
export const CIRCLE_FILTER_KIND = 'coaching_circle';

export type CircleRecord = Omit<CircleAnswer, 'id'> & RaRecord;
export type CircleDetailRecord = Omit<CircleDetailAnswer, 'id'> & RaRecord;
export type CircleGroup = CircleDetailAnswer['coaches'][number];

/** The form of the add and edit drawers. */
export interface CircleForm {
  typeId?: number | null;
  cohortId?: number | null;
  name?: string | null;
  startDate?: string | null;
  startTime?: string | null;
  timeZone?: string | null;
  maxStudents?: number | string | null;
  openCloseDatesFromCohortConfig?: boolean;
  openDate?: string | null;
  closeDate?: string | null;
  skipSessionsFromCohortConfig?: boolean;
  scopeCohortIds?: number[] | null;
}

export const NEW_CIRCLE: CircleForm = {
  typeId: null,
  cohortId: null,
  name: '',
  startDate: null,
  startTime: null,
  timeZone: DEFAULT_ZONE,
  maxStudents: null,
  openCloseDatesFromCohortConfig: true,
  openDate: null,
  closeDate: null,
  skipSessionsFromCohortConfig: true,
  scopeCohortIds: [],
};

/** The edit form's values of a circle. */
export function circleFormOf(record: CircleDetailRecord): CircleForm & { id: Identifier } {
  return {
    id: record.id,
    typeId: record.typeId,
    cohortId: record.cohortId,
    name: record.name ?? '',
    startDate: record.startDate,
    startTime: record.startTime,
    timeZone: record.timeZone,
    maxStudents: record.maxStudents,
    openCloseDatesFromCohortConfig: record.openCloseDatesFromCohortConfig,
    openDate: schoolDay(record.openDate),
    closeDate: schoolDay(record.closeDate),
    skipSessionsFromCohortConfig: record.skipSessionsFromCohortConfig,
    scopeCohortIds: record.scopeCohortIds.filter((id) => id !== record.cohortId),
  };
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The form → the body of POST and PUT /coaching_circles. The API takes the type's values for what the
 * body leaves out (on a PUT too), so an edit sends the circle's own schedule back unless the type was
 * changed (then the new type's values apply); a blank max students takes the type's. Dates copied
 * from the cohort's configuration are sent as null (the API copies them).
 */
export function toCirclePayload(form: CircleForm, record?: CircleDetailRecord): Record<string, unknown> {
  const fromCohort = Boolean(form.openCloseDatesFromCohortConfig);
  const cohortId = Number(form.cohortId);
  const body: Record<string, unknown> = {
    typeId: Number(form.typeId),
    cohortId,
    startDate: form.startDate ?? null,
    startTime: form.startTime ?? null,
    timeZone: blank(form.timeZone) ? DEFAULT_ZONE : String(form.timeZone).trim(),
    openCloseDatesFromCohortConfig: fromCohort,
    openDate: fromCohort ? null : instantOrDay(form.openDate, record?.openDate),
    closeDate: fromCohort ? null : instantOrDay(form.closeDate, record?.closeDate),
    skipSessionsFromCohortConfig: Boolean(form.skipSessionsFromCohortConfig),
    scopeCohortIds: [...new Set((form.scopeCohortIds ?? []).map(Number))].filter((id) => id !== cohortId),
  };
  if (!blank(form.name)) body.name = String(form.name).trim();
  if (!blank(form.maxStudents)) body.maxStudents = Number(form.maxStudents);
  if (record && record.typeId === body.typeId) {
    Object.assign(body, { sessions: record.sessions, frequency: record.frequency, frequencyUnit: record.frequencyUnit, duration: record.duration });
    if (blank(form.name) && record.name) body.name = record.name;
  }
  return body;
}

const at = (id: Identifier, suffix = '') => `/coaching_circles/${encodeURIComponent(String(id))}${suffix}`;

/** The circle's own calls beyond CRUD; each answers the circle as GET /coaching_circles/{id} does (but removeCoach). */
export function circleApi(dataProvider: AppDataProvider) {
  const { request } = dataProvider;
  return {
    generate: (id: Identifier) => request<CircleDetailRecord>({ method: 'POST', path: at(id, '/generate_sessions') }),
    publish: (id: Identifier, published: boolean) => request<CircleDetailRecord>({ method: 'PATCH', path: at(id, '/publish'), body: { published } }),
    openClose: (id: Identifier, body: { openDate: string | null; closeDate: string | null }) =>
      request<CircleDetailRecord>({ method: 'PATCH', path: at(id, '/open_close_date'), body }),
    addCoach: (id: Identifier, body: { coachId: number; webConferenceUrl?: string | null; maxStudents?: number }) =>
      request<CircleDetailRecord>({ method: 'POST', path: at(id, '/coaches'), body }),
    updateCoach: (id: Identifier, groupId: Identifier, body: { webConferenceUrl: string | null; maxStudents: number }) =>
      request<CircleDetailRecord>({ method: 'PUT', path: at(id, `/coaches/${encodeURIComponent(String(groupId))}`), body }),
    removeCoach: (id: Identifier, groupId: Identifier) => request<void>({ method: 'DELETE', path: at(id, `/coaches/${encodeURIComponent(String(groupId))}`) }),
  };
}
