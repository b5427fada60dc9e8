import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { plotSummary, plotToText } from '../../../src/text/plot/index.js';
import type { PlotTextOptions } from '../../../src/text/plot/index.js';

const SGR = /\u001b\[[0-9;]*m/g;

function visible(row: string): string {
  return row.replace(SGR, '');
}

function expectFits(rows: string[], opts: PlotTextOptions): void {
  expect(rows.length).toBeLessThanOrEqual(opts.height);
  for (const row of rows) expect(stringWidth(visible(row)), JSON.stringify(row)).toBeLessThanOrEqual(opts.width);
}

function opts(width: number, height: number, extra: Partial<PlotTextOptions> = {}): PlotTextOptions {
  return { width, height, color: false, ascii: false, ...extra };
}

const BIN_EDGES = [-0.2, -0.1, 0, 0.1, 0.2, 0.3];
const histogram3 = JSON.stringify({
  data: [
    { type: 'bar', name: 'conv1', x: BIN_EDGES, y: [4, 15, 42, 'nan', 11, 2] },
    { type: 'bar', name: 'conv2', x: BIN_EDGES, y: [1, 9, 30, 22, null, 5] },
    { type: 'bar', name: 'fc', x: BIN_EDGES, y: ['3', 12, 'inf', 18, 7, 0] },
  ],
  layout: { title: { text: 'weight <b>histogram</b>' }, barmode: 'group' },
});

const CLASSES = ['airplane', 'automobile', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse', 'ship', 'truck'];
function confusion(reversed: boolean): string {
  const z = CLASSES.map((_, i) => CLASSES.map((__, j) => (i === j ? 900 + i : (i * 7 + j * 3) % 40)));
  return JSON.stringify({
    data: [{ type: 'heatmap', x: CLASSES, y: CLASSES, z }],
    layout: { title: 'Confusion matrix', ...(reversed ? { yaxis: { autorange: 'reversed' } } : {}) },
  });
}

const iters = Array.from({ length: 60 }, (_, i) => i);
const scatterWithNaN = JSON.stringify({
  data: [
    {
      type: 'scatter',
      name: 'train',
      mode: 'lines',
      x: iters,
      y: iters.map((i) => (i % 13 === 5 ? 'nan' : i === 7 ? null : 2 * Math.exp(-i / 15))),
    },
    { type: 'scatter', name: 'val', mode: 'markers', x: [0, 15, 30, 45, 59], y: [1.8, '-inf', 0.4, 'NaN', 0.1] },
  ],
  layout: { title: 'loss', xaxis: { title: 'iteration' } },
});

const table5 = JSON.stringify({
  data: [
    {
      type: 'table',
      header: { values: [['<b>epoch</b>'], ['<b>accuracy</b>'], ['precision'], ['recall'], ['notes']] },
      cells: {
        values: [
          [1, 2, 3, 4],
          [0.8123456, 0.85, 0.9, 'nan'],
          [0.7, 0.75, 0.8, 0.85],
          [0.6, 0.65, 0.7, 0.75],
          ['warm-up with a very long description of the schedule', 'lr decay', 'plateau', 'done'],
        ],
      },
    },
  ],
  layout: { title: 'Per-epoch metrics' },
});

const imagePlot = JSON.stringify({
  data: [],
  layout: { images: [{ source: 'https://files.example.com/proj/task/metrics/img_000.png' }] },
});

const samples: Record<string, string> = { histogram3, confusion: confusion(true), scatterWithNaN, table5, imagePlot };

describe('plotToText: histograms and bars', () => {
  it('draws one bar row per series and bin with a title and a legend naming every series', () => {
    const o = opts(60, 30);
    const rows = plotToText(histogram3, o);
    expectFits(rows, o);
    expect(rows[0]).toBe('weight histogram');
    const legend = rows[rows.length - 1] ?? '';
    for (const name of ['conv1', 'conv2', 'fc']) expect(legend).toContain(name);
    // 6 bins x 3 series, plus title and legend.
    expect(rows).toHaveLength(6 * 3 + 2);
  });

  it('makes the longest bar the largest value', () => {
    const rows = plotToText(histogram3, opts(60, 30)).slice(1, -1);
    const barLength = (row: string): number => (row.match(/[█▒░▓▏▎▍▌▋▊▉]/g) ?? []).length;
    const longest = rows.reduce((best, row) => (barLength(row) > barLength(best) ? row : best));
    expect(longest.trimEnd().endsWith('42')).toBe(true);
  });

  it('distinguishes series by glyph without colour and by colour with it', () => {
    const plain = plotToText(histogram3, opts(60, 30));
    const glyphsUsed = new Set(
      plain
        .slice(1, -1)
        .join('')
        .match(/[█▒░▓]/g),
    );
    expect(glyphsUsed.size).toBe(3);
    expect(plain.join('')).not.toContain('\u001b');

    const colored = plotToText(histogram3, opts(60, 30, { color: true }));
    const colors = new Set(colored.join('').match(/\u001b\[3[0-7]m/g));
    expect(colors.size).toBe(3);
    expectFits(colored, opts(60, 30));
  });

  it('shows non-finite values as text instead of a bar', () => {
    const rows = plotToText(histogram3, opts(60, 30));
    expect(rows.some((r) => /NaN\s*$/i.test(r))).toBe(true);
    expect(rows.some((r) => /inf\s*$/.test(r))).toBe(true);
  });

  it('stacks series into one row per bin showing the total', () => {
    const stacked = histogram3.replace('"group"', '"stack"');
    const o = opts(60, 30);
    const rows = plotToText(stacked, o);
    expectFits(rows, o);
    expect(rows).toHaveLength(6 + 2);
    // bin 0.2 holds 11, a gap and 7
    expect(
      rows
        .find((r) => r.startsWith('0.2 '))
        ?.trimEnd()
        .endsWith(' 18'),
    ).toBe(true);
  });

  it('merges neighbouring bins when there are more bins than rows', () => {
    const edges = Array.from({ length: 100 }, (_, i) => i / 10);
    const counts = edges.map((_, i) => Math.round(200 * Math.exp(-((i - 50) ** 2) / 300)));
    const plot = JSON.stringify({ data: [{ type: 'bar', x: edges, y: counts }], layout: { title: 'activations' } });
    const o = opts(50, 12);
    const rows = plotToText(plot, o);
    expectFits(rows, o);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.slice(1).every((r) => r.includes('–'))).toBe(true);
    const total = rows.slice(1).reduce((sum, r) => sum + Number(r.trim().split(/\s+/).pop()?.replace(/,/g, '')), 0);
    expect(total).toBe(counts.reduce((a, b) => a + b, 0));
  });

  it('draws negative bars left of the zero column', () => {
    const plot = JSON.stringify({ data: [{ type: 'bar', x: ['gain', 'loss'], y: [5, -5] }], layout: {} });
    const rows = plotToText(plot, opts(40, 5));
    const gain = rows.find((r) => r.startsWith('gain')) ?? '';
    const loss = rows.find((r) => r.startsWith('loss')) ?? '';
    expect(loss.indexOf('█')).toBeLessThan(gain.indexOf('█'));
  });

  it('lists the first categories and counts the rest when labels are not numbers', () => {
    const names = Array.from({ length: 30 }, (_, i) => `class_${i}`);
    const plot = JSON.stringify({ data: [{ type: 'bar', x: names, y: names.map((_, i) => i + 1) }], layout: {} });
    const o = opts(40, 8);
    const rows = plotToText(plot, o);
    expectFits(rows, o);
    expect(rows[rows.length - 1]).toMatch(/^… \d+ more categories$/);
    expect(rows[0]?.startsWith('class_0')).toBe(true);
  });
});

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

describe('plotSummary', () => {
  it('names the kind, the title and the number of series', () => {
    expect(plotSummary(histogram3)).toMatch(/^bar · weight histogram · 3 series$/);
    expect(plotSummary(scatterWithNaN)).toMatch(/^scatter · loss · 2 series$/);
    expect(plotSummary(confusion(true))).toBe('heatmap 10x10 · Confusion matrix');
    expect(plotSummary(table5)).toBe('table 5x4 · Per-epoch metrics');
    expect(plotSummary(imagePlot)).toMatch(/^image · https:\/\/files\.example\.com\//);
    expect(plotSummary('{oops')).toBe('unreadable plot');
  });

  it('stays on one line without control characters', () => {
    const plot = JSON.stringify({ data: [{ type: 'bar', y: [1] }], layout: { title: 'line one\nline two\u001b[31m' } });
    const summary = plotSummary(plot);
    expect(summary).not.toMatch(/[\n\u001b]/);
    expect(summary).toContain('line one line two');
  });
});
