import {
  centsToUsd,
  SHIPMENT_PREVIOUS_STEP,
  SHIPMENT_STEP_ACTOR,
  shipmentStatusLink,
  type Shipment,
  type ShipmentStep,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { CSV_PAGE_ROWS } from '../../plugins/csv.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { announce, recordNotifications } from '../notifications/index.js';
import * as repo from './shipments.repository.js';

export interface ShipmentsContext {
  db: Db;
  bus: EventBus;
  /** Inside the step's transaction: what else a step writes (the conversation's line of it). */
  onStep?: (trx: Db, step: { shipmentId: number; number: string; status: ShipmentStep; at: string }) => Promise<void>;
}

/**
 * The live events of one shipment, for its two parties (and the pages its share links open): `status` when it
 * moves a step, published here; `position` when its carrier's phone sends points, published by tracking.
 */
export const shipmentChannel = (number: string) => `shipment:${number}:events`;

/** Inside the award's transaction: the winning carrier's shipment, made from the tender and the bid. */
export async function createShipmentForAward(trx: Db, tenderId: number, bidId: number): Promise<void> {
  const source = await repo.findAwardSource(trx, tenderId, bidId);
  if (!source) throw new AppError('BID_NOT_FOUND');
  await repo.insertShipment(trx, {
    number: source.number,
    tender_id: source.tender_id,
    bid_id: source.bid_id,
    owner_id: source.owner_id,
    carrier_id: source.bidder_id,
    status: 'awarded',
    description: `${source.name} (${source.cargo_type})`,
    weight: source.cargo_weight,
    volume: source.cargo_volume,
    origin: source.origin_location,
    destination: source.destination_location,
    pickup_date: source.shipment_date,
    delivery_date: source.delivery_date,
    requirements: source.requirements ?? '',
    notes: source.notes ?? '',
    incoterms: source.incoterms ?? '',
    amount_cents: source.amount_cents,
    vehicle_type: source.vehicle_type,
    vehicle_plate: source.vehicle_plate,
    loaded_at: null,
    on_the_way_at: null,
    delivered_at: null,
    created_at: new Date().toISOString(),
  });
}

function present(row: repo.ShipmentRow, userId: number): Shipment {
  return {
    number: row.number,
    tender_id: row.tender_id,
    status: row.status,
    role: row.owner_id === userId ? 'owner' : 'carrier',
    description: row.description,
    weight: row.weight,
    volume: row.volume,
    origin: row.origin,
    destination: row.destination,
    pickupDate: row.pickup_date,
    deliveryDate: row.delivery_date,
    requirements: row.requirements,
    notes: row.notes,
    incoterms: row.incoterms,
    amount: centsToUsd(row.amount_cents),
    carrier_name: `${row.carrier_first_name} ${row.carrier_last_name}`,
    carrier_phone: row.carrier_phone,
    owner_name: `${row.owner_first_name} ${row.owner_last_name}`,
    vehicle:
      row.vehicle_type && row.vehicle_plate
        ? { type: row.vehicle_type as NonNullable<Shipment['vehicle']>['type'], plate: row.vehicle_plate }
        : null,
    loaded_at: row.loaded_at,
    on_the_way_at: row.on_the_way_at,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

export async function listShipments(ctx: ShipmentsContext, userId: number): Promise<Shipment[]> {
  return (await repo.listShipmentsOf(ctx.db, userId)).map((row) => present(row, userId));
}

/** A shipment as its CSV row shows it: the API's fields and the tender's name. */
export interface ShipmentCsvRow extends Shipment {
  tender_name: string;
}

/**
 * Every shipment of the user (as owner or carrier) for a CSV, page after page (CSV_PAGE_ROWS at a time,
 * newest first, each page after the last id of the one before).
 */
export function shipmentPages(ctx: ShipmentsContext, userId: number): AsyncIterable<ShipmentCsvRow[]> {
  async function* pages() {
    let beforeId: number | undefined;
    for (;;) {
      const rows = await repo.listShipmentPage(ctx.db, userId, { limit: CSV_PAGE_ROWS, beforeId });
      yield rows.map((row) => ({ ...present(row, userId), tender_name: row.tender_name ?? row.description }));
      const last = rows.at(-1);
      if (rows.length < CSV_PAGE_ROWS || !last) return;
      beforeId = last.id;
    }
  }
  return pages();
}

export async function getShipment(ctx: ShipmentsContext, userId: number, number: string): Promise<Shipment> {
  const row = await repo.findShipmentByNumber(ctx.db, number, userId);
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
  return present(row, userId);
}

/** The carrier sets loaded, then on_the_way; the owner confirms delivered. The other party is told. */
export async function moveShipment(
  ctx: ShipmentsContext,
  userId: number,
  number: string,
  step: ShipmentStep,
): Promise<Shipment> {
  const row = await repo.findShipmentByNumber(ctx.db, number, userId);
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
  const actorId = SHIPMENT_STEP_ACTOR[step] === 'carrier' ? row.carrier_id : row.owner_id;
  if (actorId !== userId) throw new AppError('SHIPMENT_STEP_NOT_YOURS');
  const otherParty = userId === row.owner_id ? row.carrier_id : row.owner_id;
  const at = new Date().toISOString();
  const told = await ctx.db.transaction().execute(async (trx) => {
    const moved = await repo.advanceShipment(trx, { number, from: SHIPMENT_PREVIOUS_STEP[step], to: step, at });
    if (!moved) throw new AppError('SHIPMENT_STEP_OUT_OF_ORDER');
    await ctx.onStep?.(trx, { shipmentId: row.id, number, status: step, at });
    return recordNotifications(trx, [
      {
        userId: otherParty,
        kind: 'shipment_moved',
        params: { number, status: step },
        link: shipmentStatusLink(number),
      },
    ]);
  });
  await announce(ctx.bus, told);
  await ctx.bus.publish(shipmentChannel(number), { event: 'status', data: { status: step } });
  return getShipment(ctx, userId, number);
}

/**
 * A shipment of which the user is owner or carrier, as stored (its id and both parties' ids included), for
 * the modules built on shipments; anyone else's is SHIPMENT_NOT_FOUND, the same as a missing one.
 */
export async function findPartyShipment(db: Db, userId: number, number: string): Promise<repo.ShipmentRow> {
  const row = await repo.findShipmentByNumber(db, number, userId);
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
  return row;
}

/**
 * The parties and steps of a shipment of which the user is owner or carrier (no names: for hot paths); anyone
 * else's is SHIPMENT_NOT_FOUND, the same as a missing one.
 */
export async function findShipmentParties(db: Db, userId: number, number: string) {
  const row = await repo.findShipmentParties(db, number);
  if (!row || (row.owner_id !== userId && row.carrier_id !== userId)) throw new AppError('SHIPMENT_NOT_FOUND');
  return row;
}

/** A shipment as stored, by its id, whoever asks (a share link names it); undefined when there is none. */
export function findShipmentById(db: Db, id: number): Promise<repo.ShipmentRow | undefined> {
  return repo.findShipmentById(db, id);
}
