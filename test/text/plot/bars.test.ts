// Bar charts and histograms.
import { describe, expect, it } from 'vitest';
import { plotToText } from '../../../src/text/plot/index.js';
import { expectFits, opts, histogram3 } from '../../helpers/plot-samples.js';

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

  it('labels merged bins with ranges that meet, the next starting where one ends', () => {
    const edges = Array.from({ length: 40 }, (_, i) => -0.3 + i * 0.02);
    const plot = JSON.stringify({ data: [{ type: 'bar', x: edges, y: edges.map(() => 1) }], layout: {} });
    const rows = plotToText(plot, opts(60, 9));
    const ranges = rows.map((r) => /^\s*(-?[\d.]+)–(-?[\d.]+)/.exec(r)).filter((m) => m !== null);
    expect(ranges.length).toBeGreaterThan(3);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]?.[1]).toBe(ranges[i - 1]?.[2]);
    expect(Number(ranges[0]?.[1])).toBeCloseTo(-0.3);
    expect(Number(ranges.at(-1)?.[2])).toBeCloseTo(0.5);
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
