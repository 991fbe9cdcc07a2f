import { Op, QueryTypes, type Transaction } from 'sequelize';
import { AcademicProgress, Enrollment, GraduationRequirement } from '../../models';
import type { Of, ProgressSource } from '../../models/enums';
import type { Actor } from '../common/context';
import { systemActor } from '../common/context';

/**
 * An enrollment's progress per graduation requirement (issue 21; domain rules "Academic progress,
 * graduation and certificates"): one `academic_progress` row per enrollment and requirement, written
 * only by upsert on that pair. Three writers:
 * - the LMS sync (another area) calls `recordLmsProgress` for QUIZ, ASSIGNMENT and MODULE requirements;
 * - attendance: `refreshAttendanceProgress` counts, set-wise, the coaching-circle sessions and learning
 *   sessions each enrollment ATTENDED and writes COACHING_CIRCLE and LEARNING_SESSION requirements
 *   (after an attendance is taken, by the events of api/academics/academics.events.ts, and nightly);
 * - staff, by hand (`recordStaffProgress`), for OTHER requirements or a correction.
 * Every writer compares with what is stored and writes only what changed, so running one twice changes
 * nothing the second time.
 */

export interface ProgressEntry {
  enrollmentId: number;
  graduationRequirementId: number;
  /** Items done (quizzes passed, assignments submitted, modules completed, sessions attended). */
  done: number;
  /** What the source counts against (null: the requirement's own total decides). */
  total?: number | null;
  /** A percentage 0–100 (null: no score). */
  score?: number | null;
  /** The source's own id of the record (a grade object, a D2L topic…), kept for tracing. */
  externalId?: string | null;
}

export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

type Source = Of<typeof ProgressSource>;

const key = (enrollmentId: number, requirementId: number) => `${enrollmentId}:${requirementId}`;
const sameScore = (a: unknown, b: unknown) => (a === null || a === undefined ? b === null || b === undefined : b !== null && b !== undefined && Number(a) === Number(b));

/** Clamps and rounds what a source says: whole non-negative counts, a score of two decimals within 0–100. */
function clean(e: ProgressEntry): Required<ProgressEntry> {
  const done = Math.max(0, Math.round(Number(e.done) || 0));
  const total = e.total === null || e.total === undefined ? null : Math.max(0, Math.round(Number(e.total)));
  const score = e.score === null || e.score === undefined || !Number.isFinite(Number(e.score)) ? null : Math.min(100, Math.max(0, Math.round(Number(e.score) * 100) / 100));
  return { enrollmentId: e.enrollmentId, graduationRequirementId: e.graduationRequirementId, done, total, score, externalId: e.externalId ?? null };
}

/**
 * Upserts entries of one source (by enrollment and requirement): one read of what is stored, one
 * INSERT … ON DUPLICATE KEY UPDATE (MariaDB) / ON CONFLICT (SQLite) of what changed.
 */
export async function upsertProgress(entries: ProgressEntry[], source: Source, options: { transaction?: Transaction; actor?: Actor } = {}): Promise<UpsertCounts> {
  const counts: UpsertCounts = { created: 0, updated: 0, unchanged: 0 };
  if (!entries.length) return counts;
  const latest = new Map<string, Required<ProgressEntry>>();
  for (const e of entries) latest.set(key(e.enrollmentId, e.graduationRequirementId), clean(e));
  const rows = [...latest.values()];
  const actor = options.actor ?? systemActor;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const stored = await AcademicProgress.findAll({
      attributes: ['id', 'enrollmentId', 'graduationRequirementId', 'done', 'total', 'score', 'source', 'externalId'],
      where: {
        enrollmentId: { [Op.in]: [...new Set(chunk.map((r) => r.enrollmentId))] },
        graduationRequirementId: { [Op.in]: [...new Set(chunk.map((r) => r.graduationRequirementId))] },
      },
      raw: true,
      transaction: options.transaction,
    });
    const byKey = new Map(stored.map((s) => [key(s.enrollmentId, s.graduationRequirementId), s]));
    const changed = chunk.filter((r) => {
      const s = byKey.get(key(r.enrollmentId, r.graduationRequirementId));
      if (!s) {
        counts.created++;
        return true;
      }
      const same = s.done === r.done && (s.total ?? null) === r.total && sameScore(s.score, r.score) && s.source === source && (s.externalId ?? null) === r.externalId;
      if (same) counts.unchanged++;
      else counts.updated++;
      return !same;
    });
    if (!changed.length) continue;
    await AcademicProgress.bulkCreate(
      changed.map((r) => ({ ...r, source, updatedById: actor.userId, updatedByName: actor.name })),
      {
        updateOnDuplicate: ['done', 'total', 'score', 'source', 'externalId', 'updatedById', 'updatedByName', 'updatedAt'],
        conflictAttributes: ['enrollmentId', 'graduationRequirementId'],
        transaction: options.transaction,
      },
    );
  }
  return counts;
}

