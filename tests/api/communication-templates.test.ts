import request from 'supertest';
import { ActivityLog, Communication, CommunicationTemplate, CommunicationTemplateContent, EmailTemplate, OutboxMessage, Role } from '../../models';
import { hasPermission } from '../../models/permissions';
import { SEEDED_TEMPLATES } from '../../models/migrations/0015-product-email-templates';
import { TRANSFER_TEMPLATES } from '../../models/migrations/0022-transfer-withdrawal-emails';
import { CIRCLE_TEMPLATES } from '../../models/migrations/0027-circle-sign-ups';
import { COACH_INVITATION } from '../../models/migrations/0024-coaches';
import { INSTITUTE_PARAMS, PRODUCT_EMAIL_KEYS } from '../../api/communication-templates/product-emails';
import { sampleParams } from '../../api/communication-templates/communication-templates.service';
import { composeFromTemplate, loadTemplates, RECIPIENT_PARAMS } from '../../api/communications/compose';
import { checkPlaceholders } from '../../api/communications/render';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let admissions: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  admissions = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/communication_templates';
const MISSING = 999_999;
const key = () => unique('T_').toUpperCase();

type Template = { id: number; key: string; name: string; availableParams: string[]; contents?: Array<{ id: number; language: string }> };

async function makeTemplate(overrides: Record<string, unknown> = {}): Promise<Template> {
  const res = await request(t.app)
    .post(BASE)
    .set(bearer(admissions.token))
    .send({ name: unique('Welcome '), key: key(), category: 'ACADEMIC', availableParams: ['programName'], ...overrides });
  expect(res.status).toBe(201);
  return res.body;
}

