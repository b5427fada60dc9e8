import { describe, expect, it } from 'vitest';
import {
  compareColumns,
  compareRows,
  lastFinite,
  legendLabel,
  overlayView,
  shortName,
  type OverlayInput,
} from '../../src/text/compare.js';
import { renderView } from '../../src/text/chart.js';
import { displayWidth } from '../../src/text/width.js';

describe('compare text', () => {
  it('builds the union of series, sorted, with null where a task has none', () => {
    const rows = compareRows(['a', 'b'], {
      a: { loss: { train: 1 } },
      b: { loss: { train: 2, val: 3 }, acc: { x: 4 } },
    });
    expect(rows).toEqual([
      { metric: 'acc', variant: 'x', values: [null, 4] },
      { metric: 'loss', variant: 'train', values: [1, 2] },
      { metric: 'loss', variant: 'val', values: [null, 3] },
    ]);
  });

  it('shortens names keeping both ends, within the width', () => {
    expect(shortName('resnet50-lr0.01', 20)).toBe('resnet50-lr0.01');
    const short = shortName('resnet50-baseline-lr0.01', 12);
    expect(displayWidth(short)).toBeLessThanOrEqual(12);
    expect(short.startsWith('resne')).toBe(true);
    expect(short.endsWith('0.01')).toBe(true);
    expect(shortName('a\u001b[31mb', 10)).toBe('ab');
  });

  it('fits as many task columns as the width allows', () => {
    expect(compareColumns(100, 3).shown).toBe(3);
    const narrow = compareColumns(40, 10);
    expect(narrow.name + narrow.shown * (narrow.value + 1)).toBeLessThanOrEqual(40);
  });

  it('labels legend entries with name and last value', () => {
    expect(legendLabel('run-a', 0.25)).toBe('run-a 0.25');
    expect(legendLabel('run-b', null)).toBe('run-b -');
    expect(lastFinite([1, 2, Number.NaN])).toBe(2);
  });
});

function input(): OverlayInput {
  const series = (ys: number[]) => ({ x: ys.map((_, i) => i), y: ys });
  return {
    taskIds: ['a', 'b', 'c'],
    names: { a: 'alpha', b: 'beta', c: 'gamma' },
    row: { metric: 'loss', variant: 'train', values: [1, 2, 3] },
    byTask: { a: series([5, 3, 1]), b: series([1, 2, 2]), c: series([3, 3, 3]) },
  };
}

describe('compare chart', () => {
  it('draws one legend entry per task with its last value', () => {
    const rows = renderView(overlayView(input(), { weight: 0, axis: 'iter', log: false }), {
      width: 80,
      height: 14,
      log: false,
      xAxis: 'iter',
      color: true,
      ascii: false,
    });
    const legend = rows[rows.length - 1] ?? '';
    for (const entry of ['alpha 1', 'beta 2', 'gamma 3']) expect(legend).toContain(entry);
  });

  it('without colour gives each task its own line glyphs', () => {
    const rows = renderView(overlayView(input(), { weight: 0, axis: 'iter', log: false }), {
      width: 80,
      height: 14,
      log: false,
      xAxis: 'iter',
      color: false,
      ascii: false,
    });
    expect(rows.join('\n')).not.toContain('\u001b[');
    // Light, heavy and double lines: in the legend beside each task, and drawn in the plot.
    expect(rows[rows.length - 1]).toBe('── alpha 1  ━━ beta 2  ══ gamma 3');
    const plot = rows.slice(0, -2).join('\n');
    for (const glyph of ['━', '═']) expect(plot).toContain(glyph);
    const ascii = renderView(overlayView(input(), { weight: 0, axis: 'iter', log: false }), {
      width: 80,
      height: 14,
      log: false,
      xAxis: 'iter',
      color: false,
      ascii: true,
    });
    expect(ascii[ascii.length - 1]).toBe('-- alpha 1  == beta 2  ~~ gamma 3');
  });
});
