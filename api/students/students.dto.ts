import type { Student } from '../../models';
import { updatedByOf } from '../common/audit';
import type { StudentCreateInput, StudentInput } from './students.schemas';

/**
 * The flat `students` row ⇄ the nested contract shape (api-contract "Shapes clients rely on"), shared
 * by the students and customers areas. The row stays flat so every filter and sort column is indexed.
 */

export type StudentColumns = Partial<Omit<Student['_creationAttributes'], 'id' | 'userId' | 'email' | 'updatedById' | 'updatedByName' | 'createdAt' | 'updatedAt'>>;

/** The address on one line (platform spec §3 "formattedAddress"): `1 Main St, Apt 2, Newark, NJ 07102, US`; null when empty. */
export function formattedAddress(a: Pick<Student, 'street1' | 'street2' | 'city' | 'stateCode' | 'zip' | 'countryCode'>): string | null {
  const region = [a.stateCode, a.zip].filter(Boolean).join(' ');
  const line = [a.street1, a.street2, a.city, region, a.countryCode]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  return line || null;
}

/** The contract shape of one student (or customer) row. */
export function studentDto(s: Student) {
  return {
    id: s.id,
    active: s.active,
    isStudent: s.isStudent,
    user: { id: s.userId as number, email: s.email },
    personalInfo: {
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      title: s.title,
      suffix: s.suffix,
      gender: s.gender,
      dateOfBirth: s.dateOfBirth,
      educationLevel: s.educationLevel,
      occupation: s.occupation,
      militaryMember: s.militaryMember,
    },
    contactInfo: { mobilePhone: s.mobilePhone, homePhone: s.homePhone, workPhone: s.workPhone },
    address: {
      street1: s.street1,
      street2: s.street2,
      city: s.city,
      stateCode: s.stateCode,
      zip: s.zip,
      countryCode: s.countryCode,
      formattedAddress: formattedAddress(s),
    },
    photo: s.photo,
    languageIso2LetterCode: s.languageIso2LetterCode,
    autoPay: s.autoPay,
    timeZone: s.timeZone,
    source: s.source,
    salesforceLeadId: s.salesforceLeadId,
    d2lUserId: s.d2lUserId,
    edluminaId: s.edluminaId,
    communicationPreferences: { email: s.emailOptIn, sms: s.smsOptIn },
    archived: s.archived,
    mergedIntoId: s.mergedIntoId,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    updatedBy: updatedByOf(s),
  };
}
export type StudentDto = ReturnType<typeof studentDto>;

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/**
 * Nested input → flat columns. A section that is sent replaces that section (its missing text fields
 * become empty); a section or top-level field left out keeps its stored values. Flags that are left
 * out or null keep theirs too, since a flag has no "empty".
 */
export function studentColumns(input: StudentInput | StudentCreateInput): StudentColumns {
  const out: StudentColumns = {};
  const p = input.personalInfo;
  Object.assign(out, {
    firstName: p.firstName,
    lastName: p.lastName,
    middleName: orNull(p.middleName),
    title: orNull(p.title),
    suffix: orNull(p.suffix),
    gender: orNull(p.gender),
    dateOfBirth: orNull(p.dateOfBirth),
    educationLevel: orNull(p.educationLevel),
    occupation: orNull(p.occupation),
  });
  if (p.militaryMember !== undefined && p.militaryMember !== null) out.militaryMember = p.militaryMember;
  if (input.contactInfo !== undefined) {
    const c: Partial<NonNullable<StudentInput['contactInfo']>> = input.contactInfo ?? {};
    Object.assign(out, { mobilePhone: orNull(c.mobilePhone), homePhone: orNull(c.homePhone), workPhone: orNull(c.workPhone) });
  }
  if (input.address !== undefined) {
    const a: Partial<NonNullable<StudentInput['address']>> = input.address ?? {};
    Object.assign(out, {
      street1: orNull(a.street1),
      street2: orNull(a.street2),
      city: orNull(a.city),
      stateCode: orNull(a.stateCode),
      zip: orNull(a.zip),
      countryCode: orNull(a.countryCode),
    });
  }
  if (input.communicationPreferences) {
    const cp = input.communicationPreferences;
    if (typeof cp.email === 'boolean') out.emailOptIn = cp.email;
    if (typeof cp.sms === 'boolean') out.smsOptIn = cp.sms;
  }
  if (input.languageIso2LetterCode) out.languageIso2LetterCode = input.languageIso2LetterCode;
  if (input.timeZone !== undefined) out.timeZone = input.timeZone;
  // Staff-only fields exist on the staff schemas only; a student's parsed body never carries them.
  const staff = input as Partial<StudentCreateInput>;
  for (const key of ['isStudent', 'autoPay', 'active'] as const) {
    if (typeof staff[key] === 'boolean') out[key] = staff[key];
  }
  for (const key of ['source', 'salesforceLeadId', 'd2lUserId', 'edluminaId'] as const) {
    if (staff[key] !== undefined) out[key] = staff[key];
  }
  return out;
}

/** The columns the activity log compares, flat so a change reads `lastName: { from, to }`. */
export function auditSnapshot(s: Student): Record<string, unknown> {
  const { updatedById: _a, updatedByName: _b, createdAt: _c, updatedAt: _d, ...rest } = s.get({ plain: true }) as Record<string, unknown>;
  delete rest.user;
  return rest;
}

/** Profile columns a merge may copy from the merged record when the kept one has them empty. */
export const MERGE_FILL_COLUMNS = [
  'middleName',
  'title',
  'suffix',
  'gender',
  'dateOfBirth',
  'educationLevel',
  'occupation',
  'mobilePhone',
  'homePhone',
  'workPhone',
  'timeZone',
  'source',
  'salesforceLeadId',
  'd2lUserId',
  'edluminaId',
  'photo',
] as const;
/** Address parts move together: mixing two people's streets and cities would make an address nobody has. */
export const ADDRESS_COLUMNS = ['street1', 'street2', 'city', 'stateCode', 'zip', 'countryCode'] as const;
