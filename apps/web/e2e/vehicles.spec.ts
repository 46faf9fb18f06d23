import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, BrowserContext, Page, Response } from '@playwright/test';
import { webRoutes, apiPaths, pathTo } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn, seriousViolations, uniqueEmail } from './support';
import { makePdf } from './support/files';

/** A small valid PNG: width × height pixels of one RGB colour. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PASSWORD = 'vehicle-pass-1';

/** A fresh account (so the journey never depends on the demo data), registered through the API. */
async function newAccount(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail();
  const response = await request.post(apiPaths.users.register, {
    data: { first_name: 'Jasur', last_name: 'Toshmatov', email, phone_number: '+998901112233', password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** The file downloads the browser makes (document links open in new tabs, so listen on the whole context). */
function watchFileResponses(context: BrowserContext): Response[] {
  const seen: Response[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith(pathTo(apiPaths.files.one, { id: '' }))) seen.push(response);
  });
  return seen;
}

/** Opens a document link (a new tab) and answers the type and disposition the server sent for it. */
async function openDocument(page: Page, seen: Response[], name: string) {
  const link = page.getByRole('dialog').getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/[0-9a-f]+\?exp=\d+&sig=[\w-]+$/);
  const opened = page.context().waitForEvent('page');
  await link.click();
  const tab = await opened;
  await expect.poll(() => seen.find((response) => response.url().endsWith(href ?? '-'))).toBeTruthy();
  const response = seen.find((candidate) => candidate.url().endsWith(href ?? '-'));
  const headers = response?.headers() ?? {};
  await tab.close();
  return {
    href: href ?? '',
    status: response?.status(),
    type: headers['content-type'],
    disposition: headers['content-disposition'],
  };
}

const fileIdOf = (href: string) => href.split('?')[0];

test.describe('vehicles', () => {
  test('add a vehicle with three documents, find it, open its details and documents, edit it, delete it', async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // one long journey: three uploads, three new tabs, an edit and four accessibility scans
    const email = await newAccount(request);
    const seen = watchFileResponses(context);
    const plate = `${Math.floor(10 + Math.random() * 89)} E ${Math.floor(100 + Math.random() * 899)} ZZ`;

    await page.goto(webRoutes.vehicles);
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();
    await expect(page.getByText("Hali hech qanday mashina qo'shilmagan.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // add
    await page.getByRole('link', { name: '+ Add New Vehicle' }).first().click();
    await expect(page).toHaveURL(/\/vehicles\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Vehicle' })).toBeVisible();
    await page.getByLabel('Mashina nomi / ID').fill('Kamaz 5490 E2E');
    await page.getByLabel('Mashina turi').selectOption('Tented Truck');
    await page.getByLabel('Davlat raqami').fill(plate.toLowerCase());
    await page.getByLabel('VIN (ixtiyoriy)').fill('xtc549005m1234567');
    await page.getByLabel('Ishlab chiqarilgan yili').fill('2021');
    await page.getByLabel('Joriy holati').selectOption('Available');
    await page.getByLabel("Maksimal yuk og'irligi").fill('20.5');
    await page.getByLabel('Maksimal hajm').fill('82');
    await page.getByLabel("O'qlar soni").fill('3');
    await page.getByLabel('Uzunligi (m)').fill('13.6');
    await page.getByLabel('Kengligi (m)').fill('2.45');
    await page.getByLabel('Balandligi (m)').fill('2.7');
    await page.getByRole('checkbox', { name: 'GPS' }).check();
    await page.getByRole('checkbox', { name: 'Liftgate' }).check();
    await page
      .getByLabel("Ro'yxatdan o'tkazish guvohnomasi", { exact: true })
      .setInputFiles({ name: 'texpasport.pdf', mimeType: 'application/pdf', buffer: makePdf('Registration') });
    await page
      .getByLabel("Sug'urta polisi", { exact: true })
      .setInputFiles({ name: 'polis-2025.pdf', mimeType: 'application/pdf', buffer: makePdf('Insurance 2025') });
    const photo = makePng(4, 3, [30, 120, 200]);
    await page
      .getByLabel('Mashina surati', { exact: true })
      .setInputFiles({ name: 'kamaz.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByText(/^Tanlangan fayl: kamaz\.png \(0\.00 MB\)$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change File – Mashina surati' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Vehicle' }).click();
    await expect(page.getByText('Vehicle created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/vehicles$/);

    // find it by its plate (typed without spaces)
    await page.getByLabel('Search by license plate/ID').fill(plate.replaceAll(' ', '').toLowerCase());
    await expect(page.getByText('1 ta mashina topildi')).toBeVisible();
    const row = page.getByRole('row', { name: /Kamaz 5490 E2E/ });
    await expect(row.getByRole('cell').nth(2)).toHaveText(plate);
    await expect(row.getByRole('cell').nth(3)).toHaveText('20.5 ton / 82 m³');
    await expect(row.getByRole('cell').nth(4)).toHaveText('GPS, Liftgate');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Available');

    // details and the three documents, each in a new tab with its own type
    await row.getByRole('button', { name: 'View Details – Kamaz 5490 E2E' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('XTC549005M1234567')).toBeVisible();
    await expect(dialog.getByText('13.6 × 2.45 × 2.7 m')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const registration = await openDocument(page, seen, "Ro'yxatdan o'tkazish guvohnomasi");
    expect(registration).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(registration.disposition).toContain('texpasport.pdf');
    const insurance = await openDocument(page, seen, "Sug'urta polisi");
    expect(insurance).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(insurance.disposition).toContain('polis-2025.pdf');
    const picture = await openDocument(page, seen, 'Mashina surati');
    expect(picture).toMatchObject({ status: 200, type: 'image/png' });
    expect(picture.disposition).toMatch(/^inline/);
    const served = await request.get(picture.href);
    expect(Buffer.from(await served.body()).equals(photo)).toBe(true);
    await dialog.getByRole('button', { name: 'Yopish' }).first().click();
    await expect(dialog).toBeHidden();

    // edit: replace the insurance, keep the other two
    await row.getByRole('link', { name: 'Edit – Kamaz 5490 E2E' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Vehicle' })).toBeVisible();
    await expect(page.getByLabel('Mashina nomi / ID')).toHaveValue('Kamaz 5490 E2E');
    await expect(page.getByText('Joriy fayl: texpasport.pdf')).toBeVisible();
    await expect(page.getByText('Joriy fayl: polis-2025.pdf')).toBeVisible();
    await expect(page.getByText('Joriy fayl: kamaz.png')).toBeVisible();
    await expect(page.getByRole('button', { name: "Replace – Sug'urta polisi" })).toBeVisible();
    await page
      .getByLabel("Sug'urta polisi", { exact: true })
      .setInputFiles({ name: 'polis-2026.pdf', mimeType: 'application/pdf', buffer: makePdf('Insurance 2026') });
    await expect(page.getByText(/^Tanlangan fayl: polis-2026\.pdf \(0\.00 MB\)$/)).toBeVisible();
    await page.getByLabel('Joriy holati').selectOption('In Transit');
    await page.getByRole('button', { name: 'Update Vehicle' }).click();
    await expect(page.getByText('Vehicle updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/vehicles$/);

    await expect(row.getByRole('cell').nth(5)).toHaveText('In Transit');
    await row.getByRole('button', { name: 'View Details – Kamaz 5490 E2E' }).click();
    await expect(dialog.getByText('polis-2026.pdf')).toBeVisible();
    const regLink = await dialog.getByRole('link', { name: /^Ro'yxatdan o'tkazish guvohnomasi/ }).getAttribute('href');
    const insLink = await dialog.getByRole('link', { name: /^Sug'urta polisi/ }).getAttribute('href');
    const photoLink = await dialog.getByRole('link', { name: /^Mashina surati/ }).getAttribute('href');
    expect(fileIdOf(regLink ?? '')).toBe(fileIdOf(registration.href));
    expect(fileIdOf(photoLink ?? '')).toBe(fileIdOf(picture.href));
    expect(fileIdOf(insLink ?? '')).not.toBe(fileIdOf(insurance.href));
    const replaced = await openDocument(page, seen, "Sug'urta polisi");
    expect(replaced).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(replaced.disposition).toContain('polis-2026.pdf');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // delete, after the question
    await row.getByRole('button', { name: 'Delete – Kamaz 5490 E2E' }).click();
    const confirm = page.getByRole('dialog', { name: "Mashinani o'chirish" });
    await expect(confirm.getByText('Are you sure you want to delete "Kamaz 5490 E2E"?')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Vehicle deleted successfully!')).toBeVisible();
    await expect(page.getByText('Hech qanday mos keluvchi mashina topilmadi.')).toBeVisible();
    await page.getByRole('button', { name: 'Filtrlarni tozalash' }).click();
    await expect(page.getByText("Hali hech qanday mashina qo'shilmagan.")).toBeVisible();
  });

  test('edit from a direct link, an unknown vehicle, refused documents, and the phone layout', async ({
    page,
    request,
  }) => {
    const email = await newAccount(request);
    const login = await request.post(apiPaths.users.login, { data: { email, password: PASSWORD } });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const created = await request.post(apiPaths.vehicles.collection, {
      headers: { Authorization: `Bearer ${accessToken}` },
      multipart: {
        vehicle_name: 'Isuzu NPR',
        vehicle_type: 'Box Truck',
        license_plate: '01 B 222 CC',
        year_of_manufacture: '2016',
        current_status: 'Active',
        max_load_weight: '5000',
        weight_unit: 'kg',
        equipment_features: '[]',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/vehicles/edit/${id}`);
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Vehicle' })).toBeVisible();
    await expect(page.getByLabel('Mashina nomi / ID')).toHaveValue('Isuzu NPR');
    await expect(page.getByLabel("Og'irlik birligi")).toHaveValue('kg');
    await expect(page.getByRole('button', { name: "Upload – Sug'urta polisi" })).toBeVisible();
    // nothing is wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // a file that is not a document is refused beside its field, and nothing is sent
    await page
      .getByLabel("Sug'urta polisi", { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText(/^Fayl turi qabul qilinmaydi/)).toBeVisible();
    // a PNG named .pdf passes the browser's look at the name but not the server's look at the bytes
    await page
      .getByLabel("Sug'urta polisi", { exact: true })
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: makePng(1, 1, [0, 0, 0]) });
    await page.getByRole('button', { name: 'Update Vehicle' }).click();
    await expect(page.getByText(/^Fayl turi qabul qilinmaydi/).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/vehicles/edit/${id}$`));

    // the list as cards on a phone
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    const card = page.getByRole('listitem').filter({ hasText: 'Isuzu NPR' });
    await expect(card.getByText('5,000 kg')).toBeVisible();
    await expect(card.getByRole('button', { name: 'View Details – Isuzu NPR' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // a vehicle that is not there
    await page.goto('/vehicles/edit/987654321');
    await expect(page.getByText('Mashina topilmadi')).toBeVisible();
    await expect(page.getByRole('link', { name: "Mashinalar ro'yxatiga qaytish" })).toBeVisible();
  });
});
