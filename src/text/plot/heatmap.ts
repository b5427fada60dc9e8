// Heatmaps and confusion matrices: a grid of values, shaded when there is room.

import { isObject } from '../../wire/json.js';
import { formatNumber } from '../format.js';
import { displayWidth } from '../width.js';
import { asArray, cleanText, numberOrNaN, type Json } from './figure.js';
import type { PlotTextOptions } from './options.js';
import { maxOf, moreRow, padEnd, padStart, paint, truncate } from './rows.js';

const SHADES_UNICODE = [' ', '░', '▒', '▓', '█'];
const SHADES_ASCII = [' ', '.', ':', '*', '#'];

export function renderHeatmap(trace: Json, layout: Json, opts: PlotTextOptions, budget: number): string[] {
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
