import { sql, type RawBuilder } from 'kysely';
import type { NotificationKind, NotificationParams, NotificationTab, NotificationType } from '@yuk/shared';
import { engineOf, heldSqliteConnection, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { NotificationsTable } from './notifications.tables.js';

type NewNotification = Omit<NotificationsTable, 'id' | 'read_at'>;

const notificationRow = (arg: <K extends Extract<keyof NewNotification, string>>(name: K) => NewNotification[K]) => ({
  user_id: arg('user_id'),
  type: arg('type'),
  kind: arg('kind'),
  params: arg('params'),
  link: arg('link'),
  created_at: arg('created_at'),
  read_at: null,
});

const insertOne = preparedQuery<NewNotification, never>((db, arg) =>
  db.insertInto('notifications').values(notificationRow(arg)),
);

// the second row's arguments carry a "2" suffix
type TwoNotifications = NewNotification & { [K in keyof NewNotification as `${K}2`]: NewNotification[K] };
const insertTwo = preparedQuery<TwoNotifications, never>((db, arg) =>
  db.insertInto('notifications').values([notificationRow(arg), notificationRow((name) => arg(`${name}2`) as never)]),
);

type NotificationColumns = {
  user_ids: number[];
  types: string[];
  kinds: string[];
  params: string[];
  links: string[];
  created_at: string[];
};

// PostgreSQL: any number of rows in one statement of one text, fed by arrays, so each connection parses and
// plans it once (a multi-row VALUES is a new text, planned again, for every length)
const insertMany = preparedQuery<NotificationColumns, never>((db, arg) => ({
  compile: () =>
    sql<never>`
      insert into notifications (user_id, type, kind, params, link, created_at)
      select * from unnest(cast(${arg('user_ids')} as int4[]), cast(${arg('types')} as text[]),
        cast(${arg('kinds')} as text[]), cast(${arg('params')} as text[]), cast(${arg('links')} as text[]),
        cast(${arg('created_at')} as text[]))`.compile(db),
}));

/** Rows per INSERT of a long list (seven parameters each, well within both engines' limits). */
const INSERT_CHUNK = 500;

/**
 * A bid makes one or two notifications: prepared statements for those. A longer list (a batch of bids, an
 * award) goes in one prepared array-fed INSERT on PostgreSQL, in multi-row INSERTs (one round trip each) on
 * SQLite outside a transaction, and inside a SQLite transaction a prepared statement per row, which costs less
 * than building a long INSERT.
 */
export async function insertNotifications(trx: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 2 && heldSqliteConnection(trx)) {
    for (const row of rows) await insertOne.all(trx, row);
    return;
  }
  if (rows.length > 2 && engineOf(trx) === 'postgres') {
    return void (await insertMany.all(trx, {
      user_ids: rows.map((row) => row.user_id),
      types: rows.map((row) => row.type),
      kinds: rows.map((row) => row.kind),
      params: rows.map((row) => row.params),
      links: rows.map((row) => row.link),
      created_at: rows.map((row) => row.created_at),
    }));
  }
  if (rows.length > INSERT_CHUNK) {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await insertNotifications(trx, rows.slice(start, start + INSERT_CHUNK));
    }
    return;
  }
  const [first, second] = rows;
  if (rows.length === 1 && first) return void (await insertOne.all(trx, first));
  if (rows.length === 2 && first && second) {
    return void (await insertTwo.all(trx, {
      ...first,
      user_id2: second.user_id,
      type2: second.type,
      kind2: second.kind,
      params2: second.params,
      link2: second.link,
      created_at2: second.created_at,
    }));
  }
  if (rows.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(rows.map((row) => ({ ...row, read_at: null })))
    .execute();
}

/**
 * One notification for each row of `recipients` (a query of `user_id` and `detail`), written by the database
 * in one statement: the params are the fixed ones plus `detail` under `detailKey`, as JSON made in SQL. A
 * fan-out to hundreds of users costs one round trip instead of one per user. Returns who got what.
 */
export async function insertNotificationsFor(
  trx: Db,
  args: {
    recipients: RawBuilder<{ user_id: number; detail: string }>;
    type: NotificationType;
    kind: NotificationKind;
    params: NotificationParams;
    detailKey: string;
    link: string;
    createdAt: string;
  },
): Promise<{ user_id: number; params: string }[]> {
  const postgres = engineOf(trx) === 'postgres';
  const text = (value: unknown) => (postgres ? sql`cast(${value} as text)` : sql`${value}`);
  const pairs = [
    text(args.detailKey),
    sql`r.detail`,
    ...Object.entries(args.params).flatMap(([key, value]) => [text(key), text(String(value))]),
  ];
  const json = postgres ? sql`json_build_object(${sql.join(pairs)})::text` : sql`json_object(${sql.join(pairs)})`;
  const { rows } = await sql<{ user_id: number; params: string }>`insert into notifications
    (user_id, type, kind, params, link, created_at)
    select r.user_id, ${args.type}, ${args.kind}, ${json}, ${args.link}, ${args.createdAt}
    from (${args.recipients}) as r
    returning user_id, params`.execute(trx);
  return rows;
}

export function listNotifications(
  db: Db,
  args: { userId: number; tab: NotificationTab; limit: number; before?: number; after?: number },
) {
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
  const mine = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return false;
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
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
