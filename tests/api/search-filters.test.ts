import request from 'supertest';
import { Role, SearchFilter } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const api = () => request(t.app);

/** An administrator whose only role lacks every search_filters permission. */
async function adminWithout() {
  const name = unique('NOFILTERS').toUpperCase();
  await Role.create({ name, description: null, permissions: ['students:read'], system: false, updatedById: null, updatedByName: null });
  return makeAdmin(t.deps, { roles: [name] });
}

describe('POST /api/search_filters/:kind', () => {
  test('saves a students filter for the caller with normalised criteria', async () => {
    const admin = await makeAdmin(t.deps);
    const name = unique('Women in NJ');
    const res = await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name, criteria: { genders: ['FEMALE'], stateCodes: ['NJ'], dateOfBirth: { from: '01-31-1980' } } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, kind: 'students', criteria: { genders: ['FEMALE'], stateCodes: ['NJ'], dateOfBirth: { from: '1980-01-31' } } });
    const row = await SearchFilter.findByPk(res.body.id);
    expect(row).toMatchObject({ ownerUserId: admin.user.id, kind: 'students', name, updatedById: admin.user.id });
    expect(row!.criteria).toMatchObject({ genders: ['FEMALE'], dateOfBirth: { from: '1980-01-31' } });
  });

  test('other kinds accept any JSON object until their areas land', async () => {
    const admin = await makeAdmin(t.deps);
    const res = await api()
      .post('/api/search_filters/cohorts')
      .set(bearer(admin.token))
      .send({ name: 'Active', criteria: { statuses: ['ACTIVE'] } });
    expect(res.status).toBe(201);
    expect(res.body.criteria).toEqual({ statuses: ['ACTIVE'] });
  });

  test('bad students criteria, a bad kind or a blank name are 400 and nothing is saved', async () => {
    const admin = await makeAdmin(t.deps);
    const bad = await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name: 'X', criteria: { genders: ['ROBOT'], shoeSize: 3, createdAt: { from: 'soon' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ 'criteria.genders.0': 'Invalid value', 'criteria.shoeSize': 'Unknown field', 'criteria.createdAt.from': 'Please type a valid date' });
    const kind = await api().post('/api/search_filters/planets').set(bearer(admin.token)).send({ name: 'X', criteria: {} });
    expect(kind.status).toBe(400);
    expect(kind.body.errors.kind).toBe('Invalid value');
    const name = await api().post('/api/search_filters/students').set(bearer(admin.token)).send({ name: ' ', criteria: [] });
    expect(name.status).toBe(400);
    expect(name.body.errors).toMatchObject({ name: 'This field is required', criteria: expect.any(String) });
    expect(await SearchFilter.count({ where: { ownerUserId: admin.user.id } })).toBe(0);
  });

  test('the same name for the same owner and kind is 409 FILTER_NAME_TAKEN; another kind or owner may reuse it', async () => {
    const admin = await makeAdmin(t.deps);
    const name = unique('Dup');
    expect((await api().post('/api/search_filters/students').set(bearer(admin.token)).send({ name, criteria: {} })).status).toBe(201);
    const dup = await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name, criteria: { city: 'x' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'FILTER_NAME_TAKEN', message: 'A saved filter with this name already exists' });
    expect(await SearchFilter.count({ where: { ownerUserId: admin.user.id, name } })).toBe(1);
    expect((await api().post('/api/search_filters/cohorts').set(bearer(admin.token)).send({ name, criteria: {} })).status).toBe(201);
    const other = await makeAdmin(t.deps);
    expect((await api().post('/api/search_filters/students').set(bearer(other.token)).send({ name, criteria: {} })).status).toBe(201);
  });

  test('no token 401; a role without search_filters:create 403; a student 403', async () => {
    expect((await api().post('/api/search_filters/students').send({ name: 'X', criteria: {} })).status).toBe(401);
    const limited = await adminWithout();
    expect((await api().post('/api/search_filters/students').set(bearer(limited.token)).send({ name: 'X', criteria: {} })).status).toBe(403);
    const student = await makeStudent(t.deps);
    expect((await api().post('/api/search_filters/students').set(bearer(student.token)).send({ name: 'X', criteria: {} })).status).toBe(403);
    expect(await SearchFilter.count({ where: { ownerUserId: [limited.user.id, student.user.id] } })).toBe(0);
  });
});

