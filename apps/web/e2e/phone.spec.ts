import { webRoutes } from '@yuk/shared';
import { logIn, smallTouchTargets } from './support';
import { createApiTender, createApiUser } from './support/api';
import { expect, test } from './support/test';

/**
 * A carrier's day on a phone: the tender list as cards with the filters in a sheet, a tender and a bid, the
 * carrier's bids, vehicles, shipments and notifications. In the phone project no page may scroll sideways
 * (the guard of support/test.ts); at desktop width the same journey runs on the tables.
 */
test('a carrier finds a tender, bids and follows it on a phone', async ({ page, request }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  const owner = await createApiUser(request, 'Dilshod');
  const carrier = await createApiUser(request, 'Aziz');
  const product = `Telefon qutilari ${Math.random().toString(36).slice(2, 7)}`;
  const tender = await createApiTender(request, owner, { initial_price: 2000, name: product });

  await page.goto(webRoutes.tenders);
  await logIn(page, carrier.email, carrier.password);
  await expect(page).toHaveURL(/\/tenders$/);

  // the search and the filters: in a sheet on a phone, in the page on a wide screen
  await page.getByRole('searchbox').first().fill(product);
  if (phone) {
    await page.getByRole('button', { name: 'Filtrlar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtrlar' });
    await expect(sheet.getByLabel('Holat')).toBeVisible();
    await expect(sheet.getByLabel('Narx')).toBeVisible();
    await sheet.getByRole('button', { name: 'Yopish' }).last().click();
    await expect(sheet).toBeHidden();
  }
  // a card on a phone, a row of the table on a wide screen
  const entry = phone
    ? page.getByRole('listitem').filter({ hasText: tender.number })
    : page.getByRole('row', { name: new RegExp(tender.number) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/tender/${tender.id}$`));

  // the bid field brings up the number keyboard
  const amount = page.getByLabel('Taklif narxi (USD)');
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  await amount.fill('1800');
  await page.getByRole('button', { name: 'Taklifingizni bildiring' }).click();
  await expect(page.getByText('Taklif muvaffaqiyatli yuborildi!')).toBeVisible();

  // every page of a carrier's day opens on the phone; on the phone each control is a finger's size
  for (const path of [
    webRoutes.bids,
    webRoutes.orders,
    webRoutes.createTender,
    webRoutes.vehicles,
    webRoutes.newVehicle,
    webRoutes.shipmentStatus,
    webRoutes.notifications,
    webRoutes.notificationSettings,
    webRoutes.savedSearches,
    webRoutes.myCompany,
    webRoutes.profile,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (phone) expect(await smallTouchTargets(page), path).toEqual([]);
  }
  await page.goto(webRoutes.bids);
  await expect(page.getByText(tender.number).first()).toBeVisible();
});
