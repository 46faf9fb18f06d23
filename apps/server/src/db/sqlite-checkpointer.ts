import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of the embedded database, on a thread of their own.
 *
 * In WAL mode a commit only appends to the log; a checkpoint copies the log into the database file and
 * waits for the disk (fsync). SQLite runs it inside whichever commit crosses the threshold, so on the one
 * thread that answers every request, one commit in a hundred stalled for milliseconds: a quarter of the
 * time of a bid under load went there. This thread checkpoints every `intervalMs` with its own connection
 * (PASSIVE: it never blocks a reader or the writer). The main connection keeps a high automatic threshold
 * as the backstop: should this thread fall behind or stop, the log is still checkpointed and reset.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or interrupted: the next round (or the main connection's backstop) does it
  }
}, workerData.intervalMs);
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startSqliteCheckpointer(file: string, intervalMs = 200, startAfterMs = 1000): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | undefined;
  // started a moment after opening: a thread's start-up would otherwise compete with the server's own, and a
  // database just opened has nothing to checkpoint yet
  const timer = setTimeout(() => {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
    // a failed checkpointer costs speed, not data: the main connection's threshold takes over
    worker.on('error', () => undefined);
    worker.unref();
  }, startAfterMs);
  timer.unref();
  return {
    async stop() {
      clearTimeout(timer);
      await worker?.terminate();
    },
  };
}

/** Log pages (4 KiB) after which the main connection checkpoints by itself: the backstop, 64 MiB. */
export const BACKSTOP_CHECKPOINT_PAGES = 16_384;
