// Heatmaps and confusion matrices.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { plotToText } from '../../../src/text/plot/index.js';
import { expectFits, opts, CLASSES, confusion } from '../../helpers/plot-samples.js';

describe('plotToText: confusion matrices and heatmaps', () => {
  it('prints a 10x10 matrix at width 60 with every value and aligned columns', () => {
    const o = opts(60, 20);
    const rows = plotToText(confusion(true), o);
    expectFits(rows, o);
    expect(rows[0]).toBe('Confusion matrix');
    const data = rows.slice(2);
    expect(data).toHaveLength(10);
    data.forEach((row, i) => {
      expect(row).toContain(CLASSES[i]);
      expect(row).toContain(String(900 + i));
    });
    const widths = new Set(rows.slice(1).map((r) => stringWidth(r)));
    expect(widths.size).toBe(1);
  });

  it('prints rows bottom-up like Plotly unless the y axis is reversed', () => {
    const rows = plotToText(confusion(false), opts(60, 20)).slice(2);
    expect(rows[0]).toContain('truck');
    expect(rows[9]).toContain('airplane');
  });

  it('shades cells when there is room and leaves shading out when there is not', () => {
    const wide = plotToText(confusion(true), opts(66, 20));
    expect(wide.slice(2).join('')).toMatch(/[░▒▓█]/);
    const narrow = plotToText(confusion(true), opts(44, 20));
    expectFits(narrow, opts(44, 20));
    expect(narrow.slice(2).join('')).not.toMatch(/[░▒▓█]/);
  });

  it('cuts columns that do not fit and marks the cut', () => {
    const z = Array.from({ length: 30 }, (_, i) => Array.from({ length: 30 }, (_, j) => ((i * j) % 17) / 3));
    const plot = JSON.stringify({ data: [{ type: 'heatmap', z }], layout: {} });
    const o = opts(40, 12);
    const rows = plotToText(plot, o);
    expectFits(rows, o);
    expect(rows.slice(0, 5).every((r) => r.trimEnd().endsWith('…'))).toBe(true);
    expect(rows[rows.length - 1]).toMatch(/more rows/);
  });

  it('numbers long column labels and lists them in a key row', () => {
    const z = [
      [1, 2, 3],
      [4, 5, 6],
    ];
    const plot = JSON.stringify({
      data: [{ type: 'heatmap', x: ['first feature', 'second feature', 'third feature'], y: ['a', 'b'], z }],
      layout: {},
    });
    const o = opts(30, 10);
    const rows = plotToText(plot, o);
    expectFits(rows, o);
    expect(rows[rows.length - 1]).toMatch(/^columns: 0=first feature/);
  });
});
