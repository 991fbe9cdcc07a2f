import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/browser';
(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:3700', viewport: { width: 400, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.locator('input[type=email]').first().fill('coach@example.com');
  await page.locator('input[type=password]').first().fill('Demo12345');
  await page.locator('button[type=submit]').first().click();
  await page.waitForTimeout(2500);
  await page.goto('/coach/calendar');
  await page.waitForTimeout(4000);
  console.log(await page.evaluate(`(() => { const a = document.querySelector('.rbc-agenda-view, .rbc-calendar'); return a ? a.outerHTML.slice(0, 1500) + ' H=' + a.getBoundingClientRect().height : 'none'; })()`));
  await browser.close();
})();
