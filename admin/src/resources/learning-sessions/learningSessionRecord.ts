import type { Identifier, RaRecord } from 'react-admin';
import type { LearningSessionAnswer, LearningSessionSignUpAnswer } from '../../../../domain/contract/learning-sessions';
import { LEARNING_SESSION_DEFAULTS, localDateTimeText, MAX_LEARNING_SESSION_MINUTES, parseZone, wallTimeInstant, DEFAULT_ZONE } from '../../../../domain/rules/learning-sessions';
import type { Language, LearningSessionType, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';

/**
 * Learning sessions (the console resource `learning-sessions` over /api/learning_sessions, issue 19).
 * Dates and times are typed in the school's zone (America/New_York) and sent as instants.
 */

export const LEARNING_SESSIONS = 'learning-sessions';
export const t = (key: string) => `resources.learning-sessions.${key}`;

export type LearningSessionRecord = Omit<LearningSessionAnswer, 'id'> & RaRecord;
export type SignUpRecord = Omit<LearningSessionSignUpAnswer, 'id'> & RaRecord;

/** The form's values: the start and auto-publish instants split into a day and a time. */
export interface LearningSessionForm {
  type: Of<typeof LearningSessionType>;
  title: string;
  description: string | null;
  coachId: number | null;
  maxStudents: number;
  duration: number;
  language: Of<typeof Language>;
  webConferenceUrl: string | null;
  startDay: string | null;
  startTime: string | null;
  autoPublishDay: string | null;
  autoPublishTime: string | null;
  cohortIds: number[];
}

/** The body of POST and PUT /learning_sessions. */
export interface LearningSessionPayload {
  type: Of<typeof LearningSessionType>;
  title: string;
  description: string | null;
  coachId: number | null;
  maxStudents: number;
  duration: number;
  language: Of<typeof Language>;
  webConferenceUrl: string | null;
  startDateTime: string | null;
  autoPublishDate: string | null;
  learningSessionScopes: Array<{ cohortId: number }>;
}

const school = parseZone(DEFAULT_ZONE)!;

export const NEW_SESSION: Partial<LearningSessionForm> = {
  type: 'WORKSHOP',
  maxStudents: LEARNING_SESSION_DEFAULTS.maxStudents,
  duration: LEARNING_SESSION_DEFAULTS.duration,
  language: 'EN',
  cohortIds: [],
  coachId: null,
  startTime: '12:00',
};

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** A day and time typed in the school's zone → the instant (ISO); null when the day is empty. */
export function instantOf(day: string | null | undefined, time: string | null | undefined): string | null {
  if (!day) return null;
  return wallTimeInstant(day, time || '00:00', school).toISOString();
}

/** An instant → its school day and time. */
export function dayAndTime(instant: string | null | undefined): [string | null, string | null] {
  if (!instant) return [null, null];
  const [day, time] = localDateTimeText(new Date(instant), school).split(' ');
  return [day, time];
}

export function toForm(record: LearningSessionRecord): Partial<LearningSessionForm> & { id: Identifier } {
  const [startDay, startTime] = dayAndTime(record.startDateTime);
  const [autoPublishDay, autoPublishTime] = dayAndTime(record.autoPublishDate);
  return {
    id: record.id,
    type: record.type,
    title: record.title,
    description: record.description,
    coachId: record.coachId,
    maxStudents: record.maxStudents,
    duration: record.duration,
    language: record.language,
    webConferenceUrl: record.webConferenceUrl,
    startDay,
    startTime,
    autoPublishDay,
    autoPublishTime,
    cohortIds: record.learningSessionScopes.map((s) => s.cohortId),
  };
}

/** The form → exactly the API's body. */
export function toPayload(form: Partial<LearningSessionForm>): LearningSessionPayload {
  return {
    type: form.type as LearningSessionPayload['type'],
    title: (form.title ?? '').trim(),
    description: blankToNull(form.description) as string | null,
    coachId: blankToNull(form.coachId) === null ? null : Number(form.coachId),
    maxStudents: Number(form.maxStudents ?? LEARNING_SESSION_DEFAULTS.maxStudents),
    duration: Number(form.duration ?? LEARNING_SESSION_DEFAULTS.duration),
    language: (form.language ?? 'EN') as LearningSessionPayload['language'],
    webConferenceUrl: blankToNull(form.webConferenceUrl) as string | null,
    startDateTime: instantOf(form.startDay, form.startTime),
    autoPublishDate: instantOf(form.autoPublishDay, form.autoPublishTime),
    learningSessionScopes: (form.cohortIds ?? []).map((cohortId) => ({ cohortId: Number(cohortId) })),
  };
}

/** The console checks the duration before the call (the API answers 409 'Duration limit' above 240). */
export const validateDuration = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? undefined
    : Number(value) > MAX_LEARNING_SESSION_MINUTES
      ? t('validation.duration_limit')
      : Number(value) < 1
        ? 'ra.validation.minValue'
        : undefined;

/** The calls beyond CRUD. */
export function learningSessionApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  const at = (id: Identifier, suffix: string) => `/${apiPath(LEARNING_SESSIONS)}/${encodeURIComponent(String(id))}${suffix}`;
  return {
    publish: (id: Identifier) => dataProvider.request<LearningSessionRecord>({ method: 'PATCH', path: at(id, '/publish') }),
    unpublish: (id: Identifier) => dataProvider.request<LearningSessionRecord>({ method: 'PATCH', path: at(id, '/unpublish') }),
    clone: (id: Identifier) => dataProvider.request<LearningSessionRecord>({ method: 'POST', path: at(id, '/clone') }),
    signUps: (learningSessionId: Identifier) =>
      dataProvider.request<{ content: SignUpRecord[]; pagination: { total: number } }>({
        path: '/learning_session_sign_up',
        query: { learningSessionId: String(learningSessionId), size: 1000 },
      }),
    attendance: (signUpId: Identifier, body: { participationStatus: 'ATTENDED' | 'ABSENT'; participation: string | null; notes: string | null }) =>
      dataProvider.request<SignUpRecord>({ method: 'PUT', path: `/learning_session_sign_up/${encodeURIComponent(String(signUpId))}/attendances`, body }),
    studentsCsv: async (learningSessionId: Identifier) =>
      (
        await dataProvider.request<Response>({
          path: `/${apiPath(LEARNING_SESSIONS)}/file_export/learning_sessions_students_csv`,
          query: { learningSessionId: String(learningSessionId) },
          raw: true,
        })
      ).blob(),
  };
}
