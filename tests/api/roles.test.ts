import request from 'supertest';
import { Role } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

describe('POST /api/roles', () => {
  test('a super admin creates a role; it is stored with its permissions', async () => {
    const { token } = await makeAdmin(t.deps);
    const name = unique('AUDITOR').toUpperCase();
    const res = await request(t.app)
      .post('/api/roles')
      .set(bearer(token))
      .send({ name, description: 'Reads', permissions: ['students:read', 'payments:*'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, permissions: ['students:read', 'payments:*'], system: false });
    const row = await Role.findByPk(res.body.id);
    expect(row?.permissions).toEqual(['students:read', 'payments:*']);
  });

  test('bad input is 400 with field errors and creates nothing', async () => {
    const { token } = await makeAdmin(t.deps);
    const before = await Role.count();
    const res = await request(t.app)
      .post('/api/roles')
      .set(bearer(token))
      .send({ name: '', permissions: ['nope:read'], extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toMatchObject({ name: 'This field is required', 'permissions.0': 'Invalid value', extra: 'Unknown field' });
    expect(await Role.count()).toBe(before);
  });

  test('without a token 401; a SUPPORT admin 403; a student 403', async () => {
    expect((await request(t.app).post('/api/roles').send({ name: 'X', permissions: [] })).status).toBe(401);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await request(t.app).post('/api/roles').set(bearer(support.token)).send({ name: 'X', permissions: [] })).status).toBe(403);
    const student = await makeStudent(t.deps);
    expect((await request(t.app).post('/api/roles').set(bearer(student.token)).send({ name: 'X', permissions: [] })).status).toBe(403);
  });

  test('a taken name is 409 ROLE_NAME_TAKEN', async () => {
    const { token } = await makeAdmin(t.deps);
    const res = await request(t.app).post('/api/roles').set(bearer(token)).send({ name: 'FINANCE', permissions: [] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ROLE_NAME_TAKEN');
  });
});

describe('PUT and DELETE /api/roles/:id', () => {
  test('SUPER_ADMIN cannot be changed (409); a missing role is 404', async () => {
    const { token } = await makeAdmin(t.deps);
    const superAdmin = await Role.findOne({ where: { name: 'SUPER_ADMIN' } });
    const res = await request(t.app).put(`/api/roles/${superAdmin!.id}`).set(bearer(token)).send({ name: 'SUPER_ADMIN', permissions: [] });
    expect(res.status).toBe(409);
    expect((await Role.findByPk(superAdmin!.id))?.permissions).toEqual(['*']);
    expect((await request(t.app).put('/api/roles/999999').set(bearer(token)).send({ name: 'Z', permissions: [] })).status).toBe(404);
    expect((await request(t.app).delete('/api/roles/999999').set(bearer(token))).status).toBe(404);
  });

  test('a role held by an administrator cannot be deleted (409); an unused one can (204)', async () => {
    const { token } = await makeAdmin(t.deps);
    const created = await request(t.app)
      .post('/api/roles')
      .set(bearer(token))
      .send({ name: unique('TEMP').toUpperCase(), permissions: ['students:read'] });
    await makeAdmin(t.deps, { roles: [created.body.name] });
    const refused = await request(t.app).delete(`/api/roles/${created.body.id}`).set(bearer(token));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ROLE_IN_USE');
    const unused = await request(t.app)
      .post('/api/roles')
      .set(bearer(token))
      .send({ name: unique('GONE').toUpperCase(), permissions: [] });
    expect((await request(t.app).delete(`/api/roles/${unused.body.id}`).set(bearer(token))).status).toBe(204);
    expect(await Role.findByPk(unused.body.id)).toBeNull();
  });
});

describe('GET /api/roles', () => {
  test('lists the seeded roles, sorted by name, with paging', async () => {
    const { token } = await makeAdmin(t.deps);
    const res = await request(t.app).get('/api/roles?sortBy=NAME&size=100').set(bearer(token));
    expect(res.status).toBe(200);
    const names = res.body.content.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['SUPER_ADMIN', 'FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT']));
    // In name order (the seeded ones among them: other suites' roles of mixed case and underscores sort by
    // the database's collation on MariaDB, which JavaScript's code-unit sort does not reproduce).
    expect(names.filter((n: string) => ['SUPER_ADMIN', 'FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT'].includes(n))).toEqual([
      'ACADEMIC',
      'ADMISSIONS',
      'FINANCE',
      'SUPER_ADMIN',
      'SUPPORT',
    ]);
    expect(res.body.pagination).toMatchObject({ page: 0, size: 100 });
  });

  test('an unknown sortBy is 400', async () => {
    const { token } = await makeAdmin(t.deps);
    const res = await request(t.app).get('/api/roles?sortBy=password').set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.body.errors.sortBy).toBeDefined();
  });
});
