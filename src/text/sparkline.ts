// One-row trend of a series, one character per column.
import { envelopeByX } from './downsample.js';

export const SPARK_BLOCKS: readonly string[] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/** Lowest to highest, for terminals or fonts without block elements (`--ascii`). */
export const SPARK_ASCII: readonly string[] = ['_', '.', '-', '=', '^'];

/**
 * A column normally shows its last value. When the values inside one column spread over more
 * than this share of the whole line's range, it shows its largest value instead, so a spike
 * (a loss blow-up, a latency peak) stays visible after downsampling.
 */
const SPIKE_SHARE = 0.25;

interface SparklineOptions {
  /** x of each point (iteration or time); columns are slices of x when points exceed the width. */
  x?: ArrayLike<number>;
  /** Use `SPARK_ASCII` instead of block characters. */
  ascii?: boolean;
  /** Fixed y scale (for several sparklines sharing one scale); default: the line's own range. */
  range?: { min: number; max: number };
}

/** Value shown by each column; NaN for columns without finite data. */
function columnValues(values: ArrayLike<number>, width: number, x: ArrayLike<number> | undefined): number[] {
  if (values.length <= width) {
    const shown: number[] = [];
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as number;
      shown.push(Number.isFinite(v) ? v : Number.NaN);
    }
    return shown;
  }
  const envelope = x ? envelopeByX({ x, y: values }, width) : envelopeByX({ y: values }, width);
  let lo = Infinity;
  let hi = -Infinity;
  for (let c = 0; c < width; c++) {
    if ((envelope.count[c] as number) === 0) continue;
    lo = Math.min(lo, envelope.min[c] as number);
    hi = Math.max(hi, envelope.max[c] as number);
  }
  const spikeSpread = (hi - lo) * SPIKE_SHARE;
  const shown: number[] = [];
  for (let c = 0; c < width; c++) {
    if ((envelope.count[c] as number) === 0) {
      shown.push(Number.NaN);
      continue;
    }
    const spread = (envelope.max[c] as number) - (envelope.min[c] as number);
    shown.push(spread > spikeSpread && spread > 0 ? (envelope.max[c] as number) : (envelope.last[c] as number));
  }
  return shown;
}

/**
 * Draws `values` in exactly `width` columns. With more points than columns each column covers a
 * slice of x (see `SPIKE_SHARE` for which value it shows); with fewer, each point gets one
 * column from the left and the rest is blank. Non-finite values and empty columns are spaces;
 * a constant line is drawn at mid-height. Never throws.
 */
export function sparkline(values: ArrayLike<number>, width: number, options: SparklineOptions = {}): string {
  const w = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
  if (w === 0) return '';
  const levels = options.ascii === true ? SPARK_ASCII : SPARK_BLOCKS;
  const shown = columnValues(values, w, options.x);

  let lo = Infinity;
  let hi = -Infinity;
  const fixed = options.range;
  if (fixed && Number.isFinite(fixed.min) && Number.isFinite(fixed.max) && fixed.min <= fixed.max) {
    lo = fixed.min;
    hi = fixed.max;
  } else {
    for (const v of shown) {
      if (Number.isNaN(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }

  const top = levels.length - 1;
  const mid = Math.floor(top / 2);
  // Halved so that a range near ±Number.MAX_VALUE cannot overflow to Infinity.
  const halfSpan = hi / 2 - lo / 2;
  let out = '';
  for (const v of shown) {
    if (Number.isNaN(v)) {
      out += ' ';
      continue;
    }
    let level = halfSpan > 0 ? Math.round(((v / 2 - lo / 2) / halfSpan) * top) : mid;
    if (!(level >= 0)) level = 0;
    if (level > top) level = top;
    out += levels[level];
  }
  return out.padEnd(w, ' ');
}
