import type { Deps, Ctx } from '../common/context';
import { pagingQuery } from '../common/list';
import { route } from '../common/route';
import {
  attendancePage,
  generatedAnswer,
  circleCoachAnswer,
  circleCoachPage,
  circleDetailAnswer,
  circlePage,
  circleSessionsAnswer,
  groupSessionAnswer,
  groupSessionsAnswer,
} from '../../domain/contract/coaching-circles';
import * as attendance from './circle-attendance.service';
import * as groups from './circle-coaches.service';
import * as circles from './coaching-circles.service';
import {
  addCoachBody,
  attendanceCriteriaSchema,
  attendanceListQuery,
  attendancesBody,
  circleBody,
  circleCriteriaSchema,
  circleGroupParams,
  circleListQuery,
  generateManyBody,
  groupCriteriaSchema,
  groupListQuery,
  groupSessionParams,
  groupSortable,
  idParams,
  maxStudentsQuery,
  openCloseBody,
  publishBody,
  sessionRangeSchema,
  updateCoachBody,
  webConferenceUrlBody,
  zoneText,
  type CircleCriteria,
} from './coaching-circles.schemas';
import { z } from 'zod';

const zoneQuery = z.object({ utcOffset: zoneText().optional() }).strict();

/** A coach's token reaches the group calls; the service keeps it to its own groups (others 404). */
const coachSelf = (ctx: Ctx) => ctx.auth?.kind === 'COACH';

/**
 * /api/coaching_circles (back-office spec §7 "Coaching circles"; issue 19). Staff by the
 * `coaching_circles` permission (read, create, update, delete, publish).
 */
