import { z } from 'zod';
import { MARKET_OFFSET_MS } from './time.js';
import { marketToday } from './time.js';
import { TENDER_DATE_MAX, TENDER_DATE_MIN } from './tenders.js';

/**
 * The dashboard: a signed-in user's own figures by Tashkent month, as a shipper (the tenders they posted and
 * the deals made on them) and as a carrier (their bids, the deals they won, how they were rated). A period
 * is two Tashkent dates, both days included; by default the last 12 months up to today.
 */
export const DASHBOARD_DEFAULT_MONTHS = 12;
/** The longest period one call may ask for: 5 years of monthly figures. */
export const DASHBOARD_MAX_MONTHS = 60;

/** A month as the figures name it: YYYY-MM, in Tashkent. */
export type DashboardMonth = string;

const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The months a period touches, first to last (YYYY-MM), each once: the continuous axis of every chart. */
export function dashboardMonths(from: string, to: string): DashboardMonth[] {
  const months: DashboardMonth[] = [];
  for (let index = monthNumber(from); index <= monthNumber(to); index += 1) months.push(monthText(index));
  return months;
}

/** The UTC instant (ISO 8601, as timestamps are stored) at which a Tashkent date begins. */
export function marketDayStartIso(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - MARKET_OFFSET_MS).toISOString();
}

/** The Tashkent date after `date`. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instants that cut a period into its months: the start of `from`, the start of each later month, and the
 * end of `to` (the start of the day after). A timestamp `t` is in month `i` when bounds[i] ≤ t < bounds[i + 1].
 */
export function dashboardMonthBounds(from: string, to: string): string[] {
  const months = dashboardMonths(from, to);
  return [
    marketDayStartIso(from),
    ...months.slice(1).map((month) => marketDayStartIso(`${month}-01`)),
    marketDayStartIso(nextDay(to)),
  ];
}

/** The periods the dashboard offers: the last n calendar months, this one included. */
export const DASHBOARD_PERIOD_MONTHS = [3, 6, 12, 24, 60] as const;

/** The last `months` calendar months up to today (Tashkent): from the first day of the first, to today. */
export function lastMonthsPeriod(months: number, now: Date = new Date()): { from: string; to: string } {
  const today = marketToday(now);
  return { from: `${monthText(monthNumber(today) - (months - 1))}-01`, to: today };
}

/** The default period: the 12 calendar months up to today. */
export function defaultDashboardPeriod(now: Date = new Date()): { from: string; to: string } {
  return lastMonthsPeriod(DASHBOARD_DEFAULT_MONTHS, now);
}

const blank = (text: string | undefined) => text === undefined || text.trim() === '';

/** A Tashkent date parameter; an empty one counts as absent. */
const dateParam = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || blank(text)) return undefined;
    const value = text.trim();
    if (value.length !== 10 || !z.iso.date().safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: 'date' });
      return z.NEVER;
    }
    if (value < TENDER_DATE_MIN || value > TENDER_DATE_MAX) {
      ctx.addIssue({ code: 'custom', message: 'date' });
      return z.NEVER;
    }
    return value;
  });

/** GET /api/dashboard. Without `from` and `to` the last 12 months; with one alone, 12 months from or to it. */
export const dashboardQuery = z
  .object({
    from: dateParam.describe('The first Tashkent date of the period (YYYY-MM-DD)'),
    to: dateParam.describe('The last Tashkent date of the period, included (YYYY-MM-DD); at most 5 years on'),
  })
  .superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'from_after_to' });
    else if (monthNumber(query.to) - monthNumber(query.from) + 1 > DASHBOARD_MAX_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'period_too_long' });
    }
  });
export type DashboardQuery = z.input<typeof dashboardQuery>;
export type DashboardFilters = z.output<typeof dashboardQuery>;

/** The last day of a month (YYYY-MM) as YYYY-MM-DD. */
function lastDayOf(month: DashboardMonth): string {
  const index = monthNumber(`${month}-01`) + 1;
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, 1) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The period a query asks for, the defaults filled in: with neither date the last 12 months to today; with
 * one alone, the 12 calendar months that start or end with its month.
 */
