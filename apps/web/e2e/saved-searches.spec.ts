import { webRoutes } from '@yuk/shared';
import { expect, test } from './support/test';
import { openAs, overflow } from './support';
import { createApiTender, createApiUser } from './support/api';
import { settledViolations } from './support/settled';
import { pressStart, telegramMessages } from './support/telegram';

test.describe('saved searches and Telegram', () => {
  for (const phone of [false, true]) {
    test(`a carrier links Telegram, saves a lane, and hears of the tender that opens on it${phone ? ' (360 px)' : ''}`, async ({
      browser,
      request,
    }) => {
      test.slow(); // two accounts, the Telegram link, a saved search, then the schedule and the sender
      const carrier = await createApiUser(request, 'Bobur');
      const owner = await createApiUser(request, 'Malika');
      const chatId = 700_000 + Math.floor(Math.random() * 100_000);
      // a lane of its own: this journey's tender is the only one that opens on it
      const lane = phone ? { origin: 'Нукус', tender: 'Nukus' } : { origin: 'Термез', tender: 'Termiz' };
      const destination = `Zarafshon ${Math.random().toString(36).slice(2, 6)}`;

      // the settings page: link Telegram through the deep link the bot's Start button completes
      const page = await openAs(browser, carrier, webRoutes.notificationSettings, phone);
      await expect(page.getByRole('heading', { level: 1, name: 'Bildirishnoma sozlamalari' })).toBeVisible();
      const popup = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Telegramni ulash' }).click();
      await (await popup).close();
      const deepLink = await page.getByRole('link', { name: /^https:\/\/t\.me\// }).getAttribute('href');
      expect(deepLink).toMatch(/^https:\/\/t\.me\/YukTenderTestBot\?start=[\w-]{32}$/);
      expect(await pressStart(request, deepLink ?? '', chatId)).toContain('Telegram Yuk Tender hisobingizga ulandi');
      await page.reload();
      await expect(page.getByText('Telegram ulangan')).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await settledViolations(page)).toEqual([]);

      // the tender list: save this search, the origin written in Cyrillic
      await page.goto(webRoutes.tenders);
      await page.getByRole('button', { name: 'Bu qidiruvni saqlash' }).click();
      const dialog = page.getByRole('dialog', { name: 'Qidiruvni saqlash' });
      await dialog.getByLabel('Qidiruv nomi').fill('Janubdan yuklar');
      await dialog.getByLabel("Jo'nash joyi").fill(lane.origin);
      await dialog.getByLabel('Yetkazish joyi').fill(destination);
      await dialog.getByRole('checkbox', { name: 'Truck' }).check();
      expect(await settledViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Saqlash' }).click();
      await expect(page.getByText('Qidiruv saqlandi: mos tender ochilganda xabar beramiz')).toBeVisible();
      await page.goto(webRoutes.savedSearches);
      await expect(page.getByRole('heading', { name: 'Janubdan yuklar' })).toBeVisible();
      await expect(page.getByText(`${lane.origin} → ${destination}`)).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // another user opens a matching tender (the Latin spelling of the same city)
      const tender = await createApiTender(request, owner, {
        origin_location: lane.tender,
        destination_location: destination,
        cargo_type: 'Truck - tented',
      });

      // the carrier sees it in the notification list, live
      await page.goto(webRoutes.notifications);
      const first = page.getByRole('tabpanel').getByRole('listitem').first();
      await expect(first).toContainText('Qidiruvingizga mos yangi tender: Janubdan yuklar', { timeout: 10_000 });
      await expect(first).toContainText(tender.number);

      // and the bot was asked to send it to the linked chat, with a button to the tender
      await expect
        .poll(async () => (await telegramMessages(request)).filter((m) => m.chat_id === String(chatId)).length, {
          timeout: 10_000,
        })
        .toBe(1);
      const [message] = (await telegramMessages(request)).filter((m) => m.chat_id === String(chatId));
      expect(message?.text).toContain(`Qidiruvingizga mos yangi tender: Janubdan yuklar\n${tender.number}`);
      expect(message?.reply_markup?.inline_keyboard[0]?.[0]).toEqual({
        text: 'Ochish',
        url: expect.stringMatching(new RegExp(`/tender/${tender.id}$`)),
      });
      await page.context().close();
    });
  }
});
