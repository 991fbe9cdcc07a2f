/**
 * `npm run test:e2e`: builds the UIs when stale, starts a local SMTP server (./support/mailbox.ts) and
 * the real server on a fresh SQLite database (migrated and seeded with the demo, as `npm start` does)
 * sending its email to that SMTP server, runs the browser suite (jest project `e2e`, playwright-core
 * driving Debian's chromium) against it, and stops both.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from './support/browser';
import { startMailbox } from './support/mailbox';

const root = path.resolve(__dirname, '..', '..');

async function waitForHealth(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/health within ${ms} ms`);
}

async function main(): Promise<number> {
  chromiumPath(); // fails loudly before anything starts when the browser is missing
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api/cli/build-ui.ts'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;

  const dir = mkdtempSync(path.join(tmpdir(), 'hci-e2e-'));
  const port = Number(process.env.E2E_PORT ?? 3510);
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = `sqlite:${path.join(dir, 'e2e.sqlite')}`;
  // Every email leaves over SMTP, as in production; the tests read what arrived from E2E_MAIL_DIR.
  const mailDir = path.join(dir, 'mail');
  // Uploads and exports go to the run's own folder; the tests read the stored exports there (E2E_STORAGE_DIR).
  const storageDir = path.join(dir, 'files');
  const mailbox = await startMailbox(mailDir);
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SMTP_URL: mailbox.url,
      STORAGE_DIR: storageDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, 60_000);
    // Not spawnSync: this process's event loop serves the SMTP listener while the tests run.
    const jest = spawn('npx', ['jest', '--runInBand', '--testTimeout=60000', ...process.argv.slice(2), '--selectProjects', 'e2e'], {
      cwd: root,
      stdio: 'inherit',
      // The tests read the server's database too (read-only), e.g. the emailed codes in outbox_messages,
      // and the emails the SMTP server received (E2E_MAIL_DIR).
      env: { ...process.env, E2E: '1', E2E_BASE_URL: baseUrl, E2E_DATABASE_URL: databaseUrl, E2E_MAIL_DIR: mailDir, E2E_STORAGE_DIR: storageDir },
    });
    return await new Promise<number>((resolve) => {
      jest.once('error', () => resolve(1));
      jest.once('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    server.kill('SIGTERM');
    void mailbox.close(); // the process exits next
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
