import { POSITION_BATCH_MAX, POSITION_MIN_INTERVAL_MS, type PositionPointInput } from '@yuk/shared';

/**
 * The points the carrier's phone has taken and not yet handed to the server, kept in local storage under one
 * key per shipment, oldest first: they survive a lost connection, a closed tab and a restart, and are sent in
 * the order they were taken. Local storage (not IndexedDB) because it is synchronous and small enough: a point
 * is ~110 bytes, and at one point per 10 s a day offline is ~950 KB; past QUEUE_MAX the oldest points go first.
 */
export const QUEUE_MAX = 8_640; // a day at one point per 10 s

/** The storage the queue lives in (localStorage; tests pass their own). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (number: string) => `yuk.positions.${number}`;

const timeOf = (point: PositionPointInput) => Date.parse(point.recorded_at);

function isPoint(value: unknown): value is PositionPointInput {
  if (typeof value !== 'object' || value === null) return false;
  const point = value as Record<string, unknown>;
  return (
    typeof point.lat === 'number' &&
    typeof point.lon === 'number' &&
    typeof point.accuracy_m === 'number' &&
    typeof point.recorded_at === 'string' &&
    Number.isFinite(Date.parse(point.recorded_at))
  );
}

/** The kept points of a shipment, oldest first ([] when none, or storage cannot be read). */
export function readQueue(storage: QueueStorage, number: string): PositionPointInput[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(number)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPoint) : [];
  } catch {
    return [];
  }
}

function writeQueue(storage: QueueStorage, number: string, points: PositionPointInput[]): boolean {
  try {
    if (points.length === 0) storage.removeItem(keyOf(number));
    else storage.setItem(keyOf(number), JSON.stringify(points));
    return true;
  } catch {
    return false; // storage full or unavailable: the caller keeps what it could
  }
}

/**
 * Adds a point in its place by time. A point within 10 s of one already waiting is left out (the server would
 * keep only one of them); so is the same point twice. Returns how many points wait.
 */
export function enqueuePoint(storage: QueueStorage, number: string, point: PositionPointInput): number {
  const queue = readQueue(storage, number);
  const at = timeOf(point);
  if (queue.some((other) => Math.abs(timeOf(other) - at) < POSITION_MIN_INTERVAL_MS)) return queue.length;
  const index = queue.findIndex((other) => timeOf(other) > at);
  if (index === -1) queue.push(point);
  else queue.splice(index, 0, point);
  const kept = queue.length > QUEUE_MAX ? queue.slice(queue.length - QUEUE_MAX) : queue;
  // a full storage keeps the newest half rather than nothing
  if (!writeQueue(storage, number, kept)) writeQueue(storage, number, kept.slice(Math.floor(kept.length / 2)));
  return kept.length;
}

/** The oldest points, at most one batch of them. */
export function nextBatch(storage: QueueStorage, number: string, max = POSITION_BATCH_MAX): PositionPointInput[] {
  return readQueue(storage, number).slice(0, max);
}

/** Takes the points of a batch out once the server has answered for them (whatever it kept of them). */
export function dropSent(storage: QueueStorage, number: string, sent: readonly PositionPointInput[]): number {
  const done = new Set(sent.map((point) => point.recorded_at));
  const left = readQueue(storage, number).filter((point) => !done.has(point.recorded_at));
  writeQueue(storage, number, left);
  return left.length;
}

export function clearQueue(storage: QueueStorage, number: string): void {
  writeQueue(storage, number, []);
}

/** What became of one attempt to send a batch. */
export type SendOutcome =
  /** The server answered for the points (kept, duplicates, thinned or refused by a rule): they are done. */
  | 'sent'
  /** The server will never take these points (a malformed batch): they are dropped so the rest can go. */
  | 'refused'
  /** The shipment no longer takes points from this phone (not ours, gone): the whole queue is dropped. */
  | 'closed'
  /** No connection, or the server is busy: everything stays for the next attempt. */
  | 'retry';

/**
 * Sends the kept points, oldest first, a batch at a time, until the queue is empty or an attempt must wait.
 * Each batch leaves the queue only once the server has answered for it, so a point is never lost to a dropped
 * connection (and one sent twice is a duplicate the server ignores). Returns how many points still wait.
 */
export async function flushQueue(
  storage: QueueStorage,
  number: string,
  send: (points: PositionPointInput[]) => Promise<SendOutcome>,
): Promise<number> {
  for (;;) {
    const batch = nextBatch(storage, number);
    if (batch.length === 0) return 0;
    const outcome = await send(batch);
    if (outcome === 'retry') return readQueue(storage, number).length;
    if (outcome === 'closed') {
      clearQueue(storage, number);
      return 0;
    }
    dropSent(storage, number, batch);
  }
}
