import { format, isValid, parseISO } from 'date-fns';
import { DATE_FORMAT, groupDigits } from '@yuk/shared';

/** "$1,250", "-$99.50": the sign before the unit, as en-US writes money. */
const dollars = (value: number, fractionDigits: number) => {
  const text = groupDigits(value, fractionDigits, fractionDigits);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
};

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
  return Number.isInteger(number) ? dollars(number, 0) : dollars(number, 2);
}

/** A number with thousands grouping: 12500.5 → "12,500.5"; missing → fallback. */
export function formatNumber(value: number | string | null | undefined, fallback = 'N/A'): string {
  const number = toNumber(value);
  return number === null ? fallback : groupDigits(number, 0, 2);
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
