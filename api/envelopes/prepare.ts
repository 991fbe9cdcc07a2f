import { Op, type Transaction } from 'sequelize';
import { ApplicationCohort, Envelope, type Application } from '../../models';
import { Messages } from '../../models/messages';
import { recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { programsOfProduct, type Refusal } from '../applications/flow';
import { renderAgreement } from './agreement';

/**
 * Preparing an application's agreement envelope, shared by the envelope calls and the status machine
 * (approving an application prepares its agreement, in the same transaction). Nothing here imports
 * the status machine, so the machine can use it.
 */

/** What an application needs before it can be given an agreement to sign: a class for every program and a plan. */
export async function agreementRefusal(application: Pick<Application, 'id' | 'productId' | 'productPaymentPlanId'>, transaction?: Transaction): Promise<Refusal | null> {
  const chosen = await ApplicationCohort.findAll({ where: { applicationId: application.id }, attributes: ['programId'], raw: true, transaction });
  const programs = await programsOfProduct(application.productId, transaction);
  const have = new Set(chosen.map((c) => c.programId));
  if (!chosen.length || programs.some((p) => !have.has(p))) return { code: 'NO_COURSE_SELECTED', message: Messages.NO_COURSE_SELECTED };
  if (!application.productPaymentPlanId) return { code: 'NO_PAYMENT_PLAN_SELECTED', message: Messages.NO_PAYMENT_PLAN_SELECTED };
  return null;
}

/** Voids envelopes (those not voided already), each with an activity entry. */
export async function voidEnvelopes(ids: number[], actor: Actor, studentId: number, transaction: Transaction): Promise<void> {
  if (!ids.length) return;
  await Envelope.update({ status: 'VOIDED', voidedAt: new Date(), ...stamp(actor) }, { where: { id: ids, status: { [Op.ne]: 'VOIDED' } }, transaction });
  for (const id of ids) {
    await recordActivity(actor, { entityType: 'ENVELOPE', entityId: id, studentId, category: 'ADMINISTRATION', type: 'VOIDED' }, transaction);
  }
}

/** A new SENT envelope of the application's agreement as it renders now. */
export async function createSentEnvelope(application: Pick<Application, 'id' | 'studentId'>, actor: Actor, transaction: Transaction): Promise<Envelope> {
  const rendered = await renderAgreement(application.id, transaction);
  const envelope = await Envelope.create(
    {
      applicationId: application.id,
      studentId: application.studentId,
      status: 'SENT',
      title: rendered.title,
      content: rendered.content,
      contentSha256: rendered.sha256,
      signedName: null,
      signedAt: null,
      signedIp: null,
      signedSha256: null,
      voidedAt: null,
      ...stamp(actor),
    },
    { transaction },
  );
  await recordActivity(actor, { entityType: 'ENVELOPE', entityId: envelope.id, studentId: application.studentId, category: 'ADMINISTRATION', type: 'CREATED' }, transaction);
  return envelope;
}

/** Application statuses in which an agreement can still be made and signed. */
export const SIGNABLE_STATUSES = ['CREATED', 'APPLIED', 'WAITING_TO_AGREE', 'WAITING_TO_SIGN', 'SIGNED'] as const;

/**
 * The application's current envelope when it still matches the terms (SENT or SIGNED), else a new
 * SENT one; a stale SENT one is VOIDED on the way (a stale SIGNED one stays as the record of what
 * was signed). The caller holds the application's row (locked). A new envelope needs an open
 * application (INVALID_STATUS), a class per program and a plan (thrown as 409s).
 */
export async function prepareEnvelope(
  application: Pick<Application, 'id' | 'studentId' | 'productId' | 'productPaymentPlanId' | 'status'>,
  actor: Actor,
  transaction: Transaction,
): Promise<{ envelope: Envelope; sha256: string }> {
  const current = await Envelope.findOne({ where: { applicationId: application.id, status: { [Op.ne]: 'VOIDED' } }, order: [['id', 'DESC']], transaction });
  const fresh = await renderAgreement(application.id, transaction);
  if (current && current.contentSha256 === fresh.sha256) return { envelope: current, sha256: fresh.sha256 };
  if (!(SIGNABLE_STATUSES as readonly string[]).includes(application.status)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
  const refusal = await agreementRefusal(application, transaction);
  if (refusal) throw AppError.conflict(refusal.code, refusal.message);
  const staleSent = await Envelope.findAll({ where: { applicationId: application.id, status: 'SENT' }, attributes: ['id'], raw: true, transaction });
  await voidEnvelopes(
    staleSent.map((e) => e.id),
    actor,
    application.studentId,
    transaction,
  );
  return { envelope: await createSentEnvelope(application, actor, transaction), sha256: fresh.sha256 };
}
