import type { Generated } from 'kysely';
import type { AwardOrigin, AwardOutcome } from '@yuk/shared';

/** Every award of a tender, in order: the owner's history of who was chosen and what they answered. */
export interface TenderAwardsTable {
  id: Generated<number>;
  tender_id: number;
  bid_id: number;
  origin: AwardOrigin;
  outcome: AwardOutcome;
  awarded_at: string;
  confirm_by_ms: number | null;
  decided_at: string | null;
}

export interface TenderAwardsTables {
  tender_awards: TenderAwardsTable;
}
