import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { pathTo, webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn, overflow } from './support';
import { settledViolations } from './support/settled';
import { awardApiBid, confirmApiAward, createApiTender, createApiUser, placeApiBid } from './support/api';

/** Tashkent's centre, and a point on the road to Samarkand some 200 km before it. */
const TASHKENT = { latitude: 41.2995, longitude: 69.2401 };
const ON_THE_ROAD = { latitude: 40.9, longitude: 68.6 };

const tilesRequested = async () => {
  const res = await fetch(`http://127.0.0.1:${process.env.YUK_E2E_TILES_PORT}/_test/requests`);
  return ((await res.json()) as string[]).length;
};

/** A context as this project's screen: the desktop, or a 360 px phone with touch. */
function screenOptions(): BrowserContextOptions {
  return test.info().project.name === 'mobile'
    ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
    : { viewport: { width: 1280, height: 800 } };
}

async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  path: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...screenOptions(), ...options });
  const page = await context.newPage();
  await page.goto(path);
  await logIn(page, who.email, who.password);
  return page;
}

test.describe('on the road: the carrier’s phone shares its position, the owner and a receiver follow it', () => {
  test('carrier shares (offline too), owner sees the map live, a share link shows it signed out, nothing personal', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createApiUser(request, 'Dilnoza');
    const carrier = await createApiUser(request, 'Aziz');
    const tender = await createApiTender(request, owner, {
      origin_location: 'Toshkent',
      destination_location: 'Samarqand',
    });
    const bid = await placeApiBid(request, carrier, tender.id, 1800);
    await awardApiBid(request, owner, tender.id, bid.id);
    await confirmApiAward(request, carrier, bid.id);
    const statusPage = `${webRoutes.shipmentStatus}?number=${encodeURIComponent(tender.number)}`;

    // the carrier's phone, location allowed (its position is faked once the cargo is loaded)
    const carrierPage = await signedIn(browser, carrier, statusPage, { permissions: ['geolocation'] });
    const tracking = carrierPage.getByRole('region', { name: 'Yuk qayerda' });
    await expect(tracking).toContainText("Joylashuv yuk ortilgach ko'rinadi");
    await carrierPage.getByRole('button', { name: 'Yuklandi deb belgilash' }).click();
    await expect(carrierPage.getByText('Yuk holati yangilandi: Yuklangan')).toBeVisible();
    // the phone's first fix comes after the loading (a point taken before it is not of this trip)
    await carrierPage.context().setGeolocation(TASHKENT);

    // what will happen is said before the browser is asked
    const sharePanel = tracking.getByRole('group', { name: 'Joylashuvimni ulashish' });
    await expect(sharePanel).toContainText("Brauzer ruxsat so'raydi");
    await sharePanel.getByRole('button', { name: 'Joylashuvni ulashishni boshlash' }).click();
    await expect(sharePanel).toContainText('Joylashuvingiz ulashilmoqda');
    await expect(sharePanel.getByTestId('positions-waiting')).toHaveText('Barcha nuqtalar yuborildi');

    // the owner sees the map, the last position and how far is left
    const ownerPage = await signedIn(browser, owner, statusPage);
    const ownerTracking = ownerPage.getByRole('region', { name: 'Yuk qayerda' });
    await expect(ownerTracking.getByRole('region', { name: 'Yuk xaritasi' })).toBeVisible();
    await expect(ownerTracking.getByTestId('last-position-age')).toContainText('bir daqiqa ichida');
    const remaining = ownerTracking.getByText(/ km \(to'g'ri chiziqda\)$/);
    await expect(remaining).toHaveText(/^26\d km/); // Tashkent to Samarkand in a straight line
    await expect(ownerTracking).toContainText('Taxminiy yetib kelish');
    // the way is drawn (vector layers), and the tiles came from the configured tile server
    await expect(ownerTracking.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    await expect.poll(tilesRequested).toBeGreaterThan(0);

    // offline, the phone keeps its points and says how many wait; back online they go, and the owner sees them live
    await carrierPage.context().setOffline(true);
    await carrierPage.waitForTimeout(10_500); // one point per 10 s is kept
    await carrierPage.context().setGeolocation(ON_THE_ROAD);
    await expect(sharePanel.getByTestId('positions-waiting')).toHaveText('Yuborilishini kutmoqda: 1 ta nuqta');
    await expect(sharePanel).toContainText("Internet yo'q: nuqtalar telefonda saqlanmoqda");
    await carrierPage.context().setOffline(false);
    await expect(sharePanel.getByTestId('positions-waiting')).toHaveText('Barcha nuqtalar yuborildi', {
      timeout: 20_000,
    });
    await expect(remaining).toHaveText(/^19\d km/, { timeout: 15_000 });
    expect(await overflow(ownerPage)).toBeLessThanOrEqual(0);
    expect(await overflow(carrierPage)).toBeLessThanOrEqual(0);
    expect(await settledViolations(ownerPage)).toEqual([]);

    // the owner makes a link for the receiver
    const linksPanel = ownerTracking.getByRole('group', { name: 'Qabul qiluvchi uchun kuzatish havolasi' });
    await linksPanel.getByRole('button', { name: 'Havola yaratish' }).click();
    const linkField = linksPanel.getByLabel(/Kuzatish havolasi/);
    await expect(linkField).toHaveValue(/\/track\/[A-Za-z0-9_-]{24}$/);
    const url = await linkField.inputValue();

    // opened in a browser that never signed in: status, steps, the map and the last position, nothing personal
    const receiver = await browser.newContext(screenOptions());
    const publicPage = await receiver.newPage();
    await publicPage.goto(new URL(url).pathname);
    await expect(publicPage.getByRole('heading', { level: 1, name: 'Yukni kuzatish' })).toBeVisible();
    await expect(publicPage.getByRole('heading', { level: 2, name: `Yuk ${tender.number}` })).toBeVisible();
    await expect(publicPage.getByText('Yuklangan', { exact: false }).first()).toBeVisible();
    await expect(publicPage.getByRole('region', { name: 'Yuk xaritasi' })).toBeVisible();
    await expect(publicPage.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    await expect(publicPage.getByTestId('last-position-age')).toBeVisible();
    await expect(publicPage.getByText(/ km \(to'g'ri chiziqda\)$/)).toHaveText(/^19\d km/);
    const text = await publicPage.locator('body').innerText();
    for (const personal of [
      'Dilnoza',
      'Aziz',
      'Sinov',
      owner.email,
      carrier.email,
      owner.user.phone_number,
      carrier.user.phone_number,
      '1,800',
      '1800',
      '$',
    ]) {
      expect(text, personal).not.toContain(personal);
    }
    expect(text).not.toMatch(/\+998/);
    expect(await overflow(publicPage)).toBeLessThanOrEqual(0);
    expect(await settledViolations(publicPage)).toEqual([]);

    // revoked, the link stops working at once
    await linksPanel.getByRole('button', { name: "Havolani o'chirish" }).click();
    await expect(ownerPage.getByText("Havola o'chirildi: endi ishlamaydi")).toBeVisible();
    await publicPage.reload();
    await expect(publicPage.getByText('Bu kuzatish havolasi ishlamaydi')).toBeVisible();

    // a made-up link answers the same
    await publicPage.goto(pathTo(webRoutes.track, { token: 'no-such-link-0123456789ab' }));
    await expect(publicPage.getByText('Bu kuzatish havolasi ishlamaydi')).toBeVisible();

    await receiver.close();
    await ownerPage.context().close();
    await carrierPage.context().close();
  });
});
