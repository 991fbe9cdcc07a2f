import { UniqueConstraintError, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Coach, CoachProduct, CoachProductPurchase, CoachProductSignUp, GatewayEvent, Student } from '../../models';
import { Messages } from '../../models/messages';
import { description } from '../../models/descriptions';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { PaymentGateway } from '../integrations/gateway';
import type { Idempotency } from '../payments/idempotency';
import { roundDollars, toCents, toDollars } from '../../domain/money';
import { cardToCharge, chargeCard, declined } from '../purchases/card-charge';
import type { CoachCriteria, CoachProductInput, SignUpInput } from './coach-products.schemas';

/**
 * Coaches' products (issue 21; domain rules "Purchases"): a coach sells sessions with them — a product
 * of the coach's own (name, type, price, sessions) — and signs a customer up for it. The sign-up
 * (/coach_product_sign_up, the console's /cmp-sessions) counts the sessions bought and held; its
 * purchase (/coach_product_purchases, /cmp-transactions) is the charge of the product's price on the
 * customer's card, made at once as an extra product's (three steps, the gateway outside any
 * transaction, an Idempotency-Key). A coach reaches only their own products, sign-ups and purchases
 * (another's is 404); staff with coaches:read see all, coaches:update act for any coach.
 */

const money = roundDollars;

const personOf = (s: Student | null | undefined) =>
  s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null;

const coachInclude: Includeable = {
  model: Coach,
  as: 'coach',
  attributes: ['id', 'studentId'],
  include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] }],
};
const customerInclude: Includeable = { model: Student, as: 'customer', attributes: ['id', 'firstName', 'lastName', 'email'] };
type WithCoach = { coach?: (Coach & { student?: Student | null }) | null };
const coachRef = (row: WithCoach) => {
  const c = row.coach;
  return c ? { id: c.id, name: c.student ? `${c.student.firstName} ${c.student.lastName}`.trim() : '' } : null;
};

/** A coach's token is limited to its own rows; staff see every coach's. */
const scope = (viewer: Principal | null | undefined): WhereOptions => (viewer?.kind === 'COACH' ? { coachId: viewer.coachId ?? 0 } : {});

// ---- Products ----

