import { UniqueConstraintError, type Includeable, type Transaction } from 'sequelize';
import { Enrollment, ExtraProduct, GatewayEvent, Program, Purchase, Refund, Student } from '../../models';
import { Messages } from '../../models/messages';
import { description } from '../../models/descriptions';
import { recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { declineCodeOfReason, declineSentence, type PaymentGateway } from '../integrations/gateway';
import type { Idempotency } from '../payments/idempotency';
import { readsStudentView } from '../payments/student-view';
import { roundDollars, toCents, toDollars } from '../../domain/money';
import { quantityRefusal, quotePurchase, type PurchaseQuote } from '../../domain/rules/purchases';
import { cardToCharge, chargeCard, declined, savedCardOfToken } from './card-charge';
import { purchaseCriteria, type PurchaseCriteria, type PurchaseInput, type QuoteInput } from './purchases.schemas';
import { taxedState } from './tax-rates';

/**
 * Purchases of extra products (issue 21; domain rules "Purchases"). A student buys for one of their own
 * enrollments (staff for any student: the console's shopping cart) one of the published extra products
 * of the enrollment's program: price × quantity (more than one only with multipleItemPurchase), the tax
 * of the student's state when the product calculates taxes (./tax-rates.ts), the total charged at once.
 * The quote (POST …/purchases/quote) and the purchase run the same computation (domain/rules/purchases.ts).
 *
 * A purchase is charged in three steps, so no transaction waits on the gateway (as a plan's card payment):
 * 1. one transaction: the checks, the card, and the PENDING row with the scoped Idempotency-Key (unique);
 * 2. the gateway charges the total with the purchase's own key (`purchase-{id}`);
 * 3. one transaction: PAID (or FAILED with the gateway's reason), the card-provider history's CHARGE
 *    event and the student's activity entry (PURCHASE_PAID / PURCHASE_FAILED).
 * A FREE product (or a total of 0) is PAID at once without a card or a charge. A decline answers 409
 * PAYMENT_FAILURE (the FAILED purchase stays, listed). The same Idempotency-Key with the same request
 * answers the first result (the purchase, or the same 409) and never charges again; with another
 * request it is 409 IDEMPOTENCY_KEY_REUSED. Refunds go through the refund queue (source PURCHASE).
 */

const money = roundDollars;

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: Program, as: 'program', attributes: ['id', 'name'] },
];

type Loaded = Purchase & { student?: Student | null; program?: Program | null };

