import { z } from 'zod';

/**
 * The Central Bank of Uzbekistan's official exchange rates, from its public JSON: GET
 * `<CBU_RATES_URL>USD/YYYY-MM-DD/` answers `[{ "Ccy": "USD", "Rate": "12850.35", "Date": "26.11.2026", … }]`,
 * the rate in force on that day (published the working day before; a weekend's is Friday's).
 */
export interface CbuSettings {
  /** CBU_RATES_URL, e.g. https://cbu.uz/uz/arkhiv-kursov-valyut/json/ */
  ratesUrl: string;
  timeoutMs?: number;
}

export interface CbuRate {
  /** "12850.35" */
  rate: string;
  /** The day the rate is of, YYYY-MM-DD. */
  date: string;
}

export interface CbuClient {
  /** The dollar's rate in force on a day (YYYY-MM-DD); null when the bank cannot be read. */
  usdRate(day: string): Promise<CbuRate | null>;
}

const answer = z
  .array(
    z.object({
      Ccy: z.string(),
      Rate: z.union([z.string(), z.number()]).transform(String),
      Date: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
    }),
  )
  .min(1);

export function createCbuClient(settings: CbuSettings): CbuClient {
  const base = settings.ratesUrl.endsWith('/') ? settings.ratesUrl : `${settings.ratesUrl}/`;
  return {
    async usdRate(day) {
      try {
        const response = await fetch(`${base}USD/${day}/`, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(settings.timeoutMs ?? 5000),
        });
        if (!response.ok) return null;
        const text = await response.text();
        if (text.length > 64 * 1024) return null;
        const parsed = answer.safeParse(JSON.parse(text));
        if (!parsed.success) return null;
        const usd = parsed.data.find((row) => row.Ccy === 'USD');
        if (!usd || !/^\d{1,9}(\.\d{1,2})?$/.test(usd.Rate.trim())) return null;
        const [dd, mm, yyyy] = usd.Date.split('.');
        return { rate: usd.Rate.trim(), date: `${yyyy}-${mm}-${dd}` };
      } catch {
        return null;
      }
    },
  };
}
