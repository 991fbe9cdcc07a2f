import request from 'supertest';
import {
  ActivityLog,
  Communication,
  DomainEvent,
  CommunicationIntent,
  CommunicationTemplate,
  CommunicationTemplateContent,
  OutboxMessage,
  Payment,
  Role,
  Student,
} from '../../models';
import type { Deps } from '../../api/common/context';
import { systemActor } from '../../api/common/context';
import { dispatchEvents } from '../../api/common/events';
import { dispatchIntents, INTENT_LEASE_MS, intentBackoffMs, MAX_INTENT_ATTEMPTS, resendIntent, rollUpCommunications } from '../../api/communications/dispatcher';
import { OPTED_OUT_REASON, optedOut, reachableWhere } from '../../api/communications/preferences';
import { sendTemplate } from '../../api/communications/send';
import { OutboxMailer, type MailMessage, type Mailer } from '../../api/integrations/mail';
import { createSmtpMailer, MailDeliveryError } from '../../api/integrations/smtp-mailer';
import { JOB_CATALOGUE } from '../../api/jobs/catalogue';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan } from '../support/billing-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { runJob } from '../support/job-factories';
import { startSmtp } from '../support/smtp';

/**
 * The communication dispatcher (api/communications/dispatcher.ts), sendTemplate, the product emails of
 * billing's events, the SMTP channel against a local server, and the portal inbox API.
 */

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

// ---- Helpers ----

async function makeTemplate(opts: { key?: string; category?: string; params?: string[]; en?: [string, string, string?]; es?: [string, string, string?] } = {}) {
  const key = opts.key ?? unique('TEST_').toUpperCase().slice(0, 60);
  const existing = await CommunicationTemplate.findOne({ where: { key } });
  if (existing) return existing;
  const template = await CommunicationTemplate.create({
    name: key,
    key,
    category: (opts.category ?? 'ACCOUNT') as never,
    availableParams: opts.params ?? ['firstName', 'code'],
  });
  const [enSubject, enBody, enInbox] = opts.en ?? ['Your code {{code}}', '<p>Hello {{firstName}}, your code is {{code}}.</p>'];
  await CommunicationTemplateContent.create({
    communicationTemplateId: template.id,
    language: 'EN',
    subject: enSubject,
    messageBodyTemplate: enBody,
    inboxTemplate: enInbox ?? null,
  });
  if (opts.es !== null) {
    const [esSubject, esBody, esInbox] = opts.es ?? ['Su código {{code}}', '<p>Hola {{firstName}}, su código es {{code}}.</p>'];
    await CommunicationTemplateContent.create({
      communicationTemplateId: template.id,
      language: 'ES',
      subject: esSubject,
      messageBodyTemplate: esBody,
      inboxTemplate: esInbox ?? null,
    });
  }
  return template;
}

async function makeCommunication(fields: Partial<Communication['_creationAttributes']> = {}) {
  return Communication.create({
    subject: unique('News '),
    longMessageBody: '<p>Dear {{firstName}}, classes resume Monday.</p>',
    shortMessageBody: 'Dear {{firstName}}, classes resume Monday.',
    scheduledAt: new Date(),
    status: 'CREATED',
    ...fields,
  });
}

async function intentFor(communication: Communication, student: Student, channel: 'EMAIL' | 'INBOX', fields: Partial<CommunicationIntent['_creationAttributes']> = {}) {
  return CommunicationIntent.create({
    communicationId: communication.id,
    studentId: student.id,
    language: student.languageIso2LetterCode === 'ES' ? 'ES' : 'EN',
    channel,
    nextAttemptAt: new Date(),
    ...fields,
  });
}

const reload = async (i: CommunicationIntent) => (await CommunicationIntent.findByPk(i.id))!;

/** A mailer that records what it is asked and fails when told to. */
class ScriptedMailer implements Mailer {
  sent: MailMessage[] = [];
  failWith: Error | null = null;
  private readonly outbox = new OutboxMailer();
  async send(m: MailMessage) {
    if (this.failWith) throw this.failWith;
    this.sent.push(m);
    return this.outbox.send(m);
  }
}
const withMailer = (mailer: Mailer): Deps => ({ ...t.deps, mailer });
const serverAway = () => new MailDeliveryError(undefined, 'ECONNECTION');

// ---- The dispatcher ----

