import { engineOf, type Db } from './database.js';
import type { PreparedQuery } from './prepared.js';

/** At most this many keys in one statement; more asked in one turn make another statement. */
const MAX_KEYS = 1000;

interface Waiting<Row> {
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

export interface CommittedLookup<Key, Row> {
  /** The row of `key` as last committed, or undefined. */
  find(db: Db, key: Key): Promise<Row | undefined>;
}

/**
 * A read by key of what is committed, made by every request (the session check). The keys asked for in one
 * turn of the event loop are read together, after the requests read from the sockets in that turn have asked
 * theirs; each answer is still what was committed after its request arrived. On PostgreSQL each read is a round
 * trip, and the driver's and the socket's work per query cost the app more than the read costs the database
 * (decision 035: under B2's load the session read was nine of ten statements the app sent), so they are one
 * statement (`many`, by an array of keys). On a SQLite file they are read in one transaction of the reading
 * connection (`one.firstsCommitted`): each statement alone starts a read of its own, which takes the WAL's read
 * lock and searches its index, and while bids are written that cost three times the read itself. Inside a
 * transaction, which must see its own writes, each key is read alone by `one`.
 */
export function committedLookup<Key extends string | number, Row>(options: {
  one: PreparedQuery<{ key: Key }, Row>;
  many: PreparedQuery<{ keys: Key[] }, Row>;
  keyOf(row: Row): Key;
}): CommittedLookup<Key, Row> {
  const pending = new WeakMap<Db, Map<Key, Waiting<Row>[]>>();

  async function flush(db: Db, waiting: Map<Key, Waiting<Row>[]>): Promise<void> {
    try {
      const keys = [...waiting.keys()];
      const rows =
        engineOf(db) === 'postgres'
          ? await options.many.all(db, { keys })
          : await options.one.firstsCommitted(
              db,
              keys.map((key) => ({ key })),
            );
      const byKey = new Map(rows.flatMap((row) => (row === undefined ? [] : [[options.keyOf(row), row] as const])));
      for (const [key, waiters] of waiting) for (const waiter of waiters) waiter.resolve(byKey.get(key));
    } catch (error) {
      for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  /** The batch of this turn for `db`, opened (and its read scheduled) by the first key asked. */
  function batchOf(db: Db): Map<Key, Waiting<Row>[]> {
    const open = pending.get(db);
    if (open && open.size < MAX_KEYS) return open;
    const batch = new Map<Key, Waiting<Row>[]>();
    pending.set(db, batch);
    // after the requests already read from the sockets in this turn have asked theirs
    setImmediate(() => {
      if (pending.get(db) === batch) pending.delete(db);
      void flush(db, batch);
    });
    return batch;
  }

  return {
    find(db, key) {
      if (db.isTransaction) return options.one.firstCommitted(db, { key });
      const batch = batchOf(db);
      return new Promise<Row | undefined>((resolve, reject) => {
        const waiters = batch.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else batch.set(key, [{ resolve, reject }]);
      });
    },
  };
}
