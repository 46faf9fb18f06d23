import type { FastifyInstance } from 'fastify';
import { marketToday, pathTo, type CreateTenderInput, type Tender, apiPaths } from '@yuk/shared';
import type { Database } from '../../src/db/database.js';
import { dueHandlers } from '../../src/due-handlers.js';
import { runDueActions } from '../../src/modules/deadlines/index.js';
import { createMemoryEventBus } from '../../src/plugins/event-bus.js';
import { api } from '../helpers.js';

/** A date `days` from today (Tashkent), YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date(`${marketToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function buildTenderInput(overrides: Partial<CreateTenderInput> = {}): CreateTenderInput {
  return {
    name: 'Paxta tolasi',
    cargo_type: 'Truck - tented',
    cargo_weight: 20000,
    cargo_volume: 82,
    origin_location: 'Tashkent',
    destination_location: 'Almaty',
    shipment_date: daysFromToday(3),
    delivery_date: daysFromToday(6),
    tender_start_date: daysFromToday(0),
    tender_end_date: daysFromToday(2),
    initial_price: 1500,
    status: 'opened',
    ...overrides,
  };
}

/** Posts a tender as the given user through the API. */
export async function createTender(
  app: FastifyInstance,
  token: string,
  overrides: Partial<CreateTenderInput> = {},
): Promise<Tender> {
  const res = await api(app, {
    method: 'POST',
    url: apiPaths.tenders.collection,
    token,
    payload: buildTenderInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create tender failed: ${res.statusCode} ${res.body}`);
  return res.json<Tender>();
}

/** Moves a tender's close time (and its scheduled close) to `closesAtMs`, as a tender created then would have. */
export async function setTenderClose(database: Database, tenderId: number, closesAtMs: number): Promise<void> {
  await database.db.updateTable('tenders').set({ closes_at_ms: closesAtMs }).where('id', '=', tenderId).execute();
  await database.db
    .updateTable('due_actions')
    .set({ due_at_ms: closesAtMs })
    .where('kind', '=', 'tender_close')
    .where('subject_id', '=', tenderId)
    .execute();
}

/** When the schedule will close this tender (its tender_close row's due instant). */
export async function scheduledCloseMs(database: Database, tenderId: number): Promise<number> {
  const due = await database.db
    .selectFrom('due_actions')
    .select('due_at_ms')
    .where('kind', '=', 'tender_close')
    .where('subject_id', '=', tenderId)
    .executeTakeFirstOrThrow();
  return Number(due.due_at_ms);
}

/**
 * Time passes a tender's close: its close time (and the scheduled close) moves into the past, as the clock
 * would move them. The schedule then acts on it at its next run (`runSchedule`).
 */
export async function passTenderClose(database: Database, tenderId: number, endDate?: string): Promise<void> {
  if (endDate) {
    await database.db.updateTable('tenders').set({ tender_end_date: endDate }).where('id', '=', tenderId).execute();
  }
  await setTenderClose(database, tenderId, Date.now() - 1000);
}

/** Runs every due action now, as the server's deadline runner would; returns how many ran. */
export function runSchedule(database: Database, now?: () => Date): Promise<number> {
  return runDueActions({ db: database.db, bus: createMemoryEventBus(), ...(now ? { now } : {}) }, dueHandlers);
}

/** The carrier's answer to an award of their bid, through the API. */
export async function answerAward(
  app: FastifyInstance,
  carrierToken: string,
  bidId: number,
  answer: 'confirm' | 'decline' = 'confirm',
) {
  return api(app, {
    method: 'POST',
    url: pathTo(answer === 'confirm' ? apiPaths.bids.confirm : apiPaths.bids.decline, { id: bidId }),
    token: carrierToken,
  });
}
