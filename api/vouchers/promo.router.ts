import { z } from 'zod';
import { Application } from '../../models';
import { id, requiredText } from '../../models/validation';
import type { Ctx, Deps } from '../common/context';
import { route } from '../common/route';
import { applyPromoCode, removePromoCode } from './promo';

const params = z.object({ id: id() });
const body = z.object({ code: requiredText(40) }).strict();

/** A student reaches only their own application. */
async function own(ctx: Ctx<{ id: number }, unknown, unknown>): Promise<boolean> {
  if (!ctx.auth?.studentId) return false;
  const application = await Application.findByPk(ctx.params.id, { attributes: ['id', 'studentId'] });
  return application?.studentId === ctx.auth.studentId;
}

/**
 * /api/applications/{id}/promo_code: a promo code applied to an application (own while CREATED;
 * staff `applications:update`), or removed (CREATED only). 409 INVALID_PROMO_CODE for any code that
 * cannot be used.
 */
export function promoCodeRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/:id/promo_code',
      summary: 'Apply a promo code (after ENROLLED, staff get a voucher refund instead; 409 INVALID_PROMO_CODE)',
      access: 'applications:update',
      self: own,
      params,
      body,
      handle: ({ params: p, body: b, auth, actor }) => applyPromoCode(p.id, b.code, auth!, actor),
    }),
    route({
      method: 'delete',
      path: '/:id/promo_code',
      summary: "Remove an application's promo code (CREATED only; 204)",
      access: 'applications:update',
      self: own,
      params,
      handle: ({ params: p, actor }) => removePromoCode(p.id, actor),
    }),
  ];
}
