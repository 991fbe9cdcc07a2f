import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import { AcademicProgress, Certificate, Cohort, Enrollment, GraduationRequirement, Program, Student } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { toDisplayDate } from '../../models/dates';
import { description } from '../../models/descriptions';
import { format, Messages } from '../../models/messages';
import { graduationOutcome, progressTotal, requirementMet } from '../../domain/rules/academics';
import { recordActivities, recordActivity, stamp } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { raise } from '../common/events';
import { listWhere, runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import { sendTemplate } from '../communications/send';
import { instantOf } from '../exports/format';
import { instituteParams, languageOf } from '../communication-templates/product-emails';
import { recomputeGraduationStatuses } from './graduation-status';
import { upsertProgress, refreshAttendanceProgress } from './progress';
import { enrollmentAcademicSortable, type AcademicProgressBody, type GraduationCriteria } from './academics.schemas';

/**
 * Academic progress and graduation (issue 21; domain rules "Academic progress, graduation and
 * certificates"): the academic-progress list and its summary (a cohort chosen: empty with total 0
 * before), the graduations list, graduating (one transaction: compare-and-set on READY_GRADUATION, the
 * PENDING certificates, the activity entries, StudentGraduated for the certificate, the email), a
 * requirement recorded by hand, the on-demand recompute, and the student's own progress. Every page is
 * enriched with three queries (requirements, progress, certificates), never one per row.
 */

export const GRADUATION_EMAIL_KEY = 'GRADUATION_CONGRATULATIONS';
const GRADUATED = ['GRADUATED', 'LATE_GRADUATION'];

const STUDENT_ATTRIBUTES = ['id', 'firstName', 'lastName', 'email'];

/** The enrollments list of issue 21 (progress and graduations): the student's name or email, or a number (enrollment or student id). */
export const academicListSpec: ListSpec<Enrollment> = {
  model: Enrollment,
  sortable: enrollmentAcademicSortable,
  keywordColumns: [],
  studentKeyword: { numbers: ['id', 'studentId'] },
  include: [
    { model: Student, as: 'student', attributes: STUDENT_ATTRIBUTES },
    { model: Cohort, as: 'cohort', attributes: ['id', 'label', 'startDate', 'endDate', 'extendedGraduationDate'] },
    { model: Program, as: 'program', attributes: ['id', 'name'] },
  ],
  maxSize: 500,
};

type Loaded = Enrollment & { student?: Student; program?: Program };

/** The academic-progress list's conditions: nothing before a cohort is chosen (null), ACTIVE enrollments by default. */
export function academicProgressConditions(body: AcademicProgressBody): WhereOptions[] | null {
  if (!body.cohortId) return null;
  const conditions: WhereOptions[] = [{ cohortId: body.cohortId }];
  if (body.programId) conditions.push({ programId: body.programId });
  const statuses = body.criteria?.enrollmentStatuses?.length ? body.criteria.enrollmentStatuses : ['ACTIVE'];
  conditions.push({ status: { [Op.in]: statuses } });
  if (body.criteria?.graduationStatuses?.length) conditions.push({ graduationStatus: { [Op.in]: body.criteria.graduationStatuses } });
  return conditions;
}

/** The graduations list's conditions (ACTIVE enrollments: a withdrawn student does not graduate). */
export function graduationConditions(c: GraduationCriteria): WhereOptions[] {
  const conditions: WhereOptions[] = [{ status: 'ACTIVE' }];
  if (c.programId) conditions.push({ programId: c.programId });
  if (c.cohortId) conditions.push({ cohortId: c.cohortId });
  if (c.statuses?.length) conditions.push({ graduationStatus: { [Op.in]: c.statuses } });
  return conditions;
}

export interface RequirementProgress {
  id: number;
  name: string;
  type: string;
  displayOrder: number;
  done: number;
  total: number;
  score: number | null;
  minScore: number | null;
  met: boolean;
  source: string | null;
  updatedAt: Date | null;
}

export interface AcademicRow {
  id: number;
  enrollmentId: number;
  student: { id: number; firstName: string; lastName: string; email: string } | null;
  programId: number;
  programName: string | null;
  cohortId: number;
  cohortLabel: string | null;
  cohortEndDate: string | null;
  extendedGraduationDate: string | null;
  enrollmentStatus: string;
  enrolledAt: Date;
  graduationStatus: string;
  graduationStatusAt: Date | null;
  graduatedAt: Date | null;
  graduationLate: boolean;
  graduatedByName: string | null;
  requirementsDone: number;
  requirementsTotal: number;
  /** The mean of the scores recorded (two decimals), null without any. */
  score: number | null;
  requirements: RequirementProgress[];
  certificate: { id: number; status: string; url: string | null; hasFile: boolean } | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Rows → answers: the programs' requirements, the rows' progress and certificates, three queries. */
export async function enrichAcademicRows(rows: Enrollment[], transaction?: Transaction): Promise<AcademicRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const programs = [...new Set(rows.map((r) => r.programId))];
  const [requirements, progress, certificates] = await Promise.all([
    GraduationRequirement.findAll({
      where: { programId: programs },
      order: [
        ['displayOrder', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    }),
    AcademicProgress.findAll({ where: { enrollmentId: ids }, raw: true, transaction }),
    Certificate.findAll({ attributes: ['id', 'enrollmentId', 'status', 'url', 'storageKey'], where: { enrollmentId: ids }, raw: true, transaction }),
  ]);
  const progressOf = new Map(progress.map((p) => [`${p.enrollmentId}:${p.graduationRequirementId}`, p]));
  const certificateOf = new Map(certificates.map((c) => [c.enrollmentId, c]));
  return rows.map((row) => {
    const e = row as Loaded;
    const reqs = requirements
      .filter((r) => r.programId === e.programId)
      .map((r): RequirementProgress => {
        const p = progressOf.get(`${e.id}:${r.id}`) ?? null;
        return {
          id: r.id,
          name: r.name,
          type: r.type,
          displayOrder: r.displayOrder,
          done: p?.done ?? 0,
          total: progressTotal(r, p),
          score: p?.score === null || p?.score === undefined ? null : Number(p.score),
          minScore: r.minScore === null ? null : Number(r.minScore),
          met: requirementMet(r, p),
          source: p?.source ?? null,
          updatedAt: instantOf(p?.updatedAt),
        };
      });
    const scores = reqs.map((r) => r.score).filter((s): s is number => s !== null);
    const c = certificateOf.get(e.id);
    return {
      id: e.id,
      enrollmentId: e.id,
      student: e.student ? { id: e.student.id, firstName: e.student.firstName, lastName: e.student.lastName, email: e.student.email } : null,
      programId: e.programId,
      programName: e.program?.name ?? null,
      cohortId: e.cohortId,
      cohortLabel: e.cohort?.label ?? null,
      cohortEndDate: e.cohort?.endDate ?? null,
      extendedGraduationDate: e.cohort?.extendedGraduationDate ?? null,
      enrollmentStatus: e.status,
      enrolledAt: e.enrolledAt,
      graduationStatus: e.graduationStatus,
      graduationStatusAt: e.graduationStatusAt ?? null,
      graduatedAt: e.graduatedAt ?? null,
      graduationLate: Boolean(e.graduationLate),
      graduatedByName: e.graduatedByName ?? null,
      requirementsDone: reqs.filter((r) => r.met).length,
      requirementsTotal: reqs.length,
      score: scores.length ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
      requirements: reqs,
      certificate: c ? { id: c.id, status: c.status, url: c.url ?? null, hasFile: Boolean(c.storageKey) } : null,
    };
  });
}

async function enrichedPage(page: Page<Enrollment>): Promise<Page<AcademicRow>> {
  return { content: await enrichAcademicRows(page.content), pagination: page.pagination };
}

/** POST /enrollments/academic_progress */
export async function academicProgressList(q: PagingQuery, body: AcademicProgressBody): Promise<Page<AcademicRow>> {
  const conditions = academicProgressConditions(body);
  if (!conditions) return { content: [], pagination: { total: 0, page: q.page, size: q.size } };
  return enrichedPage(await runList(academicListSpec, q, conditions, (e) => e));
}

/** The counts per graduation status of a where (one GROUP BY). */
async function statusCounts(conditions: WhereOptions[] | null, keyword: string | undefined): Promise<{ total: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = { PENDING: 0, INCOMPLETE: 0, READY_GRADUATION: 0, FAILED_FINANCIALLY: 0, FAILED_ACADEMICALLY: 0, GRADUATED: 0, LATE_GRADUATION: 0 };
  if (!conditions) return { total: 0, statuses };
  const rows = (await Enrollment.findAll({
    attributes: ['graduationStatus', [Enrollment.sequelize!.fn('COUNT', Enrollment.sequelize!.col('id')), 'n']],
    where: listWhere(academicListSpec, keyword, conditions),
    group: ['graduationStatus'],
    raw: true,
  })) as unknown as Array<{ graduationStatus: string; n: number }>;
  let total = 0;
  for (const r of rows) {
    statuses[r.graduationStatus] = Number(r.n);
    total += Number(r.n);
  }
  return { total, statuses };
}

/** POST /enrollments/academic_progress/summary: the students and their count per graduation status (total 0 before a cohort is chosen). */
export function academicProgressSummary(body: AcademicProgressBody, keyword?: string) {
  return statusCounts(academicProgressConditions(body), keyword);
}

/** POST /enrollments/graduations/find_by_criteria */
export async function graduationList(q: PagingQuery, criteria: GraduationCriteria): Promise<Page<AcademicRow>> {
  return enrichedPage(await runList(academicListSpec, { ...q, keyword: q.keyword || criteria.keyword || undefined }, graduationConditions(criteria), (e) => e));
}

/** POST /enrollments/graduations/summary: counts per graduation status of the graduations list's criteria. */
export function graduationSummary(criteria: GraduationCriteria, keyword?: string) {
  return statusCounts(graduationConditions({ ...criteria, statuses: null }), keyword || criteria.keyword || undefined);
}

/**
 * POST /enrollments/graduations/recompute: attendance counted and statuses recomputed now for a
 * cohort, a program or every active enrollment (what the nightly job does).
 */
export async function recomputeNow(scope: { programId?: number | null; cohortId?: number | null }) {
  const cohortIds = scope.cohortId ? [scope.cohortId] : undefined;
  let enrollmentIds: number[] | undefined;
  if (!cohortIds && scope.programId) {
    enrollmentIds = (await Enrollment.findAll({ attributes: ['id'], where: { programId: scope.programId, status: 'ACTIVE' }, raw: true })).map((e) => e.id);
  }
  const attendance = await refreshAttendanceProgress({ cohortIds, enrollmentIds });
  const statuses = await recomputeGraduationStatuses(schoolToday(), { cohortId: scope.cohortId ?? undefined, programId: scope.programId ?? undefined });
  return { progressWritten: attendance.created + attendance.updated, examined: statuses.examined, changed: statuses.changed };
}

type GraduatingRow = Enrollment & { student: Student; program: Program; cohort: Cohort };

/**
 * POST /enrollments/graduations: graduates READY_GRADUATION enrollments in one transaction. Their
 * statuses are recomputed first (a grade that arrived today counts), then every one must be ACTIVE and
 * READY_GRADUATION — else nothing changes: 409 NOT_READY_TO_GRADUATE (or ALREADY_GRADUATED) naming
 * them. Each becomes GRADUATED, or LATE_GRADUATION with isLate or past its cohort's extended
 * graduation date (compare-and-set on the status), gets its PENDING certificate, an activity entry on
 * the student's timeline, StudentGraduated (the certificate is issued after the commit) and the
 * graduation email.
 */
export async function graduate(deps: Deps, input: { enrollmentIds: number[]; isLate: boolean }, actor: Actor): Promise<{ graduated: number; content: AcademicRow[] }> {
  const sequelize = Enrollment.sequelize!;
  const today = schoolToday();
  const ids = await sequelize.transaction(async (transaction) => {
    await recomputeGraduationStatuses(today, { enrollmentIds: input.enrollmentIds }, { transaction });
    const rows = (await Enrollment.findAll({
      where: { id: input.enrollmentIds },
      include: [
        { model: Student, as: 'student', attributes: [...STUDENT_ATTRIBUTES, 'languageIso2LetterCode'] },
        { model: Program, as: 'program', attributes: ['id', 'name'] },
        { model: Cohort, as: 'cohort', attributes: ['id', 'label', 'extendedGraduationDate'] },
      ],
      order: [['id', 'ASC']],
      transaction,
      lock: transaction.LOCK.UPDATE,
    })) as GraduatingRow[];
    const found = new Set(rows.map((r) => r.id));
    const missing = input.enrollmentIds.filter((id) => !found.has(id));
    if (missing.length) throw AppError.notFound(`Enrollment ${missing.join(', ')}`);
    const already = rows.filter((r) => GRADUATED.includes(r.graduationStatus));
    if (already.length)
      throw AppError.conflict('ALREADY_GRADUATED', format(Messages.ALREADY_GRADUATED, already.map((r) => `#${r.id}`).join(', ')), { enrollmentIds: already.map((r) => r.id) });
    const notReady = rows.filter((r) => r.status !== 'ACTIVE' || r.graduationStatus !== 'READY_GRADUATION');
    if (notReady.length) {
      throw AppError.conflict('NOT_READY_TO_GRADUATE', format(Messages.NOT_READY_TO_GRADUATE, notReady.map((r) => `#${r.id}`).join(', ')), {
        enrollments: notReady.map((r) => ({ id: r.id, status: r.status, graduationStatus: r.graduationStatus })),
      });
    }
    const now = new Date();
    const byOutcome = new Map<string, GraduatingRow[]>();
    for (const r of rows) {
      const outcome = graduationOutcome(input.isLate, today, r.cohort?.extendedGraduationDate ?? null);
      byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), r]);
    }
    for (const [outcome, list] of byOutcome) {
      const [n] = await Enrollment.update(
        {
          graduationStatus: outcome as 'GRADUATED',
          graduationStatusAt: now,
          graduatedAt: now,
          graduationLate: outcome === 'LATE_GRADUATION',
          graduatedByName: actor.name,
          ...stamp(actor),
        },
        { where: { id: list.map((r) => r.id), status: 'ACTIVE', graduationStatus: 'READY_GRADUATION' }, transaction },
      );
      if (n !== list.length) throw AppError.conflict('NOT_READY_TO_GRADUATE', format(Messages.NOT_READY_TO_GRADUATE, list.map((r) => `#${r.id}`).join(', ')));
      for (const r of list) r.graduationStatus = outcome as 'GRADUATED';
    }
    const certificates = await Certificate.bulkCreate(
      rows.map((r) => ({
        enrollmentId: r.id,
        studentId: r.studentId,
        programId: r.programId,
        cohortId: r.cohortId,
        name: r.program.name,
        status: 'PENDING' as const,
        ...stamp(actor),
      })),
      { transaction },
    );
    await recordActivities(
      actor,
      rows.map((r) => ({
        entityType: 'ENROLLMENT' as const,
        entityId: r.id,
        studentId: r.studentId,
        category: 'ENROLLMENT' as const,
        type: 'GRADUATED' as const,
        description: description('GRADUATED_FROM', { program: r.program.name, cohort: r.cohort?.label ?? '', status: r.graduationStatus }),
        changes: { graduationStatus: { from: 'READY_GRADUATION', to: r.graduationStatus } },
      })),
      transaction,
    );
    const certificateOf = new Map(certificates.map((c) => [c.enrollmentId, c.id]));
    for (const r of rows) {
      await raise(
        {
          type: 'StudentGraduated',
          enrollmentId: r.id,
          studentId: r.studentId,
          programId: r.programId,
          certificateId: certificateOf.get(r.id)!,
          status: r.graduationStatus as 'GRADUATED' | 'LATE_GRADUATION',
          actor,
        },
        transaction,
      );
      if (r.student?.email) {
        await sendTemplate(deps, {
          key: GRADUATION_EMAIL_KEY,
          to: r.student.email,
          language: languageOf(r.student.languageIso2LetterCode),
          studentId: r.studentId,
          params: { firstName: r.student.firstName, program: r.program.name, cohort: r.cohort?.label ?? '', graduatedOn: toDisplayDate(today), ...instituteParams(deps.config) },
          dedupeKey: `${GRADUATION_EMAIL_KEY}:enrollment:${r.id}`,
          actor,
          about: { entityType: 'ENROLLMENT', entityId: r.id },
          transaction,
        });
      }
    }
    return rows.map((r) => r.id);
  });
  const rows = await Enrollment.findAll({ where: { id: ids }, include: academicListSpec.include, order: [['id', 'ASC']] });
  return { graduated: ids.length, content: await enrichAcademicRows(rows) };
}

