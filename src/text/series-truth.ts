// What a sampled series stands for. Servers answer scalar histograms with one mean per bucket
// of iterations or time (docs/wire-facts.md §8), which flattens a spike into its neighbours;
// the task's last_metrics keeps each series' true minimum and maximum with their iterations,
// and its point count (§3.7). Put together, a chart drawn from the buckets still reaches the
// extremes the scalars pane lists, and a log scale can say how many points it leaves out.

/** One series' last_metrics facts; null where the server does not send them. */
export interface SeriesSummary {
  /** Points reported for the series (last_metrics `count`). */
  points: number | null;
  min: number | null;
  minIter: number | null;
  max: number | null;
  maxIter: number | null;
}

/** A series as fetched: x (iteration or epoch ms) and y, bucket means or the points themselves. */
export interface SampledSeries {
  x: number[];
  y: number[];
  /** The series' last_metrics facts, when the task's last_metrics has the series. */
  summary?: SeriesSummary;
  /** y are bucket means (fewer than the series' points, or a count the server does not send). */
  means?: boolean;
}

/** Single value metrics are stored at this iteration; histograms leave them out. */
const SINGLE_VALUE_ITER = -(2 ** 31);

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The facts of one last_metrics entry (`{metric, variant, value, min_value, ...}`). */
export function summaryOf(entry: Readonly<Record<string, unknown>>): SeriesSummary {
  return {
    points: finite(entry.count),
    min: finite(entry.min_value),
    minIter: finite(entry.min_value_iteration),
    max: finite(entry.max_value),
    maxIter: finite(entry.max_value_iteration),
  };
}

/**
 * `series` with its summary, and, when its y are bucket means (fewer than its points) and its x
 * iterations, with the true minimum and maximum put back as points at their iterations (in x
 * order). With time on x the iterations cannot be placed, so the series is left as it is.
 */
export function withExtremes(
  series: { x: number[]; y: number[] },
  summary: SeriesSummary,
  xIsIter: boolean,
): SampledSeries {
  const means = summary.points === null || series.y.length < summary.points;
  if (!xIsIter || !means) return { x: series.x, y: series.y, summary, means };
  const x = [...series.x];
  const y = [...series.y];
  const put = (iter: number | null, value: number | null): void => {
    if (iter === null || value === null || iter <= SINGLE_VALUE_ITER) return;
    let at = x.length;
    while (at > 0 && (x[at - 1] as number) > iter) at--;
    for (let k = at - 1; k >= 0 && x[k] === iter; k--) if (y[k] === value) return;
    x.splice(at, 0, iter);
    y.splice(at, 0, value);
  };
  put(summary.minIter, summary.min);
  if (summary.maxIter !== summary.minIter || summary.max !== summary.min) put(summary.maxIter, summary.max);
  return { x, y, summary, means };
}

/** Points of a series at or below zero (a log scale cannot draw them). */
interface NonPositive {
  count: number;
  /** False when `count` is only a lower bound (bucket means hide how many points they hold). */
  exact: boolean;
}

/**
 * How many of a series' points are <= 0. Exact when its y are the points, or when its
 * summary's minimum is above zero (none) or its maximum at or below zero (all). Otherwise a
 * lower bound: each bucket mean <= 0 holds at least one such point, less one when the minimum
 * (<= 0) was put back by `withExtremes`, as it may sit in one of those buckets.
 */
export function nonPositivePoints(series: {
  y: ArrayLike<number>;
  summary?: SeriesSummary;
  means?: boolean;
}): NonPositive {
  let sampled = 0;
  for (let i = 0; i < series.y.length; i++) {
    const v = series.y[i] as number;
    if (Number.isFinite(v) && v <= 0) sampled++;
  }
  const summary = series.summary;
  if (summary?.min != null && summary.min > 0) return { count: 0, exact: true };
  if (summary?.points != null && summary.max !== null && summary.max <= 0)
    return { count: summary.points, exact: true };
  if (series.means !== true) return { count: sampled, exact: true };
  const lowest = summary?.min ?? null;
  return { count: lowest !== null && lowest <= 0 ? Math.max(1, sampled - 1) : sampled, exact: false };
}

/** Float32 storage on real servers rounds values by about this share (docs/wire-facts.md §8). */
const SAME_VALUE = 1e-6;

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= SAME_VALUE * Math.max(1, Math.abs(b));
}

/**
 * False when the series' values fall short of the minimum or maximum its summary gives: bucket
 * means on a time axis, where `withExtremes` cannot place the true ones.
 */
export function reachesExtremes(series: { y: ArrayLike<number>; summary?: SeriesSummary }): boolean {
  const summary = series.summary;
  if (summary === undefined) return true;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < series.y.length; i++) {
    const v = series.y[i] as number;
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return true;
  const minShort = summary.min !== null && lo > summary.min && !near(lo, summary.min);
  const maxShort = summary.max !== null && hi < summary.max && !near(hi, summary.max);
  return !minShort && !maxShort;
}