describe('dispatchIntents', () => {
  test('two dispatchers racing claim each intent exactly once: every message sent once, none twice', async () => {
    const c = await makeCommunication();
    const students = await Promise.all(Array.from({ length: 6 }, () => makeStudent(t.deps)));
    const intents = [];
    for (const s of students) intents.push(await intentFor(c, s.student, 'EMAIL'), await intentFor(c, s.student, 'INBOX'));
    const ids = intents.map((i) => i.id);
    const mailer = new ScriptedMailer();
    const deps = withMailer(mailer);
    const [a, b] = await Promise.all([
      dispatchIntents(deps, { owner: 'racer-a', ids, limit: 100, concurrency: 3 }),
      dispatchIntents(deps, { owner: 'racer-b', ids, limit: 100, concurrency: 3 }),
    ]);
    expect(a.claimed + b.claimed).toBe(ids.length);
    expect(a.sent + b.sent).toBe(ids.length);
    const rows = await CommunicationIntent.findAll({ where: { id: ids } });
    expect(rows.every((r) => r.status === 'SENT' && r.sentAt instanceof Date && r.attempts === 1 && r.claimedBy === null)).toBe(true);
    // One email per EMAIL intent, each to its student; the outbox row is kept on the intent.
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(students.map((s) => s.email).sort());
    for (const r of rows.filter((x) => x.channel === 'EMAIL')) expect(await OutboxMessage.findByPk(r.outboxMessageId!)).toMatchObject({ status: 'SENT' });
    // INBOX: visible, with the inbox text rendered for the student.
    const inbox = rows.find((r) => r.channel === 'INBOX' && r.studentId === students[0].student.id)!;
    expect(inbox.body).toBe(`Dear ${students[0].student.firstName}, classes resume Monday.`);
    expect(inbox.subject).toBe(c.subject);
    // A third dispatcher finds nothing.
    expect((await dispatchIntents(deps, { owner: 'late', ids })).claimed).toBe(0);
  });

  test('a failure waits with backoff (back to CREATED, attempts + 1, the reason), then the next attempt sends it', async () => {
    const { student } = await makeStudent(t.deps);
    const c = await makeCommunication();
    const intent = await intentFor(c, student, 'EMAIL');
    const mailer = new ScriptedMailer();
    mailer.failWith = new Error('Greylisted, try later');
    const before = Date.now();
    const r1 = await dispatchIntents(withMailer(mailer), { owner: 'backoff', ids: [intent.id] });
    expect(r1).toMatchObject({ claimed: 1, sent: 0, retrying: 1, failed: 0 });
    let row = await reload(intent);
    expect([row.status, row.attempts, row.lastError, row.claimedBy]).toEqual(['CREATED', 1, 'Greylisted, try later', null]);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + intentBackoffMs(1));
    expect(intentBackoffMs(1)).toBe(60_000);
    expect(intentBackoffMs(2)).toBe(120_000);
    expect(intentBackoffMs(20)).toBe(3_600_000);
    // Not due yet: nothing claimed.
    expect((await dispatchIntents(withMailer(mailer), { owner: 'backoff', ids: [intent.id] })).claimed).toBe(0);
    expect((await Communication.findByPk(c.id))!.status).toBe('SENDING');

    mailer.failWith = null;
    const r2 = await dispatchIntents(withMailer(mailer), { owner: 'backoff', ids: [intent.id], now: new Date(Date.now() + intentBackoffMs(1) + 1000) });
    expect(r2).toMatchObject({ claimed: 1, sent: 1 });
    row = await reload(intent);
    expect([row.status, row.attempts, row.lastError]).toEqual(['SENT', 2, null]);
    expect((await Communication.findByPk(c.id))!).toMatchObject({ status: 'SENT' });
  });

  test(`FAILED after the last attempt (${MAX_INTENT_ATTEMPTS}) with a short reason; params missing from the text fail at once naming them`, async () => {
    const { student } = await makeStudent(t.deps);
    const c = await makeCommunication();
    const intent = await intentFor(c, student, 'EMAIL', { attempts: MAX_INTENT_ATTEMPTS - 1 });
    const mailer = new ScriptedMailer();
    mailer.failWith = new MailDeliveryError(undefined, 'EENVELOPE');
    const r = await dispatchIntents(withMailer(mailer), { owner: 'last', ids: [intent.id] });
    expect(r).toMatchObject({ failed: 1, serverUnavailable: false });
    const row = await reload(intent);
    expect([row.status, row.attempts, row.lastError]).toEqual(['FAILED', MAX_INTENT_ATTEMPTS, 'The email could not be sent (EENVELOPE)']);
    expect((await Communication.findByPk(c.id))!.status).toBe('FAILED');

    const template = await makeTemplate({ params: ['firstName', 'code', 'expiresAt'], en: ['Code', '<p>{{code}} until {{expiresAt}}</p>'] });
    const missing = await CommunicationIntent.create({
      templateKey: template.key,
      toAddress: 'who@example.com',
      channel: 'EMAIL',
      params: { code: '1' },
      nextAttemptAt: new Date(),
    });
    await dispatchIntents(withMailer(mailer), { owner: 'missing', ids: [missing.id] });
    expect(await reload(missing)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'Missing params: expiresAt' });

    const noTemplate = await CommunicationIntent.create({
      templateKey: 'NO_SUCH_TEMPLATE_KEY',
      toAddress: 'who@example.com',
      channel: 'EMAIL',
      params: {},
      nextAttemptAt: new Date(),
    });
    await dispatchIntents(withMailer(mailer), { owner: 'missing', ids: [noTemplate.id] });
    expect(await reload(noTemplate)).toMatchObject({ status: 'FAILED', lastError: 'No communication template with the key NO_SUCH_TEMPLATE_KEY' });
  });

  test('a mail server that is away stops the batch: one attempt counted, the rest go back untried to wait; later all are sent', async () => {
    const c = await makeCommunication();
    const students = await Promise.all(Array.from({ length: 4 }, () => makeStudent(t.deps)));
    const intents = await Promise.all(students.map((s) => intentFor(c, s.student, 'EMAIL')));
    const ids = intents.map((i) => i.id);
    const mailer = new ScriptedMailer();
    mailer.failWith = serverAway();
    const r = await dispatchIntents(withMailer(mailer), { owner: 'outage', ids, limit: 10 });
    expect(r).toMatchObject({ claimed: 4, sent: 0, retrying: 1, deferred: 3, serverUnavailable: true });
    const rows = await CommunicationIntent.findAll({ where: { id: ids }, order: [['id', 'ASC']] });
    expect(rows.map((x) => [x.status, x.attempts])).toEqual([
      ['CREATED', 1],
      ['CREATED', 0],
      ['CREATED', 0],
      ['CREATED', 0],
    ]);
    expect(new Set(rows.map((x) => x.nextAttemptAt.getTime())).size).toBe(1); // all wait for the same backoff
    mailer.failWith = null;
    const later = await dispatchIntents(withMailer(mailer), { owner: 'outage', ids, limit: 10, now: new Date(Date.now() + intentBackoffMs(1) + 1000) });
    expect(later).toMatchObject({ claimed: 4, sent: 4 });
    expect((await Communication.findByPk(c.id))!.status).toBe('SENT');
  });

  test('emails are paced to COMMUNICATION_RATE_PER_SECOND (per process); inbox messages are not', async () => {
    const c = await makeCommunication();
    const students = await Promise.all(Array.from({ length: 5 }, () => makeStudent(t.deps)));
    const emails = await Promise.all(students.map((s) => intentFor(c, s.student, 'EMAIL')));
    const deps = { ...withMailer(new ScriptedMailer()), config: { ...t.deps.config, COMMUNICATION_RATE_PER_SECOND: 10 } };
    await new Promise((r) => setTimeout(r, 150)); // earlier sends' slots are past
    const started = Date.now();
    expect(await dispatchIntents(deps, { owner: 'paced', ids: emails.map((i) => i.id), concurrency: 5 })).toMatchObject({ sent: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(380); // 5 at 10 a second: slots 0, 100, 200, 300, 400 ms
    const inbox = await Promise.all(students.map((s) => intentFor(c, s.student, 'INBOX')));
    await new Promise((r) => setTimeout(r, 150));
    // At 2 a second, five paced messages would take 2 s.
    const slow = { ...deps, config: { ...t.deps.config, COMMUNICATION_RATE_PER_SECOND: 2 } };
    const quick = Date.now();
    expect(await dispatchIntents(slow, { owner: 'paced', ids: inbox.map((i) => i.id), concurrency: 5 })).toMatchObject({ sent: 5 });
    expect(Date.now() - quick).toBeLessThan(1500);
  });

  test('a dispatcher that died while sending: its intents are taken over once the lease lapses, not before', async () => {
    const { student } = await makeStudent(t.deps);
    const c = await makeCommunication();
    const intent = await intentFor(c, student, 'INBOX', { status: 'SENDING', claimedBy: 'dead#1', claimedUntil: new Date(Date.now() + INTENT_LEASE_MS) });
    expect((await dispatchIntents(t.deps, { owner: 'alive', ids: [intent.id] })).claimed).toBe(0);
    await intent.update({ claimedUntil: new Date(Date.now() - 1000) });
    expect(await dispatchIntents(t.deps, { owner: 'alive', ids: [intent.id] })).toMatchObject({ claimed: 1, sent: 1 });
    expect((await reload(intent)).status).toBe('SENT');
  });

  test('rollup: SENDING while an intent waits, SENT (with sentAt, kept) when all are done, FAILED when every intent failed', async () => {
    const { student } = await makeStudent(t.deps);
    const c = await makeCommunication();
    const a = await intentFor(c, student, 'INBOX', { status: 'SENT', sentAt: new Date() });
    const b = await intentFor(c, student, 'EMAIL');
    await rollUpCommunications([c.id]);
    expect((await Communication.findByPk(c.id))!.status).toBe('SENDING');
    await b.update({ status: 'FAILED' });
    await rollUpCommunications([c.id]);
    const sent = (await Communication.findByPk(c.id))!;
    expect(sent.status).toBe('SENT');
    expect(sent.sentAt).toBeInstanceOf(Date);
    await rollUpCommunications([c.id]);
    expect((await Communication.findByPk(c.id))!.sentAt!.getTime()).toBe(sent.sentAt!.getTime());

    const allFailed = await makeCommunication();
    await intentFor(allFailed, student, 'EMAIL', { status: 'FAILED' });
    await intentFor(allFailed, student, 'INBOX', { status: 'FAILED' });
    await rollUpCommunications([allFailed.id]);
    expect((await Communication.findByPk(allFailed.id))!).toMatchObject({ status: 'FAILED', sentAt: null });

    // Not started yet (SCHEDULED): left alone.
    const scheduled = await makeCommunication({ status: 'SCHEDULED' });
    await rollUpCommunications([scheduled.id]);
    expect((await Communication.findByPk(scheduled.id))!.status).toBe('SCHEDULED');
    void a;
  });
});

