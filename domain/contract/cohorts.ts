/**
 * The answers of /api/cohorts (back-office spec §3 "Cohort", §9): a class of a program with its
 * modules and the dates its coaching circles skip. The console's CohortRecord, CohortModuleRecord and
 * SkippedSessionRecord are `z.infer` of these.
 */
import { z } from 'zod';
import { CohortStatus, DurationType } from '../../models/enums';
import { id, isoDate, page, timestamp, updatedBy } from './common';
import { moduleFields, namedRef } from './catalogue';

/** GET /cohorts/{id}, POST, PUT, the flag and publish calls. */
export const cohortAnswer = z
  .object({
    id,
    status: z.enum(CohortStatus),
    label: z.string(),
    customName: z.string().nullable(),
    programId: id,
    /** `lmsConnectionId`: the program's learning-system connection, through which the cohort syncs (null: none). */
    program: z
      .object({ id, name: z.string(), durationType: z.enum(DurationType), accelerated: z.boolean(), lmsConnectionId: id.nullable() })
      .strict()
      .nullable(),
    businessCategoryId: id,
    businessCategory: namedRef.nullable(),
    startDate: isoDate.nullable(),
    endDate: isoDate.nullable(),
    extendedGraduationDate: isoDate.nullable(),
    courseAccessStartDateTime: timestamp.nullable(),
    courseAccessEndDateTime: timestamp.nullable(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    deleted: z.boolean(),
    d2lSectionId: z.string().nullable(),
    iinLmsCoursePath: z.string().nullable(),
    salesforceProductId: z.string().nullable(),
    published: z.boolean(),
    maxStudents: z.number().int().nullable(),
    useCoachingCircle: z.boolean(),
    accessDisabled: z.boolean(),
    coachingCircleOpenDate: timestamp.nullable(),
    coachingCircleCloseDate: timestamp.nullable(),
    sessionOpenDate: timestamp.nullable(),
    sessionCloseDate: timestamp.nullable(),
    doceboConfig: z.object({ learningPlanIds: z.array(z.string()), courseIds: z.array(z.string()) }).strict(),
    /** The cohort's own learning-system connection (null: it syncs through its program's). */
    lmsConnectionId: id.nullable(),
    /** The products (not archived) the cohort belongs to. */
    productIds: z.array(id),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CohortAnswer = z.infer<typeof cohortAnswer>;

/** GET /cohorts, POST …/find_by_criteria. */
export const cohortPage = page(cohortAnswer);

/** A module of a cohort (GET /cohorts/{id}/cohort_modules): a program module's fields, copied. */
export const cohortModuleAnswer = moduleFields.extend({ cohortId: id, programModuleId: id.nullable() }).strict();
export type CohortModuleAnswer = z.infer<typeof cohortModuleAnswer>;
export const cohortModulePage = page(cohortModuleAnswer);

/** A date a cohort's coaching circles skip (GET /cohorts/{id}/skip_coaching_circle_sessions). */
export const skippedSessionAnswer = z
  .object({
    id,
    cohortId: id,
    coachingCircleTypeId: id.nullable(),
    sessionDate: isoDate,
    description: z.string().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type SkippedSessionAnswer = z.infer<typeof skippedSessionAnswer>;
export const skippedSessionPage = page(skippedSessionAnswer);
