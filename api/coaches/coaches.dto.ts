import type { Coach, Student } from '../../models';
import { toCentsOrNull, toDollarsOrNull } from '../../domain/money';
import { updatedByOf } from '../common/audit';
import { studentDto } from '../students/students.dto';
import type { CoachCreateInput, CoachUpdateInput } from './coaches.schemas';

/** The coach row (its student record included) → the contract shape (domain/contract/coaches.ts). */
export function coachDto(c: Coach) {
  const s = c.student as Student;
  return {
    id: c.id,
    name: `${s.firstName} ${s.lastName}`.trim(),
    active: s.active,
    rateOfPay: toDollarsOrNull(toCentsOrNull(c.rateOfPay)),
    intro: c.intro,
    specializations: c.specializations ?? [],
    languages: (c.languages ?? ['EN']) as Array<'EN' | 'ES'>,
    hctpGraduatingClass: c.hctpGraduatingClass ?? null,
    video: c.video ?? null,
    source: c.source ?? null,
    showPhone: Boolean(c.showPhone),
    socialNetworks: { linkedIn: c.linkedIn ?? null, facebook: c.facebook ?? null, instagram: c.instagram ?? null, youtube: c.youtube ?? null },
    photo: c.photo ?? null,
    coachWebConferenceUrl: c.coachWebConferenceUrl,
    facebookGroupUrl: c.facebookGroupUrl ?? null,
    testCall: Boolean(c.testCall),
    student: studentDto(s),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    updatedBy: updatedByOf(c),
  };
}
export type CoachDto = ReturnType<typeof coachDto>;

export type CoachColumns = Partial<Pick<Coach['_creationAttributes'], (typeof COACH_FIELDS)[number]>>;

/** The coach's own columns a body may set (left out: kept; the social networks move together). */
const COACH_FIELDS = [
  'rateOfPay',
  'intro',
  'specializations',
  'languages',
  'hctpGraduatingClass',
  'video',
  'source',
  'showPhone',
  'linkedIn',
  'facebook',
  'instagram',
  'youtube',
  'photo',
  'coachWebConferenceUrl',
  'facebookGroupUrl',
  'testCall',
] as const;

/** Nested input → the coach's columns. Money arrives as cents and is stored as dollars (DECIMAL(12,2)). */
export function coachColumns(input: CoachCreateInput | CoachUpdateInput): CoachColumns {
  const out: CoachColumns = {};
  if (input.rateOfPay !== undefined) out.rateOfPay = toDollarsOrNull(input.rateOfPay);
  for (const key of ['intro', 'hctpGraduatingClass', 'video', 'source', 'photo', 'coachWebConferenceUrl', 'facebookGroupUrl'] as const) {
    if (input[key] !== undefined) out[key] = input[key] ?? null;
  }
  if (input.specializations !== undefined) out.specializations = input.specializations as string[];
  if (input.languages !== undefined) out.languages = input.languages;
  for (const key of ['showPhone', 'testCall'] as const) {
    if (typeof input[key] === 'boolean') out[key] = input[key];
  }
  if (input.socialNetworks !== undefined) {
    const n = input.socialNetworks ?? {};
    Object.assign(out, { linkedIn: n.linkedIn ?? null, facebook: n.facebook ?? null, instagram: n.instagram ?? null, youtube: n.youtube ?? null });
  }
  return out;
}

/** What the activity log compares for the coach's own fields. */
export function coachSnapshot(c: Coach): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COACH_FIELDS) out[key] = key === 'rateOfPay' ? toDollarsOrNull(toCentsOrNull(c.rateOfPay)) : c[key];
  return out;
}
