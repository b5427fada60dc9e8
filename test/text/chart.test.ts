import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderChart } from '../../src/text/chart.js';
import type { ChartSeries } from '../../src/text/chart.js';
import { displayWidth } from '../../src/text/width.js';

const ESC = '\u001b';
const AXIS = /[┤┼]/;

function series(name: string, n: number, f: (i: number) => number, x0 = 0, dx = 1): ChartSeries {
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    x.push(x0 + i * dx);
    y.push(f(i));
  }
  return { name, x, y };
}

/** Plot rows of a colourless chart: everything above the tick and legend rows. */
function plotRows(rows: string[], extraRows = 2): string[] {
  return rows.slice(0, rows.length - extraRows);
}

/** Column of the y axis in a colourless plot row. */
function axisColumn(row: string): number {
  return row.search(AXIS);
}

describe('renderChart: size', () => {
  const inputs: [string, ChartSeries[]][] = [
    ['empty', []],
    ['one point', [series('a', 1, () => 3)]],
    ['two points', [series('a', 2, (i) => i)]],
    ['constant', [series('a', 50, () => 0.5)]],
    ['wave', [series('a', 500, (i) => Math.sin(i / 20))]],
    ['two ranges', [series('a', 100, (i) => i), series('b', 40, (i) => 100 - i, 60)]],
    ['huge', [series('a', 30, (i) => (i % 2 ? 1e300 : -1e300))]],
    ['nan', [series('a', 30, (i) => (i % 3 ? Number.NaN : i))]],
  ];

  it('returns exactly height rows, none wider than width, with no raw NaN/undefined', () => {
    for (const [name, data] of inputs) {
      for (const width of [1, 2, 5, 9, 14, 30, 80]) {
        for (const height of [1, 2, 3, 4, 7, 20]) {
          for (const color of [false, true]) {
            const rows = renderChart(data, { width, height, color });
            const where = `${name} ${width}x${height} color=${color}`;
            expect(rows, where).toHaveLength(height);
            for (const row of rows) {
              expect(displayWidth(row), `${where}: ${JSON.stringify(row)}`).toBeLessThanOrEqual(width);
              expect(row, where).not.toMatch(/NaN|undefined|Infinity|null/);
              if (!color) expect(row.includes(ESC), where).toBe(false);
            }
          }
        }
      }
    }
  });

  it('returns no rows for a zero or invalid size', () => {
    expect(renderChart([series('a', 3, (i) => i)], { width: 0, height: 5 })).toEqual(['', '', '', '', '']);
    expect(renderChart([series('a', 3, (i) => i)], { width: 40, height: 0 })).toEqual([]);
    expect(renderChart([series('a', 3, (i) => i)], { width: Number.NaN, height: Number.NaN })).toEqual([]);
  });
});

describe('renderChart: data that asciichart cannot take', () => {
  it('says no data for no series, empty series or only non-finite values', () => {
    for (const data of [[], [{ name: 'a', x: [], y: [] }], [series('a', 5, () => Number.NaN)]]) {
      const rows = renderChart(data, { width: 40, height: 6 });
      expect(rows.join('\n')).toContain('no data');
    }
  });

  it('skips points whose x is not finite', () => {
    const rows = renderChart([{ name: 'a', x: [0, Number.NaN, 2], y: [1, 100, 3] }], { width: 30, height: 6 });
    expect(rows[0]?.trimStart().startsWith('3')).toBe(true);
  });

  it('leaves a gap where the series has NaN values', () => {
    const data = series('a', 300, (i) => (i >= 100 && i < 200 ? Number.NaN : 1 + (i % 5)));
    const rows = plotRows(renderChart([data], { width: 70, height: 12 }));
    const axis = axisColumn(rows[0] as string);
    const plotWidth = 70 - axis - 1;
    const used = new Array<boolean>(plotWidth).fill(false);
    for (const row of rows) {
      for (let c = 0; c < plotWidth; c++) if ((row[axis + 1 + c] ?? ' ') !== ' ') used[c] = true;
    }
    const third = Math.floor(plotWidth / 3);
    // Middle third (iterations 100..199) is empty apart from the edges next to the data.
    expect(used.slice(third + 2, 2 * third - 2).some(Boolean)).toBe(false);
    expect(used.slice(0, third - 1).every(Boolean)).toBe(true);
    expect(used.slice(2 * third + 2, plotWidth - 1).every(Boolean)).toBe(true);
  });
});

