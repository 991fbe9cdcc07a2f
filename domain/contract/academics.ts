/**
 * Issue 21's answers: academic progress (per enrollment, its requirements done of total and scores),
 * the graduation lists and their summaries, the graduation call, certificates and a student's Awards.
 */
import { z } from 'zod';
import { AwardType, CertificateProviderName, CertificateStatus, EnrollmentStatus, GraduationRequirementType, GraduationStatus, ProgressSource } from '../../models/enums';
import { id, isoDate, page, timestamp } from './common';

const studentRef = z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string() }).strict().nullable();

/** One requirement of an enrollment: done of total, the score (a percentage) and whether it is met. */
export const requirementProgressAnswer = z
  .object({
    id,
    name: z.string(),
    type: z.enum(GraduationRequirementType),
    displayOrder: z.number().int(),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    score: z.number().nullable(),
    minScore: z.number().nullable(),
    met: z.boolean(),
    source: z.enum(ProgressSource).nullable(),
    updatedAt: timestamp.nullable(),
  })
  .strict();
export type RequirementProgressAnswer = z.infer<typeof requirementProgressAnswer>;

/** An enrollment with its academic progress and graduation (the academic-progress and graduations lists, My progress). */
export const academicProgressAnswer = z
  .object({
    id,
    enrollmentId: id,
    student: studentRef,
    programId: id,
    programName: z.string().nullable(),
    cohortId: id,
    cohortLabel: z.string().nullable(),
    cohortEndDate: isoDate.nullable(),
    extendedGraduationDate: isoDate.nullable(),
    enrollmentStatus: z.enum(EnrollmentStatus),
    enrolledAt: timestamp,
    graduationStatus: z.enum(GraduationStatus),
    graduationStatusAt: timestamp.nullable(),
    graduatedAt: timestamp.nullable(),
    graduationLate: z.boolean(),
    graduatedByName: z.string().nullable(),
    requirementsDone: z.number().int().min(0),
    requirementsTotal: z.number().int().min(0),
    score: z.number().nullable(),
    requirements: z.array(requirementProgressAnswer),
    certificate: z
      .object({ id, status: z.enum(CertificateStatus), url: z.string().nullable(), hasFile: z.boolean() })
      .strict()
      .nullable(),
  })
  .strict();
export type AcademicProgressAnswer = z.infer<typeof academicProgressAnswer>;
export const academicProgressPage = page(academicProgressAnswer);
export const academicProgressList = z.array(academicProgressAnswer);

/** The summaries: how many, and how many per graduation status. */
export const graduationSummaryAnswer = z
  .object({
    total: z.number().int().min(0),
    statuses: z.object(Object.fromEntries(GraduationStatus.map((s) => [s, z.number().int().min(0)])) as Record<(typeof GraduationStatus)[number], z.ZodNumber>).strict(),
  })
  .strict();
export type GraduationSummaryAnswer = z.infer<typeof graduationSummaryAnswer>;

/** POST /enrollments/graduations: how many were graduated, and each as the list shows it. */
export const graduateAnswer = z.object({ graduated: z.number().int().min(0), content: z.array(academicProgressAnswer) }).strict();

/** POST /enrollments/graduations/recompute */
export const recomputeAnswer = z.object({ progressWritten: z.number().int().min(0), examined: z.number().int().min(0), changed: z.number().int().min(0) }).strict();

/** A certificate issued by a graduation. */
export const certificateAnswer = z
  .object({
    id,
    enrollmentId: id,
    student: studentRef,
    programId: id,
    programName: z.string().nullable(),
    cohortId: id,
    cohortLabel: z.string().nullable(),
    name: z.string(),
    status: z.enum(CertificateStatus),
    provider: z.enum(CertificateProviderName).nullable(),
    externalId: z.string().nullable(),
    url: z.string().nullable(),
    badgeUrl: z.string().nullable(),
    hasFile: z.boolean(),
    types: z.array(z.enum(AwardType)),
    issuedAt: timestamp.nullable(),
    attempts: z.number().int().min(0),
    lastError: z.string().nullable(),
    createdAt: timestamp,
  })
  .strict();
export type CertificateAnswer = z.infer<typeof certificateAnswer>;
export const certificatePage = page(certificateAnswer);

/** GET /students/{id}/awards: the student's certificates and the ones their current classes lead to. */
export const awardsAnswer = z
  .object({
    awards: z.array(certificateAnswer),
    available: z.array(
      z
        .object({
          enrollmentId: id,
          programId: id,
          programName: z.string().nullable(),
          cohortLabel: z.string().nullable(),
          type: z.enum(AwardType),
          graduationStatus: z.enum(GraduationStatus),
          requirementsDone: z.number().int().min(0),
          requirementsTotal: z.number().int().min(0),
        })
        .strict(),
    ),
  })
  .strict();
export type AwardsAnswer = z.infer<typeof awardsAnswer>;
