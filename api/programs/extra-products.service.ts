import type { Transaction } from 'sequelize';
import { ExtraProduct } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { ExtraProductInput } from './program-parts.schemas';
import { extraProductSortable } from './program-parts.schemas';
import { dollars, writableProgram } from './program-parts.shared';
import { getProgram } from './programs.service';
import { toDollarsOrNull } from '../../domain/money';

/**
 * Extra products sold beside a program (transcripts, certificates, makeup sessions...). Soft
 * deleted; `published` changes only through PATCH .../publish. Archived ones are read-only.
 */

export function extraProductDto(e: ExtraProduct) {
  return {
    id: e.id,
    programId: e.programId,
    name: e.name,
    description: e.description,
    type: e.type,
    priceType: e.priceType,
    price: dollars(e.price),
    calculateTaxes: e.calculateTaxes,
    multipleItemPurchase: e.multipleItemPurchase,
    published: e.published,
    deleted: e.deleted,
    updatedBy: updatedByOf(e),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

const extraProductList: ListSpec<ExtraProduct> = { model: ExtraProduct, sortable: extraProductSortable, defaultSort: 'NAME', keywordColumns: ['name'] };

/** A program's extra products; archived ones only with `deleted=true`. */
export async function listExtraProducts(programId: number, q: PagingQuery & { deleted: boolean; published?: boolean; type?: string }) {
  await getProgram(programId);
  return runList(
    extraProductList,
    q,
    [{ programId, deleted: q.deleted }, q.published === undefined ? null : { published: q.published }, q.type ? { type: q.type } : null],
    extraProductDto,
  );
}

async function extraProductOf(programId: number, extraProductId: number, transaction?: Transaction) {
  const row = await ExtraProduct.findOne({ where: { id: extraProductId, programId }, transaction });
  if (!row) throw AppError.notFound('Extra product');
  return row;
}

/** An extra product of this program (archived ones too, flagged `deleted`). */
export async function getExtraProduct(programId: number, extraProductId: number) {
  await getProgram(programId);
  return extraProductOf(programId, extraProductId);
}

/** The extra product about to change: 409 EXTRA_PRODUCT_ARCHIVED once archived. */
async function writableExtraProduct(programId: number, extraProductId: number, transaction: Transaction) {
  await writableProgram(programId, transaction);
  const row = await extraProductOf(programId, extraProductId, transaction);
  if (row.deleted) throw AppError.conflict('EXTRA_PRODUCT_ARCHIVED', Messages.EXTRA_PRODUCT_ARCHIVED);
  return row;
}

function values(input: ExtraProductInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    priceType: input.priceType,
    price: toDollarsOrNull(input.price),
    calculateTaxes: input.calculateTaxes,
    multipleItemPurchase: input.multipleItemPurchase,
  };
}

/** Adds an extra product (unpublished) to a program. */
export async function createExtraProduct(programId: number, input: ExtraProductInput, actor: Actor) {
  return ExtraProduct.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    const row = await ExtraProduct.create({ programId, ...values(input), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'EXTRA_PRODUCT', entityId: row.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, extraProductDto(row)) },
      transaction,
    );
    return extraProductDto(row);
  });
}

/** Replaces an extra product's fields (not its published flag). */
export async function updateExtraProduct(programId: number, extraProductId: number, input: ExtraProductInput, actor: Actor) {
  return ExtraProduct.sequelize!.transaction(async (transaction) => {
    const row = await writableExtraProduct(programId, extraProductId, transaction);
    const before = extraProductDto(row);
    await row.update({ ...values(input), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'EXTRA_PRODUCT', entityId: row.id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, extraProductDto(row)) },
      transaction,
    );
    return extraProductDto(row);
  });
}

/** Publishes or unpublishes an extra product. */
export async function publishExtraProduct(programId: number, extraProductId: number, publish: boolean, actor: Actor) {
  return ExtraProduct.sequelize!.transaction(async (transaction) => {
    const row = await writableExtraProduct(programId, extraProductId, transaction);
    if (row.published === publish) return extraProductDto(row);
    const before = extraProductDto(row);
    await row.update({ published: publish, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'EXTRA_PRODUCT', entityId: row.id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, extraProductDto(row)) },
      transaction,
    );
    return extraProductDto(row);
  });
}

/**
 * Archives an extra product (soft delete): it leaves the lists and the shop (unpublished). The
 * spec has no undelete for extra products. Archiving one already archived changes nothing.
 */
export async function deleteExtraProduct(programId: number, extraProductId: number, actor: Actor) {
  await ExtraProduct.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    const row = await extraProductOf(programId, extraProductId, transaction);
    if (row.deleted) return;
    const before = extraProductDto(row);
    await row.update({ deleted: true, published: false, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'EXTRA_PRODUCT', entityId: row.id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(before, extraProductDto(row)) },
      transaction,
    );
  });
}
