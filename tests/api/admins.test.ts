import request from 'supertest';
import { ActivityLog, Administrator, AdministratorRole, OutboxMessage, PasswordToken, RefreshToken, Role, User } from '../../models';
import { sha256 } from '../../api/common/tokens';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const rolesOf = async (administratorId: number) => {
  const rows = await AdministratorRole.findAll({ where: { administratorId }, raw: true });
  const roles = await Role.findAll({ where: { id: rows.map((r) => r.roleId) }, raw: true });
  return roles.map((r) => r.name).sort();
};

/** A live sign-in for the session status: an unexpired, unrevoked refresh token. */
const signIn = (userId: number) =>
  RefreshToken.create({
    userId,
    familyId: unique('fam').slice(0, 36),
    tokenHash: sha256(unique('rt')),
    expiresAt: new Date(Date.now() + 86_400_000),
    usedAt: null,
    revokedAt: null,
    ip: null,
    userAgent: null,
  });

describe('GET /api/admins', () => {
  test('the keyword finds administrators by email prefix, with roles and session status', async () => {
    const { token } = await makeAdmin(t.deps);
    const prefix = unique('kw');
    const target = await makeAdmin(t.deps, { roles: ['FINANCE'], email: `${prefix}@example.com` });
    const res = await request(t.app).get(`/api/admins?keyword=${prefix}`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 1, page: 0, size: 10 });
    expect(res.body.content).toEqual([
      expect.objectContaining({ id: target.admin.id, userId: target.user.id, email: target.email, roles: ['FINANCE'], status: 'INACTIVE', active: true, lastLoginAt: null }),
    ]);
  });

  test('status is INACTIVE without a sign-in, ACTIVE with one and recent activity, IDLE with one and none', async () => {
    const { token } = await makeAdmin(t.deps);
    const lastName = unique('Status');
    const inactive = await makeAdmin(t.deps, { lastName, firstName: 'Ina' });
    const active = await makeAdmin(t.deps, { lastName, firstName: 'Act' });
    const idle = await makeAdmin(t.deps, { lastName, firstName: 'Idl' });
    await signIn(active.user.id);
    await User.update({ lastActivityAt: new Date() }, { where: { id: active.user.id } });
    await signIn(idle.user.id);
    await User.update({ lastActivityAt: new Date(Date.now() - 60 * 60_000) }, { where: { id: idle.user.id } });
    const res = await request(t.app).get(`/api/admins?keyword=${lastName}&sortBy=FIRST_NAME`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.content.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [active.admin.id, 'ACTIVE'],
      [idle.admin.id, 'IDLE'],
      [inactive.admin.id, 'INACTIVE'],
    ]);
  });

  test('sorts by LAST_NAME, descending on request', async () => {
    const { token } = await makeAdmin(t.deps);
    const first = unique('Sortfirst');
    const a = await makeAdmin(t.deps, { firstName: first, lastName: 'Alpha' });
    const b = await makeAdmin(t.deps, { firstName: first, lastName: 'Bravo' });
    const asc = await request(t.app).get(`/api/admins?keyword=${first}&sortBy=LAST_NAME`).set(bearer(token));
    expect(asc.body.content.map((x: { id: number }) => x.id)).toEqual([a.admin.id, b.admin.id]);
    const desc = await request(t.app).get(`/api/admins?keyword=${first}&sortBy=LAST_NAME&descending=true`).set(bearer(token));
    expect(desc.body.content.map((x: { id: number }) => x.id)).toEqual([b.admin.id, a.admin.id]);
  });

  test('an unknown sortBy is 400; an oversize page is capped at 1000; deleted administrators are hidden', async () => {
    const { token } = await makeAdmin(t.deps);
    const bad = await request(t.app).get('/api/admins?sortBy=passwordHash').set(bearer(token));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sortBy).toBeDefined();
    const prefix = unique('gone');
    const gone = await makeAdmin(t.deps, { email: `${prefix}@example.com` });
    await gone.admin.destroy();
    const big = await request(t.app).get(`/api/admins?size=5000&keyword=${prefix}`).set(bearer(token));
    expect(big.status).toBe(200);
    expect(big.body.pagination).toEqual({ total: 0, page: 0, size: 1000 });
  });

  test('without a token 401; a student 403; SUPPORT may read', async () => {
    expect((await request(t.app).get('/api/admins')).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await request(t.app).get('/api/admins').set(bearer(student.token))).status).toBe(403);
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    expect((await request(t.app).get('/api/admins').set(bearer(finance.token))).status).toBe(403);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await request(t.app).get('/api/admins').set(bearer(support.token))).status).toBe(200);
  });
});

