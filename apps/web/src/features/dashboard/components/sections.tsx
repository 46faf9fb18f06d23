import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { webRoutes, type CarrierFigures, type ShipperFigures } from '@yuk/shared';
import { formatNumber, formatUsd } from '../../../lib/format';
import { ButtonLink } from '../../../components/ui/button-link';
import { ChartCard } from './chart-card';
import { CHART_COLORS } from './chart-types';
import { FigureCard } from './figure-card';

const MONTH_KEYS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

/** "2026-11" as read: "Nov 2026" (the month names are the app's own, the same in every browser). */
export function monthLabel(t: TFunction, month: string): string {
  const key = MONTH_KEYS[Number(month.slice(5, 7)) - 1] ?? '01';
  return `${t(`dashboard.months.${key}`)} ${month.slice(0, 4)}`;
}

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const usd = (value: number) => formatUsd(value);
const count = (value: number) => formatNumber(value);
const oneDecimal = (value: number) => formatNumber(Math.round(value * 10) / 10);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

/** What the charts share: the months as labels, and the format of hours. */
function useChartBasics(months: { month: string }[]) {
  const { t } = useTranslation();
  const labels = useMemo(() => months.map((row) => monthLabel(t, row.month)), [months, t]);
  const hours = useMemo(() => (value: number) => t('dashboard.figures.hours', { n: oneDecimal(value) }), [t]);
  return { t, labels, hours };
}

/** My deliveries by month, on time and late, stacked: the same chart on both sides. */
function DeliveriesChart({ months, labels }: { months: { on_time: number; delivered: number }[]; labels: string[] }) {
  const { t } = useTranslation();
  const series = useMemo(
    () => [
      { label: t('dashboard.charts.onTimeSeries'), values: months.map((m) => m.on_time), color: CHART_COLORS.emerald },
      {
        label: t('dashboard.charts.lateSeries'),
        values: months.map((m) => m.delivered - m.on_time),
        color: CHART_COLORS.rose,
      },
    ],
    [months, t],
  );
  return (
    <ChartCard
      title={t('dashboard.charts.deliveries')}
      type="bar"
      stacked
      labels={labels}
      series={series}
      format={count}
      empty={{ title: t('dashboard.empty.deliveries'), hint: t('dashboard.empty.deliveriesHint') }}
    />
  );
}

