import { cargoTypeModes, marketToday, placeKey } from '@yuk/shared';
import { notNull, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Lane price guidance: per lane, mode and Tashkent day, the prices of the accepted deals, and each carrier's
 * last deal on a lane. Filled from the shipments that exist (each one is an accepted deal), then kept by the
 * award that settles each new one.
 */
export const lanePricesMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('lane_price_days')
      .addColumn('lane', 'text', notNull)
      .addColumn('mode', 'text', notNull)
      .addColumn('day', 'text', notNull)
      .addColumn('deals', 'integer', notNull)
      .addColumn('amounts', 'text', notNull)
      .addColumn('per_ton', 'text', notNull)
      .addPrimaryKeyConstraint('lane_price_days_pk', ['lane', 'mode', 'day'])
      .execute();
    await db.schema
      .createTable('lane_carriers')
      .addColumn('lane', 'text', notNull)
      .addColumn('mode', 'text', notNull)
      .addColumn('carrier_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_day', 'text', notNull)
      .addPrimaryKeyConstraint('lane_carriers_pk', ['lane', 'mode', 'carrier_id'])
      .execute();
    await db.schema
      .createIndex('lane_carriers_window_idx')
      .on('lane_carriers')
      .columns(['lane', 'mode', 'last_day'])
      .execute();

    const deals: {
      carrier_id: number;
      amount_cents: number;
      created_at: string;
      origin_location: string;
      destination_location: string;
      cargo_type: string;
      cargo_weight: number;
    }[] = await db
      .selectFrom('shipments')
      .innerJoin('tenders', 'tenders.id', 'shipments.tender_id')
      .select([
        'shipments.carrier_id',
        'shipments.amount_cents',
        'shipments.created_at',
        'tenders.origin_location',
        'tenders.destination_location',
        'tenders.cargo_type',
        'tenders.cargo_weight',
      ])
      .orderBy('shipments.id')
      .execute();
    const days = new Map<string, { lane: string; mode: string; day: string; amounts: number[]; perTon: number[] }>();
    const carriers = new Map<string, { lane: string; mode: string; carrier_id: number; last_day: string }>();
    for (const deal of deals) {
      const lane = `${placeKey(deal.origin_location)}>${placeKey(deal.destination_location)}`;
      const day = marketToday(new Date(deal.created_at));
      const weight = Number(deal.cargo_weight);
      const perTon = Math.round(weight > 0 ? (deal.amount_cents * 1000) / weight : deal.amount_cents);
      for (const mode of cargoTypeModes(deal.cargo_type)) {
        const key = `${lane}|${mode}|${day}`;
        const row = days.get(key) ?? { lane, mode, day, amounts: [], perTon: [] };
        row.amounts.push(deal.amount_cents);
        row.perTon.push(perTon);
        days.set(key, row);
        const carrierKey = `${lane}|${mode}|${deal.carrier_id}`;
        const known = carriers.get(carrierKey);
        if (!known || known.last_day < day)
          carriers.set(carrierKey, { lane, mode, carrier_id: deal.carrier_id, last_day: day });
      }
    }
    for (const row of days.values()) {
      await db
        .insertInto('lane_price_days')
        .values({
          lane: row.lane,
          mode: row.mode,
          day: row.day,
          deals: row.amounts.length,
          amounts: JSON.stringify(row.amounts),
          per_ton: JSON.stringify(row.perTon),
        })
        .execute();
    }
    for (const row of carriers.values()) await db.insertInto('lane_carriers').values(row).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('lane_carriers').execute();
    await db.schema.dropTable('lane_price_days').execute();
  },
});
