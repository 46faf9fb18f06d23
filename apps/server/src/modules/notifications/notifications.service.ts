import type { RawBuilder } from 'kysely';
import {
  NOTIFICATION_TEMPLATES,
  readNotificationParams,
  renderNotification,
  type Language,
  type Notification,
  type NotificationKind,
  type NotificationParams,
  type NotificationTab,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import type { DueBatch } from '../deadlines/index.js';
import { queueOutside } from '../delivery/index.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import * as repo from './notifications.repository.js';

export interface NotificationsContext {
  db: Db;
  bus: EventBus;
}

export interface NotificationDraft {
  userId: number;
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
}

export const userChannel = (userId: number) => `user:${userId}:notifications`;

/**
 * Stores notifications inside the caller's transaction, so they exist exactly when the event does.
 * Returns the users to tell once the transaction has committed (see `announce`).
 */
export async function recordNotifications(trx: Db, drafts: NotificationDraft[]): Promise<number[]> {
  const now = new Date();
  const createdAt = now.toISOString();
  await repo.insertNotifications(
    trx,
    drafts.map((draft) => ({
      user_id: draft.userId,
      type: NOTIFICATION_TEMPLATES[draft.kind].type,
      kind: draft.kind,
      params: JSON.stringify(draft.params),
      link: draft.link,
      created_at: createdAt,
    })),
  );
  // and their messages to the channels outside the app, in the same transaction
  await queueOutside(trx, drafts, now.getTime());
  return [...new Set(drafts.map((draft) => draft.userId))];
}

/**
 * A notification of one kind to every user a query names (`user_id`, and a `detail` text each gets under
 * `detailKey`), written in one statement, with their outside messages queued: a fan-out to many users. Returns
 * the users to tell once the transaction has committed.
 */
export async function recordNotificationsFor(
  trx: Db,
  args: {
    recipients: RawBuilder<{ user_id: number; detail: string }>;
    kind: NotificationKind;
    params: NotificationParams;
    detailKey: string;
    link: string;
  },
): Promise<number[]> {
  const now = new Date();
  const rows = await repo.insertNotificationsFor(trx, {
    ...args,
    type: NOTIFICATION_TEMPLATES[args.kind].type,
    createdAt: now.toISOString(),
  });
  await queueOutside(
    trx,
    rows.map((row) => ({ userId: row.user_id, kind: args.kind, params: row.params, link: args.link })),
    now.getTime(),
  );
  return [...new Set(rows.map((row) => row.user_id))];
}

/** After commit: wakes the live streams of these users. */
export async function announce(bus: EventBus, userIds: number[]): Promise<void> {
  await Promise.all(userIds.map((userId) => bus.publish(userChannel(userId), { userId })));
}

/** Wakes the live streams of these users once the schedule's batch is committed, each user once per batch. */
export function announceAfterBatch(batch: DueBatch, userIds: number[]): void {
  for (const userId of userIds) batch.afterCommit(`user:${userId}`, (ctx) => announce(ctx.bus, [userId]));
}

type Row = Awaited<ReturnType<typeof repo.listNotifications>>[number];

function present(row: Row, lang: Language): Notification {
  const params = readNotificationParams(row.params);
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    ...renderNotification(row.kind, params, lang),
    link: row.link,
    read: row.read_at !== null,
    created_at: row.created_at,
  };
}

export async function listNotifications(
  ctx: NotificationsContext,
  userId: number,
  query: { tab: NotificationTab; limit: number; before?: number | undefined },
  lang: Language,
): Promise<Notification[]> {
  const rows = await repo.listNotifications(ctx.db, {
    userId,
    tab: query.tab,
    limit: query.limit,
    before: query.before,
  });
  return rows.map((row) => present(row, lang));
}

/** Notifications newer than `afterId`, oldest first (what a live stream sends). */
export async function notificationsAfter(ctx: NotificationsContext, userId: number, afterId: number, lang: Language) {
  const rows = await repo.listNotifications(ctx.db, { userId, tab: 'all', limit: 50, after: afterId });
  return rows.reverse().map((row) => present(row, lang));
}

export const unreadCount = (ctx: NotificationsContext, userId: number) => repo.countUnread(ctx.db, userId);
export const latestId = (ctx: NotificationsContext, userId: number) => repo.latestNotificationId(ctx.db, userId);

export async function markRead(ctx: NotificationsContext, userId: number, id: number): Promise<number> {
  if (!(await repo.markRead(ctx.db, userId, id, new Date().toISOString()))) throw new AppError('NOT_FOUND');
  await announce(ctx.bus, [userId]);
  return repo.countUnread(ctx.db, userId);
}

export async function markAllRead(ctx: NotificationsContext, userId: number): Promise<number> {
  await repo.markAllRead(ctx.db, userId, new Date().toISOString());
  await announce(ctx.bus, [userId]);
  return 0;
}
