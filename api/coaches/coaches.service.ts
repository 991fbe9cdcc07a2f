import { Op, QueryTypes, Sequelize, type Transaction, type WhereOptions } from 'sequelize';
import { EMPTY_PROFILE, emailUnique } from '../students/students.service';
import { Coach, CoachComment, CommunicationIntent, Student, User } from '../../models';
import { Messages } from '../../models/messages';
import { assertEmailFree, changeEmail, issuePasswordToken, setActive } from '../auth/accounts';
import { diff, recordActivity, stamp } from '../common/audit';
import type { Actor, Deps, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, likePrefix, runList, type ListSpec, type PagingQuery } from '../common/list';
import { instituteParams, languageOf, ProductEmail } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';
import { auditSnapshot, studentColumns } from '../students/students.dto';
import { coachColumns, coachDto, coachSnapshot } from './coaches.dto';
import { coachComments } from '../coaching-circles/circle-attendance.service';
import {
  coachCriteria,
  coachSortable,
  type CoachCreateInput,
  type CoachCriteria,
  type CoachListQuery,
  type CoachOwnCommentsQuery,
  type CoachSelfUpdateInput,
  type CoachUpdateInput,
} from './coaches.schemas';

/**
 * Coaches (back-office spec §3 "Coach", §7 "Coaches"; domain rules "Coaches"): a COACH account with
 * its own fields and an embedded student record (names, email, phones, address, language, active).
 * Names and email live on the student record, so the list's keyword, name and email criteria and the
 * name sorts go through indexed subqueries on `students`.
 */

const ENTITY = 'COACH';
const withStudent = [{ model: Student, as: 'student' }];
const studentName = (column: (name: string) => string, field: string) => `(SELECT s.${field} FROM students s WHERE s.id = ${column('student_id')})`;

export const coachListSpec: ListSpec<Coach> = {
  model: Coach,
  sortable: coachSortable,
  sortExpressions: {
    firstName: (column) => studentName(column, 'first_name'),
    lastName: (column) => studentName(column, 'last_name'),
    email: (column) => studentName(column, 'email'),
  },
  keywordColumns: [],
  // Every word: the student record's first name, last name or email (prefix), or — a number — the coach id.
  studentKeyword: { numbers: ['id'] },
  include: withStudent,
};

/** `studentId IN (SELECT id FROM students WHERE …)`: a condition on the coach's student record. */
const onStudent = (sql: string): WhereOptions => ({ studentId: { [Op.in]: Sequelize.literal(`(SELECT s.id FROM students s WHERE ${sql})`) } });

/** A JSON array column holding `value` (the quoted value inside it; case-insensitive on both databases). */
function jsonHas(sequelize: Sequelize, column: 'languages' | 'specializations', value: string): WhereOptions {
  const dialect = sequelize.getDialect();
  const pattern = `%${likePrefix(JSON.stringify(value), dialect)}`;
  return { [column]: { [Op.like]: pattern } };
}

/** The criteria's conditions on the coaches list (the list and its export, api/exports, read the same rows). */
export function coachConditions(criteria: Partial<CoachCriteria>): WhereOptions[] {
  const sequelize = Coach.sequelize!;
  const dialect = sequelize.getDialect();
  const out: WhereOptions[] = [];
  const { name, email, active, languages, specializations, ...own } = criteria;
  if (name) {
    const like = sequelize.escape(likePrefix(String(name), dialect));
    out.push(onStudent(`s.first_name LIKE ${like} OR s.last_name LIKE ${like}`));
  }
  if (email) out.push(onStudent(`s.email LIKE ${sequelize.escape(likePrefix(String(email).toLowerCase(), dialect))}`));
  if (typeof active === 'boolean') out.push(onStudent(`s.active = ${active ? 1 : 0}`));
  for (const [column, values] of [
    ['languages', languages],
    ['specializations', specializations],
  ] as const) {
    if (Array.isArray(values) && values.length) out.push({ [Op.or]: (values as string[]).map((v) => jsonHas(sequelize, column, v)) });
  }
  out.push(...criteriaWhere(coachCriteria, own, dialect));
  return out;
}

