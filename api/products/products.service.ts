import { Op, Sequelize, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Cohort, Product, ProductItem, ProductPaymentPlan } from '../../models';
import { isEnrolling, schoolToday } from '../../models/catalogue';
import type { Of, ProductFlowType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { archiveRefusal } from '../catalogue/archive-guards';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import { productCriteria, productSortable, type ByFlowTypeQuery, type ProductCriteria, type ProductInput } from './products.schemas';
import { description } from '../../models/descriptions';
import { roundDollarsOrNull, toDollarsOrNull } from '../../domain/money';

/**
 * Products (back-office spec §3, §7; domain rules "Catalogue"): what a student buys — cohorts sold
 * as product items with payment plans. Archive is a soft delete; publishing needs a payment plan and
 * a product item; `enrolling` is computed from the enrolling window for the school's today.
 */

const money = roundDollarsOrNull;

/** The product items with the few cohort columns the DTO shows: joined in the list's one row query. */
const itemsInclude: Includeable[] = [
  { model: ProductItem, as: 'items', attributes: ['id', 'cohortId'], include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'label', 'status', 'startDate', 'endDate'] }] },
];

type CohortSummary = { id: number; label: string; status: string; startDate: string | null; endDate: string | null };

function cohortsOf(p: Product): CohortSummary[] {
  return (p.items ?? [])
    .filter((i) => i.cohort)
    .map((i) => ({ id: i.cohort!.id, label: i.cohort!.label, status: i.cohort!.status, startDate: i.cohort!.startDate, endDate: i.cohort!.endDate }))
    .sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.id - b.id);
}

