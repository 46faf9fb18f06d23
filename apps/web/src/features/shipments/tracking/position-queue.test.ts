import { describe, expect, it } from 'vitest';
import type { PositionPointInput } from '@yuk/shared';
import {
  clearQueue,
  dropSent,
  enqueuePoint,
  flushQueue,
  nextBatch,
  QUEUE_MAX,
  readQueue,
  type QueueStorage,
  type SendOutcome,
} from './position-queue';

/** A storage of its own per test (as localStorage behaves), that can be made full. */
function memoryStorage(): QueueStorage & { full: boolean; data: Map<string, string> } {
  const data = new Map<string, string>();
  const storage = {
    full: false,
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (storage.full) throw new DOMException('full', 'QuotaExceededError');
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
  return storage;
}

const T0 = Date.parse('2026-12-01T06:00:00Z');
const point = (seconds: number): PositionPointInput => ({
  lat: 41 + seconds / 1e4,
  lon: 69,
  accuracy_m: 10,
  speed_kmh: 60,
  recorded_at: new Date(T0 + seconds * 1000).toISOString(),
});
const times = (points: PositionPointInput[]) => points.map((p) => (Date.parse(p.recorded_at) - T0) / 1000);

describe('the offline queue of positions', () => {
  it('keeps the points in the order they were taken, whatever order they arrive in', () => {
    const storage = memoryStorage();
    for (const seconds of [30, 10, 50, 20, 40]) enqueuePoint(storage, 'YT-1', point(seconds));
    expect(times(readQueue(storage, 'YT-1'))).toEqual([10, 20, 30, 40, 50]);
  });

  it('leaves out a point within 10 s of one waiting (the server keeps one per 10 s), and the same point twice', () => {
    const storage = memoryStorage();
    expect(enqueuePoint(storage, 'YT-1', point(0))).toBe(1);
    expect(enqueuePoint(storage, 'YT-1', point(4))).toBe(1);
    expect(enqueuePoint(storage, 'YT-1', point(0))).toBe(1);
    expect(enqueuePoint(storage, 'YT-1', point(10))).toBe(2);
  });

  it('keeps each shipment apart, and survives a reload (it lives in storage)', () => {
    const storage = memoryStorage();
    enqueuePoint(storage, 'YT-1', point(0));
    enqueuePoint(storage, 'YT-2', point(100));
    expect(times(readQueue(storage, 'YT-1'))).toEqual([0]);
    expect(times(readQueue(storage, 'YT-2'))).toEqual([100]);
    clearQueue(storage, 'YT-1');
    expect(readQueue(storage, 'YT-1')).toEqual([]);
    expect(storage.data.has('yuk.positions.YT-1')).toBe(false);
  });

  it('reads broken storage as empty', () => {
    const storage = memoryStorage();
    storage.data.set('yuk.positions.YT-1', '{not json');
    expect(readQueue(storage, 'YT-1')).toEqual([]);
    storage.data.set('yuk.positions.YT-1', JSON.stringify([point(0), { lat: 'x' }, 42]));
    expect(times(readQueue(storage, 'YT-1'))).toEqual([0]);
  });

  it('hands out the oldest 100 first, and drops only what was answered for', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 150; i += 1) enqueuePoint(storage, 'YT-1', point(i * 10));
    const batch = nextBatch(storage, 'YT-1');
    expect(batch).toHaveLength(100);
    expect(times(batch)[0]).toBe(0);
    expect(times(batch)[99]).toBe(990);
    // a point taken while the batch was on its way stays
    enqueuePoint(storage, 'YT-1', point(5000));
    expect(dropSent(storage, 'YT-1', batch)).toBe(51);
    expect(times(readQueue(storage, 'YT-1'))[0]).toBe(1000);
  });

  it('keeps at most a day of points, the oldest going first', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: QUEUE_MAX }, (_, i) => point(i * 10));
    storage.data.set('yuk.positions.YT-1', JSON.stringify(many));
    enqueuePoint(storage, 'YT-1', point(QUEUE_MAX * 10));
    const kept = readQueue(storage, 'YT-1');
    expect(kept).toHaveLength(QUEUE_MAX);
    expect(times(kept)[0]).toBe(10);
    expect(times(kept).at(-1)).toBe(QUEUE_MAX * 10);
  });

  it('keeps the newest half when the storage is full', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 10; i += 1) enqueuePoint(storage, 'YT-1', point(i * 10));
    let writes = 0;
    const setItem = storage.setItem;
    storage.setItem = (key, value) => {
      writes += 1;
      if (writes === 1) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    };
    enqueuePoint(storage, 'YT-1', point(100));
    expect(times(readQueue(storage, 'YT-1'))).toEqual([50, 60, 70, 80, 90, 100]);
  });
});

describe('sending the queue', () => {
  it('sends every batch in order, oldest first, and empties the queue', async () => {
    const storage = memoryStorage();
    for (let i = 0; i < 250; i += 1) enqueuePoint(storage, 'YT-1', point(i * 10));
    const sent: number[][] = [];
    const left = await flushQueue(storage, 'YT-1', async (points) => {
      sent.push(times(points));
      return 'sent';
    });
    expect(left).toBe(0);
    expect(sent.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(sent.flat()).toEqual(Array.from({ length: 250 }, (_, i) => i * 10));
    expect(readQueue(storage, 'YT-1')).toEqual([]);
  });

  it('stops at a failed attempt and keeps everything from it on, to resume in the same order', async () => {
    const storage = memoryStorage();
    for (let i = 0; i < 250; i += 1) enqueuePoint(storage, 'YT-1', point(i * 10));
    const outcomes: SendOutcome[] = ['sent', 'retry'];
    const first = await flushQueue(storage, 'YT-1', async () => outcomes.shift() ?? 'sent');
    expect(first).toBe(150);
    expect(times(nextBatch(storage, 'YT-1'))[0]).toBe(1000);
    const sent: number[] = [];
    expect(
      await flushQueue(storage, 'YT-1', async (points) => {
        sent.push(...times(points));
        return 'sent';
      }),
    ).toBe(0);
    expect(sent).toEqual(Array.from({ length: 150 }, (_, i) => 1000 + i * 10));
  });

  it('drops a batch the server will never take, and everything once the shipment takes no more', async () => {
    const storage = memoryStorage();
    for (let i = 0; i < 150; i += 1) enqueuePoint(storage, 'YT-1', point(i * 10));
    const seen: number[] = [];
    const outcomes: SendOutcome[] = ['refused', 'sent'];
    await flushQueue(storage, 'YT-1', async (points) => {
      seen.push(times(points)[0]!);
      return outcomes.shift()!;
    });
    expect(seen).toEqual([0, 1000]);
    for (let i = 0; i < 150; i += 1) enqueuePoint(storage, 'YT-2', point(i * 10));
    expect(await flushQueue(storage, 'YT-2', async () => 'closed')).toBe(0);
    expect(readQueue(storage, 'YT-2')).toEqual([]);
  });
});
