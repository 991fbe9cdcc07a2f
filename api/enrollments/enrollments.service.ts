import { Op, type WhereOptions } from 'sequelize';
import { Cohort, Enrollment, Program, Student } from '../../models';
import { runList, type ListSpec } from '../common/list';
import { enrollmentSortable, type EnrollmentListQuery } from './enrollments.schemas';

/**
 * Enrollments (domain rules "Applications and enrollments"): a student's place in a cohort, created
 * ACTIVE when an application becomes ENROLLED. The list joins the few student, cohort and program
 * columns it shows in its one row query.
 */

const spec: ListSpec<Enrollment> = {
  model: Enrollment,
  sortable: enrollmentSortable,
  defaultDescending: true,
  keywordColumns: [],
  // The keyword: the student's name or email, or the student's id.
  studentKeyword: { numbers: ['studentId'] },
  include: [
    { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
    { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
    { model: Program, as: 'program', attributes: ['id', 'name'] },
  ],
};

function dto(e: Enrollment) {
  const row = e as Enrollment & { student?: Student; program?: Program };
  return {
    id: e.id,
    applicationId: e.applicationId,
    student: row.student ? { id: row.student.id, firstName: row.student.firstName, lastName: row.student.lastName, email: row.student.email } : null,
    cohortId: e.cohortId,
    cohortLabel: e.cohort?.label ?? null,
    programId: e.programId,
    programName: row.program?.name ?? null,
    status: e.status,
    enrolledAt: e.enrolledAt,
  };
}

/** GET /enrollments */
export function listEnrollments(q: EnrollmentListQuery) {
  const conditions: WhereOptions[] = [{ status: { [Op.in]: q.statuses } }];
  if (q.studentId) conditions.push({ studentId: q.studentId });
  if (q.cohortId) conditions.push({ cohortId: q.cohortId });
  if (q.programId) conditions.push({ programId: q.programId });
  return runList(spec, q, conditions, dto);
}
