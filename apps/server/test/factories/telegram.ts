import { signInitData } from '../../src/modules/telegram-app/index.js';

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
