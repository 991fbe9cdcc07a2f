import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The browser suite's mail server. `run.ts` starts an SMTP listener on a free local port (with a
 * login, as a real server asks) and points the e2e server at it with SMTP_URL, so every email the
 * product sends travels over SMTP exactly as in production. Each message it receives is written to
 * its own file in E2E_MAIL_DIR (written whole, then renamed: a reader never sees half a message);
 * the tests read them with `waitForEmail`.
 */

export const MAILBOX_USER = 'e2e-mailer';
export const MAILBOX_PASSWORD = 'e2e-mailer-password';

export interface Mailbox {
  /** The SMTP_URL the e2e server sends with. */
  url: string;
  close(): Promise<void>;
}

/** Starts the listener; every received message becomes `<dir>/<n>.json` ({ mailFrom, rcptTo, raw }). */
export function startMailbox(dir: string): Promise<Mailbox> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === MAILBOX_USER && auth.password === MAILBOX_PASSWORD) return cb(null, { user: MAILBOX_USER });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const name = `${String(received).padStart(6, '0')}.json`;
        const message = {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        writeFileSync(path.join(dir, `${name}.part`), JSON.stringify(message));
        renameSync(path.join(dir, `${name}.part`), path.join(dir, name));
        cb();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        url: `smtp://${MAILBOX_USER}:${MAILBOX_PASSWORD}@127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** An email as the test SMTP server received it, its MIME parts decoded. */
export interface ReceivedEmail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain part ('' when none). */
  text: string;
  /** The text/html part ('' when none). */
  html: string;
  headers: Record<string, string>;
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Quoted-printable to bytes (soft line breaks removed), read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const s = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < s.length; i += 1) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) of a header, adjacent ones joined. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The leaf parts of a MIME message (multipart bodies split on their boundary, recursively). */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leaves(splitPart(p.replace(/^\r?\n/, ''))));
}

export function parseEmail(message: { mailFrom: string; rcptTo: string[]; raw: string }): ReceivedEmail {
  const top = splitPart(message.raw);
  const parts = leaves(top);
  const ofType = (type: string) => parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    to: message.rcptTo,
    from: message.mailFrom,
    subject: decodeHeader(top.headers.subject ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    headers: top.headers,
  };
}

/** Every email the test SMTP server has received so far, oldest first. */
export function receivedEmails(): ReceivedEmail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser suite with `npm run test:e2e`');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => parseEmail(JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { mailFrom: string; rcptTo: string[]; raw: string }));
}

/** Waits for the newest email to `address` that `matches` (any, by default) to arrive at the test SMTP server. */
export async function waitForEmail(address: string, matches: (email: ReceivedEmail) => boolean = () => true, ms = 15_000): Promise<ReceivedEmail> {
  const until = Date.now() + ms;
  for (;;) {
    const found = receivedEmails()
      .filter((e) => e.to.includes(address.toLowerCase()) || e.to.includes(address))
      .filter(matches)
      .pop();
    if (found) return found;
    if (Date.now() > until) {
      const subjects = receivedEmails()
        .filter((e) => e.to.includes(address))
        .map((e) => e.subject);
      throw new Error(`no matching email to ${address} reached the test SMTP server within ${ms} ms; received for it: ${JSON.stringify(subjects)}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}
