import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_EVENT_CHANNELS,
  EVENT_OF_KIND,
  quietHoursEndMs,
  readNotificationParams,
  type DeliveryChannel,
  type DeliveryEvent,
  type Language,
  type NotificationKind,
  type NotificationParams,
  type OutsideChannel,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { repeatEvery } from '../../plugins/repeat.js';
import { contactsOfUsers } from '../users/index.js';
import type { SendOutcome } from './channels/channel.js';
import type { EmailChannel } from './channels/email.js';
import type { PushChannel } from './channels/push.js';
import type { SmsChannel } from './channels/sms.js';
import type { TelegramChannel } from './channels/telegram.js';
import {
  emailBodies,
  isAccountMessageKind,
  isChatMessageKind,
  passwordResetMail,
  pushPayload,
  renderOutside,
  smsCodeText,
  telegramText,
  type AccountMessageKind,
  type ChatMessageKind,
} from './messages.js';
import * as outbox from './outbox.repository.js';
import {
  deletePushSubscription,
  findPushSubscriptions,
  findSettings,
  pushSubscriptionsOf,
  quietWindow,
  type SettingsRow,
} from './settings.repository.js';

export interface DeliveryChannels {
  telegram: TelegramChannel;
  email: EmailChannel;
  push: PushChannel;
  sms: SmsChannel;
  /** The app's public address, for the links in messages. */
  publicUrl: string;
}

/** Sends the messages addressed to a chat (the tender channels' posts and edits), rendered when sent. */
export interface ChatMessageSender {
  send(row: outbox.OutboxRow, kind: ChatMessageKind): Promise<SendOutcome | { dropped: string }>;
}

export interface OutboxContext {
  db: Db;
  channels: DeliveryChannels;
  /** The tender channels; their messages are dropped without it. */
  chatMessages?: ChatMessageSender;
  now?: () => Date;
}

/** What a notification is, for the channels outside the app (params as an object, or already as JSON). */
export interface OutsideDraft {
  userId: number;
  kind: NotificationKind;
  params: NotificationParams | string;
  link: string;
}

/** A message is given up on (dead) after this many failed tries. */
const MAX_ATTEMPTS = 8;
/** The first retry waits about this long; each later one twice as long as the one before. */
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;
/** How long a claim holds a message: longer than any send may take, so only a dead sender's claim runs out. */
const LEASE_MS = 60_000;
const CLAIM_BATCH = 50;
/** Sends in flight at once per instance. */
const PARALLEL_SENDS = 8;

