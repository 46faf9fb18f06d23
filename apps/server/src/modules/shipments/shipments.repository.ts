import type { ShipmentStatus } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { ShipmentsTable } from './shipments.tables.js';

/** What a shipment is made of at the award: the tender and the winning bid (with its vehicle, if it named one). */
export function findAwardSource(trx: Db, tenderId: number, bidId: number) {
  return trx
    .selectFrom('tenders')
    .innerJoin('bids', 'bids.tender_id', 'tenders.id')
    .leftJoin('vehicles', 'vehicles.id', 'bids.vehicle_id')
    .select([
      'tenders.id as tender_id',
      'tenders.number',
      'tenders.owner_id',
      'tenders.name',
      'tenders.cargo_type',
      'tenders.cargo_weight',
      'tenders.cargo_volume',
      'tenders.origin_location',
      'tenders.destination_location',
      'tenders.shipment_date',
      'tenders.delivery_date',
      'tenders.requirements',
      'tenders.notes',
      'tenders.incoterms',
      'bids.id as bid_id',
      'bids.bidder_id',
      'bids.amount_cents',
      'vehicles.vehicle_type',
      'vehicles.license_plate as vehicle_plate',
    ])
    .where('tenders.id', '=', tenderId)
    .where('bids.id', '=', bidId)
    .executeTakeFirst();
}

export async function insertShipment(trx: Db, values: Omit<ShipmentsTable, 'id'>) {
  await trx.insertInto('shipments').values(values).execute();
}

const shipmentColumns = [
  'shipments.id',
  'shipments.number',
  'shipments.tender_id',
  'shipments.owner_id',
  'shipments.carrier_id',
  'shipments.status',
  'shipments.description',
  'shipments.weight',
  'shipments.volume',
  'shipments.origin',
  'shipments.destination',
  'shipments.pickup_date',
  'shipments.delivery_date',
  'shipments.requirements',
  'shipments.notes',
  'shipments.incoterms',
  'shipments.amount_cents',
  'shipments.vehicle_type',
  'shipments.vehicle_plate',
  'shipments.loaded_at',
  'shipments.on_the_way_at',
  'shipments.delivered_at',
  'shipments.created_at',
  'carrier.first_name as carrier_first_name',
  'carrier.last_name as carrier_last_name',
  'carrier.phone_number as carrier_phone',
  'owner.first_name as owner_first_name',
  'owner.last_name as owner_last_name',
] as const;

function shipmentsQuery(db: Db) {
  return db
    .selectFrom('shipments')
    .innerJoin('users as carrier', 'carrier.id', 'shipments.carrier_id')
    .innerJoin('users as owner', 'owner.id', 'shipments.owner_id')
    .select(shipmentColumns);
}

export type ShipmentRow = NonNullable<Awaited<ReturnType<typeof findShipmentByNumber>>>;

/** A shipment of which the user is owner or carrier. */
export function findShipmentByNumber(db: Db, number: string, userId: number) {
  return shipmentsQuery(db)
    .where('shipments.number', '=', number)
    .where((eb) => eb.or([eb('shipments.owner_id', '=', userId), eb('shipments.carrier_id', '=', userId)]))
    .executeTakeFirst();
}

/**
 * A shipment's parties and steps, by its number: what a call on a hot path (a phone's positions, every few
 * seconds from every truck on the road) needs to decide, without the people's names. Prepared once.
 */
const shipmentParties = preparedQuery<
  { number: string },
  Pick<ShipmentsTable, 'number' | 'owner_id' | 'carrier_id' | 'status' | 'loaded_at' | 'delivered_at'> & { id: number }
>((db, arg) =>
  db
    .selectFrom('shipments')
    .select(['id', 'number', 'owner_id', 'carrier_id', 'status', 'loaded_at', 'delivered_at'])
    .where('number', '=', arg('number')),
);

export const findShipmentParties = (db: Db, number: string) => shipmentParties.first(db, { number });

/** A shipment by its id, whoever asks (a share link names it); the caller decides what to show. */
export function findShipmentById(db: Db, id: number) {
  return shipmentsQuery(db).where('shipments.id', '=', id).executeTakeFirst();
}

export function listShipmentsOf(db: Db, userId: number) {
  return shipmentsQuery(db)
    .where((eb) => eb.or([eb('shipments.owner_id', '=', userId), eb('shipments.carrier_id', '=', userId)]))
    .orderBy('shipments.id', 'desc')
    .limit(500)
    .execute();
}

/**
 * One page of the user's shipments for a CSV, newest first, older than `beforeId` when given; with the
 * tender's own name (the description adds the cargo type to it).
 */
export function listShipmentPage(db: Db, userId: number, { limit, beforeId }: { limit: number; beforeId?: number }) {
  return shipmentsQuery(db)
    .leftJoin('tenders', 'tenders.id', 'shipments.tender_id')
    .select('tenders.name as tender_name')
    .where((eb) => eb.or([eb('shipments.owner_id', '=', userId), eb('shipments.carrier_id', '=', userId)]))
    .$if(beforeId !== undefined, (qb) => qb.where('shipments.id', '<', beforeId ?? 0))
    .orderBy('shipments.id', 'desc')
    .limit(limit)
    .execute();
}

const stampColumn = { loaded: 'loaded_at', on_the_way: 'on_the_way_at', delivered: 'delivered_at' } as const;

/** Moves a shipment one step on; false when it was not at the step before (out of order, or raced). */
export async function advanceShipment(
  trx: Db,
  args: { number: string; from: ShipmentStatus; to: keyof typeof stampColumn; at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('shipments')
    .set({ status: args.to, [stampColumn[args.to]]: args.at })
    .where('number', '=', args.number)
    .where('status', '=', args.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
