import type { Deps } from '../common/context';
import { route } from '../common/route';
import { transferAnswer, transferDestinationsAnswer, transferPage, transferPreviewAnswer, transferSummaryAnswer } from '../../domain/contract/transfers';
import { transferBody, transferCriteriaSchema, transferFeeBody, transferDestinationsQuery, transferIdParams, transferListQuery, transferStatusQuery } from './transfers.schemas';
import * as transfers from './transfers.service';

/**
 * /api/transfers (platform spec §7 "Transfers"; issue 18). Staff need `transfers:read`,
 * `transfers:create`, `transfers:status`; a student lists, reads, previews and asks for their own, and
 * accepts (terms, then confirm) or declines an offer.
 */
export function transferRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: transferPage,
      summary: 'Transfers (newest first; keyword on student name, email or ids; a student: their own)',
      access: 'transfers:read',
      self: () => true,
      query: transferListQuery,
      handle: ({ query, auth }) => transfers.listTransfers(query, auth),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: transferPage,
      summary: 'Search transfers (statuses, students, originProduct, destinationProduct, transferFee, updatedBy, updatedAt)',
      access: 'transfers:read',
      query: transferListQuery,
      body: transferCriteriaSchema,
      handle: ({ query, body }) => transfers.findTransfersByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/summary',
      answer: transferSummaryAnswer,
      summary: 'How many transfers the criteria match per status, with their fees and rollovers',
      access: 'transfers:read',
      body: transferCriteriaSchema,
      handle: ({ body }) => transfers.transfersSummary(body),
    }),
    route({
      method: 'get',
      path: '/destinations',
      answer: transferDestinationsAnswer,
      summary:
        "Where an application may be transferred: published products with a class of its business category that has not ended, their classes and plans (a student: their own application's)",
      access: 'transfers:create',
      self: () => true,
      query: transferDestinationsQuery,
      handle: ({ query, auth }) => transfers.transferDestinations(query.applicationId, auth),
    }),
    route({
      method: 'post',
      path: '/preview',
      answer: transferPreviewAnswer,
      summary: 'What a transfer would move (fee, rollover, the new plan and its schedule), nothing saved (the same 409s as POST)',
      access: 'transfers:create',
      self: () => true,
      body: transferBody,
      handle: ({ body, auth }) => transfers.previewTransfer(body, auth),
    }),
    route({
      method: 'post',
      path: '/',
      status: 201,
      answer: transferAnswer,
      summary:
        'Offer (staff) or ask for (student) a transfer: PENDING (409 ONLY_ENROLLED_TRANSFER, PENDING_TRANSFER, TRANSFER_SAME_CATEGORY, TRANSFER_TARGET_ENDED, TRANSFER_LIMIT_REACHED, ALREADY_ENROLLED)',
      access: 'transfers:create',
      self: () => true,
      body: transferBody,
      handle: ({ body, actor, auth }) => transfers.createTransfer(body, actor, auth),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: transferAnswer,
      summary: 'A transfer',
      access: 'transfers:read',
      self: () => true,
      params: transferIdParams,
      handle: ({ params, auth }) => transfers.getTransfer(params.id, auth),
    }),
    route({
      method: 'patch',
      path: '/:id',
      answer: transferAnswer,
      summary:
        "Staff set the fee of a PENDING transfer before it is accepted (dollars, 0–300; the first transfer stays free); its money recomputed (409 INVALID_STATUS once decided, NOT_PERMITTED once the student accepted an offer's terms)",
      access: 'transfers:status',
      params: transferIdParams,
      body: transferFeeBody,
      handle: ({ params, body, actor }) => transfers.setTransferFee(params.id, body.transferFee, actor),
    }),
    route({
      method: 'get',
      path: '/:id/preview',
      answer: transferPreviewAnswer,
      summary: 'What accepting a PENDING transfer would move today (fee, rollover, the new plan and its schedule), nothing saved (409 INVALID_STATUS once decided)',
      access: 'transfers:read',
      self: () => true,
      params: transferIdParams,
      handle: ({ params, auth }) => transfers.previewPendingTransfer(params.id, auth),
    }),
    route({
      method: 'patch',
      path: '/:id/accept_terms',
      answer: transferAnswer,
      summary: "The student's first step on a staff offer: the terms accepted (409 INVALID_STATUS, NOT_PERMITTED)",
      access: 'transfers:status',
      self: () => true,
      params: transferIdParams,
      handle: ({ params, actor, auth }) => transfers.acceptTransferTerms(params.id, actor, auth),
    }),
    route({
      method: 'patch',
      path: '/:id/status',
      answer: transferAnswer,
      summary:
        'PENDING → ACCEPTED (old application TRANSFERRED, new ENROLLED application and plan with the rollover) | REJECTED (409 SAME_STATUS, INVALID_STATUS, NOT_PERMITTED and the creation 409s)',
      access: 'transfers:status',
      self: () => true,
      params: transferIdParams,
      query: transferStatusQuery,
      handle: ({ params, query, actor, auth }) => transfers.changeTransferStatus(params.id, query.status, actor, auth),
    }),
  ];
}
