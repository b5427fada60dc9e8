// Renders a ClearML plot event's `plot_str` (a Plotly figure as JSON) as terminal rows.
// Every row fits `width` display columns and there are at most `height` rows. Payloads come
// from any reporting script, so nothing here trusts their shape: bad input gives a row that
// says so, never an exception.

import { axisLabelFormatter, formatNumber } from './format.js';
import { sanitize } from './sanitize.js';
import { displayWidth, fitToWidth, truncateToWidth } from './width.js';
import { fitColumns } from './fit-columns.js';

export interface PlotTextOptions {
  width: number;
  height: number;
  color: boolean;
  ascii: boolean;
}

type Json = Record<string, unknown>;
type PlotKind = 'bar' | 'heatmap' | 'scatter' | 'table' | 'image' | 'other' | 'empty';

interface Figure {
  data: Json[];
  layout: Json;
}

// ---------------------------------------------------------------------------------------
// Text helpers.

const ESC = '\u001b';

function truncate(text: string, width: number): string {
  return truncateToWidth(text, width, { ellipsis: '…' });
}

function padEnd(text: string, width: number): string {
  return fitToWidth(text, width, { ellipsis: '…' });
}

function padStart(text: string, width: number): string {
  return fitToWidth(text, width, { ellipsis: '…', align: 'right' });
}

// The few non-ASCII marks this module writes itself, for terminals that render them badly.
const ASCII_FOLD: Record<string, string> = { '…': '~', '–': '-', '·': '.', '›': '>' };

function asciiFold(row: string): string {
  return row.replace(/[…–·›]/g, (c) => ASCII_FOLD[c] ?? c);
}

function paint(text: string, sgr: string, on: boolean): string {
  if (!on || text === '') return text;
  const reset = sgr === '1' || sgr === '2' ? '22' : '39';
  return `${ESC}[${sgr}m${text}${ESC}[${reset}m`;
}

const SERIES_COLORS = ['36', '33', '35', '32', '34', '31'];

function seriesColor(i: number): string {
  return SERIES_COLORS[i % SERIES_COLORS.length] ?? '36';
}

// ---------------------------------------------------------------------------------------
// Tolerant reading of the payload.

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Numbers, numeric strings, "nan", "inf", "-inf"; null counts as a gap (NaN). */
function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return Number.NaN;
  if (typeof v !== 'string') return undefined;
  const t = v.trim().toLowerCase();
  if (t === 'nan') return Number.NaN;
  if (t === 'inf' || t === '+inf' || t === 'infinity' || t === '+infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t)) return Number(t);
  return undefined;
}

function numberOrNaN(v: unknown): number {
  return toNumber(v) ?? Number.NaN;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plotly labels may carry HTML (`<b>`, `<br>`) and entities; keep the words only. */
function cleanText(v: unknown): string {
  let text: string;
  if (typeof v === 'string') text = v;
  else if (typeof v === 'number') text = formatNumber(v, 12);
  else if (typeof v === 'boolean') text = String(v);
  else return '';
  text = text.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '');
  text = text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name.startsWith('#')) {
      const cp =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
  return sanitize(text).replace(/\s+/g, ' ').trim();
}

function titleOf(v: unknown): string {
  if (isObject(v)) return cleanText(v.text);
  return cleanText(v);
}

// Python's json writes NaN/Infinity bare, which JSON.parse rejects: quote them, outside strings.
function quoteBareNonFinite(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|-Infinity|Infinity|NaN/g, (m) => {
    if (m === 'NaN') return '"nan"';
    if (m === 'Infinity') return '"inf"';
    if (m === '-Infinity') return '"-inf"';
    return m;
  });
}

function parseFigure(plotStr: string): Figure | undefined {
  if (typeof plotStr !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(plotStr);
  } catch {
    try {
      parsed = JSON.parse(quoteBareNonFinite(plotStr));
    } catch {
      return undefined;
    }
  }
  if (!isObject(parsed)) return undefined;
  const data = asArray(parsed.data).filter(isObject);
  const layout = isObject(parsed.layout) ? parsed.layout : {};
  if (!Array.isArray(parsed.data) && !isObject(parsed.layout)) return undefined;
  return { data, layout };
}