describe('resendIntent', () => {
  test('a new intent (resendOfId) to the same recipient and channel, sent at once; the old one kept as it was', async () => {
    const { student } = await makeStudent(t.deps, { languageIso2LetterCode: 'ES' });
    const c = await makeCommunication();
    const old = await intentFor(c, student, 'EMAIL', { status: 'FAILED', attempts: MAX_INTENT_ATTEMPTS, lastError: 'The email could not be sent (ECONNECTION)' });
    await rollUpCommunications([c.id]);
    expect((await Communication.findByPk(c.id))!.status).toBe('FAILED');
    const admin = await makeAdmin(t.deps);
    const fresh = await resendIntent(t.deps, old.id, { userId: admin.user.id, name: 'Ada Admin' });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh).toMatchObject({
      resendOfId: old.id,
      communicationId: c.id,
      studentId: student.id,
      channel: 'EMAIL',
      language: 'ES',
      status: 'SENT',
      attempts: 1,
      actorName: 'Ada Admin',
    });
    expect(await reload(old)).toMatchObject({ status: 'FAILED', attempts: MAX_INTENT_ATTEMPTS, lastError: 'The email could not be sent (ECONNECTION)' });
    expect((await Communication.findByPk(c.id))!.status).toBe('SENT');
    // The timeline names who had it sent.
    const entry = await ActivityLog.findOne({ where: { studentId: student.id, type: 'EMAIL_SENT' }, order: [['id', 'DESC']] });
    expect(entry).toMatchObject({ actorUserId: admin.user.id, actorName: 'Ada Admin' });
  });

  test('one still waiting is 409 INTENT_NOT_FINISHED; an unknown intent 404', async () => {
    const { student } = await makeStudent(t.deps);
    const c = await makeCommunication();
    const waiting = await intentFor(c, student, 'EMAIL', { nextAttemptAt: new Date(Date.now() + 3_600_000) });
    await expect(resendIntent(t.deps, waiting.id, systemActor)).rejects.toMatchObject({ status: 409, code: 'INTENT_NOT_FINISHED' });
    await expect(resendIntent(t.deps, 999_999_999, systemActor)).rejects.toMatchObject({ status: 404 });
    expect(await CommunicationIntent.count({ where: { resendOfId: waiting.id } })).toBe(0);
  });
});

