import type { UsersTables } from '../modules/users/users.tables.js';

/**
 * The tables of the database, as Kysely sees them. Each feature declares its own tables beside its
 * repository and adds them here. Timestamps are ISO-8601 UTC text on both engines; money is integer cents.
 */
export interface DatabaseSchema extends UsersTables {}
