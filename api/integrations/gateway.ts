import type { Config } from '../config';
import { SandboxGateway } from './sandbox-gateway';
import { StripeGateway } from './stripe-gateway';

/**
 * The payment gateway behind every card operation (domain rules "Payment plans and payments":
 * cards go through a gateway interface; the default is a local sandbox, a Stripe gateway is
 * selected by configuration with billing, issue 6). Only the gateway's ids, the brand, the last four
 * digits, the expiry and a fingerprint are ever stored; card numbers never reach the API.
 *
 * Money is in cents. Every charge and refund carries an idempotency key: the same key answers the
 * first result (a success or the same decline) and never moves money twice.
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
  /**
   * Charges a stored card now, without the student present. Succeeds or throws: `declined` with the
   * gateway's reason, `invalid` for a request the gateway refuses (unknown card, amount below its
   * minimum, an idempotency key reused with other parameters). Any other error (network, the gateway
   * down, an outcome not known yet) is thrown as is: the money may or may not have moved, and
   * repeating the call with the same idempotency key finds out.
   */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Gives back part or all of a charge. `invalid` for an unknown charge or more than it has left. */
  refund(input: RefundInput): Promise<RefundResult>;
}

export type GatewayName = 'SANDBOX' | 'STRIPE';

export interface ChargeInput {
  /** Whole cents, at least 50 (the gateway's minimum for usd). */
  amountCents: number;
  currency: 'usd';
  /** The gateway's customer the card is attached to (`payment_methods.gateway_customer_id`). */
  customerId: string | null;
  /** The gateway's id of the card (`payment_methods.gateway_method_id`). */
  methodId: string;
  /** The same key for a retry of one payment (billing: the payment's own key). */
  idempotencyKey: string;
  /** What the card statement and the gateway's dashboard show. */
  description: string;
  /** Our ids, kept by the gateway beside the charge (payment id, plan id, student id). */
  metadata: Record<string, string>;
}

export interface ChargeResult {
  /** The gateway's id of the payment, what a refund names. */
  chargeId: string;
  status: 'succeeded';
  /**
   * A dispute the cardholder opened on the charge, when the gateway reports it with the charge (the
   * sandbox's tok_createDispute card: approved, then disputed). Billing records it PENDING.
   */
  dispute?: { id: string; reason: string };
}

export interface RefundInput {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}

/** `pending` until the card network confirms; `failed` / `canceled` gave nothing back. */
export type RefundStatus = 'succeeded' | 'pending' | 'requires_action' | 'failed' | 'canceled';

export interface RefundResult {
  refundId: string;
  status: RefundStatus;
}

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

// Declines and gateway errors live in ./gateway-errors (the gateways import them; this file imports the gateways).
export { declineCodeOf, declineCodeOfReason, declineSentence, GatewayError, type DeclineCode } from './gateway-errors';

export type GatewayConfig = Pick<Config, 'NODE_ENV'> & Partial<Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_URL'>> & { PAYMENT_GATEWAY?: string };

/**
 * The gateway of a configuration: `PAYMENT_GATEWAY` (default SANDBOX), or STRIPE with
 * `STRIPE_SECRET_KEY` (required: the app refuses to start without it), `STRIPE_PUBLISHABLE_KEY` (for
 * the browser) and `STRIPE_API_URL` (another API address, e.g. a local fake; unset = api.stripe.com).
 */
export function gatewayFrom(config: GatewayConfig): PaymentGateway {
  const name = (config.PAYMENT_GATEWAY ?? 'SANDBOX').toUpperCase();
  if (name === 'SANDBOX') return new SandboxGateway();
  if (name === 'STRIPE') {
    const secretKey = config.STRIPE_SECRET_KEY?.trim();
    if (!secretKey) throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY: required with PAYMENT_GATEWAY=STRIPE');
    return new StripeGateway({ secretKey, publishableKey: config.STRIPE_PUBLISHABLE_KEY || null, apiUrl: config.STRIPE_API_URL || null });
  }
  throw new Error(`Invalid configuration:\n  PAYMENT_GATEWAY: unknown gateway ${name} (available: SANDBOX, STRIPE)`);
}

const gateways = new WeakMap<object, PaymentGateway>();

/**
 * The gateway of a configuration, made once per configuration object (`gatewayFrom` memoised): every
 * area of one app (payment methods, payments, refunds) charges through the same instance, so the
 * sandbox's idempotency memory is shared and a replayed key never charges twice.
 */
export function gatewayFor(config: GatewayConfig): PaymentGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = gatewayFrom(config);
    gateways.set(config, gateway);
  }
  return gateway;
}