describe('preferences', () => {
  test('MARKETING email skips students who opted out (checked again at send: FAILED with the reason); the inbox and transactional emails always go', async () => {
    expect(optedOut('MARKETING', { emailOptIn: false })).toBe(true);
    expect(optedOut('MARKETING', { emailOptIn: false }, 'INBOX')).toBe(false);
    expect(optedOut('BILLING', { emailOptIn: false })).toBe(false);
    expect(optedOut('MARKETING', { emailOptIn: true })).toBe(false);
    expect(reachableWhere('MARKETING')).toEqual({ emailOptIn: true });
    expect(reachableWhere('ACCOUNT')).toEqual({});

    const { student } = await makeStudent(t.deps, { emailOptIn: false });
    const marketing = await makeCommunication({ category: 'MARKETING' });
    const email = await intentFor(marketing, student, 'EMAIL');
    const inbox = await intentFor(marketing, student, 'INBOX');
    const manual = await makeCommunication({ category: 'MANUAL_NOTIFICATION' });
    const transactional = await intentFor(manual, student, 'EMAIL');
    const mailer = new ScriptedMailer();
    await dispatchIntents(withMailer(mailer), { owner: 'prefs', ids: [email.id, inbox.id, transactional.id] });
    expect(await reload(email)).toMatchObject({ status: 'FAILED', lastError: OPTED_OUT_REASON, outboxMessageId: null });
    expect((await reload(inbox)).status).toBe('SENT');
    expect((await reload(transactional)).status).toBe('SENT');
    expect(mailer.sent.map((m) => m.subject)).toEqual([manual.subject]);
  });
});

