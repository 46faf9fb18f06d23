import { webRoutes, apiPaths } from '@yuk/shared';
import { expect, test } from './support/test';
import { DEMO, logIn, seriousViolations, uniqueEmail } from './support';

test.describe('sign-up, log-in and the shell', () => {
  test('a new user signs up, logs in, uses the navigation, switches languages and meets the 404 page', async ({
    page,
    context,
  }) => {
    test.slow(); // sign-up, log-in, every navigation entry, three languages and the 404 page
    const email = uniqueEmail();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();

    // sign up
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Ism').fill('Dilnoza');
    await page.getByLabel('Familiya').fill('Yusupova');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Telefon raqami').fill('901234567');
    await page.getByLabel('Parol').fill('journey-pass-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText("Ro'yxatdan o'tish muvaffaqiyatli! Iltimos login qiling.")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    // log in: the session markers are stored and / leads to the home, /tenders, inside the shell
    await page.getByLabel('Parol').fill('journey-pass-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/tenders$/);
    const nav = page.getByRole('navigation', { name: 'Asosiy menyu' });
    await expect(nav).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'accessToken')).toMatchObject({
      sameSite: 'Strict',
      httpOnly: false,
    });
    expect(cookies.find((cookie) => cookie.name === 'refreshToken')).toMatchObject({
      httpOnly: true,
      path: '/api/users',
    });
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBe('true');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo'))) ?? '{}')).toMatchObject({ email });

    // clicking Tenders opens its sub-links; they stay open under /tenders/{type}
    await expect(nav.getByRole('link', { name: 'Aviatsiya' })).toBeHidden();
    await nav.getByRole('link', { name: 'Tenderlar' }).click();
    await nav.getByRole('link', { name: 'Aviatsiya' }).click();
    await expect(page).toHaveURL(/\/tenders\/plane$/);
    await expect(nav.getByRole('link', { name: 'Tenderlar' })).toHaveAttribute('aria-expanded', 'true');

    // collapse and expand the navigation
    const aside = page.locator('aside');
    expect((await aside.boundingBox())?.width).toBeCloseTo(200, -1);
    await page.getByRole('button', { name: "Menyuni yig'ish" }).click();
    await expect(page.getByRole('link', { name: 'Yuk Tender' })).toHaveText('Y');
    await expect.poll(async () => Math.round((await aside.boundingBox())?.width ?? 0)).toBe(68);
    await expect(nav.getByRole('link', { name: 'Profil' })).toBeVisible();
    await page.getByRole('button', { name: 'Menyuni ochish' }).click();
    await expect(page.getByRole('link', { name: 'Yuk Tender' })).toHaveText('Yuk Tender');
    await expect.poll(async () => Math.round((await aside.boundingBox())?.width ?? 0)).toBe(200);

    // languages: English, Russian and back; the choice survives a reload
    await nav.getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Orders' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Мои заказы' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Oʻzbekcha' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('uz');

    // an unknown path: the 404 text inside the shell
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 – Sahifa topilmadi' })).toBeVisible();
    await expect(nav).toBeVisible();

    // log out: back to the login screen, the session markers gone
    await page.getByRole('button', { name: 'Chiqish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('accessToken');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });

  test("a wrong password shows the server's error toast and stays on the login screen", async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Parol').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText("Email yoki parol noto'g'ri")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
  });

  test('blank fields are refused with the spec texts, before any call', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText("Email va parolni to'ldiring")).toBeVisible();
    await page.getByRole('tab', { name: 'Mobile-ID' }).click();
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await expect(page.getByText('Iltimos, telefon raqamini kiriting')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText("Barcha maydonlarni to'ldiring")).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('session renewal', () => {
  test('an expired access token is renewed once with the refresh cookie; the user stays signed in', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto(webRoutes.profile);
    await logIn(page, DEMO.email, DEMO.password);
    await context.addCookies([{ name: 'accessToken', value: 'expired-or-forged', url: baseURL, sameSite: 'Strict' }]);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(apiPaths.users.refresh)) refreshes.push(response.status());
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    expect(refreshes).toEqual([200]);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    expect(token).toBeTruthy();
    expect(token).not.toBe('expired-or-forged');
  });

  test('is sent to the login screen when the session can no longer be refreshed', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto(webRoutes.profile);
    await logIn(page, DEMO.email, DEMO.password);
    await context.clearCookies({ name: 'refreshToken' });
    await context.addCookies([{ name: 'accessToken', value: 'expired-or-forged', url: baseURL, sameSite: 'Strict' }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('accessToken');
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('userInfo')])).toEqual([
      null,
      null,
    ]);
  });
});

test.describe('accessibility', () => {
  test('the login and register screens have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Mobile-ID' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click(); // blank: field errors shown
    await expect(page.getByText("Barcha maydonlarni to'ldiring")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the shell (open and collapsed), the profile and the 404 page have no serious or critical axe violations', async ({
    page,
  }) => {
    await page.goto(webRoutes.profile);
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Menyuni yig'ish" }).click();
    await expect(page.getByRole('link', { name: 'Yuk Tender' })).toHaveText('Y');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 – Sahifa topilmadi' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the navigation and the forms are reachable by keyboard with a visible focus', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('role', 'tab');
    const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
  });
});
