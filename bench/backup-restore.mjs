// How long a backup and a restore take at 100,000 tenders (the figures of docs/operations.md).
//   node bench/backup-restore.mjs                        SQLite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/backup-restore.mjs   SQLite, then PostgreSQL
// Generates a database (demo tenders through the tenders repository, and uploaded documents), then times the
// operator's own commands, `node apps/server/dist/admin.js backup FILE` and `restore FILE` into a fresh
// database, and prints one line per engine. BACKUP_BENCH_TENDERS and BACKUP_BENCH_FILES change the sizes.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEngines, createBenchDatabase } from './lib/postgres.mjs';
import { loadServerModules } from './lib/server-modules.mjs';

const TENDERS = Number(process.env.BACKUP_BENCH_TENDERS ?? 100_000);
const FILES = Number(process.env.BACKUP_BENCH_FILES ?? 1_000);
const FILE_BYTES = 64 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
const admin = join(root, 'apps/server/dist/admin.js');

function build() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@yuk/server', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server build failed');
}

/** Runs an admin command against `env`'s database; its time in seconds. */
function timed(args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [admin, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return seconds;
}

async function generate(server, database) {
  await server.migrateToLatest(database);
  const owner = await server.registerUser(database.db, {
    first_name: 'Backup',
    last_name: 'Owner',
    email: 'backup-owner@yuktender.uz',
    phone_number: '+998900000101',
    password: 'backup-password-123',
  });
  await server.seedDemoTenders(database.db, owner.id, TENDERS);
  // uploaded documents live in the database too: 64 KB each, incompressible (like photos and PDFs)
  for (let i = 0; i < FILES; i += 50) {
    const rows = [];
    for (let k = i; k < Math.min(FILES, i + 50); k += 1) {
      rows.push({
        id: randomBytes(16).toString('hex'),
        owner_id: owner.id,
        content_type: 'application/pdf',
        size: FILE_BYTES,
        original_name: `document-${k}.pdf`,
        data: randomBytes(FILE_BYTES),
        created_at: new Date().toISOString(),
      });
    }
    await database.db.insertInto('files').values(rows).execute();
  }
}

const server = await loadServerModules({
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  registerUser: 'modules/users/users.service.ts#registerUser',
  seedDemoTenders: 'modules/tenders/tenders.seed.ts#seedDemoTenders',
});
build();

for (const engine of benchEngines) {
  const work = mkdtempSync(join(tmpdir(), 'yuk-backup-bench-'));
  const source = engine.name === 'PostgreSQL' ? await createBenchDatabase() : undefined;
  const target = engine.name === 'PostgreSQL' ? await createBenchDatabase() : undefined;
  const sourceEnv = { DATABASE_URL: source?.url ?? `sqlite:${join(work, 'source.db')}`, DATA_DIR: work };
  const targetEnv = { DATABASE_URL: target?.url ?? `sqlite:${join(work, 'restored.db')}`, DATA_DIR: work };
  try {
    const started = Date.now();
    const database = server.openDatabase({ url: sourceEnv.DATABASE_URL, dataDir: work });
    await generate(server, database);
    await database.close();
    const generated = (Date.now() - started) / 1000;
    const file = join(work, engine.name === 'PostgreSQL' ? 'yuk.dump' : 'yuk.sqlite');
    const backup = timed(['backup', file], sourceEnv);
    const restore = timed(['restore', file], targetEnv);
    const restored = server.openDatabase({ url: targetEnv.DATABASE_URL, dataDir: work });
    const count = await restored.db
      .selectFrom('tenders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const files = await restored.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await restored.close();
    if (Number(count.n) !== TENDERS || Number(files.n) !== FILES) {
      throw new Error(`restored ${count.n} tenders and ${files.n} files, expected ${TENDERS} and ${FILES}`);
    }
    const mb = (statSync(file).size / 1024 / 1024).toFixed(0);
    console.log(
      `${engine.name}: ${TENDERS} tenders and ${FILES} documents (generated in ${generated.toFixed(0)} s); ` +
        `backup ${backup.toFixed(1)} s (${mb} MB), restore with migrations ${restore.toFixed(1)} s; all restored`,
    );
  } finally {
    await source?.drop();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
