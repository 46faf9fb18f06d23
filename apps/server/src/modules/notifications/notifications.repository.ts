import type { NotificationTab } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import type { NotificationsTable } from './notifications.tables.js';

type NewNotification = Omit<NotificationsTable, 'id' | 'read_at'>;

export async function insertNotifications(trx: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto('notifications').values(rows.map((row) => ({ ...row, read_at: null }))).execute();
}

export function listNotifications(db: Db, args: { userId: number; tab: NotificationTab; limit: number; before?: number; after?: number }) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'type', 'kind', 'params', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', args.userId)
    .orderBy('id', 'desc')
    .limit(args.limit);
  if (args.tab === 'unread') query = query.where('read_at', 'is', null);
  if (args.tab === 'system') query = query.where('type', '=', 'system');
  if (args.tab === 'offers') query = query.where('type', '=', 'offer');
  if (args.before !== undefined) query = query.where('id', '<', args.before);
  if (args.after !== undefined) query = query.where('id', '>', args.after);
  return query.execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function latestNotificationId(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: number, id: number, at: string): Promise<boolean> {
  const mine = await db.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!mine) return false;
  await db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).where('read_at', 'is', null).execute();
  return true;
}

export async function markAllRead(db: Db, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
