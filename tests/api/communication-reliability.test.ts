import nodemailer from 'nodemailer';
import request from 'supertest';
import { ActivityLog, Communication, CommunicationIntent, CommunicationTemplate, CommunicationTemplateContent, OutboxMessage } from '../../models';
import type { Deps } from '../../api/common/context';
import { materialiseCommunication } from '../../api/communications/communications.service';
import { dispatchIntents, INTENT_LEASE_MS, intentBackoffMs, intentMessageId, senderFields } from '../../api/communications/dispatcher';
import { sendTemplate } from '../../api/communications/send';
import type { MailMessage, Mailer } from '../../api/integrations/mail';
import { createSmtpMailer, type SmtpMailer } from '../../api/integrations/smtp-mailer';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { startSmtp, type Received, type TestSmtp } from '../support/smtp';

/**
 * Issue 17 "Reliability" and the templates' sender fields (comms-ops), against a local SMTP server
 * (smtp-server) through the product's pooled SMTP mailer:
 * - a dispatcher that dies part way through a communication (modelled in-process: its mailer never
 *   answers again, at a chosen point — before the server is asked, or after it accepted and the outbox
 *   recorded it), then another dispatcher after the lease: every intent delivered exactly once;
 * - the one window SMTP leaves (accepted, the process dies before the outbox row says so): sent again
 *   with the same Message-ID, on the same outbox row;
 * - SMTP down: the intents wait and retry with backoff, the backlog endpoint shows them, then all go;
 * - a template's From, Reply-To and Bcc on the message the server receives.
 */

let t: TestApp;
let smtp: TestSmtp;
const mailers: SmtpMailer[] = [];
beforeAll(async () => {
  t = await setupApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const m of mailers) m.close();
  await smtp.stop();
  await t.close();
});

const MAIL_FROM = 'School <no-reply@example.com>';
const smtpMailer = (port = smtp.port) => {
  const m = createSmtpMailer(`smtp://127.0.0.1:${port}`, MAIL_FROM, { maxConnections: 3 });
  mailers.push(m);
  return m;
};
const depsWith = (mailer: Mailer): Deps => ({ ...t.deps, mailer, config: { ...t.deps.config, MAIL_FROM, COMMUNICATION_RATE_PER_SECOND: 10_000 } });
const messageIdOf = (id: number) => intentMessageId(id, MAIL_FROM);
const receivedWith = (messageId: string, list: Received[] = smtp.received) => list.filter((r) => r.headers['message-id'] === messageId);

/** A communication to `n` new students (SPECIFIC), its intents made as the API makes them (EMAIL and INBOX each). */
async function communicationTo(n: number, fields: Partial<Communication['_creationAttributes']> = {}) {
  const students = await Promise.all(Array.from({ length: n }, () => makeStudent(t.deps)));
  const c = await Communication.create({
    subject: unique('Term news '),
    longMessageBody: '<p>Dear {{firstName}}, term starts Monday.</p>',
    shortMessageBody: 'Dear {{firstName}}, term starts Monday.',
    recipientType: 'SPECIFIC',
    recipients: students.map((s) => s.student.id),
    scheduledAt: new Date(),
    status: 'CREATED',
    ...fields,
  });
  await materialiseCommunication(null, c.id);
  const intents = await CommunicationIntent.findAll({ where: { communicationId: c.id }, order: [['id', 'ASC']] });
  return { c, students, intents, emails: intents.filter((i) => i.channel === 'EMAIL'), ids: intents.map((i) => i.id) };
}

/**
 * A process that dies at its `dieAt`-th email: 'before-send' dies before asking the server (nothing
 * delivered), 'after-accept' after the server accepted it and the outbox recorded it (the intent
 * still says SENDING). From then on nothing it was asked ever answers — as if the process were gone:
 * no later database write of its happens.
 */
