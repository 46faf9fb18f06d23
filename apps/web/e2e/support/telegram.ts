import { expect, type APIRequestContext } from '@playwright/test';
import { apiPaths } from '@yuk/shared';

/**
 * The journeys' Telegram: the small Bot API of scripts/fake-telegram.mjs, which the server sends to and which
 * tells what it received. The port is chosen once by the config and inherited by the workers.
 */
export const E2E_TELEGRAM = {
  token: '424242:e2e-bot-token',
  webhookSecret: 'e2e-webhook-secret',
  channels: 'truck:@yuk_e2e_truck,*:@yuk_e2e_other',
  url: () => `http://127.0.0.1:${process.env.YUK_E2E_TELEGRAM_PORT}`,
};

export interface SentMessage {
  chat_id: string;
  text: string;
  reply_markup?: { inline_keyboard: { text: string; url: string }[][] };
  message_id?: number;
}

/** What the bot has been asked to send so far. */
export async function telegramMessages(request: APIRequestContext): Promise<SentMessage[]> {
  const response = await request.get(`${E2E_TELEGRAM.url()}/_test/messages`);
  return (await response.json()) as SentMessage[];
}

/** What Telegram does when the user presses Start in the chat the deep link opened: it posts the update. */
export async function pressStart(request: APIRequestContext, deepLink: string, chatId: number): Promise<string> {
  const token = new URL(deepLink).searchParams.get('start');
  const response = await request.post(apiPaths.telegram.webhook, {
    headers: { 'X-Telegram-Bot-Api-Secret-Token': E2E_TELEGRAM.webhookSecret },
    data: { update_id: chatId, message: { chat: { id: chatId }, text: `/start ${token}` } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { text: string }).text;
}
