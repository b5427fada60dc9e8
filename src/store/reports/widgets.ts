// Embedded widgets of the report being shown: found in its body (src/text/markdown/ turns
// widget URLs into `reports.get_task_data` requests), fetched one at a time by the widgets
// poller while the details pane is on screen, kept per widget URL in a bounded cache, and
// fetched again on refresh. A refused request is an error of that widget only; connection
// trouble makes the poller back off and try again.
import { loadMarkdown, markdownIfLoaded, type MarkdownModule } from '../../text/markdown/on-demand.js';
import type { KnownReportWidget } from '../../text/report-widgets.js';
import type { ReportsGetTaskDataRequest } from '../../wire/reports.js';
import type { ReportsContext } from './book.js';
import { classifyFailure, describeFailure } from '../core/index.js';
import { dataWanted } from '../panes.js';
import type { ReportRow } from './list.js';
import type { MonitorState } from '../types.js';
import { parseWidgetData } from './widget-data.js';

export interface WidgetSeries {
  metric: string;
  variant: string;
  task: string;
  taskName: string;
  /** Iterations, or epoch ms for a time axis; ascending. */
  x: number[];
  y: number[];
}

export interface WidgetValue {
  task: string;
  taskName: string;
  metric: string;
  variant: string;
  value: number;
}

export interface WidgetPlot {
  task: string;
  taskName: string;
  metric: string;
  variant: string;
  iter: number;
  plotStr: string;
}

export interface WidgetImage {
  task: string;
  taskName: string;
  metric: string;
  variant: string;
  iter: number;
  url: string;
}

/** A widget's data, parsed and bounded (a few series, plots, images or values). */
export type WidgetData =
  | { kind: 'scalar'; axis: 'iter' | 'time'; series: WidgetSeries[] }
  | { kind: 'single'; values: WidgetValue[] }
  | { kind: 'plot'; plots: WidgetPlot[] }
  | { kind: 'sample'; images: WidgetImage[] };

export interface WidgetEntry {
  /** Fetching now (any earlier data stays shown meanwhile). */
  loading: boolean;
  data: WidgetData | null;
  /** Why the last fetch failed, with what to do. */
  error: string | null;
  fetchedAt: number | null;
}

/** Widgets whose data is kept; the least recently shown go first. */
export const MAX_CACHED_WIDGETS = 24;
/** Histogram points asked for per series: about a wide terminal's columns. */
export const WIDGET_HISTOGRAM_SAMPLES = 300;

const EMPTY_ENTRY: WidgetEntry = { loading: false, data: null, error: null, fetchedAt: null };

/** The drawable widgets of a report body, each URL once, in the body's order. */
export function extractWidgets(body: string, markdown: MarkdownModule): KnownReportWidget[] {
  // Every widget URL has a /widgets/ path: most bodies need no parsing at all.
  if (!body.includes('widgets')) return [];
  const seen = new Set<string>();
  const out: KnownReportWidget[] = [];
  for (const line of markdown.renderMarkdown(body, { width: 80, color: false, hyperlinks: false })) {
    if (line.kind !== 'widget' || line.widget.kind === 'unknown' || seen.has(line.widget.url)) continue;
    seen.add(line.widget.url);
    out.push(line.widget);
  }
  return out;
}

function selectedReport(state: MonitorState): ReportRow | undefined {
  const id = state.reports.selectedId;
  return id === null ? undefined : state.reports.byId[id];
}

/** The details pane is on screen (side by side with the list, or focused). */
export function widgetsShown(state: MonitorState): boolean {
  return dataWanted(state, 'widgets');
}

/** The report's widgets; none yet while the markdown renderer loads (it looks again once loaded). */
function widgetsOf(ctx: ReportsContext, row: ReportRow): KnownReportWidget[] {
  const cached = ctx.book.widgetList;
  if (cached !== null && cached.body === row.body) return cached.widgets;
  const markdown = markdownIfLoaded();
  if (markdown === null) {
    loadMarkdown().then(
      () => syncWidgets(ctx),
      () => undefined,
    );
    return [];
  }
  const widgets = extractWidgets(row.body, markdown);
  ctx.book.widgetList = { body: row.body, widgets };
  return widgets;
}

function needsFetch(ctx: ReportsContext, url: string): boolean {
  const entry = ctx.get().reports.widgets[url];
  if (entry === undefined || ctx.book.widgetsStale.has(url)) return true;
  return !entry.loading && entry.data === null && entry.error === null;
}

