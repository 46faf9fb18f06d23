import { webRoutes, type Language, type TelegramChannelsReport } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import {
  isOutboxWaiting,
  listDeadChatMessages,
  queueChatMessage,
  type ChatMessageKind,
  type ChatMessageSender,
  type OutboxRow,
  type SendOutcome,
  type TelegramChannel,
  type TelegramMessage,
  type TelegramOutcome,
} from '../delivery/index.js';
import type { DueHandler, DueHandlers } from '../deadlines/index.js';
import { recordNotifications } from '../notifications/index.js';
import { chatForModes, chatsOf, type TenderChannelRoute } from './channels.config.js';
import { miniAppLink, openButtonText, postFingerprint, postText } from './post-text.js';
import * as repo from './tender-channels.repository.js';

/** A post is edited at most once in this long (Telegram limits how often a message may be edited). */
export const EDIT_INTERVAL_MS = 60_000;
/** What a post shows once it is gone from its channel (deleted there): it is not edited again. */
const POST_GONE = 'gone';
const FAILURES_SHOWN = 10;

/** Where open tenders are posted (TELEGRAM_CHANNELS), and how the posts are written. */
export interface TenderChannelsSettings {
  routes: TenderChannelRoute[];
  /** The Mini App's short name at @BotFather (https://t.me/<bot>/<name>); the bot's main Mini App when absent. */
  miniAppName?: string | undefined;
  /** The language of the posts. */
  language: Language;
}

const paramsOf = (row: Pick<OutboxRow, 'params'>): { tender_id?: unknown } => {
  try {
    return JSON.parse(row.params) as { tender_id?: unknown };
  } catch {
    return {};
  }
};

/**
 * A tender opened: its post is queued once, to the channel of its mode (none when no channel takes it), in the
 * transaction of the schedule's action that saw it open.
 */
export async function queueTenderPost(
  trx: Db,
  settings: TenderChannelsSettings,
  tenderId: number,
  nowMs: number,
): Promise<void> {
  const tender = await repo.findOpenedModes(trx, tenderId);
  const chat = tender ? chatForModes(settings.routes, tender.mode_mask) : undefined;
  if (!tender || !chat) return;
  if (!(await repo.insertPost(trx, tender.id, chat, new Date(nowMs).toISOString()))) return;
  await queueChatMessage(trx, { kind: 'channel_post', chat, params: { tender_id: tender.id }, nowMs, dueMs: nowMs });
}

/**
 * The minimum, the close or the status of these tenders changed (in the caller's transaction): their posts, if
 * any, get one due edit each, coalescing every change until it runs.
 */
export async function noteTendersChanged(trx: Db, tenderIds: readonly number[], nowMs: number): Promise<void> {
  await repo.scheduleEdits(trx, tenderIds, nowMs);
}

/**
 * The schedule's edit of a post came: an edit is queued unless the post is not out yet, an edit is already
 * waiting (each renders the tender as it is when sent, and checks again after), or it shows what is true.
 */
export async function queueDueEdit(trx: Db, tenderId: number, nowMs: number): Promise<void> {
  const post = await repo.findPost(trx, tenderId);
  if (!post || post.message_id === null || post.shown === null || post.shown === POST_GONE) return;
  if (post.edit_outbox_id !== null && (await isOutboxWaiting(trx, post.edit_outbox_id))) return;
  const tender = await repo.findPostedTender(trx, tenderId);
  if (!tender || postFingerprint(tender) === post.shown) return;
  const dueMs = Math.max(nowMs, Number(post.edit_after_ms));
  const id = await queueChatMessage(trx, {
    kind: 'channel_edit',
    chat: post.chat,
    params: { tender_id: tenderId },
    nowMs,
    dueMs,
  });
  await repo.setEditOutbox(trx, tenderId, id);
}

/** The schedule's edits of channel posts (settings-free: the post knows its chat). */
export const tenderChannelDueHandlers = {
  channel_edit: { each: (trx, tenderId, batch) => queueDueEdit(trx, tenderId, batch.nowMs) },
} satisfies Partial<DueHandlers>;

/**
 * The schedule's handlers with the channel posts: a tender that opened (its `tender_match` action, whichever
 * module tells its saved searches) is also queued to its mode's channel, in the same transaction. Without
 * channels the handlers are as given.
 */
export function withChannelPosts(handlers: DueHandlers, settings: TenderChannelsSettings | undefined): DueHandlers {
  if (!settings?.routes.length) return handlers;
  const match: DueHandler = handlers.tender_match;
  return {
    ...handlers,
    tender_match: {
      together: async (trx, tenderIds, batch) => {
        if ('together' in match) await match.together(trx, tenderIds, batch);
        else for (const id of tenderIds) await match.each(trx, id, batch);
        for (const id of tenderIds) await queueTenderPost(trx, settings, id, batch.nowMs);
      },
    },
  };
}

export interface ChannelSenderContext {
  db: Db;
  telegram: TelegramChannel;
  settings: TenderChannelsSettings;
  now?: () => number;
}

/** A refusal that is the channel's (403: the bot is not an admin there), not the message's. */
const isChannelRefusal = (outcome: Exclude<SendOutcome, { ok: true }>) =>
  outcome.kind === 'refused' && /^403\b/.test(outcome.error);