// ---- sendTemplate ----

describe('sendTemplate', () => {
  test('creates the intent and delivers it at once, in the recipient’s language; a repeated dedupe key sends once', async () => {
    const template = await makeTemplate();
    const { student, email } = await makeStudent(t.deps, { languageIso2LetterCode: 'ES' });
    const dedupeKey = unique('code:');
    const message = { key: template.key, to: email, language: 'ES', studentId: student.id, params: { code: '424242' }, dedupeKey };
    await sendTemplate(t.deps, message);
    await sendTemplate(t.deps, message);
    const intents = await CommunicationIntent.findAll({ where: { dedupeKey } });
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: 'SENT', channel: 'EMAIL', templateKey: template.key, language: 'ES', toAddress: email, subject: 'Su código 424242' });
    const outbox = await OutboxMessage.findAll({ where: { toAddress: email } });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ id: intents[0].outboxMessageId, subject: 'Su código 424242', templateKey: template.key, status: 'SENT' });
    expect(outbox[0].textBody).toContain(`Hola ${student.firstName}, su código es 424242.`);
    expect(outbox[0].htmlBody).toContain('<html');
  });

  test("in the caller's transaction: nothing before the commit, delivered right after it; a rollback sends nothing", async () => {
    const template = await makeTemplate();
    const to = `${unique('tx')}@example.com`;
    await t.deps.sequelize.transaction(async (transaction) => {
      await sendTemplate(t.deps, { key: template.key, to, params: { firstName: 'Ana', code: '1' }, transaction });
      expect(await OutboxMessage.count({ where: { toAddress: to } })).toBe(0);
    });
    expect(await CommunicationIntent.findOne({ where: { toAddress: to } })).toMatchObject({ status: 'SENT', language: 'EN', subject: 'Your code 1' });
    expect(await OutboxMessage.count({ where: { toAddress: to } })).toBe(1);

    const lost = `${unique('rollback')}@example.com`;
    await expect(
      t.deps.sequelize.transaction(async (transaction) => {
        await sendTemplate(t.deps, { key: template.key, to: lost, params: { firstName: 'Ana', code: '2' }, transaction });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await CommunicationIntent.count({ where: { toAddress: lost } })).toBe(0);
  });

  test('a delivery that fails is not the caller’s failure: the intent waits for the job', async () => {
    const template = await makeTemplate();
    const to = `${unique('later')}@example.com`;
    const mailer = new ScriptedMailer();
    mailer.failWith = serverAway();
    await expect(sendTemplate(withMailer(mailer), { key: template.key, to, params: { firstName: 'Bo', code: '3' } })).resolves.toBeUndefined();
    expect(await CommunicationIntent.findOne({ where: { toAddress: to } })).toMatchObject({ status: 'CREATED', attempts: 1 });
  });
});

// ---- The job ----

describe('COMMUNICATION_DISPATCH', () => {
  test('is in the catalogue (every minute) with its schedule made by migration, and a run sends the due intents', async () => {
    const entry = JOB_CATALOGUE.find((e) => e.type === 'COMMUNICATION_DISPATCH')!;
    expect([entry.cronExpression, entry.repeatInterval]).toEqual(['* * * * *', null]);
    const { student } = await makeStudent(t.deps);
    const c = await makeCommunication();
    const intent = await intentFor(c, student, 'INBOX');
    const run = await runJob(t.deps, 'COMMUNICATION_DISPATCH');
    expect(run.outcome).toBe('SUCCEEDED');
    expect(run.count).toBeGreaterThanOrEqual(1);
    expect((await reload(intent)).status).toBe('SENT');
    expect((await Communication.findByPk(c.id))!.status).toBe('SENT');
  });
});

