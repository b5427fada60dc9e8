// Scatter and line plots.
import { describe, expect, it } from 'vitest';
import { plotToText } from '../../../src/text/plot/index.js';
import { expectFits, opts, iters, scatterWithNaN } from '../../helpers/plot-samples.js';

describe('plotToText: scatter and line plots', () => {
  it('draws series with nan, inf and null values, labelling the finite y range', () => {
    const o = opts(60, 16);
    const rows = plotToText(scatterWithNaN, o);
    expectFits(rows, o);
    expect(rows[0]).toBe('loss');
    expect(rows.join('\n')).not.toMatch(/NaN|Infinity/);
    const legend = rows[rows.length - 1] ?? '';
    expect(legend).toContain('train');
    expect(legend).toContain('val');
    expect(rows[rows.length - 2]).toContain('iteration');
    expect(rows[1]).toMatch(/^\s*2(\.0*)?┤/);
  });

  it('uses braille for one series and distinct glyphs for several without colour', () => {
    const single = JSON.stringify({
      data: [{ type: 'scatter', x: iters, y: iters.map((i) => Math.sin(i / 6)) }],
      layout: {},
    });
    expect(plotToText(single, opts(40, 10)).join('')).toMatch(/[\u2801-\u28ff]/);
    const two = plotToText(scatterWithNaN, opts(60, 16)).slice(1, -2).join('');
    expect(two).not.toMatch(/[\u2801-\u28ff]/);
    expect(two).toContain('•');
    expect(two).toContain('×');
  });

  it('says so when no point is finite', () => {
    const plot = JSON.stringify({
      data: [{ type: 'scatter', name: 'broken', x: [1, 2], y: ['nan', null] }],
      layout: {},
    });
    const rows = plotToText(plot, opts(40, 10));
    expect(rows[0]).toMatch(/no finite points/);
  });

  it('places string x values as categories and labels the ends', () => {
    const plot = JSON.stringify({
      data: [{ type: 'scatter', x: ['2024-01-01', '2024-01-02', '2024-01-03'], y: [1, 3, 2] }],
      layout: {},
    });
    const o = opts(50, 10);
    const rows = plotToText(plot, o);
    expectFits(rows, o);
    const axis = rows[rows.length - 1] ?? '';
    expect(axis).toContain('2024-01-01');
    expect(axis).toContain('2024-01-03');
  });

  it('accepts the bare NaN and Infinity that Python writes', () => {
    const rows = plotToText(
      '{"data": [{"type": "scatter", "name": "NaN Infinity \\"run\\"", "x": [1, 2, 3], "y": [1, NaN, -Infinity]}], "layout": {"title": "py"}}',
      opts(40, 10),
    );
    expect(rows[0]).toBe('py');
    expect(rows.join('')).not.toMatch(/cannot be read/);
    expect(rows[rows.length - 1]).toContain('NaN Infinity "run"');
  });
});
