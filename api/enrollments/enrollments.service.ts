import { Op, Sequelize, type WhereOptions } from 'sequelize';
import { Cohort, Enrollment, Program, Student } from '../../models';
import { likePrefix, runList, type ListSpec } from '../common/list';
import { enrollmentSortable, type EnrollmentListQuery } from './enrollments.schemas';

/**
 * Enrollments (domain rules "Applications and enrollments"): a student's place in a cohort, created
 * ACTIVE when an application becomes ENROLLED. The list joins the few student, cohort and program
 * columns it shows in its one row query.
 */

const spec: ListSpec<Enrollment> = {
  model: Enrollment, sortable: enrollmentSortable, defaultDescending: true, keywordColumns: [],
  include: [
    { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
    { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
    { model: Program, as: 'program', attributes: ['id', 'name'] },
  ],
};

function dto(e: Enrollment) {
  const row = e as Enrollment & { student?: Student; program?: Program };
  return {
    id: e.id, applicationId: e.applicationId,
    student: row.student ? { id: row.student.id, firstName: row.student.firstName, lastName: row.student.lastName, email: row.student.email } : null,
    cohortId: e.cohortId, cohortLabel: e.cohort?.label ?? null, programId: e.programId, programName: row.program?.name ?? null, status: e.status, enrolledAt: e.enrolledAt,
  };
}

/** A keyword: a student id, or words matching the student's first name, last name or email. */
function keywordWhere(keyword: string | undefined): WhereOptions | null {
  const words = (keyword ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return null;
  const sequelize = Enrollment.sequelize!;
  const perWord = words.map((w) => {
    const like = sequelize.escape(likePrefix(w, sequelize.getDialect()));
    return `(s.first_name LIKE ${like} OR s.last_name LIKE ${like} OR s.email LIKE ${like})`;
  });
  const byName = { studentId: { [Op.in]: Sequelize.literal(`(SELECT s.id FROM students s WHERE ${perWord.join(' AND ')})`) } };
  return words.length === 1 && /^\d{1,9}$/.test(words[0]) ? { [Op.or]: [{ studentId: Number(words[0]) }, byName] } : byName;
}

/** GET /enrollments */
export function listEnrollments(q: EnrollmentListQuery) {
  const conditions: WhereOptions[] = [{ status: { [Op.in]: q.statuses } }];
  if (q.studentId) conditions.push({ studentId: q.studentId });
  if (q.cohortId) conditions.push({ cohortId: q.cohortId });
  if (q.programId) conditions.push({ programId: q.programId });
  const kw = keywordWhere(q.keyword);
  if (kw) conditions.push(kw);
  return runList(spec, { ...q, keyword: undefined }, conditions, dto);
}
