import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API v1 the Stripe gateway uses (api/integrations/stripe-gateway.ts),
 * on a random port of 127.0.0.1: POST /v1/customers, /v1/payment_methods, /v1/payment_methods/{id}/attach,
 * /v1/payment_intents and /v1/refunds.
 *
 * Like Stripe it wants `Authorization: Bearer {secret key}`, reads form-encoded bodies in Stripe's bracket
 * notation (`card[token]`, `metadata[studentId]`), answers Stripe-shaped JSON and Stripe's error shape
 * (`{ error: { type, code, message, ... } }`), and keeps idempotency keys: a repeated key answers the
 * first response (a success or a card error) again without acting twice, and with other parameters
 * is refused (400 idempotency_error). Every request is recorded for the tests to look at.
 *
 * Test tokens (as Stripe's): tok_visa, tok_mastercard, tok_amex attach and charge; tok_chargeDeclined and
 * tok_chargeDeclinedInsufficientFunds are refused when attached (Stripe checks the card then);
 * tok_chargeCustomerFail attaches and is declined when charged.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form body, brackets turned into nested objects. */
  body: Record<string, unknown>;
}

interface TestCard {
  brand: string;
  last4: string;
  /** Where Stripe refuses the card: `attach` or `charge` (never when absent). */
  declines?: { at: 'attach' | 'charge'; message: string; declineCode: string };
}

