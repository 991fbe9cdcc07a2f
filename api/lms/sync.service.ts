import type { Transaction } from 'sequelize';
import { Enrollment, LmsCategory, LmsEnrollment, LmsConnection, LmsGrade, LmsSyncRun, LmsUser, Program, ProgramModule, ProgramModuleTopic, Student } from '../../models';
import type { LmsSyncKind, Of } from '../../models/enums';
import type { LmsSyncChange } from '../../models/LmsSyncRun';
import { Messages } from '../../models/messages';
import { description } from '../../models/descriptions';
import { recordActivity, stamp } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import type { LmsClient } from '../integrations/lms/client';
import { recordLmsProgress } from '../academics/progress';
import { clientFor } from './connections.service';
import { progressFromGrades } from './grades-progress';
import { deliver, want } from './enrollments';
import { finishRun, runDto, startRun, SyncTally, type SyncRunDto } from './sync-runs';
import { cohortLms } from './targets';

/**
 * The learning-system syncs (back-office spec §7; domain rules "Learning systems (LMS)"; issue 21):
 * - program `sync_from_d2l`: the modules of the program's course (org unit) and its quiz and
 *   assignment categories;
 * - program `sync_topic_videos_from_d2l`: the video topics of the program's LMS modules;
 * - program `sync_academic_status`: the grades of the program's enrolled students (`lms_grades`);
 * - cohort `sync_from_d2l`: the cohort's active students enrolled in its course or section (those
 *   missing there are enrolled; the section must exist).
 * Each is an idempotent upsert by external id (the second run finds everything unchanged), run one at
 * a time per connection with a run record; `dryRun` reads the LMS and answers what would change
 * without writing. The LMS is read before the one transaction that writes.
 */

const date = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const sameTime = (a: Date | null | undefined, b: Date | null | undefined) => (a ? new Date(a).getTime() : null) === (b ? new Date(b).getTime() : null);
const sameNumber = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? null) === null ? (b ?? null) === null : b !== null && b !== undefined && Math.abs(Number(a) - Number(b)) < 1e-4;

/** The fields of `want` that differ from `have` (by the comparer of each). */
function changed<T extends Record<string, unknown>>(have: T, wanted: Partial<T>, compare: Partial<Record<keyof T, (a: unknown, b: unknown) => boolean>> = {}): string[] {
  return Object.keys(wanted).filter((k) => {
    const cmp = compare[k as keyof T] ?? ((a: unknown, b: unknown) => (a ?? null) === (b ?? null));
    return !cmp(have[k], wanted[k]);
  });
}

interface ProgramLms {
  program: Program;
  connection: LmsConnection;
  courseId: string;
}

/** A program's connection and course, or the 409 that says what is missing. */
export async function programLms(programId: number): Promise<ProgramLms> {
  const program = await Program.findByPk(programId);
  if (!program) throw AppError.notFound('Program');
  const connection = program.lmsConnectionId ? await LmsConnection.findByPk(program.lmsConnectionId) : null;
  if (!connection) throw AppError.conflict('LMS_CONNECTION_REQUIRED', Messages.LMS_CONNECTION_REQUIRED);
  const courseId = program.d2lOrgUnitId ?? (connection.vendor === 'INTERNAL' ? String(program.id) : null);
  if (!courseId) throw AppError.conflict('PROGRAM_ORG_UNIT_REQUIRED', Messages.PROGRAM_ORG_UNIT_REQUIRED);
  if (connection.status !== 'CONNECTED') throw AppError.conflict('LMS_NOT_CONNECTED', Messages.LMS_NOT_CONNECTED);
  return { program, connection, courseId };
}

/** Runs one sync: the lease and run record, the work, the counts; the program's or cohort's activity entry when it wrote. */
async function runSync(
  connection: LmsConnection,
  kind: Of<typeof LmsSyncKind>,
  target: { programId?: number | null; cohortId?: number | null },
  dryRun: boolean,
  actor: Actor,
  work: (tally: SyncTally) => Promise<void>,
): Promise<SyncRunDto> {
  const run = await startRun(connection, kind, target, dryRun, actor);
  const tally = new SyncTally();
  let error: unknown = null;
  try {
    await work(tally);
  } catch (err) {
    error = err;
  }
  await finishRun(run, tally, error);
  if (!dryRun && !error && (tally.created || tally.updated || tally.failed)) {
    const entity = target.cohortId ? ({ entityType: 'COHORT', entityId: target.cohortId } as const) : ({ entityType: 'PROGRAM', entityId: target.programId! } as const);
    await LmsSyncRun.sequelize!.transaction((transaction) =>
      recordActivity(
        actor,
        {
          ...entity,
          category: 'ADMINISTRATION',
          type: 'UPDATED',
          description: description('LMS_SYNCED', { kind, created: tally.created, updated: tally.updated, unchanged: tally.unchanged, failed: tally.failed }),
        },
        transaction,
      ),
    );
  }
  return runDto(run);
}

