import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { buildApp } from '../src/app.js';
import { openDatabase, warmConnections, type Database, type DatabaseOptions } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { preparedQuery } from '../src/db/prepared.js';
import { listWarmUpStatements } from '../src/modules/tenders/index.js';
import { isSessionOpenFor } from '../src/modules/users/index.js';
import { buildTestApp, engine, sql, TEST_JWT_SECRET, testDatabaseUrl } from './helpers.js';
import { createUser } from './factories/index.js';

const { app, database } = await buildTestApp();
const db = database.db;

const usersByEmail = preparedQuery<{ email: string }, { id: number; email: string }>((kysely, arg) =>
  kysely.selectFrom('users').select(['id', 'email']).where('email', '=', arg('email')),
);
const renameUser = preparedQuery<{ id: number; name: string }, { first_name: string }>((kysely, arg) =>
  kysely
    .updateTable('users')
    .set({ first_name: arg('name') })
    .where('id', '=', arg('id'))
    .returning('first_name'),
);

describe('preparedQuery', () => {
  it('runs the one compiled statement with each call’s arguments', async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    expect(await usersByEmail.all(db, { email: a.email })).toEqual([{ id: expect.any(Number), email: a.email }]);
    expect(await usersByEmail.first(db, { email: b.email })).toMatchObject({ email: b.email });
    expect(await usersByEmail.first(db, { email: 'nobody@example.com' })).toBeUndefined();
  });

  it('inside a transaction sees that transaction’s writes, and a rollback undoes them', async () => {
    const user = await createUser(app, { first_name: 'Before' });
    const id = (await usersByEmail.first(db, { email: user.email }))!.id;
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await renameUser.all(trx, { id, name: 'Inside' })).toEqual([{ first_name: 'Inside' }]);
        const seen = await trx.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow();
        expect(seen.first_name).toBe('Inside');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.first_name).toBe('Before');
    await renameUser.all(db, { id, name: 'Outside' });
    expect(
      (await db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow()).first_name,
    ).toBe('Outside');
  });
});

