import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/browser';
(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:3700', viewport: { width: 400, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/admin/login');
  await page.locator('input[type=email], input[name=email]').first().fill('admin@example.com');
  await page.locator('input[type=password]').first().fill('Admin12345');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((u) => !u.pathname.includes('login'));
  await page.goto('/admin/learning-sessions/1');
  await page.waitForTimeout(4000);
  console.log(await page.evaluate(`Array.from(document.querySelectorAll('button, [role=button]')).filter(b => { const r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !(b.textContent||'').trim() && !b.querySelector('svg, img'); }).map(b => b.outerHTML.slice(0, 300) + ' @ ' + JSON.stringify(b.getBoundingClientRect())).join('\\n')`));
  await browser.close();
})();
