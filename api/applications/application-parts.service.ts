import { Op, type Transaction } from 'sequelize';
import { Application, ApplicationAnswer, ApplicationComment, CrmNotification, StudentPaymentPlan } from '../../models';
import { Messages } from '../../models/messages';
import { recordActivity, stamp } from '../common/audit';
import type { Actor, Deps, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { deliverOne } from '../integrations/crm';
import { loadApplicationDto } from './applications.dto';
import { isStaff } from './applications.service';
import { notificationSortable } from './application-parts.schemas';
import { description } from '../../models/descriptions';
import { isCrmNotificationRetryable } from '../../domain/state/crm-notifications';

/**
 * The application's side calls (back-office spec §9 "Applications"; contract "Applications"): staff
 * comments, questionnaire answers, auto-pay, call attempts, and the CRM notifications with their retry.
 */

/** The application row (the few columns the checks read) or a 404. */
export async function findApplication(id: number, transaction?: Transaction): Promise<Application> {
  const application = await Application.findByPk(id, { attributes: ['id', 'studentId', 'status', 'autoPay', 'callAttempts'], transaction });
  if (!application) throw AppError.notFound('Application');
  return application;
}

// ---- Comments.
export function commentDto(c: ApplicationComment) {
  return { id: c.id, content: c.content, author: c.authorId || c.authorName ? { id: c.authorId, name: c.authorName } : null, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

const commentList: ListSpec<ApplicationComment> = {
  model: ApplicationComment,
  sortable: { createdAt: 'createdAt', CREATED_AT: 'createdAt' },
  keywordColumns: [],
  maxSize: 100,
};

/** GET /applications/{id}/comments: newest first (the (application_id, created_at) index), 5 a page. */
export async function listComments(applicationId: number, q: PagingQuery) {
  await findApplication(applicationId);
  return runList(commentList, q, [{ applicationId }], commentDto);
}

async function findComment(applicationId: number, commentId: number, transaction?: Transaction): Promise<ApplicationComment> {
  const comment = await ApplicationComment.findOne({ where: { id: commentId, applicationId }, transaction });
  if (!comment) throw AppError.notFound('Comment');
  return comment;
}

export async function createComment(applicationId: number, content: string, actor: Actor) {
  await findApplication(applicationId);
  const comment = await ApplicationComment.create({ applicationId, content, authorId: actor.userId, authorName: actor.name });
  return commentDto(comment);
}

/** Any staff member with applications:update may correct a comment; the author stays who wrote it. */
export async function updateComment(applicationId: number, commentId: number, content: string) {
  await findApplication(applicationId);
  const comment = await findComment(applicationId, commentId);
  comment.content = content;
  await comment.save();
  return commentDto(comment);
}

/** DELETE /applications/{id}/comments/{commentId} (204). */
export async function deleteComment(applicationId: number, commentId: number): Promise<void> {
  await findApplication(applicationId);
  const comment = await findComment(applicationId, commentId);
  await comment.destroy();
}

// ---- Answers.
function answerDto(a: ApplicationAnswer) {
  return { id: a.id, questionId: a.questionId, content: a.content, createdAt: a.createdAt, updatedAt: a.updatedAt };
}

async function answersOf(applicationId: number, transaction?: Transaction) {
  const rows = await ApplicationAnswer.findAll({ where: { applicationId }, order: [['id', 'ASC']], transaction });
  return rows.map(answerDto);
}

export async function listAnswers(applicationId: number) {
  await findApplication(applicationId);
  return answersOf(applicationId);
}

/**
 * POST /applications/{id}/answers: upserts by questionId (the last of duplicates in one body wins)
 * and answers every answer of the application. A student answers only while the application is
 * CREATED; staff at any time.
 */
export async function saveAnswers(applicationId: number, input: Array<{ questionId: string; content: string }>, auth: Principal | null) {
  const wanted = new Map(input.map((a) => [a.questionId, a.content]));
  return Application.sequelize!.transaction(async (transaction) => {
    const application = await findApplication(applicationId, transaction);
    if (!isStaff(auth) && application.status !== 'CREATED') throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const existing = await ApplicationAnswer.findAll({ where: { applicationId, questionId: { [Op.in]: [...wanted.keys()] } }, transaction });
    const have = new Map(existing.map((a) => [a.questionId, a]));
    for (const [questionId, content] of wanted) {
      const row = have.get(questionId);
      if (!row) continue;
      if (row.content !== content) await row.update({ content }, { transaction });
    }
    const added = [...wanted].filter(([q]) => !have.has(q)).map(([questionId, content]) => ({ applicationId, questionId, content }));
    if (added.length) await ApplicationAnswer.bulkCreate(added, { transaction });
    return answersOf(applicationId, transaction);
  });
}

// ---- Auto-pay and call attempts.
/** PATCH /applications/{id}/auto_pay: the application's flag and its student payment plans'. */
export async function setAutoPay(applicationId: number, autoPay: boolean, actor: Actor) {
  return Application.sequelize!.transaction(async (transaction) => {
    const application = await findApplication(applicationId, transaction);
    if (application.autoPay !== autoPay) {
      await Application.update({ autoPay, ...stamp(actor) }, { where: { id: applicationId }, transaction });
      await recordActivity(
        actor,
        {
          entityType: 'APPLICATION',
          entityId: applicationId,
          studentId: application.studentId,
          category: 'BILLING',
          type: 'UPDATED',
          description: description(autoPay ? 'AUTO_PAY_ON' : 'AUTO_PAY_OFF'),
          changes: { autoPay: { from: application.autoPay, to: autoPay } },
        },
        transaction,
      );
    }
    await StudentPaymentPlan.update({ autoPay }, { where: { applicationId, autoPay: !autoPay }, transaction });
    return loadApplicationDto(applicationId, transaction);
  });
}

/** PATCH /applications/{id}/call_attempts/{n}: how many times admissions called (0..99). */
export async function setCallAttempts(applicationId: number, n: number, actor: Actor) {
  return Application.sequelize!.transaction(async (transaction) => {
    const application = await findApplication(applicationId, transaction);
    if (application.callAttempts !== n) {
      await Application.update({ callAttempts: n, ...stamp(actor) }, { where: { id: applicationId }, transaction });
      await recordActivity(
        actor,
        {
          entityType: 'APPLICATION',
          entityId: applicationId,
          studentId: application.studentId,
          category: 'ADMINISTRATION',
          type: 'UPDATED',
          changes: { callAttempts: { from: application.callAttempts, to: n } },
        },
        transaction,
      );
    }
    return loadApplicationDto(applicationId, transaction);
  });
}

// ---- CRM notifications.
export function notificationDto(n: CrmNotification) {
  return {
    id: n.id,
    crm: n.crm,
    event: n.event,
    status: n.status,
    attempts: n.attempts,
    lastError: n.lastError,
    externalId: n.externalId,
    createdAt: n.createdAt,
    sentAt: n.sentAt,
    payload: n.payload,
  };
}

const notificationList: ListSpec<CrmNotification> = { model: CrmNotification, sortable: notificationSortable, keywordColumns: [], maxSize: 200 };

/**
 * What a student sees of their own application's notifications (the portal's CRM history): what was
 * reported and whether it reached the CRM, without the CRM's error text, its record id or the
 * message's other fields.
 */
export function studentNotificationDto(n: CrmNotification) {
  const { status, previousStatus } = (n.payload ?? {}) as { status?: unknown; previousStatus?: unknown };
  return {
    id: n.id,
    crm: n.crm,
    event: n.event,
    status: n.status,
    attempts: n.attempts,
    createdAt: n.createdAt,
    sentAt: n.sentAt,
    payload: { applicationId: n.applicationId, status: status ?? null, previousStatus: previousStatus ?? null },
  };
}

/**
 * GET /applications/{id}/salesforce_notifications: the application's Salesforce notifications; staff
 * see every field, the student who owns the application sees `studentNotificationDto`.
 */
export async function listNotifications(applicationId: number, q: PagingQuery, auth: Principal | null) {
  await findApplication(applicationId);
  const dto: (n: CrmNotification) => object = isStaff(auth) ? notificationDto : studentNotificationDto;
  return runList(notificationList, q, [{ applicationId, crm: 'salesforce' }], dto);
}

/**
 * POST /applications/{id}/salesforce_notifications/{notificationId}: sends one PENDING or FAILED
 * notification again now (else 409 INVALID_STATUS) and answers it as it ended: ACCEPTED, or FAILED
 * with the CRM's error in lastError.
 */
export async function retryNotification(deps: Deps, applicationId: number, notificationId: number) {
  await findApplication(applicationId);
  const row = await CrmNotification.findOne({ where: { id: notificationId, applicationId, crm: 'salesforce' }, attributes: ['id', 'status'] });
  if (!row) throw AppError.notFound('Notification');
  if (!isCrmNotificationRetryable(row)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
  // Claimed by a compare-and-set: a delivery already running for it leaves it to that one.
  if (!(await deliverOne(deps, notificationId))) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
  return notificationDto((await CrmNotification.findByPk(notificationId))!);
}
