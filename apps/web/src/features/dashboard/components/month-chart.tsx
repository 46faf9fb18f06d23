import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { MonthChartProps } from './chart-types';

// only the pieces these charts draw, so the chunk stays small (Chart.js is tree-shakable by registration)
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** The dark theme's text and grid colours (Tailwind slate-300 and slate-700). */
const TICK_COLOR = '#cbd5e1';
const GRID_COLOR = 'rgba(51, 65, 85, 0.6)';

/**
 * One chart of monthly figures on a canvas, drawn by Chart.js (this module is loaded lazily: the first screen
 * never carries it). The canvas is an image with a name; its numbers are in the table the card shows beside it.
 */
export default function MonthChart({
  type,
  labels,
  series,
  stacked = false,
  format,
  yMin,
  yMax,
  label,
}: MonthChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // a browser without a 2D canvas draws nothing: the table still says everything
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return undefined;
    const font = { family: getComputedStyle(canvas).fontFamily || 'system-ui, sans-serif', size: 12 };
    const config: ChartConfiguration<'bar' | 'line', (number | null)[], string> = {
      type,
      data: {
        labels,
        datasets: series.map((one) => ({
          label: one.label,
          data: one.values,
          backgroundColor: one.color,
          borderColor: one.color,
          borderWidth: type === 'line' ? 2 : 0,
          borderRadius: type === 'bar' ? 4 : 0,
          pointRadius: 3,
          spanGaps: true,
          maxBarThickness: 28,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // drawn once, at once: no motion to wait for or to switch off
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            stacked,
            ticks: { color: TICK_COLOR, font, maxRotation: 0, autoSkip: true, autoSkipPadding: 8 },
            grid: { display: false },
            border: { color: GRID_COLOR },
          },
          y: {
            stacked,
            beginAtZero: true,
            ...(yMin === undefined ? {} : { min: yMin }),
            ...(yMax === undefined ? {} : { max: yMax }),
            ticks: {
              color: TICK_COLOR,
              font,
              precision: 0,
              maxTicksLimit: 6,
              callback: (value) => format(Number(value)),
            },
            grid: { color: GRID_COLOR },
            border: { display: false },
          },
        },
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { color: TICK_COLOR, font, boxWidth: 12, boxHeight: 12 },
          },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${item.parsed.y === null ? '—' : format(item.parsed.y)}`,
            },
          },
        },
      },
    };
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [type, labels, series, stacked, format, yMin, yMax]);

  return (
    <div className="relative h-56 w-full min-w-0">
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}
