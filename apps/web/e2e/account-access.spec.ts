import type { APIRequestContext } from '@playwright/test';
import { apiPaths, webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { logIn, shellNavigation, uniqueEmail } from './support';
import { mailTo, smsCodeFor } from './support/mailbox';

/** A number nobody else in this run uses (one code a minute per number). */
const uniquePhone = () => `+99899${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function registerUser(request: APIRequestContext, phone = uniquePhone()) {
  const email = uniqueEmail();
  const password = 'journey-pass-1';
  const response = await request.post(apiPaths.users.register, {
    data: { first_name: 'Jasur', last_name: 'Toshmatov', email, phone_number: phone, password },
  });
  expect(response.status()).toBe(201);
  return { email, password, phone };
}

test.describe('signing in by SMS and recovering a password', () => {
  test('a demo user signs in with the code texted to their proven phone', async ({ page, request }, testInfo) => {
    // each project its own demo number: the code of one does not wait for the other's cooldown
    const phone = testInfo.project.name === 'mobile' ? '+998935556677' : '+998901234567';
    await page.goto('/');
    await page.getByRole('tab', { name: 'Mobile-ID' }).click();
    await page.getByLabel('Telefon raqami').fill(phone.slice(4));
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await expect(page.getByText('SMS sent successfully!')).toBeVisible();
    const code = await smsCodeFor(request, phone);
    const codeField = page.getByLabel('SMS kodi');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(shellNavigation(page)).toBeVisible();
    await expect(page).toHaveURL(/\/tenders$/);
  });

  test('a number without an account is offered registration with the number filled in', async ({ page, request }) => {
    const phone = uniquePhone();
    await page.goto('/');
    await page.getByRole('tab', { name: 'Mobile-ID' }).click();
    await page.getByLabel('Telefon raqami').fill(phone.slice(4));
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await page.getByLabel('SMS kodi').fill(await smsCodeFor(request, phone));
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(
      page.getByText("Raqam tasdiqlandi, lekin unga bog'langan hisob topilmadi.", { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Telefon raqami')).toHaveValue(phone.slice(4));
  });

  test('a user proves a phone on the profile', async ({ page, request }) => {
    const user = await registerUser(request);
    const phone = uniquePhone();
    await page.goto(webRoutes.profile);
    await logIn(page, user.email, user.password);
    await page.getByRole('textbox', { name: 'Telefon raqami' }).fill(phone.slice(4));
    await page.getByRole('button', { name: 'Kod yuborish' }).click();
    await page.getByLabel('SMS kodi').fill(await smsCodeFor(request, phone));
    await page.getByRole('button', { name: 'Raqamni tasdiqlash' }).click();
    await expect(page.getByText('Telefon raqami tasdiqlandi')).toBeVisible();
    await expect(page.getByText(/tasdiqlangan: Mobile-ID orqali/)).toBeVisible();
  });

  test('a forgotten password is set again from the link mailed to the account', async ({ page, request }) => {
    const user = await registerUser(request);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Parolni tiklash' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Havolani yuborish' }).click();
    await expect(page.getByRole('status').filter({ hasText: user.email })).toBeVisible();

    const mail = await mailTo(request, user.email);
    const link = /(http\S+\/reset-password#token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link ?? '/');
    await expect(page.getByRole('heading', { level: 1, name: "Yangi parol o'rnatish" })).toBeVisible();
    await page.getByLabel('Yangi parol', { exact: true }).fill('a-fresh-password-2');
    await page.getByLabel('Yangi parolni takrorlang').fill('a-fresh-password-2');
    await page.getByRole('button', { name: "Parolni o'rnatish" }).click();
    await expect(page.getByText("Parol o'zgartirildi. Yangi parol bilan kiring.")).toBeVisible();
    await logIn(page, user.email, 'a-fresh-password-2');

    // the link worked once
    await page.goto(link ?? '/');
    await page.getByLabel('Yangi parol', { exact: true }).fill('another-password-3');
    await page.getByLabel('Yangi parolni takrorlang').fill('another-password-3');
    await page.getByRole('button', { name: "Parolni o'rnatish" }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Bu havola yaroqsiz' })).toBeVisible();
  });
});
