import { Op, UniqueConstraintError, type Transaction, type WhereOptions } from 'sequelize';
import { ActivityLog, Application, Enrollment, Envelope, PaymentMethod, Student, StudentPaymentPlan, Transfer, User, UserViewHistory, Withdrawal } from '../../models';
import { Messages } from '../../models/messages';
import { assertEmailFree, changeEmail, sessionStatuses, setActive } from '../auth/accounts';
import { diff, recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type CriteriaSpec, type ListSpec, type PagingQuery } from '../common/list';
import { getOwnSearchFilter, searchFilterDto } from '../search-filters/search-filters.service';
import { ADDRESS_COLUMNS, MERGE_FILL_COLUMNS, auditSnapshot, studentColumns, studentDto } from './students.dto';
import { activitySortable, customerCriteria, studentCriteria, studentSortable, type StudentCreateInput, type StudentCriteria, type StudentInput } from './students.schemas';
import { description, descriptionFields } from '../../models/descriptions';

/**
 * Students and customers: one table, one service. A customer is any learner account; a student is a
 * customer with `isStudent` (created by staff or who applied). The two lists differ only in scope.
 */
export type StudentScope = 'students' | 'customers';

const listSpecs: Record<StudentScope, ListSpec<Student> & { criteria: CriteriaSpec }> = {
  students: {
    model: Student,
    sortable: studentSortable,
    keywordColumns: ['firstName', 'lastName', 'email'],
    criteria: studentCriteria,
    baseWhere: { archived: false, isStudent: true },
  },
  customers: {
    model: Student,
    sortable: studentSortable,
    keywordColumns: ['firstName', 'lastName', 'email'],
    criteria: customerCriteria,
    baseWhere: { archived: false },
  },
};

const ENTITY = 'STUDENT';

/** The plain list of a scope (keyword search over names and email; a number also finds the id). */
export function listStudents(scope: StudentScope, q: PagingQuery) {
  return runList(listSpecs[scope], q, [], studentDto);
}

/** The criteria search of a scope; `archived: true` lists the archived (merged) records instead. */
export function findStudentsByCriteria(scope: StudentScope, q: PagingQuery, criteria: Partial<StudentCriteria>) {
  const { spec, conditions } = studentListSource(scope, criteria);
  return runList(spec, q, conditions, studentDto);
}

/** The list of a scope for its criteria (the list and its export, api/exports, read the same rows). */
export function studentListSource(scope: StudentScope, criteria: Partial<StudentCriteria>) {
  const base = listSpecs[scope];
  const { archived, ...rest } = criteria;
  // The list indexes lead with `archived`, so swapping the base filter keeps them usable.
  const spec = archived === true ? { ...base, baseWhere: { ...(base.baseWhere as object), archived: true } } : base;
  return { spec, conditions: criteriaWhere(base.criteria, rest, Student.sequelize!.getDialect()) };
}

async function findStudent(id: number, transaction?: Transaction): Promise<Student> {
  const student = await Student.findByPk(id, { transaction });
  if (!student) throw AppError.notFound('Student');
  return student;
}

/** One record by id, archived ones included (their `mergedIntoId` tells where they went). */
export async function getStudent(id: number) {
  return studentDto(await findStudent(id));
}

/** The record whose sign-in email is `email`. */
export async function getStudentByEmail(email: string) {
  // Through users.email (unique index) and students.user_id (unique index): students.email is only
  // indexed behind `archived`, for the lists.
  const user = await User.findOne({ where: { email: email.toLowerCase() }, attributes: ['id'], raw: true });
  const student = user ? await Student.findOne({ where: { userId: user.id } }) : null;
  if (!student) throw AppError.notFound('Student');
  return studentDto(student);
}

// Columns a new row needs that the nested input may leave out.
export const EMPTY_PROFILE = {
  middleName: null,
  title: null,
  suffix: null,
  gender: null,
  dateOfBirth: null,
  educationLevel: null,
  occupation: null,
  mobilePhone: null,
  homePhone: null,
  workPhone: null,
  street1: null,
  street2: null,
  city: null,
  stateCode: null,
  zip: null,
  countryCode: null,
  timeZone: null,
  source: null,
  salesforceLeadId: null,
  d2lUserId: null,
  edluminaId: null,
  photo: null,
  mergedIntoId: null,
  archivedAt: null,
} as const;

/** A taken email found only by the unique index (two creations racing) is still USERNAME_TAKEN. */
export async function emailUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw AppError.conflict('USERNAME_TAKEN', Messages.USERNAME_TAKEN);
    throw err;
  }
}

/**
 * Creates a student with a sign-in account without a password: the student sets one through
 * "forgot password". Staff-created records are students from the start.
 */