function traceType(t: Json): string {
  return typeof t.type === 'string' && t.type !== '' ? t.type.toLowerCase() : 'scatter';
}

function imageSource(layout: Json): string | undefined {
  const first = asArray(layout.images)[0];
  if (!isObject(first) || typeof first.source !== 'string') return undefined;
  const source = cleanText(first.source);
  return source === '' ? undefined : source;
}

function classify(fig: Figure): PlotKind {
  if (fig.data.length === 0) return imageSource(fig.layout) !== undefined ? 'image' : 'empty';
  const types = fig.data.map(traceType);
  if (types.includes('heatmap')) return 'heatmap';
  if (types.includes('table')) return 'table';
  if (types.every((t) => t === 'bar')) return 'bar';
  if (types.every((t) => t === 'scatter' || t === 'scattergl')) return 'scatter';
  return 'other';
}

function seriesName(t: Json, i: number): string {
  const name = cleanText(t.name);
  return name === '' ? `series ${i + 1}` : name;
}

// ---------------------------------------------------------------------------------------
// Shared layout pieces.

function maxOf(values: Iterable<number>, fallback: number): number {
  let best = -Infinity;
  for (const v of values) if (v > best) best = v;
  return best === -Infinity ? fallback : best;
}

function minOf(values: Iterable<number>, fallback: number): number {
  let best = Infinity;
  for (const v of values) if (v < best) best = v;
  return best === Infinity ? fallback : best;
}

function moreRow(n: number, what: string, width: number): string {
  return truncate(`… ${n} more ${what}`, width);
}

// ---------------------------------------------------------------------------------------
// Bar charts and histograms.

const BAR_GLYPHS_UNICODE = ['█', '▒', '░', '▓', '#', '=', '+', '*'];
const BAR_GLYPHS_ASCII = ['#', '=', '*', '+', 'o', '%', '@', '~'];
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

interface BarCategory {
  label: string;
  values: number[]; // one per series
}

function barGlyph(series: number, opts: PlotTextOptions): string {
  if (opts.color) return opts.ascii ? '#' : '█';
  const glyphs = opts.ascii ? BAR_GLYPHS_ASCII : BAR_GLYPHS_UNICODE;
  return glyphs[series % glyphs.length] ?? '#';
}

function readBarCategories(traces: Json[]): { categories: BarCategory[]; numericLabels: boolean } {
  const order: string[] = [];
  const byLabel = new Map<string, number[]>();
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
      let row = byLabel.get(label);
      if (row === undefined) {
        row = traces.map(() => Number.NaN);
        byLabel.set(label, row);
        order.push(label);
      }
      row[s] = numberOrNaN(v);
    });
  });
  return { categories: order.map((label) => ({ label, values: byLabel.get(label) ?? [] })), numericLabels };
}

function sumFinite(values: number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? Number.NaN : finite.reduce((a, b) => a + b, 0);
}

