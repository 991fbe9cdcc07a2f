import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (installed by `.ci/run` when missing); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return found;
}

/** Flags that keep chromium off the (closed) network and quiet in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser suite with `npm run test:e2e`');
  return url;
};

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context (own storage, English unless asked) with clipboard access for 'Copy direct link'. */
export async function newContext(browser: Browser, options: { locale?: string; width?: number; height?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Saves a screenshot when SCREENSHOT_DIR is set (`npm run screenshots` writes docs/screenshots). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The lifecycle every browser test file shares: one browser per file, a fresh context and page per
 * test (own storage and session). Returns a getter for the current page.
 */
export function usePage(options: { locale?: string } = {}): () => Page {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, options);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return () => page;
}

/**
 * Waits until a JavaScript expression is true in the page. Not `page.waitForFunction`: its polling
 * evaluates the expression with eval, which the product's Content-Security-Policy refuses
 * (script-src 'self') — it failed whenever the first check was not already true.
 */
export async function until(page: Page, expression: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms: ${expression}`);
    await page.waitForTimeout(100);
  }
}
