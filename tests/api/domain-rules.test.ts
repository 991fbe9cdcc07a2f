// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import { applicationMachine, isLegalTransition, nextStatuses } from '../../domain/state/applications';
import { externalPaymentMachine, isExternalPaymentAmountEditable, nextExternalPaymentStatuses } from '../../domain/state/external-payments';
import { isRefundEditable, isRefundSubmittable, nextRefundStatuses, refundMachine } from '../../domain/state/refunds';
import { APPLICATION_VOUCHER_TRANSITIONS, nextVoucherRefundStatuses, voucherRefundMachine } from '../../domain/state/vouchers';
import { DISPUTE_VERDICTS, disputeMachine, isDisputeVerifiable } from '../../domain/state/disputes';
import { failedPaymentMachine, isFailedPaymentRetryable } from '../../domain/state/failed-payments';
import { CRM_RETRYABLE_STATUSES, crmNotificationMachine, crmSyncStatus, isCrmNotificationRetryable } from '../../domain/state/crm-notifications';
import { envelopeMachine, hasSignedPdf, isEnvelopeSignable, isEnvelopeVoidable, isEnvelopeVoided, signRefusal } from '../../domain/state/envelopes';
import { followsDates, isActivePlan, isPlanConcludable, planMachine, planStatusForBalance } from '../../domain/state/plans';
import { RETRYABLE as crmRetryable } from '../../api/integrations/crm';
import { followsDates as standingFollowsDates } from '../../api/billing/standing';
import { EnvelopeStatus as apiEnvelopeStatus } from '../../api/envelopes/envelopes.schemas';
import { EnvelopeStatus } from '../../domain/state/envelopes';
import {
  amountProblem,
  installmentRefusal,
  maxPrePayCents,
  MIN_LEFTOVER_CENTS,
  MIN_PAYMENT_CENTS,
  payOffRefusal,
  paymentsEnabled,
  prePayRefusal,
} from '../../domain/rules/payments';
import { APPLICATION_VOUCHER_TRANSITIONS as apiVoucherTransitions } from '../../api/application-vouchers/application-vouchers.service';
import { MIN_LEFTOVER_CENTS as ledgerLeftover } from '../../api/billing/ledger';
import * as modelsStatus from '../../models/application-status';
import { Messages } from '../../models/messages';

/**
 * domain/state/ and domain/rules/ (issue 16 §3): the machines and the payment rules the API enforces
 * and the UIs offer, defined once. Pure: the endpoints that enforce them are tested in their areas.
 */

