import type { Deps } from '../common/context';
import { route } from '../common/route';
import { voucherBody, voucherCriteriaSchema, voucherIdParams, voucherListQuery, voucherStatusQuery } from './vouchers.schemas';
import * as vouchers from './vouchers.service';
import { voucherAnswer, voucherPage } from '../../domain/contract/vouchers';

/**
 * /api/vouchers (domain rules "Vouchers"): voucher definitions. Reads need `vouchers:read`, POST
 * `:create`, PUT `:update`, the status call (active on/off) `:status`.
 */
export function voucherRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: voucherPage,
      summary: 'List vouchers (keyword on code or description)',
      access: 'vouchers:read',
      query: voucherListQuery,
      handle: ({ query }) => vouchers.listVouchers(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: voucherPage,
      summary: 'Search vouchers (discountKinds, scopes, active, validOn)',
      access: 'vouchers:read',
      query: voucherListQuery,
      body: voucherCriteriaSchema,
      handle: ({ query, body }) => vouchers.findVouchersByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create a voucher (code upper-cased, unique: 409 VOUCHER_CODE_EXISTS)',
      access: 'vouchers:create',
      body: voucherBody,
      status: 201,
      handle: ({ body, actor }) => vouchers.createVoucher(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: voucherAnswer,
      summary: 'Get a voucher',
      access: 'vouchers:read',
      params: voucherIdParams,
      handle: ({ params }) => vouchers.getVoucher(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a voucher',
      access: 'vouchers:update',
      params: voucherIdParams,
      body: voucherBody,
      handle: ({ params, body, actor }) => vouchers.updateVoucher(params.id, body, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/status',
      summary: 'Turn a voucher on or off (?active=true|false)',
      access: 'vouchers:status',
      params: voucherIdParams,
      query: voucherStatusQuery,
      handle: ({ params, query, actor }) => vouchers.setVoucherActive(params.id, query.active, actor),
    }),
  ];
}
