import request from 'supertest';
import { Op } from 'sequelize';
import { Communication, CommunicationIntent, CommunicationTemplate, CommunicationTemplateContent, EmailTemplate, Enrollment, Role, Student } from '../../models';
import { materialiseCommunication, materialiseDueCommunications } from '../../api/communications/communications.service';
import { DEMO_COMMUNICATION_SUBJECT, seedCommunicationsDemo } from '../../seeders/communications-demo';
import { setupApp, type TestApp } from '../support/app';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * Communications staff write (issue 17; back-office spec §7 "Communications"): every call with its
 * happy path, 400, 401, 403, 404 and each 409, the database after; recipients → intents set-based and
 * idempotent; FILTER recipients equal the criteria's students.
 */

let t: TestApp;
let admin: string;
let support: string;
let none: string;
let student: Awaited<ReturnType<typeof makeStudent>>;
let product: EnrollableProduct;

beforeAll(async () => {
  t = await setupApp();
  admin = (await makeAdmin(t.deps)).token;
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  const role = await Role.create({ name: unique('NOCOMMS').toUpperCase(), description: 'Students only', permissions: ['students:read'], system: false } as never);
  none = (await makeAdmin(t.deps, { roles: [role.name] })).token;
  student = await makeStudent(t.deps);
  product = await makeEnrollableProduct({ flow: [] });
});
afterAll(() => t.close());

const api = (token?: string) => ({
  get: (path: string) => (token ? request(t.app).get(`/api${path}`).set(bearer(token)) : request(t.app).get(`/api${path}`)),
  post: (path: string, body: object = {}) => (token ? request(t.app).post(`/api${path}`).set(bearer(token)) : request(t.app).post(`/api${path}`)).send(body),
  put: (path: string, body: object = {}) => (token ? request(t.app).put(`/api${path}`).set(bearer(token)) : request(t.app).put(`/api${path}`)).send(body),
});

/** A student in a class now (an ENROLLED application and its ACTIVE enrollment): BROADCAST reaches them. */
async function enrolledStudent(overrides: Parameters<typeof makeStudent>[1] = {}) {
  const s = await makeStudent(t.deps, overrides);
  const application = await makeApplication(s.student.id, product, { status: 'ENROLLED' });
  const cohort = product.cohorts[0];
  await Enrollment.create({
    applicationId: application.id,
    studentId: s.student.id,
    cohortId: cohort.id,
    programId: cohort.programId,
    status: 'ACTIVE',
    enrolledAt: new Date(),
    updatedById: null,
    updatedByName: null,
  });
  return s;
}

async function makeTemplate(opts: { category?: string; availableParams?: string[]; contents?: Array<{ language: 'EN' | 'ES'; subject: string; body: string }> } = {}) {
  const template = await CommunicationTemplate.create({
    name: unique('Template '),
    key: unique('KEY_').toUpperCase(),
    category: (opts.category ?? 'ACADEMIC') as never,
    availableParams: opts.availableParams ?? ['courseName'],
  });
  for (const c of opts.contents ?? [
    { language: 'EN', subject: 'Welcome to {{courseName}}', body: '<p>Hello {{firstName}}, {{courseName}} starts soon.</p>' },
    { language: 'ES', subject: 'Bienvenida a {{courseName}}', body: '<p>Hola {{firstName}}, {{courseName}} empieza pronto.</p>' },
  ]) {
    await CommunicationTemplateContent.create({ communicationTemplateId: template.id, language: c.language, subject: c.subject, messageBodyTemplate: c.body });
  }
  return template;
}

const intentsOf = (communicationId: number) => CommunicationIntent.findAll({ where: { communicationId }, order: [['id', 'ASC']] });
const message = (subject = unique('Subject ')) => ({ subject, longMessageBody: '<p>Hello {{firstName}}</p>', shortMessageBody: 'Hello {{firstName}}' });

