import request from 'supertest';
import { OutboxMessage, Role, VerificationCode } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  t = await setupApp();
  root = await makeAdmin(t.deps);
});
afterAll(async () => {
  await t.close();
});

const list = (query: Record<string, unknown> = {}, token = root.token) => request(t.app).get('/api/outbox').query(query).set(bearer(token));

/** Three emails to one unique mailbox, oldest first, each a second apart. */
async function threeEmails() {
  const to = `${unique('outbox.')}@example.com`;
  const base = Date.now() - 60_000;
  const rows = [];
  for (const [i, [subject, status]] of (
    [
      ['Reset your password', 'SENT'],
      ['Your verification code', 'SENT'],
      ['Your installment is due', 'FAILED'],
    ] as const
  ).entries()) {
    rows.push(
      await OutboxMessage.create({
        toAddress: to,
        subject: `Health Coach Institute: ${subject}`,
        textBody: `Body ${i}`,
        htmlBody: i === 2 ? '<p>Body <b>2</b></p>' : null,
        templateKey: `KEY_${i}`,
        status,
        error: status === 'FAILED' ? 'ECONNREFUSED: connect failed' : null,
        sentAt: status === 'SENT' ? new Date(base + i * 1000) : null,
        createdAt: new Date(base + i * 1000),
      }),
    );
  }
  return { to, rows };
}

describe('GET /api/outbox', () => {
  test('newest first, paged, recipient, subject, status and time; the bodies only on the one message', async () => {
    const { to, rows } = await threeEmails();
    const res = await list({ keyword: to, size: 2 });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 3, page: 0, size: 2 });
    expect(res.body.content.map((m: { id: number }) => m.id)).toEqual([rows[2].id, rows[1].id]);
    expect(res.body.content[0]).toEqual({
      id: rows[2].id,
      toAddress: to,
      subject: 'Health Coach Institute: Your installment is due',
      templateKey: 'KEY_2',
      status: 'FAILED',
      error: 'ECONNREFUSED: connect failed',
      sentAt: null,
      createdAt: rows[2].createdAt.toISOString(),
    });
    const second = await list({ keyword: to, size: 2, page: 1 });
    expect(second.body.content.map((m: { id: number }) => m.id)).toEqual([rows[0].id]);

    const one = await request(t.app).get(`/api/outbox/${rows[2].id}`).set(bearer(root.token));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: rows[2].id, toAddress: to, textBody: 'Body 2', htmlBody: '<p>Body <b>2</b></p>' });
  });

  test('the keyword matches the start of the recipient or any word of the subject (every word must match)', async () => {
    const { to, rows } = await threeEmails();
    const local = to.split('@')[0];
    expect((await list({ keyword: local })).body.content.map((m: { id: number }) => m.id)).toEqual([rows[2].id, rows[1].id, rows[0].id]);
    expect((await list({ keyword: `${local} verification` })).body.content.map((m: { id: number }) => m.id)).toEqual([rows[1].id]);
    expect((await list({ keyword: `${local} PASSWORD` })).body.content.map((m: { id: number }) => m.id)).toEqual([rows[0].id]);
    expect((await list({ keyword: `${local} nothing-like-this` })).body).toEqual({ content: [], pagination: { total: 0, page: 0, size: 10 } });
    // Not the middle of an address: 'example.com' alone is no recipient's start.
    expect((await list({ keyword: `example.com ${local.slice(3)}` })).body.content).toEqual([]);
  });

  test('the get-started code a newcomer is emailed is readable here when no mail server is set up', async () => {
    const email = `${unique('newcomer.')}@example.com`;
    const started = await request(t.app).post('/api/auth/customer/get_started').send({
      email,
      firstName: 'Nia',
      lastName: 'Okafor',
      languageIso2LetterCode: 'EN',
      password: 'Start1234',
      passwordConfirmation: 'Start1234',
    });
    expect(started.status).toBe(202);
    const found = await list({ keyword: email });
    expect(found.body.content).toHaveLength(1);
    expect(found.body.content[0]).toMatchObject({ toAddress: email, subject: 'Health Coach Institute: your verification code', status: 'SENT', templateKey: 'VERIFICATION_CODE' });
    const message = await request(t.app).get(`/api/outbox/${found.body.content[0].id}`).set(bearer(root.token));
    const code = /verification code is (\d{6})/.exec(message.body.textBody)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code read here is the one the server keeps (hashed): it signs the newcomer in.
    const verified = await request(t.app).post('/api/auth/customer/verify_code').send({ email, code });
    expect(verified.status).toBe(201);
    expect(await VerificationCode.count({ where: { email, usedAt: null } })).toBe(0);
  });

  test('only outbox:read (SUPER_ADMIN, or a role given it): 403 for the seeded staff roles and for students; 401 without a token', async () => {
    const { to } = await threeEmails();
    for (const role of ['FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT']) {
      const staff = await makeAdmin(t.deps, { roles: [role] });
      expect({ role, status: (await list({ keyword: to }, staff.token)).status }).toEqual({ role, status: 403 });
    }
    const student = await makeStudent(t.deps);
    expect((await list({}, student.token)).status).toBe(403);
    expect((await request(t.app).get('/api/outbox')).status).toBe(401);
    const name = unique('ROLE_');
    await Role.create({ name, description: 'Reads the outbox', permissions: ['outbox:read'], system: false, updatedById: null, updatedByName: null });
    const reader = await makeAdmin(t.deps, { roles: [name] });
    expect((await list({ keyword: to }, reader.token)).body.content).toHaveLength(3);
  });

  test('400 for an unknown sortBy or query key; 404 for a missing message', async () => {
    const bad = await list({ sortBy: 'subject' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await list({ secret: 'x' })).status).toBe(400);
    expect((await request(t.app).get('/api/outbox/99999999').set(bearer(root.token))).status).toBe(404);
  });
});
