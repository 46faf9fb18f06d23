import {
  CONFIRM_WITHIN_MINUTES_DEFAULT,
  MARKET_OFFSET_MS,
  cityOf,
  daysBetween,
  endOfMarketDayMs,
  marketDateOf,
  modeMaskOf,
  tenderSearchText,
  type ShipmentStatus,
} from '@yuk/shared';
import type { Db } from '../db/database.js';
import { recordLaneDeal } from '../modules/market/index.js';
import { countOnceVisible } from '../modules/ratings/index.js';
import { randomSource } from '../seeded-random.js';

/**
 * Half a year of past deals for the demo: the demo shipper's tenders, the carriers' bids on them, the awards,
 * the shipments and their steps, and the ratings, written to the tables the product writes, with the times
 * they would have had. The dashboards of the demo accounts then have months to show, and the lanes their
 * price guidance (each deal is counted there as its award would have counted it). Deterministic: the same
 * rows relative to `now` on every machine.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

interface Lane {
  origin: string;
  destination: string;
  cargoType: string;
  product: string;
  weightKg: number;
  volume: number;
  priceUsd: [number, number];
  transitDays: number;
}

/** Tashkent → Samarqand by truck first: every third deal, so its price guidance has enough to show. */
const LANES: readonly Lane[] = [
  {
    origin: 'Tashkent',
    destination: 'Samarqand',
    cargoType: 'Truck - tented',
    product: 'Sement M400',
    weightKg: 20000,
    volume: 40,
    priceUsd: [820, 1100],
    transitDays: 1,
  },
  {
    origin: 'Toshkent',
    destination: 'Almaty',
    cargoType: 'Truck (refrigerated)',
    product: 'Uzum (yangi)',
    weightKg: 18000,
    volume: 70,
    priceUsd: [2100, 2600],
    transitDays: 3,
  },
  {
    origin: 'Tashkent',
    destination: 'Moscow',
    cargoType: 'Truck - tented',
    product: 'Tekstil mahsulotlari',
    weightKg: 16000,
    volume: 80,
    priceUsd: [4200, 5200],
    transitDays: 7,
  },
  {
    origin: 'Samarqand',
    destination: 'Buxoro',
    cargoType: 'Truck (flatbed)',
    product: 'Qurilish armaturasi',
    weightKg: 15000,
    volume: 20,
    priceUsd: [560, 780],
    transitDays: 1,
  },
  {
    origin: 'Tashkent',
    destination: 'Dubai',
    cargoType: 'Aviation cargo',
    product: 'Ipak gilamlar',
    weightKg: 800,
    volume: 4,
    priceUsd: [2800, 3600],
    transitDays: 2,
  },
];

/** How many past tenders, about four days apart: half a year. */
const HISTORY_TENDERS = 42;

/** The UTC instant of a Tashkent wall-clock hour on the Tashkent day `date`. */
const tashkentAt = (date: string, hours: number) =>
  Date.parse(`${date}T00:00:00.000Z`) - MARKET_OFFSET_MS + hours * HOUR_MS;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const roundTo = (usd: number, step: number) => Math.round(usd / step) * step;

export interface DemoHistoryParties {
  shipperId: number;
  /** The carriers who bid, the demo carrier first (it bids on most tenders); at least three. */
  carrierIds: readonly number[];
}