/** Writes only when it is not a dry run. */
const write = async (dryRun: boolean, apply: () => Promise<unknown>) => {
  if (!dryRun) await apply();
};

// ---------------------------------------------------------------- program: modules and categories

async function syncProgramStructure(client: LmsClient, p: ProgramLms, tally: SyncTally, dryRun: boolean, actor: Actor): Promise<void> {
  const [modules, categories] = await Promise.all([client.listModules(p.courseId), client.listCategories(p.courseId)]);
  await Program.sequelize!.transaction(async (transaction) => {
    const local = await ProgramModule.findAll({ where: { programId: p.program.id }, transaction });
    const byExternal = new Map(local.filter((m) => m.d2lModuleId).map((m) => [m.d2lModuleId!, m]));
    for (const m of modules) {
      const values = { title: m.title.slice(0, 255), startDateTime: date(m.startDate), endDateTime: date(m.endDate), closeDate: date(m.dueDate), locked: m.locked };
      const have = byExternal.get(m.id);
      if (!have) {
        tally.add({ action: 'CREATE', entity: 'MODULE', externalId: m.id, name: values.title });
        await write(dryRun, () =>
          ProgramModule.create(
            {
              programId: p.program.id,
              d2lModuleId: m.id,
              displayOrder: m.order,
              groupName: null,
              moduleGroupId: null,
              duration: null,
              openDate: null,
              image: null,
              communicationTemplateId: null,
              ...values,
              ...stamp(actor),
            },
            { transaction },
          ),
        );
        continue;
      }
      const fields = changed(have as unknown as Record<string, unknown>, values, {
        startDateTime: sameTime as never,
        endDateTime: sameTime as never,
        closeDate: sameTime as never,
        locked: ((a: unknown, b: unknown) => Boolean(a) === Boolean(b)) as never,
      });
      if (!fields.length) {
        tally.add(null);
        continue;
      }
      tally.add({ action: 'UPDATE', entity: 'MODULE', externalId: m.id, name: values.title, fields });
      await write(dryRun, () => have.update({ ...values, ...stamp(actor) }, { transaction }));
    }
    await upsertCategories(p.program.id, categories, tally, dryRun, transaction);
  });
}

async function upsertCategories(
  programId: number,
  categories: Array<{ id: string; name: string; kind: 'QUIZ' | 'ASSIGNMENT' }>,
  tally: SyncTally,
  dryRun: boolean,
  transaction: Transaction,
) {
  const local = await LmsCategory.findAll({ where: { programId }, transaction });
  const byKey = new Map(local.filter((c) => c.externalId).map((c) => [`${c.kind}:${c.externalId}`, c]));
  for (const c of categories) {
    const entity = c.kind === 'QUIZ' ? 'QUIZ_CATEGORY' : 'ASSIGNMENT_CATEGORY';
    const name = c.name.slice(0, 200);
    const have = byKey.get(`${c.kind}:${c.id}`);
    if (!have) {
      tally.add({ action: 'CREATE', entity, externalId: c.id, name });
      await write(dryRun, () => LmsCategory.create({ programId, kind: c.kind, externalId: c.id, name }, { transaction }));
    } else if (have.name !== name) {
      tally.add({ action: 'UPDATE', entity, externalId: c.id, name, fields: ['name'] });
      await write(dryRun, () => have.update({ name }, { transaction }));
    } else tally.add(null);
  }
}

/** POST /programs/{id}/sync_from_d2l: the program's modules and quiz and assignment categories from its LMS course. */
export async function syncProgramFromLms(deps: Deps, programId: number, dryRun: boolean, actor: Actor): Promise<SyncRunDto> {
  const p = await programLms(programId);
  const client = clientFor(p.connection, deps);
  return runSync(p.connection, 'PROGRAM_FROM_LMS', { programId }, dryRun, actor, (tally) => syncProgramStructure(client, p, tally, dryRun, actor));
}

// ---------------------------------------------------------------- program: topic videos

