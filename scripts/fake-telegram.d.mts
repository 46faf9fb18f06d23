export interface FakeTelegramMessage {
  chat_id: string;
  text: string;
  message_id: number;
  reply_markup?: { inline_keyboard: ({ text: string; url: string } | { text: string; web_app: { url: string } })[][] };
}

export interface FakeTelegramEdit {
  chat_id: string;
  message_id: number;
  text: string;
  reply_markup?: FakeTelegramMessage['reply_markup'];
}

export interface FakeTelegram {
  url: string;
  messages: FakeTelegramMessage[];
  edits: FakeTelegramEdit[];
  readonly webhook: { url: string; secret_token?: string } | undefined;
  fail(status: number, count?: number, retryAfter?: number): void;
  block(chatId: string | number): void;
  unblock(chatId: string | number): void;
  remove(chatId: string | number, messageId: number): void;
  close(): Promise<void>;
}

export declare function startFakeTelegram(options: {
  token: string;
  port?: number;
  username?: string;
}): Promise<FakeTelegram>;