const pick = (c: Coach) => ({ id: c.id, name: `${c.student?.firstName ?? ''} ${c.student?.lastName ?? ''}`.trim() });

/** GET /coaches: paged; `fields=id,name` answers the light rows of pickers. */
export function listCoaches(q: CoachListQuery) {
  return q.fields?.length ? runList(coachListSpec, q, [], pick) : runList(coachListSpec, q, [], coachDto);
}

/** POST /coaches/find_by_criteria. */
export function findCoachesByCriteria(q: CoachListQuery, criteria: Partial<CoachCriteria>) {
  const conditions = coachConditions(criteria);
  return q.fields?.length ? runList(coachListSpec, q, conditions, pick) : runList(coachListSpec, q, conditions, coachDto);
}

async function loadCoach(id: number, transaction?: Transaction): Promise<Coach> {
  const coach = await Coach.findByPk(id, { include: withStudent, transaction });
  if (!coach || !coach.student) throw AppError.notFound('Coach');
  return coach;
}

interface CircleRow {
  circleCoachId: number;
  circleId: number;
  typeName: string;
  cohortId: number;
  cohortLabel: string;
  startDate: string | Date;
  published: number | boolean;
  signUps: number | string;
}

/**
 * The groups a coach leads, in one query: each circle with its type, cohort label and start date, and
 * the sign-ups of the coach's group (newest start first; 100 at most, back-office spec §9).
 */
export async function circlesOf(coachId: number, transaction?: Transaction) {
  const rows = await Coach.sequelize!.query<CircleRow>(
    `SELECT cc.id AS circleCoachId, c.id AS circleId, t.name AS typeName, co.id AS cohortId, co.label AS cohortLabel,
            c.start_date AS startDate, c.published AS published,
            (SELECT COUNT(*) FROM coaching_circle_sign_ups su WHERE su.coaching_circle_coach_id = cc.id) AS signUps
       FROM coaching_circle_coaches cc
       JOIN coaching_circles c ON c.id = cc.coaching_circle_id
       JOIN coaching_circle_types t ON t.id = c.coaching_circle_type_id
       JOIN cohorts co ON co.id = c.cohort_id
      WHERE cc.coach_id = :coachId
      ORDER BY c.start_date DESC, c.id DESC
      LIMIT 100`,
    { type: QueryTypes.SELECT, replacements: { coachId }, transaction },
  );
  return rows.map((r) => ({
    circleCoachId: Number(r.circleCoachId),
    circleId: Number(r.circleId),
    typeName: r.typeName,
    cohortId: Number(r.cohortId),
    cohortLabel: r.cohortLabel,
    startDate: r.startDate instanceof Date ? r.startDate.toISOString().slice(0, 10) : String(r.startDate).slice(0, 10),
    published: Boolean(Number(r.published)),
    signUps: Number(r.signUps),
  }));
}

/** GET /coaches/{id}: the coach with its circles. */
export async function getCoach(id: number, transaction?: Transaction) {
  const coach = await loadCoach(id, transaction);
  return { ...coachDto(coach), circles: await circlesOf(id, transaction) };
}

/**
 * POST /coaches: the account (kind COACH, no password yet), its student record and the coach, in one
 * transaction. With `generatePassword` an invitation with a one-time set-password link for the portal
 * is sent after the commit; the answer's `invitation.status` is the email's real state (SENT, or
 * CREATED / FAILED when it has not left: the communications job retries it).
 */
