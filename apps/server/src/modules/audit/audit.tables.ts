import type { Generated } from 'kysely';
import type { AuditAction, AuditSubjectType } from '@yuk/shared';

/**
 * The audit trail: appended to, never changed. The engine itself refuses an UPDATE or DELETE of a row (a
 * trigger on both engines, migration 018), whatever code asks.
 */
export interface AuditLogTable {
  id: Generated<number>;
  /** UTC, ISO 8601. */
  at: string;
  /** Who acted; null for the schedule and for a failed sign-in. */
  actor_user_id: number | null;
  action: AuditAction;
  subject_type: AuditSubjectType | null;
  /** Text: the subjects' ids are numbers today, but a share link or a session may be named otherwise. */
  subject_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** A small JSON object of scalars: a reason, a bid id, how many. */
  details: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
