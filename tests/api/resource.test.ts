import express, { Router } from 'express';
import request from 'supertest';
import { ActivityLog, ModuleGroup } from '../../models';
import { Messages } from '../../models/messages';
import { AppError, errorHandler } from '../../api/common/errors';
import { defineResource } from '../../api/common/resource';
import { mount } from '../../api/common/route';
import { moduleGroupBody, type ModuleGroupInput } from '../../api/module-groups/module-groups.schemas';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * The generic resource layer (api/common/resource.ts): one declaration gives list, get, create,
 * update, delete and find_by_criteria with the pipeline's 400/401/403/404, the declared rules' 409,
 * the activity entries, and the unique index's 409. Declared here on module groups with every
 * operation (the product's own module groups declare three).
 */

let t: TestApp;
let app: express.Express;
let superToken: string;
let supportToken: string;
let studentToken: string;

const dto = (g: ModuleGroup) => ({ id: g.id, name: g.name });
const taken = () => AppError.conflict('MODULE_GROUP_NAME_TAKEN', Messages.MODULE_GROUP_NAME_TAKEN);
const groups = defineResource<ModuleGroup, ReturnType<typeof dto>, ModuleGroupInput>({
  label: 'Module group',
  permission: 'programs',
  model: ModuleGroup,
  operations: ['list', 'get', 'create', 'update', 'delete', 'find_by_criteria'],
  list: { sortable: { id: 'id', name: 'name' }, defaultSort: 'name', keywordColumns: ['name'] },
  criteria: { name: { kind: 'prefix', column: 'name' }, ids: { kind: 'ids', column: 'id' } },
  dto,
  body: moduleGroupBody,
  activity: { entityType: 'MODULE_GROUP', category: 'ADMINISTRATION' },
  rules: {
    async beforeDelete(group) {
      if (group.name.startsWith('Locked')) throw AppError.conflict('MODULE_GROUP_IN_USE', Messages.MODULE_GROUP_IN_USE);
    },
    onUnique: taken,
  },
});

beforeAll(async () => {
  t = await setupApp();
  app = express();
  app.use(express.json());
  const router = Router({ mergeParams: true });
  mount(router, t.deps, 'Test', '/api/test_groups', groups.routes());
  app.use('/api/test_groups', router);
  app.use(errorHandler(t.deps.log));
  superToken = (await makeAdmin(t.deps)).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/test_groups';

test('create, get, update, list, find_by_criteria and delete, each stored and logged', async () => {
  const name = unique('Resource ');
  const created = await request(app).post(BASE).set(bearer(superToken)).send({ name });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  expect((await ModuleGroup.findByPk(id))?.name).toBe(name);

  expect((await request(app).get(`${BASE}/${id}`).set(bearer(supportToken))).body).toEqual({ id, name });

  const renamed = `${name} renamed`;
  const updated = await request(app).put(`${BASE}/${id}`).set(bearer(superToken)).send({ name: renamed });
  expect(updated.status).toBe(200);
  expect((await ModuleGroup.findByPk(id))?.name).toBe(renamed);

  const listed = await request(app).get(BASE).query({ keyword: renamed }).set(bearer(supportToken));
  expect(listed.body.content).toEqual([{ id, name: renamed }]);
  const found = await request(app)
    .post(`${BASE}/find_by_criteria`)
    .set(bearer(supportToken))
    .send({ name, ids: [id] });
  expect(found.status).toBe(200);
  expect(found.body).toEqual({ content: [{ id, name: renamed }], pagination: { total: 1, page: 0, size: 10 } });

  expect((await request(app).delete(`${BASE}/${id}`).set(bearer(superToken))).status).toBe(204);
  expect(await ModuleGroup.findByPk(id)).toBeNull();
  const types = (await ActivityLog.findAll({ where: { entityType: 'MODULE_GROUP', entityId: id }, order: [['id', 'ASC']] })).map((a) => a.type);
  expect(types).toEqual(['CREATED', 'UPDATED', 'DELETED']);
  const update = await ActivityLog.findOne({ where: { entityType: 'MODULE_GROUP', entityId: id, type: 'UPDATED' } });
  expect(update?.changes).toEqual({ name: { from: name, to: renamed } });
});

test('400 bad body, bad id, unknown criteria; 401; 403; 404 — nothing changes', async () => {
  const before = await ModuleGroup.count();
  expect((await request(app).post(BASE).set(bearer(superToken)).send({ name: '' })).body.errors).toEqual({ name: expect.any(String) });
  expect((await request(app).get(`${BASE}/0`).set(bearer(superToken))).body.errors).toEqual({ id: 'Invalid value' });
  expect((await request(app).post(`${BASE}/find_by_criteria`).set(bearer(superToken)).send({ colour: 'red' })).status).toBe(400);
  expect(
    (
      await request(app)
        .post(BASE)
        .send({ name: unique('x') })
    ).status,
  ).toBe(401);
  expect(
    (
      await request(app)
        .post(BASE)
        .set(bearer(supportToken))
        .send({ name: unique('x') })
    ).status,
  ).toBe(403);
  expect((await request(app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  expect((await request(app).get(`${BASE}/999999`).set(bearer(superToken))).status).toBe(404);
  expect(
    (
      await request(app)
        .put(`${BASE}/999999`)
        .set(bearer(superToken))
        .send({ name: unique('x') })
    ).status,
  ).toBe(404);
  expect((await request(app).delete(`${BASE}/999999`).set(bearer(superToken))).status).toBe(404);
  expect(await ModuleGroup.count()).toBe(before);
});

test("the rules' 409s: a rule refusing a delete, the unique index refusing a name; nothing changes", async () => {
  const locked = await ModuleGroup.create({ name: unique('Locked ') });
  const refused = await request(app).delete(`${BASE}/${locked.id}`).set(bearer(superToken));
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(Messages.MODULE_GROUP_IN_USE);
  expect(await ModuleGroup.findByPk(locked.id)).not.toBeNull();

  const clash = await request(app).post(BASE).set(bearer(superToken)).send({ name: locked.name });
  expect(clash.status).toBe(409);
  expect(clash.body.message).toBe(Messages.MODULE_GROUP_NAME_TAKEN);
  expect(await ModuleGroup.count({ where: { name: locked.name } })).toBe(1);
  expect(await ActivityLog.count({ where: { entityType: 'MODULE_GROUP', entityId: locked.id } })).toBe(0);
});
