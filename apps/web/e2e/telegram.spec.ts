import type { Page } from '@playwright/test';
import { apiPaths, type AuthTokens } from '@yuk/shared';
import { signInitData } from '../../server/src/modules/telegram-app/init-data';
import { logIn, shellNavigation } from './support';
import { createApiTender, createApiUser } from './support/api';
import { E2E_TELEGRAM, telegramMessages } from './support/telegram';
import { expect, test } from './support/test';

/**
 * Trading inside Telegram, on a 390 px phone: the app opened as a Mini App with the launch parameters in the URL
 * fragment, as Telegram passes them, in Telegram's dark theme. The stand-in web view records what the app asks
 * of Telegram (window.TelegramWebviewProxy.postEvent) and plays Telegram's events back to it.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const DARK_THEME = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
};

let nextTelegramUser = 910_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** A Telegram launch's init data for this user, signed with the journeys' bot token as Telegram signs it. */
function initDataOf(telegramUserId: number, startParam?: string): string {
  return signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: `AAH${telegramUserId}`,
      user: JSON.stringify({
        id: telegramUserId,
        first_name: 'Aziz',
        username: `aziz_${telegramUserId}`,
        language_code: 'uz',
      }),
      ...(startParam ? { start_param: startParam } : {}),
      chat_type: 'sender',
      chat_instance: '-4035882281870386000',
    },
    E2E_TELEGRAM.token,
  );
}

/** The Mini App's address as Telegram opens it: our page, the launch parameters in the fragment. */
function launchUrl(initData: string, startParam?: string): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(DARK_THEME),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  return `/#${params.toString()}`;
}

interface BridgeEvent {
  type: string;
  data: Record<string, unknown> | null;
}

declare global {
  interface Window {
    telegramEvents: BridgeEvent[];
    TelegramWebviewProxy?: { postEvent: (type: string, data?: string) => void };
    Telegram?: { WebView?: { receiveEvent: (type: string, data?: unknown) => void } };
  }
}

/** Opens the launch in a page whose web view records every event the app posts to Telegram. */
async function openInTelegram(page: Page, url: string): Promise<void> {
  await page.addInitScript(() => {
    window.telegramEvents = [];
    window.TelegramWebviewProxy = {
      postEvent: (type, data) => window.telegramEvents.push({ type, data: data ? JSON.parse(data) : null }),
    };
  });
  await page.goto(url);
}

const bridgeEvents = (page: Page, type: string) =>
  page.evaluate((wanted) => window.telegramEvents.filter((event) => event.type === wanted), type);
const lastEvent = async (page: Page, type: string) => (await bridgeEvents(page, type)).at(-1)?.data;

/** Telegram tells the app something (a button pressed), as its web view does. */
async function telegramSays(page: Page, type: string): Promise<void> {
  await page.evaluate((event) => window.Telegram?.WebView?.receiveEvent(event), type);
}

