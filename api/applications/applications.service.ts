import { Op, Sequelize, UniqueConstraintError, type Transaction, type WhereOptions } from 'sequelize';
import {
  Application,
  ApplicationCohort,
  Cohort,
  PaymentMethod,
  PaymentSchedule,
  Product,
  ProductItem,
  ProductPaymentPlan,
  Program,
  Student,
  StoredFile,
  StudentPaymentPlan,
} from '../../models';
import { isEnrolling, schoolToday } from '../../models/catalogue';
import type { StatusMovesAnswer } from '../../models/application-status';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp } from '../common/audit';
import type { Actor, Deps, Principal } from '../common/context';
import { planStanding, standingSql } from '../billing/standing';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { recomputeVoucherDiscount } from '../vouchers/promo';
import { applicationInclude, loadApplicationDto, toApplicationDtos, type ApplicationDto } from './applications.dto';
import { applicationSortable, type ApplicationCreateInput, type ApplicationCriteria, type ApplicationListQuery, type ApplicationUpdateInput } from './applications.schemas';
import { criteriaConditions, keywordCondition, whereOf } from './criteria';
import { advance, changeStatus, notClosed, seatsTaken, statusMoves, type ApplicationStatusValue } from './status';
import { emailStatusChange, statusDelivery } from './status-mail';
import { clearStep, markStepComplete, progressOf, stepRefusal, type Step } from './flow';
import { description } from '../../models/descriptions';
import { roundDollars } from '../../domain/money';

/**
 * Applications (back-office spec §3, §7 "Applications"; platform spec §2 enrollment steps): the
 * lists (plain, quick search, by criteria, summary), create, read, update of the choices, the flow
 * progress, the status call and the application's plans and classes. A student reaches only their
 * own applications (the routes' `self`), and edits them only while CREATED.
 */

const money = roundDollars;
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** Days overdue and financial status sort by the application's standing today (billing/standing.ts). */
const standingSorts: ListSpec<Application>['sortExpressions'] = {
  daysOverdue: (column) => standingSql(Application.sequelize!, schoolToday()).applicationDays(column('id')),
  financialStatus: (column) => standingSql(Application.sequelize!, schoolToday()).applicationStatus(column('id')),
};
const spec: ListSpec<Application> = {
  model: Application,
  sortable: applicationSortable,
  sortExpressions: standingSorts,
  defaultDescending: true,
  keywordColumns: [],
  include: applicationInclude,
};

/** Whether the signed-in student owns the application. */
export async function ownsApplication(auth: Principal | null, applicationId: number): Promise<boolean> {
  if (!auth?.studentId) return false;
  const row = await Application.findByPk(applicationId, { attributes: ['id', 'studentId'], raw: true });
  return row?.studentId === auth.studentId;
}

/** The `self` rule of /applications/{id}/… routes: a student reaches only their own applications. */
export const ownApplication = (ctx: { auth: Principal | null; params: { id: number } }) => ownsApplication(ctx.auth, ctx.params.id);

export const isStaff = (auth: Principal | null) => auth?.kind === 'ADMIN';

/** A page of DTOs: the keyword is read here (student names), not by the generic list. */
async function page(q: PagingQuery, conditions: Array<WhereOptions | null | undefined>) {
  const rows = await runList(spec, { ...q, keyword: undefined }, [...conditions, keywordCondition(q.keyword)], (r) => r);
  return { ...rows, content: await toApplicationDtos(rows.content) };
}

/** GET /applications: staff see every application; a student only theirs (size up to 200). */
export function listApplications(q: ApplicationListQuery, auth: Principal | null) {
  const conditions: WhereOptions[] = [];
  if (!isStaff(auth)) conditions.push({ studentId: auth?.studentId ?? -1 });
  if (q.migrated !== undefined) conditions.push({ migrated: q.migrated });
  if (q.statuses?.length) conditions.push({ status: { [Op.in]: q.statuses } });
  const paging = isStaff(auth) ? q : { ...q, size: Math.min(q.size, 200) };
  return page(paging, conditions);
}

/** GET /applications/search: the quick search by id or student name/email (size 10). */
export function searchApplications(q: PagingQuery) {
  return page(q, []);
}

/** POST /applications/find_by_criteria: the applications filter. */
export function findApplicationsByCriteria(q: PagingQuery, criteria: Partial<ApplicationCriteria>) {
  const { keyword, ...rest } = criteria;
  return page({ ...q, keyword: keyword ?? q.keyword ?? undefined }, criteriaConditions(rest));
}

