import express, { type Express, type Request, type Response } from 'express';
import Stripe from 'stripe';
import type { Deps } from '../common/context';
import { AppError } from '../common/errors';
import { routeRegistry } from '../common/route';
import { openDispute, paymentOfCharge } from '../disputes/disputes.service';

/**
 * POST /api/payment_gateway/webhooks: the events Stripe sends us. The body is read raw (before the
 * app's JSON parser) because the `Stripe-Signature` header signs its exact bytes; the official SDK's
 * `webhooks.constructEvent` checks it with STRIPE_WEBHOOK_SECRET (and the timestamp's tolerance).
 * Without the secret configured the endpoint does not exist (404); a missing or wrong signature is
 * 400 INVALID_SIGNATURE and changes nothing.
 *
 * Handled: `charge.dispute.created` → a PENDING dispute on the payment whose gateway charge id is the
 * dispute's PaymentIntent (what the Stripe gateway stores) or charge, idempotent on the dispute's id
 * (Stripe delivers an event again until it gets a 2xx). Every other event, and a dispute on a charge
 * we do not know, is acknowledged and ignored.
 */

export const STRIPE_WEBHOOK_PATH = '/api/payment_gateway/webhooks';

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;

/** The event after its signature is checked; 400 INVALID_SIGNATURE otherwise. */
function verifiedEvent(req: Request, secret: string): Stripe.Event {
  const header = req.headers['stripe-signature'];
  if (!header || !Buffer.isBuffer(req.body)) throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid signature');
  try {
    return Stripe.webhooks.constructEvent(req.body, header, secret);
  } catch {
    throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid signature');
  }
}

/** What one event did: the dispute recorded (or found again), or nothing. */
export async function handleStripeEvent(event: Stripe.Event, deps: Pick<Deps, 'log'>): Promise<{ received: true; disputeId?: number; ignored?: boolean }> {
  if (event.type !== 'charge.dispute.created') return { received: true, ignored: true };
  const dispute = event.data.object as unknown as { id: string; amount?: number; reason?: string | null; charge?: unknown; payment_intent?: unknown };
  const payment = await paymentOfCharge([idOf(dispute.payment_intent), idOf(dispute.charge)].filter((v): v is string => Boolean(v)));
  if (!payment) {
    deps.log.warn({ eventId: event.id, disputeId: dispute.id }, 'Stripe dispute on an unknown charge: ignored');
    return { received: true, ignored: true };
  }
  const { dispute: row, created } = await openDispute({
    payment,
    gateway: 'STRIPE',
    gatewayDisputeId: dispute.id,
    reason: dispute.reason ?? null,
    amountCents: typeof dispute.amount === 'number' ? dispute.amount : null,
  });
  if (created) deps.log.info({ eventId: event.id, disputeId: row.id, paymentId: payment.id }, 'Stripe dispute recorded');
  return { received: true, disputeId: row.id };
}

/** Mounts the webhook on the app, ahead of the JSON body parser (it needs the raw bytes). */
export function mountStripeWebhooks(app: Express, deps: Deps): void {
  routeRegistry.push({
    method: 'post',
    path: STRIPE_WEBHOOK_PATH,
    summary: 'Stripe webhook events (Stripe-Signature verified; charge.dispute.created records a dispute)',
    tag: 'Payment gateway',
    access: 'public',
    self: false,
    status: 200,
  });
  app.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req: Request, res: Response) => {
    const secret = deps.config.STRIPE_WEBHOOK_SECRET?.trim();
    if (!secret) throw AppError.notFound('Resource');
    const event = verifiedEvent(req, secret);
    res.status(200).json(await handleStripeEvent(event, deps));
  });
}
