import type { ConversationSide } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import type { ShipmentMessagesTable } from './conversations.tables.js';

/** Entries with their attachment's type, size and name (from the files table). */
const entries = (db: Db) =>
  db
    .selectFrom('shipment_messages as m')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'm.shipment_id',
      'm.author_id',
      'm.side',
      'm.text',
      'm.file_id',
      'm.system_kind',
      'm.system_params',
      'm.hidden_at',
      'm.created_at',
      'f.content_type as file_type',
      'f.size as file_size',
      'f.original_name as file_name',
    ]);

export type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

export function findEntry(db: Db, entryId: number) {
  return entries(db).where('m.id', '=', entryId).executeTakeFirst();
}

/** A page of a shipment's entries, newest first: `limit` + 1 rows tell whether older ones remain. */
export function listEntries(db: Db, shipmentId: number, before: number | undefined, limit: number) {
  let query = entries(db).where('m.shipment_id', '=', shipmentId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  return query
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function insertEntry(trx: Db, values: Omit<ShipmentMessagesTable, 'id'>): Promise<number> {
  const row = await trx.insertInto('shipment_messages').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The last entry of a shipment's conversation (0: none). */
export async function lastEntryId(db: Db, shipmentId: number): Promise<number> {
  const row = await db
    .selectFrom('shipment_messages')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** Both parties get their read row with the first entry (a conflict leaves an existing one as it is). */
export async function ensureParties(
  trx: Db,
  shipmentId: number,
  parties: { user_id: number; side: ConversationSide }[],
): Promise<void> {
  await trx
    .insertInto('conversation_reads')
    .values(parties.map((party) => ({ shipment_id: shipmentId, ...party })))
    .onConflict((oc) => oc.columns(['shipment_id', 'user_id']).doNothing())
    .execute();
}

export function readsOf(db: Db, shipmentId: number) {
  return db
    .selectFrom('conversation_reads')
    .select(['id', 'user_id', 'side', 'read_up_to', 'notified_up_to'])
    .where('shipment_id', '=', shipmentId)
    .execute();
}

/** Moves a party's read mark forward (never back); true when it moved. */
export async function moveReadMark(trx: Db, shipmentId: number, userId: number, upTo: number): Promise<boolean> {
  const result = await trx
    .updateTable('conversation_reads')
    .set({ read_up_to: upTo })
    .where('shipment_id', '=', shipmentId)
    .where('user_id', '=', userId)
    .where('read_up_to', '<', upTo)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Per shipment of the user, the other side's messages after their read mark (only shipments with any). */
export function unreadOf(db: Db, userId: number) {
  return db
    .selectFrom('conversation_reads as r')
    .innerJoin('shipment_messages as m', (join) =>
      join
        .onRef('m.shipment_id', '=', 'r.shipment_id')
        .onRef('m.id', '>', 'r.read_up_to')
        .onRef('m.side', '<>', 'r.side'),
    )
    .innerJoin('shipments as s', 's.id', 'r.shipment_id')
    .select(['s.number', (eb) => eb.fn.countAll<number | string>().as('unread')])
    .where('r.user_id', '=', userId)
    .groupBy(['s.id', 's.number'])
    .orderBy('s.id', 'desc')
    .execute();
}

/** A party's read row by its id (the subject of a pending notification), with the shipment's number. */
export function findReadRow(db: Db, readId: number) {
  return db
    .selectFrom('conversation_reads as r')
    .innerJoin('shipments as s', 's.id', 'r.shipment_id')
    .select(['r.id', 'r.shipment_id', 'r.user_id', 'r.side', 'r.read_up_to', 'r.notified_up_to', 's.number'])
    .where('r.id', '=', readId)
    .executeTakeFirst();
}

/** The other side's shown messages after an entry: how many, and the last with its author's name. */
export async function messagesAfter(db: Db, shipmentId: number, readerSide: ConversationSide, afterId: number) {
  const theirs = (db: Db) =>
    db
      .selectFrom('shipment_messages')
      .where('shipment_messages.shipment_id', '=', shipmentId)
      .where('shipment_messages.id', '>', afterId)
      .where('shipment_messages.side', 'is not', null)
      .where('shipment_messages.side', '<>', readerSide)
      .where('shipment_messages.hidden_at', 'is', null);
  const count = await theirs(db)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const last = await theirs(db)
    .innerJoin('users as u', 'u.id', 'shipment_messages.author_id')
    .select(['shipment_messages.id', 'shipment_messages.text', 'u.first_name', 'u.last_name'])
    .orderBy('shipment_messages.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { count: Number(count.count), last };
}

export async function setNotifiedUpTo(trx: Db, readId: number, upTo: number): Promise<void> {
  await trx.updateTable('conversation_reads').set({ notified_up_to: upTo }).where('id', '=', readId).execute();
}

/** Hides a message (not a system line); false when it was hidden already or is no message. */
export async function hideEntry(trx: Db, entryId: number, moderatorId: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('shipment_messages')
    .set({ hidden_by: moderatorId, hidden_at: at })
    .where('id', '=', entryId)
    .where('author_id', 'is not', null)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The texts of messages by id, or their file's name (a moderator reads what was reported). */
export function messageTexts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('shipment_messages as m')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .select(['m.id', 'm.text', 'f.original_name'])
    .where('m.id', 'in', ids)
    .execute();
}
