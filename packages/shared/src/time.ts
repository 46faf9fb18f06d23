/** Tenders end at the end of their last day in Uzbekistan (Asia/Tashkent, UTC+5, no daylight saving). */
export const MARKET_TIME_ZONE = 'Asia/Tashkent';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Tashkent as YYYY-MM-DD. */
export function marketToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}
