import type { Generated } from 'kysely';
import type { BidStatus } from '@yuk/shared';

export interface BidsTable {
  id: Generated<number>;
  tender_id: number;
  bidder_id: number;
  amount_cents: number;
  status: BidStatus;
  created_at: string;
  /** After it (epoch ms) the bid is expired; null: no limit. */
  valid_until_ms: number | null;
  /** An awarded bid must be confirmed before it (epoch ms). */
  confirm_by_ms: number | null;
  /** When the awarded bidder let the deadline pass (epoch ms): set with status no_show, and only then. */
  no_show_at_ms: number | null;
  /** The bidder's vehicle named in the bid; null when none (or since deleted). */
  vehicle_id: number | null;
}

export interface BidsTables {
  bids: BidsTable;
}