/** My side as a shipper: what my tenders cost, saved, drew and how they were delivered. */
export function ShipperSection({ figures }: { figures: ShipperFigures }) {
  const { t, labels, hours } = useChartBasics(figures.months);
  const months = figures.months;
  const postTender = <ButtonLink to={webRoutes.createTender}>{t('dashboard.postTender')}</ButtonLink>;
  const series = useMemo(
    () => ({
      spend: [
        { label: t('dashboard.figures.spend'), values: months.map((m) => m.spend), color: CHART_COLORS.sky },
        { label: t('dashboard.figures.savings'), values: months.map((m) => m.savings), color: CHART_COLORS.emerald },
      ],
      bidsPerTender: [
        {
          label: t('dashboard.figures.bidsPerTender'),
          values: months.map((m) => m.bids_per_tender),
          color: CHART_COLORS.violet,
        },
      ],
      hours: [
        {
          label: t('dashboard.figures.hoursToAward'),
          values: months.map((m) => m.median_hours_to_award),
          color: CHART_COLORS.amber,
        },
      ],
    }),
    [months, t],
  );
  return (
    <Section title={t('dashboard.shipper')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <FigureCard
          label={t('dashboard.figures.spend')}
          value={usd(figures.spend)}
          note={t('dashboard.figures.deals', { n: figures.deals })}
        />
        <FigureCard
          label={t('dashboard.figures.savings')}
          value={usd(figures.savings)}
          note={
            figures.savings_share === null
              ? undefined
              : t('dashboard.figures.savingsShare', { pct: percent(figures.savings_share) })
          }
        />
        <FigureCard
          label={t('dashboard.figures.bidsPerTender')}
          value={figures.bids_per_tender === null ? '—' : oneDecimal(figures.bids_per_tender)}
        />
        <FigureCard
          label={t('dashboard.figures.hoursToAward')}
          value={figures.median_hours_to_award === null ? '—' : hours(figures.median_hours_to_award)}
        />
        <FigureCard
          label={t('dashboard.figures.onTime')}
          value={percent(figures.on_time_share)}
          note={t('dashboard.figures.ofDelivered', { n: figures.delivered })}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={t('dashboard.charts.spend')}
          type="bar"
          labels={labels}
          series={series.spend}
          format={usd}
          empty={{ title: t('dashboard.empty.deals'), hint: t('dashboard.empty.dealsHint'), action: postTender }}
        />
        <ChartCard
          title={t('dashboard.charts.bidsPerTender')}
          type="bar"
          labels={labels}
          series={series.bidsPerTender}
          format={oneDecimal}
          empty={{ title: t('dashboard.empty.tenders'), hint: t('dashboard.empty.tendersHint'), action: postTender }}
        />
        <ChartCard
          title={t('dashboard.charts.hoursToAward')}
          type="line"
          labels={labels}
          series={series.hours}
          format={hours}
          empty={{ title: t('dashboard.empty.deals'), hint: t('dashboard.empty.dealsHint'), action: postTender }}
        />
        <DeliveriesChart months={months} labels={labels} />
      </div>
    </Section>
  );
}

/** My side as a carrier: my bids and wins, what they earned, how I delivered and was rated. */
export function CarrierSection({ figures }: { figures: CarrierFigures }) {
  const { t, labels } = useChartBasics(figures.months);
  const months = figures.months;
  const findTenders = <ButtonLink to={webRoutes.tenders}>{t('dashboard.findTenders')}</ButtonLink>;
  const series = useMemo(
    () => ({
      bids: [
        {
          label: t('dashboard.charts.placedSeries'),
          values: months.map((m) => m.bids_placed),
          color: CHART_COLORS.sky,
        },
        { label: t('dashboard.figures.bidsWon'), values: months.map((m) => m.bids_won), color: CHART_COLORS.emerald },
      ],
      revenue: [
        { label: t('dashboard.figures.revenue'), values: months.map((m) => m.revenue), color: CHART_COLORS.emerald },
      ],
      rating: [
        {
          label: t('dashboard.figures.rating'),
          values: months.map((m) => m.rating_average),
          color: CHART_COLORS.violet,
        },
      ],
    }),
    [months, t],
  );
  return (
    <Section title={t('dashboard.carrier')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <FigureCard label={t('dashboard.figures.bidsPlaced')} value={count(figures.bids_placed)} />
        <FigureCard label={t('dashboard.figures.bidsWon')} value={count(figures.bids_won)} />
        <FigureCard
          label={t('dashboard.figures.winRate')}
          value={percent(figures.win_rate)}
          note={t('dashboard.figures.winRateOf', { n: figures.decided_tenders })}
        />
        <FigureCard label={t('dashboard.figures.revenue')} value={usd(figures.revenue)} />
        <FigureCard
          label={t('dashboard.figures.onTime')}
          value={percent(figures.on_time_share)}
          note={t('dashboard.figures.ofDelivered', { n: figures.delivered })}
        />
        <FigureCard
          label={t('dashboard.figures.rating')}
          value={figures.rating_average === null ? '—' : oneDecimal(figures.rating_average)}
          note={t('dashboard.figures.ratingsCount', { n: figures.ratings })}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={t('dashboard.charts.bids')}
          type="bar"
          labels={labels}
          series={series.bids}
          format={count}
          empty={{ title: t('dashboard.empty.bids'), hint: t('dashboard.empty.bidsHint'), action: findTenders }}
        />
        <ChartCard
          title={t('dashboard.charts.revenue')}
          type="bar"
          labels={labels}
          series={series.revenue}
          format={usd}
          empty={{ title: t('dashboard.empty.won'), hint: t('dashboard.empty.wonHint'), action: findTenders }}
        />
        <DeliveriesChart months={months} labels={labels} />
        <ChartCard
          title={t('dashboard.charts.rating')}
          type="line"
          labels={labels}
          series={series.rating}
          format={oneDecimal}
          yMin={0}
          yMax={5}
          empty={{ title: t('dashboard.empty.ratings'), hint: t('dashboard.empty.ratingsHint') }}
        />
      </div>
    </Section>
  );
}
