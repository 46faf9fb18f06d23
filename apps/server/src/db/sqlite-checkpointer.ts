import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of the embedded database, on a thread of their own.
 *
 * In WAL mode a commit only appends to the log; a checkpoint copies the log into the database file and
 * waits for the disk (fsync). SQLite runs it inside whichever commit crosses the threshold, so on the one
 * thread that answers every request, one commit in a hundred stalled for milliseconds: a quarter of the
 * time of a bid under load went there. This thread checkpoints every INTERVAL_MS with its own connection
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

/** How often the thread checkpoints, once started. */
const INTERVAL_MS = 200;
/** How often the log's size is looked at until the thread starts. */
const WATCH_MS = 1000;
/**
 * The log's size at which the thread starts, 4 MiB: more than the whole schema's migrations write into an empty
 * database (2.5 MB), a few seconds of bids under load.
 */
const START_AFTER_BYTES = 4 * 1024 * 1024;

/**
 * The thread is started once the log has grown, not at once: a server that writes little has little to
 * checkpoint, and the thread (a second V8 isolate with its connection) holds about 10 MB (decision 035). A
 * database closed cleanly leaves no log, and until something checkpoints the log file only grows, so its size
 * says how much has been written since the server opened it (a log left by a crash counts too: it is work to
 * do). What the log holds meanwhile is as durable there, and the main connection's backstop still copies it
 * should it pass its own, higher threshold.
 */
export function startSqliteCheckpointer(file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const logBytes = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  let worker: Worker | undefined;
  const watch = setInterval(() => {
    if (logBytes() < START_AFTER_BYTES) return;
    clearInterval(watch);
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: INTERVAL_MS } });
    // a failed checkpointer costs speed, not data: the main connection's threshold takes over
    worker.on('error', () => undefined);
    worker.unref();
  }, WATCH_MS);
  watch.unref();
  return {
    async stop() {
      clearInterval(watch);
      await worker?.terminate();
    },
  };
}

/** Log pages (4 KiB) after which the main connection checkpoints by itself: the backstop, 64 MiB. */
export const BACKSTOP_CHECKPOINT_PAGES = 16_384;
