import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message a local test SMTP server accepted: the envelope, the raw message and a few headers. */
export interface Received {
  to: string[];
  /** The envelope's MAIL FROM. */
  mailFrom: string | null;
  raw: string;
  /** Header lines, unfolded, by lower-case name (first occurrence). */
  headers: Record<string, string>;
}

export interface TestSmtp {
  server: SMTPServer;
  port: number;
  received: Received[];
  /** Called for each message before it is accepted; throwing refuses it (a 4xx/5xx to the client). */
  onMessage?: (m: Received) => void;
  stop(): Promise<void>;
}

function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const out: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) {
      const name = line.slice(0, i).trim().toLowerCase();
      if (!(name in out)) out[name] = line.slice(i + 1).trim();
    }
  }
  return out;
}

/**
 * A local SMTP server (the smtp-server package) that records every message it accepts. Its close
 * drops open connections at once (nodemailer's pooled transport keeps them open), so a test can
 * take the server away and bring it back on the same port.
 */
export function startSmtp(port = 0): Promise<TestSmtp> {
  const received: Received[] = [];
  const handle: Partial<TestSmtp> = { received };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const m: Received = {
          to: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          raw,
          headers: headersOf(raw),
        };
        try {
          handle.onMessage?.(m);
        } catch (err) {
          cb(err as Error);
          return;
        }
        received.push(m);
        cb();
      });
    },
  });
  handle.server = server;
  handle.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      handle.port = (server.server.address() as AddressInfo).port;
      resolve(handle as TestSmtp);
    });
  });
}
