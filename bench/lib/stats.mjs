/** Nearest-rank percentile of ascending-sorted numbers. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** The middle value of a few rounds' figures. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The row fields of an HTTP latency beside the same work done in the bench process. */
export function besideInProcess({ p50, p99, inProcessP50, inProcessP99 }) {
  return {
    p50: round(p50),
    p99: round(p99),
    inProcessP50: round(inProcessP50, 3),
    inProcessP99: round(inProcessP99, 3),
    ratioP50: round(p50 / inProcessP50, 1),
    ratioP99: round(p99 / inProcessP99, 1),
  };
}

/** The row that stands for a measurement that failed: named, marked not met, with the error's first words. */
export function failedRow(name, error) {
  return { case: `${name}: failed (${String(error?.message ?? error).slice(0, 120)})`, met: false };
}