export async function createStudent(input: StudentCreateInput, actor: Actor) {
  const email = input.user.email.toLowerCase();
  await assertEmailFree(email);
  return emailUnique(() =>
    Student.sequelize!.transaction(async (transaction) => {
      const user = await User.create(
        {
          email,
          passwordHash: null,
          kind: 'STUDENT',
          active: input.active ?? true,
          emailVerifiedAt: null,
          firstFailedLoginAt: null,
          lockedUntil: null,
          lastLoginAt: null,
          lastActivityAt: null,
          tokensValidAfter: null,
          ...stamp(actor),
        },
        { transaction },
      );
      const { firstName, lastName, ...columns } = studentColumns(input);
      const student = await Student.create(
        { ...EMPTY_PROFILE, ...columns, firstName: firstName!, lastName: lastName!, userId: user.id, email, isStudent: true, ...stamp(actor) },
        { transaction },
      );
      await recordActivity(
        actor,
        { entityType: ENTITY, entityId: student.id, studentId: student.id, category: 'PROFILE', type: 'CREATED', changes: diff({}, auditSnapshot(student)) },
        transaction,
      );
      return studentDto(student);
    }),
  );
}

/**
 * Replaces a profile. An email change goes through the account operation (it ends the old sessions);
 * an `active` change also (de)activates the sign-in account, so the two never disagree.
 */
export async function updateStudent(id: number, input: StudentInput, actor: Actor) {
  return emailUnique(() =>
    Student.sequelize!.transaction(async (transaction) => {
      const student = await findStudent(id, transaction);
      const before = auditSnapshot(student);
      const newEmail = input.user?.email;
      if (newEmail && newEmail !== student.email) {
        await changeEmail(student.userId as number, newEmail, actor, transaction);
        await student.reload({ transaction });
      }
      const columns = studentColumns(input);
      const activeChanged = columns.active !== undefined && columns.active !== student.active;
      await student.update({ ...columns, ...stamp(actor) }, { transaction });
      if (activeChanged) await setActive(student.userId as number, columns.active!, actor, transaction);
      // The email change has its own entry (from changeEmail); this one lists the profile changes.
      const changes = diff(before, auditSnapshot(student), ['email']);
      await recordActivity(actor, { entityType: ENTITY, entityId: id, studentId: id, category: 'PROFILE', type: 'UPDATED', changes }, transaction);
      return studentDto(student);
    }),
  );
}

/** Changes the sign-in email of a student (409 USERNAME_TAKEN when another account has it). */
export async function changeStudentEmail(id: number, email: string, actor: Actor) {
  return emailUnique(() =>
    Student.sequelize!.transaction(async (transaction) => {
      const student = await findStudent(id, transaction);
      await changeEmail(student.userId as number, email, actor, transaction);
      await student.reload({ transaction });
      return studentDto(student);
    }),
  );
}

/** Flips a student's active flag together with the sign-in account (deactivation ends its sessions). */
export async function toggleStudentActive(id: number, actor: Actor) {
  return Student.sequelize!.transaction(async (transaction) => {
    const student = await findStudent(id, transaction);
    const active = !student.active;
    await student.update({ active, ...stamp(actor) }, { transaction });
    // setActive records the ACCOUNT ACTIVATED/DEACTIVATED entry on this student's log.
    await setActive(student.userId as number, active, actor, transaction);
    return studentDto(student);
  });
}

/** Session status of a student's account: ACTIVE, IDLE or INACTIVE, with the last activity time. */
export async function studentSession(id: number, idleMinutes: number) {
  const student = await findStudent(id);
  const status = (await sessionStatuses([student.userId as number], idleMinutes)).get(student.userId as number);
  return { status: status?.status ?? 'INACTIVE', lastActivityAt: status?.lastActivityAt ?? null };
}

/**
 * One activity-log entry as the student drawer's activity tab shows it: `description` is the English
 * text, `descriptionKey` and `descriptionParams` what the console writes in its language (null for
 * entries recorded before keys existed).
 */
export function activityDto(a: ActivityLog) {
  return {
    id: a.id,
    activityDate: a.createdAt,
    category: a.category,
    type: a.type,
    description: a.description,
    ...descriptionFields(a),
    changes: a.changes,
    actor: { id: a.actorUserId, name: a.actorName },
    entityType: a.entityType,
    entityId: a.entityId,
  };
}

/** A student's activity log, newest first by default, optionally of some categories and types. */
export async function listStudentActivity(id: number, q: PagingQuery & { categories?: string[]; types?: string[] }) {
  await findStudent(id);
  const spec: ListSpec<ActivityLog> = { model: ActivityLog, sortable: activitySortable, keywordColumns: ['type', 'description'], baseWhere: { studentId: id } };
  const conditions: WhereOptions[] = [];
  if (q.categories?.length) conditions.push({ category: { [Op.in]: q.categories } });
  if (q.types?.length) conditions.push({ type: { [Op.in]: q.types } });
  return runList(spec, q, conditions, activityDto);
}