/**
 * What the LMS sync calls (issue 21, for the LMS helper): the progress of QUIZ, ASSIGNMENT and MODULE
 * requirements, upserted by enrollment + requirement with source LMS. Every entry's requirement must
 * belong to its enrollment's program and be of one of those types (an Error otherwise: a sync bug,
 * nothing is written). Answers how many rows were created, updated and left unchanged.
 */
export async function recordLmsProgress(entries: ProgressEntry[], options: { transaction?: Transaction; actor?: Actor } = {}): Promise<UpsertCounts> {
  if (!entries.length) return { created: 0, updated: 0, unchanged: 0 };
  await assertRequirements(entries, ['QUIZ', 'ASSIGNMENT', 'MODULE'], options.transaction);
  return upsertProgress(entries, 'LMS', options);
}

/** Checks that each entry's requirement is of its enrollment's program and of an allowed type; answers the offending entry's index. */
export async function mismatchedEntry(entries: ProgressEntry[], types: string[] | null, transaction?: Transaction): Promise<number | null> {
  const enrollments = await Enrollment.findAll({ attributes: ['id', 'programId'], where: { id: [...new Set(entries.map((e) => e.enrollmentId))] }, raw: true, transaction });
  const requirements = await GraduationRequirement.findAll({
    attributes: ['id', 'programId', 'type'],
    where: { id: [...new Set(entries.map((e) => e.graduationRequirementId))] },
    raw: true,
    transaction,
  });
  const programOf = new Map(enrollments.map((e) => [e.id, e.programId]));
  const requirementOf = new Map(requirements.map((r) => [r.id, r]));
  const index = entries.findIndex((e) => {
    const r = requirementOf.get(e.graduationRequirementId);
    return !r || programOf.get(e.enrollmentId) !== r.programId || (types !== null && !types.includes(r.type));
  });
  return index < 0 ? null : index;
}

async function assertRequirements(entries: ProgressEntry[], types: string[], transaction?: Transaction): Promise<void> {
  const bad = await mismatchedEntry(entries, types, transaction);
  if (bad !== null) {
    const e = entries[bad];
    throw new Error(`recordLmsProgress: requirement ${e.graduationRequirementId} is not a ${types.join('/')} requirement of enrollment ${e.enrollmentId}'s program`);
  }
}

// ---- Attendance ----

export interface AttendanceScope {
  enrollmentIds?: number[];
  cohortIds?: number[];
  studentIds?: number[];
}

const ATTENDANCE_TYPES = ['COACHING_CIRCLE', 'LEARNING_SESSION'];
const BATCH = 1000;

/**
 * Counts attendance toward COACHING_CIRCLE and LEARNING_SESSION requirements, set-wise, for the ACTIVE
 * enrollments of the scope (all of them when the scope is empty), 1,000 enrollments at a time: a
 * coaching-circle requirement counts the sessions ATTENDED through the enrollment's sign-ups, a
 * learning-session requirement the learning sessions the student ATTENDED whose scopes include the
 * enrollment's cohort. Five queries per batch whatever its size; answers the rows written.
 */
