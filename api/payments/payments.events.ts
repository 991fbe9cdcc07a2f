import { on, type EventHandler } from '../common/events';
import type { PaymentGateway } from '../integrations/gateway';
import { chargeEnrollmentDeposit } from './payments.service';

/**
 * The enrollment deposit (billing, issue 6): once a plan is issued, its first entry is charged to the
 * application's card. Outside any transaction (`transactional: false`: no transaction waits on the
 * gateway; the charge pipeline has its own). A decline or a refusal is recorded as a FailedPayment
 * ENROLLMENT (staff see it in Failed payments; the retry calendar charges it again) and the delivery
 * is done; what could not even be recorded, or a charge refused because another payment of the plan
 * is in progress, throws, so the delivery is tried again (and shows FAILED to staff after its last
 * attempt) — never swallowed. Idempotent: a paid first entry is not charged again (SKIPPED), and a
 * declined one adds an attempt to its one FailedPayment.
 */
export function paymentEventHandlers(gateway: PaymentGateway): EventHandler[] {
  return [
    on({
      name: 'payments.chargeEnrollmentDeposit',
      type: 'PlanIssued',
      transactional: false,
      async handle(e) {
        const result = await chargeEnrollmentDeposit(e.planId, gateway);
        if (result.status === 'FAILED' && !result.failedPaymentId)
          throw new Error(`The deposit of plan ${e.planId} could not be charged nor recorded: ${result.message ?? 'unknown error'}`);
        if (result.status === 'SKIPPED' && result.inProgress) throw new Error(`The deposit of plan ${e.planId} waits: ${result.message}`);
      },
    }),
  ];
}
