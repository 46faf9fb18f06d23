import { webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn } from './support';
import { settledViolations } from './support/settled';
import {
  awardApiBid,
  confirmApiAward,
  createApiTender,
  createApiUser,
  moveApiShipment,
  placeApiBid,
} from './support/api';

test.describe('notifications', () => {
  test('the tabs filter, a click reads one and opens its page, and Mark all as read empties Unread', async ({
    page,
    request,
  }) => {
    test.slow(); // three accounts, a tender and bids through the API, then the inbox in all its states
    const owner = await createApiUser(request, 'Gulnora');
    const carrierA = await createApiUser(request, 'Sardor');
    const carrierB = await createApiUser(request, 'Jasur');
    const tender = await createApiTender(request, owner);
    // three offers for the owner (two bids, the winner's confirmation), then a system one (the shipment moved)
    await placeApiBid(request, carrierA, tender.id, 1900);
    const winning = await placeApiBid(request, carrierB, tender.id, 1700);
    await awardApiBid(request, owner, tender.id, winning.id);
    await confirmApiAward(request, carrierB, winning.id);
    await moveApiShipment(request, carrierB, tender.number, 'loaded');

    await page.goto(webRoutes.notifications);
    await logIn(page, owner.email, owner.password);
    const nav = page.getByRole('navigation', { name: 'Asosiy menyu' });
    await expect(nav.getByRole('link', { name: /^Bildirishnomalar\s*, 4 ta yangi$/ })).toBeVisible();
    await expect(page.getByText("4 ta o'qilmagan")).toBeVisible();

    const items = page.getByRole('tabpanel').getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText("Yuk holati o'zgardi");
    await expect(items.first()).toContainText(`${tender.number}: Yuklangan`);
    await expect(items.first()).toContainText(/hozirgina|daqiqa oldin/);

    await page.getByRole('tab', { name: 'Takliflar' }).click();
    await expect(page).toHaveURL(/\?tab=offers$/);
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Tashuvchi tasdiqladi');
    await expect(items.nth(1)).toContainText('Tenderingizga yangi taklif');
    await page.getByRole('tab', { name: 'Tizim' }).click();
    await expect(items).toHaveCount(1);
    await page.getByRole('tab', { name: "O'qilmagan" }).click();
    await expect(items).toHaveCount(4);
    expect(await settledViolations(page)).toEqual([]);

    // reading one: it opens its page and the count goes down
    await page.getByRole('tab', { name: 'Takliflar' }).click();
    await items.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/tender/${tender.id}$`));
    await expect(nav.getByRole('link', { name: /^Bildirishnomalar\s*, 3 ta yangi$/ })).toBeVisible();

    await nav.getByRole('link', { name: /^Bildirishnomalar/ }).click();
    await page.getByRole('tab', { name: "O'qilmagan" }).click();
    await expect(items).toHaveCount(3);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText("Barcha bildirishnomalar o'qilgan deb belgilandi")).toBeVisible();
    await expect(page.getByText("O'qilmagan bildirishnomalar yo'q")).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Bildirishnomalar', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // the other languages: texts and relative times follow
    await page.getByRole('tab', { name: 'Barchasi' }).click();
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Offers' })).toBeVisible();
    await expect(items.first()).toContainText('Shipment status changed');
    await expect(items.first()).toContainText(/just now|minutes? ago/);
    await page.evaluate(() => localStorage.setItem('lang', 'ru'));
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Предложения' })).toBeVisible();
    await expect(items.first()).toContainText('Статус груза изменился');
    await page.evaluate(() => localStorage.setItem('lang', 'uz'));
  });

  test('at 375 px the list and tabs fit the screen', async ({ browser, request }) => {
    const owner = await createApiUser(request, 'Nodira');
    const carrier = await createApiUser(request, 'Otabek');
    const tender = await createApiTender(request, owner, {
      name: 'Juda uzun nomli yuk: qurilish materiallari va jihozlar',
    });
    await placeApiBid(request, carrier, tender.id, 1999);
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(webRoutes.notifications);
    await logIn(page, owner.email, owner.password);
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await settledViolations(page)).toEqual([]);
    await context.close();
  });
});