/** POST /applications/summary: how many applications the criteria match, per status (one grouped query). */
export async function applicationsSummary(criteria: Partial<ApplicationCriteria>) {
  const where = whereOf(criteriaConditions(criteria));
  const rows = (await Application.findAll({
    attributes: ['status', [Sequelize.fn('COUNT', Sequelize.col('id')), 'count']],
    where,
    group: ['status'],
    raw: true,
  })) as unknown as Array<{ status: string; count: number | string }>;
  const statuses = rows.map((r) => ({ status: r.status, count: Number(r.count) })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return { total: statuses.reduce((sum, s) => sum + s.count, 0), statuses };
}

/** The application row or a 404. */
export async function findApplication(id: number, transaction?: Transaction): Promise<Application> {
  const row = await Application.findByPk(id, { transaction });
  if (!row) throw AppError.notFound('Application');
  return row;
}

export function getApplication(id: number) {
  return loadApplicationDto(id);
}

const conflict = (code: keyof typeof Messages) => AppError.conflict(code, Messages[code]);

/** An opportunity id may belong to one application only (the unique index decides a race the same way). */
async function assertOpportunityFree(opportunityId: string | null | undefined, applicationId: number | null, transaction: Transaction): Promise<void> {
  if (!opportunityId) return;
  const other = await Application.findOne({ where: { opportunityId }, attributes: ['id'], transaction });
  if (other && other.id !== applicationId) throw conflict('OPPORTUNITY_ID_REGISTERED');
}

function opportunityRace(err: unknown): never {
  if (err instanceof UniqueConstraintError && Object.keys(err.fields ?? {}).some((f) => f.includes('opportunity'))) throw conflict('OPPORTUNITY_ID_REGISTERED');
  throw err;
}

/**
 * POST /applications. Staff apply for any student; a student for themselves, to a published product
 * in its enrolling window. Refused: an archived product or student, a PURCHASE product (bought, not
 * applied to), an open application of the student for the product, an opportunity id in use. The
 * student's row is locked so two concurrent applications for one product cannot both pass.
 */
export async function createApplication(input: ApplicationCreateInput, auth: Principal, actor: Actor): Promise<ApplicationDto> {
  const staff = isStaff(auth);
  const studentId = staff ? input.studentId : auth.studentId;
  if (!studentId) throw AppError.badRequest({ studentId: Messages.REQUIRED });
  const id = await Application.sequelize!.transaction(async (transaction) => {
    const student = await Student.findByPk(studentId, { attributes: ['id', 'archived', 'autoPay'], lock: transaction.LOCK.UPDATE, transaction });
    if (!student) throw AppError.badRequest({ studentId: Messages.INVALID_VALUE });
    const product = await Product.findByPk(input.productId, { transaction });
    if (!product) throw AppError.badRequest({ productId: Messages.INVALID_VALUE });
    if (product.deleted) throw conflict('PRODUCT_ARCHIVED');
    if (product.flowType === 'PURCHASE') throw conflict('INVALID_FLOW_TYPE');
    if (student.archived) throw conflict('STUDENT_ARCHIVED');
    if (!staff && (!product.published || !isEnrolling(product, schoolToday()))) throw conflict('ENROLLMENT_DATE_OUT_OF_RANGE');
    const open = await Application.findOne({ where: { studentId, productId: product.id, status: notClosed }, attributes: ['id'], transaction });
    if (open) throw conflict('ALREADY_APPLIED');
    await assertOpportunityFree(input.opportunityId, null, transaction);
    const first = await ProductItem.findOne({
      where: { productId: product.id },
      order: [['id', 'ASC']],
      include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'businessCategoryId'] }],
      transaction,
    });
    const created = await Application.create(
      {
        studentId,
        productId: product.id,
        productPaymentPlanId: null,
        businessCategoryId: first?.cohort?.businessCategoryId ?? null,
        flowType: product.flowType,
        source: staff ? (input.source ?? 'STAFF') : 'WEBSITE',
        opportunityId: staff ? (input.opportunityId ?? null) : null,
        migrated: staff ? (input.migrated ?? false) : false,
        autoPay: Boolean(student.autoPay),
        documentName: null,
        documentType: null,
        voucherId: null,
        paymentMethodId: null,
        appliedAt: null,
        enrolledAt: null,
        statusChangedAt: new Date(),
        ...stamp(actor),
      },
      { transaction },
    ).catch(opportunityRace);
    await recordActivity(
      actor,
      {
        entityType: 'APPLICATION',
        entityId: created.id,
        studentId,
        category: 'ENROLLMENT',
        type: 'CREATED',
        description: description('APPLICATION_CREATED', { product: product.name }),
        changes: {},
      },
      transaction,
    );
    return created.id;
  });
  return loadApplicationDto(id);
}

