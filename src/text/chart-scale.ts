// What a chart's series go through before drawing: a log-scale y (values <= 0 cannot be drawn
// there: they become gaps and are counted, so the pane can say so), and x as time since the
// run's start (each run from its own first point, so runs started hours apart overlay).
import { nonPositivePoints, reachesExtremes, type SeriesSummary } from './series-truth.js';

interface XYSeries {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
}

interface LogScaled<S extends XYSeries> {
  /** The series with y as log10(y); values <= 0 (and non-finite ones) are NaN: gaps. */
  series: (S & { x: ArrayLike<number>; y: number[] })[];
  /** Finite points left out because they were <= 0. */
  dropped: number;
}

/** Series with y on a log10 scale; see `LogScaled`. */
export function toLogScale<S extends XYSeries>(series: readonly S[]): LogScaled<S> {
  let dropped = 0;
  const out = series.map((s) => {
    const y = new Array<number>(s.y.length);
    for (let i = 0; i < s.y.length; i++) {
      const v = s.y[i] as number;
      if (v > 0 && Number.isFinite(v)) y[i] = Math.log10(v);
      else {
        if (Number.isFinite(v)) dropped++;
        y[i] = Number.NaN;
      }
    }
    return { ...s, y };
  });
  return { series: out, dropped };
}

/** The value a log-scale y position stands for. */
export function fromLogScale(level: number): number {
  return 10 ** level;
}

/** Smallest finite x over all the series, or null when none has one. */
export function earliestX(series: readonly XYSeries[]): number | null {
  let min = Infinity;
  for (const s of series) {
    for (let i = 0; i < s.x.length; i++) {
      const x = s.x[i] as number;
      if (Number.isFinite(x) && x < min) min = x;
    }
  }
  return min === Infinity ? null : min;
}

/** The series with `start` subtracted from every x (epoch ms → ms since start). */
export function sinceStart<S extends XYSeries>(series: S, start: number): S & { x: number[] } {
  const x = new Array<number>(series.x.length);
  for (let i = 0; i < series.x.length; i++) x[i] = (series.x[i] as number) - start;
  return { ...series, x };
}

const UNITS: readonly [number, string][] = [
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'm'],
  [1000, 's'],
];

/** A duration as the x labels of a `since` chart show it: `0s`, `45s`, `5m`, `1h30m`, `2d4h`. */
export function formatSince(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.round(Math.abs(ms) / 1000) * 1000;
  if (rest === 0) return '0s';
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    if (rest >= size && parts.length < 2) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    } else if (parts.length > 0) break;
  }
  return sign + parts.join('');
}

interface ViewSeries {
  name: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** Epoch ms the run started (its earliest point) when x is time since start. */
  start?: number | null;
  /** What the series stands for when y are bucket means (see series-truth.ts). */
  summary?: SeriesSummary;
  means?: boolean;
}

export interface ChartView {
  /** What is drawn: smoothed when smoothing is on. */
  series: { name: string; x: ArrayLike<number>; y: ArrayLike<number> }[];
  /** The raw curves drawn dimmed under smoothed ones (empty when smoothing is off). */
  underlay: { name: string; x: ArrayLike<number>; y: ArrayLike<number> }[];
  /** Data points <= 0 a log scale leaves out (0 on a linear scale). */
  dropped: number;
  /** False when `dropped` is only a lower bound (see `nonPositivePoints`). */
  droppedExact: boolean;
  /** A series' true min or max is not drawn (bucket means on a time axis; see `reachesExtremes`). */
  extremesHidden: boolean;
}

/** A view with nothing to draw. */
export const EMPTY_VIEW: ChartView = {
  series: [],
  underlay: [],
  dropped: 0,
  droppedExact: true,
  extremesHidden: false,
};

/**
 * The series a chart draws: smoothed by `smooth` (null: raw, no underlay), x shifted to time
 * since each series' `start` when `since`, y on a log10 scale when `log`.
 */
export function chartView(
  raw: readonly ViewSeries[],
  opts: { smooth: ((y: ArrayLike<number>) => ArrayLike<number>) | null; since: boolean; log: boolean },
): ChartView {
  const shifted = raw.map((s) => {
    const plain = { name: s.name, x: s.x, y: s.y };
    if (!opts.since) return plain;
    const start = s.start ?? earliestX([s]);
    return start === null ? plain : sinceStart(plain, start);
  });
  const smoothed = opts.smooth === null ? shifted : shifted.map((s) => ({ ...s, y: opts.smooth!(s.y) }));
  const underlay = opts.smooth === null ? [] : shifted;
  const extremesHidden = !raw.every(reachesExtremes);
  if (!opts.log) return { series: smoothed, underlay, dropped: 0, droppedExact: true, extremesHidden };
  const rawLog = toLogScale(shifted);
  // Counted on the data points the series stand for, not on the samples drawn.
  const counts = raw.map(nonPositivePoints);
  return {
    series: opts.smooth === null ? rawLog.series : toLogScale(smoothed).series,
    underlay: opts.smooth === null ? [] : rawLog.series,
    dropped: counts.reduce((n, c) => n + c.count, 0),
    droppedExact: counts.every((c) => c.exact),
    extremesHidden,
  };
}
