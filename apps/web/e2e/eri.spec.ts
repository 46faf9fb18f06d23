import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiPaths, shipmentStatusLink, webRoutes, type Company } from '@yuk/shared';
import { logIn, logOut, seriousViolations, shellNavigation } from './support';
import { createApiCompany, createApiUser, shipApiTender, type JourneyUser } from './support/api';
import { digits, ID_CARD_READER, ownerOrganisationKey, standInEimzo, type StandInKey } from './support/eimzo';
import { expect, test } from './support/test';

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
  // the three key files and the ID card in E-IMZO's reader, marked as such
  await expect(list.getByRole('button')).toHaveCount(4);
  await expect(list.getByRole('button', { name: /^ID-karta/ })).toContainText(`Karta oʻquvchi: ${ID_CARD_READER}`);
  await expect(list.getByRole('button', { name: /Rahimov Aziz Eski/ })).toBeDisabled();
  await expect(list.getByRole('button', { name: /Rahimov Aziz Eski/ })).toContainText("Muddati o'tgan");
  await list.getByRole('button', { name: /^Rahimov Aziz e2e logistics/ }).click();
  await expect(shellNavigation(page)).toBeVisible();
  // the password login's toast may still be showing beside this one
  await expect(page.getByText('Login successful!').last()).toBeVisible();

  // a valid key of someone with no account here: the password, then the profile
  await logOut(page);
  await chooseEriKey(page, /Karimov Bobur/);
  await expect(page.getByText(/Bu kalit hech bir hisobga bog'lanmagan/)).toBeVisible();
  await page.getByRole('button', { name: 'Parol bilan kirish' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});

/** Signs in by password on the profile page and links the key of `owner` (E-IMZO's list in the page). */
async function linkKeyInProfile(page: Page, who: JourneyUser, owner: RegExp): Promise<void> {
  await page.goto(webRoutes.profile);
  await logIn(page, who.email, who.password);
  const section = page.getByRole('region', { name: 'ERI kaliti' });
  await section.getByRole('button', { name: "Kalitni bog'lash" }).click();
  await section.getByRole('button', { name: owner }).click();
  await expect(page.getByText("ERI kaliti hisobingizga bog'landi")).toBeVisible();
}

/** On the shipment page, signs my side of the award with the key of `owner`. */
async function signAward(page: Page, number: string, owner: RegExp) {
  await page.goto(shipmentStatusLink(number));
  const award = page.getByRole('region', { name: 'Imzolangan kelishuv' });
  // the award shown as a document before signing, and under it the exact text that is signed
  await expect(award.getByRole('article', { name: 'Kelishuv hujjati' })).toContainText(
    `${number} tenderi boʻyicha kelishuv`,
  );
  await expect(award.getByLabel('Imzolanadigan matn')).toContainText(`"tender_number":"${number}"`);
  await award.getByRole('button', { name: 'ERI-kalit bilan imzolash' }).click();
  // the ID card in E-IMZO's reader is offered beside the key files, marked as such
  await expect(award.getByRole('button', { name: /^ID-karta/ })).toContainText(ID_CARD_READER);
  await award.getByRole('button', { name: owner }).click();
  await expect(page.getByText('Kelishuvni imzoladingiz')).toBeVisible();
  await expect(award.getByRole('button', { name: 'ERI-kalit bilan imzolash' })).toHaveCount(0);
  return award;
}

test('both parties sign the award with their ERI keys; the owner’s organisation key verifies the company', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createApiUser(request, 'Dilnoza');
  const carrier = await createApiUser(request, 'Aziz');
  const companyName = `Paxta Savdo ${Math.random().toString(36).slice(2, 7)} MChJ`;
  const ownerStir = await createApiCompany(request, owner, { name: companyName, kind: 'shipper' });
  const { tender } = await shipApiTender(request, { owner, carrier, amount: 1750 });
  const number = tender.number;

  await standInEimzo(page, [
    ownerOrganisationKey(ownerStir),
    { name: 'DS-CARRIER', cn: 'RAHIMOV AZIZ', pinfl: digits(14), validTo: '2099.12.31 23:59:59' },
  ]);

  // the owner links an organisation key whose STIR is the company's: the company is verified at once
  await linkKeyInProfile(page, owner, /^Yusupova Dilnoza/);
  const company = await request.get(apiPaths.companies.mine, {
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  expect((await company.json()) as Company).toMatchObject({
    verification_status: 'verified',
    verified_by: 'digital_signature',
  });

  // the owner signs the award on the shipment page
  let award = await signAward(page, number, /^Yusupova Dilnoza/);
  await expect(award.getByTestId('award-side-owner')).toContainText(`YUSUPOVA DILNOZA (${ownerStir}) imzolagan`);
  await expect(award.getByTestId('award-side-carrier')).toContainText('Hali imzolanmagan');

  // then the carrier, with a key of their own
  await logOut(page);
  await linkKeyInProfile(page, carrier, /^Rahimov Aziz/);
  award = await signAward(page, number, /^Rahimov Aziz/);
  await expect(award.getByTestId('award-side-owner')).toContainText('YUSUPOVA DILNOZA');
  await expect(award.getByTestId('award-side-carrier')).toContainText('RAHIMOV AZIZ imzolagan');
  expect(await seriousViolations(page)).toEqual([]);

  // each side's signed award downloads as its PKCS#7
  const download = page.waitForEvent('download');
  await award.getByRole('button', { name: /Yuk egasi.*\.p7s/ }).click();
  expect((await download).suggestedFilename()).toBe(`award-${number}-owner.p7s`);

  // and the award with both signatures, joined by E-IMZO-SERVER into one PKCS#7
  const joined = page.waitForEvent('download');
  await award.getByRole('button', { name: 'Ikki imzoli kelishuvni yuklab olish (.p7s)' }).click();
  const file = await joined;
  expect(file.suggestedFilename()).toBe(`award-${number}.p7s`);
  const bytes = await readFile(await file.path());
  expect(bytes.toString('utf8')).toMatch(/^fake-pkcs7-joined;/);
});
