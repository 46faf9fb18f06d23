import type { Generated } from 'kysely';
import type { DeliveryStatus, NotificationKind, OutsideChannel } from '@yuk/shared';
import type { AccountMessageKind, ChatMessageKind } from './messages.js';

/** The channels a user chooses, and SMS, which carries only the codes of the account messages. */
export type OutboxChannel = OutsideChannel | 'sms';

export interface NotificationSettingsTable {
  user_id: number;
  /** JSON { event: [channels] } of the events the user changed; null: all defaults. */
  events: string | null;
  /** Minutes after midnight, Tashkent time; both null: no quiet hours. */
  quiet_start: number | null;
  quiet_end: number | null;
  telegram_chat_id: string | null;
  /** How many browsers the user allowed push on (kept with push_subscriptions). */
  push_devices: Generated<number>;
  updated_at: string;
}

export interface TelegramLinksTable {
  /** SHA-256 of the one-time token of the deep link. */
  token_hash: string;
  user_id: number;
  expires_at_ms: number;
  used_at: string | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  /** Null for an account message (a sign-in code, a reset link): it goes to `address`. */
  user_id: number | null;
  channel: OutboxChannel;
  kind: NotificationKind | AccountMessageKind | ChatMessageKind;
  /** JSON params of the notification's template (of an account message: erased once it is sent or given up). */
  params: string;
  link: string;
  /** Push: the subscription it goes to. */
  target_id: number | null;
  /** Sent with the message where the protocol carries one (Message-ID, push Topic); a resend reuses it. */
  idempotency_key: string;
  status: Generated<DeliveryStatus>;
  /** Failed attempts so far. */
  attempts: Generated<number>;
  /** Pending: when to try next. Sending: when the sender's lease runs out. */
  next_attempt_ms: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** An account message's phone or e-mail; a chat message's chat. */
  address: string | null;
}

export interface DeliveryTables {
  notification_settings: NotificationSettingsTable;
  telegram_links: TelegramLinksTable;
  push_subscriptions: PushSubscriptionsTable;
  outbox: OutboxTable;
}
