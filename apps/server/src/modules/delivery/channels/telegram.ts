import { SEND_TIMEOUT_MS, errorText, type SendOutcome } from './channel.js';

export interface TelegramConfig {
  /** The bot's token from @BotFather; without it the channel is off. */
  token?: string | undefined;
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token with every update. */
  webhookSecret?: string | undefined;
  /** https://api.telegram.org unless another Bot API server is used. */
  apiBase: string;
  /** The bot's @name; asked of the Bot API (getMe) when not given. */
  botUsername?: string | undefined;
}

export interface TelegramMessage {
  text: string;
  /**
   * An inline "Open" button under the message: a link (`url`), or the Mini App opened at `webApp` (a web_app
   * button, which Telegram allows in a private chat with the bot only).
   */
  button?: { text: string; url: string } | { text: string; webApp: string };
}

/** A message Telegram took, with its id (a channel post is edited by it later). */
export type TelegramOutcome = Exclude<SendOutcome, { ok: true }> | { ok: true; messageId: number | null };

export interface TelegramChannel {
  readonly enabled: boolean;
  readonly webhookSecret: string | undefined;
  botUsername(): Promise<string>;
  sendMessage(chatId: string, message: TelegramMessage): Promise<TelegramOutcome>;
  /** Replaces a sent message's text and button (editMessageText); an unchanged message counts as done. */
  editMessageText(chatId: string, messageId: number, message: TelegramMessage): Promise<SendOutcome>;
  setWebhook(url: string): Promise<void>;
}

interface BotApiAnswer {
  ok: boolean;
  result?: unknown;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

/** The inline keyboard of a message's one button, as the Bot API takes it. */
function replyMarkup(message: TelegramMessage) {
  const { button } = message;
  if (!button) return {};
  const key = 'webApp' in button ? { text: button.text, web_app: { url: button.webApp } } : button;
  return { reply_markup: { inline_keyboard: [[key]] } };
}

/**
 * What a refusal means: 429 waits its retry_after; 403 (the user blocked the bot, the bot is not an admin of
 * the channel) and 400 (the chat or message is gone) do not get better by trying again; the rest is retried.
 */
function failure(status: number, answer: BotApiAnswer): Exclude<SendOutcome, { ok: true }> {
  const error = `${status} ${answer.description ?? ''}`.trim();
  const code = answer.error_code ?? status;
  if (code === 429) {
    const seconds = answer.parameters?.retry_after;
    return { ok: false, kind: 'retry', error, ...(seconds ? { retryAfterMs: seconds * 1000 } : {}) };
  }
  if (code === 403 || code === 400) return { ok: false, kind: 'refused', error };
  return { ok: false, kind: 'retry', error };
}

/** The Bot API over HTTPS (JSON bodies), as https://core.telegram.org/bots/api describes it. */
export function createTelegramChannel(config: TelegramConfig): TelegramChannel {
  const { token } = config;
  let username = config.botUsername;

  async function call(
    method: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; answer: BotApiAnswer }> {
    if (!token) throw new Error('Telegram is off');
    const response = await fetch(`${config.apiBase.replace(/\/$/, '')}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    let answer: BotApiAnswer;
    try {
      answer = (await response.json()) as BotApiAnswer;
    } catch {
      answer = { ok: false, description: `HTTP ${response.status}` };
    }
    return { status: response.status, answer };
  }

  return {
    enabled: Boolean(token),
    webhookSecret: config.webhookSecret,
    async botUsername() {
      if (username) return username;
      const { answer } = await call('getMe', {});
      const name = (answer.result as { username?: unknown } | undefined)?.username;
      if (!answer.ok || typeof name !== 'string') throw new Error(answer.description ?? 'getMe failed');
      username = name;
      return name;
    },
    async sendMessage(chatId, message) {
      try {
        const { status, answer } = await call('sendMessage', {
          chat_id: chatId,
          text: message.text,
          link_preview_options: { is_disabled: true },
          ...replyMarkup(message),
        });
        if (!answer.ok) return failure(status, answer);
        const id = (answer.result as { message_id?: unknown } | undefined)?.message_id;
        return { ok: true, messageId: typeof id === 'number' ? id : null };
      } catch (error) {
        return { ok: false, kind: 'retry', error: errorText(error) };
      }
    },
    async editMessageText(chatId, messageId, message) {
      try {
        const { status, answer } = await call('editMessageText', {
          chat_id: chatId,
          message_id: messageId,
          text: message.text,
          link_preview_options: { is_disabled: true },
          ...replyMarkup(message),
        });
        // an edit to what the message already says is refused as "not modified": it says it already
        if (answer.ok || /message is not modified/i.test(answer.description ?? '')) return { ok: true };
        return failure(status, answer);
      } catch (error) {
        return { ok: false, kind: 'retry', error: errorText(error) };
      }
    },
    async setWebhook(url) {
      const { answer } = await call('setWebhook', {
        url,
        allowed_updates: ['message'],
        ...(config.webhookSecret ? { secret_token: config.webhookSecret } : {}),
      });
      if (!answer.ok) throw new Error(answer.description ?? 'setWebhook failed');
    },
  };
}
