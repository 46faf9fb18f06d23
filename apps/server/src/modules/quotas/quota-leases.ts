import type { FastifyBaseLogger } from 'fastify';
import type { CounterEntry, QuotaCounters } from './quota-counters.js';

/** An instance holds at most this share of a window's allowance unused… */
const LEASE_SHARE = 1 / 20;
/** …and never more than this many attempts. */
const LEASE_MAX = 100;
/**
 * A lease of at least this many attempts takes the next one when half of it is used, before it runs out: the
 * attempts that would arrive meanwhile do not wait for the write (under a burst they were answered late, and
 * their bids refused as outbid by the lower ones that went on). Such an instance holds at most a lease and a
 * half unused. The small leases (limits under 400) are not taken ahead: they stay counted closely.
 */
const AHEAD_MIN_LEASE = 20;
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
   * Counts one attempt against a key's window of `max`: true when it is within the limit. From the lease
   * held, at once (no write, no promise); only when that is used up does it reach the shared counter, for a
   * new lease, and answer later.
   */
  take(entry: CounterEntry, max: number): boolean | Promise<boolean>;
}

/**
 * Attempts counted in leases: an instance reserves a block of a window's allowance in the shared counter
 * (one write), then admits attempts from it in memory until it is used up. The shared counter holds what
 * every instance reserved, so together they never admit more than the limit; what one instance holds unused
 * may refuse an attempt at another a little early (at most a lease, or a lease and a half when taken ahead, per
 * other instance). A restart forgets
 * what it held unused, which only errs on the strict side. Under a burst of bids this turns four counter
 * writes per bid into a few per hundred.
 */
export function createQuotaLeases(counters: QuotaCounters, log: FastifyBaseLogger): QuotaLeases {
  const leases = new Map<string, Lease>();

  const forget = (stale: (lease: Lease) => boolean) => {
    for (const [key, lease] of leases) if (stale(lease) && !lease.pending) leases.delete(key);
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

  /** One attempt from what the lease holds; undefined when nothing is left to take without a reservation. */
  const useHeld = (lease: Lease): boolean | undefined => {
    if (lease.used >= lease.granted && !lease.spent) return undefined;
    lease.used += 1;
    return lease.used <= lease.granted;
  };

  const reserve = (entry: CounterEntry, lease: Lease, max: number): Promise<void> => {
    const size = leaseSize(max);
    return counters
      .add([{ ...entry, amount: size }])
      .then(([total = size]) => {
        // what of this block fits under the limit, given all that every instance reserved before it
        const fits = Math.max(0, Math.min(size, max - (total - size)));
        lease.granted += fits;
        if (fits < size) lease.spent = true;
      })
      .catch((error: unknown) => {
        // the quotas protect the service, never take it down: an attempt that cannot be counted passes
        log.warn({ err: error }, 'quotas: could not count, letting the request through');
        lease.granted += 1;
      })
      .finally(() => {
        lease.pending = undefined;
      });
  };

  /** Waits for a reservation (its own or one under way) until the lease has an attempt to give. */
  async function takeReserved(entry: CounterEntry, lease: Lease, max: number): Promise<boolean> {
    for (;;) {
      lease.pending ??= reserve(entry, lease, max);
      await lease.pending;
      const held = useHeld(lease);
      if (held !== undefined) return held;
    }
  }

  return {
    take(entry, max) {
      const lease = leaseOf(entry);
      // an attempt from an instance whose clock is behind the window counts in the one it sees
      const counted = lease.windowStart > entry.windowStart ? { ...entry, windowStart: lease.windowStart } : entry;
      // (while a reservation is under way the lease is used up: the attempt waits for it)
      const held = useHeld(lease);
      if (held === undefined) return takeReserved(counted, lease, max);
      const size = leaseSize(max);
      if (size >= AHEAD_MIN_LEASE && !lease.spent && !lease.pending && lease.granted - lease.used <= size / 2) {
        // the next lease, taken ahead; its failure is logged and lets one attempt through, as any reservation's
        lease.pending = reserve(counted, lease, max);
      }
      return held;
    },
  };
}