/** The wait before the next try after `attempts` failures: exponential, with jitter so retries do not flock. */
function backoffMs(attempts: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The channels an event goes to for a user: their choice where they made one, else the default. */
export function channelsOf(settings: SettingsRow | undefined, event: DeliveryEvent): readonly DeliveryChannel[] {
  if (settings?.events) {
    try {
      const chosen = (JSON.parse(settings.events) as Partial<Record<DeliveryEvent, DeliveryChannel[]>>)[event];
      if (chosen) return chosen;
    } catch {
      // an unreadable value counts as no choice
    }
  }
  return DEFAULT_EVENT_CHANNELS[event];
}

/**
 * Queues the outside messages of these notifications, inside the transaction that records them: a message
 * exists exactly when its notification does. Only channels the user turned on and can be reached by (a linked
 * chat, an allowed browser) get a row; during quiet hours a row waits for their end. Nothing is sent here: a
 * channel that is off or down costs the caller nothing (the sender drops or retries it later).
 */
export async function queueOutside(trx: Db, drafts: OutsideDraft[], nowMs: number) {
  if (drafts.length === 0) return;
  const settings = await findSettings(
    trx,
    drafts.map((draft) => draft.userId),
  );
  // each draft's chosen channels, read once (a fan-out reaches hundreds of users)
  const chosen = drafts.map((draft) => channelsOf(settings.get(draft.userId), EVENT_OF_KIND[draft.kind]));
  const pushUsers = drafts
    .filter((draft, i) => (settings.get(draft.userId)?.push_devices ?? 0) > 0 && chosen[i]?.includes('push'))
    .map((draft) => draft.userId);
  const browsersOf = new Map<number, number[]>();
  for (const browser of await pushSubscriptionsOf(trx, pushUsers)) {
    browsersOf.set(browser.user_id, [...(browsersOf.get(browser.user_id) ?? []), browser.id]);
  }
  const createdAt = new Date(nowMs).toISOString();
  const rows: outbox.OutboxValues[] = [];
  drafts.forEach((draft, i) => {
    const own = settings.get(draft.userId);
    const channels = chosen[i] ?? [];
    const quiet = quietWindow(own);
    const quietEnd = quiet ? quietHoursEndMs(nowMs, quiet.start, quiet.end) : null;
    const row = (channel: OutsideChannel, targetId: number | null = null): outbox.OutboxValues => ({
      user_id: draft.userId,
      channel,
      kind: draft.kind,
      params: typeof draft.params === 'string' ? draft.params : JSON.stringify(draft.params),
      link: draft.link,
      target_id: targetId,
      idempotency_key: randomUUID(),
      next_attempt_ms: quietEnd ?? nowMs,
      last_error: null,
      created_at: createdAt,
      sent_at: null,
      address: null,
    });
    if (own?.telegram_chat_id && channels.includes('telegram')) rows.push(row('telegram'));
    if (channels.includes('email')) rows.push(row('email'));
    if (channels.includes('push')) {
      for (const browserId of browsersOf.get(draft.userId) ?? []) rows.push(row('push', browserId));
    }
  });
  await outbox.insertOutbox(trx, rows);
}

/** A message about an account itself (a sign-in code, a reset link), to an address rather than to a user. */
export type AccountMessage =
  | { channel: 'sms'; kind: 'sms_code'; address: string; code: string }
  | { channel: 'email'; kind: 'password_reset'; address: string; token: string };

interface AccountMessageParams {
  code?: string;
  token?: string;
  language: Language;
  /** The message is of no use after this (the code or link no longer works): it is not sent late. */
  expiresAtMs: number;
  /** Minutes the code or link lives, for the text. */
  minutes: number;
}

/**
 * Queues an account message in the caller's transaction: it is sent only if that commits. Its secret sits in
 * the row until the message is sent or given up, then is erased.
 */
export async function queueAccountMessage(
  trx: Db,
  message: AccountMessage,
  options: { language: Language; nowMs: number; expiresAtMs: number },
): Promise<void> {
  const params: AccountMessageParams = {
    ...(message.kind === 'sms_code' ? { code: message.code } : { token: message.token }),
    language: options.language,
    expiresAtMs: options.expiresAtMs,
    minutes: Math.round((options.expiresAtMs - options.nowMs) / 60_000),
  };
  await outbox.insertOutbox(trx, [
    {
      user_id: null,
      channel: message.channel,
      kind: message.kind,
      params: JSON.stringify(params),
      link: '',
      target_id: null,
      idempotency_key: randomUUID(),
      next_attempt_ms: options.nowMs,
      last_error: null,
      created_at: new Date(options.nowMs).toISOString(),
      sent_at: null,
      address: message.address,
    },
  ]);
}

/**
 * Queues a message to a chat (a tender channel's post or edit) in the caller's transaction, due at `dueMs`;
 * what it says is rendered when it is sent. Its outbox id.
 */
export async function queueChatMessage(
  trx: Db,
  message: {
    kind: ChatMessageKind;
    chat: string;
    params: Record<string, string | number>;
    nowMs: number;
    dueMs: number;
  },
): Promise<number> {
  return outbox.insertOneReturningId(trx, {
    user_id: null,
    channel: 'telegram',
    kind: message.kind,
    params: JSON.stringify(message.params),
    link: '',
    target_id: null,
    idempotency_key: randomUUID(),
    next_attempt_ms: message.dueMs,
    last_error: null,
    created_at: new Date(message.nowMs).toISOString(),
    sent_at: null,
    address: message.chat,
  });
}

async function sendAccountMessage(
  ctx: OutboxContext,
  row: outbox.OutboxRow,
  kind: AccountMessageKind,
  nowMs: number,
): Promise<SendOutcome | { dropped: string }> {
  let params: AccountMessageParams;
  try {
    params = JSON.parse(row.params) as AccountMessageParams;
  } catch {
    return { dropped: 'unreadable message' };
  }
  if (!row.address) return { dropped: 'no address' };
  if (params.expiresAtMs <= nowMs) return { dropped: 'expired before it could be sent' };
  const { publicUrl } = ctx.channels;
  if (kind === 'sms_code' && row.channel === 'sms' && params.code) {
    return ctx.channels.sms.send(row.address, smsCodeText(params.code, params.minutes, params.language, publicUrl));
  }
  if (kind === 'password_reset' && row.channel === 'email' && params.token) {
    const mail = passwordResetMail(params.token, params.minutes, params.language, publicUrl);
    return ctx.channels.email.send({
      to: row.address,
      ...mail,
      messageId: `<${row.idempotency_key}@yuk-tender>`,
      language: params.language,
    });
  }
  return { dropped: 'unknown account message' };
}

/** Everything a batch of claimed messages needs to be sent: addresses, chats and subscriptions, read at once. */
async function recipientsOf(db: Db, rows: outbox.OutboxRow[]) {
  const userIds = rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]));
  const [contacts, settings, subscriptions] = await Promise.all([
    contactsOfUsers(db, userIds),
    findSettings(db, userIds),
    findPushSubscriptions(
      db,
      rows.filter((row) => row.channel === 'push' && row.target_id !== null).map((row) => row.target_id as number),
    ),
  ]);
  return { contacts, settings, subscriptions: new Map(subscriptions.map((sub) => [sub.id, sub])) };
}

