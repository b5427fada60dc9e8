// Plotly tables (column-major cells) as aligned text columns.

import { isObject } from '../../wire/json.js';
import { fitColumns } from '../fit-columns.js';
import { formatNumber } from '../format.js';
import { displayWidth } from '../width.js';
import { asArray, cleanText, type Json } from './figure.js';
import type { PlotTextOptions } from './options.js';
import { maxOf, moreRow, padEnd, paint } from './rows.js';

// Tables (Plotly's are column-major).

function tableCellText(v: unknown): string {
  if (Array.isArray(v)) return v.map(tableCellText).join(' ');
  if (typeof v === 'number') return formatNumber(v, 12);
  return cleanText(v);
}

export function renderTable(trace: Json, opts: PlotTextOptions, budget: number): string[] {
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