/** POST /programs/{id}/sync_topic_videos_from_d2l: the video topics of the program's modules that came from the LMS. */
export async function syncTopicVideos(deps: Deps, programId: number, dryRun: boolean, actor: Actor): Promise<SyncRunDto> {
  const p = await programLms(programId);
  const client = clientFor(p.connection, deps);
  return runSync(p.connection, 'PROGRAM_TOPIC_VIDEOS', { programId }, dryRun, actor, async (tally) => {
    const modules = await ProgramModule.findAll({
      where: { programId },
      order: [
        ['displayOrder', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    const fetched: Array<{ module: ProgramModule; topics: Awaited<ReturnType<LmsClient['listTopics']>> }> = [];
    for (const module of modules.filter((m) => m.d2lModuleId)) {
      try {
        fetched.push({ module, topics: (await client.listTopics(p.courseId, module.d2lModuleId!)).filter((t) => t.isVideo) });
      } catch (err) {
        tally.add({ action: 'FAIL', entity: 'MODULE', externalId: module.d2lModuleId!, name: module.title, error: err instanceof Error ? err.message : String(err) });
      }
    }
    await Program.sequelize!.transaction(async (transaction) => {
      for (const { module, topics } of fetched) {
        const local = await ProgramModuleTopic.findAll({ where: { programModuleId: module.id }, transaction });
        const byExternal = new Map(local.map((t) => [t.externalId, t]));
        for (const t of topics) {
          const values = {
            title: t.title.slice(0, 300),
            url: t.url ? t.url.slice(0, 1000) : null,
            topicType: t.type ? t.type.slice(0, 40) : null,
            isVideo: true,
            displayOrder: t.order,
          };
          const have = byExternal.get(t.id);
          if (!have) {
            tally.add({ action: 'CREATE', entity: 'TOPIC_VIDEO', externalId: t.id, name: values.title });
            await write(dryRun, () => ProgramModuleTopic.create({ programId, programModuleId: module.id, externalId: t.id, ...values }, { transaction }));
            continue;
          }
          const fields = changed(have as unknown as Record<string, unknown>, values, { isVideo: ((a: unknown, b: unknown) => Boolean(a) === Boolean(b)) as never });
          if (!fields.length) tally.add(null);
          else {
            tally.add({ action: 'UPDATE', entity: 'TOPIC_VIDEO', externalId: t.id, name: values.title, fields });
            await write(dryRun, () => have.update(values, { transaction }));
          }
        }
      }
    });
  });
}

// ---------------------------------------------------------------- program: academic status (grades)

/**
 * POST /programs/{id}/sync_academic_status: each actively enrolled student's grade items in the
 * program's course, kept in `lms_grades` by external id, and the academic progress they give the
 * program's QUIZ and ASSIGNMENT requirements (grades-progress.ts). A student the LMS does not know yet
 * (never enrolled there) is counted failed, not created.
 */
export async function syncAcademicStatus(deps: Deps, programId: number, dryRun: boolean, actor: Actor): Promise<SyncRunDto> {
  const p = await programLms(programId);
  const client = clientFor(p.connection, deps);
  return runSync(p.connection, 'PROGRAM_ACADEMIC_STATUS', { programId }, dryRun, actor, async (tally) => {
    const enrolled = await Enrollment.findAll({ where: { programId, status: 'ACTIVE' }, attributes: ['studentId'], order: [['studentId', 'ASC']] });
    const studentIds = [...new Set(enrolled.map((e) => e.studentId))];
    const users = new Map((await LmsUser.findAll({ where: { lmsConnectionId: p.connection.id, studentId: studentIds } })).map((u) => [u.studentId, u.externalUserId]));
    const students = new Map((await Student.findAll({ where: { id: studentIds }, attributes: ['id', 'firstName', 'lastName'] })).map((s) => [s.id, s]));
    const fetched: Array<{ studentId: number; grades: Awaited<ReturnType<LmsClient['listGrades']>> }> = [];
    for (const studentId of studentIds) {
      const s = students.get(studentId);
      const name = s ? `${s.firstName} ${s.lastName}` : `#${studentId}`;
      const userId = users.get(studentId);
      if (!userId) {
        tally.add({ action: 'FAIL', entity: 'STUDENT', externalId: String(studentId), name, error: 'Not enrolled in the LMS yet' });
        continue;
      }
      try {
        fetched.push({ studentId, grades: await client.listGrades(p.courseId, userId) });
      } catch (err) {
        tally.add({ action: 'FAIL', entity: 'STUDENT', externalId: String(studentId), name, error: err instanceof Error ? err.message : String(err) });
      }
    }
    await Program.sequelize!.transaction(async (transaction) => {
      for (const { studentId, grades } of fetched) {
        const local = await LmsGrade.findAll({ where: { programId, studentId }, transaction });
        const byExternal = new Map(local.map((g) => [g.externalItemId, g]));
        for (const g of grades) {
          const values = { name: g.name.slice(0, 300), categoryExternalId: g.categoryId, points: g.points, maxPoints: g.maxPoints, percent: g.percent };
          const have = byExternal.get(g.id);
          const change = (action: LmsSyncChange['action'], fields?: string[]): LmsSyncChange => ({
            action,
            entity: 'GRADE',
            externalId: `${studentId}:${g.id}`,
            name: values.name,
            ...(fields ? { fields } : {}),
          });
          if (!have) {
            tally.add(change('CREATE'));
            await write(dryRun, () => LmsGrade.create({ lmsConnectionId: p.connection.id, programId, studentId, externalItemId: g.id, ...values }, { transaction }));
            continue;
          }
          const fields = changed(have as unknown as Record<string, unknown>, values, { points: sameNumber as never, maxPoints: sameNumber as never, percent: sameNumber as never });
          if (!fields.length) tally.add(null);
          else {
            tally.add(change('UPDATE', fields));
            await write(dryRun, () => have.update(values, { transaction }));
          }
        }
      }
      // The requirements the grades feed (QUIZ and ASSIGNMENT by their LMS category), in the same transaction.
      if (!dryRun)
        await recordLmsProgress(
          await progressFromGrades(
            programId,
            fetched.map((f) => f.studentId),
            transaction,
          ),
          { transaction, actor },
        );
    });
  });
}

/** GET /programs/{id}/sync_academic_status: the program's latest academic-status run (null when none). */
export async function latestAcademicStatus(programId: number): Promise<SyncRunDto | null> {
  const program = await Program.findByPk(programId, { attributes: ['id'] });
  if (!program) throw AppError.notFound('Program');
  const run = await LmsSyncRun.findOne({ where: { programId, kind: 'PROGRAM_ACADEMIC_STATUS' }, order: [['id', 'DESC']] });
  return run ? runDto(run) : null;
}

/**
 * The grades the LMS gave a student in a program (what sync_academic_status keeps), for the academic
 * progress of issue 21's later parts: one row per grade item, by external id, with its category.
 */
export async function lmsGradesForProgress(programId: number, studentId: number) {
  const rows = await LmsGrade.findAll({ where: { programId, studentId }, order: [['externalItemId', 'ASC']] });
  return rows.map((g) => ({
    externalItemId: g.externalItemId,
    name: g.name,
    categoryExternalId: g.categoryExternalId,
    points: g.points,
    maxPoints: g.maxPoints,
    percent: g.percent,
  }));
}

// ---------------------------------------------------------------- cohort

/**
 * POST /cohorts/{id}/sync_from_d2l: the cohort's active students enrolled in its LMS course or
 * section. 409 'LMS and org unit required for sync' when the cohort (or its program) has no connection
 * or no course. A section the course does not have fails the run.
 */
export async function syncCohortFromLms(deps: Deps, cohortId: number, dryRun: boolean, actor: Actor): Promise<SyncRunDto> {
  const lms = await cohortLms(cohortId);
  if (!lms) throw AppError.notFound('Cohort');
  if (!lms.connection || !lms.target) throw AppError.conflict('LMS_ORG_UNIT_REQUIRED', Messages.LMS_ORG_UNIT_REQUIRED);
  if (lms.connection.status !== 'CONNECTED') throw AppError.conflict('LMS_NOT_CONNECTED', Messages.LMS_NOT_CONNECTED);
  const { connection, target } = lms;
  const client = clientFor(connection, deps);
  return runSync(connection, 'COHORT_FROM_LMS', { cohortId, programId: lms.program.id }, dryRun, actor, async (tally) => {
    if (target.sectionId && connection.vendor !== 'INTERNAL') {
      const sections = await client.listSections(target.courseIds[0]);
      if (!sections.some((s) => s.id === target.sectionId)) throw new Error(`The course ${target.courseIds[0]} has no section ${target.sectionId}`);
    }
    const enrollments = await Enrollment.findAll({ where: { cohortId, status: 'ACTIVE' }, order: [['studentId', 'ASC']] });
    const students = new Map((await Student.findAll({ where: { id: enrollments.map((e) => e.studentId) }, attributes: ['id', 'firstName', 'lastName'] })).map((s) => [s.id, s]));
    for (const en of enrollments) {
      const s = students.get(en.studentId);
      const name = s ? `${s.firstName} ${s.lastName}` : `#${en.studentId}`;
      const have = await LmsEnrollment.findOne({ where: { lmsConnectionId: connection.id, studentId: en.studentId, cohortId } });
      if (have?.action === 'ENROLL' && have.status === 'DONE') {
        tally.add(null);
        continue;
      }
      if (dryRun) {
        tally.add({ action: have ? 'UPDATE' : 'CREATE', entity: 'ENROLLMENT', externalId: String(en.studentId), name });
        continue;
      }
      try {
        const row = await want(cohortId, en.studentId, 'ENROLL', en.applicationId);
        if (row) await deliver(deps, row.id, actor);
        tally.add({ action: have ? 'UPDATE' : 'CREATE', entity: 'ENROLLMENT', externalId: String(en.studentId), name });
      } catch (err) {
        tally.add({ action: 'FAIL', entity: 'ENROLLMENT', externalId: String(en.studentId), name, error: err instanceof Error ? err.message : String(err) });
      }
    }
  });
}
