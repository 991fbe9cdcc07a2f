import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as Enums from '../../../models/enums';
import { EnumLabels } from '../../../models/labels';
import { newContext } from '../support/browser';
import { ConsoleLoginPage } from './console';
import { CONSOLE_ROUTES, DEMO_COACH, fillPath, PORTAL_ROUTES, type RouteIds } from './routes';

/**
 * What the layout and Spanish browser tests do on any screen of the route list (./routes.ts): open a
 * signed-in context in a language at a width, wait for a screen to settle, walk its tabs, and read
 * what is wrong with it — sideways scrolling and controls out of reach, or text that is not Spanish.
 */

export type Language = 'en' | 'es';

/** A context whose pages start in `language` (the console's and the portal's stored choices). */
export async function languageContext(browser: Browser, language: Language, width: number): Promise<BrowserContext> {
  const context = await newContext(browser, { locale: language === 'es' ? 'es-ES' : 'en-US', width, height: 900 });
  await context.addInitScript(`
    localStorage.setItem('hci.admin.locale', '${language}');
    localStorage.setItem('hci.portal.language', '${language.toUpperCase()}');
  `);
  return context;
}

export async function signInConsole(page: Page, admin: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await new ConsoleLoginPage(page).signIn(admin.email, admin.password);
  await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin');
}

export async function signInPortal(page: Page, student: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').first();
  await form.locator('input[type=email], input[name=email]').first().fill(student.email);
  await form.locator('input[type=password]').first().fill(student.password);
  await form.locator('button[type=submit]').first().click();
  await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/coach');
}

/** Requests in flight per page (counted from the page's own events; `settle` waits for none). */
const inFlight = new WeakMap<Page, { count: number; last: number }>();

