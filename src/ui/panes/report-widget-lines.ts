// An embedded widget of a report body drawn in place, from the data the store fetched with
// `reports.get_task_data`: a scalar widget as a small chart, single values as a table, plots
// as text, debug images as their URLs (OSC 8 links where the terminal supports them). Every
// line fits the width; a widget still loading or refused says so on its title line.
import type { WidgetData, WidgetEntry, WidgetImage, WidgetPlot } from '../../store/types.js';
import { renderChart, type ChartSeries } from '../../text/chart.js';
import { formatNumber } from '../../text/format.js';
import { plotToText } from '../../text/plot/index.js';
import type { ReportWidget } from '../../text/report-widgets.js';
import { displayWidth, sanitize } from '../../text/sanitize.js';
import { cell, clip } from '../cells.js';
import type { Theme } from '../theme.js';
import { seriesName } from './ScalarsPane.js';

export interface WidgetLine {
  text: string;
  /** title: the widget's name and state; chart/plot: drawn rows; table; link; note; error. */
  kind: 'title' | 'chart' | 'plot' | 'table' | 'link' | 'note' | 'error';
}

/** Rows of a scalar widget's chart: plot, x labels and legend. */
export const WIDGET_CHART_ROWS = 8;
/** Rows given to each plot of a plot widget at most. */
export const WIDGET_PLOT_ROWS = 12;

const KIND_LABELS: Record<Exclude<ReportWidget['kind'], 'unknown'>, string> = {
  scalar: 'scalars',
  single: 'single values',
  plot: 'plot',
  sample: 'debug images',
};

/** What the scalar series are called in the legend: only the parts that differ between them. */
function scalarChartSeries(data: Extract<WidgetData, { kind: 'scalar' }>): ChartSeries[] {
  const many = (key: 'metric' | 'variant' | 'task'): boolean => new Set(data.series.map((s) => s[key])).size > 1;
  const metrics = many('metric');
  const variants = many('variant');
  const tasks = many('task');
  return data.series.map((s) => {
    const parts = [metrics ? s.metric : '', variants ? s.variant : '', tasks ? s.taskName : ''].filter((p) => p !== '');
    return { name: parts.length > 0 ? parts.join(' ') : s.variant || s.metric, x: s.x, y: s.y };
  });
}

function singleValueLines(data: Extract<WidgetData, { kind: 'single' }>, width: number, theme: Theme): WidgetLine[] {
  if (data.values.length === 0)
    return [{ kind: 'note', text: clip('no single values reported', width, theme.glyphs.ellipsis) }];
  const tasks = new Set(data.values.map((v) => v.task)).size > 1;
  const sep = ` ${theme.glyphs.separator} `;
  const names = data.values.map(
    (v) => `${tasks ? sanitize(v.taskName) + sep : ''}${seriesName(v.metric, v.variant, theme)}`,
  );
  const values = data.values.map((v) => (Number.isFinite(v.value) ? formatNumber(v.value, 12) : '-'));
  const valueWidth = Math.min(12, Math.max(...values.map((v) => displayWidth(v))));
  const nameWidth = Math.max(0, Math.min(Math.max(...names.map((n) => displayWidth(n))), width - valueWidth - 3));
  return names.map((name, i) => ({
    kind: 'table',
    text: clip(
      `  ${cell(name, nameWidth, 'left', theme.glyphs.ellipsis)} ${cell(values[i], valueWidth, 'right')}`,
      width,
      theme.glyphs.ellipsis,
    ),
  }));
}

// OSC 8 targets must be printable ASCII without the sequence's terminators.
function linkTarget(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  let out = '';
  for (const ch of url) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp > 0x20 && cp < 0x7f ? ch : encodeURIComponent(ch);
  }
  return out;
}

/** A URL over as many lines as it needs (never cut), each an OSC 8 link to the whole URL when wanted. */
export function urlLines(url: string, width: number, indent: string, hyperlinks: boolean): string[] {
  const text = sanitize(url);
  const room = Math.max(1, width - displayWidth(indent));
  const chunks: string[] = [];
  let current = '';
  for (const ch of text) {
    if (displayWidth(current + ch) > room) {
      chunks.push(current);
      current = '';
    }
    current += ch;
  }
  if (current !== '') chunks.push(current);
  const target = hyperlinks ? linkTarget(url) : null;
  return chunks.map(
    (chunk) => indent + (target === null ? chunk : `\u001b]8;;${target}\u0007${chunk}\u001b]8;;\u0007`),
  );
}

/** The line above a plot or debug image: its series, task and iteration. */
function captionLine(event: WidgetPlot | WidgetImage, width: number, theme: Theme): WidgetLine {
  const sep = ` ${theme.glyphs.separator} `;
  const caption = `${seriesName(event.metric, event.variant, theme)}${sep}${sanitize(event.taskName)}${sep}iter ${event.iter}`;
  return { kind: 'note', text: clip(caption, width, theme.glyphs.ellipsis) };
}

function dataLines(data: WidgetData, width: number, theme: Theme, hyperlinks: boolean): WidgetLine[] {
  const e = theme.glyphs.ellipsis;
  switch (data.kind) {
    case 'scalar': {
      if (data.series.length === 0)
        return [{ kind: 'note', text: clip('no scalars reported for this chart', width, e) }];
      const rows = renderChart(scalarChartSeries(data), {
        width,
        height: WIDGET_CHART_ROWS,
        xAxis: data.axis,
        color: theme.color,
        ascii: theme.ascii,
      });
      return rows.map((text) => ({ kind: 'chart', text }));
    }
    case 'single':
      return singleValueLines(data, width, theme);
    case 'plot': {
      if (data.plots.length === 0) return [{ kind: 'note', text: clip('no plots reported', width, e) }];
      const size = { width, height: WIDGET_PLOT_ROWS, color: theme.color, ascii: theme.ascii };
      return data.plots.flatMap((plot) => [
        captionLine(plot, width, theme),
        ...plotToText(plot.plotStr, size).map((text): WidgetLine => ({ kind: 'plot', text })),
      ]);
    }
    case 'sample': {
      if (data.images.length === 0) return [{ kind: 'note', text: clip('no debug images reported', width, e) }];
      return data.images.flatMap((image) => [
        captionLine(image, width, theme),
        ...urlLines(image.url, width, '  ', hyperlinks).map((text): WidgetLine => ({ kind: 'link', text })),
      ]);
    }
  }
}

/** The lines of one widget: a title line (with its state), then what it draws. */
export function widgetLines(
  widget: ReportWidget,
  entry: WidgetEntry | undefined,
  width: number,
  theme: Theme,
  hyperlinks: boolean,
): WidgetLine[] {
  const e = theme.glyphs.ellipsis;
  if (widget.kind === 'unknown')
    return [{ kind: 'note', text: clip(`[widget: ${sanitize(widget.reason)}]`, width, e) }];
  const name =
    widget.title === undefined || widget.title === ''
      ? KIND_LABELS[widget.kind]
      : `${KIND_LABELS[widget.kind]}: ${sanitize(widget.title)}`;
  const waiting = entry === undefined || entry.loading;
  const state = waiting ? ` ${theme.glyphs.separator} loading${e}` : '';
  const lines: WidgetLine[] = [{ kind: 'title', text: clip(`${theme.glyphs.focusMark} ${name}${state}`, width, e) }];
  if (entry?.error != null) lines.push({ kind: 'error', text: clip(`  ${sanitize(entry.error)}`, width, e) });
  if (entry?.data != null) lines.push(...dataLines(entry.data, width, theme, hyperlinks));
  return lines;
}
