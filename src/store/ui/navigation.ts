// Moving around: the focused pane decides what j/k, g/G, paging and Enter do.
import type { StoreContext } from '../context.js';
import { maybeLoadMore } from '../core/list-paging.js';
import { clampIndex } from '../core/lists.js';
import { syncWidgets } from '../reports/widgets.js';
import { syncDetail } from '../detail/task-detail.js';
import { logRows } from '../logs/fetch.js';
import { paneSpec, panesOf, type PaneName, type ReportsPane, type TasksPane, type ViewName } from '../panes.js';
import { moveRunInfoCursor } from '../run-info/run-info.js';
import { compareActive, moveCompareCursor, scrollComparePlots } from '../compare/compare.js';
import { jumpToEnd, jumpToStart, scrollLog } from '../logs/logs.js';
import { moveLogCursor } from '../logs/cursor.js';
import type { MonitorState } from '../types.js';
import { scalarEntries } from '../detail/scalar-rows.js';
import { compareSeries } from '../../text/series-names.js';

export function focusedPane(state: MonitorState): PaneName {
  return state.ui.view === 'tasks' ? state.ui.focus.tasks : state.ui.focus.reports;
}

/** Rows one page moves in a pane: its visible rows less one line of overlap. */
export function pageRows(state: MonitorState, pane: PaneName): number {
  const rows =
    pane === 'logs' ? logRows(state) : state.ui.paneRows[pane] > 0 ? state.ui.paneRows[pane] : state.ui.rows - 6;
  return Math.max(1, rows - 1);
}

function chartMetrics(state: MonitorState): string[] {
  const metrics = new Set(state.scalars.rows.map((r) => r.metric));
  for (const m of Object.keys(state.scalars.series)) metrics.add(m);
  return [...metrics]
    .map((metric) => ({ metric, variant: '' }))
    .sort(compareSeries)
    .map((s) => s.metric);
}

function reportBodyLines(state: MonitorState): number {
  const id = state.reports.selectedId;
  const row = id === null ? undefined : state.reports.byId[id];
  return row === undefined ? 0 : row.body.split('\n').length;
}

/**
 * The last scroll offset of the details pane: its last rendered line at the bottom. The UI
 * reports the rendered (wrapped) line count; before it has, the body's source lines stand in.
 */
export function detailsMaxTop(state: MonitorState): number {
  const lines = state.reports.detailsLines > 0 ? state.reports.detailsLines : reportBodyLines(state);
  const rows = state.ui.paneRows.details;
  return Math.max(0, lines - Math.max(1, rows));
}

/** Selects the task at `index` of the loaded list (clamped). */
export function moveTask(ctx: StoreContext, index: number): void {
  const t = ctx.get().tasks;
  const next = clampIndex(index, t.ids.length);
  const id = t.ids[next] ?? null;
  if (next === t.selectedIndex && id === t.selectedId) return;
  // The detail panes follow the new id (create-monitor-store.ts, followSelections).
  ctx.set((s) => ({ tasks: { ...s.tasks, selectedIndex: next, selectedId: id } }));
  maybeLoadMore(ctx, 'tasks');
}

function moveReport(ctx: StoreContext, index: number): void {
  const r = ctx.get().reports;
  const next = clampIndex(index, r.ids.length);
  const id = r.ids[next] ?? null;
  if (next === r.selectedIndex && id === r.selectedId) return;
  ctx.set((s) => ({ reports: { ...s.reports, selectedIndex: next, selectedId: id, detailsTop: 0 } }));
  maybeLoadMore(ctx, 'reports');
}

function moveScalarRow(ctx: StoreContext, delta: number): void {
  const scalars = ctx.get().scalars;
  const count = scalarEntries(scalars.rows, ctx.get().ui.monitorFolded).length;
  const index = clampIndex(scalars.selectedIndex + delta, count);
  if (index !== scalars.selectedIndex) ctx.set((s) => ({ scalars: { ...s.scalars, selectedIndex: index } }));
}

