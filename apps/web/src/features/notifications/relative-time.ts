import { formatDistanceToNowStrict, isValid, parseISO, type Locale } from 'date-fns';
import { enUS, ru, uz } from 'date-fns/locale';
import { useEffect, useState } from 'react';
import type { Language } from '@yuk/shared';

/**
 * date-fns' Uzbek says "5 minut oldin" and "10 sekund oldin"; the product says "5 daqiqa oldin" and
 * "10 soniya oldin". Every other unit (soat, kun, hafta, oy, yil) stays as date-fns writes it.
 */
const uzbek: Locale = {
  ...uz,
  formatDistance: (token, count, options) =>
    (uz.formatDistance?.(token, count, options) ?? '').replace(/\bminut/g, 'daqiqa').replace(/\bsekund/g, 'soniya'),
};

const LOCALES: Record<Language, Locale> = { uz: uzbek, en: enUS, ru };

/**
 * How long ago something happened, in words: '5 daqiqa oldin', '5 minutes ago', '5 минут назад'. Under a
 * minute it is `justNow`; a time slightly ahead of this device's clock counts as now; an unreadable time is ''.
 */
export function relativeTime(value: string | Date, lang: Language, justNow: string): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  if (Date.now() - date.getTime() < 60_000) return justNow;
  return formatDistanceToNowStrict(date, { addSuffix: true, locale: LOCALES[lang] });
}

/** The current time, renewed every `intervalMs`: a component that shows relative times re-renders with it. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
