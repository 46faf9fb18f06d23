import type { Generated } from 'kysely';
import type { RatingPayment } from '@yuk/shared';

/** One side's rating of the other after a delivered shipment. */
export interface RatingsTable {
  id: Generated<number>;
  shipment_id: number;
  rater_id: number;
  ratee_id: number;
  rater_role: 'owner' | 'carrier';
  score: number;
  comment: string | null;
  payment: RatingPayment | null;
  /** 0 or 1 */
  on_time: number | null;
  created_at: string;
  /** When it entered its ratee's rating_totals, as it became visible; null while it is blind. */
  counted_at: string | null;
}

/**
 * The visible ratings a user received, summed: the bid list's standing and the profile's figures read this row
 * instead of every rating of the user.
 */
export interface RatingTotalsTable {
  user_id: number;
  score_total: number;
  rating_count: number;
  /** Of the owners' ratings (of the user as a carrier): how many said the dates were kept, of how many. */
  on_time_count: number;
  on_time_of: number;
  /** Of the carriers' ratings (of the user as an owner): how many said the payment came on time, of how many. */
  payment_on_time_count: number;
  payment_of: number;
}

export interface RatingsTables {
  ratings: RatingsTable;
  rating_totals: RatingTotalsTable;
}