// ---- SMTP ----

describe('SMTP channel', () => {
  test('messages arrive with an HTML and a text part, in the recipient’s language; SMTP down → they wait and retry, then arrive', async () => {
    const smtp = await startSmtp();
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'School <no-reply@example.com>');
    const deps = withMailer(mailer);
    const template = await makeTemplate();
    const { student, email } = await makeStudent(t.deps, { languageIso2LetterCode: 'ES' });
    await sendTemplate(deps, { key: template.key, to: email, language: 'ES', studentId: student.id, params: { code: '777111' } });
    const got = smtp.received.find((r) => r.to.includes(email))!;
    expect(got).toBeDefined();
    expect(got.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(got.raw).toMatch(/Content-Type: text\/plain/);
    expect(got.raw).toMatch(/Content-Type: text\/html/);
    expect(got.raw).toMatch(/Subject: =\?UTF-8\?Q\?Su_c=C3=B3digo_777111\?=|Subject: Su código 777111/);
    expect(got.raw).toContain('777111');

    // The server goes away: the intent waits (one attempt, the outbox row FAILED, no EMAIL_FAILED entry yet).
    await smtp.stop();
    const to2 = (await makeStudent(t.deps)).email;
    await sendTemplate(deps, { key: template.key, to: to2, params: { firstName: 'Kim', code: '555' } });
    const waiting = (await CommunicationIntent.findOne({ where: { toAddress: to2 } }))!;
    expect(waiting).toMatchObject({ status: 'CREATED', attempts: 1 });
    expect(waiting.lastError).toMatch(/^The email could not be sent \(E[A-Z]+\)$/);
    expect(await OutboxMessage.findByPk(waiting.outboxMessageId!)).toMatchObject({ status: 'FAILED' });
    const student2 = (await Student.findOne({ where: { email: to2 } }))!;
    expect(await ActivityLog.count({ where: { studentId: student2.id, type: 'EMAIL_FAILED' } })).toBe(0);

    // Back on the same port: the next attempt delivers, on the same outbox row.
    const back = await startSmtp(smtp.port);
    try {
      const r = await dispatchIntents(deps, { owner: 'smtp-back', ids: [waiting.id], now: new Date(Date.now() + intentBackoffMs(1) + 1000) });
      expect(r).toMatchObject({ sent: 1 });
      expect(back.received.some((m) => m.to.includes(to2))).toBe(true);
      const sent = (await reload(waiting))!;
      expect(sent).toMatchObject({ status: 'SENT', attempts: 2, outboxMessageId: waiting.outboxMessageId });
      expect(await OutboxMessage.findByPk(sent.outboxMessageId!)).toMatchObject({ status: 'SENT', error: null });
      expect(await ActivityLog.count({ where: { studentId: student2.id, type: 'EMAIL_SENT' } })).toBe(1);
    } finally {
      await back.stop();
      mailer.close();
    }
  });
});

// ---- Product emails from billing's events ----