describe('renderChart: y axis', () => {
  it('aligns the axis in every plot row and labels top and bottom with the range', () => {
    const rows = plotRows(renderChart([series('a', 101, (i) => i / 100)], { width: 60, height: 13 }));
    const axis = axisColumn(rows[0] as string);
    for (const row of rows) expect(axisColumn(row)).toBe(axis);
    expect((rows[0] as string).slice(0, axis).trim()).toBe('1.0');
    expect((rows.at(-1) as string).slice(0, axis).trim()).toBe('0.0');
  });

  it('draws a constant series mid-height on the row labelled with its value', () => {
    const rows = plotRows(renderChart([series('a', 40, () => 0.5)], { width: 50, height: 9 }));
    const axis = axisColumn(rows[0] as string);
    const drawn = rows.filter((row) => row.slice(axis + 1).includes('─'));
    expect(drawn).toHaveLength(1);
    const row = drawn[0] as string;
    expect(Number(row.slice(0, axis).trim())).toBe(0.5);
    expect(rows.indexOf(row)).toBe(Math.floor(rows.length / 2));
  });

  it('uses a fixed y range when given', () => {
    const rows = plotRows(
      renderChart([series('a', 10, (i) => i / 10)], { width: 40, height: 7, yRange: { min: 0, max: 10 } }),
    );
    expect((rows[0] as string).trimStart().startsWith('10')).toBe(true);
    expect((rows.at(-1) as string).trimStart().startsWith('0')).toBe(true);
  });

  it('keeps labels of large values short with a shared unit', () => {
    const rows = plotRows(renderChart([series('a', 10, (i) => 2e9 + i * 1.5e8)], { width: 40, height: 6 }));
    for (const row of rows) expect(row).toMatch(/^ *\d\.\d+G [┤┼]/);
    expect(new Set(rows.map((row) => row.search(/G/))).size).toBe(1);
  });
});

