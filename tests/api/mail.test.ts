import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ActivityLog, OutboxMessage } from '../../models';
import { OutboxMailer } from '../../api/integrations/mail';
import { MailDeliveryError, SmtpMailer, createSmtpMailer, verifySmtp } from '../../api/integrations/smtp-mailer';
import { setupApp, type TestApp } from '../support/app';
import { makeStudent, unique } from '../support/factories';

const USER = 'mailer';
const PASSWORD = 's3cr3t/p@ss-Zq9'; // has URL-reserved characters: the URL carries it encoded
const FROM = 'School <no-reply@example.com>';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that accepts USER/PASSWORD and keeps every message it receives. */
function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closing drops open connections at once (smtp-server waits 30 s for them by default, and the
    // pooled transport keeps them open): the suite took 37 s, 35 of them waiting here.
    closeTimeout: 50,
    onAuth(auth, _session, cb) {
      if (auth.username === USER && auth.password === PASSWORD) return cb(null, { user: USER });
      // A server that echoes what it was given: the mailer must still store nothing secret.
      return cb(new Error(`Invalid credentials ${auth.username}:${auth.password}`));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port, received }));
  });
}

const smtpUrl = (port: number, password = PASSWORD) => `smtp://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

function expectNoSecret(text: string | null | undefined) {
  expect(text ?? '').not.toContain(PASSWORD);
  expect(text ?? '').not.toContain(encodeURIComponent(PASSWORD));
}

async function sendAndCatch(mailer: { send: SmtpMailer['send'] }, subject: string): Promise<unknown> {
  try {
    await mailer.send({ to: 'student@example.com', subject, text: 'Your code is 123456', templateKey: 'VERIFY_CODE' });
  } catch (err) {
    return err;
  }
  throw new Error('expected the send to fail');
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  // The app's own wiring: SMTP_URL set → the SMTP mailer (setupApp also migrates and initialises the models).
  t = await setupApp({ SMTP_URL: smtpUrl(smtp.port), MAIL_FROM: FROM });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  await t.close();
});

describe('SmtpMailer', () => {
  test('SMTP_URL makes the app use the SMTP mailer', () => {
    expect(t.deps.mailer).toBeInstanceOf(SmtpMailer);
  });

  test('delivers to the SMTP server and records the message SENT with sentAt', async () => {
    const subject = unique('Reset your password ');
    const to = `${unique('user')}@example.com`;
    await t.deps.mailer.send({ to, subject, text: 'Follow the link to reset', html: '<p>Follow the link</p>', templateKey: 'PASSWORD_RESET' });

    const got = smtp.received.find((r) => r.raw.includes(`Subject: ${subject}`));
    expect(got).toBeDefined();
    expect(got!.to).toEqual([to]);
    expect(got!.from).toBe('no-reply@example.com');
    expect(got!.raw).toContain('From: School <no-reply@example.com>');
    expect(got!.raw).toContain('Follow the link to reset');

    const row = await OutboxMessage.findOne({ where: { subject } });
    expect(row).toMatchObject({ toAddress: to, status: 'SENT', error: null, templateKey: 'PASSWORD_RESET', htmlBody: '<p>Follow the link</p>' });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  test('an unreachable server: the row is FAILED with a reason, the throw is generic, no password anywhere', async () => {
    const closed = await startSmtp();
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const mailer = createSmtpMailer(smtpUrl(closed.port), FROM);
    const subject = unique('Invitation ');

    const err = await sendAndCatch(mailer, subject);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect((err as Error).message).toBe('The email could not be sent');
    expectNoSecret(String(err));
    expectNoSecret((err as Error).stack);
    expectNoSecret(JSON.stringify(err));

    const row = await OutboxMessage.findOne({ where: { subject } });
    expect(row).toMatchObject({ status: 'FAILED', sentAt: null });
    expect(row!.error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect((err as MailDeliveryError).outboxId).toBe(row!.id);
    expectNoSecret(row!.error);
  });

  test('a rejected login (server echoes the password): FAILED, and the stored error is redacted', async () => {
    const wrong = 'wr0ng/p@ss-Xy7';
    const mailer = createSmtpMailer(smtpUrl(smtp.port, wrong), FROM);
    const subject = unique('Verification code ');
    const before = smtp.received.length;

    const err = await sendAndCatch(mailer, subject);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect(String(err)).not.toContain(wrong);
    expect(smtp.received.length).toBe(before);

    const row = await OutboxMessage.findOne({ where: { subject } });
    expect(row!.status).toBe('FAILED');
    expect(row!.error).toMatch(/^EAUTH: /);
    expect(row!.error).not.toContain(wrong);
    expect(row!.error).not.toContain(encodeURIComponent(wrong));
  });

  test('verifySmtp resolves for a working server and rejects without the password otherwise', async () => {
    await expect(verifySmtp(smtpUrl(smtp.port))).resolves.toBeUndefined();
    const err = await verifySmtp(smtpUrl(smtp.port, 'nope-nope-123')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err)).toMatch(/SMTP check failed/);
    expect(String(err)).not.toContain('nope-nope-123');
  });

  test('a URL that is not smtp:// or smtps:// is refused at construction, without echoing it', () => {
    expect(() => createSmtpMailer(`http://${USER}:${encodeURIComponent(PASSWORD)}@example.com`, FROM)).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => createSmtpMailer(`not a url ${PASSWORD}`, FROM)).toThrow('SMTP_URL is not a valid URL');
  });
});