const DECLINED = { message: 'Your card was declined.', declineCode: 'generic_decline' };
const TEST_CARDS: Record<string, TestCard> = {
  tok_visa: { brand: 'visa', last4: '4242' },
  tok_mastercard: { brand: 'mastercard', last4: '4444' },
  tok_amex: { brand: 'amex', last4: '0005' },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', declines: { at: 'attach', ...DECLINED } },
  tok_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    declines: { at: 'attach', message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' },
  },
  tok_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: { at: 'charge', ...DECLINED } },
};
export const FAKE_STRIPE_EXP = { month: 12, year: 2034 };
/** The fingerprint the fake gives a test token's card (the same for every use of one token). */
export const fakeFingerprint = (token: string) => `fp${token.replace(/^tok_/, '').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 16);

interface Answer {
  status: number;
  body: unknown;
}

class StripeFault {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {}
}
const invalid = (message: string, extra: Record<string, unknown> = {}) => new StripeFault(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param: string) => invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** Stripe's form encoding back into objects: `a[b][c]=1` → `{ a: { b: { c: '1' } } }`. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  /** The next request is answered with this instead (e.g. a 500), once. */
  failNext: Answer | null = null;
  private server: http.Server | null = null;
  private seq = 0;
  private readonly customers = new Map<string, { email: string; metadata: unknown }>();
  private readonly methods = new Map<string, { token: string; customer: string | null }>();
  private readonly intents = new Map<string, { amount: number; refunded: number; charge: string }>();
  private readonly idempotent = new Map<string, { request: string; answer: Answer }>();

  constructor(readonly secretKey = 'sk_test_fake_0123456789') {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the fake Stripe is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** The requests to one path (`/v1/customers`), oldest first. */
  to(path: string | RegExp): FakeStripeRequest[] {
    return this.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        const answer = this.handle(req, text);
        res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_fake_${++this.seq}`, ...(answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}) });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, text: string): Answer & { replayed?: boolean } {
    const path = (req.url ?? '').split('?')[0];
    const body = parseStripeForm(text);
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const idempotencyKey = header('idempotency-key');
    this.requests.push({ method: req.method ?? '', path, authorization: header('authorization'), idempotencyKey, body });

    if (this.failNext) {
      const answer = this.failNext;
      this.failNext = null;
      return answer;
    }
    if (header('authorization') !== `Bearer ${this.secretKey}`) {
      const given = (header('authorization') ?? '').replace(/^Bearer /, '');
      return { status: 401, body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}***` } } };
    }
    const request = JSON.stringify([req.method, path, body]);
    if (idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen && seen.request !== request) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      }
      if (seen) return { ...seen.answer, replayed: true };
    }
    let answer: Answer;
    try {
      answer = { status: 200, body: this.route(req.method ?? '', path, body) };
    } catch (err) {
      if (!(err instanceof StripeFault)) throw err;
      answer = { status: err.status, body: { error: err.error } };
    }
    // As Stripe: what ran (a success or a card error) is kept for the key; a refused request is not.
    if (idempotencyKey && answer.status !== 400 && answer.status !== 404) this.idempotent.set(idempotencyKey, { request, answer });
    return answer;
  }

  private route(method: string, path: string, body: Record<string, unknown>): unknown {
    if (method !== 'POST') throw new StripeFault(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
    if (path === '/v1/customers') return this.createCustomer(body);
    if (path === '/v1/payment_methods') return this.createMethod(body);
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (attach) return this.attach(decodeURIComponent(attach[1]), body);
    if (path === '/v1/payment_intents') return this.createIntent(body);
    if (path === '/v1/refunds') return this.createRefund(body);
    throw new StripeFault(404, { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` });
  }

  private nextId(prefix: string) {
    return `${prefix}_fake${String(++this.seq).padStart(6, '0')}`;
  }

  private createCustomer(body: Record<string, unknown>) {
    const id = this.nextId('cus');
    this.customers.set(id, { email: String(body.email ?? ''), metadata: body.metadata ?? {} });
    return { id, object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
  }

  private methodObject(id: string) {
    const m = this.methods.get(id)!;
    const card = TEST_CARDS[m.token];
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer: m.customer,
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: FAKE_STRIPE_EXP.month,
        exp_year: FAKE_STRIPE_EXP.year,
        fingerprint: fakeFingerprint(m.token),
        funding: 'credit',
        country: 'US',
      },
    };
  }

  private createMethod(body: Record<string, unknown>) {
    if (body.type !== 'card') throw invalid('Invalid payment_method type', { param: 'type' });
    const token = String((body.card as Record<string, unknown> | undefined)?.token ?? '');
    if (!TEST_CARDS[token]) throw missing('token', token, 'card[token]');
    const id = this.nextId('pm');
    this.methods.set(id, { token, customer: null });
    return this.methodObject(id);
  }

  private attach(id: string, body: Record<string, unknown>) {
    const method = this.methods.get(id);
    if (!method) throw missing('PaymentMethod', id, 'payment_method');
    const customer = String(body.customer ?? '');
    if (!this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const declines = TEST_CARDS[method.token].declines;
    if (declines?.at === 'attach')
      throw new StripeFault(402, { type: 'card_error', code: 'card_declined', decline_code: declines.declineCode, message: declines.message, param: '' });
    method.customer = customer;
    return this.methodObject(id);
  }

  private createIntent(body: Record<string, unknown>) {
    const amount = Number(body.amount);
    if (!/^\d+$/.test(String(body.amount ?? ''))) throw invalid('Invalid integer', { param: 'amount' });
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    if (body.currency !== 'usd') throw invalid(`Invalid currency: ${String(body.currency)}`, { param: 'currency' });
    const methodId = String(body.payment_method ?? '');
    const method = this.methods.get(methodId);
    if (!method) throw missing('PaymentMethod', methodId, 'payment_method');
    if (method.customer !== body.customer)
      throw invalid(`The PaymentMethod ${methodId} does not belong to the Customer you supplied ${String(body.customer)}.`, { param: 'payment_method' });
    const id = this.nextId('pi');
    const intent = {
      id,
      object: 'payment_intent',
      amount,
      currency: 'usd',
      customer: body.customer,
      payment_method: methodId,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
    };
    const declines = TEST_CARDS[method.token].declines;
    if (declines) {
      throw new StripeFault(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: declines.declineCode,
        message: declines.message,
        charge: this.nextId('ch'),
        payment_intent: { ...intent, status: 'requires_payment_method' },
      });
    }
    const charge = this.nextId('ch');
    this.intents.set(id, { amount, refunded: 0, charge });
    return { ...intent, status: 'succeeded', latest_charge: charge };
  }

  private createRefund(body: Record<string, unknown>) {
    const intentId = String(body.payment_intent ?? '');
    const intent = this.intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    const left = intent.amount - intent.refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', { param: 'amount' });
    if (amount > left) throw invalid(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, { param: 'amount' });
    intent.refunded += amount;
    return { id: this.nextId('re'), object: 'refund', amount, currency: 'usd', payment_intent: intentId, charge: intent.charge, status: 'succeeded' };
  }
}
