import { z } from 'zod';
import { CertificateStatus, EnrollmentStatus, GraduationStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id } from '../../models/validation';
import { pagingQuery, type PagingQuery } from '../common/list';

/**
 * Issue 21's inputs: the academic-progress and graduation lists (POST bodies of criteria, paging in the
 * query), the graduation call, a requirement recorded by hand, certificates' lists.
 */

/** The enrollment lists sort on the enrollments' own indexed columns. */
export const enrollmentAcademicSortable = {
  id: 'id',
  ID: 'id',
  graduationStatus: 'graduationStatus',
  GRADUATION_STATUS: 'graduationStatus',
  enrolledAt: 'enrolledAt',
  ENROLLED_AT: 'enrolledAt',
  graduatedAt: 'graduatedAt',
  GRADUATED_AT: 'graduatedAt',
};
export const academicListQuery = pagingQuery({ sortable: enrollmentAcademicSortable, maxSize: 500 });

const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.enum(values, { error: Messages.INVALID_VALUE }))
      .max(20)
      .nullish(),
  );

/** POST /enrollments/academic_progress (and /summary, the saved filter, the export): program, cohort and the list's criteria. */
export const academicProgressBody = z
  .object({
    programId: id().nullish(),
    cohortId: id().nullish(),
    criteria: z
      .object({
        graduationStatuses: enumList(GraduationStatus as unknown as readonly [string, ...string[]]),
        enrollmentStatuses: enumList(EnrollmentStatus as unknown as readonly [string, ...string[]]),
      })
      .strict()
      .nullish(),
  })
  .strict();
export type AcademicProgressBody = z.output<typeof academicProgressBody>;

/** POST /enrollments/graduations/find_by_criteria (the saved filter and the export too): program, cohort, statuses, keyword. */
export const graduationCriteria = z
  .object({
    programId: id().nullish(),
    cohortId: id().nullish(),
    statuses: enumList(GraduationStatus as unknown as readonly [string, ...string[]]),
    keyword: z.string().trim().max(100).nullish(),
  })
  .strict();
export type GraduationCriteria = z.output<typeof graduationCriteria>;

/** POST /enrollments/graduations: up to 500 enrollments at once; isLate makes them LATE_GRADUATION. */
export const graduateBody = z
  .object({
    enrollmentIds: z
      .array(id())
      .min(1, Messages.REQUIRED)
      .max(500, Messages.INVALID_VALUE)
      .transform((ids) => [...new Set(ids)]),
    isLate: booleanish().default(false),
  })
  .strict();

/** POST /enrollments/graduations/recompute: the statuses of a cohort, a program, or every active enrollment. */
export const recomputeBody = z.object({ programId: id().nullish(), cohortId: id().nullish() }).strict();

export const enrollmentParams = z.object({ id: id() });
export const enrollmentRequirementParams = z.object({ id: id(), requirementId: id() });

/** PUT /enrollments/{id}/academic_progress/{requirementId}: staff record a requirement by hand. */
export const staffProgressBody = z
  .object({
    done: z.coerce.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(100_000, Messages.INVALID_VALUE),
    score: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().min(0, Messages.INVALID_VALUE).max(100, Messages.INVALID_VALUE).nullish()),
  })
  .strict();

// ---- Certificates ----

export const certificateSortable = { id: 'id', ID: 'id', issuedAt: 'issuedAt', ISSUED_AT: 'issuedAt', status: 'status', STATUS: 'status' };
export const certificateListQuery = pagingQuery(
  { sortable: certificateSortable, defaultDescending: true, maxSize: 500 },
  { studentId: id().optional(), programId: id().optional(), cohortId: id().optional() },
);
export type CertificateListQuery = PagingQuery & { studentId?: number; programId?: number; cohortId?: number };

/** POST /certifications/find_by_criteria (the saved filter and the export too). */
export const certificateCriteria = z
  .object({
    programId: id().nullish(),
    cohortId: id().nullish(),
    studentId: id().nullish(),
    statuses: enumList(CertificateStatus as unknown as readonly [string, ...string[]]),
    keyword: z.string().trim().max(100).nullish(),
  })
  .strict();
export type CertificateCriteria = z.output<typeof certificateCriteria>;
export const certificateParams = z.object({ id: id() });
