import type { MigrationFactory } from './helpers.js';
import { usersMigration } from './001-users.js';

/** Every migration in order; the names are kept in the database, so never rename one. */
export const migrations: Record<string, MigrationFactory> = {
  '001-users': usersMigration,
};
