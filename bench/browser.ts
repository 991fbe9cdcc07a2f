/**
 * `npm run bench:browser`: how long a signed-in person waits for their first screen, in Debian's
 * chromium on loopback, from navigation to the data on screen — with an empty browser cache (the first
 * visit of the day) and with a warm one (the next visits; hashed assets are cached for good).
 *
 * - console: /admin/students as the demo SUPER_ADMIN, until the list's first row shows (target ≤ 1.0 s);
 * - portal: / as the demo's paying student, until home shows the welcome and the payment card (≤ 0.8 s).
 *
 * The server is `npm start`'s (api/server.ts) on a fresh SQLite file with the demo data, the UIs as
 * built for production (pre-compressed assets). BENCH_RUNS (7) visits per case; the median is the
 * figure. Also prints the bytes sent over the wire (compressed) and the JavaScript's size.
 * Results: a table on stdout and bench/results/browser.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/browser';
import { freePort } from './support';

const ROOT = path.resolve(__dirname, '..');
const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 7), 1), 50);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo12345';

interface Case {
  key: string;
  label: string;
  target: number;
  /** Signs in through the UI once; the storage it leaves is reused by every timed visit. */
  signIn(page: Page, base: string): Promise<void>;
  path: string;
  /** Resolves when the screen shows its data. */
  ready(page: Page): Promise<void>;
}

const CASES: Case[] = [
  {
    key: 'console-students',
    label: 'console: students list, first rows',
    target: 1000,
    async signIn(page, base) {
      await page.goto(`${base}/admin/login`);
      await page.getByLabel(/^(Email|Correo electrónico)/).fill('admin@example.com');
      await page.getByLabel(/^(Password|Contraseña)/).fill(process.env.ADMIN_PASSWORD ?? 'Admin12345');
      await page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    },
    path: '/admin/students',
    async ready(page) {
      await page.locator('table tbody tr').first().waitFor({ state: 'visible' });
    },
  },
  {
    key: 'portal-home',
    label: 'portal: signed-in home',
    target: 800,
    async signIn(page, base) {
      await page.goto(`${base}/login`);
      const form = page.getByRole('form').first();
      await form.locator('input[type=email], input[name=email]').first().fill('enrolled@example.com');
      await form.locator('input[type=password]').first().fill(PASSWORD);
      await form.locator('button[type=submit]').first().click();
      await page.waitForURL('**/home');
    },
    path: '/',
    async ready(page) {
      await page.getByTestId('welcome').waitFor({ state: 'visible' });
      await page.getByTestId('home-payments').waitFor({ state: 'visible' });
    },
  },
];

interface Visit {
  ms: number;
  wireBytes: number;
  jsBytes: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
}

async function waitForHealth(url: string, child: ChildProcess, seconds = 90): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}/api/health did not answer within ${seconds} s`);
}

/** One timed visit in a context that starts from `storage` (signed in) and the given cache. */
async function visit(context: BrowserContext, base: string, c: Case): Promise<Visit> {
  const page = await context.newPage();
  try {
    const started = Date.now();
    await page.goto(`${base}${c.path}`, { waitUntil: 'commit' });
    await c.ready(page);
    const ms = Date.now() - started;
    // Runs in the page (the API's tsconfig has no DOM types): bytes over the wire and decoded script bytes.
    const { wireBytes, jsBytes } = await page.evaluate<{ wireBytes: number; jsBytes: number }>(`(() => {
      const entries = performance.getEntriesByType('resource');
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        wireBytes: entries.reduce((sum, e) => sum + e.transferSize, nav ? nav.transferSize : 0),
        jsBytes: entries.filter((e) => e.name.endsWith('.js')).reduce((sum, e) => sum + e.decodedBodySize, 0),
      };
    })()`);
    return { ms, wireBytes, jsBytes };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/cli/build-ui.ts'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the UIs failed');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hci-bench-browser-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: base, DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let browser: Browser | null = null;
  try {
    await waitForHealth(base, server);
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
    const results: Record<string, { label: string; target: number; cold: Visit[]; warm: Visit[] }> = {};
    for (const c of CASES) {
      const setup = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
      await c.signIn(await setup.newPage(), base);
      const storage = await setup.storageState();
      await setup.close();

      const cold: Visit[] = [];
      const warm: Visit[] = [];
      // A warm-up visit (uncounted) so the server's first-request costs (JIT, SQLite cache) are not timed.
      const warmUp = await browser.newContext({ storageState: storage, locale: 'en-US', viewport: { width: 1440, height: 900 } });
      await visit(warmUp, base, c);
      await warmUp.close();
      for (let i = 0; i < RUNS; i++) {
        // A new context has an empty HTTP cache: the first visit of the day.
        const context = await browser.newContext({ storageState: storage, locale: 'en-US', viewport: { width: 1440, height: 900 } });
        cold.push(await visit(context, base, c));
        // The same context again: assets come from the browser's cache, only the API is asked.
        warm.push(await visit(context, base, c));
        await context.close();
      }
      results[c.key] = { label: c.label, target: c.target, cold, warm };
    }

    const rows = Object.values(results).map((r) => ({
      case: r.label,
      'cold median ms': median(r.cold.map((v) => v.ms)),
      'cold range ms': `${Math.min(...r.cold.map((v) => v.ms))}–${Math.max(...r.cold.map((v) => v.ms))}`,
      'warm median ms': median(r.warm.map((v) => v.ms)),
      'target ms': r.target,
      met: median(r.cold.map((v) => v.ms)) <= r.target ? 'yes' : 'NO',
      'wire KB (cold)': Math.round(median(r.cold.map((v) => v.wireBytes)) / 1024),
      'JS KB (decoded)': Math.round(median(r.cold.map((v) => v.jsBytes)) / 1024),
    }));
    console.table(rows);
    const out = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(out, { recursive: true });
    const cpu = os.cpus()[0]?.model ?? 'unknown';
    fs.writeFileSync(path.join(out, 'browser.json'), JSON.stringify({ date: new Date().toISOString(), machine: `${os.cpus().length} × ${cpu}`, runs: RUNS, results }, null, 2));
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
