import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { Application, ApplicationVoucher, Student, Voucher } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { loadApplicationDto } from '../applications/applications.dto';
import { applicationVoucherDto, requestVoucherRefund } from '../application-vouchers/application-vouchers.service';
import { recordActivity, stamp } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { applicationDiscountCents } from './application-discount';
import { countUses, refreshTimesUsed } from './vouchers.service';
import { description } from '../../models/descriptions';
import { toCents, toDollars } from '../../domain/money';

/**
 * Promo codes (platform spec §2 "Start enrollment with a promo code"; domain rules "Vouchers"): the
 * code a student types, turned into the application's voucher and its discount. The discount is
 * taken from the principal before the voucher (tuition + fees + CHARGE − CREDIT adjustments of the
 * application's plan): PERCENT_OFF is that share rounded half up to the cent, AMOUNT_OFF the amount
 * but never more than the principal.
 */

export { voucherDiscountCents } from './discount';
// In its own module: the application-vouchers area needs it too, and this file needs that area's service.
export { applicationDiscountCents } from './application-discount';

/** Statuses in which staff apply a code as a discount (before ENROLLED); students only while CREATED. */
const STAFF_DISCOUNT_STATUSES = ['CREATED', 'APPLIED', 'WAITING_TO_AGREE', 'WAITING_TO_SIGN', 'SIGNED'];

const invalidCode = () => AppError.conflict('INVALID_PROMO_CODE', Messages.INVALID_PROMO_CODE);

/**
 * Whether a voucher can be used on an application today: it exists, is active, today (the school's)
 * is within its dates, the student's email is listed for EMAIL_IDS, and fewer than `useLimit` other
 * applications hold it. Any failure is 409 INVALID_PROMO_CODE (the spec has one message for all).
 */
async function assertUsable(voucher: Voucher | null, application: Application, transaction: Transaction): Promise<Voucher> {
  if (!voucher || !voucher.active) throw invalidCode();
  const today = schoolToday();
  if ((voucher.validFrom && today < voucher.validFrom) || (voucher.validTo && today > voucher.validTo)) throw invalidCode();
  if (voucher.scope === 'EMAIL_IDS') {
    const student = await Student.findByPk(application.studentId, { attributes: ['id', 'email'], transaction });
    const email = (student?.email ?? '').toLowerCase();
    if (!voucher.emailIds.map((e) => e.toLowerCase()).includes(email)) throw invalidCode();
  }
  if (voucher.useLimit !== null && voucher.useLimit !== undefined) {
    if ((await countUses(voucher.id, transaction, application.id)) >= voucher.useLimit) throw invalidCode();
  }
  return voucher;
}

/**
 * Locks the application's row, then the vouchers' rows (new code and current voucher, in one
 * statement) before anything else is read, so the use count read after it includes every
 * application committed by a concurrent call (MariaDB; SQLite's writers run one at a time).
 */
async function lockRows(applicationId: number, code: string | null, transaction: Transaction) {
  const application = await Application.findByPk(applicationId, { lock: transaction.LOCK.UPDATE, transaction });
  if (!application) throw AppError.notFound('Application');
  const ors: WhereOptions<Voucher>[] = [];
  if (code) ors.push({ code });
  if (application.voucherId) ors.push({ id: application.voucherId });
  const vouchers = ors.length ? await Voucher.findAll({ where: { [Op.or]: ors }, order: [['id', 'ASC']], lock: transaction.LOCK.UPDATE, transaction }) : [];
  return { application, voucher: code ? (vouchers.find((v) => v.code === code) ?? null) : null };
}

/**
 * POST /applications/{id}/promo_code `{ code }`. A student: own application, CREATED only. Staff
 * (applications:update): up to SIGNED the code becomes the application's voucher and discount
 * (replacing any other); on an ENROLLED application it becomes an application voucher (a voucher
 * refund, REQUESTED, of the discount) instead; any other status is 409 INVALID_STATUS. The use count
 * is checked inside the transaction that sets it, and `timesUsed` recounted. Answers the
 * ApplicationDto (with `applicationVoucher` when a refund was requested).
 */