async function addContent(id: number, body: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(`${BASE}/${id}/content`)
    .set(bearer(admissions.token))
    .send({ language: 'EN', subject: 'Welcome to {{programName}}', messageBodyTemplate: '<p>Hello {{firstName}}, welcome to {{programName}}.</p>', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; language: string };
}

describe('the seeded product emails (migrations 0015, 0022)', () => {
  test('every product email key is a system template with English and Spanish contents, wrapped by the Institute email template', async () => {
    const rows = await loadTemplates({ keys: PRODUCT_EMAIL_KEYS });
    expect(rows.map((r) => r.key).sort()).toEqual([...PRODUCT_EMAIL_KEYS].sort());
    expect([...SEEDED_TEMPLATES, ...TRANSFER_TEMPLATES, COACH_INVITATION, ...CIRCLE_TEMPLATES].map((s) => s.key).sort()).toEqual([...PRODUCT_EMAIL_KEYS].sort());
    for (const row of rows) {
      expect(row.system).toBe(true);
      expect(['ACCOUNT', 'ENROLLMENT', 'BILLING', 'ACADEMIC']).toContain(row.category);
      expect(row.contents.map((c) => c.language).sort()).toEqual(['EN', 'ES']);
      expect(row.emailTemplate).toMatchObject({ name: 'Institute', deleted: false });
      expect(row.availableParams).toEqual(expect.arrayContaining([...INSTITUTE_PARAMS]));
      // Every text uses only what the template declares (and the recipient's params).
      for (const c of row.contents) expect(checkPlaceholders({ subject: c.subject, body: c.messageBodyTemplate }, [...row.availableParams, ...RECIPIENT_PARAMS])).toEqual({});
    }
  });

  test.each(PRODUCT_EMAIL_KEYS)('%s renders in English and Spanish with sample params', async (templateKey) => {
    const [template] = await loadTemplates({ keys: [templateKey] });
    const params = sampleParams(template.availableParams, { firstName: 'Ana', providerName: 'Health Coach Institute' });
    const en = await composeFromTemplate(template, 'EN', params);
    const es = await composeFromTemplate(template, 'ES', params);
    for (const m of [en, es]) {
      expect(m.subject).toMatch(/^Health Coach Institute: /);
      expect(m.html).toContain('<!doctype html>');
      expect(m.html).toContain('Health Coach Institute');
      expect(m.text).not.toMatch(/\{\{|\}\}/);
      expect(m.inbox.length).toBeGreaterThan(0);
    }
    expect(en.text).toContain('Hello');
    expect(es.text).toContain('Hola');
    expect(en.subject).not.toBe(es.subject);
  });

  test('ADMISSIONS keeps templates; SUPPORT only reads them', async () => {
    const roles = await Role.findAll({ where: { name: ['ADMISSIONS', 'SUPPORT'] } });
    const of = (name: string) => roles.find((r) => r.name === name)!.permissions;
    expect(hasPermission(of('ADMISSIONS'), 'templates:delete')).toBe(true);
    expect(hasPermission(of('SUPPORT'), 'templates:read')).toBe(true);
    expect(hasPermission(of('SUPPORT'), 'templates:update')).toBe(false);
  });
});

describe('GET /api/communication_templates', () => {
  test('the filtered list: type, category, keyword on name or key, sorted; SUPPORT reads', async () => {
    const alert = await makeTemplate({ type: 'ALERT', category: 'MARKETING', name: unique('Promo ') });
    await addContent(alert.id, { subject: 'Hi', messageBodyTemplate: '<p>Hi</p>' });
    const res = await request(t.app)
      .get(BASE)
      .query({ type: 'ALERT', category: 'MARKETING', keyword: alert.key.slice(0, 12), sortBy: 'NAME', descending: true })
      .set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.content.map((c: Template) => c.id)).toContain(alert.id);
    for (const row of res.body.content) expect(row).toMatchObject({ type: 'ALERT', category: 'MARKETING' });
    expect(res.body.content.find((c: Template) => c.id === alert.id)).toMatchObject({
      key: alert.key,
      languages: ['EN'],
      system: false,
      recipientParams: ['firstName', 'lastName', 'fullName', 'email'],
    });
    const byName = await request(t.app).get(BASE).query({ keyword: alert.name }).set(bearer(supportToken));
    expect(byName.body.content.map((c: Template) => c.id)).toEqual([alert.id]);
  });

  test("the picker's call: types (repeated or comma-separated), size up to 200", async () => {
    const res = await request(t.app).get(BASE).query({ size: 500, types: 'MESSAGE,ALERT' }).set(bearer(superToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination.size).toBe(200);
    expect(res.body.content.map((c: Template) => c.key)).toEqual(expect.arrayContaining(['PASSWORD_RESET', 'PAYMENT_RECEIPT']));
    const messages = await request(t.app).get(`${BASE}?types=MESSAGE&types=MESSAGE&size=200`).set(bearer(superToken));
    expect(messages.body.content.every((c: { type: string }) => c.type === 'MESSAGE')).toBe(true);
  });

  test('400 for a bad sort or type; 401; 403 for a student', async () => {
    const bad = await request(t.app).get(BASE).query({ sortBy: 'subject', types: 'SMS', category: 'NOPE' }).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'sortBy', 'types.0']);
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('POST /api/communication_templates', () => {
  test('ADMISSIONS creates a template (201): key upper-cased, stored, logged', async () => {
    const wrapper = await EmailTemplate.create({ name: unique('Brand '), header: '<p>Brand</p>', footer: null });
    const k = key();
    const res = await request(t.app)
      .post(BASE)
      .set(bearer(admissions.token))
      .send({
        name: 'Module reminder',
        key: k.toLowerCase(),
        category: 'ACADEMIC',
        type: 'ALERT',
        sender: 'Courses@Example.com',
        fromName: 'Courses',
        bcc: 'a@example.com,b@example.com',
        availableParams: ['moduleName', 'openDate'],
        emailTemplateId: wrapper.id,
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      key: k,
      type: 'ALERT',
      sender: 'courses@example.com',
      availableParams: ['moduleName', 'openDate'],
      emailTemplate: { id: wrapper.id },
      system: false,
      contents: [],
      languages: [],
    });
    const row = await CommunicationTemplate.findByPk(res.body.id);
    expect(row).toMatchObject({ key: k, category: 'ACADEMIC', system: false, updatedById: admissions.user.id });
    expect(await ActivityLog.count({ where: { entityType: 'COMMUNICATION_TEMPLATE', entityId: row!.id, type: 'CREATED' } })).toBe(1);
  });

  test('409 TEMPLATE_KEY_TAKEN (a product email key too); nothing stored', async () => {
    const existing = await makeTemplate();
    const before = await CommunicationTemplate.count();
    for (const taken of [existing.key, 'password_reset']) {
      const res = await request(t.app).post(BASE).set(bearer(superToken)).send({ name: 'Copy', key: taken, category: 'ACCOUNT' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'TEMPLATE_KEY_TAKEN', message: 'A communication template with this key already exists' });
    }
    expect(await CommunicationTemplate.count()).toBe(before);
  });

  test('409 EMAIL_TEMPLATE_ARCHIVED; 400 for an email template that does not exist', async () => {
    const archived = await EmailTemplate.create({ name: unique('Old '), header: null, footer: null, deleted: true });
    const k = key();
    const res = await request(t.app).post(BASE).set(bearer(superToken)).send({ name: 'X', key: k, category: 'ACCOUNT', emailTemplateId: archived.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TEMPLATE_ARCHIVED', message: 'The email template is archived' });
    const missing = await request(t.app).post(BASE).set(bearer(superToken)).send({ name: 'X', key: k, category: 'ACCOUNT', emailTemplateId: MISSING });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ emailTemplateId: 'Invalid value' });
    expect(await CommunicationTemplate.count({ where: { key: k } })).toBe(0);
  });

  test('400 with field errors; 401; 403 for SUPPORT and a student; nothing stored', async () => {
    const before = await CommunicationTemplate.count();
    const bad = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ name: ' ', key: '1 bad', availableParams: ['ok', '2bad', 'ok'], sender: 'nope', bcc: 'a@example.com,nope', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: 'This field is required',
      key: expect.stringContaining('Capital letters'),
      category: expect.any(String),
      'availableParams.1': expect.stringContaining('Letters, digits'),
      availableParams: 'Each param once',
      sender: 'Please type your email in the format [name@example.com]',
      bcc: 'Please type your email in the format [name@example.com]',
      extra: 'Unknown field',
    });
    const body = { name: 'X', key: key(), category: 'ACCOUNT' };
    expect((await request(t.app).post(BASE).send(body)).status).toBe(401);
    expect((await request(t.app).post(BASE).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect((await request(t.app).post(BASE).set(bearer(studentToken)).send(body)).status).toBe(403);
    expect(await CommunicationTemplate.count()).toBe(before);
  });
});

describe('GET, PUT, DELETE /api/communication_templates/{id}', () => {
  test('GET: the template with its contents, English first; 404; 401; 403', async () => {
    const tpl = await makeTemplate();
    await addContent(tpl.id);
    await addContent(tpl.id, { language: 'ES', subject: 'Bienvenida a {{programName}}', messageBodyTemplate: '<p>Hola, {{firstName}}.</p>' });
    const res = await request(t.app).get(`${BASE}/${tpl.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tpl.id, languages: ['EN', 'ES'] });
    expect(res.body.contents.map((c: { language: string; subject: string }) => [c.language, c.subject])).toEqual([
      ['EN', 'Welcome to {{programName}}'],
      ['ES', 'Bienvenida a {{programName}}'],
    ]);
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${tpl.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${tpl.id}`).set(bearer(studentToken))).status).toBe(403);
  });

  test('PUT updates and logs; 400 when a content still uses a removed param (naming it), nothing changed', async () => {
    const tpl = await makeTemplate({ availableParams: ['programName', 'startDate'] });
    await addContent(tpl.id, { messageBodyTemplate: '<p>{{programName}} starts {{startDate}}</p>' });
    const body = { name: 'Renamed', key: tpl.key, category: 'ACADEMIC', availableParams: ['programName', 'startDate', 'coach'] };
    const res = await request(t.app).put(`${BASE}/${tpl.id}`).set(bearer(admissions.token)).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', availableParams: ['programName', 'startDate', 'coach'] });
    expect(await ActivityLog.count({ where: { entityType: 'COMMUNICATION_TEMPLATE', entityId: tpl.id, type: 'UPDATED' } })).toBe(1);

    const removed = await request(t.app)
      .put(`${BASE}/${tpl.id}`)
      .set(bearer(admissions.token))
      .send({ ...body, availableParams: ['coach'] });
    expect(removed.status).toBe(400);
    expect(removed.body.errors.availableParams).toBe('Still used by the contents: EN uses programName, startDate');
    expect((await CommunicationTemplate.findByPk(tpl.id))!.availableParams).toEqual(['programName', 'startDate', 'coach']);
  });

  test('PUT: 409 SYSTEM_TEMPLATE_KEY_FIXED for a product email (its texts and params stay editable); 409 TEMPLATE_KEY_TAKEN', async () => {
    const reset = (await CommunicationTemplate.findOne({ where: { key: 'PASSWORD_RESET' } }))!;
    const body = { name: reset.name, key: 'PASSWORD_RESET_2', category: reset.category, availableParams: reset.availableParams, emailTemplateId: reset.emailTemplateId };
    const fixed = await request(t.app).put(`${BASE}/${reset.id}`).set(bearer(superToken)).send(body);
    expect(fixed.status).toBe(409);
    expect(fixed.body).toMatchObject({ code: 'SYSTEM_TEMPLATE_KEY_FIXED', message: 'The key of a template the product sends cannot be changed' });
    expect((await CommunicationTemplate.findByPk(reset.id))!.key).toBe('PASSWORD_RESET');
    const kept = await request(t.app)
      .put(`${BASE}/${reset.id}`)
      .set(bearer(superToken))
      .send({ ...body, key: 'PASSWORD_RESET', description: 'Reset link' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ key: 'PASSWORD_RESET', description: 'Reset link', system: true });

    const a = await makeTemplate();
    const b = await makeTemplate();
    const taken = await request(t.app).put(`${BASE}/${b.id}`).set(bearer(superToken)).send({ name: b.name, key: a.key, category: 'ACADEMIC', availableParams: b.availableParams });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('TEMPLATE_KEY_TAKEN');
    expect((await CommunicationTemplate.findByPk(b.id))!.key).toBe(b.key);
  });

  test('PUT: 400; 404; 401; 403', async () => {
    const tpl = await makeTemplate();
    const body = { name: 'X', key: tpl.key, category: 'ACADEMIC' };
    const bad = await request(t.app)
      .put(`${BASE}/${tpl.id}`)
      .set(bearer(superToken))
      .send({ ...body, category: 'SPAM' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('category');
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(superToken)).send(body)).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${tpl.id}`).send(body)).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${tpl.id}`).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect((await CommunicationTemplate.findByPk(tpl.id))!.name).toBe(tpl.name);
  });

  test('DELETE removes the template and its contents (204, logged)', async () => {
    const tpl = await makeTemplate();
    await addContent(tpl.id);
    const res = await request(t.app).delete(`${BASE}/${tpl.id}`).set(bearer(admissions.token));
    expect(res.status).toBe(204);
    expect(await CommunicationTemplate.findByPk(tpl.id)).toBeNull();
    expect(await CommunicationTemplateContent.count({ where: { communicationTemplateId: tpl.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityType: 'COMMUNICATION_TEMPLATE', entityId: tpl.id, type: 'DELETED' } })).toBe(1);
  });

  test('DELETE: 409 SYSTEM_TEMPLATE_NOT_DELETED; 409 TEMPLATE_IN_USE by a communication; 404; 401; 403', async () => {
    const receipt = (await CommunicationTemplate.findOne({ where: { key: 'PAYMENT_RECEIPT' } }))!;
    const system = await request(t.app).delete(`${BASE}/${receipt.id}`).set(bearer(superToken));
    expect(system.status).toBe(409);
    expect(system.body).toMatchObject({ code: 'SYSTEM_TEMPLATE_NOT_DELETED', message: 'A template the product sends cannot be deleted' });
    expect(await CommunicationTemplate.findByPk(receipt.id)).not.toBeNull();

    const used = await makeTemplate();
    await addContent(used.id);
    await Communication.create({ subject: 'Hello', scheduledAt: new Date(), communicationTemplateId: used.id });
    const inUse = await request(t.app).delete(`${BASE}/${used.id}`).set(bearer(superToken));
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'TEMPLATE_IN_USE', message: 'The template is used by communications or modules', details: { communications: 1 } });
    expect(await CommunicationTemplateContent.count({ where: { communicationTemplateId: used.id } })).toBe(1);

    const tpl = await makeTemplate();
    expect((await request(t.app).delete(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(`${BASE}/${tpl.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${tpl.id}`).set(bearer(supportToken))).status).toBe(403);
    expect(await CommunicationTemplate.findByPk(tpl.id)).not.toBeNull();
  });
});

