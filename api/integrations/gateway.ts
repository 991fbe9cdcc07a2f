import type { Config } from '../config';
import { SandboxGateway } from './sandbox-gateway';

/**
 * The payment gateway behind every card operation (domain rules "Payment plans and payments":
 * cards go through a gateway interface; the default is a local sandbox, a Stripe gateway is
 * selected by configuration with billing, issue 6). Only the gateway's ids, the brand, the last four
 * digits, the expiry and a fingerprint are ever stored; card numbers never reach the API.
 *
 * The interface holds what is implemented today; billing extends it (charge, refund) beside the
 * Stripe adapter.
 */
export interface PaymentGateway {
  /** Stored in `payment_methods.gateway` and answered by `GET /payment_gateway/config`. */
  readonly name: GatewayName;
  /** What a browser needs to tokenise a card with this gateway's own script (null for the sandbox). */
  readonly publishableKey: string | null;
  /**
   * Turns a card token made in the browser into a stored payment method of the customer. Refusals
   * are `GatewayError`s: `declined` (the card cannot be used) or `invalid` (the token is not one).
   */
  attachCard(token: string, customer: GatewayCustomer): Promise<AttachedCard>;
}

export type GatewayName = 'SANDBOX';

/** Whose card it is: the student, and the gateway's customer id when one was made before. */
export interface GatewayCustomer {
  studentId: number;
  email: string;
  customerId: string | null;
}

/** A card the gateway holds for a customer. */
export interface AttachedCard {
  /** The gateway's id of the stored card (what a later charge names). */
  methodId: string;
  /** The gateway's customer the card belongs to (null when the gateway has no customers). */
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The same for every token of one card number: what the duplicate-card rule compares. */
  fingerprint: string;
}

/**
 * A gateway refusal: `declined` (answered 409 PAYMENT_FAILURE with `reason`) or `invalid` (400: on
 * the card's fields when `errors` names them, else on the token).
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'declined' | 'invalid',
    readonly reason: string,
    readonly errors?: Record<string, string>,
  ) {
    super(reason);
  }
}

/**
 * The gateway of a configuration: `PAYMENT_GATEWAY` (default SANDBOX). Stripe comes with billing
 * (issue 6); until then any other value is a configuration error.
 */
export function gatewayFrom(config: Pick<Config, 'NODE_ENV'> & { PAYMENT_GATEWAY?: string }): PaymentGateway {
  const name = (config.PAYMENT_GATEWAY ?? 'SANDBOX').toUpperCase();
  if (name === 'SANDBOX') return new SandboxGateway();
  throw new Error(`Invalid configuration:\n  PAYMENT_GATEWAY: unknown gateway ${name} (available: SANDBOX)`);
}
