import type { Page } from '@playwright/test';
import { marketDateOf, webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { openAs, overflow } from './support';
import { createApiTender, createApiUser, myApiBids } from './support/api';
import { settledViolations } from './support/settled';

async function bid(page: Page, amount: string) {
  await page.getByLabel('Taklif narxi (USD)').fill(amount);
  await page.getByRole('button', { name: 'Taklifingizni bildiring' }).click();
  await expect(page).toHaveURL(/\/tenders\/success$/);
}

/** YYYY-MM-DD, `days` after `date`. */
function dayAfter(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

test.describe('an auction with a soft close and a one-minute confirmation', () => {
  test('late bids extend the close live; the chosen carrier does not answer and the award passes to the next bid', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createApiUser(request, 'Bahodir');
    const first = await createApiUser(request, 'Aziz');
    const second = await createApiUser(request, 'Olga');
    // the three sign in first, so that the minute of bidding is not spent on logging in
    const ownerPage = await openAs(browser, owner, webRoutes.profile);
    const firstPage = await openAs(browser, first, webRoutes.profile, true);
    const secondPage = await openAs(browser, second, webRoutes.profile);
    const rules = { initial_price: 2000, min_step: 10, soft_close_minutes: 1, confirm_within_minutes: 1 };

    // the rules and the clock, on a phone: read on a tender of the same rules that closes in a week, since on a
    // busy machine the page checks below may take longer than the minute of bidding the next one has
    const later = await createApiTender(request, owner, rules);
    await firstPage.goto(`/tender/${later.id}`);
    const laterAuction = firstPage.getByRole('region', { name: 'Auktsion' });
    await expect(laterAuction).toContainText('Oxirgi 1 daqiqadagi taklif savdoni 1 daqiqaga uzaytiradi');
    await expect(laterAuction).toContainText('Minimal qadam$10');
    await expect(laterAuction).toContainText('Hozir qabul qilinadigan eng yuqori taklif$1,990');
    await expect(laterAuction.getByRole('timer')).toBeVisible();
    expect(await overflow(firstPage)).toBeLessThanOrEqual(0);
    expect(await settledViolations(firstPage)).toEqual([]);

    // bidding closes in under a minute, so every bid falls in the one-minute soft-close window
    const closesAt = Date.now() + 55_000;
    const lastDay = marketDateOf(closesAt);
    const tender = await createApiTender(request, owner, {
      ...rules,
      closes_at: new Date(closesAt).toISOString(),
      tender_start_date: lastDay,
      tender_end_date: lastDay,
      shipment_date: dayAfter(lastDay, 2),
      delivery_date: dayAfter(lastDay, 4),
    });
    const path = `/tender/${tender.id}`;
    await Promise.all([ownerPage.goto(path), firstPage.goto(path), secondPage.goto(path)]);
    const auction = firstPage.getByRole('region', { name: 'Auktsion' });
    await expect(auction.getByRole('timer')).toHaveText(/^00:00:\d\d$/);

    // a bid closer than the step is refused before any call
    await firstPage.getByLabel('Taklif narxi (USD)').fill('1995');
    await firstPage.getByRole('button', { name: 'Taklifingizni bildiring' }).click();
    await expect(
      firstPage.getByText("Taklif joriy minimaldan kamida 10 USD past bo'lishi kerak: ko'pi bilan 1,990 USD"),
    ).toBeVisible();

    // a late bid moves the close: everyone watching is told, the clock shows a minute again
    await bid(firstPage, '1900');
    const ownerAuction = ownerPage.getByRole('region', { name: 'Auktsion' });
    await expect(secondPage.getByText('Savdo 1 daqiqaga uzaytirildi')).toBeVisible();
    await expect(ownerAuction.getByText('Savdo 1 daqiqaga uzaytirildi')).toBeVisible();
    await expect(ownerAuction.getByRole('timer')).toHaveText(/^00:0[01]:\d\d$/);
    await bid(secondPage, '1800');
    await expect(ownerPage.getByRole('table', { name: 'Tender takliflari' }).getByRole('row')).toHaveCount(3);

    // the owner chooses the lowest bid by hand; its carrier has one minute to confirm
    await ownerPage.getByRole('button', { name: 'Award: Olga Sinov ($1,800)' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Tenderni berish' });
    await expect(dialog).toContainText('1 daqiqa ichida tasdiqlashi kerak');
    await dialog.getByRole('button', { name: 'Award' }).click();
    await expect(ownerPage.getByText(/G'olib .* gacha tasdiqlashi kerak/)).toBeVisible();
    const history = ownerPage.getByRole('table', { name: "G'oliblar tanlovi tarixi" });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('row').nth(1)).toContainText('Olga Sinov');
    await expect(history.getByRole('row').nth(1)).toContainText('Kutilmoqda');

    // Olga says nothing. Aziz waits on My Bids (on his phone) until the award passes to him
    await firstPage.goto(webRoutes.bids);
    const awaiting = firstPage.getByRole('region', { name: 'Tasdiqlashingizni kutmoqda' });
    await expect(awaiting).toHaveCount(0);
    await expect(awaiting).toBeVisible({ timeout: 90_000 });
    await expect(awaiting).toContainText(tender.number);
    await expect(awaiting.getByRole('timer')).toHaveText(/^00:0[01]:\d\d$/);
    expect(await overflow(firstPage)).toBeLessThanOrEqual(0);
    expect((await myApiBids(request, second)).map((b) => b.status)).toEqual(['no_show']);

    // the owner saw it happen: the no-show, then the award passed on
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText('Javob bermadi');
    await expect(history.getByRole('row').nth(2)).toContainText('Aziz Sinov');
    await expect(history.getByRole('row').nth(2)).toContainText("Keyingisiga o'tdi");

    // Aziz confirms: the shipment is his, the owner can track it
    await awaiting.getByRole('button', { name: `${tender.number}: tasdiqlash` }).click();
    await expect(firstPage.getByText('Tasdiqlandi: yuk yaratildi')).toBeVisible();
    // on his phone My Bids is a list of cards
    await expect(firstPage.getByRole('listitem').filter({ hasText: tender.number })).toContainText('Qabul qilingan');
    await expect(history.getByRole('row').nth(2)).toContainText('Tasdiqladi');
    await expect(ownerPage.getByRole('button', { name: 'Track shipment' })).toBeVisible();
    expect(await settledViolations(ownerPage)).toEqual([]);

    // Olga's list says what happened to her bid
    await secondPage.goto(webRoutes.bids);
    await expect(secondPage.getByRole('row', { name: new RegExp(tender.number) })).toContainText('Javobsiz');
    expect(await settledViolations(firstPage)).toEqual([]);
  });
});
