// plotSummary: one short line describing a plot, for list rows.

import { isObject } from '../../wire/json.js';
import { asArray, classify, imageSource, parseFigure, titleOf, traceType } from './figure.js';
import { maxOf, truncate } from './rows.js';

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
