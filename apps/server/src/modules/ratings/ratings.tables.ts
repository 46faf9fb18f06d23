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
}

export interface RatingsTables {
  ratings: RatingsTable;
}
