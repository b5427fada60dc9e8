import { describe, expect, it } from 'vitest';
import { chartView, earliestX, formatSince, sinceStart, toLogScale } from '../../src/text/chart-scale.js';
import { tickLine } from '../../src/text/chart-axis.js';
import { renderChart } from '../../src/text/chart.js';

describe('log scale', () => {
  it('takes log10 of positive values and leaves values <= 0 out, counting them', () => {
    const { series, dropped } = toLogScale([{ x: [0, 1, 2, 3, 4], y: [100, 0.001, 0, -5, Number.NaN] }]);
    expect(series[0]?.y.slice(0, 2)).toEqual([2, -3]);
    expect(series[0]?.y.slice(2).every(Number.isNaN)).toBe(true);
    expect(dropped).toBe(2);
  });

  it('draws a loss falling by powers of ten over the whole height, labelled with real values', () => {
    const y = Array.from({ length: 40 }, (_, i) => 10 ** (-i / 5));
    const linear = renderChart([{ name: 'loss', x: y.map((_, i) => i), y }], { width: 60, height: 12 });
    const log = renderChart(toLogScale([{ name: 'loss', x: y.map((_, i) => i), y }]).series, {
      width: 60,
      height: 12,
      logY: true,
    });
    // Linear: the second half of the curve sits on the bottom row; log: it keeps falling.
    const bottom = (rows: string[]) => rows[9] ?? '';
    expect(bottom(linear).split('─').length).toBeGreaterThan(bottom(log).split('─').length);
    expect(log[0]).toMatch(/^ *1 /);
    expect(log.slice(0, 10).join('\n')).toMatch(/e-|0\.0000/);
  });

  it('says nothing is drawn when every value is <= 0', () => {
    const rows = renderChart(toLogScale([{ name: 'r', x: [0, 1], y: [-1, -2] }]).series, {
      width: 30,
      height: 6,
      logY: true,
    });
    expect(rows.join('\n')).toContain('no data');
  });
});

describe('time since start', () => {
  it('shifts x to the run start and finds the earliest point', () => {
    expect(
      earliestX([
        { x: [5000, 9000], y: [1, 2] },
        { x: [3000], y: [0] },
      ]),
    ).toBe(3000);
    expect(earliestX([{ x: [], y: [] }])).toBeNull();
    expect(sinceStart({ x: [3000, 63_000], y: [1, 2] }, 3000).x).toEqual([0, 60_000]);
  });

  it('formats durations as the axis labels show them', () => {
    expect([0, 45_000, 300_000, 5_400_000, 2 * 86_400_000 + 4 * 3_600_000].map(formatSince)).toEqual([
      '0s',
      '45s',
      '5m',
      '1h30m',
      '2d4h',
    ]);
  });

  it('labels the ticks as durations from 0', () => {
    const line = tickLine({ min: 0, max: 3_600_000 }, 60, 61, 'since');
    expect(line.startsWith('0s')).toBe(true);
    expect(line).toContain('30m');
  });

  it('overlays runs started hours apart from their own start', () => {
    const hour = 3_600_000;
    const view = chartView(
      [
        { name: 'a', x: [10 * hour, 10 * hour + 60_000], y: [1, 2], start: 10 * hour },
        { name: 'b', x: [15 * hour, 15 * hour + 60_000], y: [3, 4], start: 15 * hour },
      ],
      { smooth: null, since: true, log: false },
    );
    expect(view.series.map((s) => Array.from(s.x))).toEqual([
      [0, 60_000],
      [0, 60_000],
    ]);
  });
});

describe('smoothing over the raw curve', () => {
  it('keeps the raw series as the underlay and draws it dimmed under the smoothed line', () => {
    const y = [0, 10, 0, 10, 0, 10, 0, 10];
    const view = chartView([{ name: 'loss', x: y.map((_, i) => i), y }], {
      smooth: (v) => Array.from(v, () => 5),
      since: false,
      log: false,
    });
    expect(view.underlay.map((s) => Array.from(s.y))).toEqual([y]);
    expect(Array.from(view.series[0]?.y ?? [])).toEqual(new Array(8).fill(5));
    const colored = renderChart(view.series, { width: 40, height: 10, color: true, underlay: view.underlay });
    expect(colored.join('\n')).toContain('\u001b[2m');
    const plain = renderChart(view.series, { width: 40, height: 10, underlay: view.underlay });
    expect(plain.join('\n')).toContain('·');
    // Without smoothing there is no underlay.
    expect(chartView([{ name: 'l', x: [0], y: [1] }], { smooth: null, since: false, log: false }).underlay).toEqual([]);
  });

  it('counts values <= 0 of the raw data when log scale and smoothing are both on', () => {
    const view = chartView([{ name: 'l', x: [0, 1, 2], y: [1, -1, 10] }], {
      smooth: (v) => Array.from(v),
      since: false,
      log: true,
    });
    expect(view.dropped).toBe(1);
    expect(Array.from(view.underlay[0]?.y ?? [])[2]).toBe(1);
  });
});