class DyingMailer implements Mailer {
  calls = 0;
  dead = false;
  constructor(
    private readonly inner: Mailer,
    private readonly dieAt: number,
    private readonly when: 'before-send' | 'after-accept',
  ) {}
  async send(m: MailMessage) {
    if (this.dead) return new Promise<never>(() => {});
    this.calls += 1;
    if (this.calls === this.dieAt) {
      if (this.when === 'after-accept') await this.inner.send(m);
      this.dead = true;
      return new Promise<never>(() => {});
    }
    return this.inner.send(m);
  }
}

/** Runs a dispatcher (a restarted process: `now` past the dead one's lease) until nothing of `ids` is left. */
async function drain(deps: Deps, ids: number[], now = new Date(Date.now() + INTENT_LEASE_MS + 60_000)) {
  let sent = 0;
  for (let round = 0; round < 20; round += 1) {
    const r = await dispatchIntents(deps, { owner: 'restarted', ids, limit: 50, concurrency: 4, now });
    sent += r.sent;
    if (!r.claimed) break;
  }
  return sent;
}

/** Every EMAIL intent of the communication reached the server exactly once, and every intent is SENT. */
async function expectExactlyOnce(ids: number[], emails: CommunicationIntent[], studentIds: number[]) {
  const rows = await CommunicationIntent.findAll({ where: { id: ids } });
  expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'SENT'));
  for (const e of emails) {
    const copies = receivedWith(messageIdOf(e.id));
    expect({ id: e.id, copies: copies.length }).toEqual({ id: e.id, copies: 1 });
    expect(copies[0].to).toEqual([e.toAddress]);
  }
  // One outbox row SENT per email, and one EMAIL_SENT entry on each student's timeline.
  const outbox = await OutboxMessage.findAll({ where: { messageId: emails.map((e) => messageIdOf(e.id)) } });
  expect(outbox.length).toBe(emails.length);
  expect(outbox.every((o) => o.status === 'SENT')).toBe(true);
  expect(await ActivityLog.count({ where: { studentId: studentIds, type: 'EMAIL_SENT' } })).toBe(studentIds.length);
}