describe('POST /communications', () => {
  test('NOW to SPECIFIC students: 201 CREATED with the defaults, category forced; its intents at once, one per recipient and channel, status SENDING', async () => {
    const a = await makeStudent(t.deps, { languageIso2LetterCode: 'ES' });
    const b = await makeStudent(t.deps);
    const res = await api(admin).post('/communications', {
      ...message(),
      category: 'MARKETING',
      recipientType: 'SPECIFIC',
      recipients: [a.student.id, b.student.id, a.student.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'MESSAGE',
      category: 'MANUAL_NOTIFICATION',
      recipientType: 'SPECIFIC',
      scheduleType: 'NOW',
      status: 'SENDING',
      recipientCount: 2,
      recipients: [a.student.id, b.student.id],
    });
    expect(res.body.intentCounts).toEqual({ CREATED: 4, SENDING: 0, SENT: 0, FAILED: 0 });
    const row = await Communication.findByPk(res.body.id);
    expect(row).toMatchObject({ category: 'MANUAL_NOTIFICATION', status: 'SENDING', recipientCount: 2 });
    expect(row!.sentAt).not.toBeNull();
    const intents = await intentsOf(res.body.id);
    expect(intents.map((i) => [i.studentId, i.channel, i.status, i.language, i.toAddress, i.dedupeKey]).sort()).toEqual(
      [
        [a.student.id, 'EMAIL', 'CREATED', 'ES', a.email, `c:${res.body.id}:${a.student.id}:EMAIL`],
        [a.student.id, 'INBOX', 'CREATED', 'ES', a.email, `c:${res.body.id}:${a.student.id}:INBOX`],
        [b.student.id, 'EMAIL', 'CREATED', 'EN', b.email, `c:${res.body.id}:${b.student.id}:EMAIL`],
        [b.student.id, 'INBOX', 'CREATED', 'EN', b.email, `c:${res.body.id}:${b.student.id}:INBOX`],
      ].sort(),
    );
    expect(intents.every((i) => i.nextAttemptAt.getTime() <= Date.now() && i.attempts === 0)).toBe(true);
  });

  test('BROADCAST reaches active students (account active, in a class now), not applicants, deactivated or archived ones', async () => {
    const enrolled = await enrolledStudent();
    const applicant = await makeStudent(t.deps);
    await makeApplication(applicant.student.id, product, { status: 'APPLIED' });
    const deactivated = await enrolledStudent({ active: false });
    const archived = await enrolledStudent({ archived: true });
    const res = await api(admin).post('/communications', message());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ recipientType: 'BROADCAST', status: 'SENDING' });
    const reached = new Set((await intentsOf(res.body.id)).map((i) => i.studentId));
    expect(reached.has(enrolled.student.id)).toBe(true);
    for (const s of [applicant, deactivated, archived]) expect(reached.has(s.student.id)).toBe(false);
    // The stored count is the students reached (the database is shared with other suites: count them the same way).
    const expected = await Student.count({
      where: {
        archived: false,
        isStudent: true,
        active: true,
        id: { [Op.in]: (await Enrollment.findAll({ attributes: ['studentId'], where: { status: ['ACTIVE', 'RETAKING'] } })).map((e) => e.studentId) },
      },
    });
    expect(res.body.recipientCount).toBe(expected);
    expect(reached.size).toBe(expected);
  });

  test('FILTER: the recipients are exactly the students the criteria find (POST /students/find_by_criteria), and /communications/filter counts them', async () => {
    const token = unique('Filt');
    const matching = [await makeStudent(t.deps, { lastName: `${token}One` }), await makeStudent(t.deps, { lastName: `${token}Two`, languageIso2LetterCode: 'ES' })];
    await makeStudent(t.deps, { lastName: `${token}Gone`, archived: true });
    await makeStudent(t.deps, { lastName: unique('Other') });
    const criteria = { name: token };
    const found = await api(admin).post('/students/find_by_criteria?size=100', criteria);
    expect(found.status).toBe(200);
    const filter = await api(admin).post('/communications/filter?size=1', criteria);
    expect(filter.status).toBe(200);
    expect(filter.body.pagination.total).toBe(2);
    expect(filter.body.content).toHaveLength(1);
    expect(Object.keys(filter.body.content[0]).sort()).toEqual(['active', 'email', 'firstName', 'id', 'languageIso2LetterCode', 'lastName']);

    const res = await api(admin).post('/communications', { ...message(), recipientType: 'FILTER', searchFilter: criteria });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ recipientType: 'FILTER', searchFilter: criteria, recipientCount: 2 });
    const reached = [...new Set((await intentsOf(res.body.id)).map((i) => i.studentId))].sort();
    expect(reached).toEqual(found.body.content.map((s: { id: number }) => s.id).sort());
    expect(reached).toEqual(matching.map((s) => s.student.id).sort());
  });

  test('FUTURE: SCHEDULED at the date and 12-hour time in America/New_York, no intents until due; the job then makes them', async () => {
    const res = await api(admin).post('/communications', {
      ...message(),
      recipientType: 'SPECIFIC',
      recipients: [student.student.id],
      scheduleType: 'FUTURE',
      scheduleDate: '01-15-2099',
      scheduleTime: '2:30 PM',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'SCHEDULED', scheduleDate: '2099-01-15', scheduleTime: '14:30', recipientCount: 0, sentAt: null });
    expect(new Date(res.body.scheduledAt).toISOString()).toBe('2099-01-15T19:30:00.000Z');
    expect(await intentsOf(res.body.id)).toEqual([]);
    // Summer time: 24-hour input, EDT (UTC-4).
    const summer = await api(admin).post('/communications', { ...message(), scheduleType: 'FUTURE', scheduleDate: '2099-07-04', scheduleTime: '09:05' });
    expect(new Date(summer.body.scheduledAt).toISOString()).toBe('2099-07-04T13:05:00.000Z');

    expect(await materialiseDueCommunications(t.deps, new Date())).toBeGreaterThanOrEqual(0);
    expect((await Communication.findByPk(res.body.id))!.status).toBe('SCHEDULED');
    await Communication.update({ scheduledAt: new Date(Date.now() - 1000) }, { where: { id: res.body.id } });
    expect(await materialiseDueCommunications(t.deps, new Date())).toBeGreaterThanOrEqual(1);
    const after = await Communication.findByPk(res.body.id);
    expect(after).toMatchObject({ status: 'SENDING', recipientCount: 1 });
    expect((await intentsOf(res.body.id)).map((i) => i.channel).sort()).toEqual(['EMAIL', 'INBOX']);
  });

  test('409 when a FUTURE date and time is not in the future (New York time); nothing saved', async () => {
    const subject = unique('Past ');
    const res = await api(admin).post('/communications', { ...message(subject), scheduleType: 'FUTURE', scheduleDate: '2020-01-01', scheduleTime: '10:00 AM' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SCHEDULED_DATE_NOT_FUTURE', message: 'Scheduled date must be in the future' });
    expect(await Communication.count({ where: { subject } })).toBe(0);
  });

  test('400: what each choice needs, placeholders the params do not give (named), unknown students and templates; nothing saved', async () => {
    const subject = unique('Bad ');
    const missing = await api(admin).post('/communications', { recipientType: 'SPECIFIC', scheduleType: 'FUTURE' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      recipients: 'This field is required',
      scheduleDate: 'This field is required',
      scheduleTime: 'This field is required',
      subject: 'This field is required',
      longMessageBody: 'This field is required',
    });

    const filterless = await api(admin).post('/communications', { ...message(subject), recipientType: 'FILTER', searchFilter: {} });
    expect(filterless.body.errors).toEqual({ searchFilter: 'Choose at least one criterion' });

    const placeholders = await api(admin).post('/communications', { subject: 'Hi {{firstName}} {{cohortName}}', longMessageBody: '{{#if vip}}VIP{{/if}} {{amount}}' });
    expect(placeholders.status).toBe(400);
    expect(placeholders.body.errors).toEqual({ subject: 'Unknown placeholder: cohortName', longMessageBody: 'Unknown placeholders: amount, vip' });
    const given = await api(admin).post('/communications', {
      subject: `${subject} {{cohortName}}`,
      longMessageBody: 'x',
      params: { cohortName: 'Spring' },
      recipientType: 'SPECIFIC',
      recipients: [student.student.id],
    });
    expect(given.status).toBe(201);

    const unknownStudent = await api(admin).post('/communications', { ...message(subject), recipientType: 'SPECIFIC', recipients: [student.student.id, 2147483000] });
    expect(unknownStudent.body.errors).toEqual({ recipients: 'Unknown students: 2147483000' });

    const bad = await api(admin).post('/communications', {
      ...message(subject),
      recipientType: 'EVERYONE',
      scheduleTime: '25:00',
      scheduleDate: '02-30-2030',
      communicationTemplateId: 2147483000,
      emailTemplateId: 2147483000,
      extra: 1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['extra', 'recipientType', 'scheduleDate', 'scheduleTime']);
    const refs = await api(admin).post('/communications', { ...message(subject), communicationTemplateId: 2147483000, emailTemplateId: 2147483000 });
    expect(refs.body.errors).toEqual({ communicationTemplateId: 'Unknown communication template', emailTemplateId: 'Unknown email template' });

    const template = await makeTemplate();
    const noParams = await api(admin).post('/communications', { communicationTemplateId: template.id });
    expect(noParams.body.errors).toEqual({ params: 'Missing params: courseName' });
    const extraParams = await api(admin).post('/communications', { communicationTemplateId: template.id, params: { courseName: 'HCTP', other: 1 } });
    expect(extraParams.body.errors).toEqual({ params: 'Unknown params: other' });
    expect(await Communication.count({ where: { subject: { [Op.like]: `${subject}%` } } })).toBe(1);
  });

  test('a template with params: subject from its English content; a MARKETING one skips the email of students who opted out (the inbox still gets it)', async () => {
    const template = await makeTemplate({ category: 'MARKETING' });
    const optedOut = await makeStudent(t.deps, { emailOptIn: false });
    const optedIn = await makeStudent(t.deps);
    const res = await api(admin).post('/communications', {
      communicationTemplateId: template.id,
      params: { courseName: 'HCTP' },
      recipientType: 'SPECIFIC',
      recipients: [optedOut.student.id, optedIn.student.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject: 'Welcome to {{courseName}}', category: 'MANUAL_NOTIFICATION', recipientCount: 2, params: { courseName: 'HCTP' } });
    expect(res.body.communicationTemplate).toMatchObject({ id: template.id, category: 'MARKETING' });
    const intents = await intentsOf(res.body.id);
    expect(intents.filter((i) => i.studentId === optedOut.student.id).map((i) => i.channel)).toEqual(['INBOX']);
    expect(
      intents
        .filter((i) => i.studentId === optedIn.student.id)
        .map((i) => i.channel)
        .sort(),
    ).toEqual(['EMAIL', 'INBOX']);
  });

  test('401 without a token; 403 for a role without communications:create (SUPPORT reads only)', async () => {
    expect((await api().post('/communications', message())).status).toBe(401);
    const subject = unique('Denied ');
    expect((await api(support).post('/communications', message(subject))).status).toBe(403);
    expect((await api(student.token).post('/communications', message(subject))).status).toBe(403);
    expect(await Communication.count({ where: { subject } })).toBe(0);
  });
});

describe('intents: set-based creation is idempotent', () => {
  test('running it again creates none twice; a communication already sending is left alone', async () => {
    const a = await makeStudent(t.deps);
    const res = await api(admin).post('/communications', { ...message(), recipientType: 'SPECIFIC', recipients: [a.student.id] });
    const before = (await intentsOf(res.body.id)).map((i) => i.id);
    expect(before).toHaveLength(2);
    expect(await materialiseCommunication(t.deps, res.body.id)).toEqual({ materialised: false, recipientCount: 1 });
    // As if a run had died after its inserts and before its status: the next run inserts nothing new.
    await Communication.update({ status: 'CREATED' }, { where: { id: res.body.id } });
    expect(await materialiseCommunication(t.deps, res.body.id)).toEqual({ materialised: true, recipientCount: 1 });
    expect((await intentsOf(res.body.id)).map((i) => i.id)).toEqual(before);
    expect((await Communication.findByPk(res.body.id))!.status).toBe('SENDING');
  });

  test('nobody matching: SENT with no recipients', async () => {
    const res = await api(admin).post('/communications', { ...message(), recipientType: 'FILTER', searchFilter: { name: unique('Nobody') } });
    expect(res.body).toMatchObject({ status: 'SENT', recipientCount: 0 });
    expect(await intentsOf(res.body.id)).toEqual([]);
  });
});

describe('GET /communications and /communications/{id}', () => {
  test('list: last sent first, keyword on the subject, categories and statuses; SUPPORT reads; 401; 403', async () => {
    const word = unique('Listed');
    const first = await api(admin).post('/communications', { ...message(`${word} one`), recipientType: 'SPECIFIC', recipients: [student.student.id] });
    const second = await api(admin).post('/communications', { ...message(`${word} two`), recipientType: 'SPECIFIC', recipients: [student.student.id] });
    const scheduled = await api(admin).post('/communications', { ...message(`${word} later`), scheduleType: 'FUTURE', scheduleDate: '2099-01-01', scheduleTime: '08:00' });
    const list = await api(support).get(`/communications?keyword=${word}`);
    expect(list.status).toBe(200);
    expect(list.body.content.map((c: { id: number }) => c.id)).toEqual([second.body.id, first.body.id, scheduled.body.id]);
    expect(list.body.pagination).toEqual({ total: 3, page: 0, size: 10 });
    expect(list.body.content[0]).toMatchObject({ subject: `${word} two`, status: 'SENDING', recipientCount: 1, category: 'MANUAL_NOTIFICATION' });

    const byStatus = await api(admin).get(`/communications?keyword=${word}&statuses=SCHEDULED`);
    expect(byStatus.body.content.map((c: { id: number }) => c.id)).toEqual([scheduled.body.id]);
    const byCategory = await api(admin).get(`/communications?keyword=${word}&categories=MARKETING,BILLING`);
    expect(byCategory.body.content).toEqual([]);
    expect((await api(admin).get(`/communications?keyword=${word}&categories=MANUAL_NOTIFICATION`)).body.pagination.total).toBe(3);
    expect((await api(admin).get('/communications?sortBy=nope')).status).toBe(400);
    expect((await api(admin).get('/communications?statuses=LOST')).status).toBe(400);
    expect((await api().get('/communications')).status).toBe(401);
    expect((await api(none).get('/communications')).status).toBe(403);
  });

  test('one: the whole record with its intent counts; 404; 400 for a bad id; 401; 403', async () => {
    const created = await api(admin).post('/communications', { ...message(), header: 'News', recipientType: 'SPECIFIC', recipients: [student.student.id] });
    const res = await api(support).get(`/communications/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      header: 'News',
      longMessageBody: '<p>Hello {{firstName}}</p>',
      intentCounts: { CREATED: 2, SENDING: 0, SENT: 0, FAILED: 0 },
    });
    expect(res.body.updatedBy).toMatchObject({ name: expect.any(String) });
    expect((await api(admin).get('/communications/2147483000')).status).toBe(404);
    expect((await api(admin).get('/communications/abc')).status).toBe(400);
    expect((await api().get(`/communications/${created.body.id}`)).status).toBe(401);
    expect((await api(none).get(`/communications/${created.body.id}`)).status).toBe(403);
  });
});

describe('PUT /communications/{id}', () => {
  test('a SCHEDULED one changes (still in the future); changed to NOW it goes out at once', async () => {
    const created = await api(admin).post('/communications', {
      ...message(),
      recipientType: 'SPECIFIC',
      recipients: [student.student.id],
      scheduleType: 'FUTURE',
      scheduleDate: '2099-03-01',
      scheduleTime: '10:00 AM',
    });
    const subject = unique('Changed ');
    const res = await api(admin).put(`/communications/${created.body.id}`, { ...created.body, subject, scheduleTime: '11:15 PM' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject, status: 'SCHEDULED', scheduleTime: '23:15' });
    expect((await Communication.findByPk(created.body.id))!.scheduledAt.toISOString()).toBe('2099-03-02T04:15:00.000Z');

    const now = await api(admin).put(`/communications/${created.body.id}`, { ...res.body, scheduleType: 'NOW' });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ status: 'SENDING', recipientCount: 1, scheduleDate: null, scheduleTime: null });
    expect(await CommunicationIntent.count({ where: { communicationId: created.body.id } })).toBe(2);
  });

  test('409 once it is sending (nothing changed), 409 for a past date, 400, 404, 401, 403', async () => {
    const sending = await api(admin).post('/communications', { ...message(), recipientType: 'SPECIFIC', recipients: [student.student.id] });
    const refused = await api(admin).put(`/communications/${sending.body.id}`, { ...message('Too late') });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'COMMUNICATION_ALREADY_SENDING', message: 'The communication is already being sent and can no longer be changed' });
    expect((await Communication.findByPk(sending.body.id))!.subject).toBe(sending.body.subject);

    const scheduled = await api(admin).post('/communications', { ...message(), scheduleType: 'FUTURE', scheduleDate: '2099-03-01', scheduleTime: '10:00' });
    const past = await api(admin).put(`/communications/${scheduled.body.id}`, { ...message(), scheduleType: 'FUTURE', scheduleDate: '2001-03-01', scheduleTime: '10:00' });
    expect(past.status).toBe(409);
    expect(past.body.code).toBe('SCHEDULED_DATE_NOT_FUTURE');
    expect((await Communication.findByPk(scheduled.body.id))!.scheduleDate).toBe('2099-03-01');
    const invalid = await api(admin).put(`/communications/${scheduled.body.id}`, { subject: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ subject: 'This field is required' });
    expect((await api(admin).put('/communications/2147483000', message())).status).toBe(404);
    expect((await api().put(`/communications/${scheduled.body.id}`, message())).status).toBe(401);
    expect((await api(support).put(`/communications/${scheduled.body.id}`, message())).status).toBe(403);
    expect((await Communication.findByPk(scheduled.body.id))!.status).toBe('SCHEDULED');
  });
});

describe('intents of a communication, resend, resend all failed', () => {
  test('paged with the student, channel, status, attempts, last error; filters; 404; 401; 403', async () => {
    const a = await makeStudent(t.deps);
    const b = await makeStudent(t.deps);
    const created = await api(admin).post('/communications', { ...message(), recipientType: 'SPECIFIC', recipients: [a.student.id, b.student.id] });
    const [first] = await intentsOf(created.body.id);
    await CommunicationIntent.update({ status: 'SENT', sentAt: new Date(), attempts: 1 }, { where: { id: first.id } });
    const res = await api(support).post(`/communications/${created.body.id}/communication_intents?size=3`);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 4, page: 0, size: 3 });
    const sent = (await api(admin).post(`/communications/${created.body.id}/communication_intents`, { statuses: ['SENT'] })).body.content;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: first.id, status: 'SENT', attempts: 1, lastError: null, channel: first.channel, student: { id: first.studentId } });
    expect(sent[0].sentAt).not.toBeNull();
    const inbox = (await api(admin).post(`/communications/${created.body.id}/communication_intents`, { channels: ['INBOX'] })).body.content;
    expect(inbox.map((i: { channel: string }) => i.channel)).toEqual(['INBOX', 'INBOX']);
    expect((await api(admin).post(`/communications/${created.body.id}/communication_intents`, { statuses: ['LOST'] })).status).toBe(400);
    expect((await api(admin).post('/communications/2147483000/communication_intents')).status).toBe(404);
    expect((await api().post(`/communications/${created.body.id}/communication_intents`)).status).toBe(401);
    expect((await api(none).post(`/communications/${created.body.id}/communication_intents`)).status).toBe(403);
  });

  test('resend: a new intent pointing at the old one (kept), sent at once; 409 while not finished and once resent; 404; 401; 403', async () => {
    const created = await api(admin).post('/communications', { ...message(), recipientType: 'SPECIFIC', recipients: [student.student.id] });
    const [email] = (await intentsOf(created.body.id)).filter((i) => i.channel === 'EMAIL');
    const path = `/communications/${created.body.id}/communication_intents/${email.id}/resend`;
    const early = await api(admin).post(path);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'INTENT_NOT_FINISHED' });

    await CommunicationIntent.update({ status: 'FAILED', attempts: 5, lastError: 'SMTP refused' }, { where: { id: email.id } });
    expect((await api(support).post(path)).status).toBe(403);
    expect((await api().post(path)).status).toBe(401);
    const res = await api(admin).post(path);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      communicationId: created.body.id,
      studentId: student.student.id,
      channel: 'EMAIL',
      // Sent right after its commit (the dispatcher's deliverNow); the old attempt stays as it was.
      status: 'SENT',
      attempts: 1,
      resendOfId: email.id,
      lastError: null,
    });
    expect(await CommunicationIntent.findByPk(email.id)).toMatchObject({ status: 'FAILED', lastError: 'SMTP refused' });
    expect((await CommunicationIntent.findByPk(res.body.id))!.dedupeKey).toBe(`r:${email.id}`);

    const again = await api(admin).post(path);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INTENT_ALREADY_RESENT' });
    expect(await CommunicationIntent.count({ where: { resendOfId: email.id } })).toBe(1);
    expect((await api(admin).post(`/communications/${created.body.id}/communication_intents/2147483000/resend`)).status).toBe(404);
    // An intent of another communication is not found under this one.
    const other = await api(admin).post('/communications', { ...message(), recipientType: 'SPECIFIC', recipients: [student.student.id] });
    expect((await api(admin).post(`/communications/${other.body.id}/communication_intents/${email.id}/resend`)).status).toBe(404);
  });

  test('resend all failed: one new attempt per FAILED intent not resent yet, set-based and idempotent; 404; 401; 403', async () => {
    const a = await makeStudent(t.deps);
    const b = await makeStudent(t.deps);
    const created = await api(admin).post('/communications', { ...message(), recipientType: 'SPECIFIC', recipients: [a.student.id, b.student.id] });
    const intents = await intentsOf(created.body.id);
    await CommunicationIntent.update({ status: 'FAILED', lastError: 'down' }, { where: { id: intents.slice(0, 3).map((i) => i.id) } });
    await api(admin).post(`/communications/${created.body.id}/communication_intents/${intents[0].id}/resend`);
    const path = `/communications/${created.body.id}/communication_intents/resend_failed`;
    expect((await api(support).post(path)).status).toBe(403);
    expect((await api().post(path)).status).toBe(401);
    const res = await api(admin).post(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    const fresh = await CommunicationIntent.findAll({ where: { communicationId: created.body.id, resendOfId: { [Op.ne]: null } } });
    expect(fresh.map((i) => i.resendOfId).sort()).toEqual(
      intents
        .slice(0, 3)
        .map((i) => i.id)
        .sort(),
    );
    // The one resent alone went at once; the set-based ones wait for the dispatcher job.
    expect(fresh.filter((i) => i.resendOfId !== intents[0].id).every((i) => i.status === 'CREATED' && i.attempts === 0)).toBe(true);
    expect(fresh.find((i) => i.resendOfId === intents[0].id)!.status).toBe('SENT');
    expect((await api(admin).post(path)).body).toEqual({ count: 0 });
    expect((await api(admin).post('/communications/2147483000/communication_intents/resend_failed')).status).toBe(404);
  });
});

describe('POST /students/{id}/communication_intents', () => {
  test("the student's messages newest first, with the communication's subject; 404; 401; 403 (a student's own token too)", async () => {
    const s = await makeStudent(t.deps);
    const one = await api(admin).post('/communications', { ...message('First note'), recipientType: 'SPECIFIC', recipients: [s.student.id] });
    const two = await api(admin).post('/communications', { ...message('Second note'), recipientType: 'SPECIFIC', recipients: [s.student.id] });
    const res = await api(support).post(`/students/${s.student.id}/communication_intents`);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(4);
    expect(res.body.content.map((i: { communicationId: number }) => i.communicationId)).toEqual([two.body.id, two.body.id, one.body.id, one.body.id]);
    expect(res.body.content[0]).toMatchObject({ subject: 'Second note', communication: { id: two.body.id, subject: 'Second note', type: 'MESSAGE' }, status: 'CREATED' });
    const inbox = await api(admin).post(`/students/${s.student.id}/communication_intents?size=1`, { channels: ['INBOX'] });
    expect(inbox.body).toMatchObject({ pagination: { total: 2, size: 1 } });
    expect((await api(admin).post('/students/2147483000/communication_intents')).status).toBe(404);
    expect((await api().post(`/students/${s.student.id}/communication_intents`)).status).toBe(401);
    expect((await api(none).post(`/students/${s.student.id}/communication_intents`)).status).toBe(403);
    expect((await api(s.token).post(`/students/${s.student.id}/communication_intents`)).status).toBe(403);
  });
});

describe('POST /communications/preview', () => {
  test("a template in the student's language, an own message with the recipient's params; 400 naming missing params; 404; 401; 403", async () => {
    const spanish = await makeStudent(t.deps, { languageIso2LetterCode: 'ES', firstName: 'Lucía' });
    const template = await makeTemplate();
    const wrapper = await EmailTemplate.create({ name: unique('Wrapper '), header: '<b>HCI</b>', footer: 'Unsubscribe' });
    const res = await api(support).post('/communications/preview', {
      communicationTemplateId: template.id,
      emailTemplateId: wrapper.id,
      params: { courseName: 'HCTP' },
      studentId: spanish.student.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: 'Bienvenida a HCTP', language: 'ES', student: { id: spanish.student.id } });
    expect(res.body.html).toContain('Hola Lucía, HCTP empieza pronto.');
    expect(res.body.text).toContain('Hola Lucía');
    expect(res.body.inbox).toContain('Hola Lucía');

    const own = await api(admin).post('/communications/preview', {
      subject: 'Hi {{firstName}}',
      header: 'News <today>',
      longMessageBody: '<p>Long {{lastName}}</p>',
      shortMessageBody: 'Short {{firstName}}',
      studentId: student.student.id,
    });
    expect(own.status).toBe(200);
    expect(own.body.subject).toBe('Hi Sam');
    expect(own.body.html).toContain('News &#60;today&#62;');
    expect(own.body.html).toContain(`Long ${student.student.lastName}`);
    expect(own.body.inbox).toContain('Short Sam');

    const missing = await api(admin).post('/communications/preview', { communicationTemplateId: template.id, studentId: student.student.id });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ params: 'Missing params: courseName' });
    expect((await api(admin).post('/communications/preview', { subject: 'x' })).status).toBe(400);
    expect((await api(admin).post('/communications/preview', { subject: 'x', studentId: 2147483000 })).status).toBe(404);
    expect((await api().post('/communications/preview', { subject: 'x', studentId: student.student.id })).status).toBe(401);
    expect((await api(none).post('/communications/preview', { subject: 'x', studentId: student.student.id })).status).toBe(403);
  });
});

describe('saved filters of the communications list', () => {
  test('kind communications keeps the list criteria (categories, statuses) and refuses others', async () => {
    const ok = await api(admin).post('/search_filters/communications', { name: unique('Failed '), criteria: { statuses: ['FAILED'], categories: ['MANUAL_NOTIFICATION'] } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ kind: 'communications', criteria: { statuses: ['FAILED'], categories: ['MANUAL_NOTIFICATION'] } });
    const bad = await api(admin).post('/search_filters/communications', { name: unique('Bad '), criteria: { colour: 'red' } });
    expect(bad.status).toBe(400);
  });
});

describe('the demo communication', () => {
  test('one SCHEDULED broadcast a week ahead at 10:00 AM New York time, seeded once', async () => {
    await t.deps.sequelize.transaction((transaction) => seedCommunicationsDemo(transaction));
    await t.deps.sequelize.transaction((transaction) => seedCommunicationsDemo(transaction));
    const rows = await Communication.findAll({ where: { subject: DEMO_COMMUNICATION_SUBJECT } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SCHEDULED', recipientType: 'BROADCAST', scheduleType: 'FUTURE', scheduleTime: '10:00', category: 'MANUAL_NOTIFICATION' });
    const days = (rows[0].scheduledAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8);
    expect((await api(admin).get(`/communications/${rows[0].id}`)).body).toMatchObject({ subject: DEMO_COMMUNICATION_SUBJECT, status: 'SCHEDULED' });
  });
});