/**
 * PUT /enrollments/{id}/academic_progress/{requirementId}: staff record a requirement by hand (an
 * OTHER requirement, or a correction): source STAFF, the student's activity entry, and the
 * enrollment's graduation status recomputed at once. A graduated enrollment keeps its status.
 */
export async function recordStaffProgress(enrollmentId: number, requirementId: number, input: { done: number; score?: number | null }, actor: Actor): Promise<AcademicRow> {
  const sequelize = Enrollment.sequelize!;
  await sequelize.transaction(async (transaction) => {
    const enrollment = await Enrollment.findByPk(enrollmentId, { transaction });
    if (!enrollment) throw AppError.notFound('Enrollment');
    const requirement = await GraduationRequirement.findByPk(requirementId, { transaction });
    if (!requirement) throw AppError.notFound('Graduation requirement');
    if (requirement.programId !== enrollment.programId) throw AppError.conflict('REQUIREMENT_NOT_OF_PROGRAM', Messages.REQUIREMENT_NOT_OF_PROGRAM);
    await upsertProgress([{ enrollmentId, graduationRequirementId: requirementId, done: input.done, score: input.score ?? null }], 'STAFF', { transaction, actor });
    await recordActivity(
      actor,
      {
        entityType: 'ENROLLMENT',
        entityId: enrollmentId,
        studentId: enrollment.studentId,
        category: 'ENROLLMENT',
        type: 'UPDATED',
        description: description('PROGRESS_RECORDED', { requirement: requirement.name, done: input.done, score: input.score ?? '—' }),
      },
      transaction,
    );
    await recomputeGraduationStatuses(schoolToday(), { enrollmentIds: [enrollmentId] }, { transaction });
  });
  return (await academicRowOf(enrollmentId))!;
}

