import { Op, UniqueConstraintError, type Transaction, type WhereOptions } from 'sequelize';
import { Application, Voucher } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { voucherSortable, type VoucherCriteria, type VoucherInput } from './vouchers.schemas';
import { toDollars } from '../../domain/money';

/**
 * Voucher definitions (domain rules "Vouchers"; back-office spec §3): a code students type, PERCENT_OFF
 * or AMOUNT_OFF, for ALL or for listed emails, valid between two days, with a use limit. `timesUsed`
 * is the number of applications holding the voucher that are not CANCELLED, REJECTED or ARCHIVED,
 * recounted after every change that can move it (`refreshTimesUsed`).
 */

/** Applications in these statuses no longer hold a use of their voucher. */
export const RELEASED_STATUSES = ['CANCELLED', 'REJECTED', 'ARCHIVED'] as const;

const money = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export function voucherDto(v: Voucher) {
  return {
    id: v.id,
    code: v.code,
    description: v.description,
    discountKind: v.discountKind,
    discountValue: money(v.discountValue),
    scope: v.scope,
    emailIds: v.emailIds,
    validFrom: v.validFrom,
    validTo: v.validTo,
    useLimit: v.useLimit,
    timesUsed: v.timesUsed,
    active: v.active,
    updatedBy: updatedByOf(v),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}
export type VoucherDto = ReturnType<typeof voucherDto>;

const spec: ListSpec<Voucher> = { model: Voucher, sortable: voucherSortable, keywordColumns: ['code', 'description'] };

/** GET /vouchers: keyword on code or description (prefix; a number also matches the id). */
export function listVouchers(q: PagingQuery) {
  return runList(spec, q, [], voucherDto);
}

/** The validity condition for one day: from ≤ day ≤ to, an open end counting as valid. */
function validOnWhere(day: string): WhereOptions {
  return {
    [Op.and]: [{ [Op.or]: [{ validFrom: null }, { validFrom: { [Op.lte]: day } }] }, { [Op.or]: [{ validTo: null }, { validTo: { [Op.gte]: day } }] }],
  };
}

/** POST /vouchers/find_by_criteria. */
export function findVouchersByCriteria(q: PagingQuery, c: VoucherCriteria) {
  const conditions: WhereOptions[] = [];
  if (c.discountKinds?.length) conditions.push({ discountKind: { [Op.in]: c.discountKinds } });
  if (c.scopes?.length) conditions.push({ scope: { [Op.in]: c.scopes } });
  if (c.active === true || c.active === false) conditions.push({ active: c.active });
  if (c.validOn) conditions.push(validOnWhere(c.validOn));
  return runList(spec, q, conditions, voucherDto);
}

export async function findVoucher(id: number, transaction?: Transaction): Promise<Voucher> {
  const voucher = await Voucher.findByPk(id, { transaction });
  if (!voucher) throw AppError.notFound('Voucher');
  return voucher;
}

export async function getVoucher(id: number) {
  return voucherDto(await findVoucher(id));
}

/** The columns an input writes (money as dollars, the percentage as a number; ALL keeps no emails). */
function values(input: VoucherInput) {
  return {
    code: input.code,
    description: input.description ?? null,
    discountKind: input.discountKind,
    discountValue: toDollars(input.discountValue!),
    scope: input.scope,
    emailIds: input.scope === 'EMAIL_IDS' ? [...new Set(input.emailIds ?? [])] : [],
    validFrom: input.validFrom ?? null,
    validTo: input.validTo ?? null,
    useLimit: input.useLimit ?? null,
  };
}

async function assertCodeFree(code: string, exceptId: number | null, transaction: Transaction): Promise<void> {
  const other = await Voucher.findOne({ where: { code, ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}) }, attributes: ['id'], transaction });
  if (other) throw AppError.conflict('VOUCHER_CODE_EXISTS', Messages.VOUCHER_CODE_EXISTS);
}

