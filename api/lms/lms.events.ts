import { Enrollment, Transfer, Withdrawal } from '../../models';
import type { Deps } from '../common/context';
import { on, type EventHandler } from '../common/events';
import { deliver, want } from './enrollments';

/**
 * The learning system's side of enrollment (domain rules "Learning systems (LMS)"; issue 21), after
 * the commit (they call the LMS: `transactional: false`), retried by the dispatcher's backoff:
 * - ENROLLED (not by a transfer): the student is enrolled in each class's course or section (the LMS
 *   user made when missing);
 * - a withdrawal APPROVED: unenrolled from the classes it withdrew; an application moved to WITHDRAWN
 *   by staff: from its withdrawn classes;
 * - a transfer ACCEPTED: moved from the old class to the new one (a move inside one LMS; else
 *   unenrolled there and enrolled in the new one's).
 * Every attempt is an `lms_enrollments` row (api/lms/enrollments.ts); a failure throws after it is
 * recorded, so the delivery is tried again and, after its last attempt, shown FAILED to staff.
 */

async function each(items: Array<() => Promise<unknown>>): Promise<void> {
  const errors: string[] = [];
  for (const run of items) {
    try {
      await run();
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  }
  if (errors.length) throw new Error(errors.join('; '));
}

export function lmsEventHandlers(deps: Deps): EventHandler[] {
  const enroll = async (cohortId: number, studentId: number, applicationId: number | null, from: { cohortId: number } | null = null) => {
    const row = await want(cohortId, studentId, 'ENROLL', applicationId);
    if (row && row.status !== 'DONE') await deliver(deps, row.id, undefined, from);
  };
  const unenroll = async (cohortId: number, studentId: number, applicationId: number | null) => {
    const row = await want(cohortId, studentId, 'UNENROLL', applicationId);
    if (row && row.status !== 'DONE') await deliver(deps, row.id);
  };
  return [
    on({
      name: 'lms.enrollOnEnrolled',
      type: 'ApplicationStatusChanged',
      transactional: false,
      async handle(e) {
        if (e.to !== 'ENROLLED' || e.transferId) return;
        const enrollments = await Enrollment.findAll({ where: { applicationId: e.applicationId, status: 'ACTIVE' }, order: [['id', 'ASC']] });
        await each(enrollments.map((en) => () => enroll(en.cohortId, en.studentId, e.applicationId)));
      },
    }),
    on({
      name: 'lms.unenrollOnLeaving',
      type: 'ApplicationStatusChanged',
      transactional: false,
      async handle(e) {
        if (e.to !== 'WITHDRAWN') return;
        const enrollments = await Enrollment.findAll({ where: { applicationId: e.applicationId, status: 'WITHDRAWN' }, order: [['id', 'ASC']] });
        await each(enrollments.map((en) => () => unenroll(en.cohortId, en.studentId, e.applicationId)));
      },
    }),
    on({
      name: 'lms.unenrollOnWithdrawal',
      type: 'WithdrawalDecided',
      transactional: false,
      async handle(e) {
        if (e.status !== 'APPROVED') return;
        const w = await Withdrawal.findByPk(e.withdrawalId);
        if (!w) return;
        const cohortIds = w.cohortIds?.length ? w.cohortIds : w.cohortId ? [w.cohortId] : [];
        const ids = cohortIds.length
          ? cohortIds
          : (await Enrollment.findAll({ where: { applicationId: e.applicationId, status: 'WITHDRAWN' }, attributes: ['cohortId'] })).map((en) => en.cohortId);
        await each([...new Set(ids)].map((cohortId) => () => unenroll(cohortId, e.studentId, e.applicationId)));
      },
    }),
    on({
      name: 'lms.moveOnTransfer',
      type: 'TransferDecided',
      transactional: false,
      async handle(e) {
        if (e.status !== 'ACCEPTED') return;
        const t = await Transfer.findByPk(e.transferId);
        if (!t) return;
        const old = (await Enrollment.findAll({ where: { applicationId: t.applicationId }, attributes: ['cohortId'], order: [['id', 'ASC']] })).map((en) => en.cohortId);
        const origin = t.originCohortId ?? old[0] ?? null;
        const others = [...new Set(old)].filter((c) => c !== origin && c !== t.destinationCohortId);
        await each([
          () => enroll(t.destinationCohortId, t.studentId, t.newApplicationId ?? null, origin && origin !== t.destinationCohortId ? { cohortId: origin } : null),
          // The old class when the move could not take it along (another LMS, or none): unenrolled there.
          ...(origin && origin !== t.destinationCohortId ? [() => unenroll(origin, t.studentId, t.applicationId)] : []),
          ...others.map((c) => () => unenroll(c, t.studentId, t.applicationId)),
        ]);
      },
    }),
  ];
}
