import type { Transaction } from 'sequelize';
import { Cohort, LmsConnection, Program } from '../../models';
import type { LmsTarget } from '../integrations/lms/client';

/**
 * Where a cohort lives in its learning system (issue 21). The cohort's own connection, else its
 * program's. The course is the program's `d2lOrgUnitId` (a D2L org unit; a Canvas or Docebo course
 * id), with the cohort's `d2lSectionId` as its section (D2L, Canvas); a Docebo cohort names its own
 * courses and learning plans (doceboConfig), the program's course when it names none; the INTERNAL
 * system's course is the program and its section the cohort.
 */
export function cohortTarget(cohort: Cohort, program: Program, connection: LmsConnection): LmsTarget | null {
  if (connection.vendor === 'INTERNAL') return { courseIds: [String(program.id)], sectionId: String(cohort.id) };
  if (connection.vendor === 'DOCEBO') {
    const courseIds = cohort.doceboCourseIds?.length ? cohort.doceboCourseIds : program.d2lOrgUnitId ? [program.d2lOrgUnitId] : [];
    const learningPlanIds = cohort.doceboLearningPlanIds ?? [];
    return courseIds.length || learningPlanIds.length ? { courseIds, learningPlanIds } : null;
  }
  if (!program.d2lOrgUnitId) return null;
  return { courseIds: [program.d2lOrgUnitId], sectionId: cohort.d2lSectionId ?? null };
}

export interface CohortLms {
  cohort: Cohort;
  program: Program;
  connection: LmsConnection | null;
  target: LmsTarget | null;
}

/** A cohort with its program, connection and target (null parts when it has none); null when the cohort does not exist. */
export async function cohortLms(cohortId: number, transaction?: Transaction): Promise<CohortLms | null> {
  const cohort = await Cohort.findByPk(cohortId, { transaction });
  if (!cohort) return null;
  const program = await Program.findByPk(cohort.programId, { transaction });
  if (!program) return null;
  const connectionId = cohort.lmsConnectionId ?? program.lmsConnectionId;
  const connection = connectionId ? await LmsConnection.findByPk(connectionId, { transaction }) : null;
  return { cohort, program, connection, target: connection ? cohortTarget(cohort, program, connection) : null };
}

export const describeTarget = (t: LmsTarget | null): string | null => {
  if (!t) return null;
  const parts = [`course ${t.courseIds.join(',') || '-'}`];
  if (t.sectionId) parts.push(`section ${t.sectionId}`);
  if (t.learningPlanIds?.length) parts.push(`plans ${t.learningPlanIds.join(',')}`);
  return parts.join(' / ').slice(0, 200);
};
