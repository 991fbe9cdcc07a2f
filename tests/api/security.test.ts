import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import request from 'supertest';
import { Op } from 'sequelize';
import { BusinessCategory, GatewayEvent, OutboxMessage, PasswordToken, Payment, PaymentSchedule, RefreshToken, SignInFailure, StudentPaymentPlan, User } from '../../models';
import { Messages } from '../../models/messages';
import { toCents } from '../../api/billing/ledger';
import { createApp } from '../../api/app';
import { routeRegistry } from '../../api/common/route';
import { loadConfig } from '../../api/config';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan } from '../support/billing-factories';
import { sha256 } from '../../api/common/tokens';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';
import { eventually } from '../support/eventually';

/**
 * Security and HTTP (issue 15): what the request pipeline accepts and answers whatever the route —
 * request bodies must be JSON; the client address the rate limit counts is not the client's to choose;
 * access tokens are ours, of their type, and expire.
 */

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await setupApp();
  adminToken = (await makeAdmin(t.deps)).token;
});
afterAll(() => t.close());

const UNSUPPORTED = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: Messages.UNSUPPORTED_MEDIA_TYPE };
/** The whole error answer: the contract body and the request's id (issue 16). */
const UNSUPPORTED_ANSWER = { ...UNSUPPORTED, requestId: expect.any(String) };
const withoutRequestId = ({ requestId, ...rest }: Record<string, unknown>) => (typeof requestId === 'string' ? rest : { ...rest, requestId });

/** Sends raw bytes with exactly the headers given (supertest always names a Content-Type for a body). */
async function rawRequest(method: string, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const server = t.app.listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      });
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}

