import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  clockMinutes,
  clockTimeOf,
  DELIVERY_EVENTS,
  isLanguage,
  readNotificationParams,
  renderNotification,
  type DeliveryChannel,
  type DeliveryEvent,
  type FailedDelivery,
  type Language,
  type NotificationKind,
  type NotificationParams,
  type NotificationSettings,
  type NotificationSettingsValues,
  type PushSubscriptionInput,
  type TelegramLink,
} from '@yuk/shared';
import { AppError } from '../../errors.js';
import { contactsOfUsers, setUserLanguage } from '../users/index.js';
import { botReply, isAccountMessageKind, isChatMessageKind, openAppText, type BotReply } from './messages.js';
import * as outbox from './outbox.repository.js';
import { channelsOf, type OutboxContext } from './outbox.js';
import * as repo from './settings.repository.js';

/** A reply in Telegram to a message of ours, for the module whose notification it answers. */
export interface ChatReply {
  userId: number;
  kind: NotificationKind;
  params: NotificationParams;
  text: string;
}

export interface DeliveryContext extends OutboxContext {
  /** Takes a reply to a message of ours (true: taken); replies are answered with help when absent. */
  chatReplies?: (reply: ChatReply) => Promise<boolean>;
}

/** How long a Telegram deep link stays valid. */
export const TELEGRAM_LINK_TTL_MS = 10 * 60_000;
const FAILED_SHOWN = 20;

const nowOf = (ctx: DeliveryContext) => ctx.now?.() ?? new Date();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function getSettings(ctx: DeliveryContext, userId: number, lang: Language): Promise<NotificationSettings> {
  const [settings, contacts, dead] = await Promise.all([
    repo.findSettings(ctx.db, [userId]),
    contactsOfUsers(ctx.db, [userId]),
    outbox.listDeadOutbox(ctx.db, userId, FAILED_SHOWN),
  ]);
  const own = settings.get(userId);
  const contact = contacts.get(userId);
  if (!contact) throw new AppError('NOT_AUTHENTICATED');
  const quiet = repo.quietWindow(own);
  const events = Object.fromEntries(DELIVERY_EVENTS.map((event) => [event, [...channelsOf(own, event)]])) as Record<
    DeliveryEvent,
    DeliveryChannel[]
  >;
  // a user's own rows are notifications (account messages have no user), so this only narrows the types
  const failed: FailedDelivery[] = dead.flatMap(({ channel, kind, ...row }) =>
    channel === 'sms' || isAccountMessageKind(kind) || isChatMessageKind(kind)
      ? []
      : [
          {
            id: row.id,
            channel,
            title: renderNotification(kind, readNotificationParams(row.params), lang).title,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: row.created_at,
          },
        ],
  );
  return {
    language: contact.language,
    events,
    quiet_hours: quiet ? { start: clockTimeOf(quiet.start), end: clockTimeOf(quiet.end) } : null,
    channels: {
      telegram: { available: ctx.channels.telegram.enabled, linked: Boolean(own?.telegram_chat_id) },
      email: { available: true, address: contact.email },
      push: {
        available: ctx.channels.push.publicKey !== null,
        public_key: ctx.channels.push.publicKey,
        devices: own?.push_devices ?? 0,
      },
    },
    failed,
  };
}

export async function updateSettings(
  ctx: DeliveryContext,
  userId: number,
  values: NotificationSettingsValues,
  lang: Language,
): Promise<NotificationSettings> {
  const at = nowOf(ctx).toISOString();
  if (values.language) await setUserLanguage(ctx.db, userId, values.language);
  const change: Parameters<typeof repo.saveSettings>[2] = {};
  if (values.events) {
    const own = (await repo.findSettings(ctx.db, [userId])).get(userId);
    const merged = Object.fromEntries(
      DELIVERY_EVENTS.map((event) => [event, values.events?.[event] ?? [...channelsOf(own, event)]]),
    );
    change.events = JSON.stringify(merged);
  }
  if (values.quiet_hours !== undefined) {
    change.quiet_start = values.quiet_hours ? clockMinutes(values.quiet_hours.start) : null;
    change.quiet_end = values.quiet_hours ? clockMinutes(values.quiet_hours.end) : null;
  }
  if (Object.keys(change).length > 0) await repo.saveSettings(ctx.db, userId, change, at);
  return getSettings(ctx, userId, lang);
}

