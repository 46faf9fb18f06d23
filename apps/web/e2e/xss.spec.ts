import type { APIRequestContext, Page } from '@playwright/test';
import { webRoutes, apiPaths, pathTo } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn, uniqueEmail } from './support';

/**
 * Stored XSS: payloads saved through the API into every text a page shows, then every such page opened in
 * Chromium. A payload that runs sets window.__xss or opens a dialog; the figure is how many ran (must be 0).
 */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  "javascript:window.__xss=1//'",
  '{{constructor.constructor("window.__xss=1")()}}',
  '<a href="javascript:window.__xss=1">x</a>',
];

async function account(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail();
  const password = 'xss-test-password';
  const registered = await request.post(apiPaths.users.register, {
    data: { first_name: firstName, last_name: PAYLOADS[1], email, phone_number: '901234567', password },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post(apiPaths.users.login, { data: { email, password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { email, password, headers: { authorization: `Bearer ${accessToken}` } };
}

async function scriptsRun(page: Page, dialogs: { count: number }): Promise<number> {
  const flagged = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
  return flagged + dialogs.count;
}

test('stored payloads render as text on every page that shows them', async ({ page, request, browser }) => {
  // every page that shows a stored text, as two users: 1.5 to over 2 minutes on a 2-core machine running the suite
  test.setTimeout(240_000);
  const owner = await account(request, PAYLOADS[0]!);
  const carrier = await account(request, PAYLOADS[2]!);
  const tenders: { id: number; number: string }[] = [];
  for (const payload of PAYLOADS) {
    const res = await request.post(apiPaths.tenders.collection, {
      headers: owner.headers,
      data: {
        name: payload,
        cargo_type: `Truck ${payload}`.slice(0, 200),
        cargo_weight: 1000,
        cargo_volume: 10,
        origin_location: payload,
        destination_location: payload,
        shipment_date: '2099-01-10',
        delivery_date: '2099-01-12',
        tender_start_date: '2026-01-01',
        tender_end_date: '2099-01-01',
        initial_price: 999,
        requirements: payload,
        notes: payload,
        incoterms: payload,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    tenders.push((await res.json()) as { id: number; number: string });
  }
  // the carrier bids on every tender; the owner awards the first (a shipment and notifications carry the texts)
  const bidIds: number[] = [];
  for (const tender of tenders) {
    const bid = await request.post(pathTo(apiPaths.tenders.bids, tender), {
      headers: carrier.headers,
      data: { bid_amount: 900 },
    });
    expect(bid.status()).toBe(201);
    bidIds.push(((await bid.json()) as { id: number }).id);
  }
  expect(
    (
      await request.post(pathTo(apiPaths.tenders.award, tenders[0]!), {
        headers: owner.headers,
        data: { bid_id: bidIds[0] },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await request.post(pathTo(apiPaths.bids.confirm, { id: bidIds[0]! }), { headers: carrier.headers })).status(),
  ).toBe(200);
  const vehicle = await request.post(apiPaths.vehicles.collection, {
    headers: carrier.headers,
    multipart: {
      vehicle_name: PAYLOADS[1]!,
      vehicle_type: 'Van',
      license_plate: '01 A 123 XS',
      vin: '1HGCM82633A004352',
      year_of_manufacture: '2020',
      current_status: 'Active',
      max_load_weight: '2',
      equipment_features: JSON.stringify(['GPS']),
    },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);

  let ran = 0;
  const visit = async (
    who: { email: string; password: string },
    paths: string[],
    before?: (page: Page) => Promise<void>,
  ) => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const dialogs = { count: 0 };
    tab.on('dialog', async (dialog) => {
      dialogs.count += 1;
      await dialog.dismiss();
    });
    await tab.goto('/');
    await logIn(tab, who.email, who.password);
    if (before) await before(tab);
    for (const path of paths) {
      await tab.goto(path);
      // live streams keep the network busy: wait for the page's own loading states to end instead
      await expect(tab.locator('main')).toBeVisible();
      await expect(tab.locator('main .animate-spin')).toHaveCount(0, { timeout: 15_000 });
      ran += await scriptsRun(tab, dialogs);
    }
    // the vehicle details modal shows the stored texts too
    if (paths.includes('/vehicles')) {
      await tab.goto(webRoutes.vehicles);
      const details = tab.getByRole('button', { name: /View Details|Batafsil|Подробнее/ }).first();
      if (await details.isVisible()) {
        await details.click();
        ran += await scriptsRun(tab, dialogs);
      }
    }
    await context.close();
  };
  const tenderPages = tenders.map((tender) => `/tender/${tender.id}`);
  await visit(
    owner,
    ['/tenders', '/tenders/truck', '/orders', '/notifications', ...tenderPages, '/profile'],
    async (tab) => {
      await tab.evaluate((number) => localStorage.setItem('shipment', number), tenders[0]!.number);
    },
  );
  await visit(
    carrier,
    ['/bids', '/vehicles', '/notifications', '/shipment/status', '/shipment/success', ...tenderPages],
    async (tab) => {
      await tab.evaluate((number) => localStorage.setItem('shipment', number), tenders[0]!.number);
    },
  );
  console.log(
    `[injection and XSS, browser] payloads=${PAYLOADS.length} pages=${2 * tenderPages.length + 11} scripts_run=${ran}`,
  );
  expect(ran).toBe(0);
  // the texts are shown as they were typed
  await page.goto('/');
  await logIn(page, owner.email, owner.password);
  await page.goto(`/tender/${tenders[0]!.id}`);
  await expect(page.getByText(PAYLOADS[0]!, { exact: true }).first()).toBeVisible();
});
