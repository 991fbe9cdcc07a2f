import type { Browser } from 'playwright-core';
import { adminToken, makeAdmin } from './support/api';
import { launch } from './support/browser';
import { demoIds, ENROLLED_STUDENT, makeApplicant, makeMover, type RouteIds } from './pages/routes';
import { languageContext, layoutOffences, settle, signInConsole, walkEverything, type Walk } from './pages/screens';
import { until } from './support/browser';

/**
 * Layout (issue 15): every console route (each tab of its drawer or page) and every portal screen of
 * the route list (./pages/routes.ts), at a phone width (the desktop width is checked by the Spanish
 * walk, spanish.e2e.ts). A screen fails when the
 * page or the open drawer scrolls sideways, or when a control (a drawer's actions, a list's buttons,
 * the pager, the enrollment stepper's steps) lies outside the window or the drawer. On a phone a wide
 * table may scroll sideways inside its own box; at desktop width everything fits. Every offence is
 * printed with its route before the test fails, so they can all be fixed in one pass.
 */

let browser: Browser;
let walk: Omit<Walk, 'width' | 'check'>;

beforeAll(async () => {
  browser = await launch();
  const token = await adminToken();
  const applicant = await makeApplicant(token);
  const mover = await makeMover(token);
  const ids: RouteIds = {
    ...(await demoIds()),
    applicantApplication: applicant.applicationId,
    applicantEnvelope: applicant.envelopeId,
    transfer: mover.transfer,
    withdrawal: mover.withdrawal,
  };
  walk = { browser, language: 'en', ids, admin: await makeAdmin(token), students: { enrolled: ENROLLED_STUDENT, applicant, mover } };
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

// The desktop width (1280 px) is walked in Spanish, the longer language, by spanish.e2e.ts.
const WIDTHS = [400];

describe.each(WIDTHS)('at %i px', (width) => {
  const check: Walk['check'] = (page) => layoutOffences(page, { tablesMayScroll: width < 600 });

  test.each(['console', 'portal'] as const)(
    'every %s screen fits the window and keeps its actions in reach',
    async (only) => {
      const offences = await walkEverything({ ...walk, width, check }, only);
      if (offences.length) console.log(`${offences.length} layout offences:\n${offences.join('\n')}`);
      expect(offences).toEqual([]);
    },
    900_000,
  );
});

/**
 * The walks above are in English; the console's longest titles are Spanish ones ("Configuración de
 * la aplicación móvil"), which on a phone pushed the language and user menus out of the app bar.
 */
test("at 400 px the Spanish console titles show whole, clear of the app bar's menus", async () => {
  const context = await languageContext(browser, 'es', 400);
  try {
    const page = await context.newPage();
    await signInConsole(page, walk.admin);
    const offences: string[] = [];
    for (const route of ['/admin/configuration-mobile-app', '/admin/communications-settings', '/admin/information-banner']) {
      await page.goto(route);
      await settle(page);
      // The title is written by the screen once its record has loaded (slow on a busy machine).
      await until(page, `(document.querySelector('#react-admin-title')?.textContent ?? '').trim() !== ''`);
      const bar = (await page.evaluate(`(() => {
        const title = document.querySelector('#react-admin-title');
        const box = title.getBoundingClientRect();
        const buttons = Array.from(document.querySelectorAll('header button')).map((b) => b.getBoundingClientRect());
        return {
          text: title.textContent,
          clipped: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
          overlapped: buttons.some((b) => b.left >= box.left + 1 && b.left < box.right - 1),
          out: buttons.filter((b) => b.right > window.innerWidth + 1).length,
        };
      })()`)) as { text: string; clipped: boolean; overlapped: boolean; out: number };
      expect(bar.text).not.toBe('');
      if (bar.clipped) offences.push(`${route}: the title "${bar.text}" is cut`);
      if (bar.overlapped) offences.push(`${route}: the title "${bar.text}" runs under the app bar's buttons`);
      if (bar.out) offences.push(`${route}: ${bar.out} app bar button(s) beyond the window's right edge`);
    }
    expect(offences).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