export async function applyPromoCode(applicationId: number, rawCode: string, auth: Principal, actor: Actor) {
  const code = rawCode.trim().toUpperCase();
  let refundId: number | null = null;
  await Application.sequelize!.transaction(async (transaction) => {
    const { application, voucher: found } = await lockRows(applicationId, code, transaction);
    const staff = auth.kind === 'ADMIN';
    if (!staff && application.status !== 'CREATED') throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    if (staff && application.status !== 'ENROLLED' && !STAFF_DISCOUNT_STATUSES.includes(application.status)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const voucher = await assertUsable(found, application, transaction);
    const discount = await applicationDiscountCents(application, voucher, transaction);

    if (application.status === 'ENROLLED') {
      if (discount <= 0) throw invalidCode();
      const refund = await requestVoucherRefund(application, voucher, { amountCents: discount, taxCents: 0, comments: `Promo code ${voucher.code}` }, actor, transaction);
      refundId = refund.id;
      return;
    }

    const previous = application.voucherId;
    const before = { voucherId: previous, voucherDiscount: Number(application.voucherDiscount) };
    await application.update({ voucherId: voucher.id, voucherDiscount: toDollars(discount), ...stamp(actor) }, { transaction });
    await refreshTimesUsed([previous, voucher.id], transaction);
    await recordActivity(
      actor,
      {
        entityType: 'APPLICATION',
        entityId: application.id,
        studentId: application.studentId,
        category: 'ENROLLMENT',
        type: 'UPDATED',
        description: description('PROMO_CODE_APPLIED', { code: voucher.code }),
        changes: { voucherId: { from: before.voucherId, to: voucher.id }, voucherDiscount: { from: before.voucherDiscount, to: toDollars(discount) } },
      },
      transaction,
    );
  });
  const dto = await loadApplicationDto(applicationId);
  if (refundId === null) return dto;
  const refund = await ApplicationVoucher.findByPk(refundId, { include: [{ model: Voucher, as: 'voucher', attributes: ['id', 'code'] }] });
  return { ...dto, applicationVoucher: refund ? applicationVoucherDto(refund) : null };
}

/** DELETE /applications/{id}/promo_code (204): CREATED only (409 INVALID_STATUS); no voucher is no change. */
export async function removePromoCode(applicationId: number, actor: Actor): Promise<void> {
  await Application.sequelize!.transaction(async (transaction) => {
    const { application } = await lockRows(applicationId, null, transaction);
    if (application.status !== 'CREATED') throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const previous = application.voucherId;
    if (!previous) return;
    const discount = Number(application.voucherDiscount);
    await application.update({ voucherId: null, voucherDiscount: 0, ...stamp(actor) }, { transaction });
    await refreshTimesUsed([previous], transaction);
    await recordActivity(
      actor,
      {
        entityType: 'APPLICATION',
        entityId: application.id,
        studentId: application.studentId,
        category: 'ENROLLMENT',
        type: 'UPDATED',
        description: description('PROMO_CODE_REMOVED'),
        changes: { voucherId: { from: previous, to: null }, voucherDiscount: { from: discount, to: 0 } },
      },
      transaction,
    );
  });
}

/**
 * Recomputes an application's voucher discount from its current plan (for a caller that changed the
 * plan, inside its transaction): a PERCENT_OFF share or a capped AMOUNT_OFF follows the new principal.
 * Returns the discount in cents (0 without a voucher).
 */
export async function recomputeVoucherDiscount(applicationId: number, transaction: Transaction): Promise<number> {
  const application = await Application.findByPk(applicationId, { transaction });
  if (!application?.voucherId) return 0;
  const voucher = await Voucher.findByPk(application.voucherId, { transaction });
  if (!voucher) return 0;
  const discount = await applicationDiscountCents(application, voucher, transaction);
  if (toCents(application.voucherDiscount) !== discount) await application.update({ voucherDiscount: toDollars(discount) }, { transaction, silent: true });
  return discount;
}