describe('/api/communication_templates/{id}/content', () => {
  test('a first content must be English (409), one per language (409), every placeholder available (400 on its field)', async () => {
    const tpl = await makeTemplate();
    const spanishFirst = await request(t.app)
      .post(`${BASE}/${tpl.id}/content`)
      .set(bearer(superToken))
      .send({ language: 'ES', subject: 'Hola', messageBodyTemplate: '<p>Hola</p>' });
    expect(spanishFirst.status).toBe(409);
    expect(spanishFirst.body).toMatchObject({ code: 'ENGLISH_TEMPLATE_REQUIRED', message: 'At least one English template required' });

    const en = await addContent(tpl.id);
    expect(en).toMatchObject({ language: 'EN', communicationTemplateId: tpl.id, subject: 'Welcome to {{programName}}' });
    expect(await ActivityLog.count({ where: { entityType: 'COMMUNICATION_TEMPLATE_CONTENT', entityId: en.id, type: 'CREATED' } })).toBe(1);
    const again = await request(t.app).post(`${BASE}/${tpl.id}/content`).set(bearer(superToken)).send({ language: 'EN', subject: 'Again', messageBodyTemplate: '<p>x</p>' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'LANGUAGE_TEMPLATE_EXISTS', message: 'Language template exists' });

    const unknown = await request(t.app)
      .post(`${BASE}/${tpl.id}/content`)
      .set(bearer(superToken))
      .send({ language: 'ES', subject: 'Hola {{nickname}}', messageBodyTemplate: '<p>{{programName}} {{coach}} {{startDate}}</p>', inboxTemplate: '{{{raw}}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({
      subject: 'Unknown placeholder: nickname',
      messageBodyTemplate: 'Unknown placeholders: coach, startDate',
      inboxTemplate: expect.stringContaining('Raw placeholders'),
    });
    const bad = await request(t.app).post(`${BASE}/${tpl.id}/content`).set(bearer(superToken)).send({ language: 'FR', subject: ' ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['language', 'messageBodyTemplate', 'subject']);
    expect(await CommunicationTemplateContent.count({ where: { communicationTemplateId: tpl.id } })).toBe(1);
  });

  test('list, get, update; English stays English (409) and another content cannot take a used language (409)', async () => {
    const tpl = await makeTemplate();
    const en = await addContent(tpl.id);
    const es = await addContent(tpl.id, { language: 'ES', subject: 'Bienvenida', messageBodyTemplate: '<p>Hola</p>' });
    const list = await request(t.app).get(`${BASE}/${tpl.id}/content`).set(bearer(supportToken));
    expect(list.status).toBe(200);
    expect(list.body.content.map((c: { id: number }) => c.id)).toEqual([en.id, es.id]);
    expect(list.body.pagination).toMatchObject({ total: 2, size: 100 });
    expect((await request(t.app).get(`${BASE}/${tpl.id}/content/${es.id}`).set(bearer(supportToken))).body).toMatchObject({ id: es.id, language: 'ES' });

    const updated = await request(t.app)
      .put(`${BASE}/${tpl.id}/content/${es.id}`)
      .set(bearer(admissions.token))
      .send({ language: 'ES', subject: 'Le damos la bienvenida a {{programName}}', messageBodyTemplate: '<p>Hola, {{firstName}}</p>', inboxTemplate: 'Hola' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ subject: 'Le damos la bienvenida a {{programName}}', inboxTemplate: 'Hola', updatedBy: { id: admissions.user.id } });

    const away = await request(t.app).put(`${BASE}/${tpl.id}/content/${en.id}`).set(bearer(superToken)).send({ language: 'ES', subject: 'x', messageBodyTemplate: 'x' });
    expect(away.status).toBe(409);
    expect(away.body.code).toBe('ENGLISH_TEMPLATE_REQUIRED');
    const onto = await request(t.app).put(`${BASE}/${tpl.id}/content/${es.id}`).set(bearer(superToken)).send({ language: 'EN', subject: 'x', messageBodyTemplate: 'x' });
    expect(onto.status).toBe(409);
    expect(onto.body.code).toBe('LANGUAGE_TEMPLATE_EXISTS');
    const unknown = await request(t.app)
      .put(`${BASE}/${tpl.id}/content/${es.id}`)
      .set(bearer(superToken))
      .send({ language: 'ES', subject: 'x', messageBodyTemplate: '{{#if vip}}VIP{{/if}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ messageBodyTemplate: 'Unknown placeholder: vip' });
    expect((await CommunicationTemplateContent.findByPk(es.id))!.subject).toBe('Le damos la bienvenida a {{programName}}');
    expect((await CommunicationTemplateContent.findByPk(en.id))!.language).toBe('EN');
  });

  test('delete: the Spanish content goes (204); the English one never (409)', async () => {
    const tpl = await makeTemplate();
    const en = await addContent(tpl.id);
    const es = await addContent(tpl.id, { language: 'ES', subject: 'Hola', messageBodyTemplate: '<p>Hola</p>' });
    const english = await request(t.app).delete(`${BASE}/${tpl.id}/content/${en.id}`).set(bearer(superToken));
    expect(english.status).toBe(409);
    expect(english.body).toMatchObject({ code: 'ENGLISH_TEMPLATE_REQUIRED', message: 'At least one English template required' });
    expect((await request(t.app).delete(`${BASE}/${tpl.id}/content/${es.id}`).set(bearer(admissions.token))).status).toBe(204);
    expect((await CommunicationTemplateContent.findAll({ where: { communicationTemplateId: tpl.id } })).map((c) => c.language)).toEqual(['EN']);
  });

  test('400 for a bad list query; 404 for a missing template or a content of another template; 401; 403', async () => {
    const a = await makeTemplate();
    const b = await makeTemplate();
    const ofA = await addContent(a.id);
    const bad = await request(t.app).get(`${BASE}/${a.id}/content`).query({ keyword: 'x', sortBy: 'subject' }).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['keyword', 'sortBy']);
    expect((await request(t.app).get(`${BASE}/${MISSING}/content`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${MISSING}/content`).set(bearer(superToken)).send({ language: 'EN', subject: 'x', messageBodyTemplate: 'x' })).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${b.id}/content/${ofA.id}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(`${BASE}/${b.id}/content/${ofA.id}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${a.id}/content`)).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${a.id}/content`).set(bearer(supportToken)).send({ language: 'ES', subject: 'x', messageBodyTemplate: 'x' })).status).toBe(403);
    expect((await request(t.app).delete(`${BASE}/${a.id}/content/${ofA.id}`).set(bearer(studentToken))).status).toBe(403);
    expect(await CommunicationTemplateContent.count({ where: { communicationTemplateId: [a.id, b.id] } })).toBe(1);
  });
});

describe('POST /api/communication_templates/{id}/content/{contentId}/preview', () => {
  test('renders the content with sample values, or the editor’s unsaved texts and given params', async () => {
    const tpl = await makeTemplate();
    const en = await addContent(tpl.id);
    const res = await request(t.app).post(`${BASE}/${tpl.id}/content/${en.id}/preview`).set(bearer(supportToken)).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'EN', subject: 'Welcome to [programName]' });
    expect(res.body.html).toContain('Hello [firstName], welcome to [programName].');
    expect(res.body.text).toContain('Hello [firstName], welcome to [programName].');

    const draft = await request(t.app)
      .post(`${BASE}/${tpl.id}/content/${en.id}/preview`)
      .set(bearer(superToken))
      .send({
        subject: 'Draft {{programName}}',
        messageBodyTemplate: '<p>Dear {{fullName}} <b>&</b> {{programName}}</p>',
        params: { programName: '<Coaching>', fullName: 'Ana Díaz' },
      });
    expect(draft.status).toBe(200);
    expect(draft.body.subject).toBe('Draft <Coaching>');
    expect(draft.body.html).toContain('Dear Ana Díaz <b>&</b> &lt;Coaching&gt;');
    // Nothing saved.
    expect((await CommunicationTemplateContent.findByPk(en.id))!.subject).toBe('Welcome to {{programName}}');
  });

  test('400 for an unknown placeholder in the draft; 404; 401; 403 for a student', async () => {
    const tpl = await makeTemplate();
    const en = await addContent(tpl.id);
    const bad = await request(t.app).post(`${BASE}/${tpl.id}/content/${en.id}/preview`).set(bearer(superToken)).send({ messageBodyTemplate: '{{secret}}' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ messageBodyTemplate: 'Unknown placeholder: secret' });
    expect((await request(t.app).post(`${BASE}/${tpl.id}/content/${MISSING}/preview`).set(bearer(superToken)).send({})).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${tpl.id}/content/${en.id}/preview`).send({})).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${tpl.id}/content/${en.id}/preview`).set(bearer(studentToken)).send({})).status).toBe(403);
  });
});

