import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/states';
import type { MonthChartProps } from './chart-types';

// Chart.js comes with the first chart drawn, not with the page (and never for a dashboard with nothing to draw)
const MonthChart = lazy(() => import('./month-chart'));

export interface ChartCardProps extends Omit<MonthChartProps, 'label'> {
  title: string;
  /** Shown instead of the chart when no month has a figure: what to do next. */
  empty: { title: string; hint: string; action?: ReactNode };
}

/**
 * A chart of monthly figures in a card: its title, the chart, and the same numbers as a table for screen
 * readers. A period without any figure shows what to do next instead of an empty chart.
 */
export function ChartCard({ title, empty, ...chart }: ChartCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hasFigures = chart.series.some((one) => one.values.some((value) => value !== null && value !== 0));
  return (
    <figure
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-navy-700 bg-navy-900 p-4"
    >
      <h3 id={titleId} className="font-semibold text-white">
        {title}
      </h3>
      {hasFigures ? (
        <>
          <Suspense fallback={<div className="h-56" />}>
            <MonthChart {...chart} label={title} />
          </Suspense>
          {/* a table is never narrower than its cells: hidden in a box that is, or it widens the page */}
          <div className="sr-only">
            <table>
              <caption>{t('dashboard.charts.tableOf', { title })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.charts.month')}</th>
                  {chart.series.map((one) => (
                    <th key={one.label} scope="col">
                      {one.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.labels.map((month, index) => (
                  <tr key={month}>
                    <th scope="row">{month}</th>
                    {chart.series.map((one) => {
                      const value = one.values[index];
                      return (
                        <td key={one.label}>{value === null || value === undefined ? '—' : chart.format(value)}</td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <EmptyState title={empty.title} description={empty.hint} action={empty.action} className="py-8" />
      )}
    </figure>
  );
}
