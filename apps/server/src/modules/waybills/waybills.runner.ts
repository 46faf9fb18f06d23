import type { FastifyBaseLogger } from 'fastify';
import { claimDueOf } from '../../db/due-actions.js';
import { repeatEvery } from '../../plugins/repeat.js';
import { refreshDue, type WaybillsContext } from './waybills.service.js';

/** A claim holds a refresh this long: an instance that dies mid-way leaves it to another. */
const LEASE_MS = 120_000;
const CLAIM_BATCH = 20;

/**
 * Reads again, from the operator, the status of every formed waybill whose refresh is due (the durable
 * schedule's `waybill_refresh` rows), one after the other and outside any transaction. Returns how many.
 */
export async function runWaybillRefreshes(ctx: WaybillsContext): Promise<number> {
  if (!ctx.didox) return 0;
  let handled = 0;
  for (;;) {
    const nowMs = ctx.now?.() ?? Date.now();
    const claimed = await claimDueOf(ctx.db, 'waybill_refresh', nowMs, LEASE_MS, CLAIM_BATCH);
    for (const action of claimed) {
      await refreshDue(ctx, action.subject_id);
      handled += 1;
    }
    if (claimed.length < CLAIM_BATCH) return handled;
  }
}

/** Checks the schedule of waybill refreshes every `tickMs`; returns the function that stops it. */
export function startWaybillRefresher(ctx: WaybillsContext, tickMs: number, log: FastifyBaseLogger): () => void {
  if (!ctx.didox) return () => undefined;
  return repeatEvery(
    tickMs,
    () => runWaybillRefreshes(ctx),
    (error) => log.error({ err: error }, 'waybill refresh failed'),
  );
}