describe('request bodies must be JSON', () => {
  test('every mounted write route answers a text/plain or form-encoded body with 415 and the contract body', async () => {
    // Registered outside the route pipeline: Stripe's webhook reads its body raw and checks its signature.
    const routes = routeRegistry.filter((r) => r.method !== 'get' && r.path !== '/api/payment_gateway/webhooks');
    expect(routes.filter((r) => r.body).length).toBeGreaterThanOrEqual(113);
    // Its own administrator: were a body to run as empty, logout calls would end this token's sessions.
    const { token } = await makeAdmin(t.deps);
    const failures: string[] = [];
    for (const r of routes) {
      const path = r.path.replace(/:\w+/g, '1');
      for (const [type, body] of [
        ['text/plain', '{"amount":1}'],
        ['application/x-www-form-urlencoded', 'amount=1&description=x'],
      ]) {
        const res = await request(t.app)[r.method](path).set(bearer(token)).set('Content-Type', type).send(body);
        // An upload route (POST /files) takes multipart/form-data instead, and says so.
        const expected = r.upload ? { ...UNSUPPORTED, message: Messages.UPLOAD_MEDIA_TYPE } : UNSUPPORTED;
        if (res.status !== 415 || JSON.stringify(withoutRequestId(res.body)) !== JSON.stringify(expected))
          failures.push(`${r.method.toUpperCase()} ${r.path} ${type}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
    const described = (await request(t.app).get('/api/openapi.json')).body;
    expect(described.paths['/api/business_categories/{id}'].put.responses['415']).toBeDefined();
  });

  test('a body without a Content-Type is 415; JSON types with parameters and +json suffixes are read', async () => {
    const id = (await BusinessCategory.findOne({ where: { name: 'HCTP' } }))!.id;
    await BusinessCategory.update({ description: 'Before the probe' }, { where: { id } });
    const untyped = await rawRequest('PUT', `/api/business_categories/${id}`, '{"description":"Probe"}', { Authorization: `Bearer ${adminToken}` });
    expect(untyped).toEqual({ status: 415, body: UNSUPPORTED_ANSWER });
    expect((await BusinessCategory.findByPk(id))!.description).toBe('Before the probe');

    const charset = await rawRequest('PUT', `/api/business_categories/${id}`, '{"description":"With charset"}', {
      Authorization: `Bearer ${adminToken}`,
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(charset.status).toBe(200);
    expect((await BusinessCategory.findByPk(id))!.description).toBe('With charset');
    const suffixed = await rawRequest('PUT', `/api/business_categories/${id}`, '{"description":"Merge patch"}', {
      Authorization: `Bearer ${adminToken}`,
      'Content-Type': 'application/merge-patch+json',
    });
    expect(suffixed.status).toBe(200);
    expect((await BusinessCategory.findByPk(id))!.description).toBe('Merge patch');
  });

  test('PUT /business_categories/{id} as text/plain changes nothing (the description stays)', async () => {
    const category = (await BusinessCategory.findOne({ where: { name: 'HCTP' } }))!;
    await category.update({ description: 'Health Coach Training Program' });
    const before = (await BusinessCategory.findByPk(category.id, { raw: true }))!;
    const res = await request(t.app).put(`/api/business_categories/${category.id}`).set(bearer(adminToken)).set('Content-Type', 'text/plain').send('{"description":null}');
    expect([res.status, res.body]).toEqual([415, UNSUPPORTED_ANSWER]);
    expect(await BusinessCategory.findByPk(category.id, { raw: true })).toEqual(before);
  });

  test('a card payment of {"amount":1} as text/plain charges nothing', async () => {
    const p = await makeEnrolledPlan(t.deps, { payInFull: true });
    const entry = p.entries[0];
    const res = await request(t.app)
      .post(`/api/students/${p.student.student.id}/payment_schedule/${entry.id}/online_payment`)
      .set(bearer(p.student.token))
      .set('Content-Type', 'text/plain')
      .send('{"amount":1}');
    expect([res.status, res.body]).toEqual([415, UNSUPPORTED_ANSWER]);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
    expect(await GatewayEvent.count({ where: { studentId: p.student.student.id } })).toBe(0);
    expect((await PaymentSchedule.findByPk(entry.id))!.status).toBe('PENDING');
    const plan = (await StudentPaymentPlan.findByPk(p.plan.id))!;
    expect([toCents(plan.totalPaid), plan.paymentClaim]).toEqual([0, null]);
    await expectLedgerConsistent({ planIds: [p.plan.id] });
  });

  test('a route that takes no body refuses a non-JSON one (415) and JSON fields (400); no body or {} is fine', async () => {
    const other = await makeAdmin(t.deps);
    const logout = () => request(t.app).post(`/api/admins/${other.admin.id}/logout`).set(bearer(adminToken));
    expect((await logout().set('Content-Type', 'text/plain').send('now')).status).toBe(415);
    const fields = await logout().send({ everywhere: true });
    expect([fields.status, fields.body.code, fields.body.errors]).toEqual([400, 'VALIDATION_ERROR', { everywhere: Messages.UNKNOWN_FIELD }]);
    expect((await request(t.app).get('/api/auth/me').set(bearer(other.token))).status).toBe(200);
    expect((await logout().send({})).status).toBe(204);
    expect((await request(t.app).get('/api/auth/me').set(bearer(other.token))).status).toBe(401);
    expect((await request(t.app).post(`/api/admins/${other.admin.id}/logout`).set(bearer(adminToken))).status).toBe(204);
  });
});

describe('the client address behind the rate limit', () => {
  const forgot = (app: ReturnType<typeof createApp>, email: string, forwardedFor?: string) => {
    const r = request(app).post('/api/auth/customer/forgot_password');
    return (forwardedFor ? r.set('X-Forwarded-For', forwardedFor) : r).send({ email });
  };

  test('by default a forged X-Forwarded-For does not escape the per-address limit', async () => {
    const limited = createApp({ ...t.deps, config: { ...t.deps.config, AUTH_RATE_LIMIT_PER_MINUTE: 2 } });
    const email = `${unique('nobody')}@example.com`;
    const codes: number[] = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) codes.push((await forgot(limited, email, address)).status);
    expect(codes.slice(2)).toEqual([429, 429]);
  });

  test('with TRUST_PROXY naming the proxy, its X-Forwarded-For is the client address', async () => {
    const behindProxy = createApp({ ...t.deps, config: { ...t.deps.config, AUTH_RATE_LIMIT_PER_MINUTE: 2, TRUST_PROXY: ['loopback'] } });
    const email = `${unique('nobody')}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push((await forgot(behindProxy, email, '203.0.113.9')).status);
    expect(codes.map((c) => c === 429)).toEqual([false, false, true]);
    // Another client behind the same proxy has its own count.
    expect((await forgot(behindProxy, email, '203.0.113.10')).status).not.toBe(429);
  });

  test('TRUST_PROXY is parsed once: off by default, a hop count, or named proxies; believing anyone is refused', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});

describe('access tokens', () => {
  test('a correctly signed token without exp, of another type or with claims of the wrong types is 401; a real one works', async () => {
    const admin = await makeAdmin(t.deps);
    const claims = { typ: 'access', sub: String(admin.user.id), kind: 'ADMIN', aid: admin.admin.id, name: 'Ada', perms: ['*'], iatMs: Date.now() };
    const exp = Math.floor(Date.now() / 1000) + 900;
    // Signed by hand: jsonwebtoken refuses to sign some of these claims, an attacker's tool would not.
    const sign = (payload: Record<string, unknown>, expiry: unknown = exp) => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...payload, iat: Math.floor(Date.now() / 1000), ...(expiry === null ? {} : { exp: expiry }) })}`;
      return `${body}.${crypto.createHmac('sha256', t.deps.config.JWT_SECRET).update(body).digest('base64url')}`;
    };
    const roles = (token: string) => request(t.app).get('/api/roles').set(bearer(token));

    expect((await roles(admin.token)).status).toBe(200);
    expect((await roles(sign(claims))).status).toBe(200);
    const refused: Array<[string, string]> = [
      ['no exp', sign(claims, null)],
      ['exp not a number', sign(claims, String(exp))],
      ['no token type', sign({ ...claims, typ: undefined })],
      ['another token type', sign({ ...claims, typ: 'refresh' })],
      ['permissions as a string', sign({ ...claims, perms: '*' })],
      ['an unknown kind', sign({ ...claims, kind: 'ROOT' })],
      ['a numeric subject', sign({ ...claims, sub: admin.user.id })],
      ['no issue time', sign({ ...claims, iatMs: undefined })],
      ['an issue time as text', sign({ ...claims, iatMs: String(Date.now()) })],
    ];
    const answers = await Promise.all(refused.map(async ([what, token]) => [what, (await roles(token)).status]));
    expect(answers).toEqual(refused.map(([what]) => [what, 401]));
  });
});

describe('caching', () => {
  test('API answers say Cache-Control: no-store: authenticated JSON, errors and token answers', async () => {
    const admin = await makeAdmin(t.deps);
    const me = await request(t.app).get('/api/auth/me').set(bearer(admin.token));
    expect([me.status, me.headers['cache-control']]).toEqual([200, 'no-store']);
    const missing = await request(t.app).get('/api/roles/999999999').set(bearer(admin.token));
    expect([missing.status, missing.headers['cache-control']]).toEqual([404, 'no-store']);
    const signIn = await request(t.app).post('/api/auth/signin/admin').send({ email: admin.email, password: admin.password });
    expect([signIn.status, signIn.headers['cache-control']]).toEqual([200, 'no-store']);
    const unauthenticated = await request(t.app).get('/api/auth/me');
    expect([unauthenticated.status, unauthenticated.headers['cache-control']]).toEqual([401, 'no-store']);
  });
});

describe('a reused refresh token', () => {
  test("ends its family's live access tokens at once; the account's other sessions refresh and go on", async () => {
    const s = await makeStudent(t.deps);
    const auth = (path: string, body: object) => request(t.app).post(`/api/auth${path}`).send(body);
    const me = (token: string) => request(t.app).get('/api/auth/me').set(bearer(token));
    const stolen = await auth('/signin/customer', { email: s.email, password: s.password });
    const elsewhere = await auth('/signin/customer', { email: s.email, password: s.password });
    const rotated = await auth('/signin/refresh_token', { refreshToken: stolen.body.refreshToken });
    expect(rotated.status).toBe(200);
    expect((await me(stolen.body.accessToken)).status).toBe(200);
    expect((await me(rotated.body.accessToken)).status).toBe(200);

    await new Promise((r) => setTimeout(r, 5));
    const reused = await auth('/signin/refresh_token', { refreshToken: stolen.body.refreshToken });
    expect([reused.status, reused.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    expect((await me(stolen.body.accessToken)).status).toBe(401);
    expect((await me(rotated.body.accessToken)).status).toBe(401);
    const family = (await RefreshToken.findOne({ where: { tokenHash: sha256(stolen.body.refreshToken) } }))!.familyId;
    expect(await RefreshToken.count({ where: { familyId: family, revokedAt: { [Op.is]: null } } })).toBe(0);
    expect((await User.findByPk(s.user.id))!.tokensValidAfter).not.toBeNull();
    expect((await auth('/signin/refresh_token', { refreshToken: rotated.body.refreshToken })).status).toBe(401);

    // The other sign-in's family is not revoked: its next refresh gives it a working access token.
    const other = await auth('/signin/refresh_token', { refreshToken: elsewhere.body.refreshToken });
    expect(other.status).toBe(200);
    expect((await me(other.body.accessToken)).status).toBe(200);
  });
});

describe('public account calls answer the same whether or not the account exists', () => {
  const post = (path: string, body: object) => request(t.app).post(`/api/auth${path}`).send(body);

  test('forgot password: 202 and the same body for an account, an unknown email and the other door; only the account gets a link', async () => {
    const s = await makeStudent(t.deps);
    const admin = await makeAdmin(t.deps);
    const ghost = `${unique('ghost')}@example.com`;
    const answers = [
      await post('/customer/forgot_password', { email: s.email }),
      await post('/customer/forgot_password', { email: ghost }),
      await post('/customer/forgot_password', { email: admin.email }),
      await post('/admin/forgot_password', { email: s.email }),
      await post('/admin/forgot_password', { email: ghost }),
    ];
    expect(answers.map((a) => [a.status, a.body])).toEqual(answers.map(() => [202, { message: 'Check your email' }]));
    const mail = await eventually(() => OutboxMessage.findOne({ where: { toAddress: s.email } }));
    expect(mail.templateKey).toBe('PASSWORD_RESET');
    expect(mail.textBody).toContain(`${t.deps.config.PUBLIC_URL}/reset-account-password?token=`);
    await eventually(() => PasswordToken.findOne({ where: { userId: s.user.id, purpose: 'RESET' } }));
    // Give any stray work time to show: nothing for the unknown email or the other door's account.
    await new Promise((r) => setTimeout(r, 100));
    expect(await OutboxMessage.count({ where: { toAddress: [ghost, admin.email] } })).toBe(0);
    expect(await OutboxMessage.count({ where: { toAddress: s.email } })).toBe(1);
    expect(await PasswordToken.count({ where: { userId: admin.user.id } })).toBe(0);
  });

  test('sign-in lockout: five failures lock an unknown email exactly as they lock an account (429 ACCOUNT_LOCKED)', async () => {
    const admin = await makeAdmin(t.deps);
    const ghost = `${unique('ghost')}@example.com`;
    const attempts = async (email: string) => {
      const out: Array<[number, string]> = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await post('/signin/admin', { email, password: 'Wrong1234' });
        out.push([res.status, res.body.code]);
      }
      return out;
    };
    const expected = [...Array(5).fill([401, 'INVALID_CREDENTIALS']), [429, 'ACCOUNT_LOCKED']];
    expect(await attempts(admin.email)).toEqual(expected);
    expect(await attempts(ghost)).toEqual(expected);
    const real = await post('/signin/admin', { email: admin.email, password: admin.password });
    const unknown = await post('/signin/admin', { email: ghost, password: admin.password });
    expect([unknown.status, unknown.body]).toEqual([real.status, { ...real.body, requestId: expect.any(String) }]);
    expect(real.body).toEqual({ status: 429, code: 'ACCOUNT_LOCKED', message: Messages.ACCOUNT_DISABLED, requestId: expect.any(String) });
    // Counted by a hash of door and email, as the account's own row counts: locked for LOCKOUT_MINUTES.
    const row = (await SignInFailure.findOne({ where: { keyHash: sha256(`admin:${ghost}`) } }))!;
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + (t.deps.config.LOCKOUT_MINUTES - 1) * 60_000);
    expect(row.lockedUntil!.getTime() - (await User.findByPk(admin.user.id))!.lockedUntil!.getTime()).toBeLessThan(60_000);
    expect(await SignInFailure.count({ where: { keyHash: sha256(`customer:${ghost}`) } })).toBe(0);
  });

  test('parallel failures for an unknown email are all counted: it ends locked', async () => {
    const ghost = `${unique('ghost')}@example.com`;
    const statuses = await Promise.all(Array.from({ length: 8 }, () => post('/signin/customer', { email: ghost, password: 'Wrong1234' }).then((r) => r.status)));
    expect(statuses.filter((x) => x === 401).length).toBeGreaterThanOrEqual(t.deps.config.LOCKOUT_MAX_FAILURES);
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
    expect((await post('/signin/customer', { email: ghost, password: 'Wrong1234' })).status).toBe(429);
    expect(await SignInFailure.count({ where: { keyHash: sha256(`customer:${ghost}`) } })).toBe(1);
  });

  test("an account's email at the other door is counted there, apart from the account's own lockout", async () => {
    const s = await makeStudent(t.deps);
    // Its own password at the other door is told where to sign in, and is no failure.
    expect((await post('/signin/admin', { email: s.email, password: s.password })).body.code).toBe('WRONG_SIGN_IN');
    for (let i = 0; i < 5; i += 1) expect((await post('/signin/admin', { email: s.email, password: 'Wrong1234' })).status).toBe(401);
    expect((await post('/signin/admin', { email: s.email, password: s.password })).status).toBe(429);
    const user = (await User.findByPk(s.user.id))!;
    expect([user.failedLoginCount, user.lockedUntil]).toEqual([0, null]);
    expect((await post('/signin/customer', { email: s.email, password: s.password })).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  test('the same key with another body or on another call is 409 and charges nothing; the same body gets the first answer', async () => {
    const p = await makeEnrolledPlan(t.deps);
    const studentId = p.student.student.id;
    const key = unique('key');
    const pay = (body: object, token = p.student.token) =>
      request(t.app).post(`/api/students/${studentId}/payment_plans/${p.plan.id}/payments`).set(bearer(token)).set('Idempotency-Key', key).send(body);
    const first = await pay({ type: 'INSTALLMENT', amount: 500 });
    expect(first.status).toBe(201);
    const reused = { status: 409, code: 'IDEMPOTENCY_KEY_REUSED', message: Messages.IDEMPOTENCY_KEY_REUSED, requestId: expect.any(String) };

    const otherBody = await pay({ type: 'PRE_PAY', amount: 1000 });
    expect([otherBody.status, otherBody.body]).toEqual([409, reused]);
    const otherAmount = await pay({ type: 'INSTALLMENT', amount: 501 });
    expect([otherAmount.status, otherAmount.body]).toEqual([409, reused]);
    const otherCall = await request(t.app)
      .post(`/api/students/${studentId}/payment_schedule/${p.entries[1].id}/online_payment`)
      .set(bearer(p.student.token))
      .set('Idempotency-Key', key)
      .send({});
    expect([otherCall.status, otherCall.body]).toEqual([409, reused]);

    // The same request again, by the student or by staff for them: the first answer, nothing charged.
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    const again = await pay({ amount: 500, type: 'INSTALLMENT' }, p.student.token);
    expect([again.status, again.body]).toEqual([201, first.body]);
    // Staff read the same payment in their view: the reference as recorded, not the student's P-{id}.
    const byStaff = await pay({ amount: 500, type: 'INSTALLMENT' }, finance.token);
    expect([byStaff.status, byStaff.body]).toEqual([201, { ...first.body, referenceNumber: null }]);
    const payments = await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id } });
    expect(payments.map((x) => [x.id, x.idempotencyKey, x.idempotencyHash?.length])).toEqual([[first.body.id, `student:${studentId}:${key}`, 64]]);
    expect(await GatewayEvent.count({ where: { studentId } })).toBe(1);
    expect(toCents((await StudentPaymentPlan.findByPk(p.plan.id))!.totalPaid)).toBe(50000);
    expect((await PaymentSchedule.findByPk(p.entries[1].id))!.status).toBe('PENDING');
    await expectLedgerConsistent({ planIds: [p.plan.id] });
  });
});
