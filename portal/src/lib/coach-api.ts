/**
 * The coach's calls (issue 19): the coach's own record (GET /coaches/me: name, time zone), their groups
 * (/coaching_circle_coaches: a coach token reaches only its own), each group's sessions with the
 * roster, attendance of a started session, the group's web conference URL. Shipped with the coach's
 * lazily loaded screens.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { CoachOwnCommentAnswer, CoachSelfAnswer } from '../../../domain/contract/coaches';
import type { CircleCoachAnswer, GroupSessionAnswer } from '../../../domain/contract/coaching-circles';
import type { Page } from './enrollment-api';

export type CoachSelf = CoachSelfAnswer;
export type CoachComment = CoachOwnCommentAnswer;

/** PUT /coaches/me: what a coach edits of themself (a field left out keeps its value). */
export interface CoachSelfBody {
  mobilePhone?: string | null;
  languageIso2LetterCode?: 'EN' | 'ES';
  timeZone?: string | null;
  intro?: string | null;
  photo?: string | null;
  video?: string | null;
  showPhone?: boolean;
  socialNetworks?: CoachSelf['socialNetworks'];
  specializations?: string[];
  languages?: Array<'EN' | 'ES'>;
  coachWebConferenceUrl?: string | null;
  facebookGroupUrl?: string | null;
}
export type CoachGroup = CircleCoachAnswer;
export type GroupSession = GroupSessionAnswer;
export type RosterEntry = GroupSessionAnswer['roster'][number];

/** One row of PUT …/sessions/{sessionId}/attendances. */
export interface AttendanceRow {
  coachingCircleSignUpSessionId: number;
  status: 'ATTENDED' | 'ABSENT';
  participation: string | null;
  notes: string | null;
}

export function coachApi(http: HttpClient) {
  return {
    me: () => http.request<CoachSelf>({ path: '/coaches/me' }),
    updateMe: (body: CoachSelfBody) => http.request<CoachSelf>({ method: 'PUT', path: '/coaches/me', body }),
    /** The notes the coach wrote in their groups' attendance, newest first. */
    comments: (query: { page: number; size: number; coachingCircleCoachId?: number; keyword?: string }) =>
      http.request<Page<CoachComment>>({ path: '/coaches/me/comments', query }),
    /** Every group of the signed-in coach (the server keeps a coach token to its own). */
    groups: () => http.request<Page<CoachGroup>>({ path: '/coaching_circle_coaches', query: { size: 1000, page: 0 } }).then((p) => p?.content ?? []),
    group: (id: number) => http.request<CoachGroup>({ path: `/coaching_circle_coaches/${id}` }),
    sessions: (id: number) => http.request<{ content: GroupSession[] }>({ path: `/coaching_circle_coaches/${id}/sessions` }).then((a) => a?.content ?? []),
    saveAttendance: (id: number, sessionId: number, rows: AttendanceRow[]) =>
      http.request<GroupSession>({ method: 'PUT', path: `/coaching_circle_coaches/${id}/sessions/${sessionId}/attendances`, body: rows }),
    setWebConferenceUrl: (id: number, webConferenceUrl: string) =>
      http.request<CoachGroup>({ method: 'PATCH', path: `/coaching_circle_coaches/${id}/web_conference_url`, body: { webConferenceUrl } }),
  };
}
export type CoachApi = ReturnType<typeof coachApi>;