describe('a dispatcher killed during a communication', () => {
  test.each([
    ['before the mail server is asked', 'before-send' as const],
    ['after the server accepted and the outbox recorded it, before the intent says SENT', 'after-accept' as const],
  ])('dies %s: after the lease another dispatcher sends the rest; every intent exactly once, none twice, none lost', async (_label, when) => {
    const { c, students, emails, ids } = await communicationTo(12);
    const dying = new DyingMailer(smtpMailer(), 5, when);
    // The "process": 4 lanes, it dies on its 5th email; its promise never settles (abandoned, like the process).
    void dispatchIntents(depsWith(dying), { owner: 'doomed', ids, limit: 100, concurrency: 4 });
    await new Promise<void>((resolve) => {
      const wait = () => (dying.dead ? resolve() : setTimeout(wait, 10));
      wait();
    });
    await new Promise((r) => setTimeout(r, 300)); // the lanes in flight finish their writes (or hang)
    const left = await CommunicationIntent.findAll({ where: { id: ids, status: 'SENDING' } });
    expect(left.length).toBeGreaterThan(0); // the crash left claimed rows behind
    const acceptedBefore = emails.filter((e) => receivedWith(messageIdOf(e.id)).length > 0).length;
    expect(acceptedBefore).toBeGreaterThanOrEqual(when === 'after-accept' ? 5 : 4);

    // Not before the lease lapses: a live claim is never taken over.
    expect((await dispatchIntents(depsWith(smtpMailer()), { owner: 'too-early', ids, limit: 100 })).claimed).toBe(0);

    // The restarted process.
    await drain(depsWith(smtpMailer()), ids);
    await expectExactlyOnce(
      ids,
      emails,
      students.map((s) => s.student.id),
    );
    expect(await Communication.findByPk(c.id)).toMatchObject({ status: 'SENT' });
    if (when === 'after-accept') {
      // The message the dead process had sent: SENT from its outbox row, no second attempt at the server.
      const dyingOne = (await CommunicationIntent.findAll({ where: { id: emails.map((e) => e.id) } })).find(
        (r) => r.outboxMessageId !== null && receivedWith(messageIdOf(r.id)).length === 1,
      );
      expect(dyingOne).toBeDefined();
    }
  });

  test('a lapsed intent whose outbox row says SENT (the acceptance recorded, the intent not): SENT from that row, not sent again', async () => {
    const { emails, ids } = await communicationTo(1);
    const [email] = emails;
    const messageId = messageIdOf(email.id);
    const sentAt = new Date(Date.now() - 60_000);
    const row = await OutboxMessage.create({
      toAddress: email.toAddress!,
      subject: 'Accepted',
      textBody: 'x',
      htmlBody: null,
      templateKey: null,
      status: 'SENT',
      error: null,
      sentAt,
      messageId,
    });
    await CommunicationIntent.update({ status: 'SENDING', claimedBy: 'dead#2', claimedUntil: new Date(Date.now() - 1000) }, { where: { id: email.id } });
    const r = await dispatchIntents(depsWith(smtpMailer()), { owner: 'taker', ids: [email.id], now: new Date() });
    expect(r).toMatchObject({ claimed: 1, sent: 1 });
    expect(receivedWith(messageId)).toHaveLength(0);
    expect(await CommunicationIntent.findByPk(email.id)).toMatchObject({ status: 'SENT', outboxMessageId: row.id, attempts: 1, claimedBy: null, sentAt });
    await drain(depsWith(smtpMailer()), ids, new Date());
    expect(receivedWith(messageId)).toHaveLength(0);
  });

  test('the window SMTP leaves (accepted, the process died before the outbox said so): sent again with the same Message-ID, on the same outbox row', async () => {
    const { emails, ids } = await communicationTo(1);
    const [email] = emails;
    const messageId = messageIdOf(email.id);
    // What the dead process left: the intent SENDING under its lapsed claim, the outbox row PENDING with
    // the Message-ID, and the message at the server.
    const pending = await OutboxMessage.create({
      toAddress: email.toAddress!,
      subject: email.subject ?? 'x',
      textBody: 'x',
      htmlBody: null,
      templateKey: null,
      status: 'PENDING',
      error: null,
      sentAt: null,
      messageId,
    });
    await CommunicationIntent.update({ status: 'SENDING', claimedBy: 'dead#1', claimedUntil: new Date(Date.now() - 1000) }, { where: { id: email.id } });
    const raw = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    await raw.sendMail({ from: MAIL_FROM, to: email.toAddress!, subject: 'first copy', text: 'x', messageId });
    raw.close();

    await drain(depsWith(smtpMailer()), ids, new Date());
    const copies = receivedWith(messageId);
    expect(copies.length).toBe(2); // the documented duplicate: both carry the same Message-ID
    const row = (await CommunicationIntent.findByPk(email.id))!;
    expect(row).toMatchObject({ status: 'SENT', outboxMessageId: pending.id });
    expect(await OutboxMessage.count({ where: { messageId } })).toBe(1);
    expect(await OutboxMessage.findByPk(pending.id)).toMatchObject({ status: 'SENT' });
  });
});

