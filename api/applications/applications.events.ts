import { CrmNotification, Student } from '../../models';
import { on, type EventHandler } from '../common/events';

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
            applicationId: e.applicationId, crm: 'salesforce', event: 'APPLICATION_STATUS_CHANGED', domainEventId: eventId,
            payload: { applicationId: e.applicationId, status: e.to, previousStatus: e.from, opportunityId: e.opportunityId, studentEmail: student?.email ?? null, productId: e.productId },
            lastError: null, externalId: null, sentAt: null,
          },
          { transaction },
        );
      },
    }),
  ];
}