describe('renderChart: lines', () => {
  it('draws a single point as a mark on its row', () => {
    const rows = plotRows(renderChart([series('a', 1, () => 2)], { width: 30, height: 6 }));
    const axis = axisColumn(rows[0] as string);
    const marked = rows.filter((row) => row[axis] === '┼');
    expect(marked).toHaveLength(1);
    expect((marked[0] as string).slice(axis + 1).trim()).toBe('─');
  });

  it('draws a rising line from the bottom-left to the top-right', () => {
    const rows = plotRows(renderChart([series('a', 2, (i) => i)], { width: 30, height: 8 }));
    const axis = axisColumn(rows[0] as string);
    expect(rows.at(-1)?.[axis]).toBe('┼');
    expect((rows[0] as string).trimEnd().endsWith('─')).toBe(true);
    expect((rows.at(-1) as string).slice(axis + 1).startsWith('─')).toBe(true);
  });

  it('places series with different x ranges on one shared x axis', () => {
    const early = series('early', 100, () => 1, 0, 10); // x 0..990
    const late = series('late', 50, () => 2, 500, 10); // x 500..990
    const rows = plotRows(renderChart([early, late], { width: 70, height: 8 }));
    const axis = axisColumn(rows[0] as string);
    const plotWidth = 70 - axis - 1;
    const heavyColumns: number[] = [];
    for (const row of rows) {
      for (let c = 0; c < plotWidth; c++) if ('━┏┓┗┛┃'.includes(row[axis + 1 + c] ?? ' ')) heavyColumns.push(c);
    }
    // The second series (heavy glyphs without colour) starts about half-way along.
    expect(Math.min(...heavyColumns)).toBeGreaterThanOrEqual(Math.floor(plotWidth / 2) - 2);
    expect(Math.min(...heavyColumns)).toBeLessThanOrEqual(Math.ceil(plotWidth / 2) + 2);
    expect(Math.max(...heavyColumns)).toBeGreaterThanOrEqual(plotWidth - 2);
  });

  it('keeps a spike visible after downsampling many points', () => {
    const data = series('a', 100_000, (i) => (i === 61_234 ? 50 : 1));
    const rows = plotRows(renderChart([data], { width: 60, height: 10 }));
    const axis = axisColumn(rows[0] as string);
    expect((rows[0] as string).slice(axis + 1).trim().length).toBeGreaterThan(0);
  });

  it('labels the axis with the true extremes of 20,000 points and draws rows reaching both', () => {
    // The spike and the dip sit three iterations apart, in one column: a point per column
    // (LTTB) keeps only one of them.
    const data = series('loss', 20_000, (i) => (i === 12_000 ? 1234.5 : i === 12_003 ? -567.5 : 3 + Math.sin(i / 500)));
    for (const color of [false, true]) {
      const rows = plotRows(renderChart([data], { width: 80, height: 20, color })).map((row) =>
        row.replace(/\u001b\[[0-9;]*m/g, ''),
      );
      const axis = axisColumn(rows[0] as string);
      expect((rows[0] as string).slice(0, axis).trim()).toBe('1,234.5');
      expect((rows.at(-1) as string).slice(0, axis).trim()).toBe('-567.5');
      expect((rows[0] as string).slice(axis + 1).trim()).not.toBe('');
      expect((rows.at(-1) as string).slice(axis + 1).trim()).not.toBe('');
    }
  });

  it('draws with ASCII characters only when asked', () => {
    const rows = renderChart([series('a', 50, (i) => Math.sin(i)), series('b', 50, (i) => Math.cos(i))], {
      width: 40,
      height: 8,
      ascii: true,
    });
    for (const row of rows) expect(/^[\x20-\x7e]*$/.test(row)).toBe(true);
  });
});

describe('renderChart: colour and legend', () => {
  it('colours each series with its own SGR colour, and nothing else than SGR', () => {
    const rows = renderChart([series('a', 20, (i) => i), series('b', 20, (i) => 20 - i)], {
      width: 40,
      height: 8,
      color: true,
    });
    const all = rows.join('\n');
    expect(all).toContain(`${ESC}[36m`);
    expect(all).toContain(`${ESC}[35m`);
    expect(all.replace(/\u001b\[[0-9;]*m/g, '')).not.toContain(ESC);
  });

  it('names the series in the legend with distinct glyphs when colour is off', () => {
    const rows = renderChart([series('loss/train', 20, (i) => i), series('loss/val', 20, (i) => 20 - i)], {
      width: 60,
      height: 8,
    });
    const legend = rows.at(-1) as string;
    expect(legend).toContain('── loss/train');
    expect(legend).toContain('━━ loss/val');
  });

  it('sanitises series names', () => {
    const rows = renderChart([{ name: `evil${ESC}]52;c;AAAA\u0007name`, x: [0, 1], y: [0, 1] }], {
      width: 40,
      height: 6,
    });
    expect(rows.at(-1)).toBe('── evilname');
  });

  it('cuts a long legend with an ellipsis', () => {
    const data = Array.from({ length: 6 }, (_, k) => series(`metric-number-${k}`, 10, (i) => i + k));
    const legend = renderChart(data, { width: 40, height: 8 }).at(-1) as string;
    expect(displayWidth(legend)).toBe(40);
    expect(legend.endsWith('…')).toBe(true);
  });
});

describe('renderChart: x axis', () => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('labels iterations under the plot, starting at the first', () => {
    const rows = renderChart([series('a', 1001, (i) => i)], { width: 70, height: 8 });
    const ticks = rows.at(-2) as string;
    expect(ticks.trimStart().startsWith('iter')).toBe(true);
    expect(ticks).toMatch(/ 0 /);
    expect(ticks).toContain('1,000');
    const numbers = ticks
      .replace('iter', '')
      .trim()
      .split(/ +/)
      .map((t) => Number(t.replaceAll(',', '')));
    for (let k = 1; k < numbers.length; k++) expect(numbers[k]).toBeGreaterThan(numbers[k - 1] as number);
  });

  it('puts each tick label near the column of its iteration', () => {
    const rows = renderChart([series('a', 1001, (i) => i)], { width: 70, height: 8 });
    const axis = axisColumn(rows[0] as string);
    const ticks = rows.at(-2) as string;
    const plotWidth = 70 - axis - 1;
    const labels = [...ticks.matchAll(/[\d,]+/g)];
    expect(labels.length).toBeGreaterThanOrEqual(4);
    // Interior labels are centred on their column; the outer ones may be pushed inside the plot.
    for (const label of labels.slice(1, -1)) {
      const centre = (label.index as number) + (label[0].length - 1) / 2;
      const value = Number(label[0].replaceAll(',', ''));
      const expected = axis + 1 + (value / 1000) * plotWidth;
      expect(Math.abs(centre - expected), label[0]).toBeLessThanOrEqual(1.5);
    }
  });

  it('labels times of day in time mode', () => {
    const start = Date.UTC(2025, 0, 1, 10, 0, 0);
    const rows = renderChart([series('gpu', 121, (i) => i, start, 60_000)], { width: 70, height: 8, xAxis: 'time' });
    const ticks = rows.at(-2) as string;
    expect(ticks.trimStart().startsWith('time')).toBe(true);
    expect(ticks).toContain('10:00');
    expect(ticks).toContain('11:00');
    expect(ticks).toMatch(/^[ a-z]+ \d\d:\d\d( +\d\d:\d\d)+$/);
  });

  it('labels dates when the time span is longer than a day', () => {
    const start = Date.UTC(2025, 0, 1, 0, 0, 0);
    const rows = renderChart([series('a', 73, (i) => i, start, 3_600_000)], { width: 70, height: 8, xAxis: 'time' });
    expect(rows.at(-2)).toMatch(/01-02/);
  });

  it('shows a given x title', () => {
    const rows = renderChart([series('a', 10, (i) => 1000 + i)], { width: 40, height: 6, xTitle: 'epoch' });
    expect((rows.at(-2) as string).trimStart().startsWith('epoch')).toBe(true);
  });
});