describe('POST /api/admins/find_by_criteria', () => {
  test('filters by roles, name and email prefix together', async () => {
    const { token } = await makeAdmin(t.deps);
    const lastName = unique('Crit');
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'], lastName, email: `${unique('fin')}@example.com` });
    await makeAdmin(t.deps, { roles: ['SUPPORT'], lastName });
    const academic = await makeAdmin(t.deps, { roles: ['ACADEMIC', 'SUPPORT'], lastName });
    const res = await request(t.app)
      .post('/api/admins/find_by_criteria?sortBy=id')
      .set(bearer(token))
      .send({ name: lastName, roles: ['FINANCE', 'ACADEMIC'], email: '', ids: [] });
    expect(res.status).toBe(200);
    expect(res.body.content.map((a: { id: number }) => a.id)).toEqual([finance.admin.id, academic.admin.id]);
    expect(res.body.content[1].roles).toEqual(['ACADEMIC', 'SUPPORT']);
    const byEmail = await request(t.app)
      .post('/api/admins/find_by_criteria')
      .set(bearer(token))
      .send({ email: finance.email.split('@')[0], ids: [finance.admin.id, academic.admin.id] });
    expect(byEmail.body.content.map((a: { id: number }) => a.id)).toEqual([finance.admin.id]);
  });

  test('an unknown criteria key or a bad date is 400; a student 403', async () => {
    const { token } = await makeAdmin(t.deps);
    const res = await request(t.app)
      .post('/api/admins/find_by_criteria')
      .set(bearer(token))
      .send({ password: 'x', createdAt: { from: 'not a date' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ password: 'Unknown field', 'createdAt.from': 'Please type a valid date' });
    const student = await makeStudent(t.deps);
    expect((await request(t.app).post('/api/admins/find_by_criteria').set(bearer(student.token)).send({})).status).toBe(403);
  });
});

describe('GET /api/admins/:id', () => {
  test('answers the administrator; 404 when missing or deleted; 400 for a non-numeric id', async () => {
    const { token } = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT', 'FINANCE'] });
    const res = await request(t.app).get(`/api/admins/${target.admin.id}`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.admin.id, email: target.email, roles: ['FINANCE', 'SUPPORT'], status: 'INACTIVE', updatedBy: null });
    expect(res.body.passwordHash).toBeUndefined();
    expect((await request(t.app).get('/api/admins/99999999').set(bearer(token))).status).toBe(404);
    await target.admin.destroy();
    expect((await request(t.app).get(`/api/admins/${target.admin.id}`).set(bearer(token))).status).toBe(404);
    expect((await request(t.app).get('/api/admins/abc').set(bearer(token))).status).toBe(400);
  });
});

