import { format, isValid, parseISO } from 'date-fns';
import { DATE_FORMAT } from '@yuk/shared';

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** USD with thousands grouping: 12500 → "$12,500", 99.5 → "$99.50"; missing or not a number → fallback. */
export function formatUsd(value: number | string | null | undefined, fallback = 'N/A'): string {
  const number = toNumber(value);
  if (number === null) return fallback;
  // cents only when there are some
  return Number.isInteger(number) ? usdWhole.format(number) : usdCents.format(number);
}

/** A number with thousands grouping: 12500.5 → "12,500.5"; missing → fallback. */
export function formatNumber(value: number | string | null | undefined, fallback = 'N/A'): string {
  const number = toNumber(value);
  return number === null ? fallback : grouped.format(number);
}

/** A date as dd.MM.yyyy; accepts 'YYYY-MM-DD', ISO timestamps and Date; else fallback. */
export function formatDate(value: string | Date | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, DATE_FORMAT) : fallback;
}

/** A timestamp as dd.MM.yyyy HH:mm in local time; else fallback. */
export function formatDateTime(value: string | Date | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, `${DATE_FORMAT} HH:mm`) : fallback;
}