/** The unique index decides a race between two equal codes: the answer is still the spec's. */
function codeTaken(err: unknown): unknown {
  return err instanceof UniqueConstraintError ? AppError.conflict('VOUCHER_CODE_EXISTS', Messages.VOUCHER_CODE_EXISTS) : err;
}

/** A copy of the row's values (the value as a number: MariaDB answers DECIMAL as text). */
const plain = (v: Voucher): Record<string, unknown> => ({ ...(v.get({ plain: true }) as unknown as Record<string, unknown>), discountValue: money(v.discountValue) });

/** POST /vouchers: code upper-cased and unique (409 VOUCHER_CODE_EXISTS). */
export async function createVoucher(input: VoucherInput, actor: Actor) {
  try {
    return await Voucher.sequelize!.transaction(async (transaction) => {
      await assertCodeFree(input.code, null, transaction);
      const voucher = await Voucher.create({ ...values(input), active: input.active ?? true, ...stamp(actor) }, { transaction });
      await recordActivity(actor, { entityType: 'VOUCHER', entityId: voucher.id, category: 'BILLING', type: 'CREATED', changes: diff({}, plain(voucher)) }, transaction);
      return voucherDto(voucher);
    });
  } catch (err) {
    throw codeTaken(err);
  }
}

/**
 * PUT /vouchers/{id}: the whole definition (`active` left out stays). Applications that already hold
 * the voucher keep the discount they were given; a lower use limit only stops new uses.
 */
export async function updateVoucher(id: number, input: VoucherInput, actor: Actor) {
  try {
    return await Voucher.sequelize!.transaction(async (transaction) => {
      const voucher = await findVoucher(id, transaction);
      const before = plain(voucher);
      await assertCodeFree(input.code, id, transaction);
      await voucher.update({ ...values(input), ...(input.active === undefined ? {} : { active: input.active }), ...stamp(actor) }, { transaction });
      const changes = diff(before, plain(voucher));
      if (Object.keys(changes).length) await recordActivity(actor, { entityType: 'VOUCHER', entityId: id, category: 'BILLING', type: 'UPDATED', changes }, transaction);
      return voucherDto(voucher);
    });
  } catch (err) {
    throw codeTaken(err);
  }
}

/** PATCH /vouchers/{id}/status?active=: turns a voucher on or off (the spec's status call). */
export async function setVoucherActive(id: number, active: boolean, actor: Actor) {
  return Voucher.sequelize!.transaction(async (transaction) => {
    const voucher = await findVoucher(id, transaction);
    if (voucher.active !== active) {
      await voucher.update({ active, ...stamp(actor) }, { transaction });
      await recordActivity(
        actor,
        { entityType: 'VOUCHER', entityId: id, category: 'BILLING', type: active ? 'ACTIVATED' : 'DEACTIVATED', changes: { active: { from: !active, to: active } } },
        transaction,
      );
    }
    return voucherDto(voucher);
  });
}

/** How many applications hold the voucher and still count as a use (optionally leaving one out). */
export function countUses(voucherId: number, transaction?: Transaction, exceptApplicationId?: number): Promise<number> {
  return Application.count({
    where: { voucherId, status: { [Op.notIn]: [...RELEASED_STATUSES] }, ...(exceptApplicationId ? { id: { [Op.ne]: exceptApplicationId } } : {}) },
    transaction,
  });
}

/**
 * Recounts `timesUsed` of the given vouchers from the applications holding them. Called by every
 * change that can move the count (a promo code applied or removed; an application moving to or
 * from CANCELLED, REJECTED or ARCHIVED), inside the change's transaction.
 */
export async function refreshTimesUsed(voucherIds: Array<number | null | undefined>, transaction?: Transaction): Promise<void> {
  for (const voucherId of new Set(voucherIds.filter((v): v is number => typeof v === 'number'))) {
    const uses = await countUses(voucherId, transaction);
    await Voucher.update({ timesUsed: uses }, { where: { id: voucherId }, transaction, silent: true });
  }
}
