import cronstrue from 'cronstrue';
import 'cronstrue/locales/es';
import type { Identifier, RaRecord } from 'react-admin';
import type { JobRunOutcome, JobRunTrigger, JobStatus, JobType, Of } from '../../../../models/enums';
import type { JobRunAnswer, JobScheduleAnswer } from '../../../../domain/contract/job-schedules';
import { apiPath, readList, type AppDataProvider } from '../../providers/dataProvider';

/**
 * Job schedules (the console resource `job-schedules` over /api/job_schedules, issue 16 §1): the
 * background jobs node-cron runs inside the API in America/New_York, each on a cron expression or
 * every N seconds, with its run history. The shapes are the job-schedules contract's answers.
 */

export const JOB_SCHEDULES = 'job-schedules';

/** The list's sortable columns (the API's `sortBy` values). */
export const JOB_SORT_FIELDS = ['jobName', 'jobGroup', 'type', 'status', 'nextRunAt', 'updatedAt'] as const;

export type JobTypeValue = Of<typeof JobType>;
export type JobStatusValue = Of<typeof JobStatus>;
export type JobRunOutcomeValue = Of<typeof JobRunOutcome>;
export type JobRunTriggerValue = Of<typeof JobRunTrigger>;

/** One run of a schedule (GET /job_schedules/{id}/runs, the `lastRun` of a schedule, the answer of /run): domain/contract/job-schedules.ts. */
export type JobRunRecord = JobRunAnswer;

/** A schedule as the API answers it: the answer schema's type (domain/contract/job-schedules.ts). */
export type JobScheduleRecord = Omit<JobScheduleAnswer, 'id'> & RaRecord;

/** The body of POST and PUT /job_schedules. */
export interface JobSchedulePayload {
  jobName: string;
  jobGroup: string | null;
  description: string | null;
  type: JobTypeValue;
  cronJob: boolean;
  cronExpression: string | null;
  repeatInterval: number | null;
  params: Record<string, unknown>;
}

/** One params entry as the form edits it: the key, and the value as typed. */
export interface ParamPair {
  key: string;
  value: string;
}

/** What the drawer's form holds: the schedule's fields with params as key/value pairs. */
export interface JobScheduleFormValues {
  id?: Identifier;
  jobName: string;
  jobGroup: string | null;
  description: string | null;
  type: JobTypeValue | null;
  cronJob: boolean;
  cronExpression: string | null;
  repeatInterval: number | null;
  params: ParamPair[];
}

export const jobStatusColor: Record<JobStatusValue, 'success' | 'warning'> = { ACTIVE: 'success', PAUSED: 'warning' };
export const jobRunOutcomeColor: Record<JobRunOutcomeValue, 'info' | 'success' | 'error' | 'warning'> = {
  RUNNING: 'info',
  SUCCEEDED: 'success',
  FAILED: 'error',
  ABANDONED: 'warning',
};

/** A params value as the form shows it: text as it is, anything else (numbers, lists, objects) as JSON. */
export function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * A params value typed in the form → what the API gets: text that reads as JSON (a number, true or
 * false, null, a list, an object, a quoted text) is sent as that value, anything else as the text.
 */
export function paramValue(text: string | null | undefined): unknown {
  const raw = (text ?? '').trim();
  if (raw === '') return '';
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export const toParamPairs = (params: Record<string, unknown> | null | undefined): ParamPair[] =>
  Object.entries(params ?? {}).map(([key, value]) => ({ key, value: paramText(value) }));

export function toParams(pairs: ReadonlyArray<Partial<ParamPair> | null | undefined> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs ?? []) {
    const key = (pair?.key ?? '').trim();
    if (key) out[key] = paramValue(pair?.value);
  }
  return out;
}

export function toJobScheduleFormValues(record: JobScheduleRecord): JobScheduleFormValues {
  return {
    id: record.id,
    jobName: record.jobName,
    jobGroup: record.jobGroup,
    description: record.description,
    type: record.type,
    cronJob: record.cronJob,
    cronExpression: record.cronExpression,
    repeatInterval: record.repeatInterval,
    params: toParamPairs(record.params),
  };
}

/** A new schedule's form: on a cron expression, no params. */
export const NEW_JOB_SCHEDULE: JobScheduleFormValues = {
  jobName: '',
  jobGroup: null,
  description: null,
  type: null,
  cronJob: true,
  cronExpression: '',
  repeatInterval: null,
  params: [],
};

