import { Application } from '../../models';
import { issuePlan } from '../applications/issue-plan';
import { on, raise, type EventHandler } from '../common/events';

/**
 * The student payment plan of an application becoming ENROLLED (domain rules "Applications and
 * enrollments"): issued inside the status change's transaction (`inTransaction`: the enrollment and
 * what it owes commit together, and a plan that cannot be issued refuses the change), then raised as
 * PlanIssued for what follows it (the deposit charge, payments.events.ts).
 */
export function paymentPlanEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'payment-plans.issueOnEnrolled',
      type: 'ApplicationStatusChanged',
      inTransaction: true,
      async handle(e, { transaction }) {
        if (e.to !== 'ENROLLED' || !transaction) return;
        const application = (await Application.findByPk(e.applicationId, { transaction }))!;
        const plan = await issuePlan(application, e.actor, transaction);
        await raise({ type: 'PlanIssued', planId: plan.id, applicationId: e.applicationId, studentId: plan.studentId, actor: e.actor }, transaction);
      },
    }),
  ];
}
