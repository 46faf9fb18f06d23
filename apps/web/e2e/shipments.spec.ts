import type { Browser, Page } from '@playwright/test';
import { webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn } from './support';
import { settledViolations } from './support/settled';
import {
  awardApiBid,
  confirmApiAward,
  createApiTender,
  createApiUser,
  placeApiBid,
  type JourneyUser,
} from './support/api';

/** A browser of its own for one user, logged in through the UI, on `path`. */
async function openAs(browser: Browser, who: JourneyUser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await logIn(page, who.email, who.password);
  return page;
}

const badgeLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Asosiy menyu' }).getByRole('link', { name: /^Bildirishnomalar/ });

test.describe('a shipment from award to delivery, owner and carrier side by side', () => {
  test('the carrier tracks it from /bids and moves it; the owner confirms; both follow it live', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createApiUser(request, 'Dilnoza');
    const carrier = await createApiUser(request, 'Aziz');
    const tender = await createApiTender(request, owner);

    const ownerPage = await openAs(browser, owner, '/notifications');
    const carrierPage = await openAs(browser, carrier, '/bids');
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Bildirishnomalar' })).toBeVisible();
    await expect(ownerPage.getByText("Hali bildirishnomalar yo'q")).toBeVisible();
    await expect(carrierPage.getByText('Hali hech qanday taklif bermagan')).toBeVisible();

    // the carrier bids: the owner's badge and list change without a reload
    const placed = await placeApiBid(request, carrier, tender.id, 1800);
    await expect(badgeLink(ownerPage)).toHaveAccessibleName(/^Bildirishnomalar\s*, 1 ta yangi$/);
    await expect(ownerPage.getByRole('link', { name: /Tenderingizga yangi taklif/ })).toBeVisible();
    await expect(ownerPage.getByText(`${tender.number} «${tender.name}»: 1,800 USD`)).toBeVisible();

    // the carrier's bids list: the bid, then (live) awaiting confirmation once the owner awards it, accepted once confirmed
    await carrierPage.reload();
    const row = carrierPage.getByRole('row', { name: new RegExp(tender.number) });
    await expect(row).toContainText('$1,800');
    await expect(row).toContainText('Faol');
    await expect(carrierPage.getByText('1 ta taklif topildi')).toBeVisible();
    await awardApiBid(request, owner, tender.id, placed.id);
    await expect(row).toContainText('Tasdiq kutilmoqda');
    await expect(carrierPage.getByRole('region', { name: 'Tasdiqlashingizni kutmoqda' })).toContainText(tender.number);
    await carrierPage.getByRole('button', { name: `${tender.number}: tasdiqlash` }).click();
    await expect(carrierPage.getByText('Tasdiqlandi: yuk yaratildi')).toBeVisible();
    await expect(row).toContainText('Qabul qilingan');
    await expect(badgeLink(carrierPage)).toHaveAccessibleName(/^Bildirishnomalar\s*, 2 ta yangi$/);
    expect(await settledViolations(carrierPage)).toEqual([]);

    // Track: the shipment status page with the tender's data and an empty timeline
    await row.getByRole('button', { name: `Track: ${tender.number} yukini kuzatish` }).click();
    await expect(carrierPage).toHaveURL(/\/shipment\/status$/);
    await expect(carrierPage.getByRole('heading', { level: 2, name: `#${tender.number}` })).toBeVisible();
    expect(await carrierPage.evaluate(() => localStorage.getItem('shipment'))).toBe(tender.number);
    await expect(carrierPage.getByText('Tentli yuk mashinasi')).toBeVisible();
    await expect(carrierPage.getByText('12,000 kg')).toBeVisible();
    const carrierSteps = carrierPage.getByRole('list', { name: 'Yetkazish bosqichlari' }).getByRole('listitem');
    await expect(carrierSteps).toHaveText([
      /Yuklangan, kutilmoqda/,
      /Yo'lda, kutilmoqda/,
      /Yetkazib berilgan, kutilmoqda/,
    ]);

    // the carrier: loaded, then on the way
    await carrierPage.getByRole('button', { name: 'Yuklandi deb belgilash' }).click();
    await expect(carrierPage.getByText('Yuk holati yangilandi: Yuklangan')).toBeVisible();
    await carrierPage.getByRole('button', { name: "Yo'lga chiqdi deb belgilash" }).click();
    await expect(carrierPage.getByText("Yuk holati yangilandi: Yo'lda")).toBeVisible();
    await expect(carrierSteps).toHaveText([
      /Yuklangan, bajarildi\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/,
      /Yo'lda, bajarildi\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/,
      /Yetkazib berilgan, kutilmoqda$/,
    ]);
    await expect(carrierPage.getByText("Yuk yo'lda. Yuk egasi yetkazib berilganini tasdiqlaydi.")).toBeVisible();
    expect(await settledViolations(carrierPage)).toEqual([]);

    // the owner: the confirmation and two moves arrived live; one opens the shipment
    await expect(badgeLink(ownerPage)).toHaveAccessibleName(/^Bildirishnomalar\s*, 4 ta yangi$/);
    await expect(ownerPage.getByRole('link', { name: /Yuk holati o'zgardi/ })).toHaveCount(2);
    await ownerPage
      .getByRole('link', { name: /Yuk holati o'zgardi/ })
      .first()
      .click();
    await expect(ownerPage).toHaveURL(/\/shipment\/status\?number=/);
    await expect(badgeLink(ownerPage)).toHaveAccessibleName(/^Bildirishnomalar\s*, 3 ta yangi$/);
    await expect(ownerPage.getByText('Siz bu yukning egasisiz')).toBeVisible();
    const ownerSteps = ownerPage.getByRole('list', { name: 'Yetkazish bosqichlari' }).getByRole('listitem');
    await expect(ownerSteps).toHaveText([
      /Yuklangan, bajarildi/,
      /Yo'lda, bajarildi/,
      /Yetkazib berilgan, kutilmoqda$/,
    ]);
    expect(await settledViolations(ownerPage)).toEqual([]);

    // the owner confirms the delivery: the success page, and the carrier sees it live
    const confirm = ownerPage.getByRole('button', { name: 'Delivery in the process' });
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(ownerPage).toHaveURL(/\/shipment\/success$/);
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Delivery Confirmed!' })).toBeVisible();
    await expect(ownerPage.getByText('Your shipment has been successfully delivered.')).toBeVisible();
    await expect(ownerPage.getByText(`#${tender.number}`)).toBeVisible();
    await expect(ownerPage.getByText('Receiver Location')).toBeVisible();
    await expect(ownerPage.getByText('Samarqand')).toBeVisible();
    expect(await settledViolations(ownerPage)).toEqual([]);
    await expect(carrierSteps.nth(2)).toHaveText(/Yetkazib berilgan, bajarildi/);
    await expect(carrierPage.getByText('Yuk yetkazib berildi')).toBeVisible();
    await expect(badgeLink(carrierPage)).toHaveAccessibleName(/^Bildirishnomalar\s*, 3 ta yangi$/);

    // View Order Details goes back to the status; the owner marks everything read
    await ownerPage.getByRole('link', { name: 'View Order Details' }).click();
    await expect(ownerPage.getByText('Yuk yetkazib berildi')).toBeVisible();
    await badgeLink(ownerPage).click();
    await ownerPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(ownerPage.getByText("Barcha bildirishnomalar o'qilgan deb belgilandi")).toBeVisible();
    await expect(badgeLink(ownerPage)).toHaveAccessibleName(/^Bildirishnomalar$/);

    await ownerPage.context().close();
    await carrierPage.context().close();
  });

  test('narrow screens: the status and success pages fit 375 px', async ({ browser, request }) => {
    test.slow(); // two accounts, a tender, a bid and an award through the API, then four pages and an accessibility scan
    const owner = await createApiUser(request, 'Malika');
    const carrier = await createApiUser(request, 'Bobur');
    const tender = await createApiTender(request, owner, { destination_location: 'Farg‘ona' });
    const placed = await placeApiBid(request, carrier, tender.id, 1500);
    await awardApiBid(request, owner, tender.id, placed.id);
    await confirmApiAward(request, carrier, placed.id);

    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(webRoutes.shipmentStatus);
    await logIn(page, carrier.email, carrier.password);
    await expect(page.getByText("Yuk ma'lumotlari topilmadi.")).toBeVisible();
    await page.getByLabel('Yukni tanlang').selectOption(tender.number);
    await expect(page.getByRole('heading', { level: 2, name: `#${tender.number}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(webRoutes.shipmentSuccess);
    await expect(page.getByText('Bu yukning yetkazib berilishi hali tasdiqlanmagan.')).toBeVisible();
    await page.evaluate(() => localStorage.removeItem('shipment'));
    await page.reload();
    await expect(page.getByText("Buyurtma ma'lumotlari topilmadi.")).toBeVisible();
    await page.goto(webRoutes.sampleSuccess);
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await settledViolations(page)).toEqual([]);
    await context.close();
  });
});
