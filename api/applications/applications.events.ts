import { Application, CrmNotification, Student } from '../../models';
import { on, raise, type EventHandler } from '../common/events';
import { issuePlan } from './issue-plan';
import { advance } from './status';

/**
 * The student payment plan of an application becoming ENROLLED (domain rules "Applications and
 * enrollments"): issued inside the status change's transaction (`inTransaction`: the enrollment and
 * what it owes commit together, and a plan that cannot be issued refuses the change), then raised as
 * PlanIssued for what follows it (the deposit charge, payments.events.ts). It stays in the
 * applications area, beside the quote it is issued from (payment-plans does not import applications).
 */
export function planEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'applications.issuePlanOnEnrolled',
      type: 'ApplicationStatusChanged',
      inTransaction: true,
      async handle(e, { transaction }) {
        // A transfer's new application is ENROLLED with the transfer's own plan (transfers.service.ts).
        if (e.to !== 'ENROLLED' || e.transferId || !transaction) return;
        const application = (await Application.findByPk(e.applicationId, { transaction }))!;
        const plan = await issuePlan(application, e.actor, transaction);
        await raise({ type: 'PlanIssued', planId: plan.id, applicationId: e.applicationId, studentId: plan.studentId, actor: e.actor }, transaction);
      },
    }),
  ];
}

/**
 * A signed agreement moves its application on by itself (WAITING_TO_SIGN → SIGNED, the automatic
 * steps of status.ts `advance`), inside the signature's transaction: the envelopes area raises
 * AgreementSigned and no longer imports the status machine.
 */
export function agreementEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'applications.advanceOnAgreementSigned',
      type: 'AgreementSigned',
      inTransaction: true,
      async handle(e, { transaction }) {
        if (transaction) await advance(e.applicationId, e.actor, transaction);
      },
    }),
  ];
}

/**
 * The CRM's side of an application's status (issue 5): each change is a PENDING CrmNotification
 * (crm 'salesforce') with what the CRM is told; api/integrations/crm.ts sends it. One row per event
 * (domainEventId, unique): a second delivery of the same event changes nothing.
 */
export function applicationEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'applications.notifyCrm',
      type: 'ApplicationStatusChanged',
      async handle(e, { transaction, eventId }) {
        if (await CrmNotification.count({ where: { domainEventId: eventId }, transaction })) return;
        const student = await Student.findByPk(e.studentId, { attributes: ['id', 'email'], transaction });
        await CrmNotification.create(
          {
            applicationId: e.applicationId,
            crm: 'salesforce',
            event: 'APPLICATION_STATUS_CHANGED',
            domainEventId: eventId,
            payload: {
              applicationId: e.applicationId,
              status: e.to,
              previousStatus: e.from,
              opportunityId: e.opportunityId,
              studentEmail: student?.email ?? null,
              productId: e.productId,
            },
            lastError: null,
            externalId: null,
            sentAt: null,
          },
          { transaction },
        );
      },
    }),
  ];
}
