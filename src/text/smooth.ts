// Smoothing of scalar series, as the TensorBoard and ClearML scalar charts do it.

/** Largest EMA weight accepted; 1 would freeze the line at its first value. */
export const MAX_EMA_WEIGHT = 0.999;

/** Levels the `s` key cycles through; 0 = off. */
export const SMOOTHING_LEVELS: readonly number[] = [0, 0.6, 0.9, 0.99];

function clampWeight(weight: number): number {
  if (!Number.isFinite(weight) || weight <= 0) return 0;
  return Math.min(weight, MAX_EMA_WEIGHT);
}

/** `values` with each finite point, in order, replaced by `next(point)`; non-finite points pass through. */
function mapFinite(values: ArrayLike<number>, next: (point: number) => number): number[] {
  const out: number[] = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    out[i] = Number.isFinite(v) ? next(v) : v;
  }
  return out;
}

/**
 * Debiased exponential moving average with `weight` in 0..0.999 (0 = unchanged). The average
 * starts at zero and is divided by `1 - weight^k` after k points, so early points are not pulled
 * toward zero. Non-finite points are passed through unchanged and do not enter the average.
 */
export function emaSmooth(values: ArrayLike<number>, weight: number): number[] {
  const w = clampWeight(weight);
  let average = 0;
  let debias = 1;
  return mapFinite(values, (v) => {
    average = average * w + (1 - w) * v;
    debias *= w;
    return average / (1 - debias);
  });
}

/**
 * Trailing mean of the last `window` finite points at each point (the point included).
 * Non-finite points are passed through unchanged and are left out of every mean.
 */
export function runningAverage(values: ArrayLike<number>, window: number): number[] {
  const size = Number.isFinite(window) ? Math.max(1, Math.floor(window)) : 1;
  const recent: number[] = [];
  let head = 0;
  let sum = 0;
  return mapFinite(values, (v) => {
    recent.push(v);
    sum += v;
    if (recent.length - head > size) {
      sum -= recent[head] as number;
      head += 1;
    }
    if (head > 4096 && head * 2 > recent.length) {
      recent.splice(0, head);
      head = 0;
      // Re-add from scratch now and then so rounding errors of the sliding sum cannot build up.
      sum = 0;
      for (const r of recent) sum += r;
    }
    return sum / (recent.length - head);
  });
}

/** The level after `current` in `SMOOTHING_LEVELS`, wrapping to off after the last. */
export function nextSmoothingLevel(current: number): number {
  const next = SMOOTHING_LEVELS.find((level) => level > current + 1e-9);
  return next ?? (SMOOTHING_LEVELS[0] as number);
}

/** `off` or `EMA 0.9`. */
export function smoothingLabel(weight: number): string {
  const w = clampWeight(weight);
  return w === 0 ? 'off' : `EMA ${w}`;
}
