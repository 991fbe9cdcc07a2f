import { z } from 'zod';
import { Language } from '../../models/enums';
import { format, Messages } from '../../models/messages';
import { booleanish, id, optionalText, phone, requiredText } from '../../models/validation';
import { isTimeZone } from '../../domain/rules/circle-sign-ups';
import { moneyCents } from '../../domain/contract/fields';
import { criteriaSchema, pagingQuery, type CriteriaSpec, type PagingQuery } from '../common/list';
import { studentCreateBody, studentUpdateBody } from '../students/students.schemas';
import { commentBody, commentListQuery } from '../applications/application-parts.schemas';

/**
 * /api/coaches input (back-office spec §3 "Coach", §7 "Coaches"). A coach body carries the coach's own
 * fields and its embedded student record under `student`, in the students area's nested shape.
 */

/** Sortable: the coach's own columns, and the name and email of its student record (subqueries). */
export const coachSortable = {
  id: 'id',
  ID: 'id',
  firstName: 'firstName',
  FIRST_NAME: 'firstName',
  lastName: 'lastName',
  LAST_NAME: 'lastName',
  email: 'email',
  EMAIL: 'email',
  createdAt: 'createdAt',
  CREATED_AT: 'createdAt',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};

/** `fields=id,name` answers the light rows pickers need (back-office spec §7 "GET (fields)"). */
export const coachListQuery = pagingQuery(
  { sortable: coachSortable },
  {
    fields: z
      .preprocess(
        (v) =>
          v === undefined
            ? undefined
            : (Array.isArray(v) ? v : [v])
                .flatMap((s) => String(s).split(','))
                .map((s) => s.trim())
                .filter(Boolean),
        z.array(z.enum(['id', 'name'], { error: 'Allowed: id, name' })).max(2),
      )
      .optional(),
  },
);
export type CoachListQuery = PagingQuery & { fields?: Array<'id' | 'name'> };

export const coachIdParams = z.object({ id: id() });
export const coachCommentParams = z.object({ id: id(), commentId: id() });
export { commentBody as coachCommentBody, commentListQuery as coachCommentListQuery };

/**
 * Criteria of POST /coaches/find_by_criteria. `name` and `email` match the student record (prefix),
 * `active` its flag, `languages` and `specializations` any of the given values; `ids` the coaches.
 * The service translates them (they are not all the coach row's own columns).
 */
export const coachCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  name: { kind: 'prefix', column: 'name' },
  email: { kind: 'prefix', column: 'email' },
  active: { kind: 'eq', column: 'active', type: 'boolean' },
  languages: { kind: 'in', column: 'languages', values: Language },
  specializations: { kind: 'in', column: 'specializations' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const coachCriteriaSchema = criteriaSchema(coachCriteria);
export type CoachCriteria = z.output<typeof coachCriteriaSchema>;

const optionalUrl = () =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(500, format(Messages.MAX_LENGTH, 500)).url(Messages.INVALID_URL).nullish());

/** The photo: an upload's fileName (POST /files, issue 20) or, as before uploads, an address. */
const STORAGE_KEY = /^uploads\/[A-Za-z0-9._\-/]{1,480}$/;
const photoValue = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z
      .string()
      .max(500, format(Messages.MAX_LENGTH, 500))
      .refine((v) => STORAGE_KEY.test(v) || z.string().url().safeParse(v).success, Messages.INVALID_URL)
      .nullish(),
  );

const socialNetworks = z.object({ linkedIn: optionalUrl(), facebook: optionalUrl(), instagram: optionalUrl(), youtube: optionalUrl() }).strict();

const languages = z.preprocess(
  (v) => (Array.isArray(v) ? [...new Set(v.map((s) => (typeof s === 'string' ? s.trim().toUpperCase() : s)))] : v),
  z.array(z.enum(Language)).min(1, Messages.REQUIRED),
);

const specializations = z.preprocess(
  (v) => (Array.isArray(v) ? [...new Set(v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== ''))] : v),
  z.array(requiredText(100)).max(30, Messages.INVALID_VALUE),
);

// Clients send back the record they read; the read-only parts are accepted and ignored.
const readOnly = {
  id: z.unknown().optional(),
  name: z.unknown().optional(),
  active: z.unknown().optional(),
  circles: z.unknown().optional(),
  invitation: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
};

const coachShape = {
  ...readOnly,
  rateOfPay: moneyCents(),
  intro: optionalText(5000),
  specializations: specializations.optional(),
  languages: languages.optional(),
  hctpGraduatingClass: optionalText(100),
  video: optionalUrl(),
  source: optionalText(30),
  showPhone: booleanish().nullish(),
  socialNetworks: socialNetworks.nullish(),
  photo: photoValue(),
  coachWebConferenceUrl: optionalUrl(),
  facebookGroupUrl: optionalUrl(),
  testCall: booleanish().nullish(),
};

export const coachCreateBody = z.object({ ...coachShape, generatePassword: booleanish().optional(), student: studentCreateBody }).strict();
export const coachUpdateBody = z.object({ ...coachShape, student: studentUpdateBody }).strict();

export type CoachCreateInput = z.output<typeof coachCreateBody>;
export type CoachUpdateInput = z.output<typeof coachUpdateBody>;

/**
 * PUT /coaches/me (issue 19, coach-portal): what a coach edits of themself — their mobile phone, the
 * language and time zone they receive messages in, and their public profile (intro, photo, video, social
 * networks, whether the phone shows, specializations, the languages they coach in, their own web
 * conference and Facebook group links). Names, email, address, active and the staff-only fields (rate of
 * pay, source, test call, graduating class) are staff's: sending one is a 400 (unknown field). A field
 * left out keeps its value.
 */
export const coachSelfUpdateBody = z
  .object({
    mobilePhone: phone('mobile'),
    languageIso2LetterCode: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(Language).optional()),
    timeZone: z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(64).refine(isTimeZone, Messages.UNKNOWN_TIME_ZONE).nullish()),
    intro: optionalText(5000),
    photo: optionalUrl(),
    video: optionalUrl(),
    showPhone: booleanish().optional(),
    socialNetworks: socialNetworks.nullish(),
    specializations: specializations.optional(),
    languages: languages.optional(),
    coachWebConferenceUrl: optionalUrl(),
    facebookGroupUrl: optionalUrl(),
  })
  .strict();
export type CoachSelfUpdateInput = z.output<typeof coachSelfUpdateBody>;

/** GET /coaches/me/comments: paged (10, newest first), optionally one of the coach's groups. */
export const coachOwnCommentsQuery = pagingQuery(
  { sortable: { updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt', id: 'id', ID: 'id' }, defaultSort: 'updatedAt', defaultDescending: true },
  { coachingCircleCoachId: id().optional() },
);
export type CoachOwnCommentsQuery = PagingQuery & { coachingCircleCoachId?: number };
