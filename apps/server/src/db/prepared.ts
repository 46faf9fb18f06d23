import type { Compilable, CompiledQuery, DialectAdapter } from 'kysely';
import { committedSqliteReader, heldSqliteConnection, engineOf, keepPreparedOnPostgres, type Db } from './database.js';

/** Stands in for an argument while the query is built once; replaced by the real value on every run. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  template: CompiledQuery;
  /** Per parameter position: the argument's name, or the constant the query was built with. */
  parameters: readonly unknown[];
}

export interface PreparedQuery<Args, Row> {
  /** Every row the query returns (for INSERT/UPDATE: its RETURNING rows). */
  all(db: Db, args: Args): Promise<Row[]>;
  first(db: Db, args: Args): Promise<Row | undefined>;
  /**
   * The first row of a read as last committed. On a SQLite file outside a transaction it is read at once on
   * the reading connection (committedSqliteReader), not queued behind a transaction in progress; elsewhere
   * it is `first`. For reads where the committed state is the answer (a commit that has not happened yet is
   * one that the request came before).
   */
  firstCommitted(db: Db, args: Args): Promise<Row | undefined>;
  /**
   * `firstCommitted` of each of several arguments, read together: on a SQLite file in one transaction of the
   * reading connection, which costs about a quarter of reading each alone once bids are being written.
   */
  firstsCommitted(db: Db, argsList: readonly Args[]): Promise<(Row | undefined)[]>;
}

/**
 * A query built and compiled once per database engine, run with new arguments each time. Kysely builds and
 * compiles a query anew on every call, which costs more than SQLite takes to run a small one; the hot paths
 * (the session check of every signed-in request, bid placement) use this instead. `arg(name)` marks where an
 * argument goes, in any value position (a comparison, a SET or VALUES value); anything else is fixed.
 * Kysely plugins do not rewrite the query per call, and inside a SQLite transaction they are bypassed. On
 * PostgreSQL the statement is sent by name, so each connection parses and plans it once.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  build: (db: Db, arg: <K extends keyof Args & string>(name: K) => Args[K]) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // the SQL text differs by engine (placeholders, quoting): one compilation per dialect adapter, which a
  // database and all its transactions share
  const byAdapter = new WeakMap<DialectAdapter, Compiled>();

  function compiled(db: Db): Compiled {
    const adapter = db.getExecutor().adapter;
    let entry = byAdapter.get(adapter);
    if (!entry) {
      // the marker is not an Args[K]; it only travels through the builder into the parameter list
      const template = build(db, (name) => new Slot(name) as never).compile();
      const named = template.parameters.filter((value) => value instanceof Slot).length;
      if (named === 0) throw new Error(`preparedQuery without arguments: ${template.sql}`);
      if (engineOf(db) === 'postgres') keepPreparedOnPostgres(template.sql);
      entry = { template, parameters: template.parameters };
      byAdapter.set(adapter, entry);
    }
    return entry;
  }

  function valuesOf({ parameters }: Compiled, args: Args): unknown[] {
    return parameters.map((value) => (value instanceof Slot ? args[value.name] : value));
  }

  async function all(db: Db, args: Args): Promise<Row[]> {
    const prepared = compiled(db);
    const { template } = prepared;
    const values = valuesOf(prepared, args);
    // Inside a SQLite transaction the connection is already ours: run the cached statement directly, as
    // Kysely's SQLite driver itself would (reader statements return rows, the others run).
    const sqlite = heldSqliteConnection(db);
    if (sqlite) {
      const statement = sqlite.prepare(template.sql);
      if (statement.reader) return statement.all(values) as Row[];
      statement.run(values);
      return [];
    }
    const query: CompiledQuery<Row> = { ...template, parameters: values };
    return (await db.executeQuery(query)).rows;
  }

  async function first(db: Db, args: Args): Promise<Row | undefined> {
    return (await all(db, args))[0];
  }

  async function firstCommitted(db: Db, args: Args): Promise<Row | undefined> {
    const reader = committedSqliteReader(db);
    if (!reader) return first(db, args);
    const prepared = compiled(db);
    return reader.prepare(prepared.template.sql).get(valuesOf(prepared, args)) as Row | undefined;
  }

  return {
    all,
    first,
    firstCommitted,
    async firstsCommitted(db, argsList) {
      const reader = committedSqliteReader(db);
      if (!reader) return Promise.all(argsList.map((args) => firstCommitted(db, args)));
      const prepared = compiled(db);
      const statement = reader.prepare(prepared.template.sql);
      return reader.readTogether(() =>
        argsList.map((args) => statement.get(valuesOf(prepared, args)) as Row | undefined),
      );
    },
  };
}