describe('SMTP down', () => {
  test('the intents wait (CREATED, one attempt counted, the rest untried) and the backlog shows them; back up, the retry sends each once', async () => {
    const { token } = await makeAdmin(t.deps);
    const down = await startSmtp();
    const port = down.port;
    await down.stop();
    const before = await request(t.app).get('/api/communications/backlog').set(bearer(token));
    expect(before.status).toBe(200);
    const { emails } = await communicationTo(4);
    const emailIds = emails.map((e) => e.id);

    const r = await dispatchIntents(depsWith(smtpMailer(port)), { owner: 'smtp-down', ids: emailIds, limit: 100 });
    expect(r).toMatchObject({ claimed: 4, sent: 0, retrying: 1, deferred: 3, serverUnavailable: true });
    const waiting = await CommunicationIntent.findAll({ where: { id: emailIds } });
    expect(waiting.every((w) => w.status === 'CREATED' && w.claimedBy === null)).toBe(true);
    expect(waiting.map((w) => w.attempts).sort()).toEqual([0, 0, 0, 1]);
    // Every one waits for the backoff of the first failure: nothing is due now.
    const retryAt = Date.now() + intentBackoffMs(1);
    expect(waiting.every((w) => Math.abs(w.nextAttemptAt.getTime() - retryAt) < 10_000)).toBe(true);
    expect((await dispatchIntents(depsWith(smtpMailer(port)), { owner: 'too-soon', ids: emailIds })).claimed).toBe(0);

    const during = await request(t.app).get('/api/communications/backlog').set(bearer(token));
    expect(during.status).toBe(200);
    expect(during.body.waiting).toBeGreaterThanOrEqual(before.body.waiting + 4);
    expect(during.body.retrying).toBeGreaterThanOrEqual(1);
    expect(new Date(during.body.nextRetryAt).getTime()).toBeLessThanOrEqual(retryAt + 10_000);
    expect(typeof during.body.oldestWaitingSince).toBe('string');

    // The server comes back on the same port: after the backoff every email goes, once.
    const back = await startSmtp(port);
    try {
      const later = new Date(Date.now() + intentBackoffMs(1) + 5000);
      let sent = 0;
      for (let i = 0; i < 5 && sent < 4; i += 1) sent += (await dispatchIntents(depsWith(smtpMailer(port)), { owner: 'smtp-back', ids: emailIds, now: later })).sent;
      expect(sent).toBe(4);
      for (const e of emails) expect(receivedWith(messageIdOf(e.id), back.received).length).toBe(1);
      const done = await CommunicationIntent.findAll({ where: { id: emailIds } });
      expect(done.every((d) => d.status === 'SENT')).toBe(true);
    } finally {
      await back.stop();
    }
    const after = await request(t.app).get('/api/communications/backlog').set(bearer(token));
    expect(after.body.retrying).toBeLessThanOrEqual(during.body.retrying - 1);
  });

  test('backlog: 401 without a token; 403 for a student', async () => {
    expect((await request(t.app).get('/api/communications/backlog')).status).toBe(401);
    const { token } = await makeStudent(t.deps);
    expect((await request(t.app).get('/api/communications/backlog').set(bearer(token))).status).toBe(403);
  });
});

