import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/browser';

const BASE = 'http://127.0.0.1:3700';
const shots = JSON.parse(process.env.SHOTS ?? '[]') as Array<{ app: 'admin' | 'portal'; path: string; name: string; width: number; lang: 'en' | 'es'; as?: string }>;
(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  for (const s of shots) {
    const ctx = await browser.newContext({ baseURL: BASE, viewport: { width: s.width, height: 900 }, locale: s.lang === 'es' ? 'es-ES' : 'en-US' });
    await ctx.addInitScript(`localStorage.setItem('hci.admin.locale', '${s.lang}'); localStorage.setItem('hci.portal.language', '${s.lang.toUpperCase()}');`);
    const page = await ctx.newPage();
    if (s.app === 'admin') {
      await page.goto('/admin/login');
      await page.locator('input[name=email], input[type=email]').first().fill('admin@example.com');
      await page.locator('input[type=password]').first().fill('Admin12345');
      await page.locator('button[type=submit]').first().click();
      await page.waitForURL((u) => !u.pathname.includes('login'));
      await page.goto(`/admin${s.path}`);
    } else {
      await page.goto('/login');
      await page.locator('input[type=email]').first().fill(s.as ?? 'enrolled@example.com');
      await page.locator('input[type=password]').first().fill('Demo12345');
      await page.locator('button[type=submit]').first().click();
      await page.waitForTimeout(2500);
      await page.goto(s.path);
    }
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/shots/${s.name}.png`, fullPage: false });
    await ctx.close();
  }
  await browser.close();
})();
