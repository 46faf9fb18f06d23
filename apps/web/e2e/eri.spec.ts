import type { Page } from '@playwright/test';
import { webRoutes } from '@yuk/shared';
import { fakePkcs7 } from '../../../scripts/fake-eimzo.mjs';
import { logIn } from './support';
import { createApiUser } from './support/api';
import { expect, test } from './support/test';

interface StandInKey {
  name: string;
  cn: string;
  pinfl: string;
  stir?: string;
  organisation?: string;
  validTo: string;
}

const digits = (count: number) =>
  Array.from({ length: count }, (_, at) =>
    at === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join('');

/**
 * The E-IMZO program on the user's computer, answered inside the page: it lists the keys, "loads" one and
 * signs a challenge as the test PKCS#7 that scripts/fake-eimzo.mjs (the server's E-IMZO-SERVER) reads.
 */
async function standInEimzo(page: Page, keys: StandInKey[]): Promise<void> {
  await page.routeWebSocket(/127\.0\.0\.1:(64443|64646)/, (ws) => {
    ws.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { name: string; arguments?: string[] };
      if (message.name === 'list_all_certificates') {
        const certificates = keys.map((key) => ({
          disk: 'C:',
          path: 'DSKEYS',
          name: key.name,
          alias: [
            `cn=${key.cn.toLowerCase()}`,
            ...(key.organisation ? [`o=${key.organisation}`] : []),
            ...(key.stir ? [`1.2.860.3.16.1.1=${key.stir}`] : []),
            `1.2.860.3.16.1.2=${key.pinfl}`,
            'validfrom=2024.01.01 00:00:00',
            `validto=${key.validTo}`,
          ].join(','),
        }));
        ws.send(JSON.stringify({ success: true, certificates }));
      } else if (message.name === 'load_key') {
        ws.send(JSON.stringify({ success: true, keyId: `key-${message.arguments?.[2]}` }));
      } else if (message.name === 'create_pkcs7') {
        const [data = '', keyId = ''] = message.arguments ?? [];
        const key = keys.find((each) => `key-${each.name}` === keyId);
        if (!key) return ws.send(JSON.stringify({ success: false, reason: 'Kalit topilmadi' }));
        const challenge = Buffer.from(data, 'base64').toString('utf8');
        ws.send(JSON.stringify({ success: true, pkcs7_64: fakePkcs7({ ...key, challenge }) }));
      } else {
        ws.send(JSON.stringify({ success: false, reason: 'Unknown call' }));
      }
    });
  });
}

async function logOut(page: Page): Promise<void> {
  const logout = page.getByRole('button', { name: 'Chiqish' });
  // on a phone the menu opens first
  if (!(await logout.isVisible())) await page.getByRole('button', { name: 'Menyuni ochish' }).click();
  await logout.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
}

async function chooseEriKey(page: Page, owner: RegExp): Promise<void> {
  await page.getByRole('tab', { name: 'ERI-Key' }).click();
  await page.getByRole('button', { name: 'Select Key to log in' }).click();
  const keys = page.getByRole('list', { name: 'ERI kalitlari' });
  await expect(keys).toBeVisible();
  await keys.getByRole('button', { name: owner }).click();
}

test('a user links an ERI key in the profile and then logs in with it; a key linked to nobody is told so', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createApiUser(request, 'Aziz');
  const keys: StandInKey[] = [
    {
      name: 'DS-LINKED',
      cn: 'RAHIMOV AZIZ',
      pinfl: digits(14),
      stir: digits(9),
      organisation: 'e2e logistics mchj',
      validTo: '2099.12.31 23:59:59',
    },
    { name: 'DS-OLD', cn: 'RAHIMOV AZIZ ESKI', pinfl: digits(14), validTo: '2021.01.01 00:00:00' },
    { name: 'DS-OTHER', cn: 'KARIMOV BOBUR', pinfl: digits(14), validTo: '2099.12.31 23:59:59' },
  ];
  await standInEimzo(page, keys);

  // signed in by password, the key is linked in the profile
  await page.goto(webRoutes.profile);
  await logIn(page, user.email, user.password);
  const section = page.getByRole('region', { name: 'ERI kaliti' });
  await section.getByRole('button', { name: "Kalitni bog'lash" }).click();
  await section.getByRole('button', { name: /^Rahimov Aziz e2e logistics/ }).click();
  await expect(page.getByText("ERI kaliti hisobingizga bog'landi")).toBeVisible();
  await expect(section.getByText('RAHIMOV AZIZ', { exact: true })).toBeVisible();
  await expect(section.getByText(`**********${keys[0]!.pinfl.slice(-4)}`)).toBeVisible();

  // signed out, then in with the key: the expired one cannot be chosen
  await logOut(page);
  await page.getByRole('tab', { name: 'ERI-Key' }).click();
  await page.getByRole('button', { name: 'Select Key to log in' }).click();
  const list = page.getByRole('list', { name: 'ERI kalitlari' });
  await expect(list.getByRole('button')).toHaveCount(3);
  await expect(list.getByRole('button', { name: /Rahimov Aziz Eski/ })).toBeDisabled();
  await expect(list.getByRole('button', { name: /Rahimov Aziz Eski/ })).toContainText("Muddati o'tgan");
  await list.getByRole('button', { name: /^Rahimov Aziz e2e logistics/ }).click();
  await expect(page.getByRole('navigation', { name: 'Asosiy menyu' })).toBeVisible();
  await expect(page.getByText('Login successful!')).toBeVisible();

  // a valid key of someone with no account here: the password, then the profile
  await logOut(page);
  await chooseEriKey(page, /Karimov Bobur/);
  await expect(page.getByText(/Bu kalit hech bir hisobga bog'lanmagan/)).toBeVisible();
  await page.getByRole('button', { name: 'Parol bilan kirish' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});
