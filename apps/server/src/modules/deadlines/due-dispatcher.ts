import type { Db } from '../../db/database.js';
import { finishDue, type DeadlineKind, type DueAction } from '../../db/due-actions.js';
import type { EventBus } from '../../plugins/event-bus.js';

/** What running the schedule needs: the database, the bus that tells open pages, and the clock tests move. */
export interface DeadlinesContext {
  db: Db;
  bus: EventBus;
  now?: () => Date;
}

/** The instant now (epoch ms) on the context's clock. */
export const nowMsOf = (ctx: Pick<DeadlinesContext, 'now'>) => (ctx.now?.() ?? new Date()).getTime();

/** Work left for after the batch is committed: telling users and open pages what changed. */
export type AfterCommit = (ctx: DeadlinesContext) => Promise<void>;

/** One transaction's worth of due actions, as its handlers see it. */
export interface DueBatch {
  readonly nowMs: number;
  /** Runs `effect` once the batch is committed (all effects at once); of effects under one key, only the first. */
  afterCommit(key: string, effect: AfterCommit): void;
}

/**
 * What a module does when one of its deadlines comes, inside the batch's transaction: `together` takes every
 * due subject of its kind at once (a few statements for many, as closes often come in the same second),
 * `each` one subject at a time. Either is a conditional update, so a row run twice changes nothing the second
 * time.
 */
export type DueHandler =
  | { together: (trx: Db, subjectIds: number[], batch: DueBatch) => Promise<void> }
  | { each: (trx: Db, subjectId: number, batch: DueBatch) => Promise<void> };

/** Every kind of deadline with its handler; each module gives the handlers of the kinds it schedules. */
export type DueHandlers = Record<DeadlineKind, DueHandler>;

/**
 * Does a batch of claimed actions in one transaction, which also removes their rows, then runs what their
 * handlers left for after the commit. The `together` kinds go first, then the others in their due order. A
 * failure rolls the whole batch back (its rows stay claimed until the lease runs out); the runner then runs
 * the actions one by one, so one bad action cannot hold up the others.
 */
export async function runDueBatch(
  ctx: DeadlinesContext,
  handlers: DueHandlers,
  actions: DueAction<DeadlineKind>[],
): Promise<void> {
  const nowMs = nowMsOf(ctx);
  const effects = new Map<string, AfterCommit>();
  const batch: DueBatch = {
    nowMs,
    afterCommit: (key, effect) => {
      if (!effects.has(key)) effects.set(key, effect);
    },
  };
  await ctx.db.transaction().execute(async (trx) => {
    const together = new Map<DeadlineKind, number[]>();
    for (const action of actions) {
      if (!('together' in handlers[action.kind])) continue;
      const subjectIds = together.get(action.kind) ?? [];
      together.set(action.kind, [...subjectIds, action.subject_id]);
    }
    for (const [kind, subjectIds] of together) {
      const handler = handlers[kind];
      if ('together' in handler) await handler.together(trx, subjectIds, batch);
    }
    for (const action of actions) {
      const handler = handlers[action.kind];
      if ('each' in handler) await handler.each(trx, action.subject_id, batch);
    }
    await finishDue(
      trx,
      actions.map((action) => action.id),
      nowMs,
    );
  });
  await Promise.all([...effects.values()].map((effect) => effect(ctx)));
}
