/** One line or set of bars of a monthly chart: a value per month (null: nothing to show that month). */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** A colour of the dark theme (a Tailwind 400 shade). */
  color: string;
}

export interface MonthChartProps {
  type: 'bar' | 'line';
  /** The months as read (e.g. "Nov 2026"), one per value. */
  labels: string[];
  series: ChartSeries[];
  /** Bars stacked (on time over late) instead of side by side. */
  stacked?: boolean;
  /** A value as the axis, the tooltip and the table show it. */
  format: (value: number) => string;
  yMin?: number;
  yMax?: number;
  /** The chart's accessible name. */
  label: string;
}

/** Tailwind's 400 shades, bright enough on the navy background. */
export const CHART_COLORS = {
  sky: '#38bdf8',
  emerald: '#34d399',
  amber: '#fbbf24',
  rose: '#fb7185',
  violet: '#a78bfa',
} as const;
