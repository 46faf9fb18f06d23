import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type PlacedBid, type Vehicle } from '@yuk/shared';
import { runAdminCommand } from '../src/admin.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { backupDatabase, restoreDatabase, runScheduledBackup } from '../src/modules/operations/index.js';
import { createTender, createUser, createVehicle, pdfFile } from './factories/index.js';
import { api, buildTestApp, engine, sql, testDatabaseUrl } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'yuk-backups-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh, empty PostgreSQL database of its own (dropped after the file), or a new SQLite file. */
async function freshTarget(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) {
    return {
      url: `sqlite:${join(work, `restored-${Date.now()}-${Math.random().toString(36).slice(2)}.db`)}`,
      drop: async () => undefined,
    };
  }
  const name = `yuk_restore_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: testDatabaseUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

describe('backups', () => {
  // pg_dump, a fresh database and pg_restore take a while on a busy machine
  it(
    'a backup taken under load (bids, uploads) restores into a fresh database with every write acknowledged before it',
    { timeout: 120_000 },
    async () => {
      const { app, database } = await buildTestApp();
      const owner = await createUser(app);
      const carriers = await Promise.all([createUser(app), createUser(app), createUser(app)]);
      const tenders = await Promise.all(
        carriers.map(() => createTender(app, owner.accessToken, { initial_price: 900_000 })),
      );

      const acknowledged: { bids: number[]; vehicles: number[]; files: string[] } = {
        bids: [],
        vehicles: [],
        files: [],
      };
      let stop = false;
      const bidding = carriers.map(async (carrier, i) => {
        let amount = 890_000;
        while (!stop) {
          const res = await api(app, {
            method: 'POST',
            url: pathTo(apiPaths.tenders.bids, { id: tenders[i]!.id }),
            token: carrier.accessToken,
            payload: { bid_amount: amount },
          });
          expect(res.statusCode, res.body).toBe(201);
          acknowledged.bids.push(res.json<PlacedBid>().id);
          amount -= 1000;
        }
      });
      const uploading = (async () => {
        while (!stop) {
          const vehicle: Vehicle = await createVehicle(app, carriers[0].accessToken, {}, { registration: pdfFile() });
          acknowledged.vehicles.push(vehicle.id);
          const link = vehicle.documents.registration;
          expect(link).toBeTruthy();
          acknowledged.files.push(new URL(link!, 'http://x').pathname.split('/').pop()!);
        }
      })();

      // some writes first, then the backup while they go on
      while (acknowledged.bids.length < 30 || acknowledged.vehicles.length < 3)
        await new Promise((r) => setTimeout(r, 20));
      const before = {
        bids: [...acknowledged.bids],
        vehicles: [...acknowledged.vehicles],
        files: [...acknowledged.files],
      };
      const file = join(work, `under-load-${engine}.backup`);
      const bytes = await backupDatabase(database.source, file);
      stop = true;
      await Promise.all([...bidding, uploading]);
      expect(bytes).toBeGreaterThan(0);

      const target = await freshTarget();
      let restored: Database | undefined;
      try {
        const message = await restoreDatabase(
          { url: target.url, dataDir: work, ...(database.schema ? { schema: database.schema } : {}) },
          file,
          false,
        );
        expect(message).toContain('migrations run');
        restored = openDatabase({
          url: target.url,
          dataDir: work,
          ...(database.schema ? { schema: database.schema } : {}),
        });
        const bids = await restored.db.selectFrom('bids').select('id').where('id', 'in', before.bids).execute();
        expect(bids).toHaveLength(before.bids.length);
        const vehicles = await restored.db
          .selectFrom('vehicles')
          .select('id')
          .where('id', 'in', before.vehicles)
          .execute();
        expect(vehicles).toHaveLength(before.vehicles.length);
        const files = await restored.db
          .selectFrom('files')
          .select(['id', 'size'])
          .where('id', 'in', before.files)
          .execute();
        expect(files).toHaveLength(before.files.length);
        expect(files.every((row) => Number(row.size) > 0)).toBe(true);
        // the tenders' state agrees with their bids: a consistent copy, not a torn one
        const tenderRows = await restored.db
          .selectFrom('tenders')
          .select(['id', 'bid_count'])
          .where(
            'id',
            'in',
            tenders.map((t) => t.id),
          )
          .execute();
        for (const row of tenderRows) {
          const counted = await restored.db
            .selectFrom('bids')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tender_id', '=', row.id)
            .executeTakeFirstOrThrow();
          expect(Number(counted.n)).toBe(Number(row.bid_count));
        }
      } finally {
        await restored?.close();
        await target.drop();
      }
    },
  );

  it('a restore refuses a database that is not empty, unless forced', { timeout: 120_000 }, async () => {
    const { database } = await buildTestApp();
    const file = join(work, `refuse-${engine}.backup`);
    await backupDatabase(database.source, file);
    const target = await freshTarget();
    const into = { url: target.url, dataDir: work, ...(database.schema ? { schema: database.schema } : {}) };
    try {
      await restoreDatabase(into, file, false);
      await expect(restoreDatabase(into, file, false)).rejects.toThrow(/not empty.*--force/);
      await expect(restoreDatabase(into, file, true)).resolves.toContain('migrations run');
      // a file that is no backup, and a backup of the other engine
      const junk = join(work, 'junk.backup');
      writeFileSync(junk, 'not a backup at all');
      await expect(restoreDatabase(into, junk, true)).rejects.toThrow(/neither a SQLite database nor a pg_dump/);
      await expect(restoreDatabase(into, join(work, 'missing.backup'), true)).rejects.toThrow(/no such backup/);
    } finally {
      await target.drop();
    }
  });

  it('the schedule backs up once when due (one instance at a time), keeps the last BACKUP_KEEP, and reports the last success', async () => {
    const dir = join(work, `scheduled-${engine}`);
    const schedule = { dir, everyMs: 6 * 3_600_000, keep: 2 };
    const token = 'backup-metrics-token-0123456789';
    const { app, database } = await buildTestApp({ backups: schedule, backupTickMs: 0, metrics: { token } });
    const health = async () => (await app.inject({ method: 'GET', url: apiPaths.health })).json<{ backup?: unknown }>();
    expect(await health()).toMatchObject({ backup: { last_success_at: null } });

    let clock = Date.parse('2026-11-26T10:00:00Z');
    const ctx = { db: database.db, source: database.source, schedule, log: app.log, now: () => clock };
    // two instances asking at once: one takes it
    const taken = await Promise.all([runScheduledBackup(ctx), runScheduledBackup(ctx)]);
    expect(taken.filter(Boolean)).toEqual(['yuk-20261126T100000Z.' + (engine === 'sqlite' ? 'sqlite' : 'dump')]);
    // not due again before six hours
    clock += 3_600_000;
    expect(await runScheduledBackup(ctx)).toBeUndefined();
    for (let i = 0; i < 3; i += 1) {
      clock += 6 * 3_600_000;
      expect(await runScheduledBackup(ctx)).toBeDefined();
    }
    // readable by their owner only: they hold everything
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o077).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      `yuk-20261126T230000Z.${engine === 'sqlite' ? 'sqlite' : 'dump'}`,
      `yuk-20261127T050000Z.${engine === 'sqlite' ? 'sqlite' : 'dump'}`,
    ]);
    expect(await health()).toMatchObject({ backup: { last_success_at: '2026-11-27T05:00:00.000Z' } });
    const scraped = await api(app, { method: 'GET', url: '/metrics', token: token });
    expect(scraped.body).toContain(
      `yuk_backup_last_success_timestamp_seconds ${Date.parse('2026-11-27T05:00:00.000Z') / 1000}`,
    );
    // the deadline runner leaves the backup's row alone
    const row = await sql<{ kind: string }>`select kind from due_actions where kind = 'backup'`.execute(database.db);
    expect(row.rows).toHaveLength(1);
  });
});

describe('npm run admin -- backup / restore', () => {
  it.runIf(engine === 'sqlite')('backs up a running SQLite database and restores it into an empty one', async () => {
    const dataDir = join(work, 'admin');
    const source = openDatabase({ url: `sqlite:${join(work, 'admin-source.db')}`, dataDir });
    const { migrateToLatest } = await import('../src/db/migrate.js');
    await migrateToLatest(source);
    await source.db
      .insertInto('backups')
      .values({ file: 'marker', bytes: 1, started_at: 'x', finished_at: 'x' })
      .execute();
    const env = { DATABASE_URL: `sqlite:${join(work, 'admin-source.db')}`, DATA_DIR: dataDir };
    const file = join(work, 'admin.backup');
    const backedUp = await runAdminCommand(['backup', file], env);
    expect(backedUp.code).toBe(0);
    expect(backedUp.message).toMatch(/written to .*admin\.backup/);
    await source.close();

    const targetEnv = { DATABASE_URL: `sqlite:${join(work, 'admin-target.db')}`, DATA_DIR: dataDir };
    expect((await runAdminCommand(['restore', file], targetEnv)).code).toBe(0);
    const restored = openDatabase({ url: targetEnv.DATABASE_URL, dataDir });
    expect(await restored.db.selectFrom('backups').select('file').execute()).toEqual([{ file: 'marker' }]);
    await restored.close();
    await expect(runAdminCommand(['restore', file], targetEnv)).rejects.toThrow(/not empty/);
    expect((await runAdminCommand(['restore', file, '--force'], targetEnv)).code).toBe(0);
    expect((await runAdminCommand(['restore'], targetEnv)).code).toBe(2);
    expect((await runAdminCommand(['backup', file, '--force'], targetEnv)).code).toBe(2);
    expect(existsSync(file)).toBe(true);
  });

  it.runIf(engine === 'postgres')('says clearly when pg_dump is missing', async () => {
    const { database } = await buildTestApp();
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(backupDatabase(database.source, join(work, 'never.backup'))).rejects.toThrow(
        /pg_dump not found: install the PostgreSQL client/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