/** Statuses in which an application's choices can still change: students while CREATED, staff until ENROLLED. */
const STAFF_EDITABLE = ['CREATED', 'APPLIED', 'WAITING_TO_AGREE', 'WAITING_TO_SIGN', 'SIGNED'];

/**
 * The classes chosen: each a class the product sells (not archived or cancelled), one per program
 * (400 cohortIds); a newly chosen full class is MAX_STUDENTS_REACHED. Answers programId → cohortId.
 */
async function checkedCohorts(application: Application, cohortIds: number[], transaction: Transaction): Promise<Map<number, number>> {
  const wanted = [...new Set(cohortIds)];
  const bad = () => AppError.badRequest({ cohortIds: Messages.INVALID_VALUE });
  if (!wanted.length) return new Map();
  const items = await ProductItem.findAll({
    where: { productId: application.productId, cohortId: wanted },
    attributes: ['cohortId'],
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'programId', 'deleted', 'status', 'maxStudents'] }],
    transaction,
  });
  const cohorts = items.map((i) => i.cohort).filter((c): c is Cohort => Boolean(c) && !c!.deleted && c!.status !== 'ARCHIVED' && c!.status !== 'CANCELLED');
  if (cohorts.length !== wanted.length) throw bad();
  const byProgram = new Map<number, number>();
  for (const c of cohorts) {
    if (byProgram.has(c.programId)) throw bad();
    byProgram.set(c.programId, c.id);
  }
  const current = new Set((await ApplicationCohort.findAll({ where: { applicationId: application.id }, attributes: ['cohortId'], raw: true, transaction })).map((c) => c.cohortId));
  const added = cohorts.filter((c) => !current.has(c.id) && c.maxStudents !== null && c.maxStudents !== undefined);
  if (added.length) {
    const seats = await seatsTaken(
      added.map((c) => c.id),
      transaction,
    );
    if (added.some((c) => (seats.get(c.id) ?? 0) >= Number(c.maxStudents))) throw conflict('MAX_STUDENTS_REACHED');
  }
  return byProgram;
}

/** Makes the application's classes exactly `byProgram` (a program's row is kept and repointed; others removed). */
async function replaceCohorts(applicationId: number, byProgram: Map<number, number>, transaction: Transaction): Promise<void> {
  const current = await ApplicationCohort.findAll({ where: { applicationId }, transaction });
  for (const row of current) {
    const cohortId = byProgram.get(row.programId);
    if (cohortId === undefined) await row.destroy({ transaction });
    else if (cohortId !== row.cohortId) await row.update({ cohortId }, { transaction });
  }
  const have = new Set(current.map((r) => r.programId));
  const added = [...byProgram].filter(([programId]) => !have.has(programId)).map(([programId, cohortId]) => ({ applicationId, programId, cohortId }));
  if (added.length) await ApplicationCohort.bulkCreate(added, { transaction });
}

/**
 * PUT /applications/{id}: the choices (classes, plan, card, document) and, for staff, the source,
 * opportunity id and migrated flag. A student only while CREATED; staff until ENROLLED
 * (INVALID_STATUS otherwise). A changed plan recomputes the voucher discount; a cleared document
 * un-completes the document step. Changing classes or plan after an agreement was sent or signed
 * makes it stale (its text no longer matches), so it must be signed again.
 */