function moveChartMetric(ctx: StoreContext, delta: number): void {
  const state = ctx.get();
  const metrics = chartMetrics(state);
  if (metrics.length === 0) return;
  const at = Math.max(0, metrics.indexOf(state.scalars.chartMetric ?? ''));
  const next = metrics[clampIndex(at + delta, metrics.length)] ?? null;
  if (next !== state.scalars.chartMetric) ctx.set((s) => ({ scalars: { ...s.scalars, chartMetric: next } }));
}

type Mover = (ctx: StoreContext, state: MonitorState, delta: number) => void;

/** What j/k (and paging, g/G) move in each pane: a list's cursor, or a text pane's scroll. */
const MOVERS: Record<PaneName, Mover> = {
  tasks: (ctx, state, delta) => moveTask(ctx, state.tasks.selectedIndex + delta),
  reports: (ctx, state, delta) => moveReport(ctx, state.reports.selectedIndex + delta),
  scalars: (ctx, state, delta) => (compareActive(state) ? moveCompareCursor(ctx, delta) : moveScalarRow(ctx, delta)),
  chart: (ctx, state, delta) => (compareActive(state) ? moveCompareCursor(ctx, delta) : moveChartMetric(ctx, delta)),
  logs: (ctx, _state, delta) => moveLogCursor(ctx, delta),
  plots: (ctx, state, delta) => {
    if (compareActive(state)) return scrollComparePlots(ctx, delta);
    const count = state.artifacts.plots.items.length + state.artifacts.images.items.length;
    const top = clampIndex(state.artifacts.plotsTop + delta, count);
    if (top !== state.artifacts.plotsTop) ctx.set((s) => ({ artifacts: { ...s.artifacts, plotsTop: top } }));
  },
  summary: (ctx, state, delta) => {
    const top = clampIndex(state.artifacts.summaryTop + delta, state.artifacts.singleValues.items.length);
    if (top !== state.artifacts.summaryTop) ctx.set((s) => ({ artifacts: { ...s.artifacts, summaryTop: top } }));
  },
  runinfo: (ctx, _state, delta) => moveRunInfoCursor(ctx, delta),
  details: (ctx, state, delta) => {
    const top = Math.min(Math.max(0, state.reports.detailsTop + delta), detailsMaxTop(state));
    if (top !== state.reports.detailsTop) ctx.set((s) => ({ reports: { ...s.reports, detailsTop: top } }));
  },
};

/** Moves the focused pane's cursor to `index` (lists) or scrolls by `delta` (text panes). */
function moveBy(ctx: StoreContext, delta: number): void {
  const state = ctx.get();
  MOVERS[focusedPane(state)](ctx, state, delta);
}

export function moveSelection(ctx: StoreContext, delta: number): void {
  if (delta !== 0) moveBy(ctx, Math.trunc(delta));
}

export function page(ctx: StoreContext, direction: 1 | -1): void {
  const state = ctx.get();
  const rows = direction * pageRows(state, focusedPane(state));
  // A page in the logs scrolls the view (the cursor stays on its row); j/k move the cursor.
  if (focusedPane(state) === 'logs') scrollLog(ctx, rows);
  else moveBy(ctx, rows);
}

/** A move large enough to reach either end of any pane. */
const FAR = Number.MAX_SAFE_INTEGER / 2;

export function toTop(ctx: StoreContext): void {
  if (focusedPane(ctx.get()) === 'logs') jumpToStart(ctx);
  else moveBy(ctx, -FAR);
}

export function toBottom(ctx: StoreContext): void {
  if (focusedPane(ctx.get()) === 'logs') jumpToEnd(ctx);
  else moveBy(ctx, FAR);
}

export function focusPane(ctx: StoreContext, pane: PaneName): void {
  const state = ctx.get();
  const view = paneSpec(pane).view;
  const current = view === 'tasks' ? state.ui.focus.tasks : state.ui.focus.reports;
  if (view === state.ui.view && current === pane) return;
  ctx.set((s) => ({
    ui: {
      ...s.ui,
      view,
      focus:
        view === 'tasks'
          ? { ...s.ui.focus, tasks: pane as TasksPane }
          : { ...s.ui.focus, reports: pane as ReportsPane },
    },
  }));
  afterViewOrFocusChange(ctx, state.ui.view);
}

