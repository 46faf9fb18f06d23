import type { Generated } from 'kysely';

export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** As the user typed them. */
  origin: string;
  destination: string;
  /** The places as the city table keys them (see placeKey); '' is any place. */
  origin_key: string;
  destination_key: string;
  /** Bits of the wanted modes (truck 1, plane 2, ship 4, labo 8); 0 is any mode. */
  mode_mask: Generated<number>;
  /** kg; null: any weight. */
  max_weight: number | null;
  min_price_cents: number | null;
  created_at: string;
}

export interface SavedSearchesTables {
  saved_searches: SavedSearchesTable;
}