/** One of the caller's saved student filters. */
export async function getStudentFilter(ownerUserId: number, id: number) {
  return searchFilterDto(await getOwnSearchFilter(ownerUserId, id, 'students'));
}

type MergeStep = (keep: Student, merged: Student, transaction: Transaction) => Promise<unknown>;

/**
 * Refusals checked before anything moves (domain rules, "People and accounts"): both students have an
 * ACTIVE enrollment in one cohort → 409 ALREADY_ENROLLED.
 */
const mergeChecks: MergeStep[] = [
  async (keep, merged, transaction) => {
    const active = { status: 'ACTIVE' };
    const kept = await Enrollment.findAll({ attributes: ['cohortId'], where: { studentId: keep.id, ...active }, transaction });
    if (!kept.length) return;
    const shared = await Enrollment.count({ where: { studentId: merged.id, ...active, cohortId: kept.map((e) => e.cohortId) }, transaction });
    if (shared) throw AppError.conflict('ALREADY_ENROLLED', Messages.ALREADY_ENROLLED);
  },
];

/**
 * What a merge moves from the merged record to the kept one, one line per area (communications add
 * theirs when that area lands).
 */
const mergeMoves: MergeStep[] = [
  (keep, merged, transaction) => ActivityLog.update({ studentId: keep.id }, { where: { studentId: merged.id }, transaction }),
  // "Recently viewed" entries keep pointing at a record staff can still open.
  (keep, merged, transaction) => UserViewHistory.update({ entityId: keep.id }, { where: { entityType: ENTITY, entityId: merged.id }, transaction }),
  // Enrollment (issue 5): applications with everything hanging off them, and the cards on file.
  // Transfers and withdrawals (issue 18) belong to the applications they moved.
  ...[Application, Enrollment, Envelope, StudentPaymentPlan, PaymentMethod, Transfer, Withdrawal].map(
    (model): MergeStep =>
      (keep, merged, transaction) =>
        (model as typeof Application).update({ studentId: keep.id }, { where: { studentId: merged.id }, transaction }),
  ),
];

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** Profile values of the merged record that fill the kept record's empty fields. */
function fillFrom(keep: Student, merged: Student): Partial<Record<string, unknown>> {
  const fill: Record<string, unknown> = {};
  for (const col of MERGE_FILL_COLUMNS) {
    if (isEmpty(keep[col]) && !isEmpty(merged[col])) fill[col] = merged[col];
  }
  if (ADDRESS_COLUMNS.every((c) => isEmpty(keep[c])) && ADDRESS_COLUMNS.some((c) => !isEmpty(merged[c]))) {
    for (const col of ADDRESS_COLUMNS) fill[col] = merged[col];
  }
  return fill;
}

/**
 * Merges two records of one person (domain rules, "People and accounts"): the merged record's history
 * moves to the kept one, the kept one's empty profile fields are filled from it, and the merged one is
 * archived with its account deactivated. All or nothing, in one transaction.
 */
export async function mergeStudents(keepId: number, mergeId: number, actor: Actor) {
  if (keepId === mergeId) throw AppError.conflict('SAME_STUDENT', Messages.SAME_STUDENT);
  return Student.sequelize!.transaction(async (transaction) => {
    // Lock in id order so two merges over the same pair cannot deadlock (MariaDB; SQLite serialises writers).
    const rows = await Student.findAll({ where: { id: [keepId, mergeId], archived: false }, order: [['id', 'ASC']], lock: transaction.LOCK.UPDATE, transaction });
    const keep = rows.find((r) => r.id === keepId);
    const merged = rows.find((r) => r.id === mergeId);
    if (!keep || !merged) throw AppError.notFound('Student');
    for (const check of mergeChecks) await check(keep, merged, transaction);
    for (const move of mergeMoves) await move(keep, merged, transaction);

    const keepBefore = auditSnapshot(keep);
    await keep.update({ ...fillFrom(keep, merged), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: ENTITY,
        entityId: keep.id,
        studentId: keep.id,
        category: 'PROFILE',
        type: 'MERGED',
        description: description('STUDENT_MERGED_IN', { id: merged.id, email: merged.email }),
        changes: diff(keepBefore, auditSnapshot(keep)),
      },
      transaction,
    );

    const mergedBefore = auditSnapshot(merged);
    await merged.update({ archived: true, archivedAt: new Date(), mergedIntoId: keep.id, active: false, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: ENTITY,
        entityId: merged.id,
        studentId: merged.id,
        category: 'PROFILE',
        type: 'MERGED',
        description: description('STUDENT_MERGED_INTO', { id: keep.id, email: keep.email }),
        changes: diff(mergedBefore, auditSnapshot(merged)),
      },
      transaction,
    );
    await setActive(merged.userId as number, false, actor, transaction);
    return studentDto(keep);
  });
}
