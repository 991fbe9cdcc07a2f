import type { Deps } from '../common/context';
import { route } from '../common/route';
import { disputeCriteriaSchema, disputeIdParams, disputeListQuery, disputeVerifyBody } from './disputes.schemas';
import * as disputes from './disputes.service';
import { disputeAnswer, disputePage } from '../../domain/contract/disputes';

/**
 * /api/disputes (back-office spec §9): disputed card payments. Reads need `payments:read`; verifying
 * one (WON or LOST, LOST charges the payment back) needs `payments:update`.
 */
export function disputeRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: disputePage,
      summary: 'Search disputed payments (email, statuses; newest first)',
      access: 'payments:read',
      query: disputeListQuery,
      body: disputeCriteriaSchema,
      handle: ({ query, body }) => disputes.findDisputesByCriteria(query, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: disputeAnswer,
      summary: 'A dispute with its payment',
      access: 'payments:read',
      params: disputeIdParams,
      handle: ({ params }) => disputes.getDispute(params.id),
    }),
    route({
      method: 'patch',
      path: '/:id/verify',
      summary: 'Verify a PENDING dispute as WON or LOST (LOST reverses the payment; 409 DISPUTE_NOT_PENDING)',
      access: 'payments:update',
      params: disputeIdParams,
      body: disputeVerifyBody,
      handle: ({ params, body, actor }) => disputes.verifyDispute(params.id, body, actor),
    }),
  ];
}