/** Writes the history in one transaction; returns how many deals it made. */
export async function seedDemoHistory(db: Db, parties: DemoHistoryParties, now: Date = new Date()): Promise<number> {
  const random = randomSource(20260601);
  const carriers = parties.carrierIds;
  if (carriers.length < 3) throw new Error('the demo history needs three carriers');
  const nowMs = now.getTime();
  const today = marketDateOf(nowMs);
  let deals = 0;

  await db.transaction().execute(async (trx) => {
    // oldest first, so that ids grow with time as they do in use
    for (let i = HISTORY_TENDERS - 1; i >= 0; i -= 1) {
      const lane = i % 3 === 0 ? LANES[0]! : LANES[1 + ((i + Math.floor(i / 3)) % (LANES.length - 1))]!;
      const postedDay = addDays(today, -(3 + Math.floor(i * 4.3)));
      const postedMs = tashkentAt(postedDay, 9 + random.int(0, 4)) + random.int(0, 59) * 60_000;
      const priceUsd = roundTo(random.int(lane.priceUsd[0], lane.priceUsd[1]), 10);
      // now and then a tender draws no price its owner takes: closed without an award
      const awarded = i % 7 !== 5 || i % 3 === 0;
      const hoursToAward = random.int(4, 56);
      const awardMs = postedMs + hoursToAward * HOUR_MS;
      const settledMs = awardMs + random.int(10, 90) * 60_000;
      const endDay = marketDateOf(awardMs);
      const pickupDay = addDays(marketDateOf(settledMs), 1);
      const deliveryDay = addDays(pickupDay, lane.transitDays + 1);

      // two to four bidders, the winner bidding lowest: the demo carrier bids on most tenders and wins some;
      // the winner of a Tashkent → Samarqand deal goes round all the carriers
      const winnerIndex =
        i % 3 === 0 ? (i / 3) % carriers.length : i % 5 === 1 || i % 5 === 3 ? 0 : 1 + (i % (carriers.length - 1));
      const bidders = [winnerIndex];
      if (winnerIndex !== 0 && i % 4 !== 1) bidders.push(0);
      for (let k = 1; bidders.length < 2 + (i % 3) && k < carriers.length; k += 1) {
        const other = (winnerIndex + k) % carriers.length;
        if (!bidders.includes(other)) bidders.push(other);
      }
      /** The price of the bidder at `position` (0: the winner, lowest). */
      const priceAt = (position: number) => roundTo(priceUsd * (0.84 + 0.03 * position), 5) * 100;
      const lowestCents = priceAt(0);

      const tender = await trx
        .insertInto('tenders')
        .values({
          owner_id: parties.shipperId,
          name: lane.product,
          cargo_type: lane.cargoType,
          cargo_weight: lane.weightKg,
          cargo_volume: lane.volume,
          origin_location: lane.origin,
          destination_location: lane.destination,
          shipment_date: pickupDay,
          delivery_date: deliveryDay,
          tender_start_date: postedDay,
          tender_end_date: endDay,
          initial_price_cents: priceUsd * 100,
          status: awarded ? 'awarded' : 'closed',
          requirements: null,
          notes: null,
          incoterms: null,
          current_min_bid_cents: lowestCents,
          bid_count: bidders.length,
          awarded_bid_id: null,
          mode_mask: modeMaskOf(lane.cargoType),
          origin_city: cityOf(lane.origin) ?? '',
          delivery_days: daysBetween(pickupDay, deliveryDay) ?? 0,
          search_text: tenderSearchText({
            name: lane.product,
            cargo_type: lane.cargoType,
            origin_location: lane.origin,
            destination_location: lane.destination,
          }),
          created_at: iso(postedMs),
          closes_at_ms: Math.min(endOfMarketDayMs(endDay), awardMs),
          soft_close_minutes: 0,
          min_step_cents: 1,
          buy_now_price_cents: null,
          reserve_price_cents: null,
          auto_award: 0,
          confirm_within_minutes: CONFIRM_WITHIN_MINUTES_DEFAULT,
          verified_only: 0,
        })
        .returning(['id', 'number'])
        .executeTakeFirstOrThrow();

      let winningBid: { id: number; amountCents: number; carrierId: number } | undefined;
      // the highest bid first, the winner's last
      for (let position = bidders.length - 1; position >= 0; position -= 1) {
        const carrierIndex = bidders[position]!;
        const order = bidders.length - position;
        const amountCents = priceAt(position);
        const isWinner = awarded && position === 0;
        const row = await trx
          .insertInto('bids')
          .values({
            tender_id: tender.id,
            bidder_id: carriers[carrierIndex]!,
            amount_cents: amountCents,
            status: isWinner ? 'accepted' : 'rejected',
            created_at: iso(postedMs + (order * (awardMs - postedMs)) / (bidders.length + 1)),
            valid_until_ms: null,
            confirm_by_ms: isWinner ? awardMs + CONFIRM_WITHIN_MINUTES_DEFAULT * 60_000 : null,
            vehicle_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (isWinner) winningBid = { id: row.id, amountCents, carrierId: carriers[carrierIndex]! };
      }
      if (!winningBid) continue;

      await trx.updateTable('tenders').set({ awarded_bid_id: winningBid.id }).where('id', '=', tender.id).execute();
      await trx
        .insertInto('tender_awards')
        .values({
          tender_id: tender.id,
          bid_id: winningBid.id,
          origin: 'owner',
          outcome: 'confirmed',
          awarded_at: iso(awardMs),
          confirm_by_ms: awardMs + CONFIRM_WITHIN_MINUTES_DEFAULT * 60_000,
          decided_at: iso(settledMs),
        })
        .execute();

      // the road: loaded on the pickup morning, on the way two hours later, delivered on the delivery date
      // (a day late now and then); steps still ahead of now are not taken yet
      const loadedMs = tashkentAt(pickupDay, 8);
      const late = i % 6 === 2;
      const deliveredMs = late ? tashkentAt(addDays(deliveryDay, 1), 11) : tashkentAt(deliveryDay, 10 + (i % 6));
      const stamp = (ms: number) => (ms <= nowMs ? iso(ms) : null);
      const loadedAt = stamp(loadedMs);
      const onTheWayAt = stamp(loadedMs + 2 * HOUR_MS);
      const deliveredAt = stamp(deliveredMs);
      const status: ShipmentStatus = deliveredAt
        ? 'delivered'
        : onTheWayAt
          ? 'on_the_way'
          : loadedAt
            ? 'loaded'
            : 'awarded';
      const shipment = await trx
        .insertInto('shipments')
        .values({
          number: tender.number,
          tender_id: tender.id,
          bid_id: winningBid.id,
          owner_id: parties.shipperId,
          carrier_id: winningBid.carrierId,
          status,
          description: `${lane.product} (${lane.cargoType})`,
          weight: lane.weightKg,
          volume: lane.volume,
          origin: lane.origin,
          destination: lane.destination,
          pickup_date: pickupDay,
          delivery_date: deliveryDay,
          requirements: '',
          notes: '',
          incoterms: '',
          amount_cents: winningBid.amountCents,
          vehicle_type: null,
          vehicle_plate: null,
          loaded_at: loadedAt,
          on_the_way_at: onTheWayAt,
          delivered_at: deliveredAt,
          created_at: iso(settledMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordLaneDeal(trx, {
        tenderId: tender.id,
        carrierId: winningBid.carrierId,
        amountCents: winningBid.amountCents,
        atMs: settledMs,
      });
      deals += 1;

      // both sides rate most deliveries a day or two later (a few never do)
      if (!deliveredAt || i % 8 === 3) continue;
      const ownerRatesMs = deliveredMs + DAY_MS;
      const carrierRatesMs = deliveredMs + 2 * DAY_MS;
      if (ownerRatesMs <= nowMs) {
        await trx
          .insertInto('ratings')
          .values({
            shipment_id: shipment.id,
            rater_id: parties.shipperId,
            ratee_id: winningBid.carrierId,
            rater_role: 'owner',
            score: late ? 3 : 4 + (i % 2),
            comment: late ? 'Bir kun kechikdi' : i % 4 === 0 ? "Hammasi o'z vaqtida, rahmat" : null,
            payment: null,
            on_time: late ? 0 : 1,
            created_at: iso(ownerRatesMs),
          })
          .execute();
      }
      if (carrierRatesMs <= nowMs) {
        await trx
          .insertInto('ratings')
          .values({
            shipment_id: shipment.id,
            rater_id: winningBid.carrierId,
            ratee_id: parties.shipperId,
            rater_role: 'carrier',
            score: 5,
            comment: null,
            payment: 'on_time',
            on_time: null,
            created_at: iso(carrierRatesMs),
          })
          .execute();
      }
      // into the totals as the product counts them: now if both sides rated or the blind days are over,
      // else when they are
      if (ownerRatesMs <= nowMs) await countOnceVisible(trx, { id: shipment.id, delivered_at: deliveredAt }, nowMs);
    }
  });
  return deals;
}