/** A one-time deep link to the bot: opening it and pressing Start binds that chat to this user. */
export async function createTelegramLink(ctx: DeliveryContext, userId: number): Promise<TelegramLink> {
  if (!ctx.channels.telegram.enabled) throw new AppError('TELEGRAM_OFF');
  let bot: string;
  try {
    bot = await ctx.channels.telegram.botUsername();
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  // 24 random bytes: 32 URL-safe characters, within the 64 that /start takes
  const token = randomBytes(24).toString('base64url');
  const expiresAtMs = nowOf(ctx).getTime() + TELEGRAM_LINK_TTL_MS;
  await repo.insertTelegramLink(ctx.db, userId, hashToken(token), expiresAtMs);
  return {
    url: `https://t.me/${encodeURIComponent(bot)}?start=${token}`,
    expires_at: new Date(expiresAtMs).toISOString(),
  };
}

/** Unlinks the user's chat from the app's side; messages still waiting for it are not sent. */
export async function unlinkTelegram(
  ctx: DeliveryContext,
  userId: number,
  lang: Language,
): Promise<NotificationSettings> {
  const at = nowOf(ctx).toISOString();
  await repo.saveSettings(ctx.db, userId, { telegram_chat_id: null }, at);
  await outbox.dropWaiting(ctx.db, userId, 'telegram', 'Telegram was unlinked');
  return getSettings(ctx, userId, lang);
}

/** Whether the header carries the webhook's secret (compared in constant time). */
export function webhookSecretMatches(ctx: DeliveryContext, header: string | undefined): boolean {
  const secret = ctx.channels.telegram.webhookSecret;
  if (!ctx.channels.telegram.enabled || !secret || typeof header !== 'string') return false;
  const [given, expected] = [Buffer.from(header), Buffer.from(secret)];
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface TelegramUpdate {
  message?: {
    chat: { id: number | string };
    text?: string | undefined;
    from?: { language_code?: string | undefined } | undefined;
    reply_to_message?: { message_id: number } | undefined;
  };
}

/**
 * A reply to one of our messages, in the user's linked chat: handed to the module whose notification it answers. True
 * when taken; false when it answers nothing that takes replies, or was refused.
 */
async function takeReply(ctx: DeliveryContext, userId: number, repliedTo: number, text: string): Promise<boolean> {
  if (!ctx.chatReplies) return false;
  const sent = await outbox.findSentTelegramMessage(ctx.db, userId, repliedTo);
  if (!sent || isAccountMessageKind(sent.kind) || isChatMessageKind(sent.kind)) return false;
  return ctx.chatReplies({ userId, kind: sent.kind, params: readNotificationParams(sent.params), text });
}

/**
 * One update from the bot's webhook: `/start <token>` binds the chat, `/stop` unlinks it. The answer is the
 * reply to send to the chat (the webhook answers with it, as the Bot API allows), or undefined for none.
 */
export async function handleTelegramUpdate(
  ctx: DeliveryContext,
  update: TelegramUpdate,
): Promise<{ chatId: string; text: string; openApp?: { text: string; url: string } } | undefined> {
  const message = update.message;
  if (!message?.text) return undefined;
  const chatId = String(message.chat.id);
  const senderLanguage = message.from?.language_code?.slice(0, 2);
  const fallback: Language = isLanguage(senderLanguage) ? senderLanguage : 'uz';
  const [command = '', argument = ''] = message.text.trim().split(/\s+/);
  const repliedTo = message.reply_to_message?.message_id;
  const now = nowOf(ctx);
  const answer = async (reply: BotReply, userId?: number) => {
    const language = userId ? ((await contactsOfUsers(ctx.db, [userId])).get(userId)?.language ?? fallback) : fallback;
    // the answers to /start carry a button that opens the app in Telegram (a Mini App needs https)
    const { publicUrl } = ctx.channels;
    const openApp =
      reply !== 'unlinked' && publicUrl.startsWith('https://')
        ? { text: openAppText(language), url: publicUrl }
        : undefined;
    return { chatId, text: botReply(reply, language), ...(openApp ? { openApp } : {}) };
  };
  if (command === '/start' || command.startsWith('/start@')) {
    if (!argument) return answer('help');
    const userId = await ctx.db.transaction().execute(async (trx) => {
      const owner = await repo.useTelegramLink(trx, hashToken(argument), now.getTime(), now.toISOString());
      if (owner !== undefined) await repo.linkChat(trx, owner, chatId, now.toISOString());
      return owner;
    });
    return userId === undefined ? answer('linkExpired') : answer('linked', userId);
  }
  if (command === '/stop' || command.startsWith('/stop@')) {
    const userId = await repo.unlinkChat(ctx.db, chatId, now.toISOString());
    if (userId !== undefined) await outbox.dropWaiting(ctx.db, userId, 'telegram', 'Telegram was unlinked');
    return answer('unlinked', userId);
  }
  if (repliedTo !== undefined) {
    const userId = await repo.findUserOfTelegramChat(ctx.db, chatId);
    const taken = userId !== undefined && (await takeReply(ctx, userId, repliedTo, message.text));
    return answer(taken ? 'replyTaken' : 'replyRefused', userId);
  }
  return answer('help');
}

export async function addPushSubscription(ctx: DeliveryContext, userId: number, input: PushSubscriptionInput) {
  if (!ctx.channels.push.publicKey) throw new AppError('PUSH_OFF');
  if (!ctx.channels.push.accepts(input.endpoint)) {
    throw new AppError('VALIDATION_FAILED', { fields: { endpoint: 'push_service' } });
  }
  const at = nowOf(ctx).toISOString();
  return ctx.db.transaction().execute((trx) =>
    repo.insertPushSubscription(trx, {
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: at,
    }),
  );
}

export async function removePushSubscription(ctx: DeliveryContext, userId: number, id: number): Promise<void> {
  const at = nowOf(ctx).toISOString();
  const removed = await ctx.db.transaction().execute((trx) => repo.deletePushSubscription(trx, userId, id, at));
  if (!removed) throw new AppError('NOT_FOUND');
}

/** Gives a dead message of mine another round of tries. */
export async function retryDelivery(ctx: DeliveryContext, userId: number, id: number, lang: Language) {
  if (!(await outbox.reviveOutbox(ctx.db, userId, id, nowOf(ctx).getTime()))) {
    throw new AppError('NOT_FOUND');
  }
  return getSettings(ctx, userId, lang);
}
