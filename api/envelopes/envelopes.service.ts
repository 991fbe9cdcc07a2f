import { Op, type Transaction } from 'sequelize';
import { Application, Envelope, Student } from '../../models';
import { Messages } from '../../models/messages';
import { recordActivity, stamp } from '../common/audit';
import type { Actor, Deps, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec } from '../common/list';
import { markStepComplete } from '../applications/flow';
import { raise } from '../common/events';
import { scheduleDelivery } from '../integrations/crm';
import { renderAgreement, sha256Of } from './agreement';
import { SIGNABLE_STATUSES, agreementRefusal, createSentEnvelope, prepareEnvelope, voidEnvelopes } from './prepare';
import type { StudentEnvelopeQuery } from './envelopes.schemas';
import { envelopePdf } from './pdf';
import { signRefusal } from '../../domain/state/envelopes';

/**
 * Agreement envelopes (domain rules "Applications and enrollments"; contract "Envelopes"): the
 * rendered enrollment agreement of an application, SENT to the student, SIGNED with a typed name,
 * time, IP and the SHA-256 of the signed text, or VOIDED when recreated or when the terms changed
 * under it. The current envelope of an application is its newest one that is not VOIDED.
 */

export { SIGNABLE_STATUSES } from './prepare';

const isStaff = (auth: Principal | null) => auth?.kind === 'ADMIN';

/** A fresh rendering's hash per application, computed once per call (null when it cannot be rendered). */
async function freshHashes(applicationIds: number[], transaction?: Transaction): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  for (const id of new Set(applicationIds)) {
    try {
      out.set(id, (await renderAgreement(id, transaction)).sha256);
    } catch {
      // Terms that can no longer make a schedule (or a vanished plan): nothing current to compare with.
      out.set(id, null);
    }
  }
  return out;
}

export function envelopeDto(e: Envelope, freshSha256: string | null | undefined) {
  return {
    id: e.id,
    applicationId: e.applicationId,
    studentId: e.studentId,
    status: e.status,
    title: e.title,
    contentSha256: e.contentSha256,
    signedName: e.signedName,
    signedAt: e.signedAt,
    signedIp: e.signedIp,
    signedSha256: e.signedSha256,
    voidedAt: e.voidedAt,
    createdAt: e.createdAt,
    stale: e.contentSha256 !== freshSha256,
  };
}
export type EnvelopeDto = ReturnType<typeof envelopeDto>;

async function findEnvelope(id: number, transaction?: Transaction, lock = false): Promise<Envelope> {
  const envelope = await Envelope.findByPk(id, { transaction, lock: lock && transaction ? transaction.LOCK.UPDATE : undefined });
  if (!envelope) throw AppError.notFound('Envelope');
  return envelope;
}

/** Whether the envelope belongs to the signed-in student (the routes' `self`). */
export async function ownsEnvelope(auth: Principal | null, envelopeId: number): Promise<boolean> {
  if (!auth?.studentId) return false;
  const row = await Envelope.findByPk(envelopeId, { attributes: ['id', 'studentId'], raw: true });
  return row?.studentId === auth.studentId;
}

