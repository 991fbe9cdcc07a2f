import type { Deps } from './common/context';
import type { EventHandler } from './common/events';
import { agreementEventHandlers, applicationEventHandlers, planEventHandlers } from './applications/applications.events';
import { communicationEventHandlers } from './communications/communications.events';
import { enrollmentEventHandlers } from './enrollments/enrollments.events';
import type { PaymentGateway } from './integrations/gateway';
import { paymentEventHandlers } from './payments/payments.events';
import { voucherEventHandlers } from './vouchers/vouchers.events';
import { withdrawalEventHandlers } from './withdrawals/withdrawals.events';
import { circleSignUpEventHandlers } from './circle-sign-ups/circle-notices';
import { lmsEventHandlers } from './lms/lms.events';
import { academicEventHandlers } from './academics/academics.events';

/** The integrations handlers use, built once at start-up and passed in. */
export interface EventIntegrations {
  deps: Deps;
  gateway: PaymentGateway;
}

/**
 * Every domain event handler, in the one place they are registered (createApp installs them). Order
 * matters only among the handlers of one event that run inside its transaction: the enrollments
 * before the plan issued (as the status change always did).
 */
export function domainEventHandlers(integrations: EventIntegrations): EventHandler[] {
  return [
    ...enrollmentEventHandlers(),
    ...planEventHandlers(),
    ...paymentEventHandlers(integrations.gateway),
    ...voucherEventHandlers(),
    ...applicationEventHandlers(),
    ...agreementEventHandlers(),
    ...communicationEventHandlers(integrations.deps),
    ...withdrawalEventHandlers(),
    ...circleSignUpEventHandlers(integrations.deps),
    ...lmsEventHandlers(integrations.deps),
    ...academicEventHandlers(integrations.deps),
  ];
}
