/**
 * The answers about staff and their own tools (platform spec §3 "Administrators", "Roles"; back-office
 * spec §7 "Saved filters", "Recently viewed"): administrators with their session status, roles and the
 * permission catalogue, a student's session and activity log, saved filters, the view history, and
 * GET /auth/me. The console's Administrator, Role, SavedFilter, ActivityEntry and ViewHistory are
 * `z.infer` of these.
 */
import { z } from 'zod';
import { Gender, EducationLevel, SearchFilterKind, SessionStatus } from '../../models/enums';
import { id, isoDate, page, timestamp, updatedBy } from './common';

/** GET /admins/{id}, POST, PUT; the rows of GET /admins and POST /admins/find_by_criteria. */
export const administratorAnswer = z
  .object({
    id,
    userId: id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** Role names, sorted. */
    roles: z.array(z.string()),
    /** ACTIVE (a live session used lately), IDLE (a live session, not used lately) or INACTIVE. */
    status: z.enum(SessionStatus),
    /** The account can sign in. */
    active: z.boolean(),
    lastLoginAt: timestamp.nullable(),
    lastActivityAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type AdministratorAnswer = z.infer<typeof administratorAnswer>;
export const administratorPage = page(administratorAnswer);

/** GET /roles/{id}, POST, PUT; the rows of GET /roles. `system` marks the seeded roles (not renamed, not deleted). */
export const roleAnswer = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    /** `resource:action` strings of the catalogue. */
    permissions: z.array(z.string()),
    system: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type RoleAnswer = z.infer<typeof roleAnswer>;
export const rolePage = page(roleAnswer);

/** GET /roles/permissions: each resource with the actions a role may be given on it. */
export const permissionCatalogueAnswer = z.array(z.object({ resource: z.string(), actions: z.array(z.string()) }).strict());
export type PermissionCatalogueAnswer = z.infer<typeof permissionCatalogueAnswer>;

/** GET /students/{id}/session: the student's session status (as an administrator's). */
export const sessionAnswer = z.object({ status: z.enum(SessionStatus), lastActivityAt: timestamp.nullable() }).strict();
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/**
 * One entry of GET /students/{id}/activity_log. `description` is the English text; the UIs write
 * `descriptionKey` with `descriptionParams` in their language (both null for entries recorded before
 * keys existed). Category, type and entity type are free text here: later areas add their own.
 */
export const activityEntryAnswer = z
  .object({
    id,
    activityDate: timestamp,
    category: z.string(),
    type: z.string(),
    description: z.string().nullable(),
    descriptionKey: z.string().nullable(),
    descriptionParams: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
    /** Each changed field's value before and after. */
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }).strict()),
    actor: z.object({ id: id.nullable(), name: z.string().nullable() }).strict(),
    entityType: z.string(),
    entityId: z.number().int(),
  })
  .strict();
export type ActivityEntryAnswer = z.infer<typeof activityEntryAnswer>;
export const activityEntryPage = page(activityEntryAnswer);

/** A saved filter (GET /search_filters, /students/filters/{id}, POST, PUT): a named criteria object of one list kind. */
export const searchFilterAnswer = z
  .object({
    id,
    name: z.string(),
    kind: z.enum(SearchFilterKind),
    criteria: z.record(z.string(), z.unknown()),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type SearchFilterAnswer = z.infer<typeof searchFilterAnswer>;
export const searchFilterPage = page(searchFilterAnswer);

/** One recently viewed record (GET /users/{id}/view_histories, POST). */
export const viewHistoryAnswer = z.object({ id, userId: id, entityType: z.string(), entityId: z.number().int(), label: z.string().nullable(), viewedAt: timestamp }).strict();
export type ViewHistoryAnswer = z.infer<typeof viewHistoryAnswer>;
export const viewHistoryPage = page(viewHistoryAnswer);

/** The signed-in administrator (GET /auth/me, the staff sign-in's `administrator`). */
export const myAdministratorAnswer = z
  .object({ id, userId: id, email: z.string(), firstName: z.string(), lastName: z.string(), roles: z.array(z.string()), permissions: z.array(z.string()) })
  .strict();
export type MyAdministratorAnswer = z.infer<typeof myAdministratorAnswer>;

/** The signed-in student (GET /auth/me, the customer sign-in's `student`). */
export const signedInStudentAnswer = z
  .object({
    id,
    user: z.object({ id, email: z.string() }).strict(),
    isStudent: z.boolean(),
    personalInfo: z
      .object({
        firstName: z.string(),
        middleName: z.string().nullable(),
        lastName: z.string(),
        title: z.string().nullable(),
        suffix: z.string().nullable(),
        gender: z.enum(Gender).nullable(),
        dateOfBirth: isoDate.nullable(),
        educationLevel: z.enum(EducationLevel).nullable(),
        occupation: z.string().nullable(),
        photo: z.string().nullable(),
      })
      .strict(),
    languageIso2LetterCode: z.string().nullable(),
  })
  .strict();
export type SignedInStudentAnswer = z.infer<typeof signedInStudentAnswer>;

/** Signed CloudFront credentials for the private files (documents, photos). */
export const cdnCredentialsAnswer = z.object({ keyPairId: z.string(), signature: z.string(), policy: z.string() }).strict();

/** GET /auth/me: an administrator, or a student (null for a coach without a student record) and a coach. */
export const meAnswer = z.union([
  z.object({ administrator: myAdministratorAnswer, cdn: cdnCredentialsAnswer }).strict(),
  z.object({ student: signedInStudentAnswer.nullable(), coach: z.object({ id }).strict().optional(), cdn: cdnCredentialsAnswer }).strict(),
]);
export type MeAnswer = z.infer<typeof meAnswer>;
