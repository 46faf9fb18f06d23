import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { engineOf, type Database } from './database.js';
import { migrations } from './migrations/index.js';

function migratorOf(database: Database): Migrator {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const [name, factory] of Object.entries(migrations)) all[name] = factory(engineOf(database.db));
      return all;
    },
  };
  // An explicit schema keeps Kysely's bookkeeping tables beside the data (tests use one schema per file).
  return new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/** Runs every pending migration. On PostgreSQL, Kysely holds an advisory lock so that instances starting together take turns. */
export async function migrateToLatest(database: Database): Promise<void> {
  const { error, results } = await migratorOf(database).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** The migrations this version knows that have not run on the database (none: it is ready for this version). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const known = await migratorOf(database).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