/** The widget's request, bounded: only the task names of the task list, a fixed number of histogram points. */
export function widgetRequest(widget: KnownReportWidget): ReportsGetTaskDataRequest {
  const request: ReportsGetTaskDataRequest = { ...widget.request };
  if (request.only_fields === undefined) request.only_fields = ['id', 'name'];
  if (request.scalar_metrics_iter_histogram !== undefined) {
    request.scalar_metrics_iter_histogram = {
      ...request.scalar_metrics_iter_histogram,
      samples: WIDGET_HISTOGRAM_SAMPLES,
    };
  }
  return request;
}

function setEntry(ctx: ReportsContext, url: string, change: Partial<WidgetEntry>): void {
  ctx.set((s) => {
    const previous = s.reports.widgets[url] ?? EMPTY_ENTRY;
    return { reports: { ...s.reports, widgets: { ...s.reports.widgets, [url]: { ...previous, ...change } } } };
  });
}

/** Marks `urls` as the most recently shown and drops the oldest entries past the bound. */
function touchAndEvict(ctx: ReportsContext, urls: readonly string[]): void {
  const keep = new Set(urls);
  const order = ctx.book.widgetOrder.filter((u) => !keep.has(u));
  order.push(...urls);
  const widgets = ctx.get().reports.widgets;
  const drop: string[] = [];
  while (order.length > MAX_CACHED_WIDGETS) {
    const oldest = order.shift() as string;
    if (widgets[oldest] !== undefined) drop.push(oldest);
  }
  ctx.book.widgetOrder = order;
  if (drop.length === 0) return;
  for (const url of drop) ctx.book.widgetsStale.delete(url);
  ctx.set((s) => {
    const next = { ...s.reports.widgets };
    for (const url of drop) delete next[url];
    return { reports: { ...s.reports, widgets: next } };
  });
}

/** One pass of the widgets poller: fetches what the shown report's widgets lack. */
export async function widgetsTick(ctx: ReportsContext, signal: AbortSignal): Promise<void> {
  const state = ctx.get();
  const row = selectedReport(state);
  if (row === undefined || !widgetsShown(state)) return;
  await loadMarkdown();
  const widgets = widgetsOf(ctx, row);
  touchAndEvict(
    ctx,
    widgets.map((w) => w.url),
  );
  for (const widget of widgets) {
    if (signal.aborted) return;
    if (!needsFetch(ctx, widget.url)) continue;
    const url = widget.url;
    setEntry(ctx, url, { loading: true });
    try {
      const answer = await ctx.client.reports.getTaskData(widgetRequest(widget), { signal });
      if (signal.aborted) {
        setEntry(ctx, url, { loading: false });
        return;
      }
      const data = parseWidgetData(widget, answer);
      ctx.book.widgetsStale.delete(url);
      setEntry(ctx, url, { loading: false, data, error: null, fetchedAt: ctx.now() });
    } catch (err) {
      const cls = classifyFailure(err);
      // Aborted, or connection trouble: keep what is shown; the poller backs off and tries again.
      if (cls === 'abort' || cls === 'connection' || cls === 'auth' || signal.aborted) {
        setEntry(ctx, url, { loading: false });
        if (cls === 'abort' || signal.aborted) return;
        throw err;
      }
      ctx.book.widgetsStale.delete(url);
      setEntry(ctx, url, { loading: false, error: `${describeFailure(err)} — r tries again`, fetchedAt: ctx.now() });
    }
  }
}

/** Wakes the widgets poller when the shown report has widgets without data. */
export function syncWidgets(ctx: ReportsContext): void {
  const state = ctx.get();
  if (ctx.book.widgetTimer.pending || !widgetsShown(state)) return;
  const row = selectedReport(state);
  if (row === undefined) return;
  if (widgetsOf(ctx, row).some((w) => needsFetch(ctx, w.url))) ctx.pollers.widgets.wake();
}

/** Another report is selected: drop the previous one's fetches and look again after a short pause. */
export function onReportSelectionChanged(ctx: ReportsContext): void {
  ctx.pollers.widgets.cancel();
  ctx.book.widgetTimer.restart(ctx.selectionDebounceMs, () => syncWidgets(ctx));
}

/** `r` in the reports view: the shown report's widgets are fetched again (their data stays until then). */
export function refreshWidgets(ctx: ReportsContext): void {
  const row = selectedReport(ctx.get());
  if (row === undefined) return;
  for (const widget of widgetsOf(ctx, row)) ctx.book.widgetsStale.add(widget.url);
  syncWidgets(ctx);
}