type Recipients = Awaited<ReturnType<typeof recipientsOf>>;

/** Sends one message; `{ dropped }` when there is no one to send it to any more (dropped, not failed). */
async function sendOne(
  ctx: OutboxContext,
  row: outbox.OutboxRow,
  recipients: Recipients,
  nowMs: number,
): Promise<SendOutcome | { dropped: string }> {
  const { kind, user_id: userId } = row;
  if (isChatMessageKind(kind)) {
    return ctx.chatMessages ? ctx.chatMessages.send(row, kind) : { dropped: 'tender channels are off' };
  }
  if (isAccountMessageKind(kind)) return sendAccountMessage(ctx, row, kind, nowMs);
  const contact = userId === null ? undefined : recipients.contacts.get(userId);
  if (userId === null || !contact) return { dropped: 'no such user' };
  const message = renderOutside(
    kind,
    readNotificationParams(row.params),
    row.link,
    contact.language,
    ctx.channels.publicUrl,
  );
  if (row.channel === 'telegram') {
    const chatId = recipients.settings.get(userId)?.telegram_chat_id;
    if (!chatId) return { dropped: 'Telegram is not linked' };
    if (!ctx.channels.telegram.enabled) return { dropped: 'Telegram is not set up on this server' };
    // in the bot's private chat the button opens the page in the Mini App (Telegram takes only https there)
    return ctx.channels.telegram.sendMessage(chatId, {
      text: telegramText(message),
      button: message.url.startsWith('https://')
        ? { text: message.openText, webApp: message.url }
        : { text: message.openText, url: message.url },
    });
  }
  if (row.channel === 'sms') return { dropped: 'notifications are not sent by SMS' };
  if (row.channel === 'email') {
    return ctx.channels.email.send({
      to: contact.email,
      subject: message.title,
      ...emailBodies(message, contact.language, ctx.channels.publicUrl),
      messageId: `<${row.idempotency_key}@yuk-tender>`,
      language: contact.language,
    });
  }
  const subscription = row.target_id === null ? undefined : recipients.subscriptions.get(row.target_id);
  if (!subscription) return { dropped: 'the browser unsubscribed' };
  // the Topic header (at most 32 URL-safe characters) lets the push service replace an undelivered copy
  return ctx.channels.push.send(
    subscription,
    pushPayload(message),
    row.idempotency_key.replaceAll('-', '').slice(0, 32),
  );
}

