import type { Identifier, RaRecord } from 'react-admin';
import type { ApplicationStatus, Of } from '../../../models/enums';
import type {
  ApplicationAnswer as ApplicationDto,
  ApplicationIssuedPlanAnswer,
  ApplicationPlanAnswer,
  ApplicationStepAnswer,
  CommentAnswer,
  CrmNotificationAnswer,
  EnvelopeAnswer,
  QuestionAnswer,
} from '../../../domain/contract/applications';
import { splitFilter } from '../providers/dataProvider';
import { studentName } from './studentNames';
// Shared with other resources (admin/src/common).
export { studentName };

/**
 * Applications as /api/applications answers them (the console's resource `enrollments`, back-office
 * spec §2 /enrollments/:id?), and the pure rules the screens apply to them: the staff status machine,
 * the list's default and migrated filters, the create payload.
 */

export const ENROLLMENTS = 'enrollments';
/** Where the API keeps applications (the console resource maps onto it in the data provider). */
export const APPLICATIONS_PATH = '/applications';

export type ApplicationStatusValue = Of<typeof ApplicationStatus>;

export type { UpdatedBy } from '../../../domain/contract/common';

type Answer = ApplicationDto;

export type ApplicationStudent = NonNullable<Answer['student']>;
export type ApplicationCohort = Answer['applicationCohorts'][number];
export type ApplicationEnrollment = Answer['enrollments'][number];
/** The issued plan an application shows (back-office spec §3 "Application paymentPlan"). */
export type ApplicationPlanSummary = ApplicationPlanAnswer;
export type ApplicationStep = ApplicationStepAnswer;

/** ApplicationDto (the enrollment contract): the answer schema's type (domain/contract/applications.ts). */
export type ApplicationRecord = Omit<Answer, 'id'> & RaRecord;

/** GET /applications/{id}/payment_plans: the student payment plans issued for the application. */
export type StudentPaymentPlan = ApplicationIssuedPlanAnswer;
/** One schedule entry of such a plan. */
export type PaymentScheduleEntry = ApplicationIssuedPlanAnswer['schedules'][number];

/** An answer to a question of the flow, as GET /applications/{id}/answers reads it. */
export type ApplicationAnswer = QuestionAnswer;

export type ApplicationComment = CommentAnswer;

export type Envelope = EnvelopeAnswer;
export type EnvelopeStatus = EnvelopeAnswer['status'];

export type CrmNotification = CrmNotificationAnswer;

// ---------------------------------------------------------------- status machine (domain rules)

export { nextStatuses } from '../../../domain/state/applications';

/** Moves that end or undo the application: their buttons read as warnings. */
export const closingStatuses = new Set<ApplicationStatusValue>(['REJECTED', 'CANCELLED', 'ARCHIVED', 'WITHDRAWN', 'PARTIAL_WITHDRAWN', 'TRANSFERRED']);

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export const statusColor: Record<ApplicationStatusValue, ChipColor> = {
  CREATED: 'default',
  APPLIED: 'info',
  WAITING_TO_AGREE: 'warning',
  WAITING_TO_SIGN: 'warning',
  SIGNED: 'primary',
  ENROLLED: 'success',
  REJECTED: 'error',
  CANCELLED: 'error',
  ARCHIVED: 'default',
  TRANSFERRED: 'secondary',
  PARTIAL_WITHDRAWN: 'secondary',
  WITHDRAWN: 'secondary',
};

// ---------------------------------------------------------------- the list's filters

/** The /enrollments list opens on enrolled applications (back-office spec §4); the chip can be removed. */
export const DEFAULT_STATUSES: ApplicationStatusValue[] = ['ENROLLED'];
export const defaultApplicationFilter = { statuses: [...DEFAULT_STATUSES] };

/**
 * The list's filter with the keyword typed in the search box (`q`). A keyword names a student or an
 * application whatever its status, so on the list as it opens (the default status and nothing else:
 * no keyword yet, no saved filter applied) the default status gives way and the keyword searches
 * every status; criteria staff chose themselves stay.
 */
