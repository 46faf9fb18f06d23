import type { FastifyBaseLogger } from 'fastify';
import { claimDue, hasDue } from '../../db/due-actions.js';
import { repeatEvery } from '../../plugins/repeat.js';
import { nowMsOf, runDueBatch, type DeadlinesContext, type DueHandlers } from './due-dispatcher.js';

/** How long a claim holds a row: an instance that dies mid-way leaves it to another after this. */
const LEASE_MS = 60_000;
/** Rows claimed at a time. */
const CLAIM_BATCH = 500;
/** Actions done in one transaction: closes together are a few statements and one commit. */
const TRANSACTION_BATCH = 250;

/**
 * Claims every action due now and does them, batch after batch, until none is left. Safe from several
 * instances at once: claims are disjoint and each action is a conditional update. Returns how many ran.
 */
export async function runDueActions(
  ctx: DeadlinesContext,
  handlers: DueHandlers,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const nowMs = nowMsOf(ctx);
    // a read first: an idle tick costs one indexed lookup and takes no write lock
    if (!(await hasDue(ctx.db, nowMs))) return handled;
    const claimed = await claimDue(ctx.db, nowMs, LEASE_MS, CLAIM_BATCH);
    if (claimed.length === 0) return handled;
    for (let i = 0; i < claimed.length; i += TRANSACTION_BATCH) {
      const batch = claimed.slice(i, i + TRANSACTION_BATCH);
      try {
        await runDueBatch(ctx, handlers, batch);
        handled += batch.length;
      } catch {
        // one by one, so that one failing action does not hold up the rest of its batch
        for (const action of batch) {
          try {
            await runDueBatch(ctx, handlers, [action]);
            handled += 1;
          } catch (error) {
            // its claim runs out and a later tick tries again
            log?.error({ err: error, action }, 'due action failed');
          }
        }
      }
    }
    if (claimed.length < CLAIM_BATCH) return handled;
  }
}

/**
 * Checks the schedule every `tickMs` (and at once, for deadlines that passed while no server ran), so each
 * action runs within a tick of its time. Returns the function that stops it.
 */
export function startDeadlineRunner(
  ctx: DeadlinesContext,
  handlers: DueHandlers,
  tickMs: number,
  log: FastifyBaseLogger,
): () => void {
  return repeatEvery(
    tickMs,
    async () => {
      const handled = await runDueActions(ctx, handlers, log);
      if (handled > 0) log.debug({ handled }, 'due actions done');
    },
    (error) => log.error({ err: error }, 'deadline check failed'),
    { immediately: true },
  );
}
