import type { Db } from './database.js';

/**
 * Claims this interval's run of a periodic job: true for exactly one caller per interval, across every
 * instance sharing the database (a conditional update decides).
 */
export async function claimJobRun(db: Db, name: string, intervalMs: number, now = new Date()): Promise<boolean> {
  await db
    .insertInto('scheduled_jobs')
    .values({ name, last_run_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // a little slack so that timers firing a few milliseconds early still claim their own interval
  const due = new Date(now.getTime() - intervalMs + 500).toISOString();
  const result = await db
    .updateTable('scheduled_jobs')
    .set({ last_run_at: now.toISOString() })
    .where('name', '=', name)
    .where('last_run_at', '<=', due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
