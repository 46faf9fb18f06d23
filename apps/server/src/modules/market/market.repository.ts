import { sql } from 'kysely';
import { placeKey, type TenderMode } from '@yuk/shared';
import type { Db } from '../../db/database.js';

/** The lane a tender's route is, as guidance groups deals: each end as places are matched. */
export function laneOf(origin: string, destination: string): string {
  return `${placeKey(origin)}>${placeKey(destination)}`;
}

export interface LaneDeal {
  lane: string;
  modes: readonly TenderMode[];
  day: string;
  carrierId: number;
  amountCents: number;
  perTonCents: number;
}

/**
 * Adds one accepted deal to its lane's day, in the caller's transaction. The arrays grow by a string edit in
 * the upsert itself, so two awards on one lane at once each add their price (the row is locked by the update)
 * without a read before the write.
 */
export async function addLaneDeal(trx: Db, deal: LaneDeal): Promise<void> {
  for (const mode of deal.modes) {
    const amount = String(deal.amountCents);
    const perTon = String(deal.perTonCents);
    await trx
      .insertInto('lane_price_days')
      .values({ lane: deal.lane, mode, day: deal.day, deals: 1, amounts: `[${amount}]`, per_ton: `[${perTon}]` })
      .onConflict((oc) =>
        oc.columns(['lane', 'mode', 'day']).doUpdateSet({
          deals: sql<number>`lane_price_days.deals + 1`,
          amounts: sql<string>`substr(lane_price_days.amounts, 1, length(lane_price_days.amounts) - 1) || ${`,${amount}]`}`,
          per_ton: sql<string>`substr(lane_price_days.per_ton, 1, length(lane_price_days.per_ton) - 1) || ${`,${perTon}]`}`,
        }),
      )
      .execute();
    await trx
      .insertInto('lane_carriers')
      .values({ lane: deal.lane, mode, carrier_id: deal.carrierId, last_day: deal.day })
      .onConflict((oc) =>
        oc.columns(['lane', 'mode', 'carrier_id']).doUpdateSet({
          last_day: sql<string>`case when excluded.last_day > lane_carriers.last_day then excluded.last_day else lane_carriers.last_day end`,
        }),
      )
      .execute();
  }
}

/** A lane's day rows inside the window: at most one per day. */
export function laneDays(db: Db, lane: string, mode: TenderMode, start: string, end: string) {
  return db
    .selectFrom('lane_price_days')
    .select(['deals', 'amounts', 'per_ton'])
    .where('lane', '=', lane)
    .where('mode', '=', mode)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .execute();
}

/** How many carriers settled a deal on the lane since `start`. */
export async function laneCarrierCount(db: Db, lane: string, mode: TenderMode, start: string): Promise<number> {
  const row = await db
    .selectFrom('lane_carriers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('lane', '=', lane)
    .where('mode', '=', mode)
    .where('last_day', '>=', start)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a tender's settled deal needs to be counted: its route, cargo and weight. */
export function findTenderForDeal(trx: Db, tenderId: number) {
  return trx
    .selectFrom('tenders')
    .select(['origin_location', 'destination_location', 'cargo_type', 'cargo_weight'])
    .where('id', '=', tenderId)
    .executeTakeFirst();
}
