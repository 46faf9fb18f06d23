import type { Generated } from 'kysely';

export interface DueActionsTable {
  id: Generated<number>;
  /** What is due: tender_close, award_confirm, bid_expiry. */
  kind: string;
  /** The tender or bid it concerns; one row per kind and subject. */
  subject_id: number;
  due_at_ms: number;
  /** An instance that claimed the row holds it until then (0: free); a crashed one's claim runs out. */
  claimed_until_ms: Generated<number>;
  attempts: Generated<number>;
}

export interface DueActionsTables {
  due_actions: DueActionsTable;
}
