// plotToText: picks the renderer for the figure's kind and holds every row to the size asked.

import { renderBars } from './bars.js';
import {
  classify,
  imageSource,
  parseFigure,
  seriesName,
  titleOf,
  traceType,
  type Figure,
  type PlotKind,
} from './figure.js';
import { renderHeatmap } from './heatmap.js';
import type { PlotTextOptions } from './options.js';
import { asciiFold, moreRow, paint, truncate } from './rows.js';
import { renderScatter } from './scatter.js';
import { plotSummary } from './summary.js';
import { renderTable } from './table.js';

function renderOther(fig: Figure, opts: PlotTextOptions, budget: number): string[] {
  if (fig.data.length === 0) return ['empty plot'];
  const rows = fig.data.map((t, i) => truncate(`${traceType(t)}: ${seriesName(t, i)}`, opts.width));
  if (rows.length <= budget) return rows;
  return [
    ...rows.slice(0, Math.max(0, budget - 1)),
    moreRow(rows.length - Math.max(0, budget - 1), 'traces', opts.width),
  ];
}

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
