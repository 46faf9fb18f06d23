import type { Generated } from 'kysely';
import type { BidStatus } from '@yuk/shared';

export interface BidsTable {
  id: Generated<number>;
  tender_id: number;
  bidder_id: number;
  amount_cents: number;
  status: BidStatus;
  created_at: string;
}

export interface BidsTables {
  bids: BidsTable;
}
