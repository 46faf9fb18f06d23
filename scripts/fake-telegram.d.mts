export interface FakeTelegramMessage {
  chat_id: string;
  text: string;
  /** The id Telegram gave the message (a reply names it in reply_to_message). */
  message_id: number;
  reply_markup?: { inline_keyboard: { text: string; url: string }[][] };
}

export interface FakeTelegram {
  url: string;
  messages: FakeTelegramMessage[];
  readonly webhook: { url: string; secret_token?: string } | undefined;
  fail(status: number, count?: number, retryAfter?: number): void;
  block(chatId: string | number): void;
  close(): Promise<void>;
}

export declare function startFakeTelegram(options: {
  token: string;
  port?: number;
  username?: string;
}): Promise<FakeTelegram>;
