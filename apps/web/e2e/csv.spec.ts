import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { webRoutes } from '@yuk/shared';
import { openAs, overflow, smallTouchTargets } from './support';
import { createApiTender, createApiUser } from './support/api';
import { expect, test } from './support/test';

const BOM = [0xef, 0xbb, 0xbf];

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { file, bytes: await readFile(path) };
}

test.describe('CSV out and in', () => {
  test('a shipper downloads My Orders, fills the template, checks it and imports a tender', async ({
    browser,
    request,
  }) => {
    const shipper = await createApiUser(request, 'Jamshid');
    const existing = await createApiTender(request, shipper, { name: `Paxta ${Date.now().toString(36)}` });
    const page = await openAs(browser, shipper, webRoutes.orders);
    await expect(page.getByText(existing.name)).toBeVisible();

    // My Orders as a file: UTF-8 with a byte-order mark, the header in the user's language, the tender's row
    const orders = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Buyurtmalarni yuklab olish (CSV)' }).click(),
    );
    expect(orders.file.suggestedFilename()).toMatch(/^my-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...orders.bytes.subarray(0, 3)]).toEqual(BOM);
    const ordersText = orders.bytes.subarray(3).toString('utf8');
    const [header, ...lines] = ordersText.split(/\r?\n/).filter(Boolean);
    expect(header).toContain('Tender raqami');
    const row = lines.find((line) => line.includes(existing.number));
    expect(row).toBeDefined();
    expect(row).toContain(existing.name);

    // the import page, from the link beside the create button
    await page.getByRole('link', { name: 'CSV dan import' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tenderlarni CSV fayldan import qilish' })).toBeVisible();
    await expect(page.getByRole('button', { name: '0 ta tenderni import qilish' })).toBeDisabled();

    const template = await downloadOf(page, () => page.getByRole('button', { name: 'Inglizcha shablon' }).click());
    expect(template.file.suggestedFilename()).toMatch(/^tender-import-en-.*\.csv$/);
    expect([...template.bytes.subarray(0, 3)]).toEqual(BOM);
    const templateText = template.bytes.subarray(3).toString('utf8');
    expect(templateText.split(/\r?\n/)[0]).toContain('Weight (kg)');

    // one edited cell: the example row gets a name of its own
    const name = `Un ${Date.now().toString(36)}`;
    expect(templateText).toContain('"Sement, 20 t"');
    const edited = templateText.replace('"Sement, 20 t"', `"${name}"`);
    await page.getByLabel('CSV fayl', { exact: true }).setInputFiles({
      name: 'tenders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from(BOM), Buffer.from(edited, 'utf8')]),
    });
    await page.getByRole('button', { name: 'Tekshirish' }).click();
    const table = page.getByRole('table', { name: 'Fayl qatorlari' });
    await expect(table.getByText(name)).toBeVisible();
    await expect(table.getByText('Tayyor')).toBeVisible();
    await expect(page.getByText('1 ta qator tayyor, 0 ta qatorda xato')).toBeVisible();

    await page.getByRole('button', { name: '1 ta tenderni import qilish' }).click();
    await expect(page).toHaveURL(new RegExp(`${webRoutes.orders}$`));
    await expect(page.getByText('1 ta tender import qilindi')).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText(existing.name)).toBeVisible();
    await page.context().close();
  });

  test('a file with a wrong cell is named row by row and cannot be imported; at 360 px nothing scrolls sideways', async ({
    browser,
    request,
  }) => {
    const shipper = await createApiUser(request, 'Dilnoza');
    await createApiTender(request, shipper);
    const page = await openAs(browser, shipper, webRoutes.orders, true);
    // a fresh load: the login toast's small close button is no part of this screen
    await page.goto(webRoutes.orders);
    await expect(page.getByRole('button', { name: 'Buyurtmalarni yuklab olish (CSV)' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await smallTouchTargets(page)).toEqual([]);

    await page.getByRole('link', { name: 'CSV dan import' }).click();
    const template = await downloadOf(page, () => page.getByRole('button', { name: "O'zbekcha shablon" }).click());
    const text = template.bytes.subarray(3).toString('utf8');
    await page.getByLabel('CSV fayl', { exact: true }).setInputFiles({
      name: 'tenders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text.replace(',20000,', ',yigirma,'), 'utf8'),
    });
    await page.getByRole('button', { name: 'Tekshirish' }).click();
    await expect(page.getByText('0 ta qator tayyor, 1 ta qatorda xato')).toBeVisible();
    await expect(page.getByText("Og'irligi (kg)")).toBeVisible();
    await expect(page.getByRole('button', { name: '0 ta tenderni import qilish' })).toBeDisabled();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await smallTouchTargets(page)).toEqual([]);

    // a file that is no tender list at all is refused whole, with the server's text
    await page.getByLabel('CSV fayl', { exact: true }).setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b\n1,2\n', 'utf8'),
    });
    await page.getByRole('button', { name: 'Tekshirish' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
    await page.context().close();
  });

  test('a file with more tenders than the hour allows is named before the import, which stays off; at 360 px nothing scrolls sideways', async ({
    browser,
    request,
  }) => {
    const shipper = await createApiUser(request, 'Sardor');
    const page = await openAs(browser, shipper, webRoutes.importTenders, true);
    await page.goto(webRoutes.importTenders);
    const template = await downloadOf(page, () => page.getByRole('button', { name: "O'zbekcha shablon" }).click());
    const [header = '', example = ''] = template.bytes.subarray(3).toString('utf8').split(/\r?\n/);
    // 31 tenders against the 30 an hour of the tender quota (QUOTA_TENDERS=30/h,200/d)
    await page.getByLabel('CSV fayl', { exact: true }).setInputFiles({
      name: 'tenders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...Array.from({ length: 31 }, () => example)].join('\r\n'), 'utf8'),
    });
    await page.getByRole('button', { name: 'Tekshirish' }).click();
    await expect(page.getByText('31 ta qator tayyor, 0 ta qatorda xato')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Bu fayldan 31 ta tender yaratiladi, tender limitingiz esa hozir yana 30 tasiga ruxsat beradi',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '0 ta tenderni import qilish' })).toBeDisabled();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
