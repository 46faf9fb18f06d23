import { sql } from 'kysely';
import { engineOf, type Db } from './database.js';

/**
 * The one durable schedule of the server's deadlines: a row per (kind, subject) with its due time, indexed by
 * it. Instances claim due rows atomically (FOR UPDATE SKIP LOCKED on PostgreSQL, one conditional UPDATE on
 * SQLite, whose single writer serializes it), hold them for a lease, and delete each in the transaction that
 * does its work, so a deadline is acted on exactly once, across restarts and instances; one that passed while
 * no server ran is simply due at the next claim.
 */
/**
 * tender_match: a tender just opened, and the saved searches it matches are still to be told.
 * import_match: the tenders of an import from a file opened (the subject is the import), and the saved
 * searches they match are still to be told, in one alert per carrier.
 * <paper>_expiry: a vehicle's paper runs out soon, and its owner is to be reminded.
 */
export type DeadlineKind =
  | 'tender_close'
  | 'award_confirm'
  | 'bid_expiry'
  | 'tender_match'
  | 'import_match'
  | 'insurance_expiry'
  | 'registration_expiry'
  | 'inspection_expiry'
  | 'permit_expiry'
  /** A tender's channel post may show less than is true now (a lower minimum, a close): edit it. */
  | 'channel_edit'
  /** A party of a shipment's conversation is to be told of the messages they have not read (subject: their read row). */
  | 'message_digest'
  /** A shipment's blind days after delivery are over: its ratings still blind enter their ratees' totals. */
  | 'rating_visible';

/**
 * Kinds whose work runs outside any transaction, each claimed by its own module's runner (claimDueOf,
 * claimDueOne): waybill_refresh asks the e-waybill's operator for its status; backup is the scheduled backup,
 * one instance at a time. The deadline runner, whose handlers run inside a transaction, never claims them.
 */
export type OutsideDueKind = 'waybill_refresh' | 'backup';
export const OUTSIDE_DUE_KINDS: readonly OutsideDueKind[] = ['waybill_refresh', 'backup'];

export type DueKind = DeadlineKind | OutsideDueKind;

/** A claimed row. */
export interface DueAction<K extends DueKind = DueKind> {
  id: number;
  kind: K;
  subject_id: number;
  due_at_ms: number;
  attempts: number;
}

/** Sets (or moves) the due time of a kind of action on a subject, freeing any claim on it. */
export async function scheduleDue(db: Db, kind: DueKind, subjectId: number, dueAtMs: number): Promise<void> {
  await upsertDue(db, kind, subjectId, dueAtMs, { keepWaiting: false });
}

/**
 * Sets the due time of a kind of action on a subject unless one is waiting already: the first of a burst of
 * events fixes when the action runs, the later ones join it. One already claimed (being done now, which may
 * miss the latest event) is set again for `dueAtMs`, and stays after it is done (see finishDue).
 */
export async function scheduleDueOnce(db: Db, kind: DueKind, subjectId: number, dueAtMs: number): Promise<void> {
  await upsertDue(db, kind, subjectId, dueAtMs, { keepWaiting: true });
}

/** Writes the row or moves the one there, freeing its claim; `keepWaiting` leaves an unclaimed one as it is. */
async function upsertDue(
  db: Db,
  kind: DueKind,
  subjectId: number,
  dueAtMs: number,
  { keepWaiting }: { keepWaiting: boolean },
): Promise<void> {
  await db
    .insertInto('due_actions')
    .values({ kind, subject_id: subjectId, due_at_ms: dueAtMs })
    .onConflict((oc) => {
      const move = oc.columns(['kind', 'subject_id']).doUpdateSet({ due_at_ms: dueAtMs, claimed_until_ms: 0 });
      return keepWaiting ? move.where('due_actions.claimed_until_ms', '>', 0) : move;
    })
    .execute();
}

