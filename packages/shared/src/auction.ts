import { MARKET_OFFSET_MS } from './time.js';

/**
 * The auction rules of a tender: when bidding closes, the soft close, the minimum step, buy-now, the reserve,
 * automatic award and the winner's confirmation. Instants travel as ISO-8601 text and are kept as epoch
 * milliseconds (UTC); business dates are Tashkent dates (UTC+5, no daylight saving).
 */
export const SOFT_CLOSE_MINUTES_MAX = 60;
export const CONFIRM_WITHIN_MINUTES_MIN = 1;
export const CONFIRM_WITHIN_MINUTES_MAX = 1440;
export const CONFIRM_WITHIN_MINUTES_DEFAULT = 120;
export const MIN_STEP_DEFAULT_USD = 0.01;

const DAY_MS = 24 * 60 * 60_000;

/** The last second of a Tashkent date (23:59:59 +05:00) as epoch milliseconds: the default close of bidding. */
export function endOfMarketDayMs(date: string): number {
  return Date.parse(`${date}T23:59:59+05:00`);
}

/** The Tashkent date (YYYY-MM-DD) an instant falls on. */
export function marketDateOf(ms: number): string {
  return new Date(Math.floor((ms + MARKET_OFFSET_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant as people in the market read it: dd.MM.yyyy HH:mm, Tashkent time (notifications carry it). */
export function formatMarketTime(ms: number): string {
  const at = new Date(ms + MARKET_OFFSET_MS);
  const date = `${twoDigits(at.getUTCDate())}.${twoDigits(at.getUTCMonth() + 1)}.${at.getUTCFullYear()}`;
  return `${date} ${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}`;
}

/** A date (YYYY-MM-DD) as people in the market write it: 03.12.2026; any other text stays as it is. */
export function formatMarketDay(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.split('-').reverse().join('.') : date;
}

/** The highest bid the rules accept now: the current minimum less the step; null when no bid can be that low. */
export function nextMaxBidCents(currentMinimumCents: number, minStepCents: number): number | null {
  const next = currentMinimumCents - minStepCents;
  return next >= 1 ? next : null;
}
