// Reducing a series to the number of terminal columns. Columns (buckets) are slices of the x
// axis (iteration or time), not of the array index, so uneven reporting intervals keep their
// true position. Both reductions are O(n), ignore points whose x is not finite, and never let a
// NaN/Infinity y poison a column.

export interface Series {
  /** x of each point (iteration or epoch ms); the array index when absent. */
  x?: ArrayLike<number>;
  y: ArrayLike<number>;
}

export interface XRange {
  min: number;
  max: number;
}

function xAt(series: Series, i: number): number {
  return series.x ? (series.x[i] as number) : i;
}

function pointCount(series: Series): number {
  return series.x ? Math.min(series.x.length, series.y.length) : series.y.length;
}

/** Smallest and largest finite x, or undefined when there is none. */
export function finiteXRange(series: Series): XRange | undefined {
  let min = Infinity;
  let max = -Infinity;
  const n = pointCount(series);
  for (let i = 0; i < n; i++) {
    const x = xAt(series, i);
    if (!Number.isFinite(x)) continue;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return min <= max ? { min, max } : undefined;
}

/**
 * Column of `x` when [range.min, range.max] is cut into `columns` equal slices (the last slice
 * includes range.max); -1 outside the range or for a non-finite x. A zero-width range puts
 * everything in column 0.
 */
export function columnOf(x: number, range: XRange, columns: number): number {
  return bucketIndexer(range, columns)(x);
}

/** `columnOf` with the range fixed, for hot loops. */
function bucketIndexer(range: XRange, columns: number): (x: number) => number {
  const { min, max } = range;
  const span = max - min;
  if (!(span > 0)) return (x) => (x >= min && x <= max ? 0 : -1);
  const scale = columns / span;
  const last = columns - 1;
  return (x) => {
    if (!(x >= min && x <= max)) return -1;
    const column = Math.floor((x - min) * scale);
    return column > last ? last : column;
  };
}

interface ColumnEnvelope {
  columns: number;
  range: XRange;
  /** Per column: smallest, largest and last (in input order) finite y; NaN in empty columns. */
  min: Float64Array;
  max: Float64Array;
  last: Float64Array;
  /** Per column: number of finite y values (0 = empty column). */
  count: Uint32Array;
}

/**
 * Per-column min/max/last of a series over `columns` slices of `range` (default: the series'
 * own finite x range). Keeps spikes that averaging or picking one point would hide.
 */
export function envelopeByX(series: Series, columns: number, range?: XRange): ColumnEnvelope {
  const width = Math.max(0, Math.floor(columns));
  const r = range ?? finiteXRange(series) ?? { min: 0, max: 0 };
  const min = new Float64Array(width).fill(Number.NaN);
  const max = new Float64Array(width).fill(Number.NaN);
  const last = new Float64Array(width).fill(Number.NaN);
  const count = new Uint32Array(width);
  if (width > 0) {
    const n = pointCount(series);
    const columnIndex = bucketIndexer(r, width);
    for (let i = 0; i < n; i++) {
      const y = series.y[i] as number;
      if (!Number.isFinite(y)) continue;
      const c = columnIndex(xAt(series, i));
      if (c < 0) continue;
      if (count[c] === 0) {
        min[c] = y;
        max[c] = y;
      } else {
        if (y < (min[c] as number)) min[c] = y;
        if (y > (max[c] as number)) max[c] = y;
      }
      last[c] = y;
      count[c] = (count[c] as number) + 1;
    }
  }
  return { columns: width, range: r, min, max, last, count };
}

export interface SampledSeries {
  x: number[];
  /** NaN marks a gap: the bucket held points, but none with a finite y. */
  y: number[];
  /** Bucket index of each kept point (ascending, at most one point per bucket). */
  bucket: number[];
  /** Per bucket: smallest and largest finite y (NaN in buckets without one). */
  min: Float64Array;
  max: Float64Array;
}

/**
 * Largest-triangle-three-buckets by x: at most one point per bucket of `range` (default: the
 * series' finite x range), chosen to keep the visual shape of a line. The first bucket keeps its
 * first finite point and the last bucket its last one. A bucket whose points all have a
 * non-finite y yields a gap point (y = NaN). Each bucket's min and max come along (from the
 * same pass), for drawing what one point per bucket leaves out.
 */
export function lttbByX(series: Series, buckets: number, range?: XRange): SampledSeries {
  const nb = Math.max(0, Math.floor(buckets));
  const out: SampledSeries = {
    x: [],
    y: [],
    bucket: [],
    min: new Float64Array(nb).fill(Number.NaN),
    max: new Float64Array(nb).fill(Number.NaN),
  };
  const r = range ?? finiteXRange(series);
  if (nb === 0 || !r) return out;
  const { min, max } = out;
  const n = pointCount(series);
  // Typed copies keep the hot loops monomorphic (several times faster on plain arrays).
  const xs = asFloat64(series.x, n);
  const ys = asFloat64(series.y, n);

  // Per bucket: where its points are, their count, and sums of finite points for averages.
  // Sorted x (the usual case) makes each bucket a contiguous index range; otherwise point
  // indices are grouped by bucket with a counting sort. Both are O(n).
  const bucketIndex = bucketIndexer(r, nb);
  const starts = new Int32Array(nb + 1);
  const sumX = new Float64Array(nb);
  const sumY = new Float64Array(nb);
  const finite = new Uint32Array(nb);
  const firstIndex = new Int32Array(nb).fill(-1);
  const endIndex = new Int32Array(nb);
  let sorted = true;
  let previousBucket = 0;
  for (let i = 0; i < n; i++) {
    const b = bucketIndex(xs[i] as number);
    if (b < 0) continue;
    if (b < previousBucket) sorted = false;
    previousBucket = b;
    if (firstIndex[b] === -1) firstIndex[b] = i;
    endIndex[b] = i + 1;
    starts[b + 1] = (starts[b + 1] as number) + 1;
    const y = ys[i] as number;
    if (y - y === 0) {
      sumX[b] = (sumX[b] as number) + (xs[i] as number);
      sumY[b] = (sumY[b] as number) + y;
      if (finite[b] === 0 || y < (min[b] as number)) min[b] = y;
      if (finite[b] === 0 || y > (max[b] as number)) max[b] = y;
      finite[b] = (finite[b] as number) + 1;
    }
  }
  for (let b = 0; b < nb; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
  // order[k] for k in from..to-1 are the point indices of a bucket; in sorted input, the index
  // range of a bucket may also hold points with a non-finite x: they are skipped below.
  let order: Int32Array | undefined;
  if (!sorted) {
    order = new Int32Array(starts[nb] as number);
    const fill = starts.slice(0, nb);
    for (let i = 0; i < n; i++) {
      const b = bucketIndex(xs[i] as number);
      if (b < 0) continue;
      order[fill[b] as number] = i;
      fill[b] = (fill[b] as number) + 1;
    }
  }
  const rangeOf = (b: number): [number, number] =>
    order ? [starts[b] as number, starts[b + 1] as number] : [firstIndex[b] as number, endIndex[b] as number];
  const pointAt = order ? (k: number): number => order[k] as number : (k: number): number => k;

  // Average of the nearest following bucket with finite points: the third triangle vertex.
  const nextAvgX = new Float64Array(nb).fill(Number.NaN);
  const nextAvgY = new Float64Array(nb).fill(Number.NaN);
  for (let b = nb - 2; b >= 0; b--) {
    const f = finite[b + 1] as number;
    if (f > 0) {
      nextAvgX[b] = (sumX[b + 1] as number) / f;
      nextAvgY[b] = (sumY[b + 1] as number) / f;
    } else {
      nextAvgX[b] = nextAvgX[b + 1] as number;
      nextAvgY[b] = nextAvgY[b + 1] as number;
    }
  }
  let lastFiniteBucket = -1;
  let firstFiniteBucket = -1;
  for (let b = 0; b < nb; b++) {
    if ((finite[b] as number) > 0) {
      if (firstFiniteBucket < 0) firstFiniteBucket = b;
      lastFiniteBucket = b;
    }
  }

  let prevX = Number.NaN;
  let prevY = Number.NaN;
  for (let b = 0; b < nb; b++) {
    if ((starts[b] as number) === (starts[b + 1] as number)) continue;
    const [from, to] = rangeOf(b);
    let chosen = -1;
    if ((finite[b] as number) === 0) {
      for (let k = from; k < to && chosen < 0; k++) if (Number.isFinite(xs[pointAt(k)] as number)) chosen = pointAt(k);
      out.x.push(xs[chosen] as number);
      out.y.push(Number.NaN);
      out.bucket.push(b);
      continue;
    }
    const ax = nextAvgX[b] as number;
    const ay = nextAvgY[b] as number;
    if (b === firstFiniteBucket || b === lastFiniteBucket || Number.isNaN(ax)) {
      // Ends of the line keep the outermost finite point; so does a bucket with no later data.
      const forward = b === firstFiniteBucket && b !== lastFiniteBucket;
      for (let k = forward ? from : to - 1; k >= from && k < to; k += forward ? 1 : -1) {
        const i = pointAt(k);
        const y = ys[i] as number;
        const x = xs[i] as number;
        if (y - y === 0 && x - x === 0) {
          chosen = i;
          break;
        }
      }
    } else {
      let bestArea = -1;
      for (let k = from; k < to; k++) {
        const i = pointAt(k);
        const y = ys[i] as number;
        const x = xs[i] as number;
        if (y - y !== 0 || x - x !== 0) continue;
        const area = Math.abs((prevX - ax) * (y - prevY) - (prevX - x) * (ay - prevY));
        if (area > bestArea) {
          bestArea = area;
          chosen = i;
        }
      }
    }
    if (chosen < 0) continue;
    prevX = xs[chosen] as number;
    prevY = ys[chosen] as number;
    out.x.push(prevX);
    out.y.push(prevY);
    out.bucket.push(b);
  }
  return out;
}

/** The first `n` values as a Float64Array (the index when `values` is absent). */
function asFloat64(values: ArrayLike<number> | undefined, n: number): Float64Array {
  if (values instanceof Float64Array && values.length === n) return values;
  const copy = new Float64Array(n);
  if (values) for (let i = 0; i < n; i++) copy[i] = values[i] as number;
  else for (let i = 0; i < n; i++) copy[i] = i;
  return copy;
}
