import type { Identifier, RaRecord } from 'react-admin';
import type { CoachCommentAnswer, CoachDetailAnswer } from '../../../../domain/contract/coaches';
import type { AppDataProvider } from '../../providers/dataProvider';
import { readList } from '../../providers/dataProvider';

/**
 * Coaches (the console resource `coaches` over /api/coaches; issue 19): the coach's own fields with
 * its embedded student record under `student`, the circles it leads (GET /coaches/{id}) and staff
 * comments (5 a page, newest first).
 */
export const COACHES = 'coaches';
export const COACH_COMMENTS_PAGE = 5;

export type CoachRecord = Omit<CoachDetailAnswer, 'id'> & RaRecord;
export type CoachComment = CoachCommentAnswer;

const at = (id: Identifier, suffix = '') => `/coaches/${encodeURIComponent(String(id))}${suffix}`;

/** The comment calls of a coach (GET size&page, POST, PUT, DELETE). */
export function coachCommentsApi(dataProvider: AppDataProvider) {
  const { request } = dataProvider;
  return {
    list: async (id: Identifier, page: number, size = COACH_COMMENTS_PAGE) => readList<CoachComment>(await request({ path: at(id, '/comments'), query: { size, page } })),
    add: (id: Identifier, content: string) => request<CoachComment>({ method: 'POST', path: at(id, '/comments'), body: { content } }),
    edit: (id: Identifier, commentId: Identifier, content: string) =>
      request<CoachComment>({ method: 'PUT', path: at(id, `/comments/${encodeURIComponent(String(commentId))}`), body: { content } }),
    remove: (id: Identifier, commentId: Identifier) => request<void>({ method: 'DELETE', path: at(id, `/comments/${encodeURIComponent(String(commentId))}`) }),
  };
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * Form values → the API body: the record as read (the API accepts its read-only parts back), with
 * blanks as null, an unset student language left out (the API keeps EN), and the links together.
 */
export function toCoachPayload(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const key of ['intro', 'hctpGraduatingClass', 'video', 'source', 'photo', 'coachWebConferenceUrl', 'facebookGroupUrl']) out[key] = blankToNull(out[key]);
  if (out.rateOfPay === '' || out.rateOfPay === undefined) out.rateOfPay = null;
  const networks = (out.socialNetworks ?? {}) as Record<string, unknown>;
  out.socialNetworks = Object.fromEntries(['linkedIn', 'facebook', 'instagram', 'youtube'].map((k) => [k, blankToNull(networks[k]) ?? null]));
  if (!Array.isArray(out.specializations)) out.specializations = [];
  for (const flag of ['showPhone', 'testCall']) if (out[flag] === null || out[flag] === undefined) delete out[flag];
  const student = { ...((out.student ?? {}) as Record<string, unknown>) };
  if (!student.languageIso2LetterCode) delete student.languageIso2LetterCode;
  for (const flag of ['active', 'isStudent', 'autoPay']) if (student[flag] === null || student[flag] === undefined) delete student[flag];
  out.student = student;
  delete out.circles;
  delete out.invitation;
  return out;
}
