import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { shipmentStatusLink } from '@yuk/shared';
import { logIn, openAs } from './support';
import {
  awardApiBid,
  confirmApiAward,
  createApiTender,
  createApiUser,
  moveApiShipment,
  placeApiBid,
} from './support/api';
import { cargoPhoto } from './support/files';
import { settledViolations } from './support/settled';
import { expect, test } from './support/test';

const SIGNED_TEXT = 'Imzo chekildi. Qaytadan chekish uchun «Tozalash»ni bosing';

/**
 * One stroke across the pad, where it is on screen now, with the pointer (mouse on a desktop, the same pointer
 * events on a phone).
 */
async function drawStroke(page: Page) {
  const pad = page.getByRole('img', { name: 'Qabul qiluvchining imzosi' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 20 + step * ((box.width - 40) / 12), box.y + box.height / 2 + (step % 2 ? -18 : 18));
  }
  await page.mouse.up();
}

/**
 * Signs on the pad as a finger would, until the form says it is signed: on a phone the photos' previews can
 * still move the pad between reading its place and drawing, and a stroke that missed it is drawn again. The
 * waits are long because a stroke is a dozen pointer moves, each a round trip to the browser, which a machine
 * running the whole suite can stretch to seconds.
 */
async function sign(page: Page) {
  await expect(async () => {
    await drawStroke(page);
    await expect(page.getByText(SIGNED_TEXT)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Downloads the delivery note from the page: the file is a PDF named after the shipment. */
async function downloadNote(page: Page, number: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Yetkazib berish yoʻlxatini yuklab olish (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`delivery-note-${number}.pdf`);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
}

test('the carrier records the proof of delivery; the owner sees it, confirms and downloads the delivery note', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.slow(); // two accounts, a tender and its award through the API, then two browsers
  const phone = testInfo.project.name === 'mobile';
  const owner = await createApiUser(request, 'Dilnoza');
  const carrier = await createApiUser(request, 'Aziz');
  const tender = await createApiTender(request, owner);
  const bid = await placeApiBid(request, carrier, tender.id, 1700);
  await awardApiBid(request, owner, tender.id, bid.id);
  await confirmApiAward(request, carrier, bid.id);
  await moveApiShipment(request, carrier, tender.number, 'loaded');
  await moveApiShipment(request, carrier, tender.number, 'on_the_way');

  // the carrier's phone (or browser) at the receiver's door, where the browser may tell the position
  await page.context().grantPermissions(['geolocation'], { origin: baseURL });
  await page.context().setGeolocation({ latitude: 39.654213, longitude: 66.959731, accuracy: 9 });
  await page.goto(shipmentStatusLink(tender.number));
  await logIn(page, carrier.email, carrier.password);
  const form = page.getByRole('form', { name: 'Yetkazib berish dalilini qayd etish' });
  await expect(form).toBeVisible();
  await expect(form.getByText(/Brauzer ruxsat soʻraydi/)).toBeVisible();
  await expect(form.getByLabel('Suratga olish')).toHaveAttribute('capture', 'environment');

  await form.getByLabel('Suratlarni tanlash').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: cargoPhoto() },
    { name: 'side.png', mimeType: 'image/png', buffer: cargoPhoto() },
  ]);
  await expect(form.getByRole('img', { name: /^\d-surat$/ })).toHaveCount(2);
  await form.getByLabel('Qabul qiluvchining ismi').fill('Гульнора Каримова');
  await sign(page);
  await expect(form.getByText(SIGNED_TEXT)).toBeVisible();
  await form.getByRole('button', { name: 'Joylashuvni yuborish' }).click();
  await expect(form.getByText('Joylashuv: 39.65421, 66.95973 (± 9 m)')).toBeVisible();
  expect(await settledViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Dalilni yuborish' }).click();
  await expect(page.getByText('Yetkazib berish dalili saqlandi')).toBeVisible();

  // the form gives way to the proof as recorded
  const panel = page.getByRole('region', { name: 'Yetkazib berish dalili' });
  await expect(form).toBeHidden();
  await expect(panel.getByText('Гульнора Каримова')).toBeVisible();
  await expect(panel.getByText('39.65421, 66.95973 (± 9 m)')).toBeVisible();
  await expect(panel.getByRole('link', { name: /-suratni toʻliq oʻlchamda ochish$/ })).toHaveCount(2);

  // the owner is told, opens the shipment and sees the proof before confirming
  const ownerPage = await openAs(browser, owner, shipmentStatusLink(tender.number), phone);
  const ownerPanel = ownerPage.getByRole('region', { name: 'Yetkazib berish dalili' });
  await expect(ownerPanel.getByText('Гульнора Каримова')).toBeVisible();
  const signature = ownerPanel.getByRole('img', { name: 'Гульнора Каримова imzosi' });
  await expect(signature).toBeVisible();
  // the pictures load: the signed links serve them to the party
  await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await ownerPage.getByRole('button', { name: 'Delivery in the process' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Yetkazib berish dalilini tekshiring' });
  await expect(dialog.getByText('Гульнора Каримова')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /-suratni toʻliq oʻlchamda ochish$/ })).toHaveCount(2);
  expect(await settledViolations(ownerPage)).toEqual([]);
  await dialog.getByRole('button', { name: 'Yetkazib berilganini tasdiqlash' }).click();
  await expect(ownerPage).toHaveURL(/\/shipment\/success$/);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Delivery Confirmed!' })).toBeVisible();

  // both parties download the delivery note
  await ownerPage.getByRole('link', { name: 'View Order Details' }).click();
  await expect(ownerPage.getByText('Yuk yetkazib berildi')).toBeVisible();
  await downloadNote(ownerPage, tender.number);
  await page.reload();
  await expect(page.getByText('Yuk yetkazib berildi')).toBeVisible();
  await downloadNote(page, tender.number);
  await ownerPage.context().close();
});
