// Plotly tables.
import { describe, expect, it } from 'vitest';
import { plotToText } from '../../../src/text/plot/index.js';
import { expectFits, opts, table5 } from '../../helpers/plot-samples.js';

describe('plotToText: tables', () => {
  it('reads column-major cells and cuts a 5-column table to width 40', () => {
    const o = opts(40, 10);
    const rows = plotToText(table5, o);
    expectFits(rows, o);
    expect(rows[0]).toBe('Per-epoch metrics');
    expect(rows[1]).toMatch(/^epoch/);
    expect(rows[1]).not.toContain('<b>');
    expect(rows[2]).toMatch(/^─+┼/);
    const firstRow = (rows[3] ?? '').split('│').map((c) => c.trim());
    expect(firstRow[0]).toBe('1');
    expect(firstRow[2]).toBe('0.7');
    expect(rows[3]).toContain('…');
    expect(rows).toHaveLength(3 + 4);
  });

  it('counts the rows it has no room for', () => {
    const o = opts(40, 5);
    const rows = plotToText(table5, o);
    expectFits(rows, o);
    expect(rows[rows.length - 1]).toMatch(/^… \d more rows$/);
  });

  it('drops trailing columns with a marker when even narrow columns do not fit', () => {
    const columns = Array.from({ length: 12 }, (_, c) => [`value${c}`, `other${c}`]);
    const plot = JSON.stringify({
      data: [{ type: 'table', header: { values: columns.map((_, c) => [`column ${c}`]) }, cells: { values: columns } }],
      layout: {},
    });
    const o = opts(30, 6);
    const rows = plotToText(plot, o);
    expectFits(rows, o);
    expect(rows[0]?.trimEnd().endsWith('…')).toBe(true);
  });
});