/** Records how a send ended: sent, retried after a backoff (or the service's Retry-After), or dead. */
async function settle(
  ctx: OutboxContext,
  row: outbox.OutboxRow,
  outcome: SendOutcome | { dropped: string },
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const nowMs = (ctx.now?.() ?? new Date()).getTime();
  // an account message's code or link is kept no longer than it is needed
  const erase = isAccountMessageKind(row.kind) ? { params: '{}' } : {};
  if ('dropped' in outcome) {
    return outbox.finishSend(ctx.db, row, { status: 'dropped', last_error: outcome.dropped, ...erase });
  }
  if (outcome.ok) {
    return outbox.finishSend(ctx.db, row, { status: 'sent', sent_at: new Date(nowMs).toISOString(), ...erase });
  }
  log?.warn({ outbox: row.id, channel: row.channel, error: outcome.error }, 'outside message not taken');
  if (outcome.kind === 'gone') {
    const { target_id: targetId, user_id: userId } = row;
    if (targetId !== null && userId !== null) {
      await ctx.db
        .transaction()
        .execute((trx) => deletePushSubscription(trx, userId, targetId, new Date(nowMs).toISOString()));
    }
    return outbox.finishSend(ctx.db, row, { status: 'dropped', last_error: outcome.error, ...erase });
  }
  if (outcome.kind === 'retry' && outcome.retryAfterMs !== undefined) {
    // the service said when: that wait is its rule, not a failure of ours
    return outbox.finishSend(ctx.db, row, {
      status: 'pending',
      next_attempt_ms: nowMs + outcome.retryAfterMs,
      last_error: outcome.error,
    });
  }
  const attempts = row.attempts + 1;
  if (outcome.kind === 'refused' || attempts >= MAX_ATTEMPTS) {
    return outbox.finishSend(ctx.db, row, { status: 'dead', attempts, last_error: outcome.error, ...erase });
  }
  await outbox.finishSend(ctx.db, row, {
    status: 'pending',
    attempts,
    next_attempt_ms: nowMs + backoffMs(attempts),
    last_error: outcome.error,
  });
}

/**
 * Claims and sends every message due now, batch after batch, several at a time. Safe from several instances
 * at once: each claim takes rows no other holds. Returns how many were handled.
 */
export async function runOutbox(ctx: OutboxContext, log?: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
  let handled = 0;
  for (;;) {
    const nowMs = (ctx.now?.() ?? new Date()).getTime();
    if (!(await outbox.hasDueOutbox(ctx.db, nowMs))) return handled;
    const claimed = await outbox.claimOutbox(ctx.db, nowMs, LEASE_MS, CLAIM_BATCH);
    if (claimed.length === 0) return handled;
    const recipients = await recipientsOf(ctx.db, claimed);
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const row = claimed[next++] as outbox.OutboxRow;
        try {
          await settle(ctx, row, await sendOne(ctx, row, recipients, nowMs), log);
        } catch (error) {
          // its claim runs out and a later round sends it again
          log?.error({ err: error, outbox: row.id }, 'outside message failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, claimed.length) }, worker));
    handled += claimed.length;
    if (claimed.length < CLAIM_BATCH) return handled;
  }
}

/** Sends what is due every `tickMs`; returns the function that stops it. */
export function startOutboxSender(ctx: OutboxContext, tickMs: number, log: FastifyBaseLogger): () => void {
  return repeatEvery(
    tickMs,
    () => runOutbox(ctx, log),
    (error) => log.error({ err: error }, 'outbox round failed'),
    { immediately: true },
  );
}
