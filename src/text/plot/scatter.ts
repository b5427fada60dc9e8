// Scatter and line plots: braille dots (or one glyph per series) on a y-axis with x labels.

import { isObject } from '../../wire/json.js';
import { axisLabelFormatter } from '../format.js';
import { displayWidth } from '../width.js';
import { asArray, cleanText, numberOrNaN, seriesName, titleOf, toNumber, type Json } from './figure.js';
import type { PlotTextOptions } from './options.js';
import { legendRow, maxOf, minOf, padStart, paint, seriesColor, truncate } from './rows.js';

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

export function renderScatter(traces: Json[], layout: Json, opts: PlotTextOptions, budget: number): string[] {
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