describe('GET /api/search_filters', () => {
  test("lists only the caller's filters, of one type when asked, 100 by default", async () => {
    const admin = await makeAdmin(t.deps);
    const other = await makeAdmin(t.deps);
    await api().post('/api/search_filters/students').set(bearer(admin.token)).send({ name: 'B students', criteria: {} });
    await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name: 'A students', criteria: { autoPay: true } });
    await api().post('/api/search_filters/cohorts').set(bearer(admin.token)).send({ name: 'C cohorts', criteria: {} });
    await api().post('/api/search_filters/students').set(bearer(other.token)).send({ name: 'Not mine', criteria: {} });
    const all = await api().get('/api/search_filters').set(bearer(admin.token));
    expect(all.status).toBe(200);
    expect(all.body.content.map((f: { name: string }) => f.name)).toEqual(['A students', 'B students', 'C cohorts']);
    expect(all.body.pagination).toEqual({ total: 3, page: 0, size: 100 });
    const students = await api().get('/api/search_filters?type=students&size=1000').set(bearer(admin.token));
    expect(students.body.content.map((f: { name: string }) => f.name)).toEqual(['A students', 'B students']);
    expect(students.body.pagination.size).toBe(100);
    expect(students.body.content[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), kind: 'students', criteria: { autoPay: true }, createdAt: expect.any(String), updatedAt: expect.any(String) }),
    );
  });

  test('a bad type 400; no token 401; a role without search_filters:read 403', async () => {
    const admin = await makeAdmin(t.deps);
    const bad = await api().get('/api/search_filters?type=planets').set(bearer(admin.token));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.type).toBeDefined();
    expect((await api().get('/api/search_filters')).status).toBe(401);
    expect(
      (
        await api()
          .get('/api/search_filters')
          .set(bearer((await adminWithout()).token))
      ).status,
    ).toBe(403);
  });
});

describe('PUT /api/search_filters/:id/:kind', () => {
  test('renames and replaces the criteria', async () => {
    const admin = await makeAdmin(t.deps);
    const created = await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name: 'Old', criteria: { city: 'Boston' } });
    const res = await api()
      .put(`/api/search_filters/${created.body.id}/students`)
      .set(bearer(admin.token))
      .send({ name: 'New', criteria: { city: 'Austin', militaryMember: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, name: 'New', criteria: { city: 'Austin', militaryMember: true } });
    const row = await SearchFilter.findByPk(created.body.id);
    expect(row).toMatchObject({ name: 'New', criteria: { city: 'Austin', militaryMember: true } });
  });

  test("400 for bad criteria and nothing changes; 404 for another admin's or a missing filter; 409 for a taken name; 401; 403", async () => {
    const admin = await makeAdmin(t.deps);
    const a = await api()
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name: 'First', criteria: { city: 'Boston' } });
    await api().post('/api/search_filters/students').set(bearer(admin.token)).send({ name: 'Second', criteria: {} });
    const bad = await api()
      .put(`/api/search_filters/${a.body.id}/students`)
      .set(bearer(admin.token))
      .send({ name: 'First', criteria: { languages: ['FR'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['criteria.languages.0']).toBe('Invalid value');
    const taken = await api().put(`/api/search_filters/${a.body.id}/students`).set(bearer(admin.token)).send({ name: 'Second', criteria: {} });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('FILTER_NAME_TAKEN');
    expect(await SearchFilter.findByPk(a.body.id)).toMatchObject({ name: 'First', criteria: { city: 'Boston' } });
    const other = await makeAdmin(t.deps);
    expect((await api().put(`/api/search_filters/${a.body.id}/students`).set(bearer(other.token)).send({ name: 'Mine now', criteria: {} })).status).toBe(404);
    expect((await api().put('/api/search_filters/99999999/students').set(bearer(admin.token)).send({ name: 'X', criteria: {} })).status).toBe(404);
    expect((await api().put(`/api/search_filters/${a.body.id}/students`).send({ name: 'X', criteria: {} })).status).toBe(401);
    expect(
      (
        await api()
          .put(`/api/search_filters/${a.body.id}/students`)
          .set(bearer((await adminWithout()).token))
          .send({ name: 'X', criteria: {} })
      ).status,
    ).toBe(403);
    expect((await SearchFilter.findByPk(a.body.id))?.name).toBe('First');
  });
});

describe('DELETE /api/search_filters/:id', () => {
  test("deletes the caller's filter (204); another admin's is 404 and stays; 401; 403", async () => {
    const admin = await makeAdmin(t.deps);
    const f = await api().post('/api/search_filters/students').set(bearer(admin.token)).send({ name: 'Gone soon', criteria: {} });
    const other = await makeAdmin(t.deps);
    expect((await api().delete(`/api/search_filters/${f.body.id}`).set(bearer(other.token))).status).toBe(404);
    expect((await api().delete(`/api/search_filters/${f.body.id}`)).status).toBe(401);
    expect(
      (
        await api()
          .delete(`/api/search_filters/${f.body.id}`)
          .set(bearer((await adminWithout()).token))
      ).status,
    ).toBe(403);
    expect(await SearchFilter.findByPk(f.body.id)).not.toBeNull();
    expect((await api().delete(`/api/search_filters/${f.body.id}`).set(bearer(admin.token))).status).toBe(204);
    expect(await SearchFilter.findByPk(f.body.id)).toBeNull();
    expect((await api().delete(`/api/search_filters/${f.body.id}`).set(bearer(admin.token))).status).toBe(404);
  });
});
