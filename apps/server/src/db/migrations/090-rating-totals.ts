import { sql, type ColumnDefinitionBuilder } from 'kysely';
import { RATING_BLIND_DAYS } from '@yuk/shared';
import type { MigrationDb, MigrationFactory } from './helpers.js';

const DAY_MS = 24 * 60 * 60_000;
/** Due actions written per statement (three values each, well under either engine's limit of parameters). */
const SCHEDULE_CHUNK = 500;

/**
 * A bidder's rating on the owner's bid list, and a profile's figures, summed every visible rating the user ever
 * received, each checked against its shipment and the other side's rating: it grew with the market (decision
 * 036). The figures are kept per user in rating_totals instead, and each rating says when it entered them
 * (`counted_at`; null while it is still blind): when the other side rates, or, through the due action
 * `rating_visible`, when the blind days after the delivery pass. The profile's newest reviews are read from a
 * partial index of the counted ratings by ratee, newest first.
 *
 * Existing ratings: those visible now are counted now, and each shipment with one still blind is scheduled for
 * the end of its blind days.
 */
export const ratingTotalsMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('ratings').addColumn('counted_at', 'text').execute();
    const total = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
    await db.schema
      .createTable('rating_totals')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('score_total', 'integer', total)
      .addColumn('rating_count', 'integer', total)
      // the owners' ratings of the user as a carrier: how many said the dates were kept, of how many
      .addColumn('on_time_count', 'integer', total)
      .addColumn('on_time_of', 'integer', total)
      // the carriers' ratings of the user as an owner: how many said the payment came on time, of how many
      .addColumn('payment_on_time_count', 'integer', total)
      .addColumn('payment_of', 'integer', total)
      .execute();
    await sql`create index ratings_counted_idx on ratings (ratee_id, id) where counted_at is not null`.execute(db);

    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const blindSince = new Date(nowMs - RATING_BLIND_DAYS * DAY_MS).toISOString();
    // the rule the reads applied until now: the other side rated too, or the blind days passed
    await sql`update ratings set counted_at = ${now}
      where exists (select 1 from shipments s where s.id = ratings.shipment_id and s.delivered_at <= ${blindSince})
        or exists (select 1 from ratings other
          where other.shipment_id = ratings.shipment_id and other.rater_id <> ratings.rater_id)`.execute(db);
    await sql`insert into rating_totals
        (user_id, score_total, rating_count, on_time_count, on_time_of, payment_on_time_count, payment_of)
      select ratee_id, sum(score), count(*),
        sum(case when rater_role = 'owner' and on_time = 1 then 1 else 0 end),
        sum(case when rater_role = 'owner' then 1 else 0 end),
        sum(case when rater_role = 'carrier' and payment = 'on_time' then 1 else 0 end),
        sum(case when rater_role = 'carrier' then 1 else 0 end)
      from ratings where counted_at is not null group by ratee_id`.execute(db);

    // the rest are at most the blind days' one-sided ratings
    const { rows: waiting } = await sql<{ shipment_id: number; delivered_at: string }>`
      select distinct r.shipment_id, s.delivered_at from ratings r join shipments s on s.id = r.shipment_id
      where r.counted_at is null and s.delivered_at is not null`.execute(db);
    for (let i = 0; i < waiting.length; i += SCHEDULE_CHUNK) {
      await db
        .insertInto('due_actions')
        .values(
          waiting.slice(i, i + SCHEDULE_CHUNK).map((row) => ({
            kind: 'rating_visible',
            subject_id: row.shipment_id,
            due_at_ms: Date.parse(row.delivered_at) + RATING_BLIND_DAYS * DAY_MS,
          })),
        )
        .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
        .execute();
    }
  },
  async down(db: MigrationDb) {
    await db.deleteFrom('due_actions').where('kind', '=', 'rating_visible').execute();
    await db.schema.dropIndex('ratings_counted_idx').execute();
    await db.schema.dropTable('rating_totals').execute();
    await db.schema.alterTable('ratings').dropColumn('counted_at').execute();
  },
});