export function withKeyword(filterValues: Record<string, unknown>, keyword: unknown): Record<string, unknown> {
  const { keyword: previous, criteria } = splitFilter(filterValues);
  const typed = typeof keyword === 'string' && keyword.trim() !== '';
  const opening = !previous && filterValues.savedFilterId == null && JSON.stringify(criteria) === JSON.stringify(defaultApplicationFilter);
  return typed && opening ? { q: keyword } : { ...filterValues, q: keyword };
}

/** The migrated variant: only applications brought over from the old system. */
export const migratedFilter = { migrated: true };

/** True when the list's filter is the migrated variant (`migrated: true`). */
export function isMigratedVariant(filterValues: Record<string, unknown> | undefined): boolean {
  return filterValues?.migrated === true || filterValues?.migrated === 'true';
}

// ---------------------------------------------------------------- names and payloads

/** The classes of an application, one per program: 'HCTP 01-15-2027 - 12-15-2027'. */
export function cohortLabels(record: Pick<ApplicationRecord, 'applicationCohorts' | 'cohort'>): string {
  if (record.applicationCohorts?.length) return record.applicationCohorts.map((c) => c.cohortLabel ?? `#${c.cohortId}`).join('; ');
  return record.cohort?.label ?? '';
}

/** '#12 · Ana López · HCTP January': the drawer title and the recently-viewed label. */
export function applicationLabel(record: Pick<ApplicationRecord, 'id' | 'student' | 'product'>): string {
  return [`#${record.id}`, studentName(record.student), record.product?.name].filter(Boolean).join(' · ');
}

export interface NewApplication {
  studentId?: Identifier | null;
  productId?: Identifier | null;
  source?: string | null;
  opportunityId?: string | null;
  migrated?: boolean | null;
}

/** POST /applications (staff): the student, the product and, when given, source, opportunity id and migrated. */
export function toCreateApplicationPayload(data: NewApplication): Record<string, unknown> {
  const opportunityId = typeof data.opportunityId === 'string' ? data.opportunityId.trim() : '';
  return {
    studentId: data.studentId === null || data.studentId === undefined ? undefined : Number(data.studentId),
    productId: data.productId === null || data.productId === undefined ? undefined : Number(data.productId),
    ...(data.source ? { source: data.source } : {}),
    ...(opportunityId ? { opportunityId } : {}),
    ...(data.migrated ? { migrated: true } : {}),
  };
}

/** The call-attempts counter stays within what the API accepts (0..99). */
export const MAX_CALL_ATTEMPTS = 99;
export const clampCallAttempts = (n: number) => Math.max(0, Math.min(MAX_CALL_ATTEMPTS, Math.round(n)));

/** Comments come five at a time (back-office spec §9), newest first. */
export const COMMENTS_PAGE = 5;

/** The student applications section loads them all at once (spec §9: student applications 200). */
export const STUDENT_APPLICATIONS_SIZE = 200;

/**
 * The link of an application from wherever it is shown: on the enrollments screen the list's own
 * query is kept (and the student drawer, kept in the hash, is closed); from elsewhere it opens the
 * enrollments screen on it.
 */
export function applicationPath(id: Identifier, location: { pathname: string; search: string }): string {
  const onList = location.pathname === `/${ENROLLMENTS}` || location.pathname.startsWith(`/${ENROLLMENTS}/`);
  return `/${ENROLLMENTS}/${id}${onList ? location.search : ''}`;
}

/** The hash that opens the student drawer over the enrollments list: `#student=42`. */
export const STUDENT_HASH = 'student=';
export function studentHash(studentId: Identifier): string {
  return `#${STUDENT_HASH}${studentId}`;
}
export function studentIdOfHash(hash: string): string | null {
  const match = /^#student=(\d+)$/.exec(hash);
  return match ? match[1] : null;
}
