import { describe, expect, it } from 'vitest';
import { chartView } from '../../src/text/chart-scale.js';
import {
  nonPositivePoints,
  reachesExtremes,
  summaryOf,
  withExtremes,
  type SeriesSummary,
} from '../../src/text/series-truth.js';

const summary = (over: Partial<SeriesSummary>): SeriesSummary => ({
  points: null,
  min: null,
  minIter: null,
  max: null,
  maxIter: null,
  ...over,
});

describe('summaryOf', () => {
  it('reads count and the extremes with their iterations from a last_metrics entry', () => {
    expect(
      summaryOf({
        metric: 'loss',
        variant: 'value',
        value: 3,
        min_value: -567.5,
        min_value_iteration: 12_003,
        max_value: 1234.5,
        max_value_iteration: 12_000,
        count: 20_000,
      }),
    ).toEqual({ points: 20_000, min: -567.5, minIter: 12_003, max: 1234.5, maxIter: 12_000 });
    expect(summaryOf({ metric: 'a', variant: 'b', min_value: 'x' })).toEqual(summary({}));
  });
});

describe('withExtremes', () => {
  // Buckets of 10 iterations: means at their starts.
  const buckets = { x: [0, 10, 20, 30], y: [1, 2, 2, 1] };
  const spike = summary({ points: 40, min: -5, minIter: 27, max: 90, maxIter: 13 });

  it('puts the minimum and maximum back at their iterations, in x order', () => {
    const out = withExtremes(buckets, spike, true);
    expect(out.x).toEqual([0, 10, 13, 20, 27, 30]);
    expect(out.y).toEqual([1, 2, 90, 2, -5, 1]);
    expect(out.means).toBe(true);
    expect(buckets.x).toEqual([0, 10, 20, 30]);
  });

  it('leaves a series that holds every point as it is', () => {
    const out = withExtremes(buckets, summary({ points: 4, min: 1, minIter: 0, max: 2, maxIter: 10 }), true);
    expect(out.x).toEqual(buckets.x);
    expect(out.means).toBe(false);
  });

  it('cannot place iterations on a time axis, and skips single values and unknown iterations', () => {
    expect(withExtremes(buckets, spike, false).x).toEqual(buckets.x);
    const single = withExtremes(buckets, summary({ min: -9, minIter: -(2 ** 31), max: 50, maxIter: null }), true);
    expect(single.y).toEqual(buckets.y);
  });

  it('puts one point back when the minimum and maximum are the same point', () => {
    const out = withExtremes(buckets, summary({ points: 40, min: 7, minIter: 5, max: 7, maxIter: 5 }), true);
    expect(out.x).toEqual([0, 5, 10, 20, 30]);
  });
});

describe('nonPositivePoints', () => {
  it('counts the points themselves when the series holds them', () => {
    expect(nonPositivePoints({ y: [1, 0, -2, Number.NaN, 3] })).toEqual({ count: 2, exact: true });
  });

  it('knows none or all from the summary, whatever the buckets', () => {
    expect(nonPositivePoints({ y: [1, 2], summary: summary({ points: 40, min: 0.5 }), means: true })).toEqual({
      count: 0,
      exact: true,
    });
    expect(nonPositivePoints({ y: [-1, -2], summary: summary({ points: 40, max: -0.5 }), means: true })).toEqual({
      count: 40,
      exact: true,
    });
  });

  it('gives a lower bound for bucket means of a series crossing zero', () => {
    const buckets = { x: [0, 10, 20, 30], y: [1, 2, 2, 1] };
    const out = withExtremes(buckets, summary({ points: 40, min: -5, minIter: 27, max: 90, maxIter: 13 }), true);
    expect(nonPositivePoints(out)).toEqual({ count: 1, exact: false });
    const twoBelow = { x: [0, 10, 20], y: [-1, -1, 3], summary: summary({ points: 30, min: -4, max: 9 }), means: true };
    expect(nonPositivePoints(twoBelow)).toEqual({ count: 1, exact: false });
    expect(nonPositivePoints({ ...twoBelow, summary: summary({ points: 30 }) })).toEqual({ count: 2, exact: false });
  });

  it('makes a chart view say how many points its log scale leaves out', () => {
    const negative = { name: 'r', x: [0, 2], y: [-1.5, -3.5], summary: summary({ points: 4, max: -1 }), means: true };
    const mixed = { name: 'm', x: [0, 2], y: [-1, 3], summary: summary({ points: 4, min: -2, max: 4 }), means: true };
    expect(chartView([negative], { smooth: null, since: false, log: true })).toMatchObject({
      dropped: 4,
      droppedExact: true,
    });
    expect(chartView([negative, mixed], { smooth: null, since: false, log: true })).toMatchObject({
      dropped: 5,
      droppedExact: false,
    });
  });
});

describe('reachesExtremes', () => {
  it('tells bucket means that fall short of the true extremes from series that reach them', () => {
    const truth = summary({ points: 40, min: -5, max: 90 });
    expect(reachesExtremes({ y: [1, 2, 2, 1], summary: truth })).toBe(false);
    expect(reachesExtremes({ y: [1, 90, -5, 1], summary: truth })).toBe(true);
    expect(reachesExtremes({ y: [1, 2] })).toBe(true);
    // Float32 storage: 140.4 comes back as 140.39999389648438.
    expect(reachesExtremes({ y: [Math.fround(140.4), 3], summary: summary({ min: 3, max: 140.4 }) })).toBe(true);
  });
});