// Histograms often have more bins than the pane has rows: neighbouring bins are summed.
function mergeCategories(cats: BarCategory[], capacity: number, series: number): BarCategory[] {
  const size = Math.ceil(cats.length / capacity);
  const merged: BarCategory[] = [];
  for (let i = 0; i < cats.length; i += size) {
    const group = cats.slice(i, i + size);
    const first = group[0]?.label ?? '';
    const last = group[group.length - 1]?.label ?? '';
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

function legendRow(names: string[], glyphs: string[], opts: PlotTextOptions): string {
  let out = '';
  let used = 0;
  for (let i = 0; i < names.length; i++) {
    const glyph = glyphs[i] ?? '#';
    const sep = i === 0 ? '' : '  ';
    const item = `${glyph} ${names[i] ?? ''}`;
    const itemW = displayWidth(item);
    if (used + sep.length + itemW > opts.width) {
      const room = opts.width - used - sep.length;
      if (room >= 3)
        out +=
          sep + paint(glyph, seriesColor(i), opts.color) + truncate(` ${names[i] ?? ''}`, room - displayWidth(glyph));
      break;
    }
    out += sep + paint(glyph, seriesColor(i), opts.color) + ` ${names[i] ?? ''}`;
    used += sep.length + itemW;
  }
  return out;
}

function renderBars(traces: Json[], layout: Json, opts: PlotTextOptions, budget: number): string[] {
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

// ---------------------------------------------------------------------------------------
// Heatmaps and confusion matrices.

const SHADES_UNICODE = [' ', '░', '▒', '▓', '█'];
const SHADES_ASCII = [' ', '.', ':', '*', '#'];

function renderHeatmap(trace: Json, layout: Json, opts: PlotTextOptions, budget: number): string[] {
  const z = asArray(trace.z).map((row) => asArray(row).map(numberOrNaN));
  const rowCount = z.length;
  const colCount = maxOf(
    z.map((r) => r.length),
    0,
  );
  if (rowCount === 0 || colCount === 0) return ['empty heatmap'];
  const xRaw = asArray(trace.x);
  const yRaw = asArray(trace.y);

  let min = Infinity;
  let max = -Infinity;
  let allIntegers = true;
  for (const row of z) {
    for (const v of row) {
      if (!Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
      if (!Number.isInteger(v)) allIntegers = false;
    }
  }

  // Plotly draws y[0] at the bottom unless the axis is reversed: print rows as they appear.
  const reversed = isObject(layout.yaxis) && layout.yaxis.autorange === 'reversed';
  const order = Array.from({ length: rowCount }, (_, i) => (reversed ? i : rowCount - 1 - i));
  const yLabel = (r: number): string => cleanText(yRaw[r] ?? r);
  const sameLabels =
    rowCount === colCount &&
    Array.from({ length: rowCount }, (_, i) => i).every((i) => yLabel(i) === cleanText(xRaw[i] ?? i));
  // One row for the header, and one kept for a column key when the rows have other labels.
  const room = Math.max(1, budget - (sameLabels ? 1 : 2));
  const visible = order.length > room ? order.slice(0, Math.max(1, room - 1)) : order;
  // No more columns than could possibly fit: keeps huge matrices cheap.
  const candidateCols = Math.min(colCount, Math.ceil(opts.width / 2));

  const cellText = (v: number): string => (Number.isNaN(v) ? '·' : formatNumber(v, allIntegers ? 7 : 5));
  const texts = new Map<number, string[]>();
  for (const r of visible)
    texts.set(
      r,
      Array.from({ length: candidateCols }, (_, c) => cellText(z[r]?.[c] ?? Number.NaN)),
    );
  const xLabels = Array.from({ length: candidateCols }, (_, i) => cleanText(xRaw[i] ?? i));

  const valueW = Math.min(10, maxOf([...texts.values()].flat().map(displayWidth), 1));
  const xLabelW = maxOf(xLabels.map(displayWidth), 1);
  const shades = opts.ascii ? SHADES_ASCII : SHADES_UNICODE;
  const labelCap = Math.max(3, Math.floor(opts.width / 4));
  const available = (rowLabelW: number): number => opts.width - rowLabelW;
  const fits = (cw: number, shade: boolean, rowLabelW: number): boolean =>
    colCount * (cw + (shade ? 1 : 0) + 1) <= available(rowLabelW);

  // Column labels too long for the cells are replaced by column numbers; when the rows carry
  // the same labels (a confusion matrix) the numbers go in front of the row labels, else a
  // key row lists them.
  let numbered = false;
  const rowLabelText = (r: number): string => (numbered && sameLabels ? `${r} ${yLabel(r)}` : yLabel(r));
  const rowLabelWidth = (): number =>
    Math.min(
      maxOf(
        visible.map((r) => displayWidth(rowLabelText(r))),
        1,
      ),
      labelCap,
    );
  const pick = (): [number, boolean] | undefined => {
    const minCell = numbered ? Math.max(valueW, String(colCount - 1).length) : valueW;
    const maxCell = numbered ? minCell : Math.max(valueW, Math.min(xLabelW, 8));
    for (const shade of [true, false]) {
      for (let cw = maxCell; cw >= minCell; cw--) if (fits(cw, shade, rowLabelWidth())) return [cw, shade];
    }
    return undefined;
  };
  let picked = pick();
  if (picked === undefined || picked[0] < xLabelW) {
    numbered = true;
    picked = pick() ?? picked;
  }
  const rowLabelW = rowLabelWidth();
  const [cellW, shade] = picked ?? [valueW, false];
  const slotW = cellW + (shade ? 1 : 0) + 1;
  const shownCols = fits(cellW, shade, rowLabelW)
    ? colCount
    : Math.min(candidateCols, Math.max(0, Math.floor((available(rowLabelW) - 2) / slotW)));
  const clipped = shownCols < colCount;
  const columnTitle = (c: number): string => (numbered ? String(c) : (xLabels[c] ?? ''));

  const shadeOf = (v: number): string => {
    if (!Number.isFinite(v)) return ' ';
    const t = max === min ? 1 : (v - min) / (max - min);
    return shades[Math.round(t * (shades.length - 1))] ?? ' ';
  };

  const rows: string[] = [];
  let header = ' '.repeat(rowLabelW);
  for (let c = 0; c < shownCols; c++) header += ` ${shade ? ' ' : ''}${padStart(columnTitle(c), cellW)}`;
  if (clipped) header += ' …';
  rows.push(paint(header, '2', opts.color));
  for (const r of visible) {
    let line = padEnd(rowLabelText(r), rowLabelW);
    const cells = texts.get(r) ?? [];
    for (let c = 0; c < shownCols; c++) {
      const v = z[r]?.[c] ?? Number.NaN;
      line += ` ${shade ? shadeOf(v) : ''}${padStart(cells[c] ?? '', cellW)}`;
    }
    if (clipped) line += ' …';
    rows.push(line);
  }
  if (visible.length < order.length) rows.push(moreRow(order.length - visible.length, 'rows', opts.width));
  if (numbered && !sameLabels && shownCols > 0) {
    rows.push(
      truncate(
        `columns: ${xLabels
          .slice(0, shownCols)
          .map((l, c) => `${c}=${l}`)
          .join(' ')}`,
        opts.width,
      ),
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------
// Scatter and line plots.

const POINT_GLYPHS_UNICODE = ['•', '×', '+', 'o', '*', '#', '◆', '△'];
const POINT_GLYPHS_ASCII = ['*', 'o', '+', 'x', '#', '@', '%', '&'];

interface Series {
  name: string;
  points: Array<[number, number] | null>; // null = gap (non-finite value)
  lines: boolean;
  markers: boolean;
}

function readSeries(traces: Json[]): { series: Series[]; categories: string[] | undefined } {
  const categorical = traces.some((t) => asArray(t.x).some((v) => typeof v === 'string' && toNumber(v) === undefined));
  let categories: string[] | undefined;
  if (categorical) categories = asArray(traces[0]?.x).map(cleanText);
  const series = traces.map((t, i) => {
    const ys = asArray(t.y);
    const xs = asArray(t.x);
    const mode = typeof t.mode === 'string' ? t.mode : 'lines+markers';
    const points = ys.map((yv, j): [number, number] | null => {
      const x = categorical || !Array.isArray(t.x) ? j : numberOrNaN(xs[j]);
      const y = numberOrNaN(yv);
      return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
    });
    return {
      name: seriesName(t, i),
      points,
      lines: mode.includes('lines'),
      markers: mode.includes('markers') || !mode.includes('lines'),
    };
  });
  return { series, categories };
}

function linePoints(x0: number, y0: number, x1: number, y1: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  let x = x0;
  let y = y0;
  for (let guard = 0; guard < 100000; guard++) {
    out.push([x, y]);
    if (x === x1 && y === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
  return out;
}

// Braille cells hold 2x4 dots; bit layout of U+2800.
const BRAILLE_BITS = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
];

function renderScatter(traces: Json[], layout: Json, opts: PlotTextOptions, budget: number): string[] {
  const { series, categories } = readSeries(traces);
  const all = series.flatMap((s) => s.points.filter((p): p is [number, number] => p !== null));
  const named = series.length > 1 || cleanText(traces[0]?.name) !== '';
  const useBraille = !opts.ascii && (series.length === 1 || opts.color);
  const glyphs = series.map((_, i) => {
    if (useBraille) return '⣿';
    const set = opts.ascii ? POINT_GLYPHS_ASCII : POINT_GLYPHS_UNICODE;
    return set[i % set.length] ?? '*';
  });
  const legendGlyphs = series.map((_, i) => (useBraille ? (opts.ascii ? '*' : '●') : (glyphs[i] ?? '*')));
  const legend = named
    ? [
        legendRow(
          series.map((s) => s.name),
          legendGlyphs,
          opts,
        ),
      ]
    : [];
  if (all.length === 0) return ['no finite points to draw', ...legend];

  let xMin = minOf(
    all.map((p) => p[0]),
    0,
  );
  let xMax = maxOf(
    all.map((p) => p[0]),
    0,
  );
  let yMin = minOf(
    all.map((p) => p[1]),
    0,
  );
  let yMax = maxOf(
    all.map((p) => p[1]),
    0,
  );
  if (xMin === xMax) {
    xMin -= 1;
    xMax += 1;
  }
  if (yMin === yMax) {
    const pad = Math.abs(yMin) * 0.5 || 1;
    yMin -= pad;
    yMax += pad;
  }

  const plotH = budget - 2 - legend.length;
  const yFormat = axisLabelFormatter(yMin, yMax, 2, 8);
  const yTop = yFormat(yMax);
  const yBottom = yFormat(yMin);
  const yMid = yFormat((yMax + yMin) / 2);
  const yLabelW = Math.max(displayWidth(yTop), displayWidth(yBottom), plotH >= 5 ? displayWidth(yMid) : 0);
  const plotW = opts.width - yLabelW - 1;
  if (plotH < 2 || plotW < 4) {
    return [
      truncate(`${series.length} series, ${all.length} points, y ${yBottom}…${yTop}`, opts.width),
      ...legend,
    ].slice(0, Math.max(1, budget));
  }

  const dotsW = useBraille ? plotW * 2 : plotW;
  const dotsH = useBraille ? plotH * 4 : plotH;
  const bits = Array.from({ length: plotH }, () => new Array<number>(plotW).fill(0));
  const owner = Array.from({ length: plotH }, () => new Array<number>(plotW).fill(-1));
  const toDot = (p: [number, number]): [number, number] => [
    Math.round(((p[0] - xMin) / (xMax - xMin)) * (dotsW - 1)),
    Math.round(((yMax - p[1]) / (yMax - yMin)) * (dotsH - 1)),
  ];
  const plotDot = (dx: number, dy: number, s: number): void => {
    const cx = useBraille ? Math.floor(dx / 2) : dx;
    const cy = useBraille ? Math.floor(dy / 4) : dy;
    const row = bits[cy];
    const own = owner[cy];
    if (row === undefined || own === undefined || cx < 0 || cx >= plotW) return;
    row[cx] = (row[cx] ?? 0) | (useBraille ? (BRAILLE_BITS[dy % 4]?.[dx % 2] ?? 0) : 1);
    own[cx] = s;
  };
  series.forEach((s, si) => {
    let prev: [number, number] | null = null;
    for (const p of s.points) {
      if (p === null) {
        prev = null;
        continue;
      }
      const dot = toDot(p);
      if (s.lines && prev !== null)
        for (const [dx, dy] of linePoints(prev[0], prev[1], dot[0], dot[1])) plotDot(dx, dy, si);
      if (s.markers || !s.lines) plotDot(dot[0], dot[1], si);
      prev = dot;
    }
  });

  const rows: string[] = [];
  const midRow = Math.floor((plotH - 1) / 2);
  const tick = opts.ascii ? '+' : '┤';
  const bar = opts.ascii ? '|' : '│';
  for (let r = 0; r < plotH; r++) {
    let label = '';
    if (r === 0) label = yTop;
    else if (r === plotH - 1) label = yBottom;
    else if (plotH >= 5 && r === midRow) label = yMid;
    let line = padStart(label, yLabelW) + (label === '' ? bar : tick);
    let run = '';
    let runOwner = -2;
    const flush = (): void => {
      line += runOwner >= 0 ? paint(run, seriesColor(runOwner), opts.color) : run;
      run = '';
    };
    for (let c = 0; c < plotW; c++) {
      const b = bits[r]?.[c] ?? 0;
      const o = b === 0 ? -1 : (owner[r]?.[c] ?? -1);
      const ch = b === 0 ? ' ' : useBraille ? String.fromCodePoint(0x2800 + b) : (glyphs[o] ?? '*');
      if (o !== runOwner) {
        flush();
        runOwner = o;
      }
      run += ch;
    }
    flush();
    rows.push(line);
  }
  rows.push(' '.repeat(yLabelW) + (opts.ascii ? '+' : '└') + (opts.ascii ? '-' : '─').repeat(plotW));

  const xFormat = axisLabelFormatter(xMin, xMax, 2, 10);
  const xLeft = categories !== undefined ? (categories[Math.max(0, Math.ceil(xMin))] ?? xFormat(xMin)) : xFormat(xMin);
  const xRight =
    categories !== undefined
      ? (categories[Math.min(categories.length - 1, Math.floor(xMax))] ?? xFormat(xMax))
      : xFormat(xMax);
  const xTitle = isObject(layout.xaxis) ? titleOf(layout.xaxis.title) : '';
  const half = Math.max(1, Math.floor(plotW / 2) - 1);
  const left = truncate(xLeft, half);
  const right = truncate(xRight, half);
  const gap = plotW + 1 - displayWidth(left) - displayWidth(right);
  let middle = ' '.repeat(Math.max(1, gap));
  if (xTitle !== '' && gap >= displayWidth(xTitle) + 4) {
    const t = xTitle;
    const before = Math.floor((gap - displayWidth(t)) / 2);
    middle = ' '.repeat(before) + t + ' '.repeat(gap - before - displayWidth(t));
  }
  rows.push(truncate(' '.repeat(yLabelW) + left + middle + right, opts.width));
  return [...rows, ...legend];
}

// ---------------------------------------------------------------------------------------
// Tables (Plotly's are column-major).

function tableCellText(v: unknown): string {
  if (Array.isArray(v)) return v.map(tableCellText).join(' ');
  if (typeof v === 'number') return formatNumber(v, 12);
  return cleanText(v);
}

function renderTable(trace: Json, opts: PlotTextOptions, budget: number): string[] {
  const header = isObject(trace.header) ? asArray(trace.header.values).map(tableCellText) : [];
  const columns = isObject(trace.cells)
    ? asArray(trace.cells.values).map((col) => asArray(col).map(tableCellText))
    : [];
  const colCount = Math.max(header.length, columns.length);
  const rowCount = maxOf(
    columns.map((c) => c.length),
    0,
  );
  if (colCount === 0) return ['empty table'];
  const hasHeader = header.some((h) => h !== '');
  const room = Math.max(1, budget - (hasHeader ? 2 : 0));
  const visible = rowCount > room ? Math.max(0, room - 1) : rowCount;
  const natural = Array.from({ length: colCount }, (_, c) =>
    Math.max(displayWidth(header[c] ?? ''), maxOf((columns[c] ?? []).slice(0, visible).map(displayWidth), 1)),
  );
  const sep = opts.ascii ? ' | ' : ' │ ';
  const { widths, shown } = fitColumns(natural, opts.width, sep.length, 3);
  const clipped = shown < colCount;
  const line = (cells: string[]): string => {
    const parts = widths.map((w, c) => padEnd(cells[c] ?? '', w));
    return parts.join(sep) + (clipped ? `${sep.trimEnd()}…` : '');
  };
  const rows: string[] = [];
  if (hasHeader) {
    rows.push(paint(line(header), '1', opts.color));
    const rule = opts.ascii ? '-' : '─';
    const cross = opts.ascii ? '-+-' : '─┼─';
    rows.push(widths.map((w) => rule.repeat(w)).join(cross) + (clipped ? cross.slice(0, 2) : ''));
  }
  for (let r = 0; r < visible; r++) rows.push(line(columns.map((col) => col[r] ?? '')));
  if (visible < rowCount) rows.push(moreRow(rowCount - visible, 'rows', opts.width));
  return rows;
}

// ---------------------------------------------------------------------------------------
// Everything else.

function renderOther(fig: Figure, opts: PlotTextOptions, budget: number): string[] {
  if (fig.data.length === 0) return ['empty plot'];
  const rows = fig.data.map((t, i) => truncate(`${traceType(t)}: ${seriesName(t, i)}`, opts.width));
  if (rows.length <= budget) return rows;
  return [
    ...rows.slice(0, Math.max(0, budget - 1)),
    moreRow(rows.length - Math.max(0, budget - 1), 'traces', opts.width),
  ];
}

// ---------------------------------------------------------------------------------------

function bodyRows(fig: Figure, kind: PlotKind, opts: PlotTextOptions, budget: number): string[] {
  const first = fig.data[0] ?? {};
  switch (kind) {
    case 'bar':
      return renderBars(fig.data, fig.layout, opts, budget);
    case 'heatmap':
      return renderHeatmap(fig.data.find((t) => traceType(t) === 'heatmap') ?? first, fig.layout, opts, budget);
    case 'scatter':
      return renderScatter(fig.data, fig.layout, opts, budget);
    case 'table':
      return renderTable(fig.data.find((t) => traceType(t) === 'table') ?? first, opts, budget);
    case 'image':
      return [truncate(`image: ${imageSource(fig.layout) ?? ''}`, opts.width)];
    default:
      return renderOther(fig, opts, budget);
  }
}

/**
 * Renders a Plotly figure (as JSON text) to at most `height` rows of at most `width`
 * display columns. Colour (SGR) only when `color` is set; `ascii` avoids block, braille
 * and box-drawing characters.
 */
export function plotToText(plotStr: string, opts: PlotTextOptions): string[] {
  const width = Math.max(0, Math.floor(opts.width));
  const height = Math.max(0, Math.floor(opts.height));
  if (width === 0 || height === 0) return [];
  const o: PlotTextOptions = { ...opts, width, height };
  const fig = parseFigure(plotStr);
  if (fig === undefined) return [truncate('plot cannot be read: not a Plotly figure in JSON', width)];
  const kind = classify(fig);
  const title = titleOf(fig.layout.title);
  const titleRows = title !== '' && height > 1 ? [paint(truncate(title, width), '1', o.color)] : [];
  const budget = height - titleRows.length;
  let body: string[];
  try {
    body = bodyRows(fig, kind, o, budget);
  } catch {
    // A payload shaped in a way no renderer expected: say what it is rather than fail.
    body = [truncate(plotSummary(plotStr), width)];
  }
  const rows = [...titleRows, ...body].slice(0, height).map((row) => truncate(row, width));
  return o.ascii ? rows.map(asciiFold) : rows;
}

/** One short line for list rows: kind, title and series count (or table/matrix size). */
export function plotSummary(plotStr: string): string {
  const fig = parseFigure(plotStr);
  if (fig === undefined) return 'unreadable plot';
  const kind = classify(fig);
  const title = titleOf(fig.layout.title);
  const parts: string[] = [];
  const n = fig.data.length;
  const seriesText = `${n} series`;
  switch (kind) {
    case 'bar':
      parts.push('bar', ...(title ? [title] : []), seriesText);
      break;
    case 'scatter':
      parts.push('scatter', ...(title ? [title] : []), seriesText);
      break;
    case 'heatmap': {
      const trace = fig.data.find((t) => traceType(t) === 'heatmap') ?? {};
      const z = asArray(trace.z);
      const cols = maxOf(
        z.map((r) => asArray(r).length),
        0,
      );
      parts.push(`heatmap ${z.length}x${cols}`, ...(title ? [title] : []));
      break;
    }
    case 'table': {
      const trace = fig.data.find((t) => traceType(t) === 'table') ?? {};
      const columns = isObject(trace.cells) ? asArray(trace.cells.values) : [];
      const rows = maxOf(
        columns.map((c) => asArray(c).length),
        0,
      );
      parts.push(`table ${columns.length}x${rows}`, ...(title ? [title] : []));
      break;
    }
    case 'image':
      parts.push('image', ...(title ? [title] : []), imageSource(fig.layout) ?? '');
      break;
    case 'empty':
      parts.push('empty plot', ...(title ? [title] : []));
      break;
    default: {
      const types = [...new Set(fig.data.map(traceType))].join(', ');
      parts.push(types, ...(title ? [title] : []), seriesText);
    }
  }
  return truncate(parts.join(' · '), 200);
}