describe('state machines', () => {
  test('disputes: PENDING → WON | LOST; a verified dispute stays as it is', () => {
    expect(disputeMachine.next('PENDING')).toEqual(['WON', 'LOST']);
    expect(DISPUTE_VERDICTS).toEqual(['WON', 'LOST']);
    expect(disputeMachine.can('WON', 'LOST')).toBe(false);
    expect(disputeMachine.can('LOST', 'WON')).toBe(false);
    expect([disputeMachine.isFinal('WON'), disputeMachine.isFinal('LOST'), disputeMachine.isFinal('PENDING')]).toEqual([true, true, false]);
    expect(['PENDING', 'WON', 'LOST'].map((status) => isDisputeVerifiable({ status }))).toEqual([true, false, false]);
  });

  test('failed payments: FAILED → RESOLVED; only a FAILED one is retried', () => {
    expect(failedPaymentMachine.next('FAILED')).toEqual(['RESOLVED']);
    expect(failedPaymentMachine.isFinal('RESOLVED')).toBe(true);
    expect([isFailedPaymentRetryable({ status: 'FAILED' }), isFailedPaymentRetryable({ status: 'RESOLVED' })]).toEqual([true, false]);
  });

  test('CRM notifications: PENDING → SENDING → ACCEPTED | FAILED, FAILED claimed again; the delivery claims from the machine', () => {
    expect(crmNotificationMachine.next('SENDING')).toEqual(['ACCEPTED', 'FAILED']);
    expect(crmNotificationMachine.can('ACCEPTED', 'SENDING')).toBe(false);
    expect(crmNotificationMachine.can('PENDING', 'ACCEPTED')).toBe(false); // always through a claim
    expect(CRM_RETRYABLE_STATUSES).toEqual(['PENDING', 'FAILED']);
    expect(crmRetryable).toBe(CRM_RETRYABLE_STATUSES);
    expect(['PENDING', 'SENDING', 'ACCEPTED', 'FAILED'].map((status) => isCrmNotificationRetryable({ status }))).toEqual([true, false, false, true]);
    expect(['PENDING', 'SENDING', 'ACCEPTED', 'FAILED'].map(crmSyncStatus)).toEqual(['PENDING', 'IN_PROGRESS', 'ACCEPTED', 'FAILED']);
  });

  test('envelopes: SENT → SIGNED | VOIDED, SIGNED → VOIDED; signing refused with the API codes', () => {
    expect(apiEnvelopeStatus).toBe(EnvelopeStatus);
    expect(envelopeMachine.next('SENT')).toEqual(['SIGNED', 'VOIDED']);
    expect(envelopeMachine.next('SIGNED')).toEqual(['VOIDED']);
    expect(envelopeMachine.isFinal('VOIDED')).toBe(true);
    expect(['SENT', 'SIGNED', 'VOIDED'].map(signRefusal)).toEqual([null, 'ENVELOPE_ALREADY_SIGNED', 'ENVELOPE_VOIDED']);
    expect(
      ['SENT', 'SIGNED', 'VOIDED'].map((status) => [isEnvelopeSignable({ status }), hasSignedPdf({ status }), isEnvelopeVoidable({ status }), isEnvelopeVoided({ status })]),
    ).toEqual([
      [true, false, true, false],
      [false, true, true, false],
      [false, false, false, true],
    ]);
  });

  test('plans: ACTIVE ↔ COMPLETED by the balance, ACTIVE → CONCLUDED by staff; CONCLUDED and CANCELLED kept', () => {
    expect(planStatusForBalance('ACTIVE', 0)).toBe('COMPLETED');
    expect(planStatusForBalance('ACTIVE', 1)).toBe('ACTIVE');
    expect(planStatusForBalance('COMPLETED', 500)).toBe('ACTIVE');
    expect(planStatusForBalance('COMPLETED', 0)).toBe('COMPLETED');
    expect(planStatusForBalance('CONCLUDED', 0)).toBe('CONCLUDED');
    expect(planStatusForBalance('CANCELLED', 100)).toBe('CANCELLED');
    expect(['ACTIVE', 'COMPLETED', 'CONCLUDED', 'CANCELLED'].map((status) => isPlanConcludable({ status }))).toEqual([true, false, false, false]);
    expect(planMachine.isFinal('CONCLUDED')).toBe(true);
    expect([isActivePlan({ status: 'ACTIVE' }), isActivePlan({ status: 'COMPLETED' })]).toEqual([true, false]);
    expect([
      followsDates({ status: 'ACTIVE', bankruptcy: false }),
      followsDates({ status: 'ACTIVE', bankruptcy: 1 }),
      followsDates({ status: 'CONCLUDED', bankruptcy: null }),
    ]).toEqual([true, false, false]);
    // The standing the API computes reads the same predicate.
    expect(standingFollowsDates).toBe(followsDates);
  });

  test('applications: the machine of the domain rules, ARCHIVED from everything but ENROLLED and ARCHIVED', () => {
    expect(nextStatuses('CREATED')).toEqual(['APPLIED', 'CANCELLED', 'ARCHIVED']);
    expect(nextStatuses('ENROLLED')).toEqual(['TRANSFERRED', 'PARTIAL_WITHDRAWN', 'WITHDRAWN']);
    expect(isLegalTransition('SIGNED', 'ENROLLED')).toBe(true);
    expect(isLegalTransition('ENROLLED', 'ARCHIVED')).toBe(false);
    expect(applicationMachine.can('APPLIED', 'ARCHIVED')).toBe(true);
    expect(applicationMachine.next('ARCHIVED')).toEqual([]);
    expect(applicationMachine.isFinal('ARCHIVED')).toBe(true);
    expect(applicationMachine.isFinal('WITHDRAWN')).toBe(false); // still archivable
    // models/application-status.ts is the same definition, not a copy.
    expect(modelsStatus.nextStatuses).toBe(nextStatuses);
  });

  test('refunds: REQUESTED → APPROVED | REJECTED | CANCELLED by the status call; APPROVED completes by submitting', () => {
    expect(nextRefundStatuses('REQUESTED')).toEqual(['APPROVED', 'REJECTED', 'CANCELLED']);
    expect(nextRefundStatuses('APPROVED')).toEqual([]);
    expect(refundMachine.can('APPROVED', 'COMPLETED')).toBe(true);
    expect(refundMachine.can('REQUESTED', 'COMPLETED')).toBe(false);
    expect(refundMachine.can('REJECTED', 'APPROVED')).toBe(false);
    expect([isRefundEditable({ status: 'REQUESTED' }), isRefundEditable({ status: 'APPROVED' })]).toEqual([true, false]);
    expect([isRefundSubmittable({ status: 'APPROVED' }), isRefundSubmittable({ status: 'REQUESTED' })]).toEqual([true, false]);
  });

  test('voucher refunds: the API exports the domain table itself', () => {
    expect(apiVoucherTransitions).toBe(APPLICATION_VOUCHER_TRANSITIONS);
    expect(nextVoucherRefundStatuses('REQUESTED')).toEqual(['APPROVED', 'REJECTED', 'CANCELLED']);
    expect(nextVoucherRefundStatuses('APPROVED')).toEqual(['COMPLETED']);
    expect(voucherRefundMachine.isFinal('COMPLETED')).toBe(true);
  });

  test('external payments: PENDING → ACCEPTED | REJECTED; the amount changes while PENDING', () => {
    expect(nextExternalPaymentStatuses('PENDING')).toEqual(['ACCEPTED', 'REJECTED']);
    expect(nextExternalPaymentStatuses('ACCEPTED')).toEqual([]);
    expect(externalPaymentMachine.can('REJECTED', 'ACCEPTED')).toBe(false);
    expect([isExternalPaymentAmountEditable({ status: 'PENDING' }), isExternalPaymentAmountEditable({ status: 'ACCEPTED' })]).toEqual([true, false]);
  });

  test('next() answers a fresh array (a caller cannot change the machine)', () => {
    refundMachine.next('REQUESTED').push('COMPLETED');
    expect(refundMachine.next('REQUESTED')).toEqual(['APPROVED', 'REJECTED', 'CANCELLED']);
  });
});

