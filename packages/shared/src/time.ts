/** Tenders end at the end of their last day in Uzbekistan (Asia/Tashkent, UTC+5, no daylight saving). */
export const MARKET_TIME_ZONE = 'Asia/Tashkent';

/** Tashkent is UTC+5 all year: its dates and times are UTC's, moved by this much (no time zone data needed). */
export const MARKET_OFFSET_MS = 5 * 60 * 60_000;

/** Today's date in Tashkent as YYYY-MM-DD. */
export function marketToday(now: Date = new Date()): string {
  return new Date(now.getTime() + MARKET_OFFSET_MS).toISOString().slice(0, 10);
}
