import type { QuotaName } from '@yuk/shared';

/** How much of a quota a key (quota, subject, window length) has used in one fixed window. */
export interface QuotaCountersTable {
  key: string;
  /** The window's start (epoch ms). */
  window_start: number;
  /** Attempts, or bytes. */
  used: number;
  /** When the window is over and the row may go (epoch ms): the cleanup deletes by this index. */
  expires_at_ms: number;
}

/** Attempts refused by a quota, per account and Tashkent day: what moderators look at. */
export interface QuotaHitsTable {
  user_id: number;
  quota: QuotaName;
  /** YYYY-MM-DD in Tashkent. */
  day: string;
  hits: number;
  /** The latest refusal (ISO-8601 UTC). */
  last_hit_at: string;
}

export interface QuotasTables {
  quota_counters: QuotaCountersTable;
  quota_hits: QuotaHitsTable;
}
