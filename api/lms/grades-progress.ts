import type { Transaction } from 'sequelize';
import { Enrollment, GraduationRequirement, LmsCategory, LmsGrade } from '../../models';
import type { ProgressEntry } from '../academics/progress';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The academic progress the LMS's grades give (issue 21: "progress … fed by the LMS sync"): for each
 * active enrollment of the students in the program, each QUIZ or ASSIGNMENT requirement tied to the LMS
 * — its quiz or assignment category (by the category's external id) or its quiz ids — counts the grade
 * items that are graded as done, against the requirement's own total (else the items the LMS has), and
 * scores their mean percentage. A requirement tied to nothing in the LMS is left to staff.
 */
export async function progressFromGrades(programId: number, studentIds: number[], transaction?: Transaction): Promise<ProgressEntry[]> {
  if (!studentIds.length) return [];
  const requirements = await GraduationRequirement.findAll({ where: { programId, type: ['QUIZ', 'ASSIGNMENT'] }, transaction });
  if (!requirements.length) return [];
  const categories = new Map((await LmsCategory.findAll({ attributes: ['id', 'externalId'], where: { programId }, transaction })).map((c) => [c.id, c.externalId]));
  const enrollments = await Enrollment.findAll({ attributes: ['id', 'studentId'], where: { programId, studentId: studentIds, status: 'ACTIVE' }, transaction });
  const grades = await LmsGrade.findAll({ attributes: ['studentId', 'externalItemId', 'categoryExternalId', 'percent'], where: { programId, studentId: studentIds }, transaction });
  const byStudent = new Map<number, LmsGrade[]>();
  for (const g of grades) byStudent.set(g.studentId, [...(byStudent.get(g.studentId) ?? []), g]);
  const entries: ProgressEntry[] = [];
  for (const requirement of requirements) {
    const categoryId = requirement.type === 'QUIZ' ? requirement.quizCategoryId : requirement.assignmentCategoryId;
    const category = categoryId ? (categories.get(categoryId) ?? null) : null;
    const itemIds = new Set((requirement.type === 'QUIZ' ? requirement.quizIds : null) ?? []);
    if (!category && !itemIds.size) continue;
    for (const enrollment of enrollments) {
      const items = (byStudent.get(enrollment.studentId) ?? []).filter((g) => (category !== null && g.categoryExternalId === category) || itemIds.has(g.externalItemId));
      const graded = items.filter((g) => g.percent !== null && g.percent !== undefined);
      entries.push({
        enrollmentId: enrollment.id,
        graduationRequirementId: requirement.id,
        done: graded.length,
        total: requirement.total ?? (items.length || null),
        score: graded.length ? round2(graded.reduce((sum, g) => sum + Number(g.percent), 0) / graded.length) : null,
        externalId: category ? `category:${category}` : null,
      });
    }
  }
  return entries;
}