describe('POST /api/communication_templates/{id}/send_test_email', () => {
  test("sends the content to the signed-in administrator's address, subject marked [TEST], through the outbox", async () => {
    const reset = (await CommunicationTemplate.findOne({ where: { key: 'PASSWORD_RESET' } }))!;
    const res = await request(t.app).post(`${BASE}/${reset.id}/send_test_email`).set(bearer(admissions.token)).send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ to: admissions.email, subject: '[TEST] [providerName]: reset your password', language: 'EN' });
    const mail = await OutboxMessage.findOne({ where: { toAddress: admissions.email, subject: res.body.subject } });
    expect(mail).toMatchObject({ templateKey: 'PASSWORD_RESET', status: 'SENT' });
    expect(mail!.textBody).toContain('[link]');
    expect(mail!.htmlBody).toContain('Health Coach Institute');
  });

  test('to another address, in Spanish, with given params', async () => {
    const receipt = (await CommunicationTemplate.findOne({ where: { key: 'PAYMENT_RECEIPT' } }))!;
    const to = `${unique('qa')}@example.com`;
    const res = await request(t.app)
      .post(`${BASE}/${receipt.id}/send_test_email`)
      .set(bearer(superToken))
      .send({ email: to, language: 'ES', params: { providerName: 'Health Coach Institute', amount: '$120.00' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ to, subject: '[TEST] Health Coach Institute: recibo de su pago de $120.00', language: 'ES' });
    expect(await OutboxMessage.count({ where: { toAddress: to, templateKey: 'PAYMENT_RECEIPT' } })).toBe(1);
  });

  test('409 ENGLISH_TEMPLATE_REQUIRED for a template without contents; 400; 404; 401; 403 for SUPPORT; nothing sent', async () => {
    const empty = await makeTemplate();
    const to = `${unique('qa')}@example.com`;
    const none = await request(t.app).post(`${BASE}/${empty.id}/send_test_email`).set(bearer(superToken)).send({ email: to });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('ENGLISH_TEMPLATE_REQUIRED');
    const bad = await request(t.app).post(`${BASE}/${empty.id}/send_test_email`).set(bearer(superToken)).send({ email: 'nope', language: 'FR' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'language']);
    expect((await request(t.app).post(`${BASE}/${MISSING}/send_test_email`).set(bearer(superToken)).send({ email: to })).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${empty.id}/send_test_email`).send({ email: to })).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${empty.id}/send_test_email`).set(bearer(supportToken)).send({ email: to })).status).toBe(403);
    expect(await OutboxMessage.count({ where: { toAddress: to } })).toBe(0);
  });
});