describe('payment rules', () => {
  const plan = { payoffCents: 500_050, dueNowCents: 49_652 };

  test('every payment is above 0.50: a field error', () => {
    expect(MIN_PAYMENT_CENTS).toBe(50);
    expect(prePayRefusal(50, plan)).toEqual({ code: 'MIN_PAYMENT_AMOUNT', message: Messages.MIN_PAYMENT_AMOUNT, field: 'amount' });
    expect(installmentRefusal(50, 50)).toMatchObject({ field: 'amount' });
    expect(payOffRefusal(10, 10)).toMatchObject({ field: 'amount' });
  });

  test('a pre-pay: below the pay-off, leaving at least 0.50, covering what is due now — in that order', () => {
    expect(prePayRefusal(500_050, plan)).toEqual({ code: 'PREPAY_AT_OR_ABOVE_PAYOFF', message: Messages.PREPAY_AT_OR_ABOVE_PAYOFF });
    expect(prePayRefusal(500_001, plan)).toEqual({ code: 'LEFTOVER_BALANCE', message: "don't leave a balance of $0.49, try paying off the full remaining amount $5,000.50" });
    expect(prePayRefusal(500_000, plan)).toBeNull();
    expect(prePayRefusal(49_651, plan)).toEqual({ code: 'AMOUNT_LOWER_THAN_TO_BE_PAID', message: Messages.AMOUNT_LOWER_THAN_TO_BE_PAID });
    expect(prePayRefusal(49_652, plan)).toBeNull();
    expect(maxPrePayCents(plan.payoffCents)).toBe(500_000);
    expect(maxPrePayCents(20)).toBe(0);
    expect(ledgerLeftover).toBe(MIN_LEFTOVER_CENTS);
  });

  test('an installment and a pay-off are exact', () => {
    expect(installmentRefusal(10_000, 10_000)).toBeNull();
    expect(installmentRefusal(9_999, 10_000)?.code).toBe('AMOUNT_LOWER_THAN_TO_BE_PAID');
    expect(installmentRefusal(10_001, 10_000)?.code).toBe('AMOUNT_EXCEEDED');
    expect(payOffRefusal(500_050, 500_050)).toBeNull();
    expect(payOffRefusal(500_049, 500_050)?.code).toBe('AMOUNT_LOWER_THAN_TO_BE_PAID');
    expect(payOffRefusal(500_051, 500_050)?.code).toBe('AMOUNT_EXCEEDED');
  });

  test('payments are enabled on an ACTIVE plan not blocked and not in bankruptcy', () => {
    expect(paymentsEnabled({ status: 'ACTIVE', paymentAccountBlocked: false, bankruptcy: false })).toBe(true);
    expect(paymentsEnabled({ status: 'ACTIVE', paymentAccountBlocked: true, bankruptcy: false })).toBe(false);
    expect(paymentsEnabled({ status: 'ACTIVE', paymentAccountBlocked: false, bankruptcy: true })).toBe(false);
    expect(paymentsEnabled({ status: 'COMPLETED' })).toBe(false);
  });

  test('an amount typed in dollars: required, above zero (or zero), whole cents, at most 999,999,999.99', () => {
    expect(amountProblem('')).toBe('REQUIRED');
    expect(amountProblem(0)).toBe('NOT_POSITIVE');
    expect(amountProblem(0, { allowZero: true })).toBeNull();
    expect(amountProblem(-1, { allowZero: true })).toBe('NOT_POSITIVE');
    expect(amountProblem('abc')).toBe('NOT_POSITIVE');
    expect(amountProblem(10.005)).toBe('NOT_CENTS');
    expect(amountProblem(1_000_000_000)).toBe('TOO_LARGE');
    expect(amountProblem('19.99')).toBeNull();
  });
});
