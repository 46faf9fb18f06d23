import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { shipmentStatusLink } from '@yuk/shared';
import { logIn, logOut, seriousViolations } from './support';
import { createApiCompany, createApiUser, moveApiShipment, shipApiTender, type JourneyUser } from './support/api';
import { digits, ownerOrganisationKey, standInEimzo } from './support/eimzo';
import { expect, test } from './support/test';

/** The waybill section of the shipment page, for `who` (logged in on the way). */
async function openWaybill(page: Page, number: string, who: JourneyUser): Promise<Locator> {
  await page.goto(shipmentStatusLink(number));
  await logIn(page, who.email, who.password);
  const section = page.getByRole('region', { name: 'Yuk xati (e-TTN)' });
  await expect(section).toBeVisible();
  return section;
}

/** Presses a signing button of the section and signs with the key of `holder` in the stand-in E-IMZO. */
async function signWith(section: Locator, button: string, holder: RegExp): Promise<void> {
  await section.getByRole('button', { name: button }).click();
  await section.getByRole('list', { name: 'ERI kalitlari' }).getByRole('button', { name: holder }).click();
}

const statusOf = (section: Locator) => section.getByTestId('waybill-status');

/** Downloads the waybill's PDF from the section and checks it is the print form of Didox. */
async function downloadPdf(page: Page, section: Locator, number: string): Promise<void> {
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'PDF yuklab olish' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`waybill-${number}.pdf`);
  expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
}

