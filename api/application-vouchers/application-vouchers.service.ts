import { Op, Sequelize, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Application, ApplicationVoucher, Product, Refund, Student, Voucher } from '../../models';
import type { Of, RequestStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { queueRefund } from '../refunds/queue';
import { applicationDiscountCents } from '../vouchers/application-discount';
import {
  applicationVoucherCriteria,
  applicationVoucherSortable,
  type ApplicationVoucherCreateInput,
  type ApplicationVoucherCriteria,
  type ApplicationVoucherUpdateInput,
} from './application-vouchers.schemas';
import { description } from '../../models/descriptions';
import { roundDollars, toCents, toDollars } from '../../domain/money';
import { APPLICATION_VOUCHER_TRANSITIONS, isVoucherRefundEditable, voucherRefundMachine } from '../../domain/state/vouchers';

/**
 * Application vouchers (back-office spec §3, §7; domain rules "Vouchers", "Withdrawals and refunds"):
 * a voucher applied to an application after payments, which owes the student a refund. REQUESTED
 * while pending — one pending per application ('Pending refunds') — then APPROVED, REJECTED or
 * CANCELLED; an APPROVED one is COMPLETED when the refund is made, which records the refunded amounts
 * and adds them to the application's `refunded`. Money in cents here, dollars in JSON.
 */

type Status = Of<typeof RequestStatus>;

/** The moves the status call allows: domain/state/vouchers.ts, shared with the console. */
export { APPLICATION_VOUCHER_TRANSITIONS };

/** A voucher refund belongs to an application whose student may have paid: ENROLLED or after it. */
export const REFUNDABLE_APPLICATION_STATUSES = ['ENROLLED', 'PARTIAL_WITHDRAWN', 'WITHDRAWN', 'TRANSFERRED'] as const;

const money = roundDollars;

const include: Includeable[] = [
  {
    model: Application,
    as: 'application',
    attributes: ['id', 'studentId', 'productId'],
    include: [
      { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
      { model: Product, as: 'product', attributes: ['id', 'name'] },
    ],
  },
  { model: Voucher, as: 'voucher', attributes: ['id', 'code'] },
];

type Loaded = ApplicationVoucher & {
  application?: (Application & { student?: Student | null; product?: Product | null }) | null;
  voucher?: Voucher | null;
};

export function applicationVoucherDto(row: ApplicationVoucher) {
  const r = row as Loaded;
  const a = r.application;
  return {
    id: r.id,
    applicationId: r.applicationId,
    voucherId: r.voucherId,
    comments: r.comments,
    amountToBeRefunded: money(r.amountToBeRefunded),
    taxToBeRefunded: money(r.taxToBeRefunded),
    totalToBeRefunded: money(r.totalToBeRefunded),
    amountRefunded: money(r.amountRefunded),
    taxRefunded: money(r.taxRefunded),
    totalRefunded: money(r.totalRefunded),
    status: r.status,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    application: a
      ? {
          id: a.id,
          student: a.student ? { id: a.student.id, firstName: a.student.firstName, lastName: a.student.lastName, email: a.student.email } : null,
          product: a.product ? { id: a.product.id, name: a.product.name } : null,
        }
      : null,
    voucher: r.voucher ? { id: r.voucher.id, code: r.voucher.code } : null,
  };
}
export type ApplicationVoucherDto = ReturnType<typeof applicationVoucherDto>;

const spec: ListSpec<ApplicationVoucher> = {
  model: ApplicationVoucher,
  sortable: applicationVoucherSortable,
  defaultDescending: true,
  keywordColumns: [],
  include,
  // The keyword: the student's name or email (through the application), the voucher's code, or the refund's or application's id.
  studentKeyword: {
    student: (students) => ({ applicationId: { [Op.in]: Sequelize.literal(`(SELECT a.id FROM applications a WHERE a.student_id IN (${students}))`) } }),
    also: (like) => [{ voucherId: { [Op.in]: Sequelize.literal(`(SELECT v.id FROM vouchers v WHERE v.code LIKE ${like})`) } }],
    numbers: ['id', 'applicationId'],
  },
};

/** `studentIds` through the applications (application_vouchers has no student column). */
function studentCondition(ids: number[] | null | undefined): WhereOptions | null {
  if (!ids?.length) return null;
  return { applicationId: { [Op.in]: Sequelize.literal(`(SELECT a.id FROM applications a WHERE a.student_id IN (${ids.map(Number).join(',')}))`) } };
}

/** GET /application_vouchers. */
export function listApplicationVouchers(q: PagingQuery) {
  return runList(spec, q, [], applicationVoucherDto);
}

/** POST /application_vouchers/find_by_criteria: applicationId, voucherIds, studentIds, statuses, totalToBeRefunded, updatedAt. */
export function findApplicationVouchersByCriteria(q: PagingQuery, c: ApplicationVoucherCriteria) {
  const { studentIds, ...rest } = c;
  const conditions = criteriaWhere(applicationVoucherCriteria, rest, ApplicationVoucher.sequelize!.getDialect());
  return runList(spec, q, [...conditions, studentCondition(studentIds as number[] | null | undefined)], applicationVoucherDto);
}

async function loadDto(id: number, transaction?: Transaction): Promise<ApplicationVoucherDto> {
  const row = await ApplicationVoucher.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Application voucher');
  return applicationVoucherDto(row);
}

export function getApplicationVoucher(id: number) {
  return loadDto(id);
}

async function findVoucherOr400(voucherId: number, transaction: Transaction): Promise<Voucher> {
  const voucher = await Voucher.findByPk(voucherId, { transaction });
  if (!voucher) throw AppError.badRequest({ voucherId: Messages.INVALID_VALUE });
  return voucher;
}

/**
 * Records a voucher refund on an application, inside the caller's transaction, which must already
 * hold the application's row (locked): a REQUESTED one on it is 409 PENDING_REFUNDS. Used by
 * POST /application_vouchers and by a promo code staff apply after ENROLLED.
 */
export async function requestVoucherRefund(
  application: Application,
  voucher: Voucher,
  amounts: { amountCents: number; taxCents: number; comments: string | null },
  actor: Actor,
  transaction: Transaction,
): Promise<ApplicationVoucher> {
  const pending = await ApplicationVoucher.count({ where: { applicationId: application.id, status: 'REQUESTED' }, transaction });
  if (pending > 0) throw AppError.conflict('PENDING_REFUNDS', Messages.PENDING_REFUNDS);
  const row = await ApplicationVoucher.create(
    {
      applicationId: application.id,
      voucherId: voucher.id,
      comments: amounts.comments,
      amountToBeRefunded: toDollars(amounts.amountCents),
      taxToBeRefunded: toDollars(amounts.taxCents),
      totalToBeRefunded: toDollars(amounts.amountCents + amounts.taxCents),
      status: 'REQUESTED',
      ...stamp(actor),
    },
    { transaction },
  );
  await recordActivity(
    actor,
    {
      entityType: 'APPLICATION_VOUCHER',
      entityId: row.id,
      studentId: application.studentId,
      category: 'BILLING',
      type: 'CREATED',
      description: description('VOUCHER_REFUND_REQUESTED', { code: voucher.code }),
      changes: { voucher: { from: null, to: voucher.code }, totalToBeRefunded: { from: null, to: toDollars(amounts.amountCents + amounts.taxCents) } },
    },
    transaction,
  );
  return row;
}

/**
 * POST /application_vouchers: the application must exist (400 applicationId) and be ENROLLED or after
 * (409 INVALID_STATUS); the voucher must exist (400 voucherId). The amount left out is the voucher's
 * discount on the application's principal.
 */
export async function createApplicationVoucher(input: ApplicationVoucherCreateInput, actor: Actor) {
  const id = await ApplicationVoucher.sequelize!.transaction(async (transaction) => {
    const application = await Application.findByPk(input.applicationId, { lock: transaction.LOCK.UPDATE, transaction });
    if (!application) throw AppError.badRequest({ applicationId: Messages.INVALID_VALUE });
    const voucher = await findVoucherOr400(input.voucherId, transaction);
    if (!(REFUNDABLE_APPLICATION_STATUSES as readonly string[]).includes(application.status)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const amountCents = input.amountToBeRefunded ?? (await applicationDiscountCents(application, voucher, transaction));
    if (amountCents <= 0) throw AppError.badRequest({ amountToBeRefunded: Messages.INVALID_VALUE });
    const row = await requestVoucherRefund(application, voucher, { amountCents, taxCents: input.taxToBeRefunded ?? 0, comments: input.comments ?? null }, actor, transaction);
    return row.id;
  });
  return loadDto(id);
}

/** The editable fields as plain values (money as numbers: MariaDB answers DECIMAL as text). */
const snapshot = (r: ApplicationVoucher): Record<string, unknown> => ({
  voucherId: r.voucherId,
  comments: r.comments,
  amountToBeRefunded: money(r.amountToBeRefunded),
  taxToBeRefunded: money(r.taxToBeRefunded),
  totalToBeRefunded: money(r.totalToBeRefunded),
});

/** PUT /application_vouchers/{id}: REQUESTED only (409 INVALID_STATUS); the total follows amount + tax. */
export async function updateApplicationVoucher(id: number, input: ApplicationVoucherUpdateInput, actor: Actor) {
  await ApplicationVoucher.sequelize!.transaction(async (transaction) => {
    const row = await ApplicationVoucher.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw AppError.notFound('Application voucher');
    if (input.applicationId !== undefined && input.applicationId !== row.applicationId) throw AppError.badRequest({ applicationId: Messages.INVALID_VALUE });
    if (input.voucherId !== undefined) await findVoucherOr400(input.voucherId, transaction);
    if (!isVoucherRefundEditable(row)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const before = snapshot(row);
    const amountCents = input.amountToBeRefunded ?? toCents(row.amountToBeRefunded);
    const taxCents = input.taxToBeRefunded ?? toCents(row.taxToBeRefunded);
    await row.update(
      {
        voucherId: input.voucherId ?? row.voucherId,
        comments: input.comments === undefined ? row.comments : input.comments,
        amountToBeRefunded: toDollars(amountCents),
        taxToBeRefunded: toDollars(taxCents),
        totalToBeRefunded: toDollars(amountCents + taxCents),
        ...stamp(actor),
      },
      { transaction },
    );
    const application = await Application.findByPk(row.applicationId, { attributes: ['studentId'], transaction });
    const changes = diff(before, snapshot(row));
    if (Object.keys(changes).length) {
      await recordActivity(
        actor,
        { entityType: 'APPLICATION_VOUCHER', entityId: id, studentId: application?.studentId ?? null, category: 'BILLING', type: 'UPDATED', changes },
        transaction,
      );
    }
  });
  return loadDto(id);
}

/**
 * PATCH /application_vouchers/{id}/status?status=: REQUESTED → APPROVED | REJECTED | CANCELLED;
 * APPROVED → COMPLETED (the refunded amounts become the amounts to be refunded, and the application's
 * `refunded` grows by the total); anything else 409 INVALID_STATUS. A compare-and-set on the status
 * decides between two concurrent calls.
 *
 * Approving puts the refund on the refund queue (source VOUCHER, sourceId = this voucher, its
 * amounts; 409 PENDING_REFUNDS while another voucher refund of the application waits there); the
 * queue completes it when the money went back (`completeVoucherRefund`). Completing it here instead
 * (money given back by other means) cancels its queue item, so it cannot be paid twice.
 */
export async function changeApplicationVoucherStatus(id: number, to: Status, actor: Actor) {
  await ApplicationVoucher.sequelize!.transaction(async (transaction) => {
    const row = await ApplicationVoucher.findByPk(id, { transaction });
    if (!row) throw AppError.notFound('Application voucher');
    const from = row.status as Status;
    if (!voucherRefundMachine.can(from, to)) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const refunded =
      to === 'COMPLETED' ? { amountRefunded: money(row.amountToBeRefunded), taxRefunded: money(row.taxToBeRefunded), totalRefunded: money(row.totalToBeRefunded) } : {};
    const [count] = await ApplicationVoucher.update({ status: to, ...refunded, ...stamp(actor) }, { where: { id, status: from }, transaction });
    if (count !== 1) throw AppError.conflict('INVALID_STATUS', Messages.INVALID_STATUS);
    const application = await Application.findByPk(row.applicationId, { attributes: ['id', 'studentId'], lock: transaction.LOCK.UPDATE, transaction });
    if (to === 'COMPLETED' && application) {
      await Application.increment('refunded', { by: toDollars(toCents(row.totalToBeRefunded)), where: { id: application.id }, transaction });
      await Refund.update(
        { status: 'CANCELLED', comments: 'Completed outside the refund queue', ...stamp(actor) },
        { where: { source: 'VOUCHER', sourceId: id, status: { [Op.in]: ['REQUESTED', 'APPROVED'] } }, transaction },
      );
    }
    if (to === 'APPROVED' && application) {
      await queueRefund(
        {
          application,
          source: 'VOUCHER',
          sourceId: id,
          amountCents: toCents(row.amountToBeRefunded),
          taxCents: toCents(row.taxToBeRefunded),
          comments: row.comments ?? `Voucher refund ${id}`,
        },
        actor,
        transaction,
      );
    }
    await recordActivity(
      actor,
      {
        entityType: 'APPLICATION_VOUCHER',
        entityId: id,
        studentId: application?.studentId ?? null,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('VOUCHER_REFUND_STATUS', { status: to }),
        changes: { status: { from, to } },
      },
      transaction,
    );
  });
  return loadDto(id);
}

/**
 * The refund queue gave a VOUCHER refund's money back: its application voucher (APPROVED) becomes
 * COMPLETED with the refunded amounts, inside the queue's transaction. The application's `refunded`
 * is the queue's to move (it does per movement). Any other status is left as it is.
 */
export async function completeVoucherRefund(id: number, refunded: { amountCents: number; taxCents: number }, actor: Actor, transaction: Transaction): Promise<void> {
  const row = await ApplicationVoucher.findByPk(id, { attributes: ['id', 'applicationId', 'status'], transaction });
  if (!row || row.status !== 'APPROVED') return;
  const total = refunded.amountCents + refunded.taxCents;
  await ApplicationVoucher.update(
    { status: 'COMPLETED', amountRefunded: toDollars(refunded.amountCents), taxRefunded: toDollars(refunded.taxCents), totalRefunded: toDollars(total), ...stamp(actor) },
    { where: { id, status: 'APPROVED' }, transaction },
  );
  const application = await Application.findByPk(row.applicationId, { attributes: ['id', 'studentId'], transaction });
  await recordActivity(
    actor,
    {
      entityType: 'APPLICATION_VOUCHER',
      entityId: id,
      studentId: application?.studentId ?? null,
      category: 'BILLING',
      type: 'UPDATED',
      description: description('VOUCHER_REFUND_STATUS', { status: 'COMPLETED' }),
      changes: { status: { from: 'APPROVED', to: 'COMPLETED' }, totalRefunded: { from: 0, to: toDollars(total) } },
    },
    transaction,
  );
}
