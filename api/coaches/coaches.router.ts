import type { Deps } from '../common/context';
import { route } from '../common/route';
import { coachCommentAnswer, coachCommentPage, coachCreatedAnswer, coachDetailAnswer, coachListAnswer, coachOwnCommentPage, coachSelfAnswer } from '../../domain/contract/coaches';
import { AppError } from '../common/errors';
import {
  coachCommentBody,
  coachCommentListQuery,
  coachCommentParams,
  coachCreateBody,
  coachCriteriaSchema,
  coachIdParams,
  coachListQuery,
  coachOwnCommentsQuery,
  coachSelfUpdateBody,
  coachUpdateBody,
} from './coaches.schemas';
import * as coaches from './coaches.service';

/**
 * /api/coaches (back-office spec §7 "Coaches"; issue 19): the list (`fields=id,name` for pickers), the
 * criteria search, one coach with its circles, create (with an invitation), update, delete (a
 * deactivation) and staff comments. Staff need `coaches:*`; SUPPORT reads.
 */
export function coachRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: coachListAnswer,
      summary: 'List coaches (keyword on name or email; fields=id,name for pickers)',
      access: 'coaches:read',
      query: coachListQuery,
      handle: ({ query }) => coaches.listCoaches(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: coachListAnswer,
      summary: 'Search coaches (name, email, active, languages, specializations, ids, updatedAt)',
      access: 'coaches:read',
      query: coachListQuery,
      body: coachCriteriaSchema,
      handle: ({ query, body }) => coaches.findCoachesByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/',
      answer: coachCreatedAnswer,
      summary: 'Create a coach (generatePassword: an invitation with a set-password link is emailed)',
      access: 'coaches:create',
      body: coachCreateBody,
      status: 201,
      handle: ({ body, actor }) => coaches.createCoach(body, actor, deps),
    }),
    // Before /:id: the signed-in coach's own record (the portal's coach screens; GET /coaches/{id} is staff-only).
    route({
      method: 'get',
      path: '/me',
      answer: coachSelfAnswer,
      summary: "The signed-in coach's own record (a coach token only: 403 for staff and students)",
      access: 'authenticated',
      handle: ({ auth }) => {
        if (!auth) throw AppError.unauthorized();
        return coaches.getOwnCoach(auth);
      },
    }),
    route({
      method: 'put',
      path: '/me',
      answer: coachSelfAnswer,
      summary: 'The signed-in coach edits their own phone, message language and time zone, and public profile (a coach token only)',
      access: 'authenticated',
      body: coachSelfUpdateBody,
      handle: ({ auth, body, actor }) => {
        if (!auth) throw AppError.unauthorized();
        return coaches.updateOwnCoach(auth, body, actor);
      },
    }),
    route({
      method: 'get',
      path: '/me/comments',
      answer: coachOwnCommentPage,
      summary: "The signed-in coach's own comments: the notes they wrote in their groups' attendance, newest first (a coach token only)",
      access: 'authenticated',
      query: coachOwnCommentsQuery,
      handle: ({ auth, query }) => {
        if (!auth) throw AppError.unauthorized();
        return coaches.ownComments(auth, query);
      },
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: coachDetailAnswer,
      summary: 'Get a coach with the circles it leads',
      access: 'coaches:read',
      params: coachIdParams,
      handle: ({ params }) => coaches.getCoach(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      answer: coachDetailAnswer,
      summary: 'Update a coach and its student record',
      access: 'coaches:update',
      params: coachIdParams,
      body: coachUpdateBody,
      handle: ({ params, body, actor }) => coaches.updateCoach(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: "Deactivate a coach (refused while it leads a circle's sessions to come)",
      access: 'coaches:delete',
      params: coachIdParams,
      handle: ({ params, actor }) => coaches.deleteCoach(params.id, actor),
    }),
    route({
      method: 'get',
      path: '/:id/comments',
      answer: coachCommentPage,
      summary: "A coach's comments, newest first (size 5)",
      access: 'coaches:read',
      params: coachIdParams,
      query: coachCommentListQuery,
      handle: ({ params, query }) => coaches.listCoachComments(params.id, query),
    }),
    route({
      method: 'post',
      path: '/:id/comments',
      answer: coachCommentAnswer,
      summary: 'Add a comment to a coach',
      access: 'coaches:update',
      params: coachIdParams,
      body: coachCommentBody,
      status: 201,
      handle: ({ params, body, actor }) => coaches.createCoachComment(params.id, body.content, actor),
    }),
    route({
      method: 'put',
      path: '/:id/comments/:commentId',
      answer: coachCommentAnswer,
      summary: "Change a coach comment's text",
      access: 'coaches:update',
      params: coachCommentParams,
      body: coachCommentBody,
      handle: ({ params, body }) => coaches.updateCoachComment(params.id, params.commentId, body.content),
    }),
    route({
      method: 'delete',
      path: '/:id/comments/:commentId',
      summary: 'Delete a coach comment',
      access: 'coaches:update',
      params: coachCommentParams,
      handle: ({ params }) => coaches.deleteCoachComment(params.id, params.commentId),
    }),
  ];
}
