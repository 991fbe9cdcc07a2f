import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { AcademicProgress, Cohort, Enrollment, GraduationRequirement, Program, StudentPaymentPlan } from '../../models';
import { graduationStatusFor, requirementMet, type GraduationStatusValue, type RequirementRule } from '../../domain/rules/academics';
import { applicationStanding, STANDING_ATTRIBUTES } from '../billing/standing';

/**
 * The graduation status of enrollments (domain rules "Academic progress, graduation and certificates"),
 * recomputed set-wise: the nightly GRADUATION_STATUS job (every ACTIVE enrollment) and on demand (a
 * cohort, a program, or the enrollments staff are about to graduate). Enrollments are read 1,000 at a
 * time by id with their cohort's end date and program's limit; each batch costs four reads (the
 * enrollments, the programs' requirements once, the progress rows, the plans) and one UPDATE per status
 * that changed — never a query per enrollment. GRADUATED and LATE_GRADUATION are never touched.
 */

export interface StatusScope {
  enrollmentIds?: number[];
  cohortId?: number;
  programId?: number;
}

export interface StatusRecompute {
  examined: number;
  changed: number;
}

const DONE = ['GRADUATED', 'LATE_GRADUATION'];
const COLLECTIONS = ['COLLECTIONS', 'COLLECTIONS_2'];

type RequirementRow = RequirementRule & { id: number; programId: number };

/** The requirements of programs, by program (one query). */
export async function requirementsOf(programIds: number[], transaction?: Transaction): Promise<Map<number, RequirementRow[]>> {
  const rows = programIds.length
    ? await GraduationRequirement.findAll({
        attributes: ['id', 'programId', 'total', 'minRequiredToComplete', 'minRequiredToPass', 'minScore'],
        where: { programId: programIds },
        raw: true,
        transaction,
      })
    : [];
  const by = new Map<number, RequirementRow[]>(programIds.map((p) => [p, []]));
  for (const r of rows) by.get(r.programId)?.push(r as RequirementRow);
  return by;
}

/** The financial status of applications today, by application (one query). */
export async function collectionsOf(applicationIds: number[], today: string, transaction?: Transaction): Promise<Set<number>> {
  if (!applicationIds.length) return new Set();
  const plans = await StudentPaymentPlan.findAll({ attributes: ['applicationId', ...STANDING_ATTRIBUTES], where: { applicationId: applicationIds }, raw: true, transaction });
  const byApplication = new Map<number, typeof plans>();
  for (const p of plans) byApplication.set(p.applicationId, [...(byApplication.get(p.applicationId) ?? []), p]);
  const out = new Set<number>();
  for (const [applicationId, list] of byApplication) if (COLLECTIONS.includes(applicationStanding(list, today).financialStatus)) out.add(applicationId);
  return out;
}

/** Recomputes the graduation status of the scope's ACTIVE, not yet graduated enrollments on `today`. */
export async function recomputeGraduationStatuses(
  today: string,
  scope: StatusScope = {},
  options: { transaction?: Transaction; signal?: AbortSignal; batch?: number; progress?: (n: number) => void } = {},
): Promise<StatusRecompute> {
  const { transaction } = options;
  const batch = Math.max(1, Math.min(options.batch ?? 1000, 5000));
  const result: StatusRecompute = { examined: 0, changed: 0 };
  const requirements = new Map<number, RequirementRow[]>();
  let afterId = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const conditions: WhereOptions[] = [{ status: 'ACTIVE' }, { graduationStatus: { [Op.notIn]: DONE } }, { id: { [Op.gt]: afterId } }];
    if (scope.enrollmentIds) conditions.push({ id: { [Op.in]: scope.enrollmentIds.length ? scope.enrollmentIds : [0] } });
    if (scope.cohortId) conditions.push({ cohortId: scope.cohortId });
    if (scope.programId) conditions.push({ programId: scope.programId });
    const enrollments = (await Enrollment.findAll({
      attributes: ['id', 'applicationId', 'programId', 'graduationStatus'],
      where: { [Op.and]: conditions },
      include: [
        { model: Cohort, as: 'cohort', attributes: ['id', 'endDate'], required: true },
        { model: Program, as: 'program', attributes: ['id', 'graduationLimitDays'], required: true },
      ],
      order: [['id', 'ASC']],
      limit: batch,
      transaction,
    })) as Array<Enrollment & { program: Program }>;
    if (!enrollments.length) break;
    afterId = enrollments[enrollments.length - 1].id;

    const missing = [...new Set(enrollments.map((e) => e.programId))].filter((p) => !requirements.has(p));
    if (missing.length) for (const [p, list] of await requirementsOf(missing, transaction)) requirements.set(p, list);
    const progress = await AcademicProgress.findAll({
      attributes: ['enrollmentId', 'graduationRequirementId', 'done', 'total', 'score'],
      where: { enrollmentId: enrollments.map((e) => e.id) },
      raw: true,
      transaction,
    });
    const progressOf = new Map(progress.map((p) => [`${p.enrollmentId}:${p.graduationRequirementId}`, p]));
    const inCollections = await collectionsOf([...new Set(enrollments.map((e) => e.applicationId))], today, transaction);

    const changes = new Map<GraduationStatusValue, number[]>();
    for (const e of enrollments) {
      const reqs = requirements.get(e.programId) ?? [];
      const next = graduationStatusFor({
        current: e.graduationStatus,
        today,
        endDate: e.cohort?.endDate ?? null,
        graduationLimitDays: e.program.graduationLimitDays ?? null,
        allMet: reqs.every((r) => requirementMet(r, progressOf.get(`${e.id}:${r.id}`) ?? null)),
        inCollections: inCollections.has(e.applicationId),
      });
      if (next !== e.graduationStatus) changes.set(next, [...(changes.get(next) ?? []), e.id]);
    }
    const now = new Date();
    for (const [status, ids] of changes) {
      const [n] = await Enrollment.update(
        { graduationStatus: status, graduationStatusAt: now },
        { where: { id: ids, graduationStatus: { [Op.notIn]: DONE } }, transaction, silent: true },
      );
      result.changed += n;
    }
    result.examined += enrollments.length;
    options.progress?.(result.examined);
    if (enrollments.length < batch) break;
  }
  return result;
}