export function coachingCircleRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'Coaching circles (newest first; keyword on the name or the id; fields=a,b picks fields; utcOffset: the zone of `local`)',
      answer: circlePage,
      access: 'coaching_circles:read',
      query: circleListQuery,
      handle: ({ query }) => circles.listCircles(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      summary:
        'Search coaching circles: cohortId(s), typeId(s), published, coachId(s), startDate {from,to}, timeOfDay (EARLY_MORNING, MORNING, AFTERNOON, EVENING of the start in utcOffset, default America/New_York)',
      answer: circlePage,
      access: 'coaching_circles:read',
      query: circleListQuery,
      body: circleCriteriaSchema,
      handle: ({ query, body }) => circles.findCircles(query, body as CircleCriteria),
    }),
    route({
      method: 'post',
      path: '/sessions/find_by_criteria',
      summary:
        'The generated sessions starting in [from, to) (instants, at most 62 days), earliest first, with their circle: cohortId, coachId, published narrow them; at most 2,000 (truncated says when more)',
      answer: circleSessionsAnswer,
      access: 'coaching_circles:read',
      body: sessionRangeSchema,
      handle: ({ body }) => circles.sessionsInRange(body),
    }),
    route({
      method: 'post',
      path: '/',
      status: 201,
      summary: "Create a coaching circle from a type for a cohort (the type's values unless given; 409 DATE_ORDER_ERRORS, CIRCLE_TYPE_ARCHIVED)",
      answer: circleDetailAnswer,
      access: 'coaching_circles:create',
      body: circleBody,
      handle: ({ body, actor }) => circles.createCircle(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'A coaching circle with its sessions, sign-ups count and what it lacks to be published',
      answer: circleDetailAnswer,
      access: 'coaching_circles:read',
      params: idParams,
      query: zoneQuery,
      handle: ({ params, query }) => circles.getCircle(params.id, query.utcOffset),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update an unpublished coaching circle; a changed schedule lays its sessions again (409 CIRCLE_PUBLISHED, DATE_ORDER_ERRORS)',
      answer: circleDetailAnswer,
      access: 'coaching_circles:update',
      params: idParams,
      body: circleBody,
      handle: ({ params, body, actor }) => circles.updateCircle(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an unpublished coaching circle without sign-ups (409 CIRCLE_PUBLISHED, CIRCLE_HAS_SIGN_UPS)',
      access: 'coaching_circles:delete',
      params: idParams,
      handle: ({ params, actor }) => circles.deleteCircle(params.id, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/open_close_date',
      summary: 'Set the sign-up window (published or not; 409 DATE_ORDER_ERRORS when open is not before close)',
      answer: circleDetailAnswer,
      access: 'coaching_circles:update',
      params: idParams,
      body: openCloseBody,
      handle: ({ params, body, actor }) => circles.setOpenCloseDates(params.id, body, actor),
    }),
    route({
      method: 'post',
      path: '/:id/generate_sessions',
      summary: "Lay (again) an unpublished circle's sessions from its start, skipping the cohort's skipped dates (409 CIRCLE_PUBLISHED)",
      answer: circleDetailAnswer,
      access: 'coaching_circles:update',
      params: idParams,
      query: zoneQuery,
      handle: ({ params, query, actor }) => circles.generateSessions(params.id, actor, query.utcOffset),
    }),
    route({
      method: 'post',
      path: '/generate_sessions',
      summary: "Lay several unpublished circles' sessions in one transaction ({ids}, at most 500; 404 if one is missing, 409 CIRCLE_PUBLISHED naming the published ones)",
      answer: generatedAnswer,
      access: 'coaching_circles:update',
      body: generateManyBody,
      handle: ({ body, actor }) => circles.generateSessionsOf(body.ids, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/publish',
      summary:
        'Publish or unpublish (publishing: 409 NO_SESSIONS_GENERATED, CIRCLE_NEEDS_COACH, CIRCLE_NEEDS_SCOPE, CIRCLE_COACH_URL_MISSING with details.missing; unpublishing: 409 CIRCLE_HAS_SIGN_UPS)',
      answer: circleDetailAnswer,
      access: 'coaching_circles:publish',
      params: idParams,
      body: publishBody,
      handle: ({ params, body, actor }) => circles.publishCircle(params.id, body.published, actor),
    }),
    route({
      method: 'post',
      path: '/:id/coaches',
      status: 201,
      summary: "Add a coach's group to an unpublished circle (URL default the coach's, max students the circle's; 409 COACH_ALREADY_IN_CIRCLE, CIRCLE_PUBLISHED)",
      answer: circleDetailAnswer,
      access: 'coaching_circles:update',
      params: idParams,
      body: addCoachBody,
      handle: ({ params, body, actor }) => circles.addCoach(params.id, body, actor),
    }),
    route({
      method: 'put',
      path: '/:id/coaches/:circleCoachId',
      summary: "A coach's group: URL and max students (409 CIRCLE_PUBLISHED, MAX_STUDENTS_BELOW_SIGN_UPS)",
      answer: circleDetailAnswer,
      access: 'coaching_circles:update',
      params: circleGroupParams,
      body: updateCoachBody,
      handle: ({ params, body, actor }) => circles.updateCoach(params.id, params.circleCoachId, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id/coaches/:circleCoachId',
      summary: "Remove a coach's group (409 CANNOT_DELETE_COACH while it has sign-ups, CIRCLE_PUBLISHED)",
      access: 'coaching_circles:update',
      params: circleGroupParams,
      handle: ({ params, actor }) => circles.removeCoach(params.id, params.circleCoachId, actor),
    }),
  ];
}

/** /api/coaching_circle_coaches: a coach's groups. Staff by `coaching_circles`; a coach token its own groups. */
export function circleCoachRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: "Coaches' groups (coachId, cohortId, coachingCircleId; keyword on the coach's name or email; size up to 1000; a coach: their own)",
      answer: circleCoachPage,
      access: 'coaching_circles:read',
      self: coachSelf,
      query: groupListQuery,
      handle: ({ query, auth }) => groups.listGroups(query, auth),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      summary: "Search coaches' groups (coachIds, cohortIds, coachingCircleIds, published)",
      answer: circleCoachPage,
      access: 'coaching_circles:read',
      self: coachSelf,
      query: pagingQuery({ sortable: groupSortable, defaultDescending: true, maxSize: 1000 }),
      body: groupCriteriaSchema,
      handle: ({ query, body, auth }) => groups.findGroups(query, body, auth),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: "A coach's group: circle, coach, URL, max students, sign-ups count",
      answer: circleCoachAnswer,
      access: 'coaching_circles:read',
      self: coachSelf,
      params: idParams,
      handle: ({ params, auth }) => groups.getGroup(params.id, auth),
    }),
    route({
      method: 'get',
      path: '/:id/sessions',
      summary: "The group's sessions, each with its roster (student, status, participation, notes)",
      answer: groupSessionsAnswer,
      access: 'coaching_circles:read',
      self: coachSelf,
      params: idParams,
      handle: ({ params, auth }) => groups.groupSessions(params.id, auth),
    }),
    route({
      method: 'put',
      path: '/:id/sessions/:sessionId/attendances',
      summary:
        'Take attendance of a started session: [{coachingCircleSignUpSessionId, status ATTENDED|ABSENT, participation, notes}] of this group and session (409 SESSION_NOT_STARTED); raises CircleAttendanceTaken',
      answer: groupSessionAnswer,
      access: 'coaching_circles:update',
      self: coachSelf,
      params: groupSessionParams,
      body: attendancesBody,
      handle: ({ params, body, actor, auth }) => groups.saveAttendance(params.id, params.sessionId, body, actor, auth),
    }),
    route({
      method: 'patch',
      path: '/:id/web_conference_url',
      summary: "The group's web conference URL (staff, or the group's coach; a published circle too)",
      answer: circleCoachAnswer,
      access: 'coaching_circles:update',
      self: coachSelf,
      params: idParams,
      body: webConferenceUrlBody,
      handle: ({ params, body, actor, auth }) => groups.setWebConferenceUrl(params.id, body.webConferenceUrl, actor, auth),
    }),
    route({
      method: 'patch',
      path: '/:id/max_students',
      summary: "The group's max students (not below its sign-ups: 409 MAX_STUDENTS_BELOW_SIGN_UPS; a published circle too)",
      answer: circleCoachAnswer,
      access: 'coaching_circles:update',
      params: idParams,
      query: maxStudentsQuery,
      handle: ({ params, query, actor }) => groups.setMaxStudents(params.id, query.maxStudents, actor),
    }),
  ];
}

/** /api/coaching_circle_attendance: the attendance records list (staff; a coach token its own groups'). */
export function circleAttendanceRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/find_by_criteria',
      summary: 'Attendance records: coachingCircleIds, cohortIds, coachIds, students, statuses, sessionDate {from, to} (both ends, days in utcOffset); keyword on the student',
      answer: attendancePage,
      access: 'coaching_circles:read',
      self: coachSelf,
      query: attendanceListQuery,
      body: attendanceCriteriaSchema,
      handle: ({ query, body, auth }) => attendance.findAttendance(query, body, auth),
    }),
  ];
}