export async function createCoach(input: CoachCreateInput, actor: Actor, deps: Deps) {
  const email = input.student.user.email.toLowerCase();
  await assertEmailFree(email);
  const { coachId, token } = await emailUnique(() =>
    Coach.sequelize!.transaction(async (transaction) => {
      const { firstName, lastName, ...columns } = studentColumns(input.student);
      const active = columns.active ?? true;
      const user = await User.create(
        {
          email,
          passwordHash: null,
          kind: 'COACH',
          active,
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
      // A coach's record is not a student's unless staff say so: it stays out of the students list.
      const student = await Student.create(
        { ...EMPTY_PROFILE, isStudent: false, ...columns, active, firstName: firstName!, lastName: lastName!, userId: user.id, email, ...stamp(actor) },
        { transaction },
      );
      const coach = await Coach.create(
        { ...coachColumns(input), intro: input.intro ?? null, coachWebConferenceUrl: input.coachWebConferenceUrl ?? null, userId: user.id, studentId: student.id, ...stamp(actor) },
        { transaction },
      );
      coach.student = student;
      await recordActivity(
        actor,
        {
          entityType: ENTITY,
          entityId: coach.id,
          studentId: student.id,
          category: 'PROFILE',
          type: 'CREATED',
          changes: diff({}, { ...coachSnapshot(coach), ...auditSnapshot(student) }),
        },
        transaction,
      );
      const link = input.generatePassword ? await issuePasswordToken(user.id, 'INVITE', deps.config.INVITATION_TTL_DAYS * 24 * 60, transaction) : null;
      return { coachId: coach.id, token: link };
    }),
  );
  let invitation: { status: 'CREATED' | 'SENDING' | 'SENT' | 'FAILED' } | null = null;
  if (token) invitation = await sendInvitation(coachId, token, actor, deps);
  return { ...(await getCoach(coachId)), invitation };
}

/** Mails the invitation (after the commit: it must never point at an account that was rolled back) and reads back what became of it. */
async function sendInvitation(coachId: number, token: string, actor: Actor, deps: Deps) {
  const coach = await loadCoach(coachId);
  const student = coach.student!;
  try {
    await sendTemplate(deps, {
      key: ProductEmail.COACH_INVITATION,
      to: student.email,
      language: languageOf(student.languageIso2LetterCode),
      studentId: student.id,
      params: {
        ...instituteParams(deps.config),
        ...recipientParams(student),
        link: `${deps.config.PUBLIC_URL}/reset-account-password?token=${encodeURIComponent(token)}`,
        days: deps.config.INVITATION_TTL_DAYS,
      },
      actor,
      about: { entityType: ENTITY, entityId: coachId },
    });
  } catch (err) {
    deps.log.error({ err, coachId }, 'coach invitation not sent');
  }
  const intent = await CommunicationIntent.findOne({
    where: { templateKey: ProductEmail.COACH_INVITATION, aboutEntityType: ENTITY, aboutEntityId: coachId },
    order: [['id', 'DESC']],
    attributes: ['status'],
  });
  return { status: intent?.status ?? ('FAILED' as const) };
}

/**
 * PUT /coaches/{id}: the coach's fields and its student record in one transaction. An email change
 * goes through the account operation; an `active` change also (de)activates the sign-in account.
 */
export async function updateCoach(id: number, input: CoachUpdateInput, actor: Actor) {
  await emailUnique(() =>
    Coach.sequelize!.transaction(async (transaction) => {
      const coach = await loadCoach(id, transaction);
      const student = coach.student!;
      const before = { ...coachSnapshot(coach), ...auditSnapshot(student) };
      const newEmail = input.student.user?.email;
      if (newEmail && newEmail !== student.email) {
        await changeEmail(student.userId as number, newEmail, actor, transaction);
        await student.reload({ transaction });
      }
      const columns = studentColumns(input.student);
      const activeChanged = columns.active !== undefined && columns.active !== student.active;
      await student.update({ ...columns, ...stamp(actor) }, { transaction });
      if (activeChanged) await setActive(student.userId as number, columns.active!, actor, transaction);
      await coach.update({ ...coachColumns(input), ...stamp(actor) }, { transaction });
      const changes = diff(before, { ...coachSnapshot(coach), ...auditSnapshot(student) }, ['email']);
      await recordActivity(actor, { entityType: ENTITY, entityId: id, studentId: student.id, category: 'PROFILE', type: 'UPDATED', changes }, transaction);
    }),
  );
  return getCoach(id);
}

/**
 * DELETE /coaches/{id}: a coach is deactivated, never erased (circles, sign-ups and attendance keep
 * pointing at it): the student record and the account are made inactive and its sessions end. Refused
 * with 409 'Cannot delete coach' while the coach leads a group in a circle that has sessions to come.
 */
export async function deleteCoach(id: number, actor: Actor): Promise<void> {
  await Coach.sequelize!.transaction(async (transaction) => {
    const coach = await loadCoach(id, transaction);
    const [upcoming] = await Coach.sequelize!.query<{ id: number }>(
      `SELECT cc.id AS id FROM coaching_circle_coaches cc
         JOIN coaching_circle_sessions s ON s.coaching_circle_id = cc.coaching_circle_id
        WHERE cc.coach_id = :coachId AND s.start_date_time > :now
        LIMIT 1`,
      { type: QueryTypes.SELECT, replacements: { coachId: id, now: new Date() }, transaction },
    );
    if (upcoming) throw AppError.conflict('CANNOT_DELETE_COACH', Messages.CANNOT_DELETE_COACH);
    const student = coach.student!;
    if (!student.active) return;
    await student.update({ active: false, ...stamp(actor) }, { transaction });
    await coach.update(stamp(actor), { transaction });
    await setActive(student.userId as number, false, actor, transaction);
    await recordActivity(
      actor,
      { entityType: ENTITY, entityId: id, studentId: student.id, category: 'PROFILE', type: 'DEACTIVATED', changes: { active: { from: true, to: false } } },
      transaction,
    );
  });
}

// ---- Comments (newest first, 5 a page).

export function coachCommentDto(c: CoachComment) {
  return { id: c.id, content: c.content, author: c.authorId || c.authorName ? { id: c.authorId, name: c.authorName } : null, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

const commentList: ListSpec<CoachComment> = { model: CoachComment, sortable: { createdAt: 'createdAt', CREATED_AT: 'createdAt' }, keywordColumns: [], maxSize: 100 };

async function assertCoach(id: number, transaction?: Transaction): Promise<void> {
  if (!(await Coach.findByPk(id, { attributes: ['id'], transaction }))) throw AppError.notFound('Coach');
}

async function findComment(coachId: number, commentId: number, transaction?: Transaction): Promise<CoachComment> {
  await assertCoach(coachId, transaction);
  const comment = await CoachComment.findOne({ where: { id: commentId, coachId }, transaction });
  if (!comment) throw AppError.notFound('Comment');
  return comment;
}

export async function listCoachComments(coachId: number, q: PagingQuery) {
  await assertCoach(coachId);
  return runList(commentList, q, [{ coachId }], coachCommentDto);
}

export async function createCoachComment(coachId: number, content: string, actor: Actor) {
  await assertCoach(coachId);
  return coachCommentDto(await CoachComment.create({ coachId, content, authorId: actor.userId, authorName: actor.name }));
}

/** Any staff member with coaches:update may correct a comment; the author stays who wrote it. */
export async function updateCoachComment(coachId: number, commentId: number, content: string) {
  const comment = await findComment(coachId, commentId);
  await comment.update({ content });
  return coachCommentDto(comment);
}

export async function deleteCoachComment(coachId: number, commentId: number): Promise<void> {
  await (await findComment(coachId, commentId)).destroy();
}

/** The signed-in coach's own row with its student record (a COACH token only: 403 otherwise; its coach row gone: 404). */
async function ownCoach(principal: Principal, transaction?: Transaction): Promise<Coach> {
  if (principal.kind !== 'COACH') throw AppError.forbidden();
  const coach = principal.coachId ? await Coach.findByPk(principal.coachId, { include: withStudent, transaction }) : null;
  if (!coach || !coach.student || coach.userId !== principal.userId) throw AppError.notFound('Coach');
  return coach;
}

function selfDto(coach: Coach) {
  const s = coach.student!;
  return {
    id: coach.id,
    studentId: s.id,
    userId: coach.userId,
    firstName: s.firstName,
    lastName: s.lastName,
    name: `${s.firstName} ${s.lastName}`.trim(),
    email: s.email,
    timeZone: s.timeZone ?? null,
    languageIso2LetterCode: s.languageIso2LetterCode ?? null,
    languages: (coach.languages ?? ['EN']) as Array<'EN' | 'ES'>,
    intro: coach.intro ?? null,
    photo: coach.photo ?? null,
    coachWebConferenceUrl: coach.coachWebConferenceUrl ?? null,
    mobilePhone: s.mobilePhone ?? null,
    specializations: coach.specializations ?? [],
    video: coach.video ?? null,
    showPhone: Boolean(coach.showPhone),
    socialNetworks: { linkedIn: coach.linkedIn ?? null, facebook: coach.facebook ?? null, instagram: coach.instagram ?? null, youtube: coach.youtube ?? null },
    facebookGroupUrl: coach.facebookGroupUrl ?? null,
    updatedAt: coach.updatedAt,
  };
}

/**
 * GET /coaches/me: the signed-in coach's own record (portal). Only a COACH token (an administrator or a
 * student: 403); a coach account whose coach record is missing: 404. Staff-only fields stay out.
 */
export async function getOwnCoach(principal: Principal) {
  return selfDto(await ownCoach(principal));
}

/**
 * PUT /coaches/me: the coach edits their phone, message language and time zone (on their student record)
 * and their public profile (coachSelfUpdateBody); one transaction with the coach's activity entry
 * (PROFILE UPDATED, by the coach).
 */
export async function updateOwnCoach(principal: Principal, input: CoachSelfUpdateInput, actor: Actor) {
  const id = await Coach.sequelize!.transaction(async (transaction) => {
    const coach = await ownCoach(principal, transaction);
    const student = coach.student!;
    const before = { ...coachSnapshot(coach), ...auditSnapshot(student) };
    const studentChanges: Partial<Pick<Student, 'mobilePhone' | 'timeZone' | 'languageIso2LetterCode'>> = {};
    if (input.mobilePhone !== undefined) studentChanges.mobilePhone = input.mobilePhone ?? null;
    if (input.timeZone !== undefined) studentChanges.timeZone = input.timeZone ?? null;
    if (input.languageIso2LetterCode !== undefined) studentChanges.languageIso2LetterCode = input.languageIso2LetterCode;
    if (Object.keys(studentChanges).length) await student.update({ ...studentChanges, ...stamp(actor) }, { transaction });
    const { mobilePhone: _phone, timeZone: _zone, languageIso2LetterCode: _language, ...own } = input;
    await coach.update({ ...coachColumns(own as CoachUpdateInput), ...stamp(actor) }, { transaction });
    const changes = diff(before, { ...coachSnapshot(coach), ...auditSnapshot(student) }, ['email']);
    if (Object.keys(changes).length) {
      await recordActivity(actor, { entityType: ENTITY, entityId: coach.id, studentId: student.id, category: 'PROFILE', type: 'UPDATED', changes }, transaction);
    }
    return coach.id;
  });
  return selfDto(await loadCoach(id));
}

/** GET /coaches/me/comments: the notes the signed-in coach wrote in their groups' attendance (a COACH token only). */
export async function ownComments(principal: Principal, q: CoachOwnCommentsQuery) {
  const coach = await ownCoach(principal);
  return coachComments(coach.id, q);
}
