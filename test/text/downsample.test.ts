import { describe, expect, it } from 'vitest';
import { columnOf, envelopeByX, finiteXRange, lttbByX } from '../../src/text/downsample.js';

describe('columnOf', () => {
  it('maps x to equal slices of the range, the maximum into the last one', () => {
    const range = { min: 0, max: 100 };
    expect(columnOf(0, range, 10)).toBe(0);
    expect(columnOf(9.99, range, 10)).toBe(0);
    expect(columnOf(10, range, 10)).toBe(1);
    expect(columnOf(100, range, 10)).toBe(9);
  });

  it('returns -1 outside the range or for a non-finite x', () => {
    const range = { min: 0, max: 100 };
    expect(columnOf(-1, range, 10)).toBe(-1);
    expect(columnOf(101, range, 10)).toBe(-1);
    expect(columnOf(Number.NaN, range, 10)).toBe(-1);
  });
});

describe('finiteXRange', () => {
  it('ignores non-finite x and uses the index without x', () => {
    expect(finiteXRange({ x: [Number.NaN, 5, -Infinity, 2, 9], y: [1, 1, 1, 1, 1] })).toEqual({ min: 2, max: 9 });
    expect(finiteXRange({ y: [4, 5, 6] })).toEqual({ min: 0, max: 2 });
    expect(finiteXRange({ y: [] })).toBeUndefined();
  });
});

describe('envelopeByX', () => {
  it('buckets by x value, not by array index', () => {
    // Dense early points and one late point: the late point must land in the last column.
    const x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 100];
    const y = [1, 1, 1, 1, 1, 1, 1, 1, 1, 9];
    const env = envelopeByX({ x, y }, 10);
    expect(env.count[0]).toBe(9);
    expect(Array.from(env.count.slice(1, 9))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(env.last[9]).toBe(9);
  });

  it('keeps the min, max and last of each column', () => {
    const env = envelopeByX({ y: [3, 1, 8, 2, 5, 5] }, 2);
    expect([env.min[0], env.max[0], env.last[0]]).toEqual([1, 8, 8]);
    expect([env.min[1], env.max[1], env.last[1]]).toEqual([2, 5, 5]);
  });

  it('keeps a single-point spike among many points', () => {
    const y = new Array<number>(10_000).fill(0);
    y[4321] = 100;
    const env = envelopeByX({ y }, 20);
    expect(Math.max(...Array.from(env.max))).toBe(100);
  });

  it('skips NaN and infinite values and marks columns without finite data as empty', () => {
    const env = envelopeByX({ y: [Number.NaN, Infinity, 2, -Infinity] }, 4);
    expect(Array.from(env.count)).toEqual([0, 0, 1, 0]);
    expect(env.min[0]).toBeNaN();
    expect(env.last[2]).toBe(2);
  });

  it('uses a given range and ignores points outside it', () => {
    const env = envelopeByX({ x: [0, 50, 150], y: [1, 2, 3] }, 2, { min: 0, max: 100 });
    expect(Array.from(env.count)).toEqual([1, 1]);
  });

  it('handles empty input and zero columns', () => {
    expect(envelopeByX({ y: [] }, 5).count.every((c) => c === 0)).toBe(true);
    expect(envelopeByX({ y: [1, 2] }, 0).columns).toBe(0);
  });
});