test('a linked carrier opens a channel post’s tender in Telegram, is signed in without typing, bids with the Main button and goes back with the Back button', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createApiUser(request, 'Dilshod');
  const carrier = await createApiUser(request, 'Aziz');
  const telegramUser = nextTelegramUser++;
  // the carrier linked Telegram earlier, in the Mini App
  const linked = await request.post(apiPaths.users.telegram, {
    headers: { Authorization: `Bearer ${carrier.accessToken}` },
    data: { init_data: initDataOf(telegramUser) },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  // a tender opens and is posted to the truck channel, with a button that opens it in the Mini App
  const tender = await createApiTender(request, owner, { cargo_type: 'Truck', initial_price: 2000 });
  await expect
    .poll(
      async () =>
        (await telegramMessages(request)).find(
          (message) => message.chat_id === '@yuk_e2e_truck' && message.text.includes(tender.number),
        ),
      { timeout: 15_000 },
    )
    .toBeDefined();
  const post = (await telegramMessages(request)).find((message) => message.text.includes(tender.number));
  expect(post?.text.split('\n')[0]).toBe(`${tender.origin_location} → ${tender.destination_location}`);
  const button = post?.reply_markup?.inline_keyboard[0]?.[0];
  const startParam = new URL(button?.url ?? 'https://t.me/').searchParams.get('startapp') ?? '';
  expect(startParam).toBe(`tender-${tender.id}`);

  // Telegram opens the Mini App with the launch in the fragment: the tender's page, signed in, no form to fill
  await openInTelegram(page, launchUrl(initDataOf(telegramUser, startParam), startParam));
  await expect(page).toHaveURL(new RegExp(`/tender/${tender.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tender.number);
  await expect(page.getByRole('heading', { name: 'Welcome to Yuk Tender' })).toHaveCount(0);
  await expect(shellNavigation(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tezkor menyu' })).toBeVisible();

  // Telegram's dark theme on the page
  await expect(page.locator('html')).toHaveAttribute('data-telegram', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)');
  await expect.poll(async () => (await bridgeEvents(page, 'web_app_ready')).length).toBeGreaterThan(0);
  expect(await bridgeEvents(page, 'web_app_request_viewport')).not.toHaveLength(0);

  // the Main button places the bid: shown at once, active once there is an amount
  await expect
    .poll(() => lastEvent(page, 'web_app_setup_main_button'))
    .toMatchObject({
      is_visible: true,
      is_active: false,
      text: 'Taklifingizni bildiring',
    });
  await page.getByLabel('Taklif narxi (USD)').fill('1800');
  await expect
    .poll(() => lastEvent(page, 'web_app_setup_main_button'))
    .toMatchObject({ is_visible: true, is_active: true });
  await telegramSays(page, 'main_button_pressed');
  await expect(page.getByText('Taklif muvaffaqiyatli yuborildi!')).toBeVisible();
  await expect(page).toHaveURL(/\/tenders\/success$/);
  // a haptic tick when the bid lands
  await expect
    .poll(() => lastEvent(page, 'web_app_trigger_haptic_feedback'))
    .toEqual({ type: 'notification', notification_type: 'success' });
  const bids = await request.get(apiPaths.bids.mine, { headers: { Authorization: `Bearer ${carrier.accessToken}` } });
  expect(JSON.stringify(await bids.json())).toContain(tender.number);

  // Telegram's Back button goes back to the tender
  await expect.poll(() => lastEvent(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
  await telegramSays(page, 'back_button_pressed');
  await expect(page).toHaveURL(new RegExp(`/tender/${tender.id}$`));
  await expect.poll(() => lastEvent(page, 'web_app_setup_back_button')).toEqual({ is_visible: false });
});

test('an unlinked Telegram user signs in once by password and is linked on the spot; the next launch needs nothing', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const carrier = await createApiUser(request, 'Bobur');
  const telegramUser = nextTelegramUser++;
  const launch = launchUrl(initDataOf(telegramUser));

  await openInTelegram(page, launch);
  await expect(page.getByText('Telegram hisobingiz hali bog‘lanmagan', { exact: false })).toBeVisible();
  await logIn(page, carrier.email, carrier.password);
  await expect(page.getByText('Telegram hisobingiz bog‘landi', { exact: false })).toBeVisible();

  // the server signs that Telegram user in as the carrier now
  const signIn = await request.post(apiPaths.auth.telegram, { data: { init_data: initDataOf(telegramUser) } });
  expect(signIn.status()).toBe(200);
  expect(((await signIn.json()) as AuthTokens).user.email).toBe(carrier.email);

  // the next opening, in a fresh web view, signs in without typing
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const next = await context.newPage();
  await openInTelegram(next, launchUrl(initDataOf(telegramUser)));
  await expect(shellNavigation(next)).toBeVisible();
  await expect(next.getByRole('heading', { name: 'Welcome to Yuk Tender' })).toHaveCount(0);
  await context.close();
});