/** The contract's product: every §3 field, `enrolling` for `today`, its cohorts and how many payment plans it has. */
export function productDto(p: Product, paymentPlanCount: number, today: string = schoolToday()) {
  const cohorts = cohortsOf(p);
  return {
    id: p.id,
    name: p.name,
    deleted: p.deleted,
    description: p.description,
    salesforceProductType: p.salesforceProductType,
    salesforceProductId: p.salesforceProductId,
    enrollmentAgreementUrl: p.enrollmentAgreementUrl,
    cost: money(p.cost),
    flowType: p.flowType,
    enrollingStartDate: p.enrollingStartDate,
    enrollingEndDate: p.enrollingEndDate,
    enrolling: isEnrolling(p, today),
    published: p.published,
    cohortIds: cohorts.map((c) => c.id),
    cohorts,
    paymentPlanCount,
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type ProductDto = ReturnType<typeof productDto>;

/** Payment-plan counts of many products in one grouped query. */
async function planCounts(productIds: number[], transaction?: Transaction): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = (await ProductPaymentPlan.findAll({
    attributes: ['productId', [Sequelize.fn('COUNT', Sequelize.col('id')), 'count']],
    where: { productId: productIds },
    group: ['productId'],
    raw: true,
    transaction,
  })) as unknown as Array<{ productId: number; count: number | string }>;
  return new Map(rows.map((r) => [Number(r.productId), Number(r.count)]));
}

/** A page of product rows → DTOs, with the plan counts of the whole page in one query. */
async function withCounts(page: Page<Product>): Promise<Page<ProductDto>> {
  const counts = await planCounts(page.content.map((p) => p.id));
  const today = schoolToday();
  return { ...page, content: page.content.map((p) => productDto(p, counts.get(p.id) ?? 0, today)) };
}

const live: ListSpec<Product> = { model: Product, sortable: productSortable, keywordColumns: ['name'], baseWhere: { deleted: false }, include: itemsInclude, maxSize: 2000 };
const archived: ListSpec<Product> = { ...live, baseWhere: { deleted: true } };

/**
 * `enrolling` as SQL on the two indexed date columns: inside the window (both ends inclusive, both
 * set) for true; anything else for false.
 */
export function enrollingWhere(enrolling: boolean, today: string): WhereOptions {
  if (enrolling) return { enrollingStartDate: { [Op.lte]: today }, enrollingEndDate: { [Op.gte]: today } };
  return {
    [Op.or]: [{ enrollingStartDate: null }, { enrollingEndDate: null }, { enrollingStartDate: { [Op.gt]: today } }, { enrollingEndDate: { [Op.lt]: today } }],
  };
}

/** GET /products: live products (or the archived ones with `deleted=true`), keyword on name or id. */
export function listProducts(q: PagingQuery & { deleted?: boolean }) {
  return runList(q.deleted ? archived : live, q, [], (p) => p).then(withCounts);
}

/** POST /products/find_by_criteria: deleted (default false), published, enrolling, flowTypes. */
export function findProductsByCriteria(q: PagingQuery, criteria: Partial<ProductCriteria>) {
  const { deleted, enrolling, ...rest } = criteria;
  const conditions = criteriaWhere(productCriteria, rest, Product.sequelize!.getDialect());
  if (enrolling === true || enrolling === false) conditions.push(enrollingWhere(enrolling, schoolToday()));
  return runList(deleted === true ? archived : live, q, conditions, (p) => p).then(withCounts);
}

/** Products with at least one item cohort (not archived) in `status`: a subquery on the items' cohort index. */
function withCohortStatus(status: string): WhereOptions {
  const escaped = Product.sequelize!.escape(status);
  return {
    id: {
      [Op.in]: Sequelize.literal(`(SELECT pi.product_id FROM product_items pi JOIN cohorts c ON c.id = pi.cohort_id WHERE c.status = ${escaped} AND c.deleted = 0)`),
    },
  };
}

/**
 * GET /products/by_flow_type/{flowType}: what the portal's course choice lists. Never archived
 * products; staff may ask for unpublished ones, anyone else always gets the published ones.
 */
export function listByFlowType(flowType: Of<typeof ProductFlowType>, q: ByFlowTypeQuery, auth: Principal | null) {
  const published = auth?.kind === 'ADMIN' ? (q.published ?? true) : true;
  return runList(live, q, [{ flowType }, { published }, q.cohortStatus ? withCohortStatus(q.cohortStatus) : null], (p) => p).then(withCounts);
}

/** The product row or a 404. */
export async function findProduct(id: number, transaction?: Transaction): Promise<Product> {
  const product = await Product.findByPk(id, { transaction });
  if (!product) throw AppError.notFound('Product');
  return product;
}

/** A product with its items, as the DTO needs it. */
async function loadDto(id: number, transaction?: Transaction): Promise<ProductDto> {
  const product = await Product.findByPk(id, { include: itemsInclude, transaction });
  if (!product) throw AppError.notFound('Product');
  const counts = await planCounts([id], transaction);
  return productDto(product, counts.get(id) ?? 0);
}

export function getProduct(id: number) {
  return loadDto(id);
}

/** The archived-product refusal every write but undelete shares. */
export function assertNotArchived(product: Product): void {
  if (product.deleted) throw AppError.conflict('PRODUCT_ARCHIVED', Messages.PRODUCT_ARCHIVED);
}

/** The enrolling window: the start may not be after the end (equal dates make a one-day window). */
function assertWindow(input: ProductInput): void {
  const { enrollingStartDate: start, enrollingEndDate: end } = input;
  if (start && end && start > end) throw AppError.conflict('PRODUCT_ENROLLMENT_WINDOW', Messages.PRODUCT_ENROLLMENT_WINDOW);
}

/**
 * The requested cohorts, deduplicated. A cohort added to the product must exist and not be archived
 * (400 `cohortIds`); one it already sells may stay even if archived since (an archived product's
 * cohorts can be archived, and undeleting the product brings them back as they were).
 */
async function checkedCohortIds(ids: number[] | undefined, productId?: number): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const wanted = [...new Set(ids)];
  if (!wanted.length) return wanted;
  const current = productId ? (await ProductItem.findAll({ where: { productId }, attributes: ['cohortId'], raw: true })).map((i) => i.cohortId) : [];
  const added = wanted.filter((id) => !current.includes(id));
  if (added.length && (await Cohort.count({ where: { id: added, deleted: false } })) !== added.length) throw AppError.badRequest({ cohortIds: Messages.INVALID_VALUE });
  return wanted;
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    salesforceProductType: input.salesforceProductType ?? null,
    salesforceProductId: input.salesforceProductId ?? null,
    enrollmentAgreementUrl: input.enrollmentAgreementUrl ?? null,
    cost: toDollarsOrNull(input.cost),
    flowType: input.flowType,
    enrollingStartDate: input.enrollingStartDate ?? null,
    enrollingEndDate: input.enrollingEndDate ?? null,
  };
}

/** Makes the product's items exactly `cohortIds` (removing the others, adding the new ones). */
async function replaceItems(productId: number, cohortIds: number[], transaction: Transaction): Promise<void> {
  const current = await ProductItem.findAll({ where: { productId }, attributes: ['id', 'cohortId'], transaction });
  const keep = new Set(cohortIds);
  const gone = current.filter((i) => !keep.has(i.cohortId)).map((i) => i.id);
  if (gone.length) await ProductItem.destroy({ where: { id: gone }, transaction });
  const have = new Set(current.map((i) => i.cohortId));
  const added = cohortIds.filter((c) => !have.has(c)).map((cohortId) => ({ productId, cohortId }));
  if (added.length) await ProductItem.bulkCreate(added, { transaction });
}

