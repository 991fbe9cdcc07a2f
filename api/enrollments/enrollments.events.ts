import { ApplicationCohort, Enrollment } from '../../models';
import { stamp } from '../common/audit';
import { on, type EventHandler } from '../common/events';

/**
 * The enrollments' side of an application's status (domain rules "Applications and enrollments"):
 * ENROLLED creates one ACTIVE enrollment per chosen class; WITHDRAWN and TRANSFERRED end the ACTIVE
 * ones with that status. Inside the status change's transaction (`inTransaction`): an enrollment is
 * the seat the change was checked against (the classes are locked by it), so it must commit with it.
 */
export function enrollmentEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'enrollments.followApplicationStatus',
      type: 'ApplicationStatusChanged',
      inTransaction: true,
      async handle(e, { transaction }) {
        if (e.to === 'ENROLLED') {
          const chosen = await ApplicationCohort.findAll({ where: { applicationId: e.applicationId }, order: [['id', 'ASC']], transaction });
          const enrolledAt = new Date(e.at);
          await Enrollment.bulkCreate(
            chosen.map((c) => ({
              applicationId: e.applicationId,
              studentId: e.studentId,
              cohortId: c.cohortId,
              programId: c.programId,
              status: 'ACTIVE' as const,
              enrolledAt,
              ...stamp(e.actor),
            })),
            { transaction },
          );
        }
        if (e.to === 'WITHDRAWN' || e.to === 'TRANSFERRED') {
          await Enrollment.update({ status: e.to, ...stamp(e.actor) }, { where: { applicationId: e.applicationId, status: 'ACTIVE' }, transaction });
        }
      },
    }),
  ];
}
