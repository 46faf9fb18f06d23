import type { Locator, Page } from '@playwright/test';
import { webRoutes } from '@yuk/shared';
import { logIn } from './support';
import { createApiUser } from './support/api';
import { settledViolations } from './support/settled';
import { expect, test } from './support/test';

/**
 * The dashboard, home of a signed-in user, on the demo accounts' half year of seeded deals: the shipper's and
 * the carrier's charts are drawn (canvases of real size) with their numbers in tables for screen readers; the
 * chart library loads only with the first chart, never on the login screen. A new user is shown where to
 * start. In the phone project the same journey runs at 360 px, where no page may scroll sideways.
 */
const DEMO_PASSWORD = 'demo12345';

/** Every chart of a section is drawn: a canvas with a size, and a table with a row per month. */
async function expectChartsDrawn(section: Locator, titles: string[]): Promise<void> {
  for (const title of titles) {
    const figure = section.getByRole('figure', { name: title });
    const canvas = figure.getByRole('img', { name: title });
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    expect(box?.width, title).toBeGreaterThan(200);
    expect(box?.height, title).toBeGreaterThan(150);
    // something was painted: the canvas is not blank
    const painted = await canvas.evaluate((element) => {
      const canvasElement = element as HTMLCanvasElement;
      const context = canvasElement.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvasElement.width, canvasElement.height);
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) count += 1;
      return count;
    });
    expect(painted, title).toBeGreaterThan(500);
    const table = figure.getByRole('table', { name: `${title}: jadval` });
    await expect(table.getByRole('row')).toHaveCount(13); // the header and 12 months
  }
}

async function openDashboardAs(page: Page, email: string, password: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // a link that names the dashboard opens it after sign-in (/ itself leads to the tenders)
  await page.goto(webRoutes.dashboard);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
  const beforeLogin = [...scripts];
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Boshqaruv paneli' })).toBeVisible();
  return beforeLogin;
}

test('the demo shipper sees their months of deals drawn, the numbers readable as tables', async ({ page }) => {
  test.slow();
  const beforeLogin = await openDashboardAs(page, 'shipper@yuktender.uz', DEMO_PASSWORD);
  expect(beforeLogin.filter((path) => /chart/i.test(path))).toEqual([]);

  const section = page.getByRole('region', { name: 'Yuk egasi sifatida' });
  await expect(section).toBeVisible();
  // the headline figures of the period
  const headline = section.locator('dl');
  await expect(headline.getByText('Xarajat', { exact: true })).toBeVisible();
  await expect(headline.getByText(/^\$[\d,]+$/).first()).toBeVisible();
  await expect(headline.getByText(/boshlang'ich narxlardan \d+% past/)).toBeVisible();
  await expectChartsDrawn(section, [
    'Oylik xarajat va tejash',
    "Bir tenderga takliflar soni, oylar bo'yicha",
    "E'londan g'olib tanlangungacha soatlar (mediana)",
    "Yetkazishlar: o'z vaqtida va kechikib",
  ]);
  // the shipper never bid: no carrier section
  await expect(page.getByRole('region', { name: 'Tashuvchi sifatida' })).toHaveCount(0);
  // the chart library came with the charts, after the login screen
  const chartScripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /chart/i.test(path)),
  );
  expect(chartScripts.length).toBeGreaterThan(0);

  // a shorter period asks again and draws again
  await page.getByLabel('Davr').selectOption({ label: "So'nggi 3 oy" });
  await expect(page).toHaveURL(/\/dashboard\?months=3$/);
  const spend = section.getByRole('figure', { name: 'Oylik xarajat va tejash' });
  await expect(spend.getByRole('table').getByRole('row')).toHaveCount(4);

  await page.mouse.move(0, 0);
  expect(await settledViolations(page)).toEqual([]);
});

test('the demo carrier sees bids, wins, revenue, deliveries and ratings over time', async ({ page }) => {
  test.slow();
  await openDashboardAs(page, 'carrier@yuktender.uz', DEMO_PASSWORD);
  const section = page.getByRole('region', { name: 'Tashuvchi sifatida' });
  await expect(section).toBeVisible();
  const headline = section.locator('dl');
  await expect(headline.getByText('Yutish ulushi', { exact: true })).toBeVisible();
  await expect(headline.getByText(/^\d+%$/).first()).toBeVisible();
  await expectChartsDrawn(section, [
    'Berilgan va yutilgan takliflar',
    'Oylik daromad',
    "Yetkazishlar: o'z vaqtida va kechikib",
    "Baho oylar bo'yicha",
  ]);
  await expect(page.getByRole('region', { name: 'Yuk egasi sifatida' })).toHaveCount(0);
  await page.mouse.move(0, 0);
  expect(await settledViolations(page)).toEqual([]);
});

test('a new user is shown where to start, and the navigation leads home', async ({ page, request }) => {
  const user = await createApiUser(request, 'Malika');
  await openDashboardAs(page, user.email, user.password);
  await expect(page.getByText("Hali ko'rsatkichlar yo'q")).toBeVisible();
  await expect(page.getByRole('figure')).toHaveCount(0);
  await page.getByRole('link', { name: 'Taklif berish uchun tenderlar' }).click();
  await expect(page).toHaveURL(/\/tenders$/);
  if ((page.viewportSize()?.width ?? 1280) >= 768) {
    await page
      .getByRole('navigation', { name: 'Asosiy menyu' })
      .getByRole('link', { name: 'Boshqaruv paneli' })
      .click();
  } else {
    await page.goto(webRoutes.dashboard);
  }
  await expect(page.getByRole('link', { name: 'Tender joylash' })).toHaveAttribute('href', webRoutes.createTender);
  expect(await settledViolations(page)).toEqual([]);
});
