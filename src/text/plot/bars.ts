// Bar charts and histograms: one row per category (per series unless stacked).

import { formatNumber } from '../format.js';
import { displayWidth } from '../width.js';
import { asArray, cleanText, numberOrNaN, seriesName, toNumber, type Json } from './figure.js';
import type { PlotTextOptions } from './options.js';
import { legendRow, maxOf, moreRow, padEnd, padStart, paint, seriesColor } from './rows.js';

const BAR_GLYPHS_UNICODE = ['█', '▒', '░', '▓', '#', '=', '+', '*'];
const BAR_GLYPHS_ASCII = ['#', '=', '*', '+', 'o', '%', '@', '~'];
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

interface BarCategory {
  label: string;
  values: number[]; // one per series
  /** The category's position when its label is a number (a histogram bin). */
  x?: number;
}

function barGlyph(series: number, opts: PlotTextOptions): string {
  if (opts.color) return opts.ascii ? '#' : '█';
  const glyphs = opts.ascii ? BAR_GLYPHS_ASCII : BAR_GLYPHS_UNICODE;
  return glyphs[series % glyphs.length] ?? '#';
}

function readBarCategories(traces: Json[]): { categories: BarCategory[]; numericLabels: boolean } {
  const order: string[] = [];
  const byLabel = new Map<string, number[]>();
  const xOf = new Map<string, number>();
  let numericLabels = true;
  traces.forEach((t, s) => {
    const horizontal = t.orientation === 'h';
    const values = asArray(horizontal ? t.x : t.y);
    const labelsRaw = horizontal ? t.y : t.x;
    const labels = Array.isArray(labelsRaw) ? labelsRaw : values.map((_, i) => i);
    values.forEach((v, i) => {
      const raw = labels[i] ?? i;
      const n = toNumber(raw);
      if (n === undefined || !Number.isFinite(n)) numericLabels = false;
      const label = n !== undefined && Number.isFinite(n) ? formatNumber(n, 8) : cleanText(raw);
      if (n !== undefined && Number.isFinite(n) && !xOf.has(label)) xOf.set(label, n);
      let row = byLabel.get(label);
      if (row === undefined) {
        row = traces.map(() => Number.NaN);
        byLabel.set(label, row);
        order.push(label);
      }
      row[s] = numberOrNaN(v);
    });
  });
  return {
    categories: order.map((label) => ({ label, values: byLabel.get(label) ?? [], x: xOf.get(label) })),
    numericLabels,
  };
}

function sumFinite(values: number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? Number.NaN : finite.reduce((a, b) => a + b, 0);
}

/**
 * Where a group of bins ends: where the next group starts, so the ranges meet ("a–b", "b–c");
 * the last group ends one bin width past its last bin.
 */
function groupEnd(cats: readonly BarCategory[], next: number): string {
  const following = cats[next];
  if (following !== undefined) return following.label;
  const last = cats[cats.length - 1];
  const before = cats[cats.length - 2];
  if (last?.x === undefined || before?.x === undefined) return last?.label ?? '';
  return formatNumber(last.x + (last.x - before.x), 8);
}

// Histograms often have more bins than the pane has rows: neighbouring bins are summed.
function mergeCategories(cats: BarCategory[], capacity: number, series: number): BarCategory[] {
  const size = Math.ceil(cats.length / capacity);
  const merged: BarCategory[] = [];
  for (let i = 0; i < cats.length; i += size) {
    const group = cats.slice(i, i + size);
    const first = group[0]?.label ?? '';
    const last = size > 1 ? groupEnd(cats, i + size) : (group[group.length - 1]?.label ?? '');
    const values: number[] = [];
    for (let s = 0; s < series; s++) values.push(sumFinite(group.map((c) => c.values[s] ?? Number.NaN)));
    merged.push({ label: first === last ? first : `${first}–${last}`, values });
  }
  return merged;
}