export function focusStep(ctx: StoreContext, step: 1 | -1): void {
  const state = ctx.get();
  const panes = panesOf(state.ui.view);
  const at = panes.indexOf(focusedPane(state));
  const next = panes[(at + step + panes.length) % panes.length];
  if (next !== undefined) focusPane(ctx, next);
}

export function setView(ctx: StoreContext, view: MonitorState['ui']['view']): void {
  const previous = ctx.get().ui.view;
  if (previous === view) return;
  ctx.set((s) => ({ ui: { ...s.ui, view, prompt: null } }));
  afterViewOrFocusChange(ctx, previous);
}

/** A shown view polls its list at once; newly shown detail panes fetch what they lack. */
export function afterViewOrFocusChange(ctx: StoreContext, previousView: MonitorState['ui']['view']): void {
  const state = ctx.get();
  if (state.ui.view !== previousView) {
    if (state.ui.view === 'tasks') ctx.pollers.tasks.wake();
    else ctx.pollers.reports.wake();
  }
  // Cheap when nothing is missing: it only wakes pollers whose pane is out of date.
  if (state.ui.view === 'tasks') syncDetail(ctx);
  else syncWidgets(ctx);
}

export function openSelected(ctx: StoreContext): void {
  const state = ctx.get();
  switch (focusedPane(state)) {
    case 'tasks':
      if (state.tasks.selectedId !== null) focusPane(ctx, 'scalars');
      return;
    case 'scalars': {
      if (compareActive(state)) return focusPane(ctx, 'chart');
      const entry = scalarEntries(state.scalars.rows, state.ui.monitorFolded)[state.scalars.selectedIndex];
      if (entry === undefined) return;
      if (entry.kind === 'monitor-group') return state.actions.toggleMonitorFold();
      const metric = entry.row.metric;
      ctx.set((s) => ({ scalars: { ...s.scalars, chartMetric: metric } }));
      focusPane(ctx, 'chart');
      return;
    }
    case 'reports':
      if (state.reports.selectedId !== null) focusPane(ctx, 'details');
      return;
    default:
      return;
  }
}

export interface NavigationActions {
  setView(view: ViewName): void;
  focusPane(pane: PaneName): void;
  focusNext(): void;
  focusPrev(): void;

  /** In the focused pane: list selection, scalar row, or log/details/plots scroll. */
  moveSelection(delta: number): void;
  toTop(): void;
  toBottom(): void;
  /** One page (the pane's visible rows) down (+1) or up (-1). */
  page(direction: 1 | -1): void;
  /** Enter: task → focus scalars; metric → chart; report → details. */
  openSelected(): void;
  /** The details pane's rendered line count (wrapped body, widgets), so scrolling reaches the end. */
  setDetailsLineCount(lines: number): void;
}

export function createNavigationActions(ctx: StoreContext): NavigationActions {
  return {
    setView: (view) => setView(ctx, view),
    focusPane: (pane) => focusPane(ctx, pane),
    focusNext: () => focusStep(ctx, 1),
    focusPrev: () => focusStep(ctx, -1),
    moveSelection: (delta) => moveSelection(ctx, delta),
    toTop: () => toTop(ctx),
    toBottom: () => toBottom(ctx),
    page: (direction) => page(ctx, direction),
    openSelected: () => openSelected(ctx),
    setDetailsLineCount(lines) {
      const count = Math.max(0, Math.floor(lines));
      const r = ctx.get().reports;
      if (r.detailsLines === count) return;
      ctx.set((s) => ({ reports: { ...s.reports, detailsLines: count } }));
      // A report that got shorter (or a wider pane) keeps its last line at the bottom.
      const top = Math.min(r.detailsTop, detailsMaxTop(ctx.get()));
      if (top !== r.detailsTop) ctx.set((s) => ({ reports: { ...s.reports, detailsTop: top } }));
    },
  };
}
