/** Nearest-rank percentile of already sorted numbers (p in 0..100); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

/** p50, p99, max and mean of a sample, in the sample's unit, rounded to 0.01. */
export function summarize(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(sorted.length > 0 ? sum / sorted.length : Number.NaN),
  };
}
