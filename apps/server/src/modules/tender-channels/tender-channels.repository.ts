import { sql, type RawBuilder } from 'kysely';
import { engineOf, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { PostedTender } from './post-text.js';

/** A tender's post, queued once: false when it already had one. */
export async function insertPost(trx: Db, tenderId: number, chat: string, at: string): Promise<boolean> {
  const rows = await trx
    .insertInto('telegram_channel_posts')
    .values({
      tender_id: tenderId,
      chat,
      message_id: null,
      shown: null,
      queued_at: at,
      posted_at: null,
      edited_at: null,
      edit_outbox_id: null,
    })
    .onConflict((oc) => oc.column('tender_id').doNothing())
    .returning('tender_id')
    .execute();
  return rows.length === 1;
}

/** An opened tender's modes (the bits of its cargo type), or undefined when it is not open. */
export function findOpenedModes(db: Db, tenderId: number) {
  return db
    .selectFrom('tenders')
    .select(['id', 'mode_mask'])
    .where('id', '=', tenderId)
    .where('status', '=', 'opened')
    .executeTakeFirst();
}

export function findPost(db: Db, tenderId: number) {
  return db.selectFrom('telegram_channel_posts').selectAll().where('tender_id', '=', tenderId).executeTakeFirst();
}

/** The INSERT of scheduleEdits, for the posts of the tenders `posts` names (an IN list or `= any(array)`). */
const dueEdits = (db: Db, nowMs: unknown, posts: RawBuilder<boolean>) =>
  db
    .insertInto('due_actions')
    .columns(['kind', 'subject_id', 'due_at_ms'])
    .expression((eb) =>
      eb
        .selectFrom('telegram_channel_posts')
        .select([
          sql.lit('channel_edit').as('kind'),
          'tender_id',
          sql<number>`case when edit_after_ms > ${nowMs} then edit_after_ms else ${nowMs} end`.as('due_at_ms'),
        ])
        .where(posts),
    )
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing());

// PostgreSQL: every batch of bids runs this; one text for any number of tenders is planned once per connection
const scheduleDueEdits = preparedQuery<{ tenderIds: number[]; nowMs: number }, never>((db, arg) =>
  dueEdits(db, arg('nowMs'), sql<boolean>`tender_id = any(cast(${arg('tenderIds')} as int4[]))`),
);

/**
 * An edit of each of these tenders' posts is due (at once, or when the post's minute is up); a post with one due
 * already keeps it (one row per post: edits coalesce). Tenders without a post are left alone.
 */
export async function scheduleEdits(trx: Db, tenderIds: readonly number[], nowMs: number): Promise<void> {
  if (tenderIds.length === 0) return;
  const unique = [...new Set(tenderIds)];
  if (engineOf(trx) === 'postgres') return void (await scheduleDueEdits.all(trx, { tenderIds: unique, nowMs }));
  await dueEdits(trx, nowMs, sql<boolean>`tender_id in (${sql.join(unique)})`).execute();
}

/** The tender as its post shows it, with its owner's verified mark. */
export async function findPostedTender(db: Db, tenderId: number): Promise<PostedTender | undefined> {
  const row = await db
    .selectFrom('tenders')
    .leftJoin('companies', 'companies.user_id', 'tenders.owner_id')
    .select([
      'tenders.id',
      'tenders.number',
      'tenders.origin_location',
      'tenders.destination_location',
      'tenders.cargo_type',
      'tenders.cargo_weight',
      'tenders.shipment_date',
      'tenders.delivery_date',
      'tenders.initial_price_cents',
      'tenders.current_min_bid_cents',
      'tenders.closes_at_ms',
      'tenders.status',
      'companies.verification_status',
    ])
    .where('tenders.id', '=', tenderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { verification_status: verification, ...tender } = row;
  return {
    ...tender,
    closes_at_ms: Number(tender.closes_at_ms),
    cargo_weight: Number(tender.cargo_weight),
    verified: verification === 'verified',
  };
}

/** What a send that Telegram took changed: the message, what it shows, when the next edit may go. */
export async function recordShown(
  db: Db,
  tenderId: number,
  change: { message_id?: number | null; shown: string; posted_at?: string; edited_at?: string; edit_after_ms: number },
): Promise<void> {
  await db.updateTable('telegram_channel_posts').set(change).where('tender_id', '=', tenderId).execute();
}

export async function setEditOutbox(trx: Db, tenderId: number, outboxId: number): Promise<void> {
  await trx
    .updateTable('telegram_channel_posts')
    .set({ edit_outbox_id: outboxId })
    .where('tender_id', '=', tenderId)
    .execute();
}

/** The channel refused the bot: true when this is news (not already refusing), so it is reported once. */
export async function markRefused(trx: Db, chat: string, error: string, at: string): Promise<boolean> {
  await trx
    .insertInto('telegram_channels')
    .values({ chat, refused_at: null, refused_error: null, reported_at: null })
    .onConflict((oc) => oc.column('chat').doNothing())
    .execute();
  const result = await trx
    .updateTable('telegram_channels')
    .set({ refused_at: at, refused_error: error.slice(0, 300), reported_at: at })
    .where('chat', '=', chat)
    .where('refused_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  await trx
    .updateTable('telegram_channels')
    .set({ refused_error: error.slice(0, 300) })
    .where('chat', '=', chat)
    .execute();
  return false;
}

/** A post went through: the channel takes the bot again. */
export async function clearRefused(db: Db, chat: string): Promise<void> {
  await db
    .updateTable('telegram_channels')
    .set({ refused_at: null, refused_error: null })
    .where('chat', '=', chat)
    .where('refused_at', 'is not', null)
    .execute();
}

export function findChannelStates(db: Db, chats: readonly string[]) {
  if (chats.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('telegram_channels')
    .selectAll()
    .where('chat', 'in', [...chats])
    .execute();
}

/** The channel's latest post and how many it has. */
export async function channelPosts(db: Db, chat: string) {
  const [last, count] = await Promise.all([
    db
      .selectFrom('telegram_channel_posts')
      .innerJoin('tenders', 'tenders.id', 'telegram_channel_posts.tender_id')
      .select([
        'telegram_channel_posts.tender_id',
        'tenders.number',
        'telegram_channel_posts.message_id',
        'telegram_channel_posts.posted_at',
        'telegram_channel_posts.edited_at',
      ])
      .where('telegram_channel_posts.chat', '=', chat)
      .where('telegram_channel_posts.posted_at', 'is not', null)
      .orderBy('telegram_channel_posts.posted_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('telegram_channel_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat', '=', chat)
      .where('posted_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { last, count: Number(count.n) };
}

export function tenderNumbers(db: Db, tenderIds: readonly number[]) {
  if (tenderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tenders')
    .select(['id', 'number'])
    .where('id', 'in', [...new Set(tenderIds)])
    .execute();
}

export function moderatorIds(db: Db) {
  return db.selectFrom('users').select('id').where('role', '=', 'moderator').execute();
}