export function coachProductDto(row: CoachProduct) {
  const p = row as CoachProduct & WithCoach;
  return {
    id: p.id,
    coachId: p.coachId,
    coach: coachRef(p),
    name: p.name,
    description: p.description ?? null,
    type: p.type,
    price: money(p.price),
    sessions: p.sessions,
    active: Boolean(p.active),
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type CoachProductDto = ReturnType<typeof coachProductDto>;

const productSpec: ListSpec<CoachProduct> = { model: CoachProduct, sortable: { id: 'id', name: 'name' }, keywordColumns: ['name'], include: [coachInclude] };

/** GET /coach_products: the coach's own (staff: all, `coachId` one coach's); `active` filters. */
export function listCoachProducts(q: PagingQuery & { coachId?: number; active?: 'true' | 'false' }, viewer: Principal | null | undefined) {
  const { coachId, active, ...paging } = q;
  return runList(productSpec, paging, [scope(viewer), coachId ? { coachId } : null, active ? { active: active === 'true' } : null], coachProductDto);
}

async function productFor(id: number, viewer: Principal | null | undefined, transaction?: Transaction): Promise<CoachProduct> {
  const row = await CoachProduct.findOne({ where: { id, ...scope(viewer) }, include: [coachInclude], transaction });
  if (!row) throw AppError.notFound('Coach product');
  return row;
}

/** GET /coach_products/{id}. */
export async function getCoachProduct(id: number, viewer: Principal | null | undefined) {
  return coachProductDto(await productFor(id, viewer));
}

/** The coach a write is for: a coach's token its own (a coachId of another is 400); staff must name one (400 when missing or unknown). */
async function coachOf(input: { coachId?: number | null }, viewer: Principal | null | undefined): Promise<number> {
  if (viewer?.kind === 'COACH') {
    if (input.coachId && input.coachId !== viewer.coachId) throw AppError.badRequest({ coachId: Messages.INVALID_VALUE });
    return viewer.coachId!;
  }
  if (!input.coachId) throw AppError.badRequest({ coachId: Messages.REQUIRED });
  if (!(await Coach.findByPk(input.coachId, { attributes: ['id'] }))) throw AppError.badRequest({ coachId: Messages.INVALID_VALUE });
  return input.coachId;
}

const productSnapshot = (p: CoachProduct) => ({
  name: p.name,
  description: p.description ?? null,
  type: p.type,
  price: money(p.price),
  sessions: p.sessions,
  active: Boolean(p.active),
});

/** POST /coach_products. */
export async function createCoachProduct(input: CoachProductInput, viewer: Principal | null | undefined, actor: Actor) {
  const coachId = await coachOf(input, viewer);
  const id = await CoachProduct.sequelize!.transaction(async (transaction) => {
    const row = await CoachProduct.create(
      {
        coachId,
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        price: toDollars(input.price),
        sessions: input.sessions,
        active: input.active ?? true,
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(
      actor,
      { entityType: 'COACH_PRODUCT', entityId: row.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, productSnapshot(row)) },
      transaction,
    );
    return row.id;
  });
  return getCoachProduct(id, viewer);
}

/** PUT /coach_products/{id}: the coach's own (another's 404). Sign-ups made keep the product as it was. */
export async function updateCoachProduct(id: number, input: CoachProductInput, viewer: Principal | null | undefined, actor: Actor) {
  await CoachProduct.sequelize!.transaction(async (transaction) => {
    const row = await productFor(id, viewer, transaction);
    if (input.coachId && input.coachId !== row.coachId) throw AppError.badRequest({ coachId: Messages.INVALID_VALUE });
    const before = productSnapshot(row);
    await row.update(
      {
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        price: toDollars(input.price),
        sessions: input.sessions,
        active: input.active ?? row.active,
        ...stamp(actor),
      },
      { transaction },
    );
    const changes = diff(before, productSnapshot(row));
    if (Object.keys(changes).length) await recordActivity(actor, { entityType: 'COACH_PRODUCT', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes }, transaction);
  });
  return getCoachProduct(id, viewer);
}

// ---- Sign-ups (/cmp-sessions) ----

export function signUpDto(row: CoachProductSignUp) {
  const s = row as CoachProductSignUp & WithCoach & { customer?: Student | null };
  return {
    id: s.id,
    coachProductId: s.coachProductId,
    coachId: s.coachId,
    coach: coachRef(s),
    customerId: s.studentId,
    customer: personOf(s.customer),
    productName: s.productName,
    productType: s.productType,
    sessionsTotal: s.sessionsTotal,
    sessionsUsed: s.sessionsUsed,
    sessionsLeft: Math.max(0, s.sessionsTotal - s.sessionsUsed),
    status: s.status,
    lastSessionAt: s.lastSessionAt ?? null,
    notes: s.notes ?? null,
    updatedBy: updatedByOf(s),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type SignUpDto = ReturnType<typeof signUpDto>;

const include = [coachInclude, customerInclude];
const signUpSpec: ListSpec<CoachProductSignUp> = {
  model: CoachProductSignUp,
  sortable: { id: 'id', status: 'status', createdAt: 'createdAt' },
  defaultDescending: true,
  keywordColumns: [],
  include,
  studentKeyword: { columns: ['productName'], numbers: ['id'] },
};

/** The criteria's where ({coach, customer, status, coachProductType}; empty parts dropped). */
function criteriaOf(c: CoachCriteria): WhereOptions[] {
  const out: WhereOptions[] = [];
  if (c.coach) out.push({ coachId: c.coach });
  if (c.customer) out.push({ studentId: c.customer });
  if (c.status) out.push({ status: c.status });
  if (c.coachProductType) out.push({ productType: c.coachProductType });
  return out;
}

/** GET /coach_product_sign_up and POST …/find_by_criteria: newest first, a coach's own. */
export function listSignUps(q: PagingQuery, c: CoachCriteria, viewer: Principal | null | undefined) {
  return runList(signUpSpec, q, [scope(viewer), ...criteriaOf(c)], signUpDto);
}

async function loadSignUp(id: number, viewer: Principal | null | undefined, transaction?: Transaction): Promise<CoachProductSignUp> {
  const row = await CoachProductSignUp.findOne({ where: { id, ...scope(viewer) }, include, transaction });
  if (!row) throw AppError.notFound('Sign-up');
  return row;
}

/** GET /coach_product_sign_up/{id}. */
export async function getSignUp(id: number, viewer: Principal | null | undefined) {
  return signUpDto(await loadSignUp(id, viewer));
}

/** The customer of a sign-up: by id, or by the email the coach typed (404 'Customer' when none; an archived or merged record is not one). */
async function customerOf(input: SignUpInput): Promise<Student> {
  const where = input.customerId ? { id: input.customerId } : { email: input.customerEmail! };
  const customer = await Student.findOne({ where: { ...where, mergedIntoId: null, archivedAt: null }, attributes: ['id', 'firstName', 'lastName', 'email'] });
  if (!customer) throw AppError.notFound('Customer');
  return customer;
}

/**
 * POST /coach_product_sign_up: signs the customer up for the product (the coach's own; inactive → 409
 * COACH_PRODUCT_INACTIVE) and charges its price at once on the customer's card (409
 * PAYMENT_METHOD_REQUIRED without one; a decline leaves the sign-up PAYMENT_FAILED and answers 409
 * PAYMENT_FAILURE). A product of price 0 is ACTIVE at once. The same Idempotency-Key from the same
 * person answers the first sign-up and never charges twice.
 */
export async function signUp(
  gateway: PaymentGateway,
  input: SignUpInput,
  idempotency: Idempotency | undefined,
  viewer: Principal | null | undefined,
  actor: Actor,
): Promise<SignUpDto> {
  const sequelize = CoachProductSignUp.sequelize!;
  const scopedKey = idempotency ? `user:${actor.userId ?? 0}:${idempotency.key}` : null;
  const replayed = async (): Promise<number | null> => {
    const first = scopedKey ? await CoachProductPurchase.findOne({ where: { idempotencyKey: scopedKey } }) : null;
    if (!first) return null;
    if (first.idempotencyHash && idempotency && first.idempotencyHash !== idempotency.requestHash)
      throw AppError.conflict('IDEMPOTENCY_KEY_REUSED', Messages.IDEMPOTENCY_KEY_REUSED);
    if (first.status === 'PENDING') throw AppError.conflict('PAYMENT_IN_PROGRESS', Messages.PAYMENT_IN_PROGRESS);
    if (first.status === 'FAILED') throw declined(first.failureMessage);
    return first.signUpId;
  };
  const done = await replayed();
  if (done) return getSignUp(done, viewer);

  const product = await productFor(input.coachProductId, viewer);
  if (!product.active) throw AppError.conflict('COACH_PRODUCT_INACTIVE', Messages.COACH_PRODUCT_INACTIVE);
  const customer = await customerOf(input);
  const priceCents = toCents(product.price);
  const coachName = coachRef(product as CoachProduct & WithCoach)?.name ?? '';

  let opened: { signUp: CoachProductSignUp; purchase: CoachProductPurchase; card: Awaited<ReturnType<typeof cardToCharge>> | null };
  try {
    opened = await sequelize.transaction(async (transaction) => {
      const card = priceCents > 0 ? await cardToCharge(customer.id, input.paymentMethodId, transaction) : null;
      const now = new Date();
      const free = priceCents === 0;
      const signUp = await CoachProductSignUp.create(
        {
          coachProductId: product.id,
          coachId: product.coachId,
          studentId: customer.id,
          productName: product.name,
          productType: product.type,
          sessionsTotal: product.sessions,
          status: free ? 'ACTIVE' : 'PENDING_PAYMENT',
          notes: input.notes ?? null,
          ...stamp(actor),
        },
        { transaction },
      );
      const purchase = await CoachProductPurchase.create(
        {
          signUpId: signUp.id,
          coachProductId: product.id,
          coachId: product.coachId,
          studentId: customer.id,
          productName: product.name,
          productType: product.type,
          amount: toDollars(priceCents),
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
      await recordActivity(
        actor,
        {
          entityType: 'COACH_PRODUCT_SIGN_UP',
          entityId: signUp.id,
          studentId: customer.id,
          category: 'ENROLLMENT',
          type: 'CREATED',
          description: description('COACH_PRODUCT_SIGNED_UP', { product: product.name, coach: coachName }),
        },
        transaction,
      );
      if (free) await paidEntry(purchase, actor, transaction);
      return { signUp, purchase, card };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) {
      const first = await replayed();
      if (first) return getSignUp(first, viewer);
    }
    throw err;
  }
  const { signUp: row, purchase, card } = opened;
  if (!card) return getSignUp(row.id, viewer);

  const outcome = await chargeCard(gateway, {
    amountCents: priceCents,
    card,
    idempotencyKey: `coach-product-purchase-${purchase.id}`,
    description: `${product.name} with ${coachName} (coach product purchase ${purchase.id})`,
    metadata: { coachProductPurchaseId: String(purchase.id), signUpId: String(row.id), coachId: String(product.coachId), studentId: String(customer.id) },
  });
  await sequelize.transaction(async (transaction) => {
    const now = new Date();
    await purchase.update(
      outcome.ok ? { status: 'PAID', gatewayChargeId: outcome.chargeId, processedAt: now } : { status: 'FAILED', failureMessage: outcome.reason, processedAt: now },
      { transaction },
    );
    await row.update({ status: outcome.ok ? 'ACTIVE' : 'PAYMENT_FAILED' }, { transaction });
    await GatewayEvent.create(
      {
        studentId: customer.id,
        paymentId: null,
        provider: gateway.name,
        kind: 'CHARGE',
        amount: purchase.amount,
        status: outcome.ok ? 'SUCCEEDED' : 'FAILED',
        reference: outcome.ok ? outcome.chargeId : null,
        message: outcome.ok ? null : outcome.reason,
      },
      { transaction },
    );
    if (outcome.ok) await paidEntry(purchase, actor, transaction);
    else
      await recordActivity(
        actor,
        {
          entityType: 'COACH_PRODUCT_PURCHASE',
          entityId: purchase.id,
          studentId: customer.id,
          category: 'BILLING',
          type: 'PURCHASE_FAILED',
          description: description('PURCHASE_DECLINED', {
            product: purchase.productName,
            quantity: 1,
            brand: purchase.cardBrand,
            last4: purchase.cardLast4,
            reason: outcome.reason,
          }),
        },
        transaction,
      );
  });
  if (!outcome.ok) throw declined(outcome.reason, outcome.declineCode);
  return getSignUp(row.id, viewer);
}

function paidEntry(p: CoachProductPurchase, actor: Actor, transaction: Transaction) {
  return recordActivity(
    actor,
    {
      entityType: 'COACH_PRODUCT_PURCHASE',
      entityId: p.id,
      studentId: p.studentId,
      category: 'BILLING',
      type: 'PURCHASE_PAID',
      description: description('PURCHASE_PAID', { product: p.productName, quantity: 1, brand: p.cardBrand, last4: p.cardLast4, amount: toCents(p.amount) }),
    },
    transaction,
  );
}

/**
 * POST /coach_product_sign_up/{id}/sessions: one more session held (the coach's own sign-up). Only an
 * ACTIVE sign-up (409 COACH_PRODUCT_SIGN_UP_NOT_ACTIVE); the last session makes it COMPLETED. A
 * compare-and-set on the count keeps two clicks at once from counting one session twice.
 */
export async function recordSession(id: number, viewer: Principal | null | undefined, actor: Actor): Promise<SignUpDto> {
  await CoachProductSignUp.sequelize!.transaction(async (transaction) => {
    const row = await loadSignUp(id, viewer, transaction);
    if (row.status !== 'ACTIVE') throw AppError.conflict('COACH_PRODUCT_SIGN_UP_NOT_ACTIVE', Messages.COACH_PRODUCT_SIGN_UP_NOT_ACTIVE);
    if (row.sessionsUsed >= row.sessionsTotal) throw AppError.conflict('COACH_PRODUCT_NO_SESSIONS_LEFT', Messages.COACH_PRODUCT_NO_SESSIONS_LEFT);
    const used = row.sessionsUsed + 1;
    const status = used >= row.sessionsTotal ? 'COMPLETED' : 'ACTIVE';
    const [count] = await CoachProductSignUp.update(
      { sessionsUsed: used, status, lastSessionAt: new Date(), ...stamp(actor) },
      { where: { id, sessionsUsed: row.sessionsUsed, status: 'ACTIVE' }, transaction },
    );
    if (count !== 1) throw AppError.conflict('COACH_PRODUCT_SIGN_UP_NOT_ACTIVE', Messages.COACH_PRODUCT_SIGN_UP_NOT_ACTIVE);
    await recordActivity(
      actor,
      {
        entityType: 'COACH_PRODUCT_SIGN_UP',
        entityId: id,
        studentId: row.studentId,
        category: 'ENROLLMENT',
        type: 'UPDATED',
        description: description('COACH_PRODUCT_SESSION_HELD', { number: used, total: row.sessionsTotal, product: row.productName }),
        changes: { sessionsUsed: { from: row.sessionsUsed, to: used }, ...(status !== row.status ? { status: { from: row.status, to: status } } : {}) },
      },
      transaction,
    );
  });
  return getSignUp(id, viewer);
}

// ---- Purchases (/cmp-transactions) ----

export function coachPurchaseDto(row: CoachProductPurchase) {
  const p = row as CoachProductPurchase & WithCoach & { customer?: Student | null };
  return {
    id: p.id,
    signUpId: p.signUpId,
    coachProductId: p.coachProductId,
    coachId: p.coachId,
    coach: coachRef(p),
    customerId: p.studentId,
    customer: personOf(p.customer),
    productName: p.productName,
    productType: p.productType,
    amount: money(p.amount),
    status: p.status,
    failureMessage: p.failureMessage ?? null,
    cardBrand: p.cardBrand ?? null,
    cardLast4: p.cardLast4 ?? null,
    purchasedAt: p.purchasedAt,
    processedAt: p.processedAt ?? null,
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type CoachPurchaseDto = ReturnType<typeof coachPurchaseDto>;

const purchaseSpec: ListSpec<CoachProductPurchase> = {
  model: CoachProductPurchase,
  sortable: { id: 'id', status: 'status', purchasedAt: 'purchasedAt', amount: 'amount' },
  defaultDescending: true,
  keywordColumns: [],
  include,
  studentKeyword: { columns: ['productName'], numbers: ['id', 'signUpId'] },
};

/** GET /coach_product_purchases and POST …/find_by_criteria: newest first, a coach's own. */
export function listCoachPurchases(q: PagingQuery, c: CoachCriteria, viewer: Principal | null | undefined) {
  return runList(purchaseSpec, q, [scope(viewer), ...criteriaOf(c)], coachPurchaseDto);
}

/** GET /coach_product_purchases/{id}. */
export async function getCoachPurchase(id: number, viewer: Principal | null | undefined) {
  const row = await CoachProductPurchase.findOne({ where: { id, ...scope(viewer) }, include });
  if (!row) throw AppError.notFound('Coach product purchase');
  return coachPurchaseDto(row);
}
