import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { Of, GraduationStatus } from '../../../models/enums';
import type { AcademicProgressAnswer, CertificateAnswer, GraduationSummaryAnswer } from '../../../domain/contract/academics';
import { cleanCriteria, pagingToQuery, readList, splitFilter, type AppDataProvider } from '../providers/dataProvider';
import type { SummaryAnswer } from './SummaryBar';

/**
 * Issue 21's console screens (academics): /graduations and /academic-progress list the enrollments of
 * a program and cohort with their academic progress (POST /enrollments/graduations/find_by_criteria,
 * POST /enrollments/academic_progress); a row opens the enrollment's progress per requirement
 * (GET /enrollments/{id}/academic_progress) with its unofficial transcript; /certifications lists the
 * certificates graduations issued. Shared by the three resources (resource folders never import each other).
 */

export const GRADUATIONS = 'graduations';
export const ACADEMIC_PROGRESS = 'academic-progress';
export const CERTIFICATIONS = 'certifications';

export type GraduationStatusValue = Of<typeof GraduationStatus>;
export type AcademicProgressRecord = Omit<AcademicProgressAnswer, 'id'> & RaRecord;
export type CertificateRecord = Omit<CertificateAnswer, 'id'> & RaRecord;

export const graduationStatusColor: Record<GraduationStatusValue, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  PENDING: 'default',
  INCOMPLETE: 'warning',
  READY_GRADUATION: 'info',
  GRADUATED: 'success',
  LATE_GRADUATION: 'success',
  FAILED_ACADEMICALLY: 'error',
  FAILED_FINANCIALLY: 'error',
};

export const certificateStatusColor = { PENDING: 'warning', ISSUED: 'success', FAILED: 'error' } as const;

/** The statuses a graduation may be asked for: only READY_GRADUATION enrollments graduate (the API refuses the others). */
export const graduatable = (record: Pick<AcademicProgressRecord, 'graduationStatus' | 'enrollmentStatus'>) =>
  record.graduationStatus === 'READY_GRADUATION' && record.enrollmentStatus === 'ACTIVE';

/** The summary answer `{ total, statuses: { READY_GRADUATION: 3, … } }` as the SummaryBar reads it (statuses with none left out). */
export function summaryRows(answer: GraduationSummaryAnswer): SummaryAnswer {
  return {
    total: answer.total,
    statuses: Object.entries(answer.statuses)
      .filter(([, count]) => count > 0)
      .map(([status, count]) => ({ status, count })),
  };
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : Number(v));

/**
 * The graduations list's body (`graduationCriteria`: programId, cohortId, statuses, keyword): what the
 * list, its summary, its saved filters and its export send.
 */
export function graduationBody(criteria: Record<string, unknown>): Record<string, unknown> {
  return cleanCriteria({ programId: num(criteria.programId), cohortId: num(criteria.cohortId), statuses: criteria.statuses });
}

/** The academic-progress list's body (`academicProgressBody`: programId, cohortId, criteria { graduationStatuses, enrollmentStatuses }). */
export function academicProgressBody(criteria: Record<string, unknown>): Record<string, unknown> {
  const inner = (criteria.criteria ?? {}) as Record<string, unknown>;
  return cleanCriteria({
    programId: num(criteria.programId),
    cohortId: num(criteria.cohortId),
    criteria: cleanCriteria({ graduationStatuses: inner.graduationStatuses, enrollmentStatuses: inner.enrollmentStatuses }),
  });
}

const enrollmentAt = (id: Identifier, suffix: string) => `/enrollments/${encodeURIComponent(String(id))}${suffix}`;

/** The academics calls beyond the lists, on the provider's http client. */
export function academicsApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  const { request } = dataProvider;
  return {
    /** POST /enrollments/graduations/summary: the criteria's enrollments per graduation status. */
    graduationSummary: async (criteria: Record<string, unknown>, keyword?: string) =>
      summaryRows(
        await request<GraduationSummaryAnswer>({ method: 'POST', path: '/enrollments/graduations/summary', query: keyword ? { keyword } : {}, body: graduationBody(criteria) }),
      ),
    /** POST /enrollments/academic_progress/summary. */
    progressSummary: async (criteria: Record<string, unknown>, keyword?: string) =>
      summaryRows(
        await request<GraduationSummaryAnswer>({
          method: 'POST',
          path: '/enrollments/academic_progress/summary',
          query: keyword ? { keyword } : {},
          body: academicProgressBody(criteria),
        }),
      ),
    /** POST /enrollments/graduations {enrollmentIds, isLate}: every one graduated, or none (409 naming those not ready). */
    graduate: (enrollmentIds: Identifier[], isLate: boolean) =>
      request<{ graduated: number; content: AcademicProgressAnswer[] }>({
        method: 'POST',
        path: '/enrollments/graduations',
        body: { enrollmentIds: enrollmentIds.map(Number), isLate },
      }),
    /** GET /enrollments/{id}/academic_progress: one enrollment's progress per requirement. */
    enrollmentProgress: (id: Identifier) => request<AcademicProgressAnswer>({ path: enrollmentAt(id, '/academic_progress') }),
    /** GET /enrollments/{id}/unofficial_transcript: the PDF. */
    transcript: async (id: Identifier) => (await request<Response>({ path: enrollmentAt(id, '/unofficial_transcript'), raw: true })).blob(),
    /** GET /certifications/{id}/download: the certificate's PDF (409 CERTIFICATE_NO_FILE when Accredible keeps it). */
    certificateFile: async (id: Identifier) => (await request<Response>({ path: `/certifications/${encodeURIComponent(String(id))}/download`, raw: true })).blob(),
  };
}

/** The file name a transcript is saved under. */
export const transcriptFileName = (record: Pick<AcademicProgressAnswer, 'enrollmentId' | 'student'>) =>
  `unofficial-transcript-${[record.student?.lastName, record.student?.firstName].filter(Boolean).join('-') || 'enrollment'}-${record.enrollmentId}.pdf`.replace(/\s+/g, '-');

/**
 * The data provider of the two enrollment lists: `graduations` and `academic-progress` post their
 * criteria (program, cohort, statuses) with the paging and keyword in the query, and a record of
 * either is the enrollment's progress (GET /enrollments/{id}/academic_progress). The rest is untouched.
 */
export function academicsProvider(dataProvider: AppDataProvider): AppDataProvider {
  const getList: DataProvider['getList'] = async (resource, params: GetListParams) => {
    if (resource !== GRADUATIONS && resource !== ACADEMIC_PROGRESS) return dataProvider.getList(resource, params);
    const { keyword, criteria } = splitFilter(params.filter);
    const graduations = resource === GRADUATIONS;
    const answer = await dataProvider.request({
      method: 'POST',
      path: graduations ? '/enrollments/graduations/find_by_criteria' : '/enrollments/academic_progress',
      query: { ...pagingToQuery(params), ...(keyword ? { keyword } : {}) },
      body: graduations ? graduationBody(criteria) : academicProgressBody(criteria),
    });
    return readList(answer) as never;
  };
  const getOne: DataProvider['getOne'] = async (resource, params) => {
    if (resource !== GRADUATIONS && resource !== ACADEMIC_PROGRESS) return dataProvider.getOne(resource, params);
    return { data: (await academicsApi(dataProvider).enrollmentProgress(params.id)) as never };
  };
  return { ...dataProvider, getList, getOne };
}