export function purchaseDto(row: Purchase) {
  const p = row as Loaded;
  const s = p.student;
  return {
    id: p.id,
    studentId: p.studentId,
    enrollmentId: p.enrollmentId,
    applicationId: p.applicationId,
    programId: p.programId,
    extraProductId: p.extraProductId,
    productName: p.productName,
    productType: p.productType,
    quantity: p.quantity,
    unitPrice: money(p.unitPrice),
    amount: money(p.amount),
    taxState: p.taxState ?? null,
    taxRate: Number(p.taxRate),
    taxAmount: money(p.taxAmount),
    total: money(p.total),
    refundedAmount: money(p.refundedAmount),
    status: p.status,
    failureMessage: p.failureMessage ?? null,
    cardBrand: p.cardBrand ?? null,
    cardLast4: p.cardLast4 ?? null,
    refundId: p.refundId ?? null,
    purchasedAt: p.purchasedAt,
    processedAt: p.processedAt ?? null,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    program: p.program ? { id: p.program.id, name: p.program.name } : null,
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type PurchaseDto = ReturnType<typeof purchaseDto>;

/** The student reads why a charge was declined in our words; staff read the gateway's own text. */
const dtoFor = (viewer: Principal | null | undefined) =>
  readsStudentView(viewer)
    ? (p: Purchase) => {
        const dto = purchaseDto(p);
        return dto.failureMessage ? { ...dto, failureMessage: declineSentence(declineCodeOfReason(dto.failureMessage)) } : dto;
      }
    : purchaseDto;

export const purchaseListSpec: ListSpec<Purchase> = {
  model: Purchase,
  sortable: { id: 'id', purchasedAt: 'purchasedAt', total: 'total', status: 'status' },
  defaultDescending: true,
  keywordColumns: [],
  include,
  criteria: purchaseCriteria,
  // The keyword: the student's name or email, the product's name, or the purchase's or enrollment's id.
  studentKeyword: { columns: ['productName'], numbers: ['id', 'enrollmentId'] },
};

/** GET /purchases (newest first; keyword). */
export function listPurchases(q: PagingQuery) {
  return runList(purchaseListSpec, q, [], purchaseDto);
}

/** POST /purchases/find_by_criteria: students, statuses, types, programs, extraProducts, purchasedAt. */
export function findPurchasesByCriteria(q: PagingQuery, c: PurchaseCriteria) {
  return runList(purchaseListSpec, q, criteriaWhere(purchaseCriteria, c, Purchase.sequelize!.getDialect()), purchaseDto);
}

async function loadDto(id: number, viewer?: Principal | null, transaction?: Transaction): Promise<PurchaseDto> {
  const row = await Purchase.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Purchase');
  return dtoFor(viewer)(row);
}

/** GET /purchases/{id}. */
export function getPurchase(id: number) {
  return loadDto(id);
}

/** An enrollment (404 otherwise), with what a purchase needs of it. */
async function enrollmentOf(enrollmentId: number, transaction?: Transaction): Promise<Enrollment> {
  const enrollment = await Enrollment.findByPk(enrollmentId, { attributes: ['id', 'studentId', 'applicationId', 'programId', 'status'], transaction });
  if (!enrollment) throw AppError.notFound('Enrollment');
  return enrollment;
}

/** Whether the caller is the enrollment's student (the `self` rule of /enrollments/{id}/purchases…). */
export async function ownsEnrollment(enrollmentId: number, auth: Principal | null | undefined): Promise<boolean> {
  if (!auth?.studentId) return false;
  const enrollment = await Enrollment.findByPk(enrollmentId, { attributes: ['id', 'studentId'] });
  return enrollment?.studentId === auth.studentId;
}

/** GET /enrollments/{id}/purchases: the enrollment's purchases, newest first. */
export async function listEnrollmentPurchases(enrollmentId: number, q: PagingQuery, viewer?: Principal | null) {
  await enrollmentOf(enrollmentId);
  return runList(purchaseListSpec, q, [{ enrollmentId }], dtoFor(viewer));
}

/** GET /students/{id}/purchases: every purchase of the student (the portal's Purchases tab), newest first. */
export async function listStudentPurchases(studentId: number, q: PagingQuery, viewer?: Principal | null) {
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
  return runList(purchaseListSpec, q, [{ studentId }], dtoFor(viewer));
}

export function extraProductOfferDto(p: ExtraProduct) {
  return {
    id: p.id,
    programId: p.programId,
    name: p.name,
    description: p.description ?? null,
    type: p.type,
    priceType: p.priceType,
    price: p.priceType === 'FREE' ? 0 : money(p.price ?? 0),
    calculateTaxes: Boolean(p.calculateTaxes),
    multipleItemPurchase: Boolean(p.multipleItemPurchase),
  };
}

/** GET /enrollments/{id}/extra_products: the published extra products of the enrollment's program (what can be bought), by name. */
export async function listOffers(enrollmentId: number) {
  const enrollment = await enrollmentOf(enrollmentId);
  const rows = await ExtraProduct.findAll({
    where: { programId: enrollment.programId, published: true, deleted: false },
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows.map(extraProductOfferDto);
}

/** The product a purchase of the enrollment may buy: of its program, published, not deleted (404 otherwise). */
async function productOf(enrollment: Enrollment, extraProductId: number, transaction?: Transaction): Promise<ExtraProduct> {
  const product = await ExtraProduct.findByPk(extraProductId, { transaction });
  if (!product || product.programId !== enrollment.programId || !product.published || product.deleted) throw AppError.notFound('Extra product');
  return product;
}

export type TaxRates = (state: string) => number | undefined;

/** The quote of a purchase (the refusals of a purchase first: the enrollment, the product, the quantity). */
async function quoteOf(
  enrollment: Enrollment,
  input: QuoteInput,
  rates: TaxRates,
  transaction?: Transaction,
): Promise<{ product: ExtraProduct; quote: PurchaseQuote; student: Student }> {
  if (enrollment.status === 'CANCELLED') throw AppError.conflict('PURCHASE_ENROLLMENT_CANCELLED', Messages.PURCHASE_ENROLLMENT_CANCELLED);
  const product = await productOf(enrollment, input.extraProductId, transaction);
  if (quantityRefusal(product, input.quantity)) throw AppError.badRequest({ quantity: Messages.SINGLE_ITEM_ONLY });
  const student = (await Student.findByPk(enrollment.studentId, { attributes: ['id', 'firstName', 'lastName', 'stateCode', 'countryCode'], transaction }))!;
  const quote = quotePurchase(
    {
      priceType: product.priceType,
      priceCents: product.price === null ? null : toCents(product.price),
      calculateTaxes: Boolean(product.calculateTaxes),
      multipleItemPurchase: Boolean(product.multipleItemPurchase),
    },
    input.quantity,
    taxedState(student),
    rates,
  );
  return { product, quote, student };
}

export function quoteDto(product: ExtraProduct, q: PurchaseQuote) {
  return {
    extraProductId: product.id,
    productName: product.name,
    productType: product.type,
    quantity: q.quantity,
    unitPrice: toDollars(q.unitPriceCents),
    amount: toDollars(q.subtotalCents),
    taxState: q.taxState,
    taxRate: q.taxRate,
    taxAmount: toDollars(q.taxCents),
    total: toDollars(q.totalCents),
  };
}
export type QuoteDto = ReturnType<typeof quoteDto>;

/** POST /enrollments/{id}/purchases/quote: the figures a purchase of the same body would charge. */
export async function quote(enrollmentId: number, input: QuoteInput, rates: TaxRates): Promise<QuoteDto> {
  const enrollment = await enrollmentOf(enrollmentId);
  const { product, quote: q } = await quoteOf(enrollment, input, rates);
  return quoteDto(product, q);
}

/** The first result of a key used before: its purchase (PAID, REFUNDED), or its 409. */
function replay(first: Purchase, requestHash: string | undefined): number {
  if (first.idempotencyHash && requestHash && first.idempotencyHash !== requestHash) throw AppError.conflict('IDEMPOTENCY_KEY_REUSED', Messages.IDEMPOTENCY_KEY_REUSED);
  if (first.status === 'PENDING') throw AppError.conflict('PAYMENT_IN_PROGRESS', Messages.PAYMENT_IN_PROGRESS);
  if (first.status === 'FAILED') throw declined(first.failureMessage);
  return first.id;
}

/**
 * POST /enrollments/{id}/purchases (the pipeline in the file comment). Answers the PAID purchase;
 * refusals: 404 enrollment / extra product / payment method, 400 quantity, 409
 * PURCHASE_ENROLLMENT_CANCELLED, PAYMENT_METHOD_REQUIRED, PAYMENT_FAILURE, IDEMPOTENCY_KEY_REUSED,
 * PAYMENT_IN_PROGRESS (the same key's purchase still charging).
 */
export async function purchase(
  gateway: PaymentGateway,
  enrollmentId: number,
  input: PurchaseInput,
  rates: TaxRates,
  idempotency: Idempotency | undefined,
  actor: Actor,
  viewer?: Principal | null,
): Promise<PurchaseDto> {
  const sequelize = Purchase.sequelize!;
  const enrollment = await enrollmentOf(enrollmentId);
  const scopedKey = idempotency ? `student:${enrollment.studentId}:${idempotency.key}` : null;
  const replayed = async (): Promise<number | null> => {
    const first = scopedKey ? await Purchase.findOne({ where: { idempotencyKey: scopedKey } }) : null;
    return first ? replay(first, idempotency?.requestHash) : null;
  };
  const done = await replayed();
  if (done) return loadDto(done, viewer);

  // A new card is saved on the student before anything else (its own transaction), unless nothing is to be charged.
  const { quote: early } = await quoteOf(enrollment, input, rates);
  const methodId = early.totalCents > 0 ? ((await savedCardOfToken(gateway, enrollment.studentId, input.token, actor)) ?? input.paymentMethodId) : null;

  let opened: { row: Purchase; card: Awaited<ReturnType<typeof cardToCharge>> | null };
  try {
    opened = await sequelize.transaction(async (transaction) => {
      const { product, quote: q } = await quoteOf(enrollment, input, rates, transaction);
      const card = q.totalCents > 0 ? await cardToCharge(enrollment.studentId, methodId, transaction) : null;
      const now = new Date();
      const free = q.totalCents === 0;
      const row = await Purchase.create(
        {
          studentId: enrollment.studentId,
          enrollmentId: enrollment.id,
          applicationId: enrollment.applicationId,
          programId: enrollment.programId,
          extraProductId: product.id,
          productName: product.name,
          productType: product.type,
          quantity: q.quantity,
          unitPrice: toDollars(q.unitPriceCents),
          amount: toDollars(q.subtotalCents),
          taxState: q.taxState,
          taxRate: q.taxRate,
          taxAmount: toDollars(q.taxCents),
          total: toDollars(q.totalCents),
          status: free ? 'PAID' : 'PENDING',
          paymentMethodId: card?.id ?? null,
          gateway: card ? gateway.name : null,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          idempotencyKey: scopedKey,
          idempotencyHash: idempotency?.requestHash ?? null,
          purchasedAt: now,
          processedAt: free ? now : null,
          ...stamp(actor),
        },
        { transaction },
      );
      if (free) await paidActivity(row, actor, transaction);
      return { row, card };
    });
  } catch (err) {
    // The same key sent twice at once: the first insert wins, the second answers its result.
    if (err instanceof UniqueConstraintError) {
      const first = await replayed();
      if (first) return loadDto(first, viewer);
    }
    throw err;
  }
  const { row, card } = opened;
  if (!card) return loadDto(row.id, viewer);

  const outcome = await chargeCard(gateway, {
    amountCents: toCents(row.total),
    card,
    idempotencyKey: `purchase-${row.id}`,
    description: `${row.productName} × ${row.quantity} (purchase ${row.id})`,
    metadata: { purchaseId: String(row.id), enrollmentId: String(row.enrollmentId), studentId: String(row.studentId), extraProductId: String(row.extraProductId) },
  });
  await sequelize.transaction(async (transaction) => {
    const now = new Date();
    const ok = outcome.ok;
    await row.update(ok ? { status: 'PAID', gatewayChargeId: outcome.chargeId, processedAt: now } : { status: 'FAILED', failureMessage: outcome.reason, processedAt: now }, {
      transaction,
    });
    await GatewayEvent.create(
      {
        studentId: row.studentId,
        paymentId: null,
        provider: gateway.name,
        kind: 'CHARGE',
        amount: row.total,
        status: ok ? 'SUCCEEDED' : 'FAILED',
        reference: ok ? outcome.chargeId : null,
        message: ok ? null : outcome.reason,
      },
      { transaction },
    );
    if (ok) await paidActivity(row, actor, transaction);
    else
      await recordActivity(
        actor,
        {
          entityType: 'PURCHASE',
          entityId: row.id,
          studentId: row.studentId,
          category: 'BILLING',
          type: 'PURCHASE_FAILED',
          description: description('PURCHASE_DECLINED', { product: row.productName, quantity: row.quantity, brand: row.cardBrand, last4: row.cardLast4, reason: outcome.reason }),
          changes: { status: { from: 'PENDING', to: 'FAILED' } },
        },
        transaction,
      );
  });
  if (!outcome.ok) throw declined(outcome.reason, outcome.declineCode);
  return loadDto(row.id, viewer);
}

function paidActivity(row: Purchase, actor: Actor, transaction: Transaction) {
  return recordActivity(
    actor,
    {
      entityType: 'PURCHASE',
      entityId: row.id,
      studentId: row.studentId,
      category: 'BILLING',
      type: 'PURCHASE_PAID',
      description: description('PURCHASE_PAID', { product: row.productName, quantity: row.quantity, brand: row.cardBrand, last4: row.cardLast4, amount: toCents(row.total) }),
      changes: { status: { from: null, to: 'PAID' }, total: { from: null, to: money(row.total) } },
    },
    transaction,
  );
}

/**
 * POST /purchases/{id}/refund: a REQUESTED refund queue item (source PURCHASE) of what the purchase has
 * left to give back, amount and tax in proportion. Refusals: 404; not PAID or nothing left → 409
 * PURCHASE_NOT_REFUNDABLE; a refund of it still open (REQUESTED or APPROVED) → 409 PENDING_REFUNDS.
 * The queue then approves and submits it (online: against the purchase's own charge); once it gave
 * everything back the purchase is REFUNDED (api/refunds/purchase-refunds.ts).
 */
export async function requestRefund(id: number, comments: string | null | undefined, actor: Actor): Promise<PurchaseDto> {
  await Purchase.sequelize!.transaction(async (transaction) => {
    const row = await Purchase.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw AppError.notFound('Purchase');
    const left = toCents(row.total) - toCents(row.refundedAmount);
    if (row.status !== 'PAID' || left <= 0 || !row.gatewayChargeId) throw AppError.conflict('PURCHASE_NOT_REFUNDABLE', Messages.PURCHASE_NOT_REFUNDABLE);
    const open = await Refund.count({ where: { source: 'PURCHASE', sourceId: row.id, status: ['REQUESTED', 'APPROVED'] }, transaction });
    if (open > 0) throw AppError.conflict('PENDING_REFUNDS', Messages.PENDING_REFUNDS);
    const total = toCents(row.total);
    const taxCents = Math.min(left, Math.round((toCents(row.taxAmount) * left) / total));
    const refund = await Refund.create(
      {
        applicationId: row.applicationId,
        studentId: row.studentId,
        studentPaymentPlanId: null,
        source: 'PURCHASE',
        sourceId: row.id,
        status: 'REQUESTED',
        refundStatus: 'PENDING',
        amountToBeRefunded: toDollars(left - taxCents),
        taxToBeRefunded: toDollars(taxCents),
        totalToBeRefunded: toDollars(left),
        comments: comments ?? null,
        ...stamp(actor),
      },
      { transaction },
    );
    await row.update({ refundId: refund.id, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'REFUND',
        entityId: refund.id,
        studentId: row.studentId,
        category: 'BILLING',
        type: 'CREATED',
        description: description('PURCHASE_REFUND_REQUESTED', { product: row.productName, amount: left }),
        changes: { source: { from: null, to: 'PURCHASE' }, totalToBeRefunded: { from: null, to: toDollars(left) } },
      },
      transaction,
    );
  });
  return loadDto(id);
}