describe('template sender fields', () => {
  async function senderTemplate(fields: Partial<CommunicationTemplate['_creationAttributes']>) {
    const key = unique('SENDER_').toUpperCase().slice(0, 60);
    const template = await CommunicationTemplate.create({ name: key, key, category: 'ACCOUNT', availableParams: ['firstName', 'code'], ...fields });
    await CommunicationTemplateContent.create({
      communicationTemplateId: template.id,
      language: 'EN',
      subject: 'Code {{code}}',
      messageBodyTemplate: '<p>Hi {{firstName}}: {{code}}</p>',
    });
    return template;
  }

  test('a template’s sender, fromName, replyTo, replyToName and bcc are the message’s From, Reply-To and Bcc (and on its outbox row)', async () => {
    const template = await senderTemplate({
      sender: 'admissions@example.org',
      fromName: 'Admissions Office',
      replyTo: 'help@example.org',
      replyToName: 'Help Desk',
      bcc: 'audit@example.org, copy@example.org',
    });
    const { student, email } = await makeStudent(t.deps);
    await sendTemplate(depsWith(smtpMailer()), { key: template.key, to: email, studentId: student.id, params: { code: '4411' } });
    const intent = (await CommunicationIntent.findOne({ where: { toAddress: email, templateKey: template.key } }))!;
    expect(intent.status).toBe('SENT');
    const [got] = receivedWith(messageIdOf(intent.id));
    expect(got.headers.from).toBe('Admissions Office <admissions@example.org>');
    expect(got.headers['reply-to']).toBe('Help Desk <help@example.org>');
    expect(got.headers.bcc).toBeUndefined(); // blind: in the envelope only
    expect(got.mailFrom).toBe('admissions@example.org');
    expect(got.to.sort()).toEqual([email, 'audit@example.org', 'copy@example.org'].sort());
    expect(await OutboxMessage.findByPk(intent.outboxMessageId!)).toMatchObject({
      status: 'SENT',
      messageId: messageIdOf(intent.id),
      fromAddress: '"Admissions Office" <admissions@example.org>',
      replyTo: '"Help Desk" <help@example.org>',
      bcc: 'audit@example.org, copy@example.org',
    });
  });

  test('only a name: MAIL_FROM’s address under it; no sender fields: MAIL_FROM, no Reply-To; a communication of a template uses the template’s', async () => {
    const named = await senderTemplate({ fromName: 'The Registrar' });
    const plain = await senderTemplate({});
    const a = await makeStudent(t.deps);
    const b = await makeStudent(t.deps);
    const deps = depsWith(smtpMailer());
    await sendTemplate(deps, { key: named.key, to: a.email, studentId: a.student.id, params: { code: '1' } });
    await sendTemplate(deps, { key: plain.key, to: b.email, studentId: b.student.id, params: { code: '2' } });
    const ia = (await CommunicationIntent.findOne({ where: { toAddress: a.email, templateKey: named.key } }))!;
    const ib = (await CommunicationIntent.findOne({ where: { toAddress: b.email, templateKey: plain.key } }))!;
    expect(receivedWith(messageIdOf(ia.id))[0].headers.from).toBe('The Registrar <no-reply@example.com>');
    const gotB = receivedWith(messageIdOf(ib.id))[0];
    expect(gotB.headers.from).toBe('School <no-reply@example.com>');
    expect(gotB.headers['reply-to']).toBeUndefined();
    expect(await OutboxMessage.findByPk(ib.outboxMessageId!)).toMatchObject({ fromAddress: null, replyTo: null, bcc: null });

    const withSender = await senderTemplate({ sender: 'news@example.org', fromName: 'Newsroom', replyTo: 'editor@example.org' });
    await CommunicationTemplateContent.update({ subject: 'News', messageBodyTemplate: '<p>Hi {{firstName}}</p>' }, { where: { communicationTemplateId: withSender.id } });
    await withSender.update({ availableParams: ['firstName'] });
    const { emails, ids } = await communicationTo(2, { communicationTemplateId: withSender.id });
    await drain(deps, ids, new Date());
    for (const e of emails) {
      const [got] = receivedWith(messageIdOf(e.id));
      expect(got.headers.from).toBe('Newsroom <news@example.org>');
      expect(got.headers['reply-to']).toBe('editor@example.org');
    }
  });

  test('senderFields: bcc split and trimmed, empty fields ignored', () => {
    expect(senderFields({ sender: null, fromName: null, replyTo: null, replyToName: null, bcc: ' a@x.org ,, b@x.org ' }, MAIL_FROM)).toEqual({
      from: null,
      replyTo: null,
      bcc: ['a@x.org', 'b@x.org'],
    });
    expect(senderFields(null, MAIL_FROM)).toEqual({ from: null, replyTo: null, bcc: null });
  });

  test('400 for a replyTo, sender or bcc that is not an email; nothing stored', async () => {
    const { token } = await makeAdmin(t.deps);
    const key = unique('BADSENDER_').toUpperCase().slice(0, 60);
    const bad = await request(t.app)
      .post('/api/communication_templates')
      .set(bearer(token))
      .send({ name: 'Bad sender', key, category: 'ACCOUNT', sender: 'not-an-email', replyTo: 'also bad', bcc: 'ok@example.org, nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(expect.arrayContaining(['bcc', 'replyTo', 'sender']));
    expect(await CommunicationTemplate.count({ where: { key } })).toBe(0);
    const good = await request(t.app)
      .post('/api/communication_templates')
      .set(bearer(token))
      .send({ name: 'Good sender', key, category: 'ACCOUNT', sender: 'Office@Example.org', replyTo: 'help@example.org', bcc: 'a@example.org,b@example.org' });
    expect(good.status).toBe(201);
    expect(await CommunicationTemplate.findOne({ where: { key } })).toMatchObject({ replyTo: 'help@example.org', bcc: 'a@example.org,b@example.org' });
  });
});