const text = (value: unknown): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value).trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The form → exactly the body of POST/PUT /job_schedules: texts trimmed (empty → null), the
 * schedule's unused half null (a cron schedule sends no interval, an interval schedule no cron
 * expression), params as an object.
 */
export function toJobSchedulePayload(form: Partial<JobScheduleFormValues>): JobSchedulePayload {
  const cronJob = form.cronJob !== false;
  const interval = form.repeatInterval === null || form.repeatInterval === undefined || String(form.repeatInterval).trim() === '' ? null : Number(form.repeatInterval);
  return {
    jobName: text(form.jobName) ?? '',
    jobGroup: text(form.jobGroup),
    description: text(form.description),
    type: form.type as JobTypeValue,
    cronJob,
    cronExpression: cronJob ? text(form.cronExpression) : null,
    repeatInterval: cronJob ? null : interval,
    params: toParams(form.params),
  };
}

// ---------------------------------------------------------------- schedules in words

export type CronReading = { ok: true; text: string } | { ok: false };

/**
 * A cron expression in words in the console's language (cronstrue; Spanish with its `es` locale,
 * 24-hour times there, 12-hour in English): `0 2 * * *` → 'At 02:00 AM' / 'A las 02:00'. node-cron
 * takes 5 fields, or 6 with the seconds first; anything else, or what cronstrue cannot read, is
 * `{ ok: false }` (the form then shows its hint; the server's 400 has the last word).
 */
export function describeCron(expression: string | null | undefined, locale: string): CronReading {
  const value = (expression ?? '').trim();
  const fields = value.split(/\s+/).filter(Boolean).length;
  if (fields < 5 || fields > 6) return { ok: false };
  try {
    const words = cronstrue.toString(value, { locale: locale === 'es' ? 'es' : 'en', use24HourTimeFormat: locale === 'es', throwExceptionOnParseError: true });
    return { ok: true, text: words };
  } catch {
    return { ok: false };
  }
}

/** An interval in seconds as its largest whole unit: 3600 → 1 hour, 900 → 15 minutes, 90 → 90 seconds. */
export function intervalUnit(seconds: number): { unit: 'hours' | 'minutes' | 'seconds'; count: number } {
  if (seconds >= 3600 && seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 };
  if (seconds >= 60 && seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}

/** A valid interval: a whole number of seconds, at least 1. */
export const isInterval = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;

// ---------------------------------------------------------------- durations

/** How long a run took, in short units shared by both languages: '350 ms', '12 s', '3 min 5 s', '1 h 2 min'. */
export function formatDuration(startedAt: string | null | undefined, endedAt: string | null | undefined): string {
  if (!startedAt || !endedAt) return '';
  const ms = new Date(endedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

// ---------------------------------------------------------------- the calls beyond CRUD

const at = (id: Identifier, suffix: string) => `/${apiPath(JOB_SCHEDULES)}/${encodeURIComponent(String(id))}${suffix}`;

/** The schedule's own calls (the data provider keeps CRUD; these live beside the screens that make them). */
export function jobScheduleApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /job_schedules/{id}/run → 202 with the RUNNING run; 409 'Job already running' while a run holds the lease. */
    run: (id: Identifier) => dataProvider.request<JobRunRecord>({ method: 'POST', path: at(id, '/run') }),
    /** POST /job_schedules/{id}/pause → the schedule (409 'Job already paused'). */
    pause: (id: Identifier) => dataProvider.request<JobScheduleRecord>({ method: 'POST', path: at(id, '/pause') }),
    /** POST /job_schedules/{id}/resume → the schedule (409 'Job is not paused'). */
    resume: (id: Identifier) => dataProvider.request<JobScheduleRecord>({ method: 'POST', path: at(id, '/resume') }),
    /** GET /job_schedules/{id}/runs?page&size: the run history, newest first (page zero-based). */
    runs: async (id: Identifier, page: number, size: number) => readList<JobRunRecord & RaRecord>(await dataProvider.request({ path: at(id, '/runs'), query: { page, size } })),
  };
}

/** The server's refusals of this screen, worded in the console's language (they are not in the message catalogue). */
export const REFUSAL_KEYS: Record<string, string> = {
  'Job already running': 'resources.job-schedules.refusals.already_running',
  'Job already paused': 'resources.job-schedules.refusals.already_paused',
  'Job is not paused': 'resources.job-schedules.refusals.not_paused',
  'Invalid cron expression': 'resources.job-schedules.refusals.invalid_cron',
};
