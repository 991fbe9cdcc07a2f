import type { Deps } from '../common/context';
import { route } from '../common/route';
import { studentListQuery } from '../students/students.schemas';
import {
  communicationBody,
  communicationIdParams,
  communicationIntentsQuery,
  communicationListQuery,
  intentParams,
  intentsBody,
  previewBody,
  recipientsFilterBody,
  studentIdParams,
  studentIntentsQuery,
  type CommunicationListQuery,
} from './communications.schemas';
import * as communications from './communications.service';

/**
 * /api/communications (back-office spec §7 "Communications"): the communications staff write, their
 * recipients (BROADCAST, SPECIFIC, FILTER) and intents, the preview and resends. `communications:read`
 * (every seeded staff role, SUPPORT included) reads; `create`, `update` and `send` (resends) write.
 */
export function communicationRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List communications, last sent first (categories, statuses, keyword on the subject)',
      access: 'communications:read',
      query: communicationListQuery,
      handle: ({ query }) => communications.listCommunications(query as CommunicationListQuery),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Write a communication: NOW saves CREATED and makes its intents at once, FUTURE saves SCHEDULED (409 when not in the future); category MANUAL_NOTIFICATION',
      access: 'communications:create',
      body: communicationBody,
      status: 201,
      handle: ({ body, actor }) => communications.createCommunication(deps, body, actor),
    }),
    route({
      method: 'post',
      path: '/filter',
      summary: 'The students a FILTER of student criteria reaches: their count (pagination.total) and a page of them',
      access: 'communications:read',
      query: studentListQuery,
      body: recipientsFilterBody,
      handle: ({ query, body }) => communications.filterRecipients(query, body),
    }),
    route({
      method: 'post',
      path: '/preview',
      summary: "A draft's message for one student in their language: { subject, html, text, inbox }",
      access: 'communications:read',
      body: previewBody,
      handle: ({ body }) => communications.previewCommunication(body),
    }),
    route({
      method: 'get',
      path: '/backlog',
      summary:
        "The dispatcher's backlog over every intent: waiting (of which retrying after a failure), sending, failed and not sent again; the oldest waiting one's time and the next retry",
      access: 'communications:read',
      handle: () => communications.deliveryBacklog(),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'One communication, with how many of its intents are in each status',
      access: 'communications:read',
      params: communicationIdParams,
      handle: ({ params }) => communications.getCommunication(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Change a communication that has not started sending (409 COMMUNICATION_ALREADY_SENDING otherwise)',
      access: 'communications:update',
      params: communicationIdParams,
      body: communicationBody,
      handle: ({ params, body, actor }) => communications.updateCommunication(deps, params.id, body, actor),
    }),
    route({
      method: 'post',
      path: '/:id/communication_intents',
      summary: "A communication's intents (one per recipient, channel and attempt), paged, last sent first; optional statuses and channels",
      access: 'communications:read',
      params: communicationIdParams,
      query: communicationIntentsQuery,
      body: intentsBody,
      handle: ({ params, query, body }) => communications.listCommunicationIntents(params.id, query, body),
    }),
    route({
      method: 'post',
      path: '/:id/communication_intents/resend_failed',
      summary: 'A new attempt of every FAILED intent of the communication not resent yet: { count }',
      access: 'communications:send',
      params: communicationIdParams,
      handle: ({ params }) => communications.resendFailedIntents(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/communication_intents/:intentId/resend',
      summary: 'A new attempt of a SENT or FAILED intent, the old one kept (409 INTENT_NOT_FINISHED, INTENT_ALREADY_RESENT)',
      access: 'communications:send',
      params: intentParams,
      status: 201,
      handle: ({ params, actor }) => communications.resendCommunicationIntent(deps, params.id, params.intentId, actor),
    }),
  ];
}

/** /api/students/{id}/communication_intents: the student drawer's Communications tab. */
export function studentCommunicationRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/:id/communication_intents',
      summary: "A student's messages (communications and product emails, every channel), newest first; optional statuses and channels",
      access: 'communications:read',
      params: studentIdParams,
      query: studentIntentsQuery,
      body: intentsBody,
      handle: ({ params, query, body }) => communications.listStudentIntents(params.id, query, body),
    }),
  ];
}
