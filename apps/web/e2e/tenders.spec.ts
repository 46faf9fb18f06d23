import type { Page } from '@playwright/test';
import { webRoutes, pathTo } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn } from './support';
import { createApiUser, dayFromToday } from './support/api';
import { settledViolations } from './support/settled';

/** dd.MM.yyyy of a YYYY-MM-DD day (what the date fields take and the detail shows). */
const shown = (isoDay: string) => isoDay.split('-').reverse().join('.');

/** Picks a dropdown option by its visible text ('' = the "all" choice). */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  if (option) await select.selectOption({ label: option });
  else await select.selectOption('');
}

test.describe('a tender from the create form to both lists and its detail', () => {
  test('is created through the form, found by search and by every filter on /tenders (with its mode) and /orders, and opened', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await createApiUser(request, 'Kamola');
    const name = `Quritilgan o'rik ${Date.now().toString(36)}`;
    const dates = {
      shipment: dayFromToday(2),
      delivery: dayFromToday(4), // 2 days: Tez
      start: dayFromToday(0),
      end: dayFromToday(7),
    };

    await page.goto(webRoutes.createTender);
    await logIn(page, owner.email, owner.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Tender' })).toBeVisible();

    // the two validation toasts, before any call
    await page.getByRole('button', { name: 'Tender yaratish' }).click();
    await expect(page.getByText("Iltimos, barcha majburiy maydonlarni to'ldiring")).toBeVisible();
    await page.getByLabel('Mahsulot nomi').fill(name);
    await page.getByLabel('Yuk turi').fill('Aviation cargo');
    await page.getByLabel("Og'irligi (kg)").fill('1500');
    await page.getByLabel('Hajmi (m3)').fill('8.5');
    await page.getByLabel("Jo'nash joyi").fill("Farg'ona");
    await page.getByLabel('Manzil').fill('Istanbul');
    await page.getByLabel("Boshlang'ich narx (USD)").fill('1000');
    await page.getByRole('button', { name: 'Tender yaratish' }).click();
    await expect(page.getByText('Iltimos, barcha sanalarni tanlang')).toBeVisible();

    for (const [label, day] of [
      ["Jo'natish sanasi", dates.shipment],
      ['Yetkazib berish sanasi', dates.delivery],
      ['Tender boshlanish sanasi', dates.start],
      ['Tender tugash sanasi', dates.end],
    ] as const) {
      // typed, then Tab to the next field, as a person does. (Escape makes the calendar hand focus back to this
      // field on a timer, which could land after the next field was focused and take its typing.)
      const field = page.getByLabel(label);
      await field.fill(shown(day));
      await field.press('Tab');
      await expect(field).toHaveValue(shown(day));
    }
    await expect(page.getByLabel('Holat')).toHaveValue('opened');
    await page.getByLabel('Incoterms').fill('CPT Istanbul');
    await page.getByLabel('Talablar').fill('Harorat +2..+6 °C');
    await page.getByLabel('Izohlar').fill('Qadoqlangan');
    await page.mouse.move(0, 0); // the check reads the resting page, not a button under the pointer
    expect(await settledViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Tender yaratish' }).click();
    await expect(page.getByText('Tender created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/tenders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Barcha tenderlar' })).toBeVisible();

    // /tenders: found by search, then each filter keeps it (its value) or drops it (another value)
    await page.getByRole('searchbox', { name: 'Qidirish' }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(page.getByText('1 ta tender topildi')).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText([/^YT-\d{6}$/, name, "Farg'ona", 'Istanbul', '1,500', '$1,000']);
    const number = (await row.getByRole('cell').first().textContent())!.trim();

    const empty = page.getByText('Hech qanday tender topilmadi.');
    for (const [label, match, other] of [
      ['Yetkazib berish muddati', 'Tez', 'Sekin'],
      ['Narx', "O'rtacha", 'Arzon'], // the list's bands: 1000 is O'rtacha here
      ['Joylashuv', 'Boshqa', 'Tashkent'], // Farg'ona is none of the list's five cities
      ['Holat', 'opened', 'closed'],
    ] as const) {
      await choose(page, label, other);
      await expect(empty).toBeVisible();
      await choose(page, label, match);
      await expect(row).toBeVisible();
    }
    expect(await settledViolations(page)).toEqual([]);

    // its mode: shown under Aviation, not under Truck; the filters stay chosen
    const nav = page.getByRole('navigation', { name: 'Asosiy menyu' });
    await nav.getByRole('link', { name: 'Tenderlar' }).click(); // opens the modes under it
    await nav.getByRole('link', { name: 'Aviatsiya' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aviation tenders' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Qidirish' })).toHaveValue(name);
    await expect(row).toBeVisible();
    await nav.getByRole('link', { name: 'Avtomobil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Truck tenders' })).toBeVisible();
    await expect(empty).toBeVisible();

    // /orders: its own rules (1000 is Arzon here; location by origin with Farg'ona; search in any case)
    await nav.getByRole('link', { name: 'Buyurtmalarim' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const order = page.getByRole('row', { name: new RegExp(name) });
    await expect(order).toBeVisible();
    await expect(order).toContainText('opened');
    const none = page.getByText('Hech qanday buyurtma topilmadi');
    for (const [label, match, other] of [
      ['Yetkazib berish muddati', 'Tez', 'Odatdagi'],
      ['Narx', 'Arzon', "O'rtacha"],
      ['Joylashuv', "Farg'ona", 'Toshkent'],
    ] as const) {
      await choose(page, label, other);
      await expect(none).toBeVisible();
      await choose(page, label, match);
      await expect(order).toBeVisible();
    }
    await page.getByRole('searchbox', { name: 'Qidirish' }).fill('ISTANBUL');
    await expect(order).toBeVisible();
    await page.getByRole('searchbox', { name: 'Qidirish' }).fill('aviation CARGO');
    await expect(order).toBeVisible();
    await page.getByRole('searchbox', { name: 'Qidirish' }).fill('Samarqand');
    await expect(none).toBeVisible();
    await page.getByRole('searchbox', { name: 'Qidirish' }).fill('');
    await expect(order).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);

    // its detail, as its owner: every row, no bid form, the owner's actions
    await order.click();
    await expect(page).toHaveURL(/\/tender\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Tender #${number}` })).toBeVisible();
    const facts = page.getByRole('region', { name: "Tender ma'lumotlari" });
    for (const text of [
      name,
      'Aviation cargo',
      '1,500',
      '8.5',
      "Farg'ona",
      'Istanbul',
      shown(dates.shipment),
      shown(dates.delivery),
      shown(dates.start),
      shown(dates.end),
      '$1,000',
      'Harorat +2..+6 °C',
      'Qadoqlangan',
      'CPT Istanbul',
    ]) {
      await expect(facts.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(facts.getByText('Joriy eng past taklif (USD)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Taklifingizni bildiring' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close tender' })).toBeVisible();
    await expect(page.getByText('Bu tenderga hali taklif berilmagan.')).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
  });

  test('an unknown tender mode and a missing tender answer as not found', async ({ page, request }) => {
    const user = await createApiUser(request, 'Bobur');
    await page.goto(pathTo(webRoutes.tendersByMode, { mode: 'bus' }));
    await logIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { level: 1, name: '404 – Sahifa topilmadi' })).toBeVisible();
    await page.goto('/tender/2147483000');
    await expect(page.getByText('Tender not found')).toBeVisible();
    await page.goto('/tender/abc');
    await expect(page.getByText('Tender not found')).toBeVisible();
  });

  test('the tender screens speak English and Russian', async ({ page, request }) => {
    test.slow(); // ten page loads in two languages and two accessibility scans: over 30 s on a busy machine
    const user = await createApiUser(request, 'Anna');
    await page.goto(pathTo(webRoutes.tendersByMode, { mode: 'ship' }));
    await logIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Maritime tenders' })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Maritime tenders' })).toBeVisible();
    await expect(page.getByLabel('Delivery time')).toBeVisible();
    await expect(page.getByText(/tenders found$/)).toBeVisible();
    await page.goto(webRoutes.orders);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByText('No orders found')).toBeVisible();
    await page.goto(webRoutes.createTender);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Tender' })).toBeVisible();
    await expect(page.getByLabel('Shipment date')).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    await page.goto(webRoutes.bidSubmitted);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Bid Has Been Submitted!' })).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);

    await page.evaluate(() => localStorage.setItem('lang', 'ru'));
    await page.goto(pathTo(webRoutes.tendersByMode, { mode: 'truck' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Автомобильные тендеры' })).toBeVisible();
    await expect(page.getByLabel('Срок доставки')).toBeVisible();
    await page.goto(webRoutes.orders);
    await expect(page.getByRole('heading', { level: 1, name: 'Мои заказы' })).toBeVisible();
    await expect(page.getByText('Заказы не найдены')).toBeVisible();
    await page.goto(webRoutes.createTender);
    await expect(page.getByRole('heading', { level: 1, name: 'Новый тендер' })).toBeVisible();
    await page.goto(webRoutes.bidSubmitted);
    await expect(page.getByRole('heading', { level: 1, name: 'Ваше предложение отправлено!' })).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
  });
});
