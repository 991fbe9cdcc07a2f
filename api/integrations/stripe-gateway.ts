import Stripe from 'stripe';
import type { AttachedCard, ChargeInput, ChargeResult, GatewayCustomer, PaymentGateway, RefundInput, RefundResult, RefundStatus } from './gateway';
import { declineCodeOf, GatewayError } from './gateway-errors';

/**
 * The Stripe adapter of PaymentGateway, on the official `stripe` SDK (API v1; no retries by the SDK:
 * a retry is the caller's, with the same idempotency key).
 *
 * - attachCard: `POST /v1/payment_methods` (type card, the browser's token), then, for a student
 *   without a Stripe customer yet, `POST /v1/customers` (email, metadata.studentId), then
 *   `POST /v1/payment_methods/{id}/attach`. The card is made first so that a token that is not one
 *   leaves no customer behind. Stripe checks the card when attaching: a declining card is refused there.
 * - charge: one PaymentIntent confirmed at once, off session (the student is not there to
 *   authenticate), with the caller's idempotency key. The PaymentIntent's id is the charge id.
 * - refund: `POST /v1/refunds` against that PaymentIntent, with the caller's idempotency key.
 *
 * Stripe's card errors (402) are `declined` with Stripe's message; its invalid-request errors (400,
 * 404: an unknown token, card or payment, an amount out of bounds) are `invalid`. Anything else
 * (authentication, rate limit, idempotency conflict, Stripe down, the network) is thrown as it came.
 */

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey?: string | null;
  /** Another API address than https://api.stripe.com (a local fake in the tests). */
  apiUrl?: string | null;
}

/** The SDK's address options for an API URL (`http://127.0.0.1:12111`): host, port and protocol. */
export function stripeAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A Stripe error as a gateway refusal, or the error itself when it is not a refusal. */
function refusal(err: unknown): unknown {
  if (err instanceof Stripe.errors.StripeCardError) return new GatewayError('declined', err.message, undefined, declineCodeOf(err.decline_code ?? err.code));
  if (err instanceof Stripe.errors.StripeInvalidRequestError) return new GatewayError('invalid', err.message);
  return err;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw refusal(err);
  }
}

/** PaymentIntent states in which no money moved: the charge is refused. */
const NOT_CHARGED = new Set(['requires_payment_method', 'requires_action', 'requires_confirmation', 'canceled']);
const REFUND_STATUSES: ReadonlySet<string> = new Set<RefundStatus>(['succeeded', 'pending', 'requires_action', 'failed', 'canceled']);

export class StripeGateway implements PaymentGateway {
  readonly name = 'STRIPE' as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey || null;
    this.stripe = new Stripe(options.secretKey, { ...(options.apiUrl ? stripeAddress(options.apiUrl) : {}), maxNetworkRetries: 0 });
  }

  async attachCard(token: string, customer: GatewayCustomer): Promise<AttachedCard> {
    const method = await call(() => this.stripe.paymentMethods.create({ type: 'card', card: { token } }));
    const customerId = customer.customerId ?? (await call(() => this.stripe.customers.create({ email: customer.email, metadata: { studentId: String(customer.studentId) } }))).id;
    const attached = await call(() => this.stripe.paymentMethods.attach(method.id, { customer: customerId }));
    const card = attached.card ?? method.card;
    if (!card) throw new GatewayError('invalid', `Not a card: ${method.type}`);
    return {
      methodId: attached.id,
      customerId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      // Stripe gives every card a fingerprint; without one, the card only matches itself.
      fingerprint: card.fingerprint ?? attached.id,
    };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId ?? undefined,
          payment_method: input.methodId,
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (intent.status === 'succeeded') return { chargeId: intent.id, status: 'succeeded' };
    if (NOT_CHARGED.has(intent.status)) {
      const failed = intent.last_payment_error;
      throw new GatewayError('declined', failed?.message ?? `The payment was not completed (${intent.status})`, undefined, declineCodeOf(failed?.decline_code ?? failed?.code));
    }
    // `processing` (or a state this adapter does not know): the outcome comes later, not a decline.
    throw new Error(`Stripe payment ${intent.id} is ${intent.status}`);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refund = await call(() => this.stripe.refunds.create({ payment_intent: input.chargeId, amount: input.amountCents }, { idempotencyKey: input.idempotencyKey }));
    const status = refund.status && REFUND_STATUSES.has(refund.status) ? (refund.status as RefundStatus) : 'pending';
    return { refundId: refund.id, status };
  }
}
