import { describe, expect, it } from 'vitest';
import { bestIndex, lowerIsBetter, statLines } from '../../src/text/compare-stats.js';

describe('compare: last, min and max per task, the best marked', () => {
  it('takes the lowest as best for losses and errors, else the highest', () => {
    expect(lowerIsBetter('loss', 'train')).toBe(true);
    expect(lowerIsBetter('val', 'error_rate')).toBe(true);
    expect(lowerIsBetter('accuracy', 'val')).toBe(false);
    expect(lowerIsBetter('reward', 'mean')).toBe(false);
  });

  it('marks nothing with fewer than two values, skips missing ones, and keeps the first of a tie', () => {
    expect(bestIndex([null, 3], false)).toBe(-1);
    expect(bestIndex([2, null, 5], false)).toBe(2);
    expect(bestIndex([2, 2], true)).toBe(0);
    expect(bestIndex([-1500, -505], false)).toBe(1);
  });

  it('gives last, min and max lines from the ranges, marking min for losses and max otherwise', () => {
    const ranges = {
      a: { loss: { train: { min: 0.5, max: 3 } }, acc: { val: { min: 0.1, max: 0.9 } } },
      b: { loss: { train: { min: 0.2, max: 2 } }, acc: { val: { min: 0.2, max: 0.8 } } },
    };
    expect(statLines('loss', 'train', [0.6, 0.3], ['a', 'b'], ranges)).toEqual([
      { stat: 'last', values: [0.6, 0.3], best: 1 },
      { stat: 'min', values: [0.5, 0.2], best: 1 },
      { stat: 'max', values: [3, 2], best: -1 },
    ]);
    expect(statLines('acc', 'val', [0.85, 0.8], ['a', 'b'], ranges)).toEqual([
      { stat: 'last', values: [0.85, 0.8], best: 0 },
      { stat: 'min', values: [0.1, 0.2], best: -1 },
      { stat: 'max', values: [0.9, 0.8], best: 0 },
    ]);
    expect(statLines('acc', 'val', [1, null], ['a', 'gone'], ranges)[1]?.values).toEqual([0.1, null]);
  });
});
