import type { Browser, Page } from '@playwright/test';
import { webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn } from './support';
import { createApiTender, createApiUser, createApiVehicle, myApiBids, type JourneyUser } from './support/api';
import { settledViolations } from './support/settled';

/** A browser of its own for one user, logged in through the UI, on `path`. */
async function openAs(browser: Browser, who: JourneyUser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await logIn(page, who.email, who.password);
  return page;
}

/** The value beside a label in the tender's facts. */
const fact = (page: Page, label: string) =>
  page
    .getByRole('region', { name: "Tender ma'lumotlari" })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

async function bid(page: Page, amount: string) {
  const input = page.getByLabel('Taklif narxi (USD)');
  await input.fill(amount);
  await page.getByRole('button', { name: 'Taklifingizni bildiring' }).click();
}

test.describe('bidding on a tender, two carriers and the owner side by side', () => {
  test('too high is refused, a right bid lands on the success page and /bids, the other carrier outbids live, the owner awards', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createApiUser(request, 'Dilshod');
    const first = await createApiUser(request, 'Aziz');
    const second = await createApiUser(request, 'Olga');
    const tender = await createApiTender(request, owner, { initial_price: 2000 });
    const path = `/tender/${tender.id}`;
    // the second carrier names a vehicle in the bid; the small one cannot take the 12 t cargo
    const truck = await createApiVehicle(request, second, {
      vehicle_type: 'Refrigerated Truck',
      license_plate: '70 R 512 EF',
    });
    await createApiVehicle(request, second, { vehicle_type: 'Van', max_load_weight: '1.5' });

    const firstPage = await openAs(browser, first, path);
    const secondPage = await openAs(browser, second, path);
    await expect(firstPage.getByRole('heading', { level: 1, name: `Tender #${tender.number}` })).toBeVisible();
    await expect(secondPage.getByText('Jonli yangilanadi')).toBeVisible();
    await expect(firstPage.getByRole('button', { name: 'Taklifingizni bildiring' })).toBeDisabled();
    await expect(firstPage.getByText('Joriy eng past taklif (USD)')).toHaveCount(0);
    expect(await settledViolations(firstPage)).toEqual([]);

    // too high: the client's check, no call
    await bid(firstPage, '2500');
    await expect(firstPage.getByText("Taklifingiz 2,000 USD dan kam bo'lishi kerak")).toBeVisible();
    expect(await myApiBids(request, first)).toEqual([]);

    // right: the success page with the real number and amount
    await bid(firstPage, '1800');
    await expect(firstPage.getByText('Taklif muvaffaqiyatli yuborildi!')).toBeVisible();
    await expect(firstPage).toHaveURL(/\/tenders\/success$/);
    await expect(firstPage.getByRole('heading', { level: 1, name: 'Your Bid Has Been Submitted!' })).toBeVisible();
    await expect(firstPage.getByText(`Tender raqami: ${tender.number}`)).toBeVisible();
    await expect(firstPage.getByText('Taklifingiz: $1,800')).toBeVisible();
    expect(await settledViolations(firstPage)).toEqual([]);

    // the other carrier's open page follows without a reload
    await expect(fact(secondPage, 'Joriy eng past taklif (USD)')).toHaveText('$1,800');
    await expect(fact(secondPage, 'Takliflar soni')).toHaveText('1');

    // /bids: the bid, active
    await firstPage.getByRole('link', { name: 'View Your Bids' }).click();
    await expect(firstPage).toHaveURL(/\/bids$/);
    const myRow = firstPage.getByRole('row', { name: new RegExp(tender.number) });
    await expect(myRow).toContainText('$1,800');
    await expect(myRow).toContainText('Faol');
    expect((await myApiBids(request, first)).map((b) => [b.tender_id, b.bid_amount, b.status])).toEqual([
      [tender.id, 1800, 'active'],
    ]);

    // back on the tender, the first carrier is outbid from the other browser and sees it live
    await firstPage.goto(path);
    await expect(fact(firstPage, 'Joriy eng past taklif (USD)')).toHaveText('$1,800');
    await expect(firstPage.getByText('Jonli yangilanadi')).toBeVisible();
    await bid(secondPage, '1800');
    await expect(secondPage.getByText("Taklifingiz 1,800 USD dan kam bo'lishi kerak")).toBeVisible();
    const vehicle = secondPage.getByLabel('Mashina (ixtiyoriy)');
    await expect(vehicle.getByRole('option', { name: /bu yuk uchun kichik/ })).toBeDisabled();
    await vehicle.selectOption(String(truck.id));
    await bid(secondPage, '1750.50');
    await expect(secondPage).toHaveURL(/\/tenders\/success$/);
    await expect(secondPage.getByText('Taklifingiz: $1,750.50')).toBeVisible();
    await expect(fact(firstPage, 'Joriy eng past taklif (USD)')).toHaveText('$1,750.50');
    await expect(fact(firstPage, 'Takliflar soni')).toHaveText('2');
    await expect(firstPage.getByLabel('Taklif narxi (USD)')).toHaveAccessibleDescription(/1,750\.5 USD/);

    // the owner sees both bids, lowest first, and awards the lowest after confirming
    const ownerPage = await openAs(browser, owner, path);
    const bids = ownerPage.getByRole('table', { name: 'Tender takliflari' });
    await expect(bids.getByRole('row')).toHaveCount(3);
    await expect(bids.getByRole('row').nth(1)).toContainText('$1,750.50');
    await expect(bids.getByRole('row').nth(1)).toContainText('Olga Sinov');
    await expect(bids.getByRole('row').nth(1)).toContainText('70 R 512 EF');
    await expect(bids.getByRole('row').nth(1)).toContainText('Refrigerated Truck');
    await expect(bids.getByRole('row').nth(2)).toContainText("Ko'rsatilmagan");
    await expect(bids.getByRole('row').nth(1)).toContainText('Faol');
    await expect(bids.getByRole('row').nth(2)).toContainText('Kutilmoqda');
    await expect(ownerPage.getByRole('button', { name: 'Taklifingizni bildiring' })).toHaveCount(0);
    expect(await settledViolations(ownerPage)).toEqual([]);
    await ownerPage.getByRole('button', { name: 'Award: Olga Sinov ($1,750.50)' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Tenderni berish' });
    await expect(dialog).toContainText('Olga Sinov');
    expect(await settledViolations(ownerPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Award' }).click();
    await expect(ownerPage.getByText('Tender Olga Sinovga berildi')).toBeVisible();
    await expect(ownerPage.getByText('Bu tender allaqachon berilgan')).toBeVisible();
    await expect(bids.getByRole('row').nth(1)).toContainText('Tasdiq kutilmoqda');
    await expect(bids.getByRole('row').nth(2)).toContainText('Kutilmoqda');
    await expect(ownerPage.getByText(/G'olib .* gacha tasdiqlashi kerak/)).toBeVisible();

    // the outbid carrier's page turns awarded live; until the winner confirms, the other bid stays undecided
    await expect(firstPage.getByText('Bu tender allaqachon berilgan')).toBeVisible();
    await expect(firstPage.getByRole('button', { name: 'Taklifingizni bildiring' })).toHaveCount(0);
    expect((await myApiBids(request, first)).map((b) => b.status)).toEqual(['pending']);

    // the winner confirms on /bids, where the award waits first; then the bids are accepted and rejected
    await secondPage.goto(webRoutes.bids);
    const awaiting = secondPage.getByRole('region', { name: 'Tasdiqlashingizni kutmoqda' });
    await expect(awaiting).toContainText(tender.number);
    await expect(awaiting.getByRole('timer')).toHaveText(/^01:5\d:\d\d$/);
    await awaiting.getByRole('button', { name: `${tender.number}: tasdiqlash` }).click();
    await expect(secondPage.getByText('Tasdiqlandi: yuk yaratildi')).toBeVisible();
    await expect(awaiting).toHaveCount(0);
    await expect(bids.getByRole('row').nth(1)).toContainText('Qabul qilingan');
    await expect(bids.getByRole('row').nth(2)).toContainText('Rad etilgan');
    expect((await myApiBids(request, first)).map((b) => b.status)).toEqual(['rejected']);
    expect((await myApiBids(request, second)).map((b) => b.status)).toEqual(['accepted']);
    await firstPage.goto(webRoutes.bids);
    await expect(firstPage.getByRole('row', { name: new RegExp(tender.number) })).toContainText('Rad etilgan');

    // the owner tracks the shipment: its number is kept under 'shipment'
    await ownerPage.getByRole('button', { name: 'Track shipment' }).click();
    await expect(ownerPage).toHaveURL(/\/shipment\/status$/);
    await expect(ownerPage.getByText('Refrigerated Truck · 70 R 512 EF')).toBeVisible();
    expect(await ownerPage.evaluate(() => localStorage.getItem('shipment'))).toBe(tender.number);
  });

  test("the owner's own tender has no bid form; closing it after confirmation stops bidding for others", async ({
    browser,
    request,
  }) => {
    const owner = await createApiUser(request, 'Sardor');
    const carrier = await createApiUser(request, 'Malika');
    const tender = await createApiTender(request, owner);
    const path = `/tender/${tender.id}`;
    const carrierPage = await openAs(browser, carrier, path);
    await expect(carrierPage.getByRole('button', { name: 'Taklifingizni bildiring' })).toBeVisible();

    const ownerPage = await openAs(browser, owner, path);
    await expect(
      ownerPage.getByText("Bu sizning tenderingiz: takliflarni ko'rib chiqing va g'olibni tanlang."),
    ).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Close tender' }).click();
    await ownerPage
      .getByRole('dialog', { name: 'Tenderni yopish' })
      .getByRole('button', { name: 'Close tender' })
      .click();
    await expect(ownerPage.getByText('Tender yopildi')).toBeVisible();
    await expect(ownerPage.getByText('Bu tender yopilgan')).toBeVisible();

    await expect(carrierPage.getByText('Bu tender yopilgan')).toBeVisible();
    await expect(carrierPage.getByRole('button', { name: 'Taklifingizni bildiring' })).toHaveCount(0);
  });
});
