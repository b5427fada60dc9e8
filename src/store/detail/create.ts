// The `detail` slice: the selected task's scalars (and chart samples), plots, debug images and
// single values, and the image viewer. It follows `taskSelected` (its panes reset at once and
// fetch after a pause) and `sync` (fetch what a shown pane lacks), forgets what it fetched on
// `refresh`, and runs the detail poller. Its bookkeeping is its own (book.ts).
import { clampIndex, followSelectedTask, withBook, type Poller, type StoreContext } from '../core/index.js';
import { compareSeries } from '../../text/series-names.js';
import type { MonitorState } from '../types.js';
import { initialDetailBook, type DetailContext } from './book.js';
import { createImageViewActions, type ImageViewActions } from './image-view.js';
import { scalarEntries } from './scalar-rows.js';
import { createDetailActions, detailTick, onTaskSelected, syncDetail, type DetailActions } from './task-detail.js';

/** What the navigation moves in the detail panes. */
export interface DetailApi {
  /** j/k in the scalars pane: the selected series row. */
  moveScalarRow(delta: number): void;
  /** j/k in the chart: the metric drawn. */
  moveChartMetric(delta: number): void;
  scrollPlots(delta: number): void;
  scrollSummary(delta: number): void;
  /** Enter on a metric row: draw it (false when the row is the folded monitor group, which toggles). */
  chartSelectedRow(): 'charted' | 'folded' | 'none';
}

export interface DetailSlice {
  actions: DetailActions & ImageViewActions;
  api: DetailApi;
  poller: Poller;
}

/** The metrics the chart can draw, in the order j/k moves through them. */
export function chartMetrics(state: MonitorState): string[] {
  const metrics = new Set(state.scalars.rows.map((r) => r.metric));
  for (const m of Object.keys(state.scalars.series)) metrics.add(m);
  return [...metrics]
    .map((metric) => ({ metric, variant: '' }))
    .sort(compareSeries)
    .map((s) => s.metric);
}

function createDetailApi(ctx: DetailContext): DetailApi {
  return {
    moveScalarRow(delta) {
      const scalars = ctx.get().scalars;
      const count = scalarEntries(scalars.rows, ctx.get().ui.monitorFolded).length;
      const index = clampIndex(scalars.selectedIndex + delta, count);
      if (index !== scalars.selectedIndex) ctx.set((s) => ({ scalars: { ...s.scalars, selectedIndex: index } }));
    },
    moveChartMetric(delta) {
      const state = ctx.get();
      const metrics = chartMetrics(state);
      if (metrics.length === 0) return;
      const at = Math.max(0, metrics.indexOf(state.scalars.chartMetric ?? ''));
      const next = metrics[clampIndex(at + delta, metrics.length)] ?? null;
      if (next !== state.scalars.chartMetric) ctx.set((s) => ({ scalars: { ...s.scalars, chartMetric: next } }));
    },
    scrollPlots(delta) {
      const a = ctx.get().artifacts;
      const top = clampIndex(a.plotsTop + delta, a.plots.items.length + a.images.items.length);
      if (top !== a.plotsTop) ctx.set((s) => ({ artifacts: { ...s.artifacts, plotsTop: top } }));
    },
    scrollSummary(delta) {
      const a = ctx.get().artifacts;
      const top = clampIndex(a.summaryTop + delta, a.singleValues.items.length);
      if (top !== a.summaryTop) ctx.set((s) => ({ artifacts: { ...s.artifacts, summaryTop: top } }));
    },
    chartSelectedRow() {
      const state = ctx.get();
      const entry = scalarEntries(state.scalars.rows, state.ui.monitorFolded)[state.scalars.selectedIndex];
      if (entry === undefined) return 'none';
      if (entry.kind === 'monitor-group') return 'folded';
      const metric = entry.row.metric;
      ctx.set((s) => ({ scalars: { ...s.scalars, chartMetric: metric } }));
      return 'charted';
    },
  };
}

export function createDetailSlice(store: StoreContext): DetailSlice {
  const ctx = withBook(store, initialDetailBook(store));
  const follower = { selected: onTaskSelected, sync: syncDetail, tick: detailTick };
  const poller = followSelectedTask(ctx, 'detail', ['scalarsFor', 'artifactsFor'], follower);
  return {
    actions: { ...createDetailActions(ctx), ...createImageViewActions(ctx) },
    api: createDetailApi(ctx),
    poller,
  };
}
