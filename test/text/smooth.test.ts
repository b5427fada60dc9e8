import { describe, expect, it } from 'vitest';
import {
  MAX_EMA_WEIGHT,
  SMOOTHING_LEVELS,
  emaSmooth,
  nextSmoothingLevel,
  runningAverage,
  smoothingLabel,
} from '../../src/text/smooth.js';

/** Debiased EMA written out directly from its definition, for comparison. */
function referenceEma(values: number[], w: number): number[] {
  return values.map((_, i) => {
    let num = 0;
    let den = 0;
    for (let k = 0; k <= i; k++) {
      num += (1 - w) * w ** (i - k) * (values[k] as number);
      den += (1 - w) * w ** (i - k);
    }
    return num / den;
  });
}

describe('emaSmooth', () => {
  it('returns the values unchanged with weight 0', () => {
    expect(emaSmooth([3, 1, 4, 1, 5], 0)).toEqual([3, 1, 4, 1, 5]);
  });

  it('is debiased: the first point is unchanged and a constant stays constant', () => {
    const out = emaSmooth([2, 2, 2, 2], 0.9);
    for (const v of out) expect(v).toBeCloseTo(2, 12);
    expect(emaSmooth([7, 0], 0.99)[0]).toBeCloseTo(7, 12);
  });

  it('matches the weighted-average definition', () => {
    const values = [1, 5, 2, 8, 3, 9, 4];
    const out = emaSmooth(values, 0.6);
    const ref = referenceEma(values, 0.6);
    out.forEach((v, i) => expect(v).toBeCloseTo(ref[i] as number, 10));
  });

  it('passes non-finite points through without poisoning later points', () => {
    const withGaps = emaSmooth([1, Number.NaN, 3, Infinity, 5], 0.5);
    const without = emaSmooth([1, 3, 5], 0.5);
    expect(withGaps[1]).toBeNaN();
    expect(withGaps[3]).toBe(Infinity);
    expect([withGaps[0], withGaps[2], withGaps[4]]).toEqual(without);
  });

  it('clamps the weight to 0..0.999', () => {
    expect(emaSmooth([1, 2, 3], 5)).toEqual(emaSmooth([1, 2, 3], MAX_EMA_WEIGHT));
    expect(emaSmooth([1, 2, 3], -1)).toEqual([1, 2, 3]);
    expect(emaSmooth([1, 2, 3], Number.NaN)).toEqual([1, 2, 3]);
  });

  it('handles empty input', () => {
    expect(emaSmooth([], 0.9)).toEqual([]);
  });
});

describe('runningAverage', () => {
  it('averages the last window points', () => {
    expect(runningAverage([1, 2, 3, 4, 5], 3)).toEqual([1, 1.5, 2, 3, 4]);
  });

  it('returns the values with a window of 1 (or a nonsensical window)', () => {
    expect(runningAverage([4, 2, 9], 1)).toEqual([4, 2, 9]);
    expect(runningAverage([4, 2, 9], 0)).toEqual([4, 2, 9]);
    expect(runningAverage([4, 2, 9], Number.NaN)).toEqual([4, 2, 9]);
  });

  it('passes non-finite points through and leaves them out of the means', () => {
    const out = runningAverage([2, Number.NaN, 4, -Infinity, 6], 2);
    expect(out[1]).toBeNaN();
    expect(out[3]).toBe(-Infinity);
    expect([out[0], out[2], out[4]]).toEqual([2, 3, 5]);
  });

  it('stays accurate over long series', () => {
    const values = Array.from({ length: 50_000 }, (_, i) => 1e6 + (i % 10) * 0.001);
    const out = runningAverage(values, 10);
    expect(out.at(-1)).toBeCloseTo(1e6 + 0.0045, 6);
  });
});

describe('smoothing levels', () => {
  it('cycles through the levels and wraps to off', () => {
    const seen: number[] = [];
    let level = SMOOTHING_LEVELS[0] as number;
    for (let k = 0; k < SMOOTHING_LEVELS.length; k++) {
      seen.push(level);
      level = nextSmoothingLevel(level);
    }
    expect(seen).toEqual([...SMOOTHING_LEVELS]);
    expect(level).toBe(0);
  });

  it('moves from an unlisted weight to the next larger level', () => {
    expect(nextSmoothingLevel(0.75)).toBe(0.9);
    expect(nextSmoothingLevel(0.995)).toBe(0);
  });

  it('labels the level', () => {
    expect(smoothingLabel(0)).toBe('off');
    expect(smoothingLabel(0.9)).toBe('EMA 0.9');
  });
});
