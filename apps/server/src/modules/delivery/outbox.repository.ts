import { sql, type Selectable } from 'kysely';
import { engineOf, heldSqliteConnection, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { OutboxTable } from './delivery.tables.js';

export type OutboxRow = Selectable<OutboxTable>;

/** Rows per INSERT (thirteen parameters each, well within both engines' limits). */
const INSERT_CHUNK = 400;

export type OutboxValues = Omit<OutboxTable, 'id' | 'status' | 'attempts' | 'telegram_message_id'>;

const insertOne = preparedQuery<OutboxValues, never>((db, arg) =>
  db.insertInto('outbox').values({
    user_id: arg('user_id'),
    channel: arg('channel'),
    kind: arg('kind'),
    params: arg('params'),
    link: arg('link'),
    target_id: arg('target_id'),
    idempotency_key: arg('idempotency_key'),
    next_attempt_ms: arg('next_attempt_ms'),
    last_error: arg('last_error'),
    created_at: arg('created_at'),
    sent_at: arg('sent_at'),
    address: arg('address'),
  }),
);

/**
 * Inside a SQLite transaction a prepared statement per row costs less than building a long INSERT; elsewhere
 * multi-row INSERTs, one round trip each.
 */
export async function insertOutbox(trx: Db, rows: OutboxValues[]): Promise<void> {
  if (heldSqliteConnection(trx)) {
    for (const row of rows) await insertOne.all(trx, row);
    return;
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('outbox')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** Whether anything is due to send at `nowMs`: one read of the due index, no lock. */
export async function hasDueOutbox(db: Db, nowMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_ms', '<=', nowMs)
    .orderBy('next_attempt_ms')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims up to `limit` messages due at `nowMs`, earliest first, for `leaseMs`: pending ones, and ones whose
 * sender died mid-send (still "sending" after its lease). Two instances claiming at once get disjoint rows
 * (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite's single writer runs the one UPDATE alone).
 */
export async function claimOutbox(db: Db, nowMs: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const postgres = engineOf(db) === 'postgres';
  const due = sql`select id from outbox
    where status in ('pending', 'sending') and next_attempt_ms <= ${nowMs}
    order by next_attempt_ms limit ${limit} ${postgres ? sql`for update skip locked` : sql``}`;
  const { rows } = await sql<OutboxRow>`update outbox
    set status = 'sending', next_attempt_ms = ${nowMs + leaseMs}
    where id in (${due})
    returning *`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

/** The end of a send: only while this sender still holds the claim (a row taken over is the other's now). */
export function finishSend(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'next_attempt_ms'>,
  change: Partial<
    Pick<
      OutboxRow,
      'status' | 'attempts' | 'next_attempt_ms' | 'last_error' | 'sent_at' | 'params' | 'telegram_message_id'
    >
  >,
): Promise<void> {
  return updateWhileClaimed(db, row, change);
}

/**
 * An account message being sent gets its secret and final address, or loses its address when it leads
 * nowhere (while this sender's claim holds it).
 */
export function keepAccountMessage(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'next_attempt_ms'>,
  change: { params: string; address: string | null },
): Promise<void> {
  return updateWhileClaimed(db, row, change);
}

/** A row being sent changes only while the claim that took it still holds (same status and lease end). */
async function updateWhileClaimed(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'next_attempt_ms'>,
  change: Partial<Omit<OutboxRow, 'id'>>,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set(change)
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('next_attempt_ms', '=', row.next_attempt_ms)
    .execute();
}

/** The user's messages an outside channel never took, newest first. */
export function listDeadOutbox(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'kind', 'params', 'link', 'attempts', 'last_error', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'dead')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One more round of tries for a dead message of this user; false when there is none such. */
export async function reviveOutbox(db: Db, userId: number, id: number, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_ms: nowMs, last_error: null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Messages still waiting for a channel the user just left (Telegram unlinked) are not sent. */
export async function dropWaiting(db: Db, userId: number, channel: OutboxRow['channel'], reason: string) {
  await db
    .updateTable('outbox')
    .set({ status: 'dropped', last_error: reason })
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('status', '=', 'pending')
    .execute();
}

export async function insertOneReturningId(trx: Db, row: OutboxValues): Promise<number> {
  const inserted = await trx.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Whether an outbox row is still to be sent (waiting, or being sent now). */
export async function isOutboxWaiting(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status === 'pending' || row?.status === 'sending';
}

/** The latest messages to a chat that were given up on, newest first. */
export function listDeadChatMessages(db: Db, chat: string, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'params', 'attempts', 'last_error', 'created_at'])
    .where('address', '=', chat)
    .where('status', '=', 'dead')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The notification a user's Telegram message was sent for, found by its message_id (a reply names it). */
export function findSentTelegramMessage(db: Db, userId: number, telegramMessageId: number) {
  return db
    .selectFrom('outbox')
    .select(['kind', 'params', 'link'])
    .where('user_id', '=', userId)
    .where('telegram_message_id', '=', telegramMessageId)
    .where('channel', '=', 'telegram')
    .executeTakeFirst();
}