export async function refreshAttendanceProgress(scope: AttendanceScope = {}, options: { transaction?: Transaction; signal?: AbortSignal } = {}): Promise<UpsertCounts> {
  const sequelize = Enrollment.sequelize!;
  const { transaction } = options;
  const total: UpsertCounts = { created: 0, updated: 0, unchanged: 0 };
  const requirementsByProgram = new Map<number, Array<{ id: number; type: string }>>();
  let afterId = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const where: Record<string | symbol, unknown> = { status: 'ACTIVE', id: { [Op.gt]: afterId } };
    if (scope.enrollmentIds) where.id = { [Op.gt]: afterId, [Op.in]: scope.enrollmentIds.length ? scope.enrollmentIds : [0] };
    if (scope.cohortIds) where.cohortId = { [Op.in]: scope.cohortIds.length ? scope.cohortIds : [0] };
    if (scope.studentIds) where.studentId = { [Op.in]: scope.studentIds.length ? scope.studentIds : [0] };
    const enrollments = await Enrollment.findAll({ attributes: ['id', 'studentId', 'cohortId', 'programId'], where, order: [['id', 'ASC']], limit: BATCH, raw: true, transaction });
    if (!enrollments.length) break;
    afterId = enrollments[enrollments.length - 1].id;

    const programs = [...new Set(enrollments.map((e) => e.programId))].filter((p) => !requirementsByProgram.has(p));
    if (programs.length) {
      const reqs = await GraduationRequirement.findAll({ attributes: ['id', 'programId', 'type'], where: { programId: programs, type: ATTENDANCE_TYPES }, raw: true, transaction });
      for (const p of programs) requirementsByProgram.set(p, []);
      for (const r of reqs) requirementsByProgram.get(r.programId)!.push({ id: r.id, type: r.type });
    }
    const relevant = enrollments.filter((e) => requirementsByProgram.get(e.programId)!.length > 0);
    if (relevant.length) {
      const ids = relevant.map((e) => e.id);
      const circleRows = await sequelize.query<{ enrollmentId: number; n: number }>(
        `SELECT su.enrollment_id AS enrollmentId, COUNT(*) AS n
           FROM coaching_circle_sign_up_sessions a
           JOIN coaching_circle_sign_ups su ON su.id = a.coaching_circle_sign_up_id
          WHERE a.status = 'ATTENDED' AND su.enrollment_id IN (:ids)
          GROUP BY su.enrollment_id`,
        { replacements: { ids }, type: QueryTypes.SELECT, transaction },
      );
      const sessionRows = await sequelize.query<{ studentId: number; cohortId: number; n: number }>(
        `SELECT s.student_id AS studentId, sc.cohort_id AS cohortId, COUNT(DISTINCT s.learning_session_id) AS n
           FROM learning_session_sign_ups s
           JOIN learning_session_scopes sc ON sc.learning_session_id = s.learning_session_id
          WHERE s.participation_status = 'ATTENDED' AND s.student_id IN (:students) AND sc.cohort_id IN (:cohorts)
          GROUP BY s.student_id, sc.cohort_id`,
        {
          replacements: { students: [...new Set(relevant.map((e) => e.studentId))], cohorts: [...new Set(relevant.map((e) => e.cohortId))] },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      const circles = new Map(circleRows.map((r) => [Number(r.enrollmentId), Number(r.n)]));
      const sessions = new Map(sessionRows.map((r) => [`${r.studentId}:${r.cohortId}`, Number(r.n)]));
      const entries: ProgressEntry[] = [];
      for (const e of relevant) {
        for (const r of requirementsByProgram.get(e.programId)!) {
          const done = r.type === 'COACHING_CIRCLE' ? (circles.get(e.id) ?? 0) : (sessions.get(`${e.studentId}:${e.cohortId}`) ?? 0);
          entries.push({ enrollmentId: e.id, graduationRequirementId: r.id, done });
        }
      }
      const counts = await upsertProgress(entries, 'ATTENDANCE', { transaction });
      total.created += counts.created;
      total.updated += counts.updated;
      total.unchanged += counts.unchanged;
    }
    if (enrollments.length < BATCH) break;
  }
  return total;
}
