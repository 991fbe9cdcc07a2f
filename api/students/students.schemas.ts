import { z } from 'zod';
import { ActivityCategory, ActivityType, ApplicationSource, EducationLevel, Gender, Language } from '../../models/enums';
import { address, birthDate, booleanish, email, id, optionalText, personName, phone } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/**
 * Students and customers share one table and one contract shape, so these schemas serve both areas.
 * Sorting stays on the columns the list indexes cover (archived [+ is_student] + column), plus id.
 */
export const studentSortable = {
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
export const studentListQuery = pagingQuery({ sortable: studentSortable });

export const studentIdParams = z.object({ id: id() });
export const studentEmailParams = z.object({ email: email() });

/** Criteria of the students list; `archived` is read by the service (it swaps the base filter). */
export const studentCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  name: { kind: 'text', columns: ['firstName', 'lastName'] },
  email: { kind: 'prefix', column: 'email' },
  mobilePhone: { kind: 'prefix', column: 'mobilePhone' },
  active: { kind: 'eq', column: 'active', type: 'boolean' },
  autoPay: { kind: 'eq', column: 'autoPay', type: 'boolean' },
  militaryMember: { kind: 'eq', column: 'militaryMember', type: 'boolean' },
  genders: { kind: 'in', column: 'gender', values: Gender },
  languages: { kind: 'in', column: 'languageIso2LetterCode', values: Language },
  sources: { kind: 'in', column: 'source', values: ApplicationSource },
  educationLevels: { kind: 'in', column: 'educationLevel', values: EducationLevel },
  countryCodes: { kind: 'in', column: 'countryCode' },
  stateCodes: { kind: 'in', column: 'stateCode' },
  city: { kind: 'prefix', column: 'city' },
  zip: { kind: 'prefix', column: 'zip' },
  dateOfBirth: { kind: 'dateRange', column: 'dateOfBirth' },
  createdAt: { kind: 'dateRange', column: 'createdAt', dateTime: true },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
  updatedBy: { kind: 'ids', column: 'updatedById' },
  archived: { kind: 'eq', column: 'archived', type: 'boolean' },
};
/** Customers are every learner account, so their criteria can also tell students from the rest. */
export const customerCriteria: CriteriaSpec = { ...studentCriteria, isStudent: { kind: 'eq', column: 'isStudent', type: 'boolean' } };

export const studentCriteriaSchema = criteriaSchema(studentCriteria);
export const customerCriteriaSchema = criteriaSchema(customerCriteria);
export type StudentCriteria = z.output<typeof customerCriteriaSchema>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const upper = (v: unknown) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(upper, z.enum(values).nullish());

const personalInfo = z
  .object({
    firstName: personName(),
    middleName: optionalText(100),
    lastName: personName(),
    title: optionalText(20),
    suffix: optionalText(20),
    gender: optionalEnum(Gender),
    dateOfBirth: birthDate(),
    educationLevel: optionalEnum(EducationLevel),
    occupation: optionalText(100),
    militaryMember: booleanish().nullish(),
  })
  .strict();

const contactInfo = z.object({ mobilePhone: phone('mobile'), homePhone: phone('any'), workPhone: phone('any') }).strict();

const communicationPreferences = z.object({ email: booleanish().nullish(), sms: booleanish().nullish() }).strict();

// Clients send back the record they read; the read-only parts are accepted and ignored.
const readOnly = {
  id: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
  archived: z.unknown().optional(),
  mergedIntoId: z.unknown().optional(),
  // Uploaded files arrive with the files area; until then the photo is read-only here.
  photo: z.unknown().optional(),
};

/** What a student may change on their own profile. */
const profileShape = {
  ...readOnly,
  user: z.object({ id: z.unknown().optional(), email: email().optional() }).strict().optional(),
  personalInfo,
  contactInfo: contactInfo.nullish(),
  address: address().nullish(),
  languageIso2LetterCode: z.preprocess(upper, z.enum(Language).optional()),
  timeZone: optionalText(60),
  communicationPreferences: communicationPreferences.nullish(),
};

/** Fields only staff set (a student's own token never changes them). */
const staffShape = {
  active: booleanish().optional(),
  isStudent: booleanish().optional(),
  autoPay: booleanish().optional(),
  source: optionalEnum(ApplicationSource),
  salesforceLeadId: optionalText(40),
  d2lUserId: optionalText(40),
  edluminaId: optionalText(40),
};

export const studentProfileBody = z.object(profileShape).strict();
export const studentUpdateBody = z.object({ ...profileShape, ...staffShape }).strict();
export const studentCreateBody = z.object({ ...profileShape, ...staffShape, user: z.object({ id: z.unknown().optional(), email: email() }).strict() }).strict();

export type StudentInput = z.output<typeof studentUpdateBody>;
export type StudentCreateInput = z.output<typeof studentCreateBody>;

export const changeEmailBody = z.object({ email: email() }).strict();

export const mergeBody = z.object({ keepId: id(), mergeId: id() }).strict();

/** `a,b` or repeated params → a list of allowed values. */
const listParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) =>
      v === undefined
        ? undefined
        : (Array.isArray(v) ? v : [v])
            .flatMap((s) => String(s).split(','))
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
    z.array(z.enum(values)).max(50).optional(),
  );

export const activitySortable = { createdAt: 'createdAt', activityDate: 'createdAt', ACTIVITY_DATE: 'createdAt', CREATED_AT: 'createdAt', id: 'id' };
export const activityLogQuery = pagingQuery(
  { sortable: activitySortable, defaultSort: 'activityDate', defaultDescending: true },
  { categories: listParam(ActivityCategory), types: listParam(ActivityType) },
);

export const filterIdParams = z.object({ id: id() });