describe("an email to a student's address is on the student's timeline", () => {
  test('SMTP: delivered → EMAIL_SENT, written with the outbox row going SENT; not delivered → EMAIL_FAILED, never EMAIL_SENT', async () => {
    const { student, email } = await makeStudent(t.deps);
    const subject = unique('Your installment ');
    await t.deps.mailer.send({ to: email, subject, text: 'Due soon', templateKey: 'INSTALLMENT_DUE' });
    const row = (await OutboxMessage.findOne({ where: { subject } }))!;
    const sent = await ActivityLog.findAll({ where: { studentId: student.id } });
    expect(sent.map((a) => ({ category: a.category, type: a.type, entityType: a.entityType, entityId: a.entityId, actorUserId: a.actorUserId, actorName: a.actorName }))).toEqual([
      { category: 'COMMUNICATION', type: 'EMAIL_SENT', entityType: 'OUTBOX_MESSAGE', entityId: row.id, actorUserId: null, actorName: 'System' },
    ]);
    expect(sent[0].description).toBe(`Email sent to ${email}: ${subject}`);

    const closed = await startSmtp();
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const failing = createSmtpMailer(smtpUrl(closed.port), FROM);
    const lost = unique('Reminder ');
    await expect(failing.send({ to: email, subject: lost, text: 'Due soon' })).rejects.toBeInstanceOf(MailDeliveryError);
    const failedRow = (await OutboxMessage.findOne({ where: { subject: lost } }))!;
    expect(failedRow.status).toBe('FAILED');
    const entries = await ActivityLog.findAll({ where: { studentId: student.id, entityId: failedRow.id, entityType: 'OUTBOX_MESSAGE' } });
    expect(entries.map((a) => [a.type, a.description])).toEqual([['EMAIL_FAILED', `Email not delivered to ${email}: ${lost}`]]);
    expectNoSecret(entries[0].description);
  });

  test('the outbox: the entry names who had it sent and what it is about; an address that is no student’s gets none', async () => {
    const { student, email } = await makeStudent(t.deps);
    const subject = unique('Installment reminder ');
    await new OutboxMailer().send({
      to: email.toUpperCase(),
      subject,
      text: 'Due soon',
      actor: { userId: 42, name: 'Dana Finance' },
      about: { entityType: 'PAYMENT_SCHEDULE', entityId: 7 },
    });
    const entries = await ActivityLog.findAll({ where: { studentId: student.id } });
    expect(entries.map((a) => ({ type: a.type, entityType: a.entityType, entityId: a.entityId, actorUserId: a.actorUserId, actorName: a.actorName }))).toEqual([
      { type: 'EMAIL_SENT', entityType: 'PAYMENT_SCHEDULE', entityId: 7, actorUserId: 42, actorName: 'Dana Finance' },
    ]);

    const before = await ActivityLog.count();
    await new OutboxMailer().send({ to: `${unique('nobody')}@example.com`, subject: unique('Welcome '), text: 'Hello' });
    expect(await ActivityLog.count()).toBe(before);
  });
});

describe('OutboxMailer', () => {
  test('records the message as SENT with sentAt', async () => {
    const subject = unique('Welcome ');
    await new OutboxMailer().send({ to: 'new@example.com', subject, text: 'Hello', templateKey: 'WELCOME' });
    const row = await OutboxMessage.findOne({ where: { subject } });
    expect(row).toMatchObject({ toAddress: 'new@example.com', status: 'SENT', error: null, templateKey: 'WELCOME', htmlBody: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});