test('the e-waybill: the carrier gives the driver, the shipper fills it in, forms and signs it at Didox, the carrier accepts and hands over; both see the status and download the PDF', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createApiUser(request, 'Dilnoza');
  const carrier = await createApiUser(request, 'Aziz');
  const suffix = Math.random().toString(36).slice(2, 7);
  const ownerStir = await createApiCompany(request, owner, { name: `Paxta Savdo ${suffix} MChJ`, kind: 'shipper' });
  const carrierStir = await createApiCompany(request, carrier, { name: `Ipak Yoli ${suffix} MChJ`, kind: 'carrier' });
  const { tender } = await shipApiTender(request, { owner, carrier, amount: 1750 });
  const number = tender.number;

  await standInEimzo(page, [
    ownerOrganisationKey(ownerStir),
    {
      name: 'DS-CARRIER',
      cn: 'RAHIMOV AZIZ',
      pinfl: digits(14),
      stir: carrierStir,
      organisation: 'ipak yoli mchj',
      validTo: '2099.12.31 23:59:59',
    },
  ]);

  // the carrier gives the driver and the truck
  let section = await openWaybill(page, number, carrier);
  await expect(statusOf(section)).toContainText('Hali tuzilmagan');
  await expect(section.getByText('MB kursi: 1 $ = 12,850.35 soʻm')).toBeVisible();
  const missing = section.getByRole('list', { name: 'Hali kiritilmagan:' });
  await expect(missing).toContainText('Haydovchi');
  const driver = section.getByRole('group', { name: 'Haydovchi' });
  await driver.getByLabel('F.I.Sh.').fill('Karimov Bobur');
  await driver.getByLabel('JShShIR (14 raqam)').fill('31234567890123');
  await driver.getByLabel('Haydovchi telefoni').fill('901234567');
  const truck = section.getByRole('group', { name: 'Transport' });
  await truck.getByLabel('Davlat raqami').fill('01A123BC');
  await truck.getByLabel('Modeli').fill('MAN TGX');
  await section.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Yuk xati maʼlumotlari saqlandi')).toBeVisible();
  await expect(missing).not.toContainText('Haydovchi');
  // the document shows what was given
  const sheet = section.getByRole('article', { name: 'Yuk xati' });
  await expect(sheet).toContainText('Karimov Bobur');
  await expect(sheet).toContainText('01A123BC · MAN TGX');
  await logOut(page);

  // the shipper fills in the rest
  section = await openWaybill(page, number, owner);
  const loading = section.getByRole('group', { name: 'Yuklash manzili' });
  await loading.getByLabel('Viloyat').selectOption({ label: 'Toshkent shahri' });
  await loading.getByLabel('Tuman').selectOption({ label: 'Chilonzor tumani' });
  await loading.getByLabel('Koʻcha, uy').fill('Bunyodkor 12');
  await loading.getByLabel('Yuklashdagi masʼul shaxs: F.I.Sh.').fill('Yusupova Dilnoza');
  await loading.getByLabel('Yuklashdagi masʼul shaxs: JShShIR (14 raqam)').fill('30101010101010');
  const unloading = section.getByRole('group', { name: 'Tushirish manzili' });
  await unloading.getByLabel('Viloyat').selectOption({ label: 'Samarqand viloyati' });
  await unloading.getByLabel('Tuman').selectOption({ label: 'Samarqand' });
  await unloading.getByLabel('Koʻcha, uy').fill('Registon 5');
  await unloading.getByLabel('Tushirishdagi masʼul shaxs: F.I.Sh.').fill('Aliyev Sardor');
  await unloading.getByLabel('Tushirishdagi masʼul shaxs: JShShIR (14 raqam)').fill('30202020202020');
  const good = section.getByRole('group', { name: '1-tovar' });
  // a wrong IKPU is named before anything is sent
  await good.getByLabel('MXIK (IKPU) kodi, 17 raqam').fill('123');
  await good.getByLabel('Tovar nomi').fill('Sement M400');
  await good.getByLabel('Qadoq kodi').fill('1209782');
  await good.getByLabel('Qadoq nomi').fill('qop');
  await good.getByLabel('Miqdori').fill('240');
  await good.getByLabel('Narxi, soʻm').fill('52000');
  await good.getByLabel('Brutto, kg').fill('12100');
  await good.getByLabel('Netto, kg').fill('12000');
  await section.getByRole('button', { name: 'Saqlash' }).click();
  await expect(good.getByText(/MXIK \(IKPU\) kodi aniq 17 ta raqamdan/)).toBeVisible();
  await good.getByLabel('MXIK (IKPU) kodi, 17 raqam').fill('02523001001000000');
  await section.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Yuk xati maʼlumotlari saqlandi')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Hali kiritilmagan:' })).toHaveCount(0);
  await expect(sheet).toContainText('Sement M400');
  // 1750 $ at 12 850.35 so'm
  await expect(sheet.getByTestId('waybill-delivery-cost')).toHaveText('22,488,112.50 soʻm');

  // formed at Didox: the company's session is opened with its key first, then the draft is signed
  await section.getByRole('button', { name: 'Yuk xatini Didoxda tuzish' }).click();
  await signWith(section, 'Didoxga ERI-kalit bilan kirish', /^Yusupova Dilnoza/);
  await expect(page.getByText('Yuk xati Didoxda tuzildi')).toBeVisible();
  await expect(statusOf(section)).toContainText('Qoralama');
  await expect(section.getByText(/^Didox raqami: [0-9a-f]{32}$/)).toBeVisible();
  await signWith(section, 'Yuk xatini ERI-kalit bilan imzolash', /^Yusupova Dilnoza/);
  await expect(statusOf(section)).toContainText('Yuk joʻnatuvchi imzolagan');
  expect(await seriousViolations(page)).toEqual([]);
  await logOut(page);

  // the carrier accepts the goods at Didox (its company's session opened on the way)
  section = await openWaybill(page, number, carrier);
  await expect(statusOf(section)).toContainText('Yuk joʻnatuvchi imzolagan');
  await signWith(section, 'Yukni qabul qilish (ERI-kalit)', /^Rahimov Aziz/);
  await expect(statusOf(section)).toContainText('Tashuvchi qabul qilgan');

  // on the road, and the owner confirms the delivery here
  await moveApiShipment(request, carrier, number, 'loaded');
  await moveApiShipment(request, carrier, number, 'on_the_way');
  await moveApiShipment(request, owner, number, 'delivered');

  // the carrier confirms the handover on the waybill
  await page.reload();
  section = page.getByRole('region', { name: 'Yuk xati (e-TTN)' });
  await signWith(section, 'Topshirishni tasdiqlash (ERI-kalit)', /^Rahimov Aziz/);
  await expect(statusOf(section)).toContainText('Yetkazib berilgan');
  await expect(section.getByText(/Yetkazib berilgan \(tashuvchi\)/)).toBeVisible();
  await downloadPdf(page, section, number);
  await logOut(page);

  // the owner sees it delivered, with the rate used, and downloads the PDF too
  section = await openWaybill(page, number, owner);
  await expect(statusOf(section)).toContainText('Yetkazib berilgan');
  await expect(section.getByText(/^MB kursi: 1 \$ = 12,850\.35 soʻm \(\d{2}\.\d{2}\.\d{4}\)$/)).toBeVisible();
  await downloadPdf(page, section, number);
  expect(await seriousViolations(page)).toEqual([]);
});
