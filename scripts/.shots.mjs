import { chromium } from 'playwright-core';
import { resolveChromium, CHROMIUM_FLAGS } from '/work/main/scripts/browser.mjs';
const base = process.argv[2];
const width = Number(process.argv[3] ?? 360);
const paths = (process.argv[4] ?? '/tenders,/orders,/bids,/vehicles,/shipment/status,/notifications,/profile,/tender/1,/saved-searches,/company,/notifications/settings,/orders/create').split(',');
const browser = await chromium.launch({ executablePath: (await resolveChromium()).path, args: CHROMIUM_FLAGS });
const context = await browser.newContext({ viewport: { width, height: 740 }, isMobile: width < 600, hasTouch: width < 600 });
const page = await context.newPage();
await page.goto(base + '/');
await page.screenshot({ path: `/tmp/shot-${width}-login.png` });
await page.getByLabel('Email').fill('carrier@yuktender.uz');
await page.getByLabel('Parol').fill('demo12345');
await page.getByRole('button', { name: 'Log In' }).click();
await page.waitForURL(/tenders/);
for (const path of paths) {
  await page.goto(base + path);
  await page.waitForTimeout(1200);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const small = await page.evaluate(() => [...document.querySelectorAll('button, a, input, select, [role=tab]')].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && (r.height < 44 && r.width < 44 || r.height < 24); }).slice(0, 6).map((e) => `${e.tagName}:${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 20)}:${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`));
  console.log(path, 'overflow', over, 'small', JSON.stringify(small));
  await page.screenshot({ path: `/tmp/shot-${width}${path.replaceAll('/', '_')}.png` });
}
await browser.close();
