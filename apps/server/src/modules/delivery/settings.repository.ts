import { sql } from 'kysely';
import { engineOf, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { NotificationSettingsTable } from './delivery.tables.js';

export type SettingsRow = Omit<NotificationSettingsTable, 'push_devices'> & { push_devices: number };

/** A user's quiet hours (minutes after midnight, Tashkent), or null when they keep none. */
export function quietWindow(row: SettingsRow | undefined): { start: number; end: number } | null {
  if (!row || row.quiet_start === null || row.quiet_end === null) return null;
  return { start: row.quiet_start, end: row.quiet_end };
}

const settingsColumns = [
  'user_id',
  'events',
  'quiet_start',
  'quiet_end',
  'telegram_chat_id',
  'push_devices',
  'updated_at',
] as const;

// PostgreSQL: one text for any number of users (every batch of bids reads its users' settings), planned once
// per connection; an IN list is a new text for every length
const settingsOfUsers = preparedQuery<{ userIds: number[] }, SettingsRow>((db, arg) =>
  db
    .selectFrom('notification_settings')
    .select(settingsColumns)
    .where('user_id', '=', sql<number>`any(cast(${arg('userIds')} as int4[]))`),
);

export async function findSettings(db: Db, userIds: readonly number[]): Promise<Map<number, SettingsRow>> {
  if (userIds.length === 0) return new Map();
  const unique = [...new Set(userIds)];
  const rows =
    engineOf(db) === 'postgres'
      ? await settingsOfUsers.all(db, { userIds: unique })
      : await db.selectFrom('notification_settings').select(settingsColumns).where('user_id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** Writes some of a user's settings, creating their row at the first change. */
export async function saveSettings(
  db: Db,
  userId: number,
  change: Partial<Pick<NotificationSettingsTable, 'events' | 'quiet_start' | 'quiet_end' | 'telegram_chat_id'>>,
  at: string,
): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, events: null, quiet_start: null, quiet_end: null, ...change, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: at }))
    .execute();
}

/** Links a chat to a user: a chat belongs to one account, so it leaves any other first. */
export async function linkChat(trx: Db, userId: number, chatId: string, at: string): Promise<void> {
  await trx
    .updateTable('notification_settings')
    .set({ telegram_chat_id: null, updated_at: at })
    .where('telegram_chat_id', '=', chatId)
    .where('user_id', '<>', userId)
    .execute();
  await saveSettings(trx, userId, { telegram_chat_id: chatId }, at);
}

/** The user a Telegram chat (a private chat's id is its user's id) is linked to, if any. */
export async function findUserOfTelegramChat(db: Db, chatId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('notification_settings')
    .select('user_id')
    .where('telegram_chat_id', '=', chatId)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Links a chat to a user unless another account holds it (false then, nothing changed); the user's earlier
 * chat, if any, is replaced. The chat's unique index settles two links racing.
 */
export async function linkFreeChat(trx: Db, userId: number, chatId: string, at: string): Promise<boolean> {
  const holder = await findUserOfTelegramChat(trx, chatId);
  if (holder !== undefined && holder !== userId) return false;
  await saveSettings(trx, userId, { telegram_chat_id: chatId }, at);
  return true;
}

/** Unlinks a chat; the user it was linked to, if any. */
export async function unlinkChat(db: Db, chatId: string, at: string): Promise<number | undefined> {
  const row = await db
    .updateTable('notification_settings')
    .set({ telegram_chat_id: null, updated_at: at })
    .where('telegram_chat_id', '=', chatId)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertTelegramLink(db: Db, userId: number, tokenHash: string, expiresAtMs: number) {
  await db
    .insertInto('telegram_links')
    .values({ token_hash: tokenHash, user_id: userId, expires_at_ms: expiresAtMs, used_at: null })
    .execute();
  // a user's spent and stale links are of no further use
  await db
    .deleteFrom('telegram_links')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at_ms', '<', Date.now())]))
    .execute();
}

/** Spends a link token: the user it was for, when it is unused and unexpired (once only, even racing). */
export async function useTelegramLink(trx: Db, tokenHash: string, nowMs: number, at: string) {
  const row = await trx
    .updateTable('telegram_links')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at_ms', '>', nowMs)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertPushSubscription(
  trx: Db,
  values: { user_id: number; endpoint: string; p256dh: string; auth: string; created_at: string },
) {
  // a browser that subscribes again (or for another account) keeps one row, now this user's
  const previous = await trx
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id'])
    .where('endpoint', '=', values.endpoint)
    .executeTakeFirst();
  if (previous) await deletePushSubscription(trx, previous.user_id, previous.id, values.created_at);
  const row = await trx
    .insertInto('push_subscriptions')
    .values(values)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await countDevices(trx, values.user_id, values.created_at);
  return row;
}

/** Removes one of the user's subscriptions; false when it is not theirs. */
export async function deletePushSubscription(trx: Db, userId: number, id: number, at: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await countDevices(trx, userId, at);
  return true;
}

async function countDevices(trx: Db, userId: number, at: string): Promise<void> {
  const { count } = await trx
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('notification_settings')
    .values({
      user_id: userId,
      events: null,
      quiet_start: null,
      quiet_end: null,
      push_devices: Number(count),
      updated_at: at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ push_devices: Number(count), updated_at: at }))
    .execute();
}

export function pushSubscriptionsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
}

export function findPushSubscriptions(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
