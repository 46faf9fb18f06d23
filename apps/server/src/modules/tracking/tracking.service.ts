import { createHash, randomBytes } from 'node:crypto';
import {
  checkPosition,
  placeCoordinates,
  pathTo,
  POSITION_MIN_INTERVAL_MS,
  POSITIONS_PAGE_MAX,
  positionRejectionText,
  POSITION_REJECTIONS,
  PUBLIC_TRACK_POINTS_MAX,
  SHARE_LINK_DAYS_AFTER_DELIVERY,
  shipmentMode,
  webRoutes,
  type Language,
  type PositionBatchResult,
  type PositionPoint,
  type PositionRejection,
  type PositionsPage,
  type PublicTrack,
  type ShareLink,
  type TrackPoint,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { findPartyShipment, findShipmentById, findShipmentParties, shipmentChannel } from '../shipments/index.js';
import * as repo from './tracking.repository.js';

export interface TrackingContext {
  db: Db;
  bus: EventBus;
  /** Where people reach the app: share links start with it. */
  publicUrl: string;
  /** Tests fake the clock. */
  now?: () => number;
}

const nowOf = (ctx: TrackingContext) => (ctx.now ? ctx.now() : Date.now());

/** The statuses in which the carrier's phone shares its position (and, after delivery, sends what it kept). */
const ON_ROAD = new Set(['loaded', 'on_the_way', 'delivered']);

const msOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

function toPoint(row: repo.PositionRow): TrackPoint {
  return {
    lat: row.lat_e6 / 1e6,
    lon: row.lon_e6 / 1e6,
    accuracy_m: row.accuracy_m,
    speed_kmh: row.speed_kmh,
    recorded_at: new Date(Number(row.recorded_ms)).toISOString(),
  };
}

/**
 * A batch of points from the carrier's phone. Each point is checked on its own: the bad ones are named by their
 * index and the good ones kept. Of the good ones, a point at the time of one already kept is a duplicate
 * (a batch sent again), and a point closer than 10 s to a kept one is thinned away; the rest are stored in one
 * statement, and both parties' pages hear of them.
 */
export async function recordPositions(
  ctx: TrackingContext,
  userId: number,
  number: string,
  points: PositionPoint[],
  lang: Language,
): Promise<PositionBatchResult> {
  const shipment = await findShipmentParties(ctx.db, userId, number);
  if (shipment.carrier_id !== userId) throw new AppError('TRACKING_CARRIER_ONLY');
  if (!ON_ROAD.has(shipment.status)) throw new AppError('TRACKING_NOT_ON_ROAD');

  const nowMs = nowOf(ctx);
  const limits = { nowMs, loadedAtMs: msOf(shipment.loaded_at), deliveredAtMs: msOf(shipment.delivered_at) };
  const rejected: PositionRejection[] = [];
  const good: repo.PositionRow[] = [];
  points.forEach((point, index) => {
    const code = checkPosition(point, limits);
    if (code) {
      const { field } = POSITION_REJECTIONS[code];
      rejected.push({ index, field, code, error: positionRejectionText(code, lang) });
      return;
    }
    good.push({
      recorded_ms: Date.parse(point.recorded_at),
      lat_e6: Math.round(point.lat * 1e6),
      lon_e6: Math.round(point.lon * 1e6),
      accuracy_m: Math.ceil(point.accuracy_m),
      speed_kmh: point.speed_kmh == null ? null : Math.round(point.speed_kmh),
    });
  });
  // in the order they were taken, whatever order they came in: the first of a 10-second stretch is kept
  good.sort((a, b) => a.recorded_ms - b.recorded_ms);

  let duplicates = 0;
  let thinned = 0;
  const kept: repo.PositionRow[] = [];
  if (good.length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.lockShipmentTrack(trx, shipment.id);
      const first = good[0]!.recorded_ms;
      const last = good.at(-1)!.recorded_ms;
      const times = await repo.keptTimesBetween(
        trx,
        shipment.id,
        first - POSITION_MIN_INTERVAL_MS + 1,
        last + POSITION_MIN_INTERVAL_MS - 1,
      );
      const near = (ms: number) => {
        for (const other of times) if (Math.abs(other - ms) < POSITION_MIN_INTERVAL_MS) return other;
        return undefined;
      };
      for (const row of good) {
        const other = near(row.recorded_ms);
        if (other === row.recorded_ms) duplicates += 1;
        else if (other !== undefined) thinned += 1;
        else {
          kept.push(row);
          times.push(row.recorded_ms);
        }
      }
      await repo.insertPositions(
        trx,
        kept.map((row) => ({ shipment_id: shipment.id, ...row })),
      );
    });
  }
  if (kept.length > 0) {
    await ctx.bus.publish(shipmentChannel(shipment.number), { event: 'position', data: { points: kept.map(toPoint) } });
  }
  return { accepted: kept.length, duplicates, thinned, rejected };
}