/** Tells every moderator, once per refusal, that a channel refuses the bot. */
async function reportRefusal(ctx: ChannelSenderContext, chat: string, error: string, nowMs: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markRefused(trx, chat, error, new Date(nowMs).toISOString()))) return;
    const moderators = await repo.moderatorIds(trx);
    await recordNotifications(
      trx,
      moderators.map(({ id }) => ({
        userId: id,
        kind: 'telegram_channel_refused' as const,
        params: { chat, error: error.slice(0, 200) },
        link: webRoutes.admin,
      })),
    );
  });
}

/** Posts the message, or edits the post already made (its id kept). */
async function sendOrEdit(
  telegram: TelegramChannel,
  chat: string,
  messageId: number | null,
  message: TelegramMessage,
): Promise<TelegramOutcome> {
  if (messageId === null) return telegram.sendMessage(chat, message);
  const edited = await telegram.editMessageText(chat, messageId, message);
  return edited.ok ? { ok: true, messageId } : edited;
}

/**
 * Sends the tender channels' outbox rows: a post (sendMessage, its message id kept) or an edit
 * (editMessageText), each written from the tender as it is now. Once Telegram took it, what it shows is kept
 * and, if the tender moved on meanwhile, the next edit is put on the schedule for when the post's minute is up.
 */
export function createChannelSender(ctx: ChannelSenderContext): ChatMessageSender {
  const nowOf = () => ctx.now?.() ?? Date.now();
  return {
    async send(row: OutboxRow, kind: ChatMessageKind) {
      const tenderId = Number(paramsOf(row).tender_id);
      const post = Number.isSafeInteger(tenderId) ? await repo.findPost(ctx.db, tenderId) : undefined;
      const tender = post ? await repo.findPostedTender(ctx.db, tenderId) : undefined;
      if (!post || !tender) return { dropped: 'no such tender post' };
      if (!ctx.telegram.enabled) return { dropped: 'Telegram is not set up on this server' };
      if (kind === 'channel_post' && post.message_id !== null) return { dropped: 'already posted' };
      if (kind === 'channel_edit' && post.message_id === null) return { dropped: 'not posted yet' };
      let bot: string;
      try {
        bot = await ctx.telegram.botUsername();
      } catch (error) {
        return { ok: false, kind: 'retry', error: error instanceof Error ? error.message : String(error) };
      }
      const { language, miniAppName } = ctx.settings;
      const message = {
        text: postText(tender, language),
        button: { text: openButtonText(language), url: miniAppLink(bot, miniAppName, tender.id) },
      };
      const shown = postFingerprint(tender);
      const posted = await sendOrEdit(ctx.telegram, post.chat, post.message_id, message);
      const nowMs = nowOf();
      if (!posted.ok) {
        if (isChannelRefusal(posted)) await reportRefusal(ctx, post.chat, posted.error, nowMs);
        // deleted from the channel by its admins: the tender is not edited there again
        if (posted.kind === 'refused' && /message to edit not found/i.test(posted.error)) {
          await repo.recordShown(ctx.db, tenderId, { shown: POST_GONE, edit_after_ms: Number(post.edit_after_ms) });
        }
        return posted;
      }
      const at = new Date(nowMs).toISOString();
      await repo.recordShown(ctx.db, tenderId, {
        shown,
        edit_after_ms: nowMs + EDIT_INTERVAL_MS,
        ...(post.message_id === null ? { message_id: posted.messageId, posted_at: at } : { edited_at: at }),
      });
      await repo.clearRefused(ctx.db, post.chat);
      const now = await repo.findPostedTender(ctx.db, tenderId);
      if (now && postFingerprint(now) !== shown) {
        await ctx.db.transaction().execute((trx) => repo.scheduleEdits(trx, [tenderId], nowMs));
      }
      return { ok: true };
    },
  };
}

/** The moderators' view: each configured channel, its last post, and what it refused or failed. */
export async function channelsReport(
  db: Db,
  settings: TenderChannelsSettings | undefined,
  enabled: boolean,
): Promise<TelegramChannelsReport> {
  const chats = chatsOf(settings?.routes ?? []);
  const states = new Map(
    (
      await repo.findChannelStates(
        db,
        chats.map((entry) => entry.chat),
      )
    ).map((s) => [s.chat, s]),
  );
  const channels = await Promise.all(
    chats.map(async ({ chat, modes }) => {
      const [{ last, count }, dead] = await Promise.all([
        repo.channelPosts(db, chat),
        listDeadChatMessages(db, chat, FAILURES_SHOWN),
      ]);
      const tenderIds = dead.map((row) => Number(paramsOf(row).tender_id)).filter(Number.isSafeInteger);
      const numbers = new Map((await repo.tenderNumbers(db, tenderIds)).map((t) => [t.id, t.number]));
      const state = states.get(chat);
      return {
        chat,
        modes,
        posts: count,
        last_post:
          last && last.message_id !== null && last.posted_at !== null
            ? {
                tender_id: last.tender_id,
                tender_number: last.number,
                message_id: last.message_id,
                posted_at: last.posted_at,
                edited_at: last.edited_at,
              }
            : null,
        refused: state?.refused_at ? { at: state.refused_at, error: state.refused_error ?? '' } : null,
        failures: dead.map((row) => {
          const tenderId = Number(paramsOf(row).tender_id);
          return {
            tender_id: tenderId,
            tender_number: numbers.get(tenderId) ?? '',
            kind: row.kind === 'channel_edit' ? ('edit' as const) : ('post' as const),
            error: row.last_error,
            attempts: row.attempts,
            at: row.created_at,
          };
        }),
      };
    }),
  );
  return { enabled, channels };
}