export async function updateApplication(id: number, input: ApplicationUpdateInput, auth: Principal, actor: Actor): Promise<ApplicationDto> {
  const staff = isStaff(auth);
  await Application.sequelize!.transaction(async (transaction) => {
    const application = await Application.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!application) throw AppError.notFound('Application');
    if (staff ? !STAFF_EDITABLE.includes(application.status) : application.status !== 'CREATED') throw conflict('INVALID_STATUS');
    const before = await loadApplicationDto(id, transaction);

    const byProgram = input.cohortIds !== undefined ? await checkedCohorts(application, input.cohortIds, transaction) : null;
    if (input.productPaymentPlanId) {
      const plan = await ProductPaymentPlan.count({ where: { id: input.productPaymentPlanId, productId: application.productId }, transaction });
      if (!plan) throw AppError.badRequest({ productPaymentPlanId: Messages.INVALID_VALUE });
    }
    if (input.paymentMethodId) {
      const card = await PaymentMethod.count({ where: { id: input.paymentMethodId, studentId: application.studentId, deleted: false }, transaction });
      if (!card) throw AppError.badRequest({ paymentMethodId: Messages.INVALID_VALUE });
    }
    if (staff) await assertOpportunityFree(input.opportunityId, id, transaction);
    // The document is an upload (POST /files): a student names only their own; staff may also keep a name from before uploads.
    const document = input.documentName ? await StoredFile.findOne({ where: { fileName: input.documentName }, transaction }) : null;
    if (input.documentName) {
      const fits = document && document.purpose === 'DOCUMENT' && (document.studentId === null ? staff : document.studentId === application.studentId);
      if (staff ? document && !fits : !fits) throw AppError.badRequest({ documentName: Messages.INVALID_VALUE });
    }

    const values: Partial<Application['_creationAttributes']> = {};
    if (input.productPaymentPlanId !== undefined) values.productPaymentPlanId = input.productPaymentPlanId ?? null;
    if (input.paymentMethodId !== undefined) values.paymentMethodId = input.paymentMethodId ?? null;
    if (input.documentName !== undefined) values.documentName = input.documentName ?? null;
    if (input.documentType !== undefined) values.documentType = input.documentType ?? null;
    if (document && input.documentType === undefined) values.documentType = document.contentType;
    if (staff) {
      if (input.source !== undefined) values.source = input.source ?? null;
      if (input.opportunityId !== undefined) values.opportunityId = input.opportunityId ?? null;
      if (input.migrated !== undefined) values.migrated = input.migrated;
    }
    await application.update({ ...values, ...stamp(actor) }, { transaction }).catch(opportunityRace);
    if (byProgram) await replaceCohorts(id, byProgram, transaction);
    if (values.productPaymentPlanId !== undefined && values.productPaymentPlanId !== before.productPaymentPlanId) await recomputeVoucherDiscount(id, transaction);
    if (values.documentName === null) await clearStep(id, 'DOCUMENT_UPLOAD', transaction);

    const after = await loadApplicationDto(id, transaction);
    await recordActivity(
      actor,
      { entityType: 'APPLICATION', entityId: id, studentId: application.studentId, category: 'ENROLLMENT', type: 'UPDATED', changes: diff(before, after, ['steps', 'updatedBy']) },
      transaction,
    );
  });
  return loadApplicationDto(id);
}

/**
 * POST /applications/{id}/progress: marks `step` complete after checking it, then answers the flow.
 * ADMIN_APPROVAL and COMPLETE_ACM_REQUIREMENTS are staff decisions (403 for a student); the
 * agreement is completed by signing (400). A staff approval of an APPLIED application moves it on.
 */
export async function recordProgress(deps: Deps, id: number, step: Step | null | undefined, auth: Principal, actor: Actor) {
  if (step) {
    if (step === 'ENROLLMENT_AGREEMENT') throw AppError.badRequest({ step: Messages.INVALID_VALUE });
    if (!isStaff(auth) && (step === 'ADMIN_APPROVAL' || step === 'COMPLETE_ACM_REQUIREMENTS')) throw AppError.forbidden();
    const approved = await Application.sequelize!.transaction(async (transaction) => {
      const application = await findApplication(id, transaction);
      if ((['CANCELLED', 'REJECTED', 'ARCHIVED'] as string[]).includes(application.status)) throw conflict('INVALID_STATUS');
      const refusal = await stepRefusal(application, step, transaction);
      if (refusal) throw AppError.conflict(refusal.code, refusal.message);
      await markStepComplete(id, step, actor, transaction);
      if (step !== 'ADMIN_APPROVAL' || application.status !== 'APPLIED') return false;
      await advance(id, actor, transaction);
      return (await findApplication(id, transaction)).status !== 'APPLIED';
    });
    // A staff approval that moved the application on is told to the student like the approve move.
    if (approved) await emailStatusChange(deps, id, 'WAITING_TO_SIGN');
  }
  return progressOf(await findApplication(id));
}

/**
 * PATCH /applications/{id}/status?status=X: the machine (a student: own, CREATED → APPLIED | CANCELLED
 * only). After the commit, a staff move the student should hear about emails them (status-mail.ts).
 */