describe('lttbByX', () => {
  const wave = (n: number): { x: number[]; y: number[] } => {
    const x: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < n; i++) {
      x.push(i * 10);
      y.push(Math.sin(i / 50));
    }
    return { x, y };
  };

  it('keeps at most one point per bucket, in ascending bucket order', () => {
    const out = lttbByX(wave(5000), 100);
    expect(out.x.length).toBeLessThanOrEqual(100);
    expect(out.x.length).toBeGreaterThan(90);
    for (let k = 1; k < out.bucket.length; k++) {
      expect(out.bucket[k]).toBeGreaterThan(out.bucket[k - 1] as number);
      expect(out.x[k]).toBeGreaterThan(out.x[k - 1] as number);
    }
  });

  it('keeps the first and the last point', () => {
    const series = wave(5000);
    const out = lttbByX(series, 50);
    expect(out.x[0]).toBe(0);
    expect(out.y[0]).toBe(series.y[0]);
    expect(out.x.at(-1)).toBe(series.x.at(-1));
    expect(out.y.at(-1)).toBe(series.y.at(-1));
  });

  it('keeps a spike that averaging would flatten', () => {
    const y = new Array<number>(10_000).fill(1);
    y[5000] = 50;
    const out = lttbByX({ y }, 40);
    expect(out.y).toContain(50);
  });

  it('returns all points when each has its own bucket', () => {
    const out = lttbByX({ x: [0, 10, 20, 30], y: [4, 3, 2, 1] }, 4);
    expect(out.x).toEqual([0, 10, 20, 30]);
    expect(out.y).toEqual([4, 3, 2, 1]);
  });

  it('never selects a non-finite y and marks buckets holding only non-finite values as gaps', () => {
    const y: number[] = [];
    for (let i = 0; i < 100; i++) y.push(i >= 40 && i < 60 ? Number.NaN : i % 7);
    y[10] = Infinity;
    const out = lttbByX({ y }, 10);
    const gaps = out.bucket.filter((_, k) => Number.isNaN(out.y[k] as number));
    expect(gaps).toEqual([4, 5]);
    for (const v of out.y) if (!Number.isNaN(v)) expect(Number.isFinite(v)).toBe(true);
  });

  it('gives each bucket the smallest and largest y of its points, which one point cannot show', () => {
    const y = Array.from({ length: 1000 }, (_, i) => (i === 500 ? 10 : i === 501 ? -10 : i === 502 ? Number.NaN : 0));
    const out = lttbByX({ y }, 10);
    expect(out.y.filter((v) => v === 10 || v === -10)).toHaveLength(1);
    expect([...out.max]).toEqual([0, 0, 0, 0, 0, 10, 0, 0, 0, 0]);
    expect([...out.min]).toEqual([0, 0, 0, 0, 0, -10, 0, 0, 0, 0]);
    expect([...lttbByX({ x: [0, 9], y: [1, Number.NaN] }, 2).max]).toEqual([1, Number.NaN]);
  });

  it('tolerates unsorted x', () => {
    const out = lttbByX({ x: [30, 0, 20, 10], y: [1, 4, 2, 3] }, 4);
    expect(out.x).toEqual([0, 10, 20, 30]);
    expect(out.y).toEqual([4, 3, 2, 1]);
  });

  it('returns nothing for empty input, no finite x, or zero buckets', () => {
    expect(lttbByX({ y: [] }, 10).x).toEqual([]);
    expect(lttbByX({ x: [Number.NaN], y: [1] }, 10).x).toEqual([]);
    expect(lttbByX({ y: [1, 2, 3] }, 0).x).toEqual([]);
  });

  it('handles a single point and a single x value', () => {
    const one = lttbByX({ x: [5], y: [2] }, 10);
    expect({ x: one.x, y: one.y, bucket: one.bucket }).toEqual({ x: [5], y: [2], bucket: [0] });
    const same = lttbByX({ x: [5, 5, 5], y: [1, 2, 3] }, 10);
    expect(same.x.length).toBe(1);
  });

  it('gives the same points for sorted input whatever the array type', () => {
    const x = Array.from({ length: 5000 }, (_, i) => i * 3);
    const y = x.map((v) => Math.sin(v / 100) * (v % 7));
    expect(lttbByX({ x: Float64Array.from(x), y: Float64Array.from(y) }, 64)).toEqual(lttbByX({ x, y }, 64));
  });

  it('skips points with a non-finite x inside a bucket of sorted input', () => {
    const out = lttbByX({ x: [0, 1, Number.NaN, 3, 4], y: [1, 2, 100, 3, 4] }, 2);
    expect(out.y).not.toContain(100);
    expect(out.x).toEqual([0, 4]);
  });
});
