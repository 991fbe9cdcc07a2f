import { Op } from 'sequelize';
import { Cohort, CohortModule, Enrollment, ModuleBookmark, ModuleGroup, Student } from '../../models';
import { AppError } from '../common/errors';

/**
 * The learning centre's My courses (issue 21; platform spec §2): the modules of the student's cohorts
 * (every enrollment but CANCELLED), searched by title, filtered by module group, shown all / bookmarked /
 * not bookmarked, grouped by module group in the portal; bookmarks are kept on the server
 * (`module_bookmarks`, one per student and module). Paths: GET /students/{id}/course_modules,
 * PUT and DELETE /students/{id}/course_modules/{moduleId}/bookmark.
 */

export interface CourseModuleQuery {
  keyword?: string;
  moduleGroupId?: number;
  bookmarked?: 'true' | 'false';
}

async function cohortIdsOf(studentId: number): Promise<number[]> {
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
  const rows = await Enrollment.findAll({ where: { studentId, status: { [Op.ne]: 'CANCELLED' } }, attributes: ['cohortId'] });
  return [...new Set(rows.map((r) => r.cohortId))];
}

export async function listCourseModules(studentId: number, q: CourseModuleQuery) {
  const cohortIds = await cohortIdsOf(studentId);
  if (!cohortIds.length) return [];
  const keyword = q.keyword?.trim();
  const modules = await CohortModule.findAll({
    where: {
      cohortId: cohortIds,
      ...(q.moduleGroupId ? { moduleGroupId: q.moduleGroupId } : {}),
      ...(keyword ? { title: { [Op.like]: `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } : {}),
    },
    include: [
      { model: ModuleGroup, as: 'moduleGroup', attributes: ['id', 'name'] },
      { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
    ],
    order: [
      ['cohortId', 'ASC'],
      ['displayOrder', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const marks = new Set(
    (await ModuleBookmark.findAll({ where: { studentId, cohortModuleId: modules.map((m) => m.id) }, attributes: ['cohortModuleId'] })).map((b) => b.cohortModuleId),
  );
  return modules
    .map((m) => {
      const cohort = (m as CohortModule & { cohort?: Cohort | null }).cohort;
      return {
        id: m.id,
        cohortId: m.cohortId,
        cohortLabel: cohort?.label ?? null,
        title: m.title,
        groupName: m.groupName ?? null,
        moduleGroup: m.moduleGroup ? { id: m.moduleGroup.id, name: m.moduleGroup.name } : null,
        locked: Boolean(m.locked),
        duration: m.duration ?? null,
        openDate: m.openDate ?? null,
        closeDate: m.closeDate ?? null,
        image: m.image ?? null,
        bookmarked: marks.has(m.id),
      };
    })
    .filter((m) => (q.bookmarked === 'true' ? m.bookmarked : q.bookmarked === 'false' ? !m.bookmarked : true));
}

async function ownModule(studentId: number, moduleId: number): Promise<void> {
  const cohortIds = await cohortIdsOf(studentId);
  const module = await CohortModule.findByPk(moduleId, { attributes: ['id', 'cohortId'] });
  if (!module || !cohortIds.includes(module.cohortId)) throw AppError.notFound('Module');
}

/** PUT …/bookmark: idempotent (a second PUT keeps the one bookmark). */
export async function bookmark(studentId: number, moduleId: number): Promise<void> {
  await ownModule(studentId, moduleId);
  await ModuleBookmark.findOrCreate({ where: { studentId, cohortModuleId: moduleId }, defaults: { studentId, cohortModuleId: moduleId } });
}

/** DELETE …/bookmark: idempotent. */
export async function unbookmark(studentId: number, moduleId: number): Promise<void> {
  await ownModule(studentId, moduleId);
  await ModuleBookmark.destroy({ where: { studentId, cohortModuleId: moduleId } });
}