function track(page: Page): { count: number; last: number } {
  let state = inFlight.get(page);
  if (!state) {
    const s = { count: 0, last: Date.now() };
    const done = () => {
      s.count = Math.max(0, s.count - 1);
      s.last = Date.now();
    };
    page.on('request', () => {
      s.count += 1;
      s.last = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    inFlight.set(page, s);
    state = s;
  }
  return state;
}

/**
 * Waits for a screen: no request in flight for 150 ms (a screen's requests follow one another within
 * that; playwright's networkidle waits 500 ms every time, which doubled the walks) and no progress
 * indicator showing.
 */
export async function settle(page: Page): Promise<void> {
  const state = track(page);
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const quiet = state.count === 0 && Date.now() - state.last >= 150;
    if (quiet && !(await page.locator('[role=progressbar]:visible').count()) && !(await page.evaluate(MOVING))) break;
    await page.waitForTimeout(50);
  }
}

/**
 * Whether something is still moving: a finite CSS transition or animation running (a drawer sliding
 * in, a tab indicator). A screen measured mid-slide puts a drawer's buttons outside the window.
 * Endless ones (progress indicators, skeletons) are not waited for.
 */
const MOVING = `document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations !== Infinity)`;

/** The open record drawer's paper, when a drawer is open. */
const DRAWER = '[data-testid=record-drawer]';

/** The tab lists of the screen: the drawer's when one is open, else the page's. */
async function tabScope(page: Page) {
  const drawer = page.locator(`${DRAWER}:visible`);
  return (await drawer.count()) ? drawer.first() : page.locator('main, #main-content, body').first();
}

/**
 * Visits every tab of the screen (the open drawer's, else the page's), calling `check` on each with
 * the tab's name; the screen as opened is checked first (as 'first tab').
 */
export async function walkTabs(page: Page, check: (tab: string) => Promise<void>): Promise<void> {
  await check('');
  const scope = await tabScope(page);
  const tabs = scope.getByRole('tab');
  const count = await tabs.count();
  for (let i = 1; i < count; i += 1) {
    const tab = tabs.nth(i);
    if (!(await tab.isVisible()) || (await tab.isDisabled())) continue;
    const name = ((await tab.textContent()) ?? `#${i}`).trim();
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await settle(page);
    await check(name);
  }
}

/**
 * What breaks the layout at the current width: the page (or the open drawer's paper) scrolling
 * sideways, and controls — buttons, links, inputs, tabs, stepper steps, pager — lying outside the
 * window (or the open drawer). A wide table may scroll sideways in its own box: its headers and links
 * at any width, its rows' buttons only with `tablesMayScroll` (phones) — at desktop width a row's
 * actions stay in view. A button that shows neither words nor an icon is an offence too.
 */
export async function layoutOffences(page: Page, { tablesMayScroll }: { tablesMayScroll: boolean }): Promise<string[]> {
  return page.evaluate(`(${LAYOUT_SCRIPT})(${JSON.stringify({ drawerSelector: DRAWER, tablesScroll: tablesMayScroll })})`) as Promise<string[]>;
}

/** Runs in the page (the test's TypeScript has no DOM types): see layoutOffences. */
const LAYOUT_SCRIPT = String.raw`({ drawerSelector, tablesScroll }) => {
  const found = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width + 1) found.push('the page scrolls sideways (' + root.scrollWidth + ' px wide in a ' + width + ' px window)');
  const drawer = Array.from(document.querySelectorAll(drawerSelector)).find((d) => d.checkVisibility());
  const left = drawer ? Math.max(0, drawer.getBoundingClientRect().left) : 0;
  const right = drawer ? Math.min(width, drawer.getBoundingClientRect().right) : width;
  if (drawer && drawer.scrollWidth > drawer.clientWidth + 1) found.push('the drawer scrolls sideways (' + drawer.scrollWidth + ' px in ' + drawer.clientWidth + ' px)');
  const scope = drawer || document;
  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.innerText || el.getAttribute('name') || el.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' ');
    return el.tagName.toLowerCase() + (text ? ' "' + text.slice(0, 40) + '"' : '');
  };
  // Horizontal scrollers the design allows: scrollable tab strips; a table's columns in the table's own box
  // (its headers and links at any width, its rows' buttons only on phones: at desktop width a row's
  // actions stay in view).
  const allowedScroller = (el) => {
    const data = el.tagName === 'TH' || el.tagName === 'A' || !!el.closest('thead');
    for (let p = el.parentElement; p && p !== scope; p = p.parentElement) {
      if (p.classList.contains('MuiTabs-scroller') && !p.classList.contains('MuiTabs-fixed')) return true;
      const overflowX = getComputedStyle(p).overflowX;
      if ((tablesScroll || data) && (overflowX === 'auto' || overflowX === 'scroll') && p.querySelector('table')) return true;
    }
    return false;
  };
  const hiddenFromSight = (el) => {
    for (let p = el.parentElement; p && p !== scope; p = p.parentElement) {
      const style = getComputedStyle(p);
      const r = p.getBoundingClientRect();
      if (style.overflow === 'hidden' && r.width <= 1 && r.height <= 1) return true;
    }
    return false;
  };
  // A box inside that scrolls sideways (its content wider than the room it was given), other than a
  // table's own box or a tab strip.
  for (const box of Array.from(scope.querySelectorAll('*'))) {
    if (box.scrollWidth <= box.clientWidth + 1 || box.querySelector('table') || box.classList.contains('MuiTabs-scroller')) continue;
    const overflowX = getComputedStyle(box).overflowX;
    if ((overflowX === 'auto' || overflowX === 'scroll') && box.checkVisibility()) found.push(describe(box) + ' scrolls sideways (' + box.scrollWidth + ' px in ' + box.clientWidth + ' px)');
  }
  const controls = scope.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], .MuiStepLabel-root, .MuiTablePagination-root, th');
  const reported = new Set();
  for (const el of Array.from(controls)) {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (!drawer && el.closest(drawerSelector)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    // Parked above the page until focused (react-admin's 'Skip to content').
    if (box.bottom + window.scrollY <= 0) continue;
    // Visually hidden inputs (under a select, a checkbox or a switch) sit under their visible control.
    if (el.tagName === 'INPUT' && (getComputedStyle(el).opacity === '0' || box.width <= 2)) continue;
    // A button that shows neither words nor an icon (react-admin's Button without an icon on a phone).
    if ((el.tagName === 'BUTTON' || el.getAttribute('role') === 'button') && !el.innerText.trim() && !el.querySelector('svg, img')) {
      found.push(describe(el) + ' shows nothing (no label, no icon)');
      continue;
    }
    if (box.right <= right + 1 && box.left >= left - 1) continue;
    if (allowedScroller(el)) continue;
    // Inside a visually hidden box (one pixel, clipped): read by screen readers, never shown.
    if (hiddenFromSight(el)) continue;
    const what = describe(el) + ' is out of reach (' + Math.round(box.left) + '-' + Math.round(box.right) + ' px, visible ' + Math.round(left) + '-' + Math.round(right) + ' px)';
    if (!reported.has(what)) found.push(what);
    reported.add(what);
  }
  return found;
}`;

/**
 * Enumeration values written as single words (PROGRAM, REFUND, FAILED...), unless Spanish writes the
 * word itself in a label (HCTP: 'Egresados de HCTP'). The language codes of the language switch (EN,
 * ES) are its own labels, marked `translate="no"`.
 */
function rawEnumWords(): string[] {
  const spanish = Object.values(EnumLabels.es as unknown as Record<string, Record<string, string>>)
    .flatMap((labels) => Object.values(labels))
    .join(' ');
  const words = new Set<string>();
  for (const values of Object.values(Enums)) {
    if (!Array.isArray(values)) continue;
    for (const value of values as string[]) {
      if (/^[A-Z]{2,}$/.test(value) && !new RegExp(`\\b${value}\\b`).test(spanish)) words.add(value);
    }
  }
  return [...words];
}

/**
 * Words and phrases of the interface that only English has: the screens' own vocabulary (buttons,
 * headers, statuses, pager, MUI's built-in labels), never common words that the demo's English data
 * also holds (program descriptions, module titles, voucher descriptions, comments).
 */
export const ENGLISH_ONLY = [
  'Save',
  'Cancel',
  'Search',
  'Status',
  'Amount',
  'Actions',
  'Next',
  'Previous',
  'Close',
  'Loading',
  'Balance',
  'Paid',
  'Pending',
  'Failed',
  'Approved',
  'Rejected',
  'Accepted',
  'Installment',
  'Refund',
  'Refunds',
  'Payment',
  'Payments',
  'Created',
  'Updated',
  'Deleted',
  'Edit',
  'Delete',
  'Add',
  'Back',
  'Submit',
  'Continue',
  'History',
  'Overview',
  'Schedule',
  'Settings',
  'Profile',
  'Dashboard',
  'Chargeback',
  'Pre-payment',
  'Pay-off',
  'Enrollment',
  'Student',
  'Students',
  'Date',
  'Yes',
  'Rows per page',
  'ending',
  'issued',
  'voided',
  'more than',
  'Page',
  'page',
  'Go to',
  'Open',
  'Clear',
  'No options',
  'Card',
  'Wire transfer',
  'Check payment',
  'succeeded',
  'charge',
  'refund',
  'payment',
  'Sign in',
  'Sign out',
  'Email',
  'Password',
  'Details',
  'Export',
  'Filters',
];

/**
 * Every offence of the visible text of the screen in Spanish: raw enumeration values and English words.
 * The text read is the open drawer's (else the page's), or the visible element `scope` selects (a dialog).
 */
export async function spanishOffences(page: Page, scope: string = DRAWER): Promise<string[]> {
  const texts = (await page.evaluate(`(${TEXT_SCRIPT})(${JSON.stringify({ drawerSelector: scope })})`)) as string[];
  const found = new Set<string>();
  const enumRegex = new RegExp(`(?<![\\p{L}\\d_])(${rawEnumWords().join('|')})(?![\\p{L}\\d_])`, 'u');
  const englishRegex = new RegExp(`(?<![\\p{L}\\d-])(${ENGLISH_ONLY.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\d-])`, 'u');
  for (const text of texts) {
    // Records the browser tests make for themselves are named 'E2E …' (codes 'E2E-…'): their names are data, not the screen's words.
    if (/\bE2E[ -]/.test(text)) continue;
    const raw = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/.exec(text) ?? enumRegex.exec(text);
    if (raw) found.add(`raw value ${raw[0]} in "${text.slice(0, 80)}"`);
    const english = englishRegex.exec(text);
    if (english) found.add(`English "${english[0]}" in "${text.slice(0, 80)}"`);
  }
  return [...found];
}

/**
 * Runs in the page: the visible text of the screen (the open drawer's, else the page's), the options
 * of its native selects, its placeholders, and the aria-labels and titles of its visible elements.
 * Text marked as not to be translated is left out: `translate="no"` and <code> (identifiers such as a
 * business category's code), and `lang` other than Spanish (the enrollment agreement is English by
 * decision), as are the options of a US state select (postal names).
 */
const TEXT_SCRIPT = String.raw`({ drawerSelector }) => {
  const drawer = Array.from(document.querySelectorAll(drawerSelector)).find((d) => d.checkVisibility());
  const scope = drawer || document.body;
  const untranslated = (el) => {
    if (el.closest('[translate=no], code')) return true;
    const tagged = el.closest('[lang]');
    return !!tagged && tagged !== document.documentElement && !tagged.lang.toLowerCase().startsWith('es');
  };
  const out = [];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    const parent = node.parentElement;
    if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || untranslated(parent)) continue;
    if (parent.tagName === 'OPTION') {
      if (parent.closest('select[data-testid$="stateCode"]')) continue;
    } else if (!parent.checkVisibility({ visibilityProperty: true })) continue;
    out.push(text);
  }
  for (const el of Array.from(scope.querySelectorAll('[placeholder], [aria-label], [title]'))) {
    if (!el.checkVisibility() || untranslated(el)) continue;
    for (const name of ['placeholder', 'aria-label', 'title']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
  }
  // A Spanish label may quote an untranslated text ('Descargar Enrollment Agreement - …'): the quote is left out.
  const quoted = Array.from(scope.querySelectorAll('[lang], [translate=no], code'))
    .filter((el) => untranslated(el))
    .map((el) => (el.textContent || '').trim())
    .filter((text) => text.length > 3);
  return out.map((text) => quoted.reduce((rest, quote) => rest.split(quote).join(' '), text));
}`;

export interface Walk {
  browser: Browser;
  language: Language;
  width: number;
  ids: RouteIds;
  admin: { email: string; password: string };
  students: { enrolled: { email: string; password: string }; applicant: { email: string; password: string }; mover: { email: string; password: string } };
  /** What is wrong with the screen as it is now (`where` names the route and tab). */
  check(page: Page): Promise<string[]>;
}

/** Which single-page app a path belongs to: the console under /admin, else the portal. */
const appOf = (path: string) => (/^\/admin(\/|$|\?)/.test(path) ? 'console' : 'portal');

/**
 * Opens `path` and waits for it. The first screen of a page is loaded; the next ones of the same app
 * are reached as a person moves through it, inside the loaded app (the router follows a pushed
 * history entry), not by loading the app again for each of the ~100 routes of a walk: each load
 * re-ran the console's start (~1 s of CPU), twice per route across the two walks.
 */
async function open(page: Page, path: string): Promise<void> {
  const state = track(page);
  const current = page.url();
  const loaded = current.startsWith('http') && appOf(new URL(current).pathname) === appOf(path);
  // `settle` then waits for 150 ms without a request from now: the new screen's first requests start
  // once the router has rendered it.
  state.last = Date.now();
  if (loaded) {
    await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate', { state: null }))`);
  } else {
    await page.goto(path);
  }
  await settle(page);
}

/** `E2E_ROUTES=enrollments,payment` narrows a walk to the routes whose path holds one of the words (while fixing). */
const wanted = (path: string) => {
  const words = process.env.E2E_ROUTES?.split(',').filter(Boolean);
  return !words?.length || words.some((word) => path.includes(word));
};

/**
 * Walks every console route (each tab of its drawer or page too) and every portal screen of the
 * route list, as the right person, and answers every offence `check` found, each prefixed with where.
 */
export async function walkEverything(walk: Walk, only: 'console' | 'portal'): Promise<string[]> {
  const offences: string[] = [];
  const record = (where: string, found: string[]) => offences.push(...found.map((f) => `${where}: ${f}`));
  const contexts: BrowserContext[] = [];
  const pageAs = async (signIn?: (page: Page) => Promise<void>) => {
    const context = await languageContext(walk.browser, walk.language, walk.width);
    contexts.push(context);
    const page = await context.newPage();
    if (signIn) await signIn(page);
    return page;
  };
  try {
    if (only === 'console') {
      const visitor = await pageAs();
      const staff = await pageAs((page) => signInConsole(page, walk.admin));
      for (const route of CONSOLE_ROUTES.filter((r) => wanted(r.path))) {
        const page = route.public ? visitor : staff;
        const path = `/admin${fillPath(route.path, walk.ids)}`;
        await open(page, path);
        await walkTabs(page, async (tab) => void record(`${path}${tab ? ` [${tab}]` : ''} at ${walk.width} px`, await walk.check(page)));
      }
    } else {
      const pages = {
        public: await pageAs(),
        enrolled: await pageAs((page) => signInPortal(page, walk.students.enrolled)),
        applicant: await pageAs((page) => signInPortal(page, walk.students.applicant)),
        mover: await pageAs((page) => signInPortal(page, walk.students.mover)),
        coach: await pageAs((page) => signInPortal(page, DEMO_COACH)),
      };
      for (const route of PORTAL_ROUTES.filter((r) => wanted(r.path))) {
        const page = pages[route.as];
        const path = fillPath(route.path, walk.ids);
        await open(page, path);
        record(`${path} (${route.as}) at ${walk.width} px`, await walk.check(page));
      }
    }
  } finally {
    for (const context of contexts) await context.close();
  }
  return offences;
}
