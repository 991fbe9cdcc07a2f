import { Op, type Transaction } from 'sequelize';
import { Application, PaymentMethod, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { format, Messages } from '../../models/messages';
import { recordActivity } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import type { Page } from '../common/list';
import { declineSentence, GatewayError, type PaymentGateway } from '../integrations/gateway';
import type { SandboxCardInput } from '../integrations/sandbox-gateway';
import { SandboxGateway } from '../integrations/sandbox-gateway';
import type { PaymentMethodListQuery, PaymentMethodUpdate } from './payment-methods.schemas';
import { description } from '../../models/descriptions';

/**
 * A student's payment methods (platform spec §2 "payment method"; domain rules "Payment plans and
 * payments"): cards held by the gateway, added from a browser-made token. Only the gateway's ids,
 * brand, last four digits, expiry and fingerprint are stored. The same card (fingerprint) twice on
 * one student is refused; the first card becomes the default.
 */

export function paymentMethodDto(m: PaymentMethod) {
  return { id: m.id, brand: m.brand, last4: m.last4, expMonth: m.expMonth, expYear: m.expYear, isDefault: m.isDefault };
}
export type PaymentMethodDto = ReturnType<typeof paymentMethodDto>;

/** A gateway refusal as the contract answers it: 409 'Payment failure {why, in our words}' or 400 on the fields. */
export function gatewayFailure(err: unknown, tokenField = 'stripeTokenId'): unknown {
  if (!(err instanceof GatewayError)) return err;
  if (err.kind === 'declined') return AppError.conflict('PAYMENT_FAILURE', format(Messages.PAYMENT_FAILURE, declineSentence(err.declineCode)));
  return AppError.badRequest(err.errors ?? { [tokenField]: Messages.INVALID_VALUE });
}

async function findStudent(studentId: number): Promise<Student> {
  const student = await Student.findByPk(studentId, { attributes: ['id', 'email', 'archived'] });
  if (!student) throw AppError.notFound('Student');
  return student;
}

/** GET /students/{id}/payment_methods: the cards not deleted, the default first, then oldest first. */
export async function listPaymentMethods(studentId: number, q: PaymentMethodListQuery): Promise<Page<PaymentMethodDto>> {
  await findStudent(studentId);
  const where = { studentId, deleted: false };
  const [rows, total] = await Promise.all([
    PaymentMethod.findAll({
      where,
      order: [
        ['isDefault', 'DESC'],
        ['id', 'ASC'],
      ],
      limit: q.size,
      offset: q.page * q.size,
    }),
    PaymentMethod.count({ where }),
  ]);
  return { content: rows.map(paymentMethodDto), pagination: { total, page: q.page, size: q.size } };
}

/**
 * POST /students/{id}/payment_methods: the gateway attaches the token's card to the student (as its
 * customer); then, in one transaction that first locks the student's row (so two cards added at
 * once are counted one after the other), the duplicate check and the insert.
 */
export async function addPaymentMethod(gateway: PaymentGateway, studentId: number, token: string, actor: Actor): Promise<PaymentMethodDto> {
  const student = await findStudent(studentId);
  if (student.archived) throw AppError.conflict('STUDENT_ARCHIVED', Messages.STUDENT_ARCHIVED);
  const known = await PaymentMethod.findOne({ where: { studentId, gateway: gateway.name }, attributes: ['gatewayCustomerId'], order: [['id', 'ASC']] });
  let card;
  try {
    card = await gateway.attachCard(token, { studentId, email: student.email, customerId: known?.gatewayCustomerId ?? null });
  } catch (err) {
    throw gatewayFailure(err);
  }
  return PaymentMethod.sequelize!.transaction(async (transaction) => {
    await Student.findByPk(studentId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
    const mine = await PaymentMethod.findAll({ where: { studentId, deleted: false }, attributes: ['id', 'fingerprint'], transaction });
    if (mine.some((m) => m.fingerprint === card.fingerprint)) throw AppError.conflict('DUPLICATE_CARD', Messages.DUPLICATE_CARD);
    const method = await PaymentMethod.create(
      {
        studentId,
        gateway: gateway.name,
        gatewayCustomerId: card.customerId,
        gatewayMethodId: card.methodId,
        fingerprint: card.fingerprint,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: mine.length === 0,
      },
      { transaction },
    );
    await recordActivity(
      actor,
      {
        entityType: 'PAYMENT_METHOD',
        entityId: method.id,
        studentId,
        category: 'BILLING',
        type: 'CREATED',
        description: description('CARD_ADDED', { brand: card.brand, last4: card.last4 }),
        changes: { card: { from: null, to: `${card.brand} ${card.last4} ${card.expMonth}/${card.expYear}` } },
      },
      transaction,
    );
    return paymentMethodDto(method);
  });
}

/**
 * One of the student's cards inside a transaction that first locks the student's row (as adding does),
 * so the changes to one student's cards run one after the other. A missing student, or a card that is
 * deleted or another student's, is 404.
 */
async function lockedCard(studentId: number, methodId: number, transaction: Transaction): Promise<PaymentMethod> {
  const student = await Student.findByPk(studentId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
  if (!student) throw AppError.notFound('Student');
  const method = await PaymentMethod.findOne({ where: { id: methodId, studentId, deleted: false }, transaction });
  if (!method) throw AppError.notFound('Payment method');
  return method;
}

const cardLabel = (m: PaymentMethod) => `${m.brand} ${m.last4} ${m.expMonth}/${m.expYear}`;

/** PUT /students/{id}/payment_methods/{methodId}/default: this card becomes the default, the others stop being it. */
export async function setDefaultPaymentMethod(studentId: number, methodId: number, actor: Actor): Promise<PaymentMethodDto> {
  return PaymentMethod.sequelize!.transaction(async (transaction) => {
    const method = await lockedCard(studentId, methodId, transaction);
    if (method.isDefault) return paymentMethodDto(method);
    await PaymentMethod.update({ isDefault: false }, { where: { studentId, isDefault: true }, transaction });
    await method.update({ isDefault: true }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'PAYMENT_METHOD',
        entityId: method.id,
        studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('CARD_DEFAULT', { brand: method.brand, last4: method.last4 }),
        changes: { isDefault: { from: false, to: true } },
      },
      transaction,
    );
    return paymentMethodDto(method);
  });
}

/**
 * PUT /students/{id}/payment_methods/{methodId}: a renewed card's new expiry (the body schema refuses a
 * past one). The same card keeps its fingerprint and gateway ids; only the stored expiry changes.
 */
export async function updatePaymentMethod(studentId: number, methodId: number, input: PaymentMethodUpdate, actor: Actor): Promise<PaymentMethodDto> {
  return PaymentMethod.sequelize!.transaction(async (transaction) => {
    const method = await lockedCard(studentId, methodId, transaction);
    if (method.expMonth === input.expMonth && method.expYear === input.expYear) return paymentMethodDto(method);
    const before = cardLabel(method);
    await method.update({ expMonth: input.expMonth, expYear: input.expYear }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'PAYMENT_METHOD',
        entityId: method.id,
        studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('CARD_EXPIRY_UPDATED', { brand: method.brand, last4: method.last4 }),
        changes: { card: { from: before, to: cardLabel(method) } },
      },
      transaction,
    );
    return paymentMethodDto(method);
  });
}

/**
 * Whether the card is assigned to a PENDING schedule entry (domain rules: such a card cannot be
 * deleted): the entry's own card (payment_schedules.payment_method_id, set when the plan is issued
 * and when staff change the plan's card), or, for an entry without one, its application's card.
 */
async function assignedToPendingSchedule(methodId: number, transaction: Transaction): Promise<boolean> {
  const own = await PaymentSchedule.count({ where: { paymentMethodId: methodId, status: 'PENDING' }, transaction });
  if (own > 0) return true;
  const applications = await Application.findAll({ where: { paymentMethodId: methodId }, attributes: ['id'], transaction });
  if (!applications.length) return false;
  const pending = await PaymentSchedule.count({
    where: { status: 'PENDING', paymentMethodId: null },
    include: [{ model: StudentPaymentPlan, as: 'plan', attributes: [], required: true, where: { applicationId: applications.map((a) => a.id) } }],
    transaction,
  });
  return pending > 0;
}

/**
 * DELETE /students/{id}/payment_methods/{methodId}: a soft delete (deleted, no longer the default).
 * Refused (409) while the card is assigned to a pending schedule entry
 * (METHOD_ASSIGNED_TO_PENDING_SCHEDULE), and while it is the default and an ACTIVE plan of the student
 * has a balance (DEFAULT_METHOD_BALANCE_DUE), checked in that order. When the default goes, the newest
 * remaining card (highest id) becomes the default; with none left, the student has no default.
 */
export async function deletePaymentMethod(studentId: number, methodId: number, actor: Actor): Promise<void> {
  await PaymentMethod.sequelize!.transaction(async (transaction) => {
    const method = await lockedCard(studentId, methodId, transaction);
    if (await assignedToPendingSchedule(method.id, transaction)) {
      throw AppError.conflict('METHOD_ASSIGNED_TO_PENDING_SCHEDULE', Messages.METHOD_ASSIGNED_TO_PENDING_SCHEDULE);
    }
    if (method.isDefault) {
      const owing = await StudentPaymentPlan.count({ where: { studentId, status: 'ACTIVE', balance: { [Op.gt]: 0 } }, transaction });
      if (owing) throw AppError.conflict('DEFAULT_METHOD_BALANCE_DUE', Messages.DEFAULT_METHOD_BALANCE_DUE);
    }
    const wasDefault = method.isDefault;
    await method.update({ deleted: true, isDefault: false }, { transaction });
    let successor: PaymentMethod | null = null;
    if (wasDefault) {
      successor = await PaymentMethod.findOne({ where: { studentId, deleted: false }, order: [['id', 'DESC']], transaction });
      if (successor) await successor.update({ isDefault: true }, { transaction });
    }
    await recordActivity(
      actor,
      {
        entityType: 'PAYMENT_METHOD',
        entityId: method.id,
        studentId,
        category: 'BILLING',
        type: 'DELETED',
        description: successor
          ? description('CARD_DELETED_NEW_DEFAULT', { brand: method.brand, last4: method.last4, newBrand: successor.brand, newLast4: successor.last4 })
          : description('CARD_DELETED', { brand: method.brand, last4: method.last4 }),
        changes: { card: { from: cardLabel(method), to: null }, ...(successor ? { defaultMethodId: { from: method.id, to: successor.id } } : {}) },
      },
      transaction,
    );
  });
}

/** GET /payment_gateway/config: which gateway the browser tokenises cards with. */
export function gatewayConfig(gateway: PaymentGateway) {
  return { gateway: gateway.name, publishableKey: gateway.publishableKey };
}

/** POST /payment_gateway/sandbox/tokens: the sandbox's stand-in for the gateway's browser script. */
export function createSandboxToken(gateway: PaymentGateway, input: SandboxCardInput) {
  if (!(gateway instanceof SandboxGateway)) throw AppError.notFound('Resource');
  try {
    return gateway.createToken(input);
  } catch (err) {
    throw gatewayFailure(err);
  }
}
