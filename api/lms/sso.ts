import { Op } from 'sequelize';
import { Enrollment, Student } from '../../models';
import { Messages } from '../../models/messages';
import type { Deps } from '../common/context';
import { AppError } from '../common/errors';
import { LmsError } from '../integrations/lms/client';
import { clientFor } from './connections.service';
import { lmsUserOf } from './enrollments';
import { cohortLms } from './targets';

/**
 * POST /students/{id}/sso (issue 21): a short-lived sign-in link into the LMS of the student's class —
 * their newest active enrollment whose cohort has a connection. 409 when none has one, or the
 * connection is not CONNECTED; the LMS's refusal is a 409 with its reason (never a link that fails).
 */
export async function studentSignIn(deps: Deps, studentId: number) {
  const student = await Student.findByPk(studentId);
  if (!student) throw AppError.notFound('Student');
  const enrollments = await Enrollment.findAll({
    where: { studentId, status: { [Op.in]: ['ACTIVE'] } },
    order: [
      ['enrolledAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  for (const en of enrollments) {
    const lms = await cohortLms(en.cohortId);
    if (!lms?.connection) continue;
    if (lms.connection.status !== 'CONNECTED') throw AppError.conflict('LMS_NOT_CONNECTED', Messages.LMS_NOT_CONNECTED);
    const client = clientFor(lms.connection, deps);
    try {
      const userId = await lmsUserOf(client, lms.connection, student);
      const link = await client.signInLink(
        userId,
        { studentId: student.id, firstName: student.firstName, lastName: student.lastName, email: student.email },
        lms.target,
        deps.config.LMS_SSO_TTL_SECONDS,
      );
      return { url: link.url, expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null, vendor: lms.connection.vendor };
    } catch (err) {
      if (err instanceof LmsError) throw AppError.conflict('LMS_UNREACHABLE', err.message);
      throw err;
    }
  }
  throw AppError.conflict('LMS_STUDENT_NO_LMS', Messages.LMS_STUDENT_NO_LMS);
}
