/**
 * The answers of the learning-system area (issue 21): /api/lms_connection, its sync runs and LMS
 * enrollments, the program and cohort sync calls and a student's sign-in link. The console's
 * records are `z.infer` of these.
 */
import { z } from 'zod';
import { LmsConnectionStatus, LmsEnrollmentAction, LmsEnrollmentStatus, LmsSyncKind, LmsSyncStatus, LmsVendor } from '../../models/enums';
import { id, page, timestamp, updatedBy } from './common';

/** GET /lms_connection/{id}, POST, PUT, POST …/test, POST /lms_connection/d2l_auth. Secrets come masked (`••••••••abcd`). */
export const lmsConnectionAnswer = z
  .object({
    id,
    vendor: z.enum(LmsVendor),
    name: z.string(),
    status: z.enum(LmsConnectionStatus),
    statusMessage: z.string().nullable(),
    checkedAt: timestamp.nullable(),
    /** When the access token expires (OAuth 2 vendors). */
    expiresAt: timestamp.nullable(),
    properties: z.record(z.string(), z.string().nullable()),
    /** D2L: where staff authorize the platform (back through the console's /d2l-auth). */
    authorizeUrl: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type LmsConnectionAnswer = z.infer<typeof lmsConnectionAnswer>;
export const lmsConnectionPage = page(lmsConnectionAnswer);

export const lmsSyncChange = z
  .object({
    action: z.enum(['CREATE', 'UPDATE', 'FAIL']),
    entity: z.string(),
    externalId: z.string(),
    name: z.string(),
    fields: z.array(z.string()).optional(),
    error: z.string().optional(),
  })
  .strict();

/** A sync run (the program and cohort sync calls answer the run they made; GET /lms_connection/{id}/sync_runs lists them). */
export const lmsSyncRunAnswer = z
  .object({
    id,
    lmsConnectionId: id,
    kind: z.enum(LmsSyncKind),
    programId: id.nullable(),
    cohortId: id.nullable(),
    dryRun: z.boolean(),
    status: z.enum(LmsSyncStatus),
    created: z.number().int().min(0),
    updated: z.number().int().min(0),
    unchanged: z.number().int().min(0),
    failed: z.number().int().min(0),
    changes: z.array(lmsSyncChange),
    error: z.string().nullable(),
    requestedBy: z.string(),
    startedAt: timestamp,
    finishedAt: timestamp.nullable(),
  })
  .strict();
export type LmsSyncRunAnswer = z.infer<typeof lmsSyncRunAnswer>;
export const lmsSyncRunPage = page(lmsSyncRunAnswer);

/** A student's enrollment in a cohort's LMS course or section, and its delivery. */
export const lmsEnrollmentAnswer = z
  .object({
    id,
    lmsConnectionId: id,
    studentId: id,
    studentName: z.string().nullable(),
    cohortId: id,
    cohortLabel: z.string().nullable(),
    action: z.enum(LmsEnrollmentAction),
    status: z.enum(LmsEnrollmentStatus),
    externalUserId: z.string().nullable(),
    externalTarget: z.string().nullable(),
    attempts: z.number().int().min(0),
    lastError: z.string().nullable(),
    lastAttemptAt: timestamp.nullable(),
    doneAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .strict();
export type LmsEnrollmentAnswer = z.infer<typeof lmsEnrollmentAnswer>;
export const lmsEnrollmentPage = page(lmsEnrollmentAnswer);

/** POST /students/{id}/sso. */
export const lmsSignInAnswer = z.object({ url: z.string(), expiresAt: timestamp.nullable(), vendor: z.enum(LmsVendor) }).strict();
export type LmsSignInAnswer = z.infer<typeof lmsSignInAnswer>;
