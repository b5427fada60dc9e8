import { describe, expect, it } from 'vitest';
import { changedSlices, sameData } from '../../../src/store/core/same-data.js';

describe('sameData', () => {
  it('compares nested objects and arrays by value', () => {
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(NaN, NaN)).toBe(true);
    expect(sameData(null, {})).toBe(false);
  });

  it('ignores a moved fetch time, but not a first one', () => {
    expect(sameData({ ids: ['t1'], fetchedAt: 1 }, { ids: ['t1'], fetchedAt: 2 })).toBe(true);
    expect(sameData({ ids: ['t1'], fetchedAt: null }, { ids: ['t1'], fetchedAt: 2 })).toBe(false);
    expect(sameData({ ids: ['t1'], fetchedAt: 1 }, { ids: ['t2'], fetchedAt: 2 })).toBe(false);
  });
});

describe('changedSlices', () => {
  it('keeps only the slices that differ, or null when none does', () => {
    const state = { tasks: { ids: ['a'], fetchedAt: 1 }, logs: { lines: ['x'] } };
    expect(changedSlices(state, { tasks: { ids: ['a'], fetchedAt: 9 } })).toBeNull();
    const changed = changedSlices(state, { tasks: { ids: ['a'], fetchedAt: 9 }, logs: { lines: ['x', 'y'] } });
    expect(changed).toEqual({ logs: { lines: ['x', 'y'] } });
  });
});
