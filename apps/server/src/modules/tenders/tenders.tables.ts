import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { DeliverySpeed, PriceRange, TenderStatus } from '@yuk/shared';

export interface TendersTable {
  id: Generated<number>;
  /** YT-000123, computed by the database from the id. */
  number: GeneratedAlways<string>;
  owner_id: number;
  name: string;
  cargo_type: string;
  /** kg */
  cargo_weight: number;
  /** m³ */
  cargo_volume: number;
  origin_location: string;
  destination_location: string;
  /** YYYY-MM-DD */
  shipment_date: string;
  delivery_date: string;
  tender_start_date: string;
  tender_end_date: string;
  initial_price_cents: number;
  status: TenderStatus;
  requirements: string | null;
  notes: string | null;
  incoterms: string | null;
  current_min_bid_cents: number | null;
  bid_count: Generated<number>;
  /** The accepted bid once awarded (added by the bids migration). */
  awarded_bid_id: number | null;
  /** Bits of the modes the cargo type names: truck 1, plane 2, ship 4, labo 8. */
  mode_mask: number;
  /** The known city of the origin ('tashkent', 'fargona' …), '' when none. */
  origin_city: string;
  /** Days from shipment_date to delivery_date. */
  delivery_days: number;
  /** name, cargo type, origin and destination, lower-cased, one per line. */
  search_text: string;
  created_at: string;
  /** When bidding ends, epoch ms; a soft close moves it later. */
  closes_at_ms: number;
  soft_close_minutes: number;
  min_step_cents: number;
  buy_now_price_cents: number | null;
  /** The owner's alone: never shown to anyone else. */
  reserve_price_cents: number | null;
  /** 0 or 1 (a boolean on both engines). */
  auto_award: number;
  confirm_within_minutes: number;
  /** 0 or 1: only users of verified companies may bid or buy now. */
  verified_only: Generated<number>;
  /** The import from a file that made it (null: made by the form or the seed). */
  import_id: ColumnType<number | null, number | null | undefined, never>;
}

/** An import of tenders from a file: its tenders are announced to saved searches together. */
export interface TenderImportsTable {
  id: Generated<number>;
  owner_id: number;
  /** How many tenders it made. */
  tenders: number;
  created_at: string;
}

/**
 * How many tenders share each combination of the list's filter values, kept by triggers on tenders in the
 * same statement that changes a tender; a list's total is a sum over a few of these rows.
 */
export interface TenderCountsTable {
  status: TenderStatus;
  mode_mask: number;
  origin_city: string;
  delivery_speed: DeliverySpeed;
  /** The tender list's band of the initial price. */
  price_band: PriceRange;
  n: number;
}

/**
 * PostgreSQL only: the list's filter columns of every tender, cut into ranges of ids (migration 110), kept by a
 * trigger on tenders. A text search counts and finds its matches here, one range at a time.
 */
export type TenderSearchTable = Pick<
  TendersTable,
  | 'status'
  | 'owner_id'
  | 'tender_start_date'
  | 'initial_price_cents'
  | 'mode_mask'
  | 'origin_city'
  | 'delivery_days'
  | 'search_text'
> & { id: number };

export interface TendersTables {
  tenders: TendersTable;
  tender_search: TenderSearchTable;
  tender_counts: TenderCountsTable;
  tender_imports: TenderImportsTable;
}

export type TenderRow = Selectable<TendersTable>;
