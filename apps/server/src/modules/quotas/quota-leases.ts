import type { FastifyBaseLogger } from 'fastify';
import type { CounterEntry, QuotaCounters } from './quota-counters.js';

/** An instance holds at most this share of a window's allowance unused… */
const LEASE_SHARE = 1 / 20;
/** …and never more than this many attempts. */
const LEASE_MAX = 100;
/** Keys whose lease is remembered, at most; beyond, the leases of windows that are over go first. */
const LEASES_MAX = 100_000;

/**
 * How many attempts an instance takes from the shared counter at once for a window of `max`: one for the
 * small limits (SMS codes, reports: counted exactly, attempt by attempt), a twentieth of the larger ones.
 */
export function leaseSize(max: number): number {
  return Math.max(1, Math.min(LEASE_MAX, Math.floor(max * LEASE_SHARE)));
}

interface Lease {
  windowStart: number;
  /** Attempts this instance took from the shared counter in this window… */
  granted: number;
  /** …and those it has admitted or refused since. */
  used: number;
  /** The shared counter is at its limit: no more to take in this window. */
  spent: boolean;
  /** A reservation under way, which attempts arriving meanwhile wait for instead of making their own. */
  pending?: Promise<void>;
}

export interface QuotaLeases {
  /**
   * Counts one attempt from this instance's lease when that needs no write: true or false (within the limit
   * or not), or undefined when the lease is used up and `take` must reserve more.
   */
  takeHeld(entry: CounterEntry): boolean | undefined;
  /**
   * Counts one attempt against a key's window of `max`; true when it is within the limit. Only when this
   * instance's lease is used up does it reach the shared counter, for a new lease.
   */
  take(entry: CounterEntry, max: number): Promise<boolean>;
}

/**
 * Attempts counted in leases: an instance reserves a block of a window's allowance in the shared counter
 * (one write), then admits attempts from it in memory until it is used up. The shared counter holds what
 * every instance reserved, so together they never admit more than the limit; what one instance holds unused
 * may refuse an attempt at another a little early (at most one lease per other instance). A restart forgets
 * what it held unused, which only errs on the strict side. Under a burst of bids this turns four counter
 * writes per bid into a few per hundred.
 */
export function createQuotaLeases(counters: QuotaCounters, log: FastifyBaseLogger): QuotaLeases {
  const leases = new Map<string, Lease>();

  const forget = (nowWindowEnd: (lease: Lease, key: string) => boolean) => {
    for (const [key, lease] of leases) if (nowWindowEnd(lease, key) && !lease.pending) leases.delete(key);
  };

  const leaseOf = (entry: CounterEntry): Lease => {
    let lease = leases.get(entry.key);
    if (!lease || lease.windowStart < entry.windowStart) {
      if (!lease && leases.size >= LEASES_MAX) {
        // the windows that are over first; if all are current, every lease (held attempts are lost: stricter)
        forget((held) => held.windowStart < entry.windowStart);
        if (leases.size >= LEASES_MAX) forget(() => true);
      }
      lease = { windowStart: entry.windowStart, granted: 0, used: 0, spent: false };
      leases.set(entry.key, lease);
    }
    return lease;
  };

  const reserve = (entry: CounterEntry, lease: Lease, max: number): Promise<void> => {
    const size = leaseSize(max);
    return counters.add([{ ...entry, amount: size }]).then(([total = size]) => {
      // what of this block fits under the limit, given all that every instance reserved before it
      const fits = Math.max(0, Math.min(size, max - (total - size)));
      lease.granted += fits;
      if (fits < size) lease.spent = true;
    });
  };

  const takeHeld = (entry: CounterEntry): boolean | undefined => {
    const lease = leases.get(entry.key);
    if (!lease || lease.windowStart < entry.windowStart || lease.pending) return undefined;
    if (lease.used < lease.granted || lease.spent) {
      lease.used += 1;
      return lease.used <= lease.granted;
    }
    return undefined;
  };

  return {
    takeHeld,
    async take(entry, max) {
      for (;;) {
        const lease = leaseOf(entry);
        // an attempt from an instance whose clock is behind the window counts in the one it sees
        if (lease.windowStart > entry.windowStart) entry = { ...entry, windowStart: lease.windowStart };
        if (lease.used < lease.granted || lease.spent) {
          lease.used += 1;
          return lease.used <= lease.granted;
        }
        if (!lease.pending) {
          lease.pending = reserve(entry, lease, max)
            .catch((error: unknown) => {
              // the quotas protect the service, never take it down: an attempt that cannot be counted passes
              log.warn({ err: error }, 'quotas: could not count, letting the request through');
              lease.granted += 1;
            })
            .finally(() => {
              lease.pending = undefined;
            });
        }
        await lease.pending;
      }
    },
  };
}