/** The track of a shipment for either party: the points taken after `sinceMs`, oldest first, a page at a time. */
export async function listPositions(
  ctx: TrackingContext,
  userId: number,
  number: string,
  sinceMs: number | null,
): Promise<PositionsPage> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const rows = await repo.positionsAfter(ctx.db, shipment.id, sinceMs, POSITIONS_PAGE_MAX + 1);
  const { page, hasMore } = pageOf(rows, POSITIONS_PAGE_MAX);
  return { points: page.map(toPoint), more: hasMore };
}

/** Checks that the user may follow the shipment's events (owner or carrier); the shipment's channel. */
export async function shipmentEventsChannel(ctx: TrackingContext, userId: number, number: string): Promise<string> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  return shipmentChannel(shipment.number);
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A link stops working 7 days after the delivery; before the delivery it has no end yet. */
function linkExpiry(deliveredAt: string | null): string | null {
  if (deliveredAt === null) return null;
  return new Date(Date.parse(deliveredAt) + SHARE_LINK_DAYS_AFTER_DELIVERY * 86_400_000).toISOString();
}

/**
 * A new tracking link for the receiver, made by the owner or the carrier. The token is 144 random bits, shown
 * this once; only its hash is kept. Its end is computed from the delivery whenever it is read, so a link made
 * before the delivery still ends 7 days after it.
 */
export async function createShareLink(ctx: TrackingContext, userId: number, number: string): Promise<ShareLink> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const expiresAt = linkExpiry(shipment.delivered_at);
  // a link to a delivery whose links have already run out would be dead on arrival
  if (expiresAt !== null && Date.parse(expiresAt) <= nowOf(ctx)) throw new AppError('TRACKING_LINK_TOO_LATE');
  const token = randomBytes(18).toString('base64url');
  await repo.insertShareLink(ctx.db, {
    shipment_id: shipment.id,
    token_hash: hashToken(token),
    created_by: userId,
    created_at: new Date(nowOf(ctx)).toISOString(),
    revoked_at: null,
  });
  const url = new URL(pathTo(webRoutes.track, { token }), ctx.publicUrl).toString();
  return { token, url, expires_at: expiresAt };
}

/** Revokes one link of the shipment (owner or carrier); an unknown or already revoked token is 404. */
export async function revokeShareLink(
  ctx: TrackingContext,
  userId: number,
  number: string,
  token: string,
): Promise<void> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const revoked = await repo.revokeShareLink(ctx.db, shipment.id, hashToken(token), new Date(nowOf(ctx)).toISOString());
  if (!revoked) throw new AppError('TRACKING_LINK_NOT_FOUND');
}

/** Revokes every working link of the shipment (a link shared too widely, a lost phone); how many. */
export async function revokeAllShareLinks(ctx: TrackingContext, userId: number, number: string): Promise<number> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  return repo.revokeAllShareLinks(ctx.db, shipment.id, new Date(nowOf(ctx)).toISOString());
}

/**
 * What a tracking link shows, to anyone holding it: the status, the timeline, the way and the last position.
 * Nothing personal: no names, phone numbers, prices or notes. An unknown, revoked or expired link gets the one
 * same answer, so that none can be told from another.
 */
export async function publicTrack(ctx: TrackingContext, token: string): Promise<PublicTrack> {
  const link = await repo.findShareLink(ctx.db, hashToken(token));
  const shipment = link && link.revoked_at === null ? await findShipmentById(ctx.db, link.shipment_id) : undefined;
  const expiresAt = shipment ? linkExpiry(shipment.delivered_at) : null;
  if (!shipment || (expiresAt !== null && Date.parse(expiresAt) <= nowOf(ctx))) {
    throw new AppError('TRACKING_LINK_NOT_FOUND');
  }
  const count = await repo.countPositions(ctx.db, shipment.id);
  const rows =
    count <= PUBLIC_TRACK_POINTS_MAX
      ? await repo.positionsAfter(ctx.db, shipment.id, null, PUBLIC_TRACK_POINTS_MAX)
      : await repo.evenSample(ctx.db, shipment.id, count, PUBLIC_TRACK_POINTS_MAX);
  // the way ends where the shipment is: the sample always holds the last point
  const points = rows.map(toPoint);
  const lastPoint = points.at(-1) ?? null;
  return {
    number: shipment.number,
    status: shipment.status,
    mode: shipmentMode(shipment.description),
    origin: shipment.origin,
    destination: shipment.destination,
    origin_point: placeCoordinates(shipment.origin),
    destination_point: placeCoordinates(shipment.destination),
    loaded_at: shipment.loaded_at,
    on_the_way_at: shipment.on_the_way_at,
    delivered_at: shipment.delivered_at,
    points,
    last_position: lastPoint,
    expires_at: expiresAt,
  };
}
