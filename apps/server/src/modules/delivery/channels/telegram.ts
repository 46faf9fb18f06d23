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
  /** An inline "Open" button under the message. */
  button?: { text: string; url: string };
}

export interface TelegramChannel {
  readonly enabled: boolean;
  readonly webhookSecret: string | undefined;
  botUsername(): Promise<string>;
  sendMessage(chatId: string, message: TelegramMessage): Promise<SendOutcome>;
  setWebhook(url: string): Promise<void>;
}

interface BotApiAnswer {
  ok: boolean;
  result?: unknown;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
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
          ...(message.button
            ? { reply_markup: { inline_keyboard: [[{ text: message.button.text, url: message.button.url }]] } }
            : {}),
        });
        if (answer.ok) {
          // the sent message's id: a reply to it names it (reply_to_message.message_id)
          const messageId = (answer.result as { message_id?: unknown } | undefined)?.message_id;
          return typeof messageId === 'number' ? { ok: true, telegramMessageId: messageId } : { ok: true };
        }
        const error = `${status} ${answer.description ?? ''}`.trim();
        const code = answer.error_code ?? status;
        if (code === 429) {
          const seconds = answer.parameters?.retry_after;
          return { ok: false, kind: 'retry', error, ...(seconds ? { retryAfterMs: seconds * 1000 } : {}) };
        }
        // 403: the user blocked the bot; 400: the chat is gone. Neither gets better by trying again.
        if (code === 403 || code === 400) return { ok: false, kind: 'refused', error };
        return { ok: false, kind: 'retry', error };
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
