import type { Page } from '@playwright/test';
import { pathTo, shipmentStatusLink, webRoutes } from '@yuk/shared';
import { logIn, openAs } from './support';
import { awardApiBid, confirmApiAward, createApiTender, createApiUser, placeApiBid } from './support/api';
import { cargoPhoto } from './support/files';
import { settledViolations } from './support/settled';
import { expect, test } from './support/test';

/** How far a page scrolls sideways (a 360 px page must not). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a carrier asks, the owner answers, another carrier sees it live; after the award both talk on the shipment page', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // three accounts, three browsers, a tender and its award
  const owner = await createApiUser(request, 'Dilnoza');
  const asker = await createApiUser(request, 'Aziz');
  const other = await createApiUser(request, 'Bobur');
  const tender = await createApiTender(request, owner);
  const tenderPage = pathTo(webRoutes.tender, { id: tender.id });

  // a second carrier has the tender open
  await page.goto(tenderPage);
  await logIn(page, other.email, other.password);
  const otherSection = page.getByRole('region', { name: 'Savollar va javoblar' });
  await expect(otherSection.getByText('Hali savol yo‘q')).toBeVisible();

  // a carrier asks; until it is answered only they and the owner see it
  const askerPage = await openAs(browser, asker, tenderPage);
  const askerSection = askerPage.getByRole('region', { name: 'Savollar va javoblar' });
  await askerSection.getByLabel('Savolingiz').fill('Refrijerator kerakmi yoki tent yetadimi? <b>shoshilinch</b>');
  await askerSection.getByRole('button', { name: 'Savol berish' }).click();
  await expect(askerSection.getByText(/^Javob kutilmoqda/)).toBeVisible();
  // typed markup stays text
  await expect(askerSection.getByText('Refrijerator kerakmi yoki tent yetadimi? <b>shoshilinch</b>')).toBeVisible();
  await expect(otherSection.getByText(/Refrijerator/)).toHaveCount(0);

  // the owner answers
  const ownerPage = await openAs(browser, owner, tenderPage);
  const ownerSection = ownerPage.getByRole('region', { name: 'Savollar va javoblar' });
  await expect(ownerSection.getByText(/Refrijerator kerakmi/)).toBeVisible();
  await expect(ownerSection.getByText(/Aziz Sinov/)).toBeVisible();
  expect(await settledViolations(ownerPage)).toEqual([]);
  await ownerSection.getByLabel('Javobingiz').fill('Tent yetadi: sement qoplarda. Xarita: https://maps.example/ombor');
  await ownerSection.getByRole('button', { name: 'Javob berish' }).click();

  // the other carrier sees the answer arrive, and not who asked
  await expect(otherSection.getByText(/Tent yetadi: sement qoplarda/)).toBeVisible();
  await expect(otherSection.getByText(/Refrijerator kerakmi/)).toBeVisible();
  await expect(otherSection.getByText(/^Tashuvchi ·/)).toBeVisible();
  await expect(otherSection.getByText(/Aziz/)).toHaveCount(0);
  // a link is shown, opened only by a click
  await expect(otherSection.getByRole('link', { name: 'https://maps.example/ombor' })).toHaveAttribute(
    'target',
    '_blank',
  );
  expect(await settledViolations(page)).toEqual([]);
  await askerPage.context().close();

  // the award goes to the carrier who asked
  const bid = await placeApiBid(request, asker, tender.id, 1800);
  await awardApiBid(request, owner, tender.id, bid.id);
  await confirmApiAward(request, asker, bid.id);

  // the carrier's phone is on the tender list; the owner writes on the shipment page
  const phone = await openAs(browser, asker, webRoutes.tenders, true);
  await ownerPage.goto(shipmentStatusLink(tender.number));
  const ownerTalk = ownerPage.getByRole('region', { name: 'Suhbat' });
  await expect(ownerTalk.getByText('Hali xabar yo‘q. Birinchi bo‘lib yozing.')).toBeVisible();
  await ownerTalk.getByLabel('Xabaringiz').fill('Yuklash ertaga 8:00 da, 3-darvoza.');
  await ownerTalk.getByRole('button', { name: 'Yuborish' }).click();
  const sent = ownerTalk.getByTestId('conversation-message').filter({ hasText: '3-darvoza' });
  await expect(sent.getByTestId('read-mark')).toHaveText(/Yuborildi/);

  // the phone's navigation counts the unread message beside Shipments
  const shipmentsLink = phone.getByRole('link', { name: /Yuklarim/ });
  await expect(shipmentsLink).toContainText('1');
  await phone.goto(shipmentStatusLink(tender.number));
  const carrierTalk = phone.getByRole('region', { name: 'Suhbat' });
  await expect(carrierTalk.getByText('Yuklash ertaga 8:00 da, 3-darvoza.')).toBeVisible();

  // on screen it is read: the owner sees the read mark arrive
  await expect(sent.getByTestId('read-mark')).toHaveText(/O‘qildi/);

  // the carrier answers with a photo
  await carrierTalk.getByLabel(/Rasm yoki PDF/).setInputFiles({
    name: 'yuk.png',
    mimeType: 'image/png',
    buffer: cargoPhoto(),
  });
  await carrierTalk.getByLabel('Xabaringiz').fill('Mashina yetib keldi');
  await carrierTalk.getByRole('button', { name: 'Yuborish' }).click();
  // in the list (the composer may still hold the same words for a moment after the click)
  await expect(
    carrierTalk.getByTestId('conversation-message').filter({ hasText: 'Mashina yetib keldi' }),
  ).toBeVisible();
  const photo = ownerTalk.getByRole('img', { name: 'yuk.png' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(
    carrierTalk.getByTestId('conversation-message').filter({ hasText: 'Mashina yetib keldi' }).getByTestId('read-mark'),
  ).toHaveText(/O‘qildi/);

  expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(1);
  expect(await settledViolations(phone)).toEqual([]);
  await phone.context().close();
  await ownerPage.context().close();
});
