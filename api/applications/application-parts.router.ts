import type { Deps } from '../common/context';
import { route } from '../common/route';
import {
  answersBody,
  applicationIdParams,
  autoPayBody,
  callAttemptsParams,
  commentBody,
  commentListQuery,
  commentParams,
  notificationListQuery,
  notificationParams,
} from './application-parts.schemas';
import * as parts from './application-parts.service';
import { ownApplication as own } from './applications.service';
import { commentPage, crmNotificationsAnswer, questionAnswer } from '../../domain/contract/applications';

/**
 * /api/applications side calls (back-office spec §9): comments (staff), answers (own), auto-pay
 * (own), call attempts (staff), and the application's Salesforce notifications with their retry.
 */
export function applicationPartRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/comments',
      answer: commentPage,
      summary: "An application's comments, newest first (size 5)",
      access: 'applications:read',
      params: applicationIdParams,
      query: commentListQuery,
      handle: ({ params, query }) => parts.listComments(params.id, query),
    }),
    route({
      method: 'post',
      path: '/:id/comments',
      summary: 'Add a comment to an application',
      access: 'applications:update',
      params: applicationIdParams,
      body: commentBody,
      status: 201,
      handle: ({ params, body, actor }) => parts.createComment(params.id, body.content, actor),
    }),
    route({
      method: 'put',
      path: '/:id/comments/:commentId',
      summary: "Change an application comment's text",
      access: 'applications:update',
      params: commentParams,
      body: commentBody,
      handle: ({ params, body }) => parts.updateComment(params.id, params.commentId, body.content),
    }),
    route({
      method: 'delete',
      path: '/:id/comments/:commentId',
      summary: 'Delete an application comment',
      access: 'applications:update',
      params: commentParams,
      handle: ({ params }) => parts.deleteComment(params.id, params.commentId),
    }),

    route({
      method: 'get',
      path: '/:id/answers',
      answer: questionAnswer.array(),
      summary: "An application's questionnaire answers",
      access: 'applications:read',
      self: own,
      params: applicationIdParams,
      handle: ({ params }) => parts.listAnswers(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/answers',
      summary: 'Save questionnaire answers ([{questionId, content}], upserted; students while CREATED)',
      access: 'applications:update',
      self: own,
      params: applicationIdParams,
      body: answersBody,
      handle: ({ params, body, auth }) => parts.saveAnswers(params.id, body, auth),
    }),

    route({
      method: 'patch',
      path: '/:id/auto_pay',
      summary: 'Turn auto-pay on or off (the application and its payment plan)',
      access: 'applications:update',
      self: own,
      params: applicationIdParams,
      body: autoPayBody,
      handle: ({ params, body, actor }) => parts.setAutoPay(params.id, body.autoPay, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/call_attempts/:n',
      summary: 'Set the call attempts of an application (0..99)',
      access: 'applications:update',
      params: callAttemptsParams,
      handle: ({ params, actor }) => parts.setCallAttempts(params.id, params.n, actor),
    }),

    route({
      method: 'get',
      path: '/:id/salesforce_notifications',
      answer: crmNotificationsAnswer,
      summary: "An application's Salesforce notifications (newest first; its student sees what was reported and whether it was delivered)",
      access: 'applications:read',
      self: own,
      params: applicationIdParams,
      query: notificationListQuery,
      handle: ({ params, query, auth }) => parts.listNotifications(params.id, query, auth),
    }),
    route({
      method: 'post',
      path: '/:id/salesforce_notifications/:notificationId',
      summary: 'Send a PENDING or FAILED Salesforce notification again',
      access: 'applications:update',
      params: notificationParams,
      handle: ({ params }) => parts.retryNotification(deps, params.id, params.notificationId),
    }),
  ];
}
