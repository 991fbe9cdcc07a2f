import crypto from 'node:crypto';
import request from 'supertest';
import { Op } from 'sequelize';
import { ActivityLog, OutboxMessage, PasswordToken, RefreshToken, Student, User, VerificationCode } from '../../models';
import { Messages } from '../../models/messages';
import { fromCloudFrontBase64 } from '../../api/auth/cdn';
import { issuePasswordToken } from '../../api/auth/accounts';
import { sha256 } from '../../api/common/tokens';
import { createApp } from '../../api/app';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const post = (path: string, body: unknown) =>
  request(t.app)
    .post(`/api/auth${path}`)
    .send(body as object);

/** The newest email sent to an address (waiting a little: a reset link is sent just after the answer). */
async function lastMail(to: string) {
  for (let waited = 0; ; waited += 20) {
    const mail = await OutboxMessage.findOne({ where: { toAddress: to }, order: [['id', 'DESC']] });
    if (mail) return mail;
    if (waited > 5000) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const tokenIn = (text: string) => /[?&]token=([^\s&]+)/.exec(text)?.[1] ?? '';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('POST /api/auth/signin/admin', () => {
  test('signs in: tokens work, administrator and verifiable CDN credentials answered, sign-in stamped', async () => {
    const admin = await makeAdmin(t.deps, { firstName: 'Grace' });
    const res = await post('/signin/admin', { email: admin.email.toUpperCase(), password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      expiresIn: t.deps.config.ACCESS_TOKEN_TTL_SECONDS,
      administrator: { id: admin.admin.id, email: admin.email, firstName: 'Grace', roles: ['SUPER_ADMIN'], permissions: ['*'] },
      cdn: { keyPairId: t.deps.config.CDN_KEY_PAIR_ID },
    });
    expect(typeof res.body.refreshToken).toBe('string');
    expect((await request(t.app).get('/api/roles').set(bearer(res.body.accessToken))).status).toBe(200);

    const { policy, signature } = res.body.cdn;
    expect(policy).not.toMatch(/[+=/]/);
    expect(signature).not.toMatch(/[+=/]/);
    const policyJson = fromCloudFrontBase64(policy);
    const parsed = JSON.parse(policyJson.toString('utf8'));
    expect(parsed.Statement[0].Resource).toBe(t.deps.config.CDN_RESOURCE);
    expect(parsed.Statement[0].Condition.DateLessThan['AWS:EpochTime']).toBeGreaterThan(Date.now() / 1000);
    const publicKey = crypto.createPublicKey(t.deps.cdnPrivateKey);
    expect(crypto.createVerify('RSA-SHA1').update(policyJson).verify(publicKey, fromCloudFrontBase64(signature))).toBe(true);

    const user = await User.findByPk(admin.user.id);
    expect(user!.lastLoginAt).not.toBeNull();
    expect(user!.lastActivityAt).not.toBeNull();
    const stored = await RefreshToken.findOne({ where: { tokenHash: sha256(res.body.refreshToken) } });
    expect(stored).toMatchObject({ userId: admin.user.id, usedAt: null, revokedAt: null });
    expect(await ActivityLog.count({ where: { entityType: 'USER', entityId: admin.user.id, type: 'SIGNED_IN', category: 'SECURITY' } })).toBe(1);
  });

  test('a wrong password is 401 INVALID_CREDENTIALS and counts a failure; an unknown email the same 401', async () => {
    const admin = await makeAdmin(t.deps);
    const res = await post('/signin/admin', { email: admin.email, password: 'Wrong1234' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: Messages.LOGIN_FAILED });
    const user = await User.findByPk(admin.user.id);
    expect(user!.failedLoginCount).toBe(1);
    expect(user!.firstFailedLoginAt).not.toBeNull();
    expect(await RefreshToken.count({ where: { userId: admin.user.id } })).toBe(0);

    const unknown = await post('/signin/admin', { email: `${unique('nobody')}@example.com`, password: 'Whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: Messages.LOGIN_FAILED });
  });

  test('five failures lock the account: 429 even with the right password; success after the lock resets counters', async () => {
    const admin = await makeAdmin(t.deps);
    for (let i = 0; i < 5; i += 1) expect((await post('/signin/admin', { email: admin.email, password: 'Wrong1234' })).status).toBe(401);
    const locked = await post('/signin/admin', { email: admin.email, password: admin.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: Messages.ACCOUNT_DISABLED });
    const user = await User.findByPk(admin.user.id);
    expect(user!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + (t.deps.config.LOCKOUT_MINUTES - 1) * 60_000);

    await User.update({ lockedUntil: new Date(Date.now() - 1000), failedLoginCount: 3, firstFailedLoginAt: new Date() }, { where: { id: admin.user.id } });
    expect((await post('/signin/admin', { email: admin.email, password: admin.password })).status).toBe(200);
    const after = await User.findByPk(admin.user.id);
    expect(after).toMatchObject({ failedLoginCount: 0, firstFailedLoginAt: null, lockedUntil: null });
  });

  test('failures older than the window start a new count', async () => {
    const admin = await makeAdmin(t.deps);
    const old = new Date(Date.now() - (t.deps.config.LOCKOUT_WINDOW_MINUTES + 1) * 60_000);
    await User.update({ failedLoginCount: 4, firstFailedLoginAt: old }, { where: { id: admin.user.id } });
    expect((await post('/signin/admin', { email: admin.email, password: 'Wrong1234' })).status).toBe(401);
    const user = await User.findByPk(admin.user.id);
    expect(user).toMatchObject({ failedLoginCount: 1, lockedUntil: null });
  });

  test('an inactive account is 403 ACCOUNT_DISABLED and gets no session', async () => {
    const admin = await makeAdmin(t.deps);
    await User.update({ active: false }, { where: { id: admin.user.id } });
    const res = await post('/signin/admin', { email: admin.email, password: admin.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_DISABLED', message: Messages.ACCOUNT_DISABLED });
    expect(await RefreshToken.count({ where: { userId: admin.user.id } })).toBe(0);
  });

  test('bad bodies are 400 with field errors', async () => {
    const missing = await post('/signin/admin', { password: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_ERROR');
    expect(missing.body.errors).toEqual({ email: Messages.REQUIRED });
    const bad = await post('/signin/admin', { email: 'not-an-email', password: 'x', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: Messages.EMAIL_FORMAT, extra: Messages.UNKNOWN_FIELD });
  });

  test('a coach with the right password is told the console is for staff (403 WRONG_SIGN_IN, no verification code) and no session opens', async () => {
    const coach = await makeStudent(t.deps, { kind: 'COACH' });
    const res = await post('/signin/admin', { email: coach.email, password: coach.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, code: 'WRONG_SIGN_IN', message: Messages.CONSOLE_STAFF_ONLY, requestId: expect.any(String) });
    expect(res.body.message).not.toMatch(/verification/i);
    expect((await User.findByPk(coach.user.id))!.lastLoginAt).toBeNull();
    expect(await RefreshToken.count({ where: { userId: coach.user.id } })).toBe(0);
  });

  test('a student with the right password gets the same answer; with a wrong one, the 401 of an unknown email', async () => {
    const student = await makeStudent(t.deps);
    const right = await post('/signin/admin', { email: student.email, password: student.password });
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 'WRONG_SIGN_IN', message: Messages.CONSOLE_STAFF_ONLY });
    const wrong = await post('/signin/admin', { email: student.email, password: 'Wrong1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: Messages.LOGIN_FAILED });
    expect((await User.findByPk(student.user.id))!.lastLoginAt).toBeNull();
    expect(await RefreshToken.count({ where: { userId: student.user.id } })).toBe(0);
  });
});

describe('POST /api/auth/signin/customer', () => {
  test('a student signs in and gets the student profile, no coach', async () => {
    const s = await makeStudent(t.deps, { firstName: 'Maya', languageIso2LetterCode: 'ES' });
    const res = await post('/signin/customer', { email: s.email, password: s.password });
    expect(res.status).toBe(200);
    expect(res.body.student).toMatchObject({
      id: s.student.id,
      user: { id: s.user.id, email: s.email },
      personalInfo: { firstName: 'Maya', lastName: s.student.lastName },
      languageIso2LetterCode: 'ES',
    });
    expect(res.body.coach).toBeUndefined();
    expect(res.body.administrator).toBeUndefined();
    expect(res.body.cdn.signature).toMatch(/^[A-Za-z0-9~_-]{300,}$/);
    expect((await User.findByPk(s.user.id))!.lastLoginAt).not.toBeNull();
  });

  test('a coach signs in and gets coach as well', async () => {
    const c = await makeStudent(t.deps, { kind: 'COACH' });
    const res = await post('/signin/customer', { email: c.email, password: c.password });
    expect(res.status).toBe(200);
    expect(res.body.student.id).toBe(c.student.id);
    expect(res.body.coach).toEqual({ id: c.coach!.id });
  });

  test('an administrator with the right password is told staff sign in at the console (403 WRONG_SIGN_IN) and no session opens', async () => {
    const admin = await makeAdmin(t.deps);
    const res = await post('/signin/customer', { email: admin.email, password: admin.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, code: 'WRONG_SIGN_IN', message: Messages.PORTAL_STUDENTS_ONLY, requestId: expect.any(String) });
    expect(await RefreshToken.count({ where: { userId: admin.user.id } })).toBe(0);
    expect((await User.findByPk(admin.user.id))!.lastLoginAt).toBeNull();
  });

  test('an administrator with a wrong password gets the 401 of an unknown email', async () => {
    const admin = await makeAdmin(t.deps);
    const res = await post('/signin/customer', { email: admin.email, password: 'Wrong1234' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: Messages.LOGIN_FAILED });
    expect(await RefreshToken.count({ where: { userId: admin.user.id } })).toBe(0);
  });
});

describe('POST /api/auth/signin/refresh_token', () => {
  test('rotates: the new pair works; reusing the old token is 401 and revokes the whole family', async () => {
    const admin = await makeAdmin(t.deps);
    const first = await post('/signin/admin', { email: admin.email, password: admin.password });
    const rotated = await post('/signin/refresh_token', { refreshToken: first.body.refreshToken });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
    expect(rotated.body.refreshToken).not.toBe(first.body.refreshToken);
    expect((await request(t.app).get('/api/roles').set(bearer(rotated.body.accessToken))).status).toBe(200);

    const oldRow = await RefreshToken.findOne({ where: { tokenHash: sha256(first.body.refreshToken) } });
    const newRow = await RefreshToken.findOne({ where: { tokenHash: sha256(rotated.body.refreshToken) } });
    expect(oldRow!.usedAt).not.toBeNull();
    expect(newRow).toMatchObject({ familyId: oldRow!.familyId, usedAt: null, revokedAt: null });

    const reused = await post('/signin/refresh_token', { refreshToken: first.body.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'SESSION_EXPIRED', message: Messages.SESSION_EXPIRED });
    expect((await RefreshToken.findByPk(newRow!.id))!.revokedAt).not.toBeNull();
    expect((await post('/signin/refresh_token', { refreshToken: rotated.body.refreshToken })).status).toBe(401);
  });

  test('two concurrent rotations of one token: exactly one wins, and the family ends revoked', async () => {
    const s = await makeStudent(t.deps);
    const signedIn = await post('/signin/customer', { email: s.email, password: s.password });
    const results = await Promise.all([1, 2, 3].map(() => post('/signin/refresh_token', { refreshToken: signedIn.body.refreshToken })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    const family = (await RefreshToken.findOne({ where: { tokenHash: sha256(signedIn.body.refreshToken) } }))!.familyId;
    expect(await RefreshToken.count({ where: { familyId: family, revokedAt: { [Op.is]: null } } })).toBe(0);
  });

  test('unknown and expired tokens are 401 SESSION_EXPIRED', async () => {
    const unknown = await post('/signin/refresh_token', { refreshToken: 'no-such-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('SESSION_EXPIRED');

    const s = await makeStudent(t.deps);
    const signedIn = await post('/signin/customer', { email: s.email, password: s.password });
    await RefreshToken.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { tokenHash: sha256(signedIn.body.refreshToken) } });
    const expired = await post('/signin/refresh_token', { refreshToken: signedIn.body.refreshToken });
    expect(expired.status).toBe(401);
    expect((await RefreshToken.findOne({ where: { tokenHash: sha256(signedIn.body.refreshToken) } }))!.usedAt).toBeNull();
  });

  test('a deactivated account cannot refresh', async () => {
    const s = await makeStudent(t.deps);
    const signedIn = await post('/signin/customer', { email: s.email, password: s.password });
    await User.update({ active: false }, { where: { id: s.user.id } });
    expect((await post('/signin/refresh_token', { refreshToken: signedIn.body.refreshToken })).status).toBe(401);
    expect(await RefreshToken.count({ where: { userId: s.user.id } })).toBe(1);
  });
});

describe('POST /api/auth/logout and GET /api/auth/me', () => {
  test('me answers the profile; logout is 204, then the access token and the refresh token are dead', async () => {
    const admin = await makeAdmin(t.deps);
    const signedIn = await post('/signin/admin', { email: admin.email, password: admin.password });
    const me = await request(t.app).get('/api/auth/me').set(bearer(signedIn.body.accessToken));
    expect(me.status).toBe(200);
    expect(me.body.administrator).toMatchObject({ id: admin.admin.id, email: admin.email, roles: ['SUPER_ADMIN'] });

    await new Promise((r) => setTimeout(r, 5));
    const out = await request(t.app).post('/api/auth/logout').set(bearer(signedIn.body.accessToken));
    expect(out.status).toBe(204);
    expect((await request(t.app).get('/api/auth/me').set(bearer(signedIn.body.accessToken))).status).toBe(401);
    expect((await post('/signin/refresh_token', { refreshToken: signedIn.body.refreshToken })).status).toBe(401);
    expect(await RefreshToken.count({ where: { userId: admin.user.id, revokedAt: { [Op.is]: null } } })).toBe(0);
    expect((await User.findByPk(admin.user.id))!.tokensValidAfter).not.toBeNull();
    expect(await ActivityLog.count({ where: { entityId: admin.user.id, entityType: 'USER', type: 'LOGGED_OUT' } })).toBe(1);
  });

  test('me answers student and coach for a coach', async () => {
    const c = await makeStudent(t.deps, { kind: 'COACH' });
    const me = await request(t.app).get('/api/auth/me').set(bearer(c.token));
    expect(me.status).toBe(200);
    expect(me.body.student.id).toBe(c.student.id);
    expect(me.body.coach).toEqual({ id: c.coach!.id });
  });

  test('without a token me and logout are 401', async () => {
    expect((await request(t.app).get('/api/auth/me')).status).toBe(401);
    expect((await request(t.app).post('/api/auth/logout')).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  test('forgot emails a link; bad resets are 400; a reset works once and replaces the password', async () => {
    const s = await makeStudent(t.deps);
    const forgot = await post('/customer/forgot_password', { email: s.email });
    expect(forgot.status).toBe(202);
    expect(forgot.body).toEqual({ message: 'Check your email' });
    expect(JSON.stringify(forgot.body)).not.toMatch(/token/i);
    const mail = await lastMail(s.email);
    expect(mail.templateKey).toBe('PASSWORD_RESET');
    expect(mail.textBody).toContain(`${t.deps.config.PUBLIC_URL}/reset-account-password?token=`);
    const token = decodeURIComponent(tokenIn(mail.textBody));
    expect(await PasswordToken.count({ where: { userId: s.user.id, purpose: 'RESET', tokenHash: sha256(token), usedAt: null } })).toBe(1);

    const mismatch = await post('/customer/reset_password', { token, password: 'NewPassw0rd', passwordConfirmation: 'NewPassw0rx' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ passwordConfirmation: Messages.CONFIRMATION_MISMATCH });
    const weak = await post('/customer/reset_password', { token, password: 'weakpass', passwordConfirmation: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toBe(Messages.STRONG_PASSWORD);

    const ok = await post('/customer/reset_password', { token, password: 'NewPassw0rd', passwordConfirmation: 'NewPassw0rd' });
    expect(ok.status).toBe(204);
    expect((await PasswordToken.findOne({ where: { tokenHash: sha256(token) } }))!.usedAt).not.toBeNull();
    expect(await ActivityLog.count({ where: { entityId: s.user.id, entityType: 'USER', type: 'PASSWORD_RESET' } })).toBe(1);
    expect((await post('/signin/customer', { email: s.email, password: s.password })).status).toBe(401);
    expect((await post('/signin/customer', { email: s.email, password: 'NewPassw0rd' })).status).toBe(200);

    const again = await post('/customer/reset_password', { token, password: 'Other1234', passwordConfirmation: 'Other1234' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'RESET_FORM_EXPIRED', message: Messages.RESET_FORM_EXPIRED });
  });

  test('admin forgot uses the console link; a customer email there and an unknown email get the same 202 and no email', async () => {
    const admin = await makeAdmin(t.deps);
    expect((await post('/admin/forgot_password', { email: admin.email })).status).toBe(202);
    const mail = await lastMail(admin.email);
    expect(mail.textBody).toContain(`${t.deps.config.PUBLIC_URL}/admin/reset-account-password?token=`);

    const s = await makeStudent(t.deps);
    const wrongDoor = await post('/admin/forgot_password', { email: s.email });
    expect([wrongDoor.status, wrongDoor.body]).toEqual([202, { message: 'Check your email' }]);
    const ghost = `${unique('ghost')}@example.com`;
    const unknown = await post('/customer/forgot_password', { email: ghost });
    expect([unknown.status, unknown.body]).toEqual([202, { message: 'Check your email' }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await OutboxMessage.count({ where: { toAddress: [s.email, ghost] } })).toBe(0);
    expect(await PasswordToken.count({ where: { userId: s.user.id } })).toBe(0);
  });

  test('an invitation link sets the first password and verifies the email', async () => {
    const admin = await makeAdmin(t.deps);
    await User.update({ emailVerifiedAt: null, passwordHash: null }, { where: { id: admin.user.id } });
    const token = await issuePasswordToken(admin.user.id, 'INVITE', 60);
    const res = await post('/admin/reset_password', { token, password: 'Welcome123', passwordConfirmation: 'Welcome123' });
    expect(res.status).toBe(204);
    expect((await User.findByPk(admin.user.id))!.emailVerifiedAt).not.toBeNull();
    expect((await post('/signin/admin', { email: admin.email, password: 'Welcome123' })).status).toBe(200);
  });

  test('a reset link used at the other door is refused and stays usable', async () => {
    const s = await makeStudent(t.deps);
    const token = await issuePasswordToken(s.user.id, 'RESET', 60);
    const refused = await post('/admin/reset_password', { token, password: 'NewPassw0rd', passwordConfirmation: 'NewPassw0rd' });
    expect(refused.status).toBe(409);
    expect((await PasswordToken.findOne({ where: { tokenHash: sha256(token) } }))!.usedAt).toBeNull();
  });
});

describe('get started (portal sign-up)', () => {
  test('code emailed; a wrong code is 409 and counted; the right one creates a signed-in customer', async () => {
    const email = `${unique('newbie')}@example.com`;
    const started = await post('/customer/get_started', {
      email,
      firstName: 'Nora',
      lastName: 'Quinn',
      languageIso2LetterCode: 'EN',
      programTrack: 'HCTP',
      startDate: '09-01-2030',
      password: 'Start1234',
      passwordConfirmation: 'Start1234',
    });
    expect(started.status).toBe(202);
    expect(started.body.email).toBe(email);
    expect(new Date(started.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const mail = await lastMail(email);
    expect(mail.templateKey).toBe('VERIFICATION_CODE');
    const code = codeIn(mail.textBody);
    expect(code).toMatch(/^\d{6}$/);
    const pending = await VerificationCode.findOne({ where: { email }, order: [['id', 'DESC']] });
    expect(pending!.payload).not.toContain('Start1234');
    expect(JSON.parse(pending!.payload)).toMatchObject({ firstName: 'Nora', programTrack: 'HCTP', startDate: '2030-09-01' });
    expect(await User.count({ where: { email } })).toBe(0);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/customer/verify_code', { email, code: wrongCode });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: 'VERIFICATION_CODE_INCORRECT', message: Messages.VERIFICATION_CODE_INCORRECT });
    expect((await VerificationCode.findByPk(pending!.id))!.attempts).toBe(1);

    const ok = await post('/customer/verify_code', { email, code });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ student: { user: { email }, personalInfo: { firstName: 'Nora', lastName: 'Quinn' }, languageIso2LetterCode: 'EN' } });
    expect(ok.body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(ok.body.refreshToken).toMatch(/^[\w-]{40,}$/);
    const user = await User.findOne({ where: { email } });
    expect(user).toMatchObject({ kind: 'STUDENT', active: true });
    expect(user!.emailVerifiedAt).not.toBeNull();
    const student = await Student.findOne({ where: { userId: user!.id } });
    expect(student).toMatchObject({ isStudent: false, firstName: 'Nora', lastName: 'Quinn', email });
    const used = await VerificationCode.findByPk(pending!.id);
    expect(used!.usedAt).not.toBeNull();
    expect(JSON.parse(used!.payload).passwordHash).toBeNull();
    expect((await request(t.app).get('/api/auth/me').set(bearer(ok.body.accessToken))).body.student.id).toBe(student!.id);
    expect((await post('/signin/customer', { email, password: 'Start1234' })).status).toBe(200);

    expect((await post('/customer/verify_code', { email, code })).status).toBe(409);
  });

  test('five wrong codes void the code; resend issues a new one that works', async () => {
    const email = `${unique('retry')}@example.com`;
    await post('/customer/get_started', { email, firstName: 'Ravi', lastName: 'Shah', languageIso2LetterCode: 'ES', password: 'Start1234', passwordConfirmation: 'Start1234' });
    const code = codeIn((await lastMail(email)).textBody);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await post('/customer/verify_code', { email, code: wrongCode })).status).toBe(409);
    expect((await post('/customer/verify_code', { email, code })).status).toBe(409);
    expect(await User.count({ where: { email } })).toBe(0);

    expect((await post('/customer/resend_code', { email })).status).toBe(202);
    const fresh = codeIn((await lastMail(email)).textBody);
    const ok = await post('/customer/verify_code', { email, code: fresh });
    expect(ok.status).toBe(201);
    expect(ok.body.student.languageIso2LetterCode).toBe('ES');
  });

  test('parallel guesses cannot exceed five attempts on one code', async () => {
    const email = `${unique('burst')}@example.com`;
    await post('/customer/get_started', { email, firstName: 'Ivy', lastName: 'Park', languageIso2LetterCode: 'EN', password: 'Start1234', passwordConfirmation: 'Start1234' });
    const code = codeIn((await lastMail(email)).textBody);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(Array.from({ length: 8 }, () => post('/customer/verify_code', { email, code: wrongCode })));
    expect(results.every((r) => r.status === 409)).toBe(true);
    expect((await VerificationCode.findOne({ where: { email }, order: [['id', 'DESC']] }))!.attempts).toBe(5);
    expect((await post('/customer/verify_code', { email, code })).status).toBe(409);
  });

  test("the program track is one a prospective student may pick: the portal's tracks are kept; internal ones are 400 and nothing is kept", async () => {
    for (const programTrack of ['HCTP', 'SPECIALTY', 'CHOPRA_MASTERY', 'CHOPRA_ENRICHMENT_FOUNDATION', 'SAMPLE_CLASS']) {
      const email = `${unique('track')}@example.com`;
      const started = await post('/customer/get_started', {
        email,
        firstName: 'Tara',
        lastName: 'Moss',
        languageIso2LetterCode: 'EN',
        programTrack,
        password: 'Start1234',
        passwordConfirmation: 'Start1234',
      });
      expect([programTrack, started.status]).toEqual([programTrack, 202]);
      const pending = await VerificationCode.findOne({ where: { email }, order: [['id', 'DESC']] });
      expect(JSON.parse(pending!.payload).programTrack).toBe(programTrack);
    }
    for (const programTrack of ['COURSE_MIGRATION', 'SELLING_GUIDES', 'HCTP_ALUMNI', 'ADVANCED', 'POST_GRAD_MATERIALS', 'CIP']) {
      const email = `${unique('internal')}@example.com`;
      const refused = await post('/customer/get_started', {
        email,
        firstName: 'Tara',
        lastName: 'Moss',
        languageIso2LetterCode: 'EN',
        programTrack,
        password: 'Start1234',
        passwordConfirmation: 'Start1234',
      });
      expect([programTrack, refused.status, refused.body.code, refused.body.errors]).toEqual([programTrack, 400, 'VALIDATION_ERROR', { programTrack: Messages.INVALID_VALUE }]);
      expect(await VerificationCode.count({ where: { email } })).toBe(0);
      expect(await OutboxMessage.count({ where: { toAddress: email } })).toBe(0);
    }
  });

  test('a taken email answers as a new one: no code, its owner is emailed how to sign in (in the chosen language); resend the same; bad bodies 400', async () => {
    const s = await makeStudent(t.deps);
    const fresh = `${unique('fresh')}@example.com`;
    const body = (email: string) => ({ email, firstName: 'Ann', lastName: 'Lee', languageIso2LetterCode: 'ES', password: 'Start1234', passwordConfirmation: 'Start1234' });
    const taken = await post('/customer/get_started', body(s.email));
    const free = await post('/customer/get_started', body(fresh));
    expect([taken.status, free.status]).toEqual([202, 202]);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(taken.body.email).toBe(s.email);
    expect(await VerificationCode.count({ where: { email: s.email } })).toBe(0);
    const told = await OutboxMessage.findAll({ where: { toAddress: s.email } });
    expect(told.map((m) => m.templateKey)).toEqual(['ACCOUNT_EXISTS']);
    expect(told[0].subject).toMatch(/ya tiene una cuenta/);
    expect(told[0].textBody).toContain('/forgot-password');
    expect(told[0].textBody).not.toMatch(/\d{6}/);
    // The code's verification cannot succeed for the taken address: there is no code.
    expect((await post('/customer/verify_code', { email: s.email, code: '123456' })).status).toBe(409);

    // Resend: the owner is told again; an address with neither an account nor a sign-up gets nothing; the answers look alike.
    const resentTaken = await post('/customer/resend_code', { email: s.email });
    const nobody = `${unique('none')}@example.com`;
    const resentNobody = await post('/customer/resend_code', { email: nobody });
    expect([resentTaken.status, resentNobody.status]).toEqual([202, 202]);
    expect(Object.keys(resentTaken.body).sort()).toEqual(Object.keys(resentNobody.body).sort());
    expect(await OutboxMessage.count({ where: { toAddress: s.email, templateKey: 'ACCOUNT_EXISTS' } })).toBe(2);
    expect(await OutboxMessage.count({ where: { toAddress: nobody } })).toBe(0);

    const bad = await post('/customer/get_started', {
      email: 'x',
      firstName: 'A',
      lastName: 'Lee',
      languageIso2LetterCode: 'FR',
      programTrack: 'NOPE',
      password: 'short',
      passwordConfirmation: 'other',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: Messages.EMAIL_FORMAT,
      firstName: Messages.ONE_WORD,
      languageIso2LetterCode: Messages.INVALID_VALUE,
      programTrack: Messages.INVALID_VALUE,
      password: Messages.STRONG_PASSWORD,
    });
  });
});

describe('rate limit on the public account calls', () => {
  test('past the per-minute limit one client gets 429 TOO_MANY_ATTEMPTS; nothing is emailed', async () => {
    const limited = createApp({ ...t.deps, config: { ...t.deps.config, AUTH_RATE_LIMIT_PER_MINUTE: 2 } });
    const email = `${unique('nobody')}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push((await request(limited).post('/api/auth/customer/forgot_password').send({ email })).status);
    expect(codes).toEqual([202, 202, 429]);
    const signIn = await request(limited).post('/api/auth/signin/admin').send({ email, password: 'Wrong1234' });
    expect(signIn.status).toBe(401);
    expect(await OutboxMessage.count({ where: { toAddress: email } })).toBe(0);
  });
});
