/**
 * The coaching circle calls of the portal (issue 19): the circles a student may join, their own
 * sign-ups with the schedule in their time zone, sign up, switch group, leave. Functions over the
 * portal's one HTTP client, shipped with the lazily loaded screen.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { AvailableCircles, CircleSignUpAnswer } from '../../../domain/contract/circle-sign-ups';
import type { Page } from './enrollment-api';

export type CircleSignUp = CircleSignUpAnswer;
export type { AvailableCircle, AvailableCircles } from '../../../domain/contract/circle-sign-ups';

/** The browser's time zone (the student's wall clock), America/New_York when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
  } catch {
    return 'America/New_York';
  }
}

export function circlesApi(http: HttpClient) {
  return {
    available: (studentId: number, timeZone: string) => http.request<AvailableCircles>({ path: `/students/${studentId}/coaching_circles`, query: { timeZone } }),
    mine: (timeZone: string) => http.request<Page<CircleSignUp>>({ path: '/coaching_circle_sign_up', query: { timeZone, size: 50, page: 0 } }).then((p) => p?.content ?? []),
    signUp: (coachingCircleCoachId: number) => http.request<CircleSignUp>({ method: 'POST', path: '/coaching_circle_sign_up', body: { coachingCircleCoachId } }),
    switchTo: (id: number, coachingCircleCoachId: number) =>
      http.request<CircleSignUp>({ method: 'PATCH', path: `/coaching_circle_sign_up/${id}`, body: { coachingCircleCoachId } }),
    leave: (id: number) => http.request<void>({ method: 'DELETE', path: `/coaching_circle_sign_up/${id}` }),
  };
}
export type CirclesApi = ReturnType<typeof circlesApi>;
