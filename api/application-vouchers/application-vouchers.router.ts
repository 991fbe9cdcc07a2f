import type { Deps } from '../common/context';
import { route } from '../common/route';
import {
  applicationVoucherCreateBody,
  applicationVoucherCriteriaSchema,
  applicationVoucherIdParams,
  applicationVoucherListQuery,
  applicationVoucherStatusQuery,
  applicationVoucherUpdateBody,
} from './application-vouchers.schemas';
import * as refunds from './application-vouchers.service';
import { applicationVoucherAnswer, applicationVoucherPage } from '../../domain/contract/vouchers';

/**
 * /api/application_vouchers (back-office spec §7 "Application vouchers"): voucher refunds. Reads need
 * `vouchers:read`, POST `vouchers:create`, PUT `vouchers:update`, the status call `vouchers:status`.
 */
export function applicationVoucherRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: applicationVoucherPage,
      summary: 'List application vouchers (newest first; keyword on id, voucher code, student name or email)',
      access: 'vouchers:read',
      query: applicationVoucherListQuery,
      handle: ({ query }) => refunds.listApplicationVouchers(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: applicationVoucherPage,
      summary: 'Search application vouchers (applicationId, voucherIds, studentIds, statuses, totalToBeRefunded, updatedAt)',
      access: 'vouchers:read',
      query: applicationVoucherListQuery,
      body: applicationVoucherCriteriaSchema,
      handle: ({ query, body }) => refunds.findApplicationVouchersByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Request a voucher refund on an ENROLLED application (409 PENDING_REFUNDS while one is REQUESTED)',
      access: 'vouchers:create',
      body: applicationVoucherCreateBody,
      status: 201,
      handle: ({ body, actor }) => refunds.createApplicationVoucher(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: applicationVoucherAnswer,
      summary: 'Get an application voucher',
      access: 'vouchers:read',
      params: applicationVoucherIdParams,
      handle: ({ params }) => refunds.getApplicationVoucher(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a REQUESTED application voucher (comments, amounts, voucher)',
      access: 'vouchers:update',
      params: applicationVoucherIdParams,
      body: applicationVoucherUpdateBody,
      handle: ({ params, body, actor }) => refunds.updateApplicationVoucher(params.id, body, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/status',
      summary: 'REQUESTED → APPROVED | REJECTED | CANCELLED; APPROVED → COMPLETED (records the refunded amounts)',
      access: 'vouchers:status',
      params: applicationVoucherIdParams,
      query: applicationVoucherStatusQuery,
      handle: ({ params, query, actor }) => refunds.changeApplicationVoucherStatus(params.id, query.status, actor),
    }),
  ];
}