describe('POST /api/admins', () => {
  test('without a password: no password hash, an invitation token and an invitation email', async () => {
    const actor = await makeAdmin(t.deps);
    const email = `${unique('invite')}@Example.com`;
    const res = await request(t.app)
      .post('/api/admins')
      .set(bearer(actor.token))
      .send({ email, firstName: 'Ivy', lastName: 'Invited', roles: ['finance'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), firstName: 'Ivy', roles: ['FINANCE'], status: 'INACTIVE', active: true, updatedBy: { id: actor.user.id } });
    const user = await User.unscoped().findByPk(res.body.userId);
    expect(user).toMatchObject({ email: email.toLowerCase(), kind: 'ADMIN', passwordHash: null });
    expect(await PasswordToken.count({ where: { userId: res.body.userId, purpose: 'INVITE' } })).toBe(1);
    const mail = await OutboxMessage.findOne({ where: { toAddress: email.toLowerCase(), templateKey: 'ADMIN_INVITATION' } });
    expect(mail?.textBody).toContain(`${t.deps.config.PUBLIC_URL}/admin/reset-account-password?token=`);
    expect(await ActivityLog.count({ where: { entityType: 'ADMINISTRATOR', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('with a password: the hash is stored and no invitation is sent', async () => {
    const actor = await makeAdmin(t.deps);
    const email = `${unique('withpw')}@example.com`;
    const res = await request(t.app)
      .post('/api/admins')
      .set(bearer(actor.token))
      .send({ email, firstName: 'Pat', lastName: 'Password', roles: ['SUPPORT'], password: 'Str0ngPass' });
    expect(res.status).toBe(201);
    const user = await User.unscoped().findByPk(res.body.userId);
    expect(user?.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(await OutboxMessage.count({ where: { toAddress: email } })).toBe(0);
  });

  test('bad input is 400 with field errors and creates nothing', async () => {
    const actor = await makeAdmin(t.deps);
    const email = `${unique('bad')}@example.com`;
    const res = await request(t.app).post('/api/admins').set(bearer(actor.token)).send({ email: 'nope', firstName: '', lastName: 'X', roles: [], password: 'weak', extra: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      email: 'Please type your email in the format [name@example.com]',
      firstName: 'This field is required',
      lastName: 'At least one word of two letters',
      roles: 'This field is required',
      password: 'Minimum 8 characters, at least one number, one lower case and one upper case.',
      extra: 'Unknown field',
    });
    const unknownRole = await request(t.app)
      .post('/api/admins')
      .set(bearer(actor.token))
      .send({ email, firstName: 'Una', lastName: 'Known', roles: ['FINANCE', 'WIZARD'] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors.roles).toContain('WIZARD');
    expect(await User.count({ where: { email } })).toBe(0);
    expect(await Administrator.count({ where: { email } })).toBe(0);
  });

  test('an email taken by any account (a student too) is 409 USERNAME_TAKEN', async () => {
    const actor = await makeAdmin(t.deps);
    const student = await makeStudent(t.deps);
    const res = await request(t.app)
      .post('/api/admins')
      .set(bearer(actor.token))
      .send({ email: student.email.toUpperCase(), firstName: 'Dup', lastName: 'Licate', roles: ['SUPPORT'] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username taken' });
    expect(await Administrator.count({ where: { email: student.email } })).toBe(0);
  });

  test('without a token 401; FINANCE and SUPPORT 403; a student 403', async () => {
    const body = { email: `${unique('no')}@example.com`, firstName: 'No', lastName: 'Body', roles: ['SUPPORT'] };
    expect((await request(t.app).post('/api/admins').send(body)).status).toBe(401);
    for (const role of ['FINANCE', 'SUPPORT']) {
      const admin = await makeAdmin(t.deps, { roles: [role] });
      expect((await request(t.app).post('/api/admins').set(bearer(admin.token)).send(body)).status).toBe(403);
    }
    const student = await makeStudent(t.deps);
    expect((await request(t.app).post('/api/admins').set(bearer(student.token)).send(body)).status).toBe(403);
    expect(await User.count({ where: { email: body.email } })).toBe(0);
  });
});

describe('PUT /api/admins/:id', () => {
  test("updates names, email and roles; the changed admin's live token stops working; activity has before → after", async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const email = `${unique('moved')}@example.com`;
    const res = await request(t.app)
      .put(`/api/admins/${target.admin.id}`)
      .set(bearer(actor.token))
      .send({ email, firstName: 'New', lastName: 'Name', roles: ['FINANCE'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.admin.id, email, firstName: 'New', lastName: 'Name', roles: ['FINANCE'], updatedBy: { id: actor.user.id } });
    expect(await rolesOf(target.admin.id)).toEqual(['FINANCE']);
    expect((await User.findByPk(target.user.id))?.email).toBe(email);
    expect((await User.findByPk(target.user.id))?.tokensValidAfter).not.toBeNull();
    expect((await request(t.app).get('/api/admins').set(bearer(target.token))).status).toBe(401);
    const log = await ActivityLog.findOne({ where: { entityType: 'ADMINISTRATOR', entityId: target.admin.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ email: { from: target.email, to: email }, roles: { from: ['SUPPORT'], to: ['FINANCE'] }, firstName: { to: 'New' } });
  });

  test('a roles-only change is logged as ROLES_CHANGED; a names-only change keeps tokens valid', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'], firstName: 'Same', lastName: 'Person' });
    const base = { email: target.email, firstName: 'Same', lastName: 'Person' };
    expect(
      (
        await request(t.app)
          .put(`/api/admins/${target.admin.id}`)
          .set(bearer(actor.token))
          .send({ ...base, lastName: 'Renamed', roles: ['SUPPORT'] })
      ).status,
    ).toBe(200);
    expect((await User.findByPk(target.user.id))?.tokensValidAfter).toBeNull();
    expect(
      (
        await request(t.app)
          .put(`/api/admins/${target.admin.id}`)
          .set(bearer(actor.token))
          .send({ ...base, lastName: 'Renamed', roles: ['SUPPORT', 'ACADEMIC'] })
      ).status,
    ).toBe(200);
    const log = await ActivityLog.findOne({ where: { entityType: 'ADMINISTRATOR', entityId: target.admin.id, type: 'ROLES_CHANGED' } });
    expect(log?.changes).toEqual({ roles: { from: ['SUPPORT'], to: ['ACADEMIC', 'SUPPORT'] } });
  });

  test('bad input is 400 and changes nothing; unknown role 400; missing 404', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const bad = await request(t.app)
      .put(`/api/admins/${target.admin.id}`)
      .set(bearer(actor.token))
      .send({ email: 'x', firstName: 'Ok', lastName: 'Fine', roles: ['FINANCE'], password: 'Str0ngPass' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ email: expect.any(String), password: 'Unknown field' });
    const unknown = await request(t.app)
      .put(`/api/admins/${target.admin.id}`)
      .set(bearer(actor.token))
      .send({ email: target.email, firstName: 'Ok', lastName: 'Fine', roles: ['NOPE'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.roles).toBeDefined();
    const row = await Administrator.findByPk(target.admin.id);
    expect(row?.lastName).toBe(target.admin.lastName);
    expect(await rolesOf(target.admin.id)).toEqual(['SUPPORT']);
    const missing = await request(t.app)
      .put('/api/admins/99999999')
      .set(bearer(actor.token))
      .send({ email: target.email, firstName: 'Ok', lastName: 'Fine', roles: ['SUPPORT'] });
    expect(missing.status).toBe(404);
  });

  test('an email used by another account is 409 USERNAME_TAKEN and nothing changes', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const other = await makeStudent(t.deps);
    const res = await request(t.app)
      .put(`/api/admins/${target.admin.id}`)
      .set(bearer(actor.token))
      .send({ email: other.email, firstName: 'Changed', lastName: 'Name', roles: ['FINANCE'] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('USERNAME_TAKEN');
    expect((await Administrator.findByPk(target.admin.id))?.firstName).toBe('Ada');
    expect(await rolesOf(target.admin.id)).toEqual(['SUPPORT']);
  });

  test('removing SUPER_ADMIN from the last active holder is 409 LAST_SUPER_ADMIN', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps);
    // The database is shared with other suites (which always hold super admins), so "nobody else
    // holds it" is simulated at the count of other active holders.
    const count = jest.spyOn(Administrator, 'count').mockResolvedValueOnce(0 as never);
    try {
      const res = await request(t.app)
        .put(`/api/admins/${target.admin.id}`)
        .set(bearer(actor.token))
        .send({ email: target.email, firstName: 'Ada', lastName: 'Last', roles: ['FINANCE'] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'LAST_SUPER_ADMIN', message: 'The last super administrator cannot be removed' });
    } finally {
      count.mockRestore();
    }
    expect(await rolesOf(target.admin.id)).toEqual(['SUPER_ADMIN']);
    expect((await Administrator.findByPk(target.admin.id))?.lastName).toBe(target.admin.lastName);
    // With other holders around, the same change goes through.
    expect(
      (
        await request(t.app)
          .put(`/api/admins/${target.admin.id}`)
          .set(bearer(actor.token))
          .send({ email: target.email, firstName: 'Ada', lastName: 'Last', roles: ['FINANCE'] })
      ).status,
    ).toBe(200);
  });

  test('without a token 401; SUPPORT 403; a student 403', async () => {
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const body = { email: target.email, firstName: 'Hack', lastName: 'Er', roles: ['SUPER_ADMIN'] };
    expect((await request(t.app).put(`/api/admins/${target.admin.id}`).send(body)).status).toBe(401);
    expect((await request(t.app).put(`/api/admins/${target.admin.id}`).set(bearer(target.token)).send(body)).status).toBe(403);
    const student = await makeStudent(t.deps);
    expect((await request(t.app).put(`/api/admins/${target.admin.id}`).set(bearer(student.token)).send(body)).status).toBe(403);
    expect(await rolesOf(target.admin.id)).toEqual(['SUPPORT']);
  });
});

describe('DELETE /api/admins/:id', () => {
  test('soft-deletes, deactivates the account and ends its sessions', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    const rt = await signIn(target.user.id);
    const res = await request(t.app).delete(`/api/admins/${target.admin.id}`).set(bearer(actor.token));
    expect(res.status).toBe(204);
    expect(await Administrator.findByPk(target.admin.id)).toBeNull();
    const row = await Administrator.findByPk(target.admin.id, { paranoid: false });
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.updatedById).toBe(actor.user.id);
    expect((await User.findByPk(target.user.id))?.active).toBe(false);
    expect((await RefreshToken.findByPk(rt.id))?.revokedAt).not.toBeNull();
    expect((await request(t.app).get('/api/admins').set(bearer(target.token))).status).toBe(401);
    expect(await ActivityLog.count({ where: { entityType: 'ADMINISTRATOR', entityId: target.admin.id, type: 'DELETED' } })).toBe(1);
    expect((await request(t.app).delete(`/api/admins/${target.admin.id}`).set(bearer(actor.token))).status).toBe(404);
  });

  test('deleting yourself is 409 NOT_PERMITTED', async () => {
    const actor = await makeAdmin(t.deps);
    const res = await request(t.app).delete(`/api/admins/${actor.admin.id}`).set(bearer(actor.token));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NOT_PERMITTED', message: 'Not permitted' });
    expect(await Administrator.findByPk(actor.admin.id)).not.toBeNull();
  });

  test('deleting the last active SUPER_ADMIN is 409 LAST_SUPER_ADMIN', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps);
    const count = jest.spyOn(Administrator, 'count').mockResolvedValueOnce(0 as never);
    try {
      const res = await request(t.app).delete(`/api/admins/${target.admin.id}`).set(bearer(actor.token));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('LAST_SUPER_ADMIN');
    } finally {
      count.mockRestore();
    }
    expect(await Administrator.findByPk(target.admin.id)).not.toBeNull();
    expect((await User.findByPk(target.user.id))?.active).toBe(true);
  });

  test('without a token 401; FINANCE 403; a student 403; missing 404', async () => {
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await request(t.app).delete(`/api/admins/${target.admin.id}`)).status).toBe(401);
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    expect((await request(t.app).delete(`/api/admins/${target.admin.id}`).set(bearer(finance.token))).status).toBe(403);
    const student = await makeStudent(t.deps);
    expect((await request(t.app).delete(`/api/admins/${target.admin.id}`).set(bearer(student.token))).status).toBe(403);
    expect(await Administrator.findByPk(target.admin.id)).not.toBeNull();
    const actor = await makeAdmin(t.deps);
    expect((await request(t.app).delete('/api/admins/99999999').set(bearer(actor.token))).status).toBe(404);
  });
});

describe('POST /api/admins/:id/logout', () => {
  test('revokes their refresh tokens and their live access token gets 401 at once', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const rt = await signIn(target.user.id);
    expect((await request(t.app).get('/api/admins').set(bearer(target.token))).status).toBe(200);
    const res = await request(t.app).post(`/api/admins/${target.admin.id}/logout`).set(bearer(actor.token));
    expect(res.status).toBe(204);
    expect((await RefreshToken.findByPk(rt.id))?.revokedAt).not.toBeNull();
    expect((await request(t.app).get('/api/admins').set(bearer(target.token))).status).toBe(401);
    expect((await User.findByPk(target.user.id))?.active).toBe(true);
    expect(await ActivityLog.count({ where: { entityType: 'ADMINISTRATOR', entityId: target.admin.id, type: 'LOGGED_OUT' } })).toBe(1);
  });

  test('logging yourself out is allowed', async () => {
    const actor = await makeAdmin(t.deps);
    expect((await request(t.app).post(`/api/admins/${actor.admin.id}/logout`).set(bearer(actor.token))).status).toBe(204);
    expect((await request(t.app).get('/api/admins').set(bearer(actor.token))).status).toBe(401);
  });

  test('without a token 401; SUPPORT 403; a student 403; missing 404', async () => {
    const target = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    const rt = await signIn(target.user.id);
    expect((await request(t.app).post(`/api/admins/${target.admin.id}/logout`)).status).toBe(401);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await request(t.app).post(`/api/admins/${target.admin.id}/logout`).set(bearer(support.token))).status).toBe(403);
    const student = await makeStudent(t.deps);
    expect((await request(t.app).post(`/api/admins/${target.admin.id}/logout`).set(bearer(student.token))).status).toBe(403);
    expect((await RefreshToken.findByPk(rt.id))?.revokedAt).toBeNull();
    const actor = await makeAdmin(t.deps);
    expect((await request(t.app).post('/api/admins/99999999/logout').set(bearer(actor.token))).status).toBe(404);
  });
});