function drawSignedBar(v: number, lo: number, hi: number, barW: number, glyph: string, partial: boolean): string {
  const cells = new Array<string>(barW).fill(' ');
  if (!Number.isFinite(v) || barW <= 0) return cells.join('');
  const scale = barW / (hi - lo);
  const zero = Math.round(-lo * scale);
  if (v >= 0) {
    const exact = v * scale;
    let full = Math.floor(exact);
    let eighth = Math.round((exact - full) * 8);
    if (eighth === 8) {
      full++;
      eighth = 0;
    }
    for (let i = zero; i < Math.min(barW, zero + full); i++) cells[i] = glyph;
    const next = zero + full;
    if (next < barW) {
      if (partial && eighth > 0) cells[next] = EIGHTHS[eighth] ?? '';
      else if (!partial && eighth >= 4) cells[next] = glyph;
    }
  } else {
    const len = Math.round(-v * scale);
    for (let i = Math.max(0, zero - len); i < zero; i++) cells[i] = glyph;
  }
  return cells.join('');
}

function drawStackedBar(values: number[], span: number, barW: number, glyphs: string[], opts: PlotTextOptions): string {
  let out = '';
  let used = 0;
  let cum = 0;
  values.forEach((v, s) => {
    if (!Number.isFinite(v) || v <= 0) return;
    const end = Math.min(barW, Math.round(((cum + v) / span) * barW));
    const len = Math.max(0, end - used);
    out += paint((glyphs[s] ?? '#').repeat(len), seriesColor(s), opts.color);
    used += len;
    cum += v;
  });
  return out + ' '.repeat(Math.max(0, barW - used));
}

export function renderBars(traces: Json[], layout: Json, opts: PlotTextOptions, budget: number): string[] {
  const names = traces.map(seriesName);
  const seriesCount = traces.length;
  const stacked = layout.barmode === 'stack' || layout.barmode === 'relative';
  const glyphs = traces.map((_, s) => barGlyph(s, opts));
  const read = readBarCategories(traces);
  let cats = read.categories;
  const rows: string[] = [];
  if (cats.length === 0) return ['no bars to draw'];

  const legendRows = seriesCount > 1 ? 1 : 0;
  const rowsPerCat = stacked ? 1 : seriesCount;
  const available = Math.max(1, budget - legendRows);
  const capacity = Math.max(1, Math.floor(available / rowsPerCat));
  let hidden = 0;
  if (cats.length > capacity) {
    if (read.numericLabels) cats = mergeCategories(cats, capacity, seriesCount);
    else {
      const keep = Math.max(1, Math.floor((available - 1) / rowsPerCat));
      hidden = cats.length - keep;
      cats = cats.slice(0, keep);
    }
  }

  const shownValues = stacked ? cats.map((c) => sumFinite(c.values)) : cats.flatMap((c) => c.values);
  const valueTexts = shownValues.map((v) => formatNumber(v, 8));
  const labelW = Math.min(
    maxOf(
      cats.map((c) => displayWidth(c.label)),
      1,
    ),
    Math.max(4, Math.floor(opts.width * 0.3)),
  );
  let valueW = maxOf(valueTexts.map(displayWidth), 1);
  let barW = opts.width - labelW - 1 - 1 - valueW;
  if (barW < 3) {
    valueW = 0;
    barW = opts.width - labelW - 1;
  }
  barW = Math.max(0, barW);

  let lo = 0;
  let hi = 0;
  if (stacked) {
    for (const c of cats) hi = Math.max(hi, sumFinite(c.values.map((v) => (v > 0 ? v : 0))) || 0);
  } else {
    for (const v of shownValues) {
      if (!Number.isFinite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (hi === lo) hi = lo + 1;

  const valueCell = (text: string): string => (valueW > 0 ? ` ${padStart(text, valueW)}` : '');
  let valueIndex = 0;
  for (const c of cats) {
    if (stacked) {
      const bar = drawStackedBar(c.values, hi, barW, glyphs, opts);
      rows.push(`${padEnd(c.label, labelW)} ${bar}${valueCell(valueTexts[valueIndex++] ?? '')}`);
      continue;
    }
    c.values.forEach((v, s) => {
      const label = s === 0 ? c.label : '';
      const bar = drawSignedBar(v, lo, hi, barW, glyphs[s] ?? '#', glyphs[s] === '█' && v >= 0);
      const painted = opts.color ? bar.replace(/\S+/, (m) => paint(m, seriesColor(s), true)) : bar;
      rows.push(`${padEnd(label, labelW)} ${painted}${valueCell(valueTexts[valueIndex++] ?? '')}`);
    });
  }
  if (hidden > 0) rows.push(moreRow(hidden, 'categories', opts.width));
  if (legendRows > 0) rows.push(legendRow(names, glyphs, opts));
  return rows;
}
