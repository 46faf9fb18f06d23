/**
 * What the accepted deals of each lane paid, one row per lane, mode and Tashkent day, added to in the
 * transaction that settles each award: guidance reads at most 90 of these rows, never the deals themselves.
 */
export interface LanePriceDaysTable {
  /** `origin>destination` as places are matched (placeKey): Toshkent and Ташкент are one lane end. */
  lane: string;
  mode: string;
  /** YYYY-MM-DD in Tashkent */
  day: string;
  deals: number;
  /** The deals' prices in cents, a JSON array in the order they were settled. */
  amounts: string;
  /** The same deals' prices per tonne of cargo, in cents, a JSON array. */
  per_ton: string;
}

/** The last day each carrier settled a deal on a lane: how many distinct carriers the window holds. */
export interface LaneCarriersTable {
  lane: string;
  mode: string;
  carrier_id: number;
  last_day: string;
}

export interface MarketTables {
  lane_price_days: LanePriceDaysTable;
  lane_carriers: LaneCarriersTable;
}
