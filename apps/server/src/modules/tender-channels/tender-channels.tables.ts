import type { Generated } from 'kysely';

export interface TelegramChannelPostsTable {
  tender_id: number;
  /** The channel it goes to (@name or a chat id), chosen by the tender's mode when it opened. */
  chat: string;
  /** Telegram's id of the message once posted; null until then. */
  message_id: number | null;
  /** What the post last showed (status|minimum|close); null until posted. */
  shown: string | null;
  queued_at: string;
  posted_at: string | null;
  edited_at: string | null;
  /** The next edit waits until then: at most one a minute per post. */
  edit_after_ms: Generated<number>;
  /** The outbox row of the edit queued last. */
  edit_outbox_id: number | null;
}

export interface TelegramChannelsTable {
  chat: string;
  /** The channel refused the bot (403) then; cleared when a post goes through again. */
  refused_at: string | null;
  refused_error: string | null;
  /** The moderators were told of the refusal then (once per refusal). */
  reported_at: string | null;
}

export interface TenderChannelsTables {
  telegram_channel_posts: TelegramChannelPostsTable;
  telegram_channels: TelegramChannelsTable;
}
