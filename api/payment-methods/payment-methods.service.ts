import { PaymentMethod, Student } from '../../models';
import { format, Messages } from '../../models/messages';
import { recordActivity } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import type { Page } from '../common/list';
import { GatewayError, type PaymentGateway } from '../integrations/gateway';
import type { SandboxCardInput } from '../integrations/sandbox-gateway';
import { SandboxGateway } from '../integrations/sandbox-gateway';
import type { PaymentMethodListQuery } from './payment-methods.schemas';

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

/** A gateway refusal as the contract answers it: 409 'Payment failure {reason}' or 400 on the fields. */
export function gatewayFailure(err: unknown, tokenField = 'stripeTokenId'): unknown {
  if (!(err instanceof GatewayError)) return err;
  if (err.kind === 'declined') return AppError.conflict('PAYMENT_FAILURE', format(Messages.PAYMENT_FAILURE, err.reason));
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
    PaymentMethod.findAll({ where, order: [['isDefault', 'DESC'], ['id', 'ASC']], limit: q.size, offset: q.page * q.size }),
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
        studentId, gateway: gateway.name, gatewayCustomerId: card.customerId, gatewayMethodId: card.methodId, fingerprint: card.fingerprint, brand: card.brand,
        last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, isDefault: mine.length === 0,
      },
      { transaction },
    );
    await recordActivity(
      actor,
      {
        entityType: 'PAYMENT_METHOD', entityId: method.id, studentId, category: 'BILLING', type: 'CREATED',
        description: `Card added: ${card.brand} ending ${card.last4}`, changes: { card: { from: null, to: `${card.brand} ${card.last4} ${card.expMonth}/${card.expYear}` } },
      },
      transaction,
    );
    return paymentMethodDto(method);
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
