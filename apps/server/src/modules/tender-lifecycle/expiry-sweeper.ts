import type { FastifyBaseLogger } from 'fastify';
import { claimJobRun } from '../../db/scheduled-jobs.js';
import { closeExpiredTenders, type LifecycleContext } from './lifecycle.service.js';

/**
 * Runs once per interval across all instances.
 * Tenders expire only when a Tashkent day ends, and bids past the last day are refused by the bid's own
 * conditional update; this sweep turns their status to closed (and tells the owner) soon after.
 * Returns the function that stops it.
 */
export function startExpirySweeper(ctx: LifecycleContext, intervalMs: number, log: FastifyBaseLogger): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      // several instances share the work: only the one that claims this interval sweeps
      if (!(await claimJobRun(ctx.db, 'close-expired-tenders', intervalMs))) return;
      const closed = await closeExpiredTenders(ctx);
      if (closed > 0) log.info({ closed }, 'closed expired tenders');
    } catch (error) {
      log.error({ err: error }, 'expiry sweep failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void sweep(), 1_000);
  const timer = setInterval(() => void sweep(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
