/**
 * The answers of GET /api/enrollments (one enrollment per class an ENROLLED application takes) and
 * GET /api/public/lookups (the reference values of the forms' selects).
 */
import { z } from 'zod';
import { EnrollmentStatus, LookupType } from '../../models/enums';
import { id, page, timestamp } from './common';

/** One enrollment: the student in one class (cohort) of one program. */
export const enrollmentAnswer = z
  .object({
    id,
    applicationId: id,
    student: z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string() }).strict().nullable(),
    cohortId: id,
    cohortLabel: z.string().nullable(),
    programId: id,
    programName: z.string().nullable(),
    status: z.enum(EnrollmentStatus),
    enrolledAt: timestamp,
  })
  .strict();
export type EnrollmentAnswer = z.infer<typeof enrollmentAnswer>;
export const enrollmentPage = page(enrollmentAnswer);

/** GET /public/lookups: the items of the asked types, by type then display order. */
export const lookupsAnswer = z.object({ content: z.array(z.object({ type: z.enum(LookupType), value: z.string(), label: z.string() }).strict()) }).strict();
export type LookupsAnswer = z.infer<typeof lookupsAnswer>;
export type LookupItemAnswer = LookupsAnswer['content'][number];
