/** Tenders end at the end of their last day in Uzbekistan (Asia/Tashkent, UTC+5, no daylight saving). */
export const MARKET_TIME_ZONE = 'Asia/Tashkent';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Formatting a date in a time zone is slow, and every bid asks for today. Zone offsets are whole minutes, so
// the date cannot change inside one UTC minute: the answer is kept for the minute it was computed in.
let cachedMinute = Number.NaN;
let cachedDay = '';

/** Today's date in Tashkent as YYYY-MM-DD. */
export function marketToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== cachedMinute) {
    cachedDay = dayFormat.format(now);
    cachedMinute = minute;
  }
  return cachedDay;
}