/** The application, locked for the rest of the transaction (MariaDB; SQLite runs one writer at a time). */
async function lockApplication(applicationId: number, transaction: Transaction): Promise<Application> {
  const application = await Application.findByPk(applicationId, {
    attributes: ['id', 'studentId', 'productId', 'status', 'productPaymentPlanId'],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!application) throw AppError.notFound('Application');
  return application;
}

/** An agreement needs an open application, a class for every program of the product and a payment plan. */
async function assertReadyForAgreement(application: Application, transaction: Transaction): Promise<void> {
  if (!(SIGNABLE_STATUSES as readonly string[]).includes(application.status)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
  const refusal = await agreementRefusal(application, transaction);
  if (refusal) throw AppError.conflict(refusal.code, refusal.message);
}

/**
 * POST /applications/{id}/envelopes: the current envelope when it still matches the terms (SENT or
 * SIGNED), else a new SENT one (prepareEnvelope: a stale SENT one is VOIDED on the way).
 */
export async function currentOrNewEnvelope(applicationId: number, actor: Actor) {
  return Application.sequelize!.transaction(async (transaction) => {
    const application = await lockApplication(applicationId, transaction);
    const { envelope, sha256 } = await prepareEnvelope(application, actor, transaction);
    return envelopeDto(envelope, sha256);
  });
}

/** GET /applications/{id}/envelopes: every envelope of the application, newest first. */
export async function listApplicationEnvelopes(applicationId: number) {
  const application = await Application.findByPk(applicationId, { attributes: ['id'] });
  if (!application) throw AppError.notFound('Application');
  const rows = await Envelope.findAll({ where: { applicationId }, order: [['id', 'DESC']], attributes: { exclude: ['content'] } });
  const fresh = rows.length ? await freshHashes([applicationId]) : new Map<number, string | null>();
  return rows.map((e) => envelopeDto(e, fresh.get(applicationId)));
}

const studentList: ListSpec<Envelope> = {
  model: Envelope,
  sortable: { createdAt: 'createdAt', CREATED_AT: 'createdAt', id: 'id', ID: 'id' },
  keywordColumns: ['title'],
  maxSize: 100,
};

/** GET /students/{id}/envelopes: the student's envelopes, newest first, 10 a page, optionally one status. */
export async function listStudentEnvelopes(studentId: number, q: StudentEnvelopeQuery) {
  const student = await Student.findByPk(studentId, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  const page = await runList(studentList, q, [{ studentId }, q.status ? { status: q.status } : null], (e) => e);
  const fresh = await freshHashes(page.content.map((e) => e.applicationId));
  return { ...page, content: page.content.map((e) => envelopeDto(e, fresh.get(e.applicationId))) };
}

/** GET /envelopes/{id}: the envelope with its text. */
export async function getEnvelope(id: number) {
  const envelope = await findEnvelope(id);
  const fresh = await freshHashes([envelope.applicationId]);
  return { ...envelopeDto(envelope, fresh.get(envelope.applicationId)), content: envelope.content };
}

/** GET /envelopes/{id}/pdf: the PDF and its file name. */
export async function envelopeFile(id: number): Promise<{ fileName: string; pdf: Buffer }> {
  const envelope = await findEnvelope(id);
  return { fileName: `agreement-${envelope.id}.pdf`, pdf: await envelopePdf(envelope) };
}

/** Case and spacing do not count: 'sam  SMITH ' signs for Sam Smith. */
export function sameName(typed: string, first: string, last: string): boolean {
  const norm = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, '');
  return norm(typed) === norm(`${first}${last}`);
}

type SignOutcome = { kind: 'signed'; dto: EnvelopeDto } | { kind: 'stale' };

/**
 * POST /envelopes/{id}/sign (the student, on their own envelope): SENT only; an envelope whose terms
 * changed is VOIDED and refused (ENVELOPE_VOIDED); the typed name must be the student's first and
 * last name. Stores the signature (name, time, IP, SHA-256 of the signed text), completes the
 * ENROLLMENT_AGREEMENT step and lets the application move on (WAITING_TO_SIGN → SIGNED), all in one
 * transaction; the CRM hears about a status change after the commit.
 */
export async function signEnvelope(deps: Deps, id: number, signedName: string, auth: Principal | null, actor: Actor, ip: string | null) {
  await findEnvelope(id);
  if (isStaff(auth)) throw AppError.forbidden();
  const outcome = await Envelope.sequelize!.transaction(async (transaction): Promise<SignOutcome> => {
    const envelope = await findEnvelope(id, transaction, true);
    const refusal = signRefusal(envelope.status);
    if (refusal) throw AppError.conflict(refusal, Messages[refusal]);
    const application = await lockApplication(envelope.applicationId, transaction);
    if (!(SIGNABLE_STATUSES as readonly string[]).includes(application.status)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const fresh = await renderAgreement(envelope.applicationId, transaction);
    if (fresh.sha256 !== envelope.contentSha256) {
      await voidEnvelopes([envelope.id], actor, envelope.studentId, transaction);
      return { kind: 'stale' };
    }
    const student = await Student.findByPk(envelope.studentId, { attributes: ['id', 'firstName', 'lastName'], transaction });
    if (!student || !sameName(signedName, student.firstName, student.lastName)) throw AppError.badRequest({ signedName: Messages.SIGNATURE_MISMATCH });
    await envelope.update(
      {
        status: 'SIGNED',
        signedName: signedName.trim().replace(/\s+/g, ' '),
        signedAt: new Date(),
        signedIp: ip ? ip.slice(0, 64) : null,
        signedSha256: sha256Of(envelope.content),
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(actor, { entityType: 'ENVELOPE', entityId: envelope.id, studentId: envelope.studentId, category: 'ACCOUNT', type: 'SIGNED' }, transaction);
    await markStepComplete(envelope.applicationId, 'ENROLLMENT_AGREEMENT', actor, transaction);
    // The application moves on by itself (WAITING_TO_SIGN → SIGNED): the applications area's handler, in this transaction.
    await raise({ type: 'AgreementSigned', envelopeId: envelope.id, applicationId: envelope.applicationId, studentId: envelope.studentId, actor }, transaction);
    return { kind: 'signed', dto: envelopeDto(envelope, fresh.sha256) };
  });
  if (outcome.kind === 'stale') throw AppError.conflict('ENVELOPE_VOIDED', Messages.ENVELOPE_VOIDED);
  scheduleDelivery(deps);
  return outcome.dto;
}

/**
 * POST /envelopes/{id}/recreate: voids the envelope (and any other SENT one of the application) and
 * answers a fresh SENT one. Staff at any open status; the student only while the application is CREATED.
 */
export async function recreateEnvelope(id: number, auth: Principal | null, actor: Actor) {
  return Envelope.sequelize!.transaction(async (transaction) => {
    const envelope = await findEnvelope(id, transaction, true);
    const application = await lockApplication(envelope.applicationId, transaction);
    if (!isStaff(auth) && application.status !== 'CREATED') throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    await assertReadyForAgreement(application, transaction);
    const others = await Envelope.findAll({ where: { applicationId: application.id, status: 'SENT', id: { [Op.ne]: envelope.id } }, attributes: ['id'], raw: true, transaction });
    await voidEnvelopes([...(envelope.status === 'VOIDED' ? [] : [envelope.id]), ...others.map((e) => e.id)], actor, application.studentId, transaction);
    const created = await createSentEnvelope(application, actor, transaction);
    return envelopeDto(created, created.contentSha256);
  });
}
