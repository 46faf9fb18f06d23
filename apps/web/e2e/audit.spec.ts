import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiPaths, webRoutes } from '@yuk/shared';
import { logIn, smallTouchTargets } from './support';
import { createApiUser, type JourneyUser } from './support/api';
import { makePdf } from './support/files';
import { settledViolations } from './support/settled';
import { expect, test } from './support/test';

const adminCli = fileURLToPath(new URL('../../server/dist/admin.js', import.meta.url));

/** A moderator: the first one is made from the command line, on the server's own database. */
async function moderatorFor(request: Parameters<typeof createApiUser>[0]): Promise<JourneyUser> {
  const moderator = await createApiUser(request, 'Moderator');
  execFileSync(process.execPath, [adminCli, 'grant-moderator', moderator.email], {
    env: { ...process.env, DATA_DIR: process.env.YUK_E2E_DATA_DIR ?? '' },
  });
  return moderator;
}

test.describe('the audit trail', () => {
  test('a moderator suspends a company and sees the suspension in its history', async ({ page, request }, info) => {
    test.slow();
    const phone = info.project.name === 'mobile';
    const carrier = await createApiUser(request, 'Jasur');
    const name = `Jasur Trans ${Math.random().toString(36).slice(2, 7)} MChJ`;
    // the carrier's company, filled in and sent for review through the API
    const auth = { Authorization: `Bearer ${carrier.accessToken}` };
    const saved = await request.put(apiPaths.companies.mine, {
      headers: auth,
      multipart: {
        name,
        stir: String(300_000_000 + Math.floor(Math.random() * 99_999_999)),
        kind: 'carrier',
        legal_address: 'Toshkent, Yunusobod 4',
        director: 'Jasur Sinov',
        phone: '+998901234567',
        licence: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: makePdf('Licence') },
        registration_certificate: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('Cert') },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await request.post(apiPaths.companies.verification, { headers: auth })).status()).toBe(200);
    const moderator = await moderatorFor(request);

    await page.goto(webRoutes.admin);
    await logIn(page, moderator.email, moderator.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Moderatsiya' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: name });
    await card.getByRole('button', { name: "Faoliyatini to'xtatish" }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Sabab (kompaniya uni ko‘radi)').fill('Soxta litsenziya');
    await dialog.getByRole('button', { name: "Faoliyatini to'xtatish" }).click();
    await expect(page.getByText(`«${name}» faoliyati to'xtatildi`)).toBeVisible();

    // the card now offers to lift it; its history shows who suspended it, when and why
    await expect(card.getByRole('button', { name: 'Faoliyatini tiklash' })).toBeVisible();
    const toggle = card.getByRole('button', { name: 'Tarixi' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const history = card.getByRole('region', { name: 'Kompaniya tarixi' });
    const entry = history.getByRole('listitem').first();
    await expect(entry).toContainText('Kompaniya faoliyati to‘xtatildi');
    await expect(entry).toContainText('Sababi: Soxta litsenziya');
    await expect(entry).toContainText(`Moderator Sinov (${moderator.email})`);
    await expect(history.getByRole('listitem')).toHaveCount(1);
    if (phone) expect(await smallTouchTargets(page)).toEqual([]);
    expect(await settledViolations(page)).toEqual([]);

    // the same history through the API, for the record
    const read = await request.get(`${apiPaths.admin.audit}?action=company.suspended&actor=${moderator.user.id}`, {
      headers: { Authorization: `Bearer ${moderator.accessToken}` },
    });
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { details: { reason: string } }[])[0]?.details.reason).toBe('Soxta litsenziya');
  });

  test('a user sees where they are signed in and signs another device out', async ({ page, request }, info) => {
    const phone = info.project.name === 'mobile';
    // signed in once through the API (another device), then in this browser
    const user = await createApiUser(request, 'Malika');
    await page.goto(webRoutes.profile);
    await logIn(page, user.email, user.password);
    const section = page.getByRole('region', { name: 'Kirishlar' });
    const list = section.getByRole('list', { name: 'Faol kirishlar' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const here = list.getByRole('listitem').filter({ hasText: 'Shu qurilma' });
    await expect(here).toContainText('Chrome');
    await expect(here.getByRole('button')).toHaveCount(0);
    if (phone) expect(await smallTouchTargets(page)).toEqual([]);

    await section.getByRole('button', { name: "Bu qurilmadan chiqarish: Noma'lum qurilma" }).click();
    await expect(page.getByText('Qurilma hisobdan chiqarildi')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByText('Boshqa qurilmalarda kirilmagan')).toBeVisible();
    // the other device is out at once
    const other = await request.get(apiPaths.users.me, { headers: { Authorization: `Bearer ${user.accessToken}` } });
    expect(other.status()).toBe(401);
    expect(await settledViolations(page)).toEqual([]);
  });
});
