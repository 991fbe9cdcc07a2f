import { QueryTypes } from 'sequelize';
import { Certificate, Cohort, Enrollment, Program, Student } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { description } from '../../models/descriptions';
import { recordActivity } from '../common/audit';
import type { Deps } from '../common/context';
import { MAX_ATTEMPTS, on, type EventHandler } from '../common/events';
import { certificateProvider } from '../integrations/certificates';
import { refreshAttendanceProgress } from './progress';

/**
 * Issue 21's reactions:
 * - StudentGraduated → `academics.issueCertificate`: after the graduation commits, the certificate
 *   (PENDING since the graduation) is issued through the configured provider and becomes ISSUED; a
 *   failure is retried by the domain events' backoff (the certificate keeps its attempts and last
 *   error) and after the last attempt it is FAILED, its delivery shown at /domain-events to send again.
 *   Never lost: the delivery row commits with the graduation.
 * - CircleAttendanceTaken and LearningSessionAttendanceTaken → the attendance of the students concerned
 *   counted again toward their COACHING_CIRCLE and LEARNING_SESSION requirements (set-wise).
 */
export function academicEventHandlers(deps: Deps): EventHandler[] {
  return [
    on({
      name: 'academics.issueCertificate',
      type: 'StudentGraduated',
      // Calls the outside world (Accredible, storage): no transaction held while it answers.
      transactional: false,
      async handle(e, { attempt }) {
        const certificate = (await Certificate.findByPk(e.certificateId, {
          include: [
            { model: Student, as: 'student', attributes: ['id', 'firstName', 'middleName', 'lastName', 'email'] },
            { model: Program, as: 'program', attributes: ['id', 'name', 'accredibleGroupId'] },
            { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
          ],
        })) as (Certificate & { student: Student; program: Program; cohort: Cohort }) | null;
        if (!certificate || certificate.status === 'ISSUED') return;
        const enrollment = await Enrollment.findByPk(e.enrollmentId, { attributes: ['id', 'graduatedAt', 'graduationLate'] });
        const s = certificate.student;
        const provider = certificateProvider(deps);
        try {
          const issued = await provider.issue({
            certificateId: certificate.id,
            enrollmentId: e.enrollmentId,
            recipient: { studentId: s.id, name: [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' '), email: s.email },
            program: { id: certificate.program.id, name: certificate.program.name, accredibleGroupId: certificate.program.accredibleGroupId },
            cohortLabel: certificate.cohort?.label ?? '',
            issuedOn: schoolToday(enrollment?.graduatedAt ?? new Date()),
            late: Boolean(enrollment?.graduationLate),
          });
          await Certificate.sequelize!.transaction(async (transaction) => {
            const [n] = await Certificate.update(
              { status: 'ISSUED', ...issued, issuedAt: new Date(), attempts: attempt, lastError: null },
              { where: { id: certificate.id, status: ['PENDING', 'FAILED'] }, transaction },
            );
            if (!n) return;
            await recordActivity(
              e.actor,
              {
                entityType: 'CERTIFICATE',
                entityId: certificate.id,
                studentId: s.id,
                category: 'ENROLLMENT',
                type: 'CREATED',
                description: description('CERTIFICATE_ISSUED', { name: certificate.name }),
              },
              transaction,
            );
          });
        } catch (err) {
          const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
          await Certificate.update(
            { attempts: attempt, lastError: message, ...(attempt >= MAX_ATTEMPTS ? { status: 'FAILED' as const } : {}) },
            { where: { id: certificate.id, status: ['PENDING', 'FAILED'] } },
          );
          throw err;
        }
      },
    }),
    on({
      name: 'academics.circleAttendanceProgress',
      type: 'CircleAttendanceTaken',
      async handle(e, { transaction }) {
        const signUpIds = e.records.map((r) => r.coachingCircleSignUpId);
        if (!signUpIds.length) return;
        const enrollmentIds = (
          (await Enrollment.sequelize!.query(`SELECT DISTINCT enrollment_id AS id FROM coaching_circle_sign_ups WHERE id IN (:ids) AND enrollment_id IS NOT NULL`, {
            replacements: { ids: signUpIds },
            type: QueryTypes.SELECT,
            transaction,
          })) as Array<{ id: number }>
        ).map((r) => Number(r.id));
        if (enrollmentIds.length) await refreshAttendanceProgress({ enrollmentIds }, { transaction });
      },
    }),
    on({
      name: 'academics.learningSessionProgress',
      type: 'LearningSessionAttendanceTaken',
      async handle(e, { transaction }) {
        const cohorts = (
          (await Enrollment.sequelize!.query(`SELECT cohort_id AS id FROM learning_session_scopes WHERE learning_session_id = :id`, {
            replacements: { id: e.learningSessionId },
            type: QueryTypes.SELECT,
            transaction,
          })) as Array<{ id: number }>
        ).map((r) => Number(r.id));
        if (cohorts.length) await refreshAttendanceProgress({ studentIds: [e.studentId], cohortIds: cohorts }, { transaction });
      },
    }),
  ];
}
