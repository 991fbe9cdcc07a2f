import bcrypt from 'bcrypt';
import request from 'supertest';
import { ActivityLog, Administrator, Student, User, UserViewHistory } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, tokenFor, unique } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const hashOf = async (userId: number) => (await User.unscoped().findByPk(userId))!.passwordHash!;
const NEW_PASSWORD = 'N3wPassword';

describe('PUT /api/users/:id', () => {
  test("an admin changes a student's email; the student copy follows", async () => {
    const actor = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    const student = await makeStudent(t.deps);
    const email = `${unique('new')}@example.com`;
    const res = await request(t.app).put(`/api/users/${student.user.id}`).set(bearer(actor.token)).send({ email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: student.user.id, email, kind: 'STUDENT', active: true, emailVerifiedAt: null, updatedBy: { id: actor.user.id } });
    expect(res.body.passwordHash).toBeUndefined();
    expect((await User.findByPk(student.user.id))?.email).toBe(email);
    expect((await Student.findByPk(student.student.id))?.email).toBe(email);
    expect(await ActivityLog.count({ where: { entityType: 'USER', entityId: student.user.id, type: 'EMAIL_CHANGED' } })).toBe(1);
  });

  test("a student may change their own email, not another's (403)", async () => {
    const student = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    const email = `${unique('self')}@example.com`;
    expect((await request(t.app).put(`/api/users/${student.user.id}`).set(bearer(student.token)).send({ email })).status).toBe(200);
    expect((await User.findByPk(student.user.id))?.email).toBe(email);
    expect(
      (
        await request(t.app)
          .put(`/api/users/${other.user.id}`)
          .set(bearer(student.token))
          .send({ email: `${unique('x')}@example.com` })
      ).status,
    ).toBe(403);
    expect((await User.findByPk(other.user.id))?.email).toBe(other.email);
  });

  test('bad email 400 and nothing changes; taken 409 USERNAME_TAKEN; missing 404; no token 401; SUPPORT 403', async () => {
    const actor = await makeAdmin(t.deps);
    const student = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    const bad = await request(t.app).put(`/api/users/${student.user.id}`).set(bearer(actor.token)).send({ email: 'not-an-email', kind: 'ADMIN' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'Please type your email in the format [name@example.com]', kind: 'Unknown field' });
    const taken = await request(t.app).put(`/api/users/${student.user.id}`).set(bearer(actor.token)).send({ email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('USERNAME_TAKEN');
    expect((await User.findByPk(student.user.id))?.email).toBe(student.email);
    expect(
      (
        await request(t.app)
          .put('/api/users/99999999')
          .set(bearer(actor.token))
          .send({ email: `${unique('m')}@example.com` })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .put(`/api/users/${student.user.id}`)
          .send({ email: `${unique('m')}@example.com` })
      ).status,
    ).toBe(401);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect(
      (
        await request(t.app)
          .put(`/api/users/${student.user.id}`)
          .set(bearer(support.token))
          .send({ email: `${unique('m')}@example.com` })
      ).status,
    ).toBe(403);
  });

  test("users:update alone does not reach another administrator's account (403)", async () => {
    const admissions = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    const boss = await makeAdmin(t.deps);
    const res = await request(t.app)
      .put(`/api/users/${boss.user.id}`)
      .set(bearer(admissions.token))
      .send({ email: `${unique('takeover')}@example.com` });
    expect(res.status).toBe(403);
    expect((await User.findByPk(boss.user.id))?.email).toBe(boss.email);
  });
});

describe('PATCH /api/users/:id/update_password', () => {
  test('a student changes their own password only with the right current password', async () => {
    const student = await makeStudent(t.deps);
    const before = await hashOf(student.user.id);
    const url = `/api/users/${student.user.id}/update_password`;
    const missing = await request(t.app).patch(url).set(bearer(student.token)).send({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'This field is required' });
    const wrong = await request(t.app).patch(url).set(bearer(student.token)).send({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, currentPassword: 'Wr0ngPassword' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD', message: 'Invalid current password' });
    expect(await hashOf(student.user.id)).toBe(before);
    const ok = await request(t.app).patch(url).set(bearer(student.token)).send({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, currentPassword: student.password });
    expect(ok.status).toBe(204);
    expect(await bcrypt.compare(NEW_PASSWORD, await hashOf(student.user.id))).toBe(true);
    expect(await ActivityLog.count({ where: { entityType: 'USER', entityId: student.user.id, type: 'PASSWORD_CHANGED' } })).toBe(1);
  });

  test('an administrator changing their own password also needs the current one, whatever their role', async () => {
    const admin = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const url = `/api/users/${admin.user.id}/update_password`;
    expect((await request(t.app).patch(url).set(bearer(admin.token)).send({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })).status).toBe(400);
    const ok = await request(t.app).patch(url).set(bearer(admin.token)).send({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, currentPassword: admin.password });
    expect(ok.status).toBe(204);
    expect(await bcrypt.compare(NEW_PASSWORD, await hashOf(admin.user.id))).toBe(true);
  });

  test("an admin with users:update_password sets a student's password without the current one; the student's sessions end", async () => {
    const actor = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    const student = await makeStudent(t.deps);
    const res = await request(t.app)
      .patch(`/api/users/${student.user.id}/update_password`)
      .set(bearer(actor.token))
      .send({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect(await bcrypt.compare(NEW_PASSWORD, await hashOf(student.user.id))).toBe(true);
    expect((await request(t.app).put(`/api/users/${student.user.id}`).set(bearer(student.token)).send({ email: student.email })).status).toBe(401);
  });

  test('weak or mismatched passwords are 400 with field errors and change nothing', async () => {
    const actor = await makeAdmin(t.deps);
    const student = await makeStudent(t.deps);
    const before = await hashOf(student.user.id);
    const url = `/api/users/${student.user.id}/update_password`;
    const weak = await request(t.app).patch(url).set(bearer(actor.token)).send({ password: 'short', passwordConfirmation: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toBe('Minimum 8 characters, at least one number, one lower case and one upper case.');
    const mismatch = await request(t.app).patch(url).set(bearer(actor.token)).send({ password: NEW_PASSWORD, passwordConfirmation: 'Other1Password' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ passwordConfirmation: 'This field confirmation does not match' });
    const blanks = await request(t.app).patch(url).set(bearer(actor.token)).send({ password: 'Has Blank1', passwordConfirmation: 'Has Blank1' });
    expect(blanks.body.errors.password).toBe('Blank spaces are not allowed');
    expect(await hashOf(student.user.id)).toBe(before);
  });

  test("no token 401; another student 403; an admin without the permission 403; another admin's account needs admins:update (403); missing 404", async () => {
    const student = await makeStudent(t.deps);
    const before = await hashOf(student.user.id);
    const url = `/api/users/${student.user.id}/update_password`;
    const body = { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };
    expect((await request(t.app).patch(url).send(body)).status).toBe(401);
    const other = await makeStudent(t.deps);
    expect(
      (
        await request(t.app)
          .patch(url)
          .set(bearer(other.token))
          .send({ ...body, currentPassword: other.password })
      ).status,
    ).toBe(403);
    const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
    expect((await request(t.app).patch(url).set(bearer(finance.token)).send(body)).status).toBe(403);
    expect(await hashOf(student.user.id)).toBe(before);
    const admissions = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    const boss = await makeAdmin(t.deps);
    const bossHash = await hashOf(boss.user.id);
    expect((await request(t.app).patch(`/api/users/${boss.user.id}/update_password`).set(bearer(admissions.token)).send(body)).status).toBe(403);
    expect(await hashOf(boss.user.id)).toBe(bossHash);
    const actor = await makeAdmin(t.deps);
    expect((await request(t.app).patch('/api/users/99999999/update_password').set(bearer(actor.token)).send(body)).status).toBe(404);
  });
});

describe('PUT /api/users/:id/toggle_active', () => {
  test('deactivates then reactivates; deactivation ends the sessions', async () => {
    const actor = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    const student = await makeStudent(t.deps);
    const off = await request(t.app).put(`/api/users/${student.user.id}/toggle_active`).set(bearer(actor.token));
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ id: student.user.id, active: false });
    expect((await User.findByPk(student.user.id))?.active).toBe(false);
    expect((await request(t.app).put(`/api/users/${student.user.id}`).set(bearer(student.token)).send({ email: student.email })).status).toBe(401);
    const on = await request(t.app).put(`/api/users/${student.user.id}/toggle_active`).set(bearer(actor.token));
    expect(on.body).toEqual({ id: student.user.id, active: true });
    const user = await User.findByPk(student.user.id);
    expect(user?.active).toBe(true);
    expect(user?.updatedById).toBe(actor.user.id);
    expect(await ActivityLog.count({ where: { entityType: 'USER', entityId: student.user.id, type: ['ACTIVATED', 'DEACTIVATED'] } })).toBe(2);
  });

  test('an admin cannot deactivate themself (409 NOT_PERMITTED)', async () => {
    const actor = await makeAdmin(t.deps);
    const res = await request(t.app).put(`/api/users/${actor.user.id}/toggle_active`).set(bearer(actor.token));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NOT_PERMITTED', message: 'Not permitted' });
    expect((await User.findByPk(actor.user.id))?.active).toBe(true);
  });

  test('the last active super administrator cannot be deactivated (409 LAST_SUPER_ADMIN)', async () => {
    const actor = await makeAdmin(t.deps);
    const target = await makeAdmin(t.deps);
    // Other suites share the database and always hold super admins: simulate "no other active holder".
    const count = jest.spyOn(Administrator, 'count').mockResolvedValueOnce(0 as never);
    try {
      const res = await request(t.app).put(`/api/users/${target.user.id}/toggle_active`).set(bearer(actor.token));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('LAST_SUPER_ADMIN');
    } finally {
      count.mockRestore();
    }
    expect((await User.findByPk(target.user.id))?.active).toBe(true);
  });

  test('no token 401; SUPPORT 403; a student 403 even for themself; missing 404', async () => {
    const student = await makeStudent(t.deps);
    const url = `/api/users/${student.user.id}/toggle_active`;
    expect((await request(t.app).put(url)).status).toBe(401);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await request(t.app).put(url).set(bearer(support.token))).status).toBe(403);
    expect((await request(t.app).put(url).set(bearer(student.token))).status).toBe(403);
    expect((await User.findByPk(student.user.id))?.active).toBe(true);
    const actor = await makeAdmin(t.deps);
    expect((await request(t.app).put('/api/users/99999999/toggle_active').set(bearer(actor.token))).status).toBe(404);
    expect((await request(t.app).put('/api/users/0/toggle_active').set(bearer(actor.token))).status).toBe(400);
  });
});

describe('/api/users/:id/view_histories', () => {
  test('records views newest first, refreshes a repeat instead of duplicating, filters by entityType', async () => {
    const student = await makeStudent(t.deps);
    const url = `/api/users/${student.user.id}/view_histories`;
    const first = await request(t.app).post(url).set(bearer(student.token)).send({ entityType: 'COHORT', entityId: 7, label: 'Spring cohort' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ userId: student.user.id, entityType: 'COHORT', entityId: 7, label: 'Spring cohort' });
    await request(t.app).post(url).set(bearer(student.token)).send({ entityType: 'PROGRAM', entityId: 3 });
    await new Promise((r) => setTimeout(r, 5));
    const again = await request(t.app).post(url).set(bearer(student.token)).send({ entityType: 'cohort', entityId: 7 });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await UserViewHistory.count({ where: { userId: student.user.id } })).toBe(2);
    const list = await request(t.app).get(url).set(bearer(student.token));
    expect(list.status).toBe(200);
    expect(list.body.content.map((h: { entityType: string }) => h.entityType)).toEqual(['COHORT', 'PROGRAM']);
    expect(list.body.content[0].label).toBe('Spring cohort');
    expect(list.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    const programs = await request(t.app).get(`${url}?entityType=PROGRAM&sortBy=id&descending=false`).set(bearer(student.token));
    expect(programs.body.content.map((h: { entityId: number }) => h.entityId)).toEqual([3]);
  });

  test('bad input is 400 and records nothing; unknown sortBy 400', async () => {
    const admin = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const url = `/api/users/${admin.user.id}/view_histories`;
    const res = await request(t.app).post(url).set(bearer(admin.token)).send({ entityType: '', entityId: 'abc', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ entityType: 'This field is required', entityId: 'Invalid value', extra: 'Unknown field' });
    expect(await UserViewHistory.count({ where: { userId: admin.user.id } })).toBe(0);
    expect((await request(t.app).get(`${url}?sortBy=label`).set(bearer(admin.token))).status).toBe(400);
  });

  test('only the user themself: another student or even a super admin gets 403; no token 401', async () => {
    const owner = await makeStudent(t.deps);
    const url = `/api/users/${owner.user.id}/view_histories`;
    const entry = await UserViewHistory.create({ userId: owner.user.id, entityType: 'STUDENT', entityId: 1, label: null, viewedAt: new Date() });
    const other = await makeStudent(t.deps);
    expect((await request(t.app).get(url).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).post(url).set(bearer(other.token)).send({ entityType: 'STUDENT', entityId: 2 })).status).toBe(403);
    expect((await request(t.app).delete(`${url}/${entry.id}`).set(bearer(other.token))).status).toBe(403);
    const admin = await makeAdmin(t.deps);
    expect((await request(t.app).get(url).set(bearer(admin.token))).status).toBe(403);
    expect((await request(t.app).get(url)).status).toBe(401);
    expect(await UserViewHistory.count({ where: { userId: owner.user.id } })).toBe(1);
  });

  test("DELETE removes an own entry (204); someone else's entry id is 404 and stays", async () => {
    const owner = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    const mine = await UserViewHistory.create({ userId: owner.user.id, entityType: 'COHORT', entityId: 1, label: null, viewedAt: new Date() });
    const theirs = await UserViewHistory.create({ userId: other.user.id, entityType: 'COHORT', entityId: 1, label: null, viewedAt: new Date() });
    const url = `/api/users/${owner.user.id}/view_histories`;
    expect((await request(t.app).delete(`${url}/${mine.id}`).set(bearer(owner.token))).status).toBe(204);
    expect(await UserViewHistory.findByPk(mine.id)).toBeNull();
    expect((await request(t.app).delete(`${url}/${theirs.id}`).set(bearer(owner.token))).status).toBe(404);
    expect(await UserViewHistory.findByPk(theirs.id)).not.toBeNull();
    expect((await request(t.app).delete(`${url}/${mine.id}`).set(bearer(owner.token))).status).toBe(404);
  });

  test('a coach token works for its own history too', async () => {
    const coach = await makeStudent(t.deps, { kind: 'COACH' });
    const token = await tokenFor(t.deps, coach.user.id);
    const res = await request(t.app).post(`/api/users/${coach.user.id}/view_histories`).set(bearer(token)).send({ entityType: 'COACHING_CIRCLE', entityId: 4 });
    expect(res.status).toBe(201);
    expect(await UserViewHistory.count({ where: { userId: coach.user.id } })).toBe(1);
  });
});
