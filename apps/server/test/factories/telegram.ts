import type { FastifyInstance } from 'fastify';
import { apiPaths, type TelegramLink } from '@yuk/shared';
import { signInitData } from '../../src/modules/telegram-app/index.js';
import { api } from '../helpers.js';

/** The test bot's token (Telegram's shape: <bot id>:<secret>). */
export const TEST_BOT_TOKEN = '7000001:AAtest-bot-token_of-the-suite';

let nextTelegramUser = 880_000_000;

/** A Telegram user id no other test of the file uses. */
export function newTelegramUserId(): number {
  return nextTelegramUser++;
}

/**
 * A Mini App launch's init data as Telegram signs it: the user as JSON, auth_date in seconds, a query id, and
 * the hash over the rest (keyed by the bot's token, as Telegram documents).
 */
export function telegramInitData(options: {
  userId: number;
  botToken?: string;
  /** Seconds since the epoch; now when absent. */
  authDate?: number;
  firstName?: string;
  username?: string;
  startParam?: string;
}): string {
  const user = {
    id: options.userId,
    first_name: options.firstName ?? 'Aziz',
    last_name: 'Karimov',
    username: options.username ?? `carrier_${options.userId}`,
    language_code: 'uz',
    allows_write_to_pm: true,
  };
  return signInitData(
    {
      auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
      query_id: `AAH${options.userId}`,
      user: JSON.stringify(user),
      ...(options.startParam ? { start_param: options.startParam } : {}),
      chat_type: 'sender',
      chat_instance: '-4035882281870386000',
    },
    options.botToken ?? TEST_BOT_TOKEN,
  );
}

/** What the Bot API posts to the webhook for a message in a chat (a reply names the message it answers). */
export function telegramUpdate(updateId: number, chatId: number, text: string, replyTo?: number) {
  return {
    update_id: updateId,
    message: {
      chat: { id: chatId },
      text,
      ...(replyTo === undefined ? {} : { reply_to_message: { message_id: replyTo } }),
    },
  };
}

/** Links a chat to the user through the real flow: the deep link, then `/start <token>` to the webhook. */
export async function linkTelegramChat(
  app: FastifyInstance,
  accessToken: string,
  chatId: number,
  webhookSecret: string,
): Promise<void> {
  const link = await api(app, { method: 'POST', url: apiPaths.users.telegramLink, token: accessToken });
  if (link.statusCode !== 200) throw new Error(`no deep link: ${link.statusCode} ${link.body}`);
  const token = new URL(link.json<TelegramLink>().url).searchParams.get('start') ?? '';
  const started = await app.inject({
    method: 'POST',
    url: apiPaths.telegram.webhook,
    headers: { 'x-telegram-bot-api-secret-token': webhookSecret },
    payload: telegramUpdate(1, chatId, `/start ${token}`),
  });
  if (started.statusCode !== 200) throw new Error(`not linked: ${started.statusCode} ${started.body}`);
}