/** Many at once (the demo seed and the benchmark write tenders in bulk). */
export async function scheduleDueMany(
  db: Db,
  rows: { kind: DueKind; subject_id: number; due_at_ms: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('due_actions').values(rows).execute();
}

/** Nothing is due any more for this subject. */
export async function cancelDue(db: Db, kind: DueKind, subjectId: number): Promise<void> {
  await db.deleteFrom('due_actions').where('kind', '=', kind).where('subject_id', '=', subjectId).execute();
}

/**
 * Claims up to `limit` rows due at `nowMs` that no live claim holds, earliest first, for `leaseMs`. Two
 * instances claiming at once get disjoint rows.
 */
export async function claimDue(
  db: Db,
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<DueAction<DeadlineKind>[]> {
  return claimWhere<DeadlineKind>(db, nowMs, leaseMs, limit, sql`kind not in (${sql.join(OUTSIDE_DUE_KINDS)})`);
}

/** Claims, as claimDue does, rows of one kind only (an outside kind, done by its own module's runner). */
export async function claimDueOf<K extends OutsideDueKind>(
  db: Db,
  kind: K,
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<DueAction<K>[]> {
  return claimWhere<K>(db, nowMs, leaseMs, limit, sql`kind = ${kind}`);
}

async function claimWhere<K extends DueKind>(
  db: Db,
  nowMs: number,
  leaseMs: number,
  limit: number,
  which: ReturnType<typeof sql>,
): Promise<DueAction<K>[]> {
  const postgres = engineOf(db) === 'postgres';
  const due = sql`select id from due_actions
    where due_at_ms <= ${nowMs} and claimed_until_ms <= ${nowMs} and ${which}
    order by due_at_ms limit ${limit} ${postgres ? sql`for update skip locked` : sql``}`;
  const { rows } = await sql<DueAction<K>>`update due_actions
    set claimed_until_ms = ${nowMs + leaseMs}, attempts = attempts + 1
    where id in (${due})
    returning id, kind, subject_id, due_at_ms, attempts`.execute(db);
  return rows.sort((a, b) => a.due_at_ms - b.due_at_ms || a.id - b.id);
}

/**
 * Done: removes the claimed rows, inside the transaction that did their work. A row whose due time moved
 * meanwhile (a soft close extended the tender) is in the future now and stays, due again at its new time.
 */
export async function finishDue(trx: Db, actionIds: number[], nowMs: number): Promise<void> {
  if (actionIds.length === 0) return;
  await trx.deleteFrom('due_actions').where('id', 'in', actionIds).where('due_at_ms', '<=', nowMs).execute();
}

/** The earliest due time in the schedule (undefined when nothing is scheduled). */
export async function nextDueAt(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('due_actions')
    .select((eb) => eb.fn.min('due_at_ms').as('next'))
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/**
 * Whether any unclaimed row is due at `nowMs`: one read of the due-time index, no lock. Ordered by the due
 * time so that the planner walks that index even before it has statistics of the table.
 */
export async function hasDue(db: Db, nowMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('due_actions')
    .select('id')
    .where('due_at_ms', '<=', nowMs)
    .where('claimed_until_ms', '<=', nowMs)
    .where('kind', 'not in', OUTSIDE_DUE_KINDS)
    .orderBy('due_at_ms')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the one row of a separately run kind when it is due and no live claim holds it: one conditional
 * UPDATE, so of instances asking at once exactly one gets it (until `leaseMs` passes or it is rescheduled).
 */
export function claimDueOne(
  db: Db,
  kind: OutsideDueKind,
  subjectId: number,
  nowMs: number,
  leaseMs: number,
): Promise<{ id: number; due_at_ms: number; attempts: number } | undefined> {
  return db
    .updateTable('due_actions')
    .set((eb) => ({ claimed_until_ms: nowMs + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('due_at_ms', '<=', nowMs)
    .where('claimed_until_ms', '<=', nowMs)
    .returning(['id', 'due_at_ms', 'attempts'])
    .executeTakeFirst();
}

/** When a kind's row on a subject is due, and until when a claim holds it (undefined: not scheduled). */
export async function dueAtOf(
  db: Db,
  kind: DueKind,
  subjectId: number,
): Promise<{ dueAtMs: number; claimedUntilMs: number } | undefined> {
  const row = await db
    .selectFrom('due_actions')
    .select(['due_at_ms', 'claimed_until_ms'])
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row && { dueAtMs: Number(row.due_at_ms), claimedUntilMs: Number(row.claimed_until_ms) };
}

/** Schedules a kind's row at `dueAtMs` unless it is scheduled already (the first start of a schedule). */
export async function scheduleDueIfAbsent(db: Db, kind: DueKind, subjectId: number, dueAtMs: number): Promise<void> {
  await db
    .insertInto('due_actions')
    .values({ kind, subject_id: subjectId, due_at_ms: dueAtMs })
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .execute();
}

/**
 * The deadlines due now (the separately run kinds aside) and how long the earliest of them has been due: a
 * runner that keeps up shows a few, for under a tick.
 */
export async function dueBacklog(db: Db, nowMs: number): Promise<{ due: number; oldestDueAtMs: number | null }> {
  const row = await db
    .selectFrom('due_actions')
    .select((eb) => [eb.fn.countAll<number>().as('due'), eb.fn.min('due_at_ms').as('oldest')])
    .where('due_at_ms', '<=', nowMs)
    .where('kind', 'not in', OUTSIDE_DUE_KINDS)
    .executeTakeFirstOrThrow();
  return { due: Number(row.due), oldestDueAtMs: row.oldest === null ? null : Number(row.oldest) };
}