export async function patchStatus(deps: Deps, id: number, status: ApplicationStatusValue, auth: Principal, actor: Actor): Promise<ApplicationDto> {
  await findApplication(id);
  await changeStatus(id, status, actor, { asStudent: !isStaff(auth) });
  if (isStaff(auth)) await emailStatusChange(deps, id, status);
  return loadApplicationDto(id);
}

/** GET /applications/{id}/status_moves: the staff moves from the current status, whether each is possible now, and where its messages go. */
export async function getStatusMoves(deps: Deps, id: number): Promise<StatusMovesAnswer> {
  return { ...(await statusMoves(id)), delivery: statusDelivery(deps.config) };
}

/** GET /applications/{id}/payment_plans: the student payment plans issued for it, newest first, with their schedules. */
export async function listApplicationPlans(id: number) {
  await findApplication(id);
  const plans = await StudentPaymentPlan.findAll({
    where: { applicationId: id },
    order: [['id', 'DESC']],
    include: [{ model: PaymentSchedule, as: 'schedules', separate: true, order: [['number', 'ASC']] }],
  });
  const today = schoolToday();
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    paymentPlanType: p.paymentPlanType,
    paymentScheduleType: p.paymentScheduleType,
    depositAmount: money(p.depositAmount),
    totalTerm: p.totalTerm,
    installmentAmount: money(p.installmentAmount),
    interestRate: num(p.interestRate),
    tuitionPrice: money(p.tuitionPrice),
    additionalFees: money(p.additionalFees),
    voucherDiscount: money(p.voucherDiscount),
    totalInterest: money(p.totalInterest),
    totalOwed: money(p.totalOwed),
    totalPaid: money(p.totalPaid),
    balance: money(p.balance),
    installmentsCount: p.installmentsCount,
    status: p.status,
    ...planStanding(p, today),
    autoPay: p.autoPay,
    firstPaymentDate: p.firstPaymentDate,
    lastPaymentDate: p.lastPaymentDate,
    schedules: (p.schedules ?? []).map((s) => ({
      id: s.id,
      number: s.number,
      kind: s.kind,
      dueDate: s.dueDate,
      principal: money(s.principal),
      interest: money(s.interest),
      amount: money(s.amount),
      balance: money(s.balance),
      paidAmount: money(s.paidAmount),
      status: s.status,
    })),
  }));
}

/** Application cohorts (the class chosen per program) with their application's status and product. */
async function applicationCohortPage(where: WhereOptions, q: { size: number; page: number }) {
  const include = [
    { model: Cohort, as: 'cohort', attributes: ['id', 'label', 'startDate', 'endDate'] },
    { model: Program, as: 'program', attributes: ['id', 'name'] },
    {
      model: Application,
      as: 'application',
      attributes: ['id', 'status', 'productId', 'studentId'],
      required: true,
      include: [{ model: Product, as: 'product', attributes: ['id', 'name'] }],
    },
  ];
  const { rows, count } = await ApplicationCohort.findAndCountAll({ where, include, order: [['id', 'ASC']], limit: q.size, offset: q.page * q.size, distinct: true });
  return {
    content: rows.map((r) => {
      const row = r as ApplicationCohort & { program?: Program; application?: Application & { product?: Product } };
      return {
        id: row.id,
        applicationId: row.applicationId,
        applicationStatus: row.application?.status ?? null,
        productId: row.application?.productId ?? null,
        productName: row.application?.product?.name ?? null,
        programId: row.programId,
        programName: row.program?.name ?? null,
        cohortId: row.cohortId,
        cohortLabel: row.cohort?.label ?? null,
        startDate: row.cohort?.startDate ?? null,
        endDate: row.cohort?.endDate ?? null,
      };
    }),
    pagination: { total: count, page: q.page, size: q.size },
  };
}

/** GET /applications/{id}/application_cohorts */
export async function listApplicationCohorts(id: number, q: { size: number; page: number }) {
  await findApplication(id);
  return applicationCohortPage({ applicationId: id }, q);
}

/** GET /students/{id}/application_cohorts: every class the student chose, over all their applications (size 200). */
export async function listStudentApplicationCohorts(studentId: number, q: { size: number; page: number }) {
  const student = await Student.findByPk(studentId, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  return applicationCohortPage({ applicationId: { [Op.in]: Sequelize.literal(`(SELECT a.id FROM applications a WHERE a.student_id = ${Number(studentId)})`) } }, q);
}