/** Creates an unpublished product with its items. */
export async function createProduct(input: ProductInput, actor: Actor) {
  const cohortIds = await checkedCohortIds(input.cohortIds);
  assertWindow(input);
  return Product.sequelize!.transaction(async (transaction) => {
    const product = await Product.create({ ...productValues(input), ...stamp(actor) }, { transaction });
    if (cohortIds?.length) await replaceItems(product.id, cohortIds, transaction);
    const after = await loadDto(product.id, transaction);
    await recordActivity(actor, { entityType: 'PRODUCT', entityId: product.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, after) }, transaction);
    return after;
  });
}

/**
 * Updates a product (every field; `cohortIds`, when sent, replaces the items). An archived product
 * is read-only; a published one must keep at least one item.
 */
export async function updateProduct(id: number, input: ProductInput, actor: Actor) {
  const product = await findProduct(id);
  const cohortIds = await checkedCohortIds(input.cohortIds, id);
  assertNotArchived(product);
  assertWindow(input);
  if (product.published && cohortIds !== undefined && cohortIds.length === 0) {
    throw AppError.conflict('PRODUCT_PUBLISH_REQUIREMENTS', Messages.PRODUCT_PUBLISH_REQUIREMENTS);
  }
  return Product.sequelize!.transaction(async (transaction) => {
    const before = await loadDto(id, transaction);
    await product.update({ ...productValues(input), ...stamp(actor) }, { transaction });
    if (cohortIds !== undefined) await replaceItems(id, cohortIds, transaction);
    const after = await loadDto(id, transaction);
    await recordActivity(actor, { entityType: 'PRODUCT', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/**
 * Archives a product (soft delete; it is unpublished too). Later areas' blocks (active
 * applications) answer through the archive-guard registry. Archiving an archived product is a no-op.
 */
export async function archiveProduct(id: number, actor: Actor): Promise<void> {
  await findProduct(id);
  await Product.sequelize!.transaction(async (transaction) => {
    const product = await findProduct(id, transaction);
    if (product.deleted) return;
    const refusal = await archiveRefusal('product', id, transaction);
    if (refusal) throw AppError.conflict(refusal.code, refusal.message);
    const before = { deleted: product.deleted, published: product.published };
    await product.update({ deleted: true, published: false, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'PRODUCT',
        entityId: id,
        category: 'ADMINISTRATION',
        type: 'DELETED',
        description: description('ARCHIVED'),
        changes: diff(before, { deleted: true, published: false }),
      },
      transaction,
    );
  });
}

/** Brings an archived product back (unpublished: it is published again through its own call). */
export async function undeleteProduct(id: number, actor: Actor) {
  const product = await findProduct(id);
  if (!product.deleted) return loadDto(id);
  return Product.sequelize!.transaction(async (transaction) => {
    await product.update({ deleted: false, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'PRODUCT',
        entityId: id,
        category: 'ADMINISTRATION',
        type: 'UPDATED',
        description: description('RESTORED'),
        changes: diff({ deleted: true }, { deleted: false }),
      },
      transaction,
    );
    return loadDto(id, transaction);
  });
}

/**
 * Publishes (or, with `publish` false, unpublishes) a product. Publishing needs at least one
 * payment plan and one product item; an archived product is refused either way.
 */
export async function publishProduct(id: number, publish: boolean, actor: Actor) {
  await findProduct(id);
  return Product.sequelize!.transaction(async (transaction) => {
    const product = await findProduct(id, transaction);
    assertNotArchived(product);
    if (publish) {
      const items = await ProductItem.count({ where: { productId: id }, transaction });
      const plans = await ProductPaymentPlan.count({ where: { productId: id }, transaction });
      if (!items || !plans) throw AppError.conflict('PRODUCT_PUBLISH_REQUIREMENTS', Messages.PRODUCT_PUBLISH_REQUIREMENTS);
    }
    if (product.published !== publish) {
      await product.update({ published: publish, ...stamp(actor) }, { transaction });
      await recordActivity(
        actor,
        {
          entityType: 'PRODUCT',
          entityId: id,
          category: 'ADMINISTRATION',
          type: 'UPDATED',
          description: description(publish ? 'PUBLISHED' : 'UNPUBLISHED'),
          changes: diff({ published: !publish }, { published: publish }),
        },
        transaction,
      );
    }
    return loadDto(id, transaction);
  });
}

/** GET /products/{id}/check_enrolling_status: whether the product is enrolling today, and its window. */
export async function checkEnrollingStatus(id: number) {
  const product = await findProduct(id);
  const today = schoolToday();
  return { enrolling: isEnrolling(product, today), enrollingStartDate: product.enrollingStartDate, enrollingEndDate: product.enrollingEndDate, today };
}