describe.runIf(engine === 'postgres')('preparedQuery on PostgreSQL', () => {
  it('is kept prepared on the connection by name, so it is parsed and planned once per connection', async () => {
    const user = await createUser(app);
    const kept = await db.transaction().execute(async (trx) => {
      // a transaction holds one connection: both runs and the look-up below happen on it
      await usersByEmail.first(trx, { email: user.email });
      expect(await usersByEmail.first(trx, { email: user.email })).toMatchObject({ email: user.email });
      const result = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(trx);
      return result.rows;
    });
    const mine = kept.filter((row) => row.statement.includes('"email" = $1'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^yuk_\d+$/);
  });

  it('runs each query without parallel workers, on every connection of the pool', async () => {
    // several connections at once: each is opened with the setting, not only the first
    const settings = await Promise.all(
      Array.from({ length: 3 }, () =>
        sql<{
          workers: string;
        }>`select current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.02)`.execute(db),
      ),
    );
    expect(settings.map((result) => result.rows[0]!.workers)).toEqual(['0', '0', '0']);
  });
});

describe.runIf(engine === 'postgres')('a connection PostgreSQL ends', () => {
  /** A database of its own on this file's schema, its connections named so that only they are ended. */
  function namedDatabase(applicationName: string, options: Partial<DatabaseOptions> = {}) {
    const url = new URL(testDatabaseUrl!);
    url.searchParams.set('application_name', applicationName);
    return openDatabase({ url: url.toString(), dataDir: tmpdir(), schema: database.schema, ...options });
  }
  const sourceOf = (target: Database) => target.source as Extract<Database['source'], { engine: 'postgres' }>;
  const poolOf = (target: Database) => sourceOf(target).pool;
  /** Opens `count` connections at once (each query holds one), then leaves them idle in the pool. */
  async function openIdle(target: Database, count: number) {
    await Promise.all(Array.from({ length: count }, () => sql`select pg_sleep(0.05)`.execute(target.db)));
  }
  const endConnectionsOf = (applicationName: string) =>
    sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = ${applicationName}`.execute(db);

  it('of a server are all opened and warmed before it answers, and kept when idle', async () => {
    const own = namedDatabase('yuk_test_warmed', { poolSize: 3, keepConnections: true });
    try {
      const statements = listWarmUpStatements(own.db);
      expect(statements.walking.length).toBeGreaterThan(0);
      expect(await warmConnections(own, statements)).toEqual({ warmed: 6, wanted: 6 });
      // three backends of the pool and three of the walking pool, each of which ran its warm-up (the last
      // statement is the one it shows)
      const backends = await sql<{ query: string }>`select query from pg_stat_activity
        where application_name = 'yuk_test_warmed'`.execute(db);
      expect(backends.rows.map((row) => row.query).sort()).toEqual(
        [...Array(3).fill(statements.pooled.at(-1)!.sql), ...Array(3).fill(statements.walking.at(-1)!.sql)].sort(),
      );
      for (const pool of [poolOf(own), sourceOf(own).walkingPool]) {
        expect([pool.totalCount, pool.idleCount]).toEqual([3, 3]);
        // pg's pool closes an idle connection only while it holds more than `min`
        expect(pool.options.min).toBe(3);
      }
    } finally {
      await own.close();
    }
  });

  it('left cold when they cannot be opened or warmed, said, and none kept out of the pool', async () => {
    const own = namedDatabase('yuk_test_unwarmed', { poolSize: 2, keepConnections: true });
    const closedPort = new URL(testDatabaseUrl!);
    closedPort.port = '1';
    const unreachable = openDatabase({ url: closedPort.toString(), dataDir: tmpdir(), poolSize: 2 });
    try {
      const broken = [CompiledQuery.raw('select * from no_such_table')];
      const failing = await warmConnections(own, { pooled: broken, walking: broken });
      expect(failing).toMatchObject({ warmed: 0, wanted: 4, error: expect.any(Error) });
      for (const pool of [poolOf(own), sourceOf(own).walkingPool]) {
        expect([pool.totalCount, pool.idleCount]).toEqual([2, 2]);
      }
      expect((await sql<{ one: number }>`select 1 as one`.execute(own.db)).rows).toEqual([{ one: 1 }]);
      expect(await warmConnections(unreachable, { pooled: [], walking: [] })).toMatchObject({
        warmed: 0,
        wanted: 4,
        error: expect.any(Error),
      });
    } finally {
      await unreachable.close();
      await own.close();
    }
  });

  it('is replaced by the pool: the process lives on and the next query runs', async () => {
    const own = namedDatabase('yuk_test_ended_plain');
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await openIdle(own, 3);
      expect((await endConnectionsOf('yuk_test_ended_plain')).rows.length).toBe(3);
      await expect
        .poll(() => warnings.filter((text) => text.startsWith('PostgreSQL ended an idle connection')))
        .toHaveLength(3);
      expect((await sql<{ one: number }>`select 1 as one`.execute(own.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('warning', onWarning);
      await own.close();
    }
  });

  it('is logged by the app as a warning, and the app goes on answering', async () => {
    const own = namedDatabase('yuk_test_ended_app');
    const lines: string[] = [];
    const ownApp = await buildApp({
      database: own,
      jwtSecret: TEST_JWT_SECRET,
      logLevel: 'warn',
      logStream: { write: (line: string) => void lines.push(line) },
      deadlineTickMs: 0,
      outboxTickMs: 0,
    });
    try {
      await openIdle(own, 2);
      await endConnectionsOf('yuk_test_ended_app');
      await expect
        .poll(() => lines.filter((line) => line.includes('PostgreSQL ended an idle connection')))
        .toHaveLength(2);
      const health = await ownApp.inject({ method: 'GET', url: apiPaths.health });
      expect(health.statusCode, health.body).toBe(200);
    } finally {
      await ownApp.close();
      await own.close();
    }
  });
});

describe.runIf(engine === 'sqlite')('the embedded database file', () => {
  it('is checkpointed in the background once written to, and left alone while idle after its migrations', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-checkpoint-'));
    const file = openDatabase({ url: undefined, dataDir });
    const databaseBytes = () => statSync(join(dataDir, 'yuk-tender.db')).size;
    try {
      await migrateToLatest(file);
      const before = databaseBytes();
      // idle after its migrations: no checkpoint thread, so the log is not copied (a thread started at once
      // had copied the migrations' 2.5 MB within its first second)
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(databaseBytes()).toBe(before);
      await file.db
        .insertInto('users')
        .values({
          first_name: 'A',
          last_name: 'B',
          email: 'a@b.uz',
          phone_number: '+998900000001',
          password_hash: 'x',
          created_at: new Date().toISOString(),
        })
        .execute();
      for (let chunk = 0; chunk < 5; chunk += 1) {
        const rows = Array.from({ length: 2000 }, (_, i) => ({
          user_id: 1,
          type: 'system' as const,
          kind: 'bid_received' as const,
          params: JSON.stringify({ filler: 'x'.repeat(500), i: chunk * 2000 + i }),
          link: '/notifications',
          created_at: new Date().toISOString(),
          read_at: null,
        }));
        await file.db.insertInto('notifications').values(rows).execute();
      }
      // about 6 MB written: past the 4 MiB that starts the thread, far below the writer's own threshold, so
      // only the checkpoint thread moves it into the database file
      await expect.poll(databaseBytes, { timeout: 8000, interval: 100 }).toBeGreaterThan(before + 4_000_000);
    } finally {
      await file.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('answers a request’s session check from what is committed, without waiting for a transaction in progress', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-sessions-'));
    const file = openDatabase({ url: undefined, dataDir });
    await migrateToLatest(file);
    const fileApp = await buildApp({
      database: file,
      jwtSecret: TEST_JWT_SECRET,
      logLevel: 'silent',
      deadlineTickMs: 0,
      outboxTickMs: 0,
    });
    try {
      const user = await createUser(fileApp);
      const me = (token: string) =>
        fileApp.inject({ method: 'GET', url: apiPaths.users.me, headers: { authorization: `Bearer ${token}` } });
      expect((await me(user.accessToken)).statusCode).toBe(200);
      const session = await file.db
        .selectFrom('sessions')
        .select(['id', 'user_id'])
        .where('user_id', '=', user.user.id)
        .executeTakeFirstOrThrow();

      // a transaction revokes the session and stays open: the check still reads the session as committed,
      // at once (queued behind the transaction it would wait for it, and this test would time out)
      let revoked!: () => void;
      let finish!: () => void;
      const revokedInside = new Promise<void>((resolve) => (revoked = resolve));
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const transaction = file.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date().toISOString(), revoked_reason: 'test' })
          .where('id', '=', session.id)
          .execute();
        revoked();
        await finished;
      });
      await revokedInside;
      expect(await isSessionOpenFor(file.db, session.id, session.user_id)).toBe(true);
      expect(await isSessionOpenFor(file.db, session.id, session.user_id + 1)).toBe(false);
      finish();
      await transaction;
      expect(await isSessionOpenFor(file.db, session.id, session.user_id)).toBe(false);

      // asked in one turn, the checks are read together on the reading connection, each answered for its own
      // session; a revoke committed before the next turn is seen by it
      const open = await createUser(fileApp);
      const openSession = await file.db
        .selectFrom('sessions')
        .select(['id', 'user_id'])
        .where('user_id', '=', open.user.id)
        .executeTakeFirstOrThrow();
      const asked = [
        [openSession.id, openSession.user_id, true],
        [session.id, session.user_id, false],
        [openSession.id, session.user_id, false],
        ['no-such-session', openSession.user_id, false],
        [openSession.id, openSession.user_id, true],
      ] as const;
      expect(await Promise.all(asked.map(([id, userId]) => isSessionOpenFor(file.db, id, userId)))).toEqual(
        asked.map(([, , answer]) => answer),
      );
      await file.db
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString(), revoked_reason: 'test' })
        .where('id', '=', openSession.id)
        .execute();
      expect(await isSessionOpenFor(file.db, openSession.id, openSession.user_id)).toBe(false);

      // through the app: a logout ends the session for the very next request
      const other = await createUser(fileApp);
      expect((await me(other.accessToken)).statusCode).toBe(200);
      const out = await fileApp.inject({
        method: 'POST',
        url: apiPaths.users.logout,
        payload: { refreshToken: other.refreshToken },
      });
      expect(out.statusCode).toBe(204);
      expect((await me(other.accessToken)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    } finally {
      await fileApp.close();
      await file.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the session check of many requests at once', () => {
  async function sessionsOf(userIds: number[]) {
    return db.selectFrom('sessions').select(['id', 'user_id']).where('user_id', 'in', userIds).execute();
  }

  it('answers each request for its own session: open, revoked, another user’s or unknown', async () => {
    const [a, b, c] = [await createUser(app), await createUser(app), await createUser(app)];
    const out = await app.inject({
      method: 'POST',
      url: apiPaths.users.logout,
      payload: { refreshToken: c.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const sessions = await sessionsOf([a, b, c].map((user) => user.user.id));
    const sessionOf = (user: typeof a) => sessions.find((session) => session.user_id === user.user.id)!;
    const [sa, sb, sc] = [sessionOf(a), sessionOf(b), sessionOf(c)];
    const asked = [
      [sa.id, sa.user_id, true],
      [sb.id, sb.user_id, true],
      [sc.id, sc.user_id, false],
      [sa.id, sb.user_id, false],
      ['no-such-session', sa.user_id, false],
    ] as const;
    // asked in one turn, several times over (on PostgreSQL one statement answers them all)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => asked.map(([id, userId]) => isSessionOpenFor(db, id, userId))).flat(),
    );
    expect(answers).toEqual(Array.from({ length: 4 }, () => asked.map(([, , open]) => open)).flat());

    // through the app, at once: the logged-out user is refused, the others answered
    const me = (token: string) =>
      app.inject({ method: 'GET', url: apiPaths.users.me, headers: { authorization: `Bearer ${token}` } });
    const statuses = await Promise.all([a, c, b, c, a].map((user) => me(user.accessToken)));
    expect(statuses.map((res) => res.statusCode)).toEqual([200, 401, 200, 401, 200]);
    expect(statuses[1]!.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it.runIf(engine === 'postgres')('reads the sessions of one turn in one statement on PostgreSQL', async () => {
    let queries = 0;
    const counted = openDatabase({
      url: testDatabaseUrl!,
      dataDir: tmpdir(),
      schema: database.schema,
      onQuery: () => (queries += 1),
    });
    try {
      const users = [await createUser(app), await createUser(app), await createUser(app)];
      const sessions = await sessionsOf(users.map((user) => user.user.id));
      expect(sessions).toHaveLength(3);
      queries = 0;
      const answers = await Promise.all(
        [...sessions, ...sessions].map((session) => isSessionOpenFor(counted.db, session.id, session.user_id)),
      );
      expect(answers).toEqual([true, true, true, true, true, true]);
      expect(queries).toBe(1);
      // the next turn reads again: a session revoked meanwhile is seen at once
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString(), revoked_reason: 'test' })
        .where('id', '=', sessions[0]!.id)
        .execute();
      expect(await isSessionOpenFor(counted.db, sessions[0]!.id, sessions[0]!.user_id)).toBe(false);
      expect(queries).toBe(2);
    } finally {
      await counted.close();
    }
  });
});