/** One enrollment as the lists answer it. */
export async function academicRowOf(enrollmentId: number): Promise<AcademicRow | null> {
  const row = await Enrollment.findByPk(enrollmentId, { include: academicListSpec.include });
  if (!row) return null;
  return (await enrichAcademicRows([row]))[0];
}

/** GET /enrollments/{id}/academic_progress: one enrollment's progress (staff, or the student's own). */
export async function enrollmentProgress(enrollmentId: number): Promise<AcademicRow> {
  const row = await academicRowOf(enrollmentId);
  if (!row) throw AppError.notFound('Enrollment');
  return row;
}

/** GET /students/{id}/academic_progress: the student's enrollments (not cancelled), newest first, each with its requirements (My progress). */
export async function studentProgress(studentId: number): Promise<AcademicRow[]> {
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
  const rows = await Enrollment.findAll({
    where: { studentId, status: { [Op.ne]: 'CANCELLED' } },
    include: academicListSpec.include,
    order: [['id', 'DESC']],
    limit: 100,
  });
  return enrichAcademicRows(rows);
}

/** Whether an enrollment is the student's (the `self` rule of the student's own calls). */
export async function enrollmentOfStudent(enrollmentId: number, studentId: number | undefined): Promise<boolean> {
  if (!studentId) return false;
  const [row] = await Enrollment.sequelize!.query<{ studentId: number }>('SELECT student_id AS studentId FROM enrollments WHERE id = :id', {
    replacements: { id: enrollmentId },
    type: QueryTypes.SELECT,
  });
  // Another's enrollment (or none): 404 from the handler rather than 403, so ids are not probed.
  return !row || Number(row.studentId) === studentId;
}
