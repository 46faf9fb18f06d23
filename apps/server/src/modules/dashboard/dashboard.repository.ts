import { sql, type RawBuilder } from 'kysely';
import { MARKET_OFFSET_MS } from '@yuk/shared';
import { engineOf, type Db } from '../../db/database.js';
import { visibleRatings } from '../ratings/index.js';

/**
 * The dashboard's reads: every figure is summed by the database, one row per month, from the tables the
 * product writes (tenders, bids, shipments, ratings), never from a copy. A month is a Tashkent month: its
 * bounds are UTC instants computed once per request (`bounds`), and a row's month is the bucket its timestamp
 * falls in. Timestamps are ISO-8601 UTC text on both engines, so comparing them as text compares the instants.
 */

/** The instants that cut the period into months: row `t` is in month i when bounds[i] ≤ t < bounds[i + 1]. */
export type MonthBounds = readonly string[];

/**
 * Which month of the period a timestamp column falls in (0 … months − 1), in plain SQL both engines read the
 * same way. Rows outside the period are filtered out by the caller's range on the same column.
 */
function monthOf(column: string, bounds: MonthBounds): RawBuilder<number> {
  const ref = sql.ref(column);
  const cuts = bounds.slice(1, -1);
  if (cuts.length === 0) return sql<number>`${sql.lit(0)}`;
  const whens = cuts.map((bound, index) => sql`when ${ref} < ${bound} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(cuts.length)} end`;
}

const startOf = (bounds: MonthBounds) => bounds[0] ?? '';
const endOf = (bounds: MonthBounds) => bounds.at(-1) ?? '';

/**
 * The text that follows a delivery date to make the first instant after that Tashkent day ('T19:00:00.000Z'):
 * a shipment delivered before it was delivered on time.
 */
const AFTER_DAY_SUFFIX = new Date(Date.UTC(2000, 0, 2) - MARKET_OFFSET_MS).toISOString().slice(10);

/** Hours between two timestamp columns: the one date calculation whose SQL differs by engine. */
function hoursBetween(db: Db, from: string, to: string): RawBuilder<number> {
  if (engineOf(db) === 'postgres') {
    return sql<number>`extract(epoch from (cast(${sql.ref(to)} as timestamptz) - cast(${sql.ref(from)} as timestamptz))) / 3600.0`;
  }
  return sql<number>`(julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 24.0`;
}

/** Whether the user ever posted a tender (a draft counts) and ever placed a bid. */
export async function sidesOf(db: Db, userId: number): Promise<{ shipper: boolean; carrier: boolean }> {
  const [tender, bid] = await Promise.all([
    db.selectFrom('tenders').select('id').where('owner_id', '=', userId).limit(1).executeTakeFirst(),
    db.selectFrom('bids').select('id').where('bidder_id', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return { shipper: tender !== undefined, carrier: bid !== undefined };
}

/** Per month: the user's tenders posted (drafts left out) and the bids they drew. */
export function tendersByMonth(db: Db, ownerId: number, bounds: MonthBounds) {
  const rows = db
    .selectFrom('tenders')
    .select([monthOf('created_at', bounds).as('month'), 'bid_count'])
    .where('owner_id', '=', ownerId)
    .where('created_at', '>=', startOf(bounds))
    .where('created_at', '<', endOf(bounds))
    .where('status', '<>', 'draft');
  return db
    .selectFrom(rows.as('t'))
    .select((eb) => [
      't.month',
      eb.fn.countAll<number | string>().as('tenders'),
      eb.fn.sum<number | string>('t.bid_count').as('bids'),
    ])
    .groupBy('t.month')
    .execute();
}

/**
 * Per month of the deal (the shipment's creation, when the award settled): the deals of one side of the user
 * (`owner_id` as shipper, `carrier_id` as carrier), their amounts, and the starting prices less the amounts.
 */
export function dealsByMonth(db: Db, side: 'owner_id' | 'carrier_id', userId: number, bounds: MonthBounds) {
  const rows = db
    .selectFrom('shipments as s')
    .innerJoin('tenders as t', 't.id', 's.tender_id')
    .select([
      monthOf('s.created_at', bounds).as('month'),
      's.amount_cents',
      sql<number>`${sql.ref('t.initial_price_cents')} - ${sql.ref('s.amount_cents')}`.as('saving_cents'),
    ])
    .where(`s.${side}`, '=', userId)
    .where('s.created_at', '>=', startOf(bounds))
    .where('s.created_at', '<', endOf(bounds));
  return db
    .selectFrom(rows.as('d'))
    .select((eb) => [
      'd.month',
      eb.fn.countAll<number | string>().as('deals'),
      eb.fn.sum<number | string>('d.amount_cents').as('amount_cents'),
      eb.fn.sum<number | string>('d.saving_cents').as('saving_cents'),
    ])
    .groupBy('d.month')
    .execute();
}

/**
 * Per month of delivery: the delivered shipments of one side of the user, and how many of them arrived by
 * the end of their delivery date in Tashkent.
 */
export function deliveriesByMonth(db: Db, side: 'owner_id' | 'carrier_id', userId: number, bounds: MonthBounds) {
  const rows = db
    .selectFrom('shipments')
    .select([
      monthOf('delivered_at', bounds).as('month'),
      sql<number>`case when ${sql.ref('delivered_at')} < ${sql.ref('delivery_date')} || ${AFTER_DAY_SUFFIX} then 1 else 0 end`.as(
        'on_time',
      ),
    ])
    .where(side, '=', userId)
    .where('status', '=', 'delivered')
    .where('delivered_at', '>=', startOf(bounds))
    .where('delivered_at', '<', endOf(bounds));
  return db
    .selectFrom(rows.as('d'))
    .select((eb) => [
      'd.month',
      eb.fn.countAll<number | string>().as('delivered'),
      eb.fn.sum<number | string>('d.on_time').as('on_time'),
    ])
    .groupBy('d.month')
    .execute();
}

/**
 * The median hours from posting a tender to its settled award (the shipment's creation), per month of the
 * deal; with bounds of one month (start and end alone), over the whole period. Computed in SQL with window
 * functions both engines have: the middle row, or the mean of the two middle rows.
 */
export async function medianHoursToAward(
  db: Db,
  ownerId: number,
  bounds: MonthBounds,
): Promise<{ month: number; hours: number | string }[]> {
  const deals = db
    .selectFrom('shipments as s')
    .innerJoin('tenders as t', 't.id', 's.tender_id')
    .select([monthOf('s.created_at', bounds).as('month'), hoursBetween(db, 't.created_at', 's.created_at').as('hours')])
    .where('s.owner_id', '=', ownerId)
    .where('s.created_at', '>=', startOf(bounds))
    .where('s.created_at', '<', endOf(bounds));
  const result = await sql<{ month: number; hours: number | string }>`
    select ranked.month as month, avg(ranked.hours) as hours
    from (
      select d.month as month, d.hours as hours,
        row_number() over (partition by d.month order by d.hours) as position,
        count(*) over (partition by d.month) as deals
      from (${deals}) as d
    ) as ranked
    where ranked.position in ((ranked.deals + 1) / 2, (ranked.deals + 2) / 2)
    group by ranked.month`.execute(db);
  return result.rows;
}

/** Per month: the bids the user placed (each new price is a bid). */
export function bidsByMonth(db: Db, bidderId: number, bounds: MonthBounds) {
  const rows = db
    .selectFrom('bids')
    .select(monthOf('created_at', bounds).as('month'))
    .where('bidder_id', '=', bidderId)
    .where('created_at', '>=', startOf(bounds))
    .where('created_at', '<', endOf(bounds));
  return db
    .selectFrom(rows.as('b'))
    .select((eb) => ['b.month', eb.fn.countAll<number | string>().as('bids')])
    .groupBy('b.month')
    .execute();
}

/**
 * The tenders the user bid on in the period whose bidding is over (closed, or settled with a shipment), and
 * how many of them the user won. Each tender counts once, however many prices the user bid on it.
 */
export async function decidedTenders(
  db: Db,
  bidderId: number,
  bounds: MonthBounds,
): Promise<{ decided: number; won: number }> {
  const bidOn = db
    .selectFrom('bids')
    .select('tender_id')
    .distinct()
    .where('bidder_id', '=', bidderId)
    .where('created_at', '>=', startOf(bounds))
    .where('created_at', '<', endOf(bounds));
  const row = await db
    .selectFrom(bidOn.as('b'))
    .innerJoin('tenders as t', 't.id', 'b.tender_id')
    .leftJoin('shipments as s', 's.tender_id', 'b.tender_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('decided'),
      eb.fn.sum<number | string | null>(eb.case().when('s.carrier_id', '=', bidderId).then(1).else(0).end()).as('won'),
    ])
    .where((eb) => eb.or([eb('s.id', 'is not', null), eb('t.status', '=', 'closed')]))
    .executeTakeFirst();
  return { decided: Number(row?.decided ?? 0), won: Number(row?.won ?? 0) };
}

/**
 * Per month of the rating: the owners' ratings of the user as a carrier that the user may see, by the
 * ratings' own double-blind rule (the other side rated too, or `blindSince` passed since the delivery): a
 * monthly average must not give away a score still hidden from its ratee.
 */
export function ratingsByMonth(db: Db, rateeId: number, bounds: MonthBounds, blindSince: string) {
  const rows = visibleRatings(db, blindSince)
    .select([monthOf('r.created_at', bounds).as('month'), 'r.score'])
    .where('r.ratee_id', '=', rateeId)
    .where('r.rater_role', '=', 'owner')
    .where('r.created_at', '>=', startOf(bounds))
    .where('r.created_at', '<', endOf(bounds));
  return db
    .selectFrom(rows.as('r'))
    .select((eb) => [
      'r.month',
      eb.fn.countAll<number | string>().as('ratings'),
      eb.fn.sum<number | string>('r.score').as('score_total'),
    ])
    .groupBy('r.month')
    .execute();
}
