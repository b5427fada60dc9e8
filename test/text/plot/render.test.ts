// plotToText as a whole: images, other plots, bad input, and the size, colour and ascii limits every kind keeps.
import { describe, expect, it } from 'vitest';
import { plotToText } from '../../../src/text/plot/index.js';
import { SGR, expectFits, opts, histogram3, imagePlot, samples } from '../../helpers/plot-samples.js';

describe('plotToText: images, other plots and bad input', () => {
  it('shows an image reported as a plot as its URL', () => {
    expect(plotToText(imagePlot, opts(80, 5))).toEqual([
      'image: https://files.example.com/proj/task/metrics/img_000.png',
    ]);
    const narrow = plotToText(imagePlot, opts(30, 5));
    expectFits(narrow, opts(30, 5));
    expect(narrow[0]).toMatch(/^image: https:/);
  });

  it('lists trace types and names of plots it cannot draw', () => {
    const plot = JSON.stringify({
      data: [
        {
          type: 'surface',
          name: 'loss surface',
          z: [
            [1, 2],
            [3, 4],
          ],
        },
        { type: 'scatter3d', name: 'points', x: [1], y: [1], z: [1] },
      ],
      layout: { title: '3D view' },
    });
    expect(plotToText(plot, opts(40, 10))).toEqual(['3D view', 'surface: loss surface', 'scatter3d: points']);
  });

  it('answers unreadable input with one explaining row and never throws', () => {
    for (const bad of ['{"data": [', 'not json at all', '', 'null', '[1, 2]', '{"data": 5}', '"text"']) {
      const rows = plotToText(bad, opts(30, 10));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(/cannot be read/);
      expectFits(rows, opts(30, 10));
    }
  });

  it('tolerates traces whose arrays have the wrong shape', () => {
    const weird = [
      { data: [{ type: 'bar', x: 5, y: { a: 1 } }], layout: {} },
      { data: [{ type: 'heatmap', z: 'nope' }], layout: { title: 7 } },
      { data: [{ type: 'heatmap', z: [[1, 2], 'row', [3]] }], layout: {} },
      { data: [{ type: 'table', header: 3, cells: { values: 'x' } }], layout: {} },
      { data: [{ type: 'scatter', x: [[1]], y: [{}] }], layout: null },
      { data: [null, 3, { type: 'bar', y: [1, 2] }], layout: {} },
    ];
    for (const fig of weird) {
      const o = opts(30, 8);
      const rows = plotToText(JSON.stringify(fig), o);
      expect(rows.length).toBeGreaterThan(0);
      expectFits(rows, o);
    }
  });

  it('removes escape sequences hidden in names and titles', () => {
    const plot = JSON.stringify({
      data: [
        { type: 'bar', name: 'evil\u001b]0;pwned\u0007name', x: ['a\u001b[2Jb'], y: [1] },
        { type: 'bar', name: 'b\u009b31m', x: ['a'], y: [2] },
      ],
      layout: { title: 'title\u001b[31m red' },
    });
    const rows = plotToText(plot, opts(40, 10));
    expect(rows.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(rows.join('\n')).toContain('evilname');
  });
});

describe('plotToText: size, colour and ascii limits', () => {
  it('keeps every kind within the width and height asked for, down to tiny panes', () => {
    for (const [name, plot] of Object.entries(samples)) {
      for (const [w, h] of [
        [80, 24],
        [60, 12],
        [40, 6],
        [20, 3],
        [8, 2],
        [1, 1],
      ] as const) {
        for (const color of [false, true]) {
          const o = opts(w, h, { color });
          const rows = plotToText(plot, o);
          expect(rows.length, `${name} ${w}x${h}`).toBeGreaterThan(0);
          expectFits(rows, o);
        }
      }
    }
  });

  it('returns nothing for a zero-sized pane', () => {
    expect(plotToText(histogram3, opts(0, 10))).toEqual([]);
    expect(plotToText(histogram3, opts(10, 0))).toEqual([]);
  });

  it('writes only ASCII in ascii mode', () => {
    for (const plot of Object.values(samples)) {
      const rows = plotToText(plot, opts(50, 16, { ascii: true }));
      expect(rows.join('\n'), rows.join('\n')).toMatch(/^[\u0020-\u007e\n]*$/);
    }
  });

  it('writes colour only when asked', () => {
    for (const plot of Object.values(samples)) expect(plotToText(plot, opts(60, 16)).join('')).not.toContain('\u001b');
    expect(plotToText(histogram3, opts(60, 30, { color: true })).join('')).toMatch(SGR);
  });
});