export function dashboardPeriod(query: DashboardFilters, now: Date = new Date()): { from: string; to: string } {
  const span = DASHBOARD_DEFAULT_MONTHS - 1;
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  if (query.from !== undefined) return { from: query.from, to: lastDayOf(monthText(monthNumber(query.from) + span)) };
  if (query.to !== undefined) return { from: `${monthText(monthNumber(query.to) - span)}-01`, to: query.to };
  return defaultDashboardPeriod(now);
}

const usd = z.number().describe('USD');
const count = z.number().int().min(0);
const share = z.number().min(0).max(1).nullable();

export const shipperMonth = z.object({
  month: z.string().describe('YYYY-MM (Tashkent)'),
  tenders: count.describe('Tenders I posted (not drafts) created in the month'),
  bids_per_tender: z.number().nullable().describe('Their average number of bids; null without tenders'),
  deals: count.describe('Shipments of my tenders made in the month (a carrier confirmed, or bought now)'),
  spend: usd.describe('What those deals cost'),
  savings: usd.describe('Their starting prices less what they cost'),
  median_hours_to_award: z.number().nullable().describe('From posting the tender to the settled award'),
  delivered: count.describe('My shipments delivered in the month'),
  on_time: count.describe('Of those, delivered by the end of the delivery date (Tashkent)'),
});
export type ShipperMonth = z.infer<typeof shipperMonth>;

export const shipperFigures = z.object({
  tenders: count,
  bids_per_tender: z.number().nullable(),
  deals: count,
  spend: usd,
  savings: usd,
  savings_share: share.describe('Savings against the starting prices of the deals, 0–1'),
  median_hours_to_award: z.number().nullable(),
  delivered: count,
  on_time: count,
  on_time_share: share,
  months: z.array(shipperMonth),
});
export type ShipperFigures = z.infer<typeof shipperFigures>;

export const carrierMonth = z.object({
  month: z.string().describe('YYYY-MM (Tashkent)'),
  bids_placed: count.describe('Bids I placed in the month (each new price counts)'),
  bids_won: count.describe('Deals I won in the month: my bid became a shipment'),
  revenue: usd.describe('What those deals pay'),
  delivered: count.describe('My shipments delivered in the month'),
  on_time: count.describe('Of those, delivered by the end of the delivery date (Tashkent)'),
  ratings: count.describe("Owners' ratings of me given in the month (as the ratings page shows them)"),
  rating_average: z.number().nullable().describe('Their average score, 1–5; null without ratings'),
});
export type CarrierMonth = z.infer<typeof carrierMonth>;

export const carrierFigures = z.object({
  bids_placed: count,
  bids_won: count,
  decided_tenders: count.describe('Tenders I bid on in the period whose bidding ended (closed, or a settled deal)'),
  tenders_won: count.describe('Of those, the ones I won'),
  win_rate: share.describe('tenders_won / decided_tenders'),
  revenue: usd,
  delivered: count,
  on_time: count,
  on_time_share: share,
  ratings: count,
  rating_average: z.number().nullable(),
  months: z.array(carrierMonth),
});
export type CarrierFigures = z.infer<typeof carrierFigures>;

/** My figures: a section for each side I have been on (null when never), every month of the period listed. */
export const dashboard = z
  .object({
    from: z.string().describe('The first Tashkent date of the period'),
    to: z.string().describe('The last Tashkent date of the period'),
    shipper: shipperFigures.nullable().describe('null when I never posted a tender'),
    carrier: carrierFigures.nullable().describe('null when I never placed a bid'),
  })
  .meta({
    examples: [
      {
        from: '2026-10-01',
        to: '2026-11-25',
        shipper: {
          tenders: 3,
          bids_per_tender: 4.33,
          deals: 2,
          spend: 2400,
          savings: 600,
          savings_share: 0.2,
          median_hours_to_award: 30.5,
          delivered: 1,
          on_time: 1,
          on_time_share: 1,
          months: [
            {
              month: '2026-10',
              tenders: 2,
              bids_per_tender: 5,
              deals: 1,
              spend: 1200,
              savings: 300,
              median_hours_to_award: 25,
              delivered: 1,
              on_time: 1,
            },
            {
              month: '2026-11',
              tenders: 1,
              bids_per_tender: 3,
              deals: 1,
              spend: 1200,
              savings: 300,
              median_hours_to_award: 36,
              delivered: 0,
              on_time: 0,
            },
          ],
        },
        carrier: null,
      },
    ],
  });
export type Dashboard = z.infer<typeof dashboard>;
