import { sql } from 'kysely';
import type { AuditFilters } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import type { AuditLogTable } from './audit.tables.js';

export async function insertAuditEntry(db: Db, values: Omit<AuditLogTable, 'id'>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}

type Filters = Omit<AuditFilters, 'limit' | 'cursor'>;

/** Entries matching the filters (times as ISO text, which sorts as time does). */
function filtered(db: Db, filters: Filters) {
  let query = db.selectFrom('audit_log');
  if (filters.actor !== undefined) query = query.where('audit_log.actor_user_id', '=', filters.actor);
  if (filters.action !== undefined) query = query.where('audit_log.action', '=', filters.action);
  if (filters.from !== undefined) query = query.where('audit_log.at', '>=', new Date(filters.from).toISOString());
  if (filters.to !== undefined) query = query.where('audit_log.at', '<=', new Date(filters.to).toISOString());
  if (filters.subject_type !== undefined) query = query.where('audit_log.subject_type', '=', filters.subject_type);
  if (filters.subject_id !== undefined) query = query.where('audit_log.subject_id', '=', filters.subject_id);
  return query;
}

/**
 * One page, newest first (by id: entries are appended in time order), with the actor's name and e-mail. One
 * row more than asked tells whether another page follows.
 */
export function listAuditEntries(db: Db, filters: Filters, limit: number, beforeId: number | undefined) {
  let query = filtered(db, filters)
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.actor_user_id',
      'audit_log.action',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.ip',
      'audit_log.user_agent',
      'audit_log.details',
      'users.first_name',
      'users.last_name',
      'users.email',
    ]);
  if (beforeId !== undefined) query = query.where('audit_log.id', '<', beforeId);
  return query
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function countAuditEntries(db: Db, filters: Filters): Promise<number> {
  const row = await filtered(db, filters)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
