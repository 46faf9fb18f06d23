import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The outbox's backlog by channel: messages waiting (pending, or being sent), and the earliest time one of
 * them became due and is still not sent (null: none is due; a message held for quiet hours or a retry's
 * backoff is waiting, not late). The partial index on (next_attempt_ms) where pending or sending serves it.
 */
export async function outboxBacklog(
  db: Db,
  nowMs: number,
): Promise<{ channel: string; waiting: number; oldestDueMs: number | null }[]> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => [
      'channel',
      eb.fn.countAll<number>().as('waiting'),
      eb.fn.min(sql<number | null>`case when next_attempt_ms <= ${nowMs} then next_attempt_ms end`).as('oldest_due'),
    ])
    .where('status', 'in', ['pending', 'sending'])
    .groupBy('channel')
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    waiting: Number(row.waiting),
    oldestDueMs: row.oldest_due === null ? null : Number(row.oldest_due),
  }));
}

export async function recordBackup(
  db: Db,
  row: { file: string; bytes: number; started_at: string; finished_at: string },
): Promise<void> {
  await db.insertInto('backups').values(row).execute();
}

/** The newest backup the schedule took (undefined: none yet). */
export function lastBackup(db: Db) {
  return db
    .selectFrom('backups')
    .select(['file', 'bytes', 'finished_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
