import { webRoutes } from '@yuk/shared';
import { logIn } from './support';
import { createApiTender, createApiUser } from './support/api';
import { expect, test } from './support/test';

test.describe('installable and useful offline', () => {
  test('the app has a manifest with icons and a service worker', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await request.get(href ?? '');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as { display: string; start_url: string; icons: { sizes: string }[] };
    expect(body).toMatchObject({ display: 'standalone', start_url: '/tenders' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons as unknown as { src: string }[]) {
      const image = await request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    const worker = await request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.ready))).toBe(true);
  });

  test('offline, the lists and tender pages seen last open read-only under a banner', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const owner = await createApiUser(request, 'Dilshod');
    const carrier = await createApiUser(request, 'Aziz');
    const tender = await createApiTender(request, owner, { initial_price: 2000 });
    await page.goto(webRoutes.tenders);
    await logIn(page, carrier.email, carrier.password);
    // the service worker takes this page at once on its first install
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await expect(page.getByText(tender.number).first()).toBeVisible();
    await page.goto(`/tender/${tender.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tender.number);

    // the network goes: every call to the server fails as it does without a connection (Playwright's
    // offline mode does not reach a service worker's own requests, so the calls are cut here instead)
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await page.goto(webRoutes.tenders);
    await expect(page.getByRole('status').filter({ hasText: 'Internet yo‘q' })).toBeVisible();
    await expect(page.getByText(tender.number).first()).toBeVisible();
    await page.goto(`/tender/${tender.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tender.number);
    // read-only: the bid cannot be sent, and nothing is kept to send later
    await page.getByLabel('Taklif narxi (USD)').fill('1500');
    await expect(page.getByRole('button', { name: 'Taklifingizni bildiring' })).toBeDisabled();

    await context.setOffline(false);
    await context.unrouteAll();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Internet yo‘q' })).toBeHidden();
    await page.getByLabel('Taklif narxi (USD)').fill('1500');
    await expect(page.getByRole('button', { name: 'Taklifingizni bildiring' })).toBeEnabled();
    // nothing was sent while offline
    const bids = await request.get(`/api/tenders/${tender.id}/bids`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(((await bids.json()) as unknown[]).length).toBe(0);
  });
});
