import type { Transaction } from 'sequelize';
import { Refund, StudentPaymentPlan, type Application } from '../../models';
import type { Of, RefundSource } from '../../models/enums';
import { Messages } from '../../models/messages';
import { recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { description } from '../../models/descriptions';
import { toDollars } from '../../domain/money';

/**
 * Putting an item on the refund queue (domain rules "Withdrawals and refunds"), shared by the queue's
 * own POST (CUSTOM), approved application vouchers (VOUCHER) and withdrawals (WITHDRAWAL). Only
 * models here, so any area may import it without importing the queue's service.
 */

/**
 * The plan a refund of an application gives money back from: its newest plan that is not CANCELLED
 * (a reissued WITHDRAWAL plan replaces the first), else its newest; null when none was issued.
 */
export async function refundPlanOf(applicationId: number, transaction?: Transaction): Promise<StudentPaymentPlan | null> {
  const plans = await StudentPaymentPlan.findAll({ where: { applicationId }, attributes: ['id', 'status'], order: [['id', 'DESC']], transaction });
  return plans.find((p) => p.status !== 'CANCELLED') ?? plans[0] ?? null;
}

/**
 * A new REQUESTED refund of `source` on the application, inside the caller's transaction, which must
 * already hold the application's row (locked) so two requests are decided one after the other. A
 * REQUESTED refund of the same source on the application is 409 PENDING_REFUNDS.
 */
export async function queueRefund(
  input: {
    application: Pick<Application, 'id' | 'studentId'>;
    source: Of<typeof RefundSource>;
    sourceId: number | null;
    amountCents: number;
    taxCents: number;
    comments: string | null;
    planId?: number | null;
  },
  actor: Actor,
  transaction: Transaction,
): Promise<Refund> {
  const { application, source } = input;
  const pending = await Refund.count({ where: { applicationId: application.id, source, status: 'REQUESTED' }, transaction });
  if (pending > 0) throw AppError.conflict('PENDING_REFUNDS', Messages.PENDING_REFUNDS);
  const planId = input.planId !== undefined ? input.planId : ((await refundPlanOf(application.id, transaction))?.id ?? null);
  const total = input.amountCents + input.taxCents;
  const refund = await Refund.create(
    {
      applicationId: application.id,
      studentId: application.studentId,
      studentPaymentPlanId: planId,
      source,
      sourceId: input.sourceId,
      status: 'REQUESTED',
      refundStatus: 'PENDING',
      amountToBeRefunded: toDollars(input.amountCents),
      taxToBeRefunded: toDollars(input.taxCents),
      totalToBeRefunded: toDollars(total),
      comments: input.comments,
      ...stamp(actor),
    },
    { transaction },
  );
  await recordActivity(
    actor,
    {
      entityType: 'REFUND',
      entityId: refund.id,
      studentId: application.studentId,
      category: 'BILLING',
      type: 'CREATED',
      description: description('REFUND_QUEUED', { source, amount: total }),
      changes: { source: { from: null, to: source }, totalToBeRefunded: { from: null, to: toDollars(total) } },
    },
    transaction,
  );
  return refund;
}