describe('product emails of billing events', () => {
  // The templates are the seeded ones (migration 0015): their subjects start with the institute's name.
  const provider = () => t.deps.config.PROVIDER_NAME;

  test('a refund that completes sends REFUND_ISSUED once, in the student’s language', async () => {
    const admin = await makeAdmin(t.deps);
    const p = await makeEnrolledPlan(t.deps, { payInFull: true });
    await Student.update({ languageIso2LetterCode: 'ES' }, { where: { id: p.student.student.id } });
    const paid = await request(t.app)
      .post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`)
      .set(bearer(admin.token))
      .send({ type: 'INSTALLMENT', amount: Number(p.entries[0].amount) });
    expect(paid.status).toBe(201);
    const created = await request(t.app).post('/api/refund_queues').set(bearer(admin.token)).send({ applicationId: p.application.id, amountToBeRefunded: 40, taxToBeRefunded: 0 });
    expect(created.status).toBe(201);
    expect((await request(t.app).patch(`/api/refund_queues/${created.body.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);
    const submitted = await request(t.app).post(`/api/refund_queues/${created.body.id}/submit`).set(bearer(admin.token)).send({ refundType: 'ONLINE' });
    expect([submitted.status, submitted.body.status]).toEqual([200, 'COMPLETED']);
    // The submitting call waited for its event's deliveries: the email is out.
    const intent = (await CommunicationIntent.findOne({ where: { dedupeKey: `REFUND_ISSUED:refund:${created.body.id}:${p.student.student.id}` } }))!;
    expect(intent).toMatchObject({ status: 'SENT', language: 'ES', subject: `${provider()}: le reembolsamos $40.00`, aboutEntityType: 'REFUND', aboutEntityId: created.body.id });
    expect(intent.params).toMatchObject({ amount: '$40.00', reference: `R-${created.body.id}` });
    expect(await CommunicationIntent.count({ where: { templateKey: 'REFUND_ISSUED', aboutEntityId: created.body.id } })).toBe(1);
  });

  /** The delivery of a payment's event to the communications handler (the job's work), run now. */
  async function deliver(type: 'PaymentAccepted' | 'PaymentFailed', paymentId: number) {
    const rows = await DomainEvent.findAll({
      where: { type, handler: type === 'PaymentAccepted' ? 'communications.paymentReceipt' : 'communications.paymentFailed' },
      order: [['id', 'DESC']],
      limit: 200,
    });
    const mine = rows.filter((r) => (r.payload as { paymentId?: number }).paymentId === paymentId);
    expect(mine.map((r) => r.status)).toEqual(['PENDING']);
    expect(await dispatchEvents({ owner: 'test', ids: [mine[0].id] })).toMatchObject({ done: 1 });
    return mine[0];
  }

  test('an accepted card payment raises PaymentAccepted with its statements (the answer does not wait): PAYMENT_RECEIPT, once per payment and student', async () => {
    const p = await makeEnrolledPlan(t.deps, { payInFull: true });
    const amount = Number(p.entries[0].amount);
    const res = await request(t.app)
      .post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`)
      .set(bearer(p.student.token))
      .send({ type: 'INSTALLMENT', amount });
    expect(res.status).toBe(201);
    const dedupeKey = `PAYMENT_RECEIPT:payment:${res.body.id}:${p.student.student.id}`;
    // Nothing sent by the payment's request itself: the event waits for DOMAIN_EVENT_DISPATCH.
    expect(await CommunicationIntent.count({ where: { dedupeKey } })).toBe(0);
    const delivery = await deliver('PaymentAccepted', res.body.id);
    const receipt = (await CommunicationIntent.findOne({ where: { dedupeKey } }))!;
    expect(receipt).toMatchObject({ status: 'SENT', templateKey: 'PAYMENT_RECEIPT', studentId: p.student.student.id, aboutEntityType: 'PAYMENT', aboutEntityId: res.body.id });
    expect(receipt.params).toMatchObject({ reference: `P-${res.body.id}`, amount: expect.stringMatching(/^\$[\d,]+\.\d{2}$/) });
    expect(receipt.subject).toBe(`${provider()}: receipt for your payment of ${(receipt.params as { amount: string }).amount}`);
    // Delivered again (at least once): still one email.
    await DomainEvent.update({ status: 'PENDING', nextAttemptAt: new Date(Date.now() - 1000) }, { where: { id: delivery.id } });
    expect(await dispatchEvents({ owner: 'test', ids: [delivery.id] })).toMatchObject({ done: 1 });
    expect(await CommunicationIntent.count({ where: { dedupeKey } })).toBe(1);
    expect(await OutboxMessage.count({ where: { id: receipt.outboxMessageId! } })).toBe(1);
  });

  test('a declined card payment raises PaymentFailed: PAYMENT_FAILED with our sentence of the decline, in the student’s language', async () => {
    const declined = await makeEnrolledPlan(t.deps, { payInFull: true, cardToken: 'tok_chargeDeclined' });
    await Student.update({ languageIso2LetterCode: 'ES' }, { where: { id: declined.student.student.id } });
    const refused = await request(t.app)
      .post(`/api/students/${declined.student.student.id}/payment_plans/${declined.plan.id}/payments`)
      .set(bearer(declined.student.token))
      .send({ type: 'INSTALLMENT', amount: Number(declined.entries[0].amount) });
    expect(refused.status).toBe(409);
    const payment = (await Payment.findOne({ where: { studentPaymentPlanId: declined.plan.id, status: 'INVALID' } }))!;
    await deliver('PaymentFailed', payment.id);
    const notice = (await CommunicationIntent.findOne({ where: { dedupeKey: `PAYMENT_FAILED:payment:${payment.id}:${declined.student.student.id}` } }))!;
    expect(notice).toMatchObject({ status: 'SENT', language: 'ES', subject: `${provider()}: su pago de ${(notice.params as { amount: string }).amount} no se realizó` });
    expect(notice.params).toMatchObject({ reason: 'su tarjeta fue rechazada; pruebe con otra tarjeta o llame a su banco' });
  });
});

// ---- The portal inbox ----

describe('GET /api/students/{id}/inbox', () => {
  async function inboxOf(student: Student, n: number) {
    const c = await makeCommunication();
    const out: CommunicationIntent[] = [];
    for (let i = 0; i < n; i += 1) {
      out.push(await intentFor(c, student, 'INBOX', { status: 'SENT', sentAt: new Date(Date.now() - (n - i) * 60_000), subject: `Message ${i}`, body: `Body ${i}` }));
    }
    return out;
  }

  test('the student’s SENT inbox messages, newest first, paged; unread count; reading one marks it read (once)', async () => {
    const s = await makeStudent(t.deps);
    const messages = await inboxOf(s.student, 3);
    // Not in the inbox: an email, a message still waiting, another student's.
    const c = await makeCommunication();
    await intentFor(c, s.student, 'EMAIL', { status: 'SENT', sentAt: new Date() });
    await intentFor(c, s.student, 'INBOX');
    const other = await makeStudent(t.deps);
    const others = await inboxOf(other.student, 1);

    const list = await request(t.app).get(`/api/students/${s.student.id}/inbox`).query({ size: 2 }).set(bearer(s.token));
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ total: 3, page: 0, size: 2 });
    expect(list.body.content.map((m: { subject: string }) => m.subject)).toEqual(['Message 2', 'Message 1']);
    expect(list.body.content[0]).toEqual({ id: messages[2].id, subject: 'Message 2', body: 'Body 2', sentAt: messages[2].sentAt!.toISOString(), readAt: null });
    const page2 = await request(t.app).get(`/api/students/${s.student.id}/inbox`).query({ size: 2, page: 1 }).set(bearer(s.token));
    expect(page2.body.content.map((m: { subject: string }) => m.subject)).toEqual(['Message 0']);

    const count = () => request(t.app).get(`/api/students/${s.student.id}/inbox/unread_count`).set(bearer(s.token));
    expect((await count()).body).toEqual({ count: 3 });

    // Staff may look without marking it read.
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const staffRead = await request(t.app).get(`/api/students/${s.student.id}/inbox/${messages[0].id}`).set(bearer(support.token));
    expect([staffRead.status, staffRead.body.readAt]).toEqual([200, null]);
    expect((await reload(messages[0])).readAt).toBeNull();

    const read = await request(t.app).get(`/api/students/${s.student.id}/inbox/${messages[0].id}`).set(bearer(s.token));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: messages[0].id, subject: 'Message 0', body: 'Body 0' });
    const readAt = (await reload(messages[0])).readAt!;
    expect(read.body.readAt).toBe(readAt.toISOString());
    const again = await request(t.app).get(`/api/students/${s.student.id}/inbox/${messages[0].id}`).set(bearer(s.token));
    expect(again.body.readAt).toBe(readAt.toISOString());
    expect((await count()).body).toEqual({ count: 2 });
    const unread = await request(t.app).get(`/api/students/${s.student.id}/inbox`).query({ unread: 'true' }).set(bearer(s.token));
    expect(unread.body.content.map((m: { id: number }) => m.id)).toEqual([messages[2].id, messages[1].id]);

    // Another student's message under this student: 404.
    expect((await request(t.app).get(`/api/students/${s.student.id}/inbox/${others[0].id}`).set(bearer(s.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/students/${s.student.id}/inbox/999999999`).set(bearer(s.token))).status).toBe(404);
  });

  test('400 for a bad page, size or filter; 401 without a token; 403 for another student or staff without communications:read', async () => {
    const s = await makeStudent(t.deps);
    const path = `/api/students/${s.student.id}/inbox`;
    for (const query of [{ size: 0 }, { page: -1 }, { unread: 'maybe' }, { sortBy: 'id' }]) {
      const res = await request(t.app).get(path).query(query).set(bearer(s.token));
      expect(res.status).toBe(400);
    }
    expect((await request(t.app).get(path)).status).toBe(401);
    expect((await request(t.app).get(`${path}/unread_count`)).status).toBe(401);
    const other = await makeStudent(t.deps);
    expect((await request(t.app).get(path).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`${path}/unread_count`).set(bearer(other.token))).status).toBe(403);
    const roleName = unique('NoComms').toUpperCase();
    await Role.create({ name: roleName, description: 'Students only', permissions: ['students:read'], updatedById: null, updatedByName: null });
    const limited = await makeAdmin(t.deps, { roles: [roleName] });
    expect((await request(t.app).get(path).set(bearer(limited.token))).status).toBe(403);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await request(t.app).get(path).set(bearer(support.token))).status).toBe(200);
    expect((await request(t.app).get(`/api/students/abc/inbox`).set(bearer(s.token))).status).toBe(400);
  });
});
