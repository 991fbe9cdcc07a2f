import type { Browser } from 'playwright-core';
import { adminToken, makeAdmin } from './support/api';
import { launch } from './support/browser';
import { demoIds, ENROLLED_STUDENT, makeApplicant, makeMover, type RouteIds } from './pages/routes';
import { layoutOffences, spanishOffences, walkEverything, type Walk } from './pages/screens';

/**
 * Spanish (issue 15): with the console and the portal switched to Spanish, every console route (each
 * tab of its drawer or page) and every portal screen of the route list (./pages/routes.ts) is read.
 * A screen fails on a raw enumeration value (CAPITALS_WITH_UNDERSCORES, or a single enum word such as
 * PROGRAM, REFUND, FAILED, EXTERNAL, APPROVED) and on English-only words of the interface. Every
 * offence is printed with its route before the test fails, so they can all be fixed in one pass.
 *
 * The same walk checks the desktop layout (layout.e2e.ts's check at 1280 px): Spanish is the longer
 * language, so a screen that fits in Spanish fits in English, and one walk instead of two keeps the
 * browser suite inside CI's time. layout.e2e.ts walks the phone width.
 */

let browser: Browser;
let walk: Omit<Walk, 'check'>;

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
  walk = { browser, language: 'es', width: 1280, ids, admin: await makeAdmin(token), students: { enrolled: ENROLLED_STUDENT, applicant, mover } };
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const spanishAndLayout: Walk['check'] = async (page) => [...(await spanishOffences(page)), ...(await layoutOffences(page, { tablesMayScroll: false }))];

describe('in Spanish', () => {
  test.each(['console', 'portal'] as const)(
    'every %s screen reads in Spanish, with no raw enumeration value, and fits the window at 1280 px with its actions in reach',
    async (only) => {
      const offences = await walkEverything({ ...walk, check: spanishAndLayout }, only);
      if (offences.length) console.log(`${offences.length} Spanish or layout offences:\n${offences.join('\n')}`);
      expect(offences).toEqual([]);
    },
    900_000,
  );
});
