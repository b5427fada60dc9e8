// Compare mode: tasks marked with `space` in the task list (`X` clears). With two or more
// marked, the scalars pane shows their last values side by side and the chart overlays the
// selected series across them. Data: tasks.get_all_ex (names, last_update, last_metrics) every
// interval, and events.multi_task_scalar_metrics_iter_histogram (samples ≈ chart columns) only
// when a marked task's last_update moved, or the marks, axis or sample count changed.
import type { CompareContext } from './book.js';
import {
  clampIndex,
  classifyFailure,
  DataShapeError,
  isObject,
  parseSeriesPoints,
  toEpochMs,
  toPaneError,
  type PaneError,
} from '../core/index.js';
import { fetchComparePlots, type ComparePlot } from './compare-plots.js';
import { dataWanted } from '../panes.js';
import { MAX_MARKED_TASKS } from '../tasks/index.js';
import { compareRows, type CompareRow, type LastValues } from '../../text/compare.js';
import type { SeriesRanges } from '../../text/compare-stats.js';
import { summaryOf, withExtremes, type SeriesSummary } from '../../text/series-truth.js';
import type { MonitorState, ScalarSeries } from '../types.js';
import type { XAxisMode } from '../ui/index.js';

/** events.multi_task_scalar_metrics_iter_histogram takes at most 100 tasks. */
export const MAX_COMPARED = Math.min(100, MAX_MARKED_TASKS);

export interface CompareState {
  /** The marked tasks the data below is for, in marking order. */
  taskIds: string[];
  names: Record<string, string>;
  rows: CompareRow[];
  /** Each task's min / max per series (from last_metrics). */
  ranges: SeriesRanges;
  selectedIndex: number;
  /** series[metric][variant][taskId]. */
  series: Record<string, Record<string, Record<string, ScalarSeries>>>;
  seriesAxis: XAxisMode;
  /** The newest plot of every metric/variant per task (fetched while the plots pane shows). */
  plots: ComparePlot[];
  /** First plot shown in the plots pane. */
  plotsTop: number;
  loading: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

export function emptyCompare(): CompareState {
  return {
    taskIds: [],
    names: {},
    rows: [],
    ranges: {},
    selectedIndex: 0,
    series: {},
    seriesAxis: 'iter',
    plots: [],
    plotsTop: 0,
    loading: false,
    error: null,
    fetchedAt: null,
  };
}

export function compareActive(state: MonitorState): boolean {
  return state.tasks.marked.length >= 2;
}

/** The marked tasks (at most MAX_COMPARED), the axis and the samples: a change refetches everything. */
export function compareKey(state: MonitorState): string {
  return `${state.tasks.marked.slice(0, MAX_COMPARED).join(',')}|${state.ui.xAxis}|${state.scalars.samples}`;
}

/** What the compare data was fetched for: its key and each task's last_update then. */
export interface CompareFetched {
  key: string;
  updates: Record<string, number | null>;
  /** The plots were fetched for this key and these updates too. */
  plots: boolean;
}

/**
 * Wakes the compare poller when what it shows is out of date: other marks, axis or samples,
 * or a listed marked task whose last_update moved (unlisted ones are checked by its own poll).
 */
export function syncCompare(ctx: CompareContext): void {
  const state = ctx.get();
  if (state.ui.view !== 'tasks' || !compareActive(state)) return;
  const fetched = ctx.book.compareFor;
  const moved = (id: string): boolean => {
    const row = state.tasks.byId[id];
    return row !== undefined && fetched !== null && row.lastUpdate !== (fetched.updates[id] ?? null);
  };
  const plotsMissing = dataWanted(state, 'compare-plots') && fetched?.plots !== true;
  if (fetched === null || fetched.key !== compareKey(state) || state.tasks.marked.some(moved) || plotsMissing)
    ctx.pollers.compare.wake();
}

interface TaskMetrics {
  names: Record<string, string>;
  last: Record<string, LastValues>;
  ranges: SeriesRanges;
  /** summaries[taskId][metric][variant]. */
  summaries: Record<string, Record<string, Record<string, SeriesSummary>>>;
  updates: Record<string, number | null>;
}

/** What last_metrics says of each series (count, extremes and their iterations), per metric and variant. */
function seriesSummaries(lastMetrics: unknown): Record<string, Record<string, SeriesSummary>> {
  const out: Record<string, Record<string, SeriesSummary>> = {};
  for (const variants of Object.values(isObject(lastMetrics) ? lastMetrics : {})) {
    for (const entry of Object.values(isObject(variants) ? variants : {})) {
      if (!isObject(entry) || typeof entry.metric !== 'string' || typeof entry.variant !== 'string') continue;
      (out[entry.metric] ??= {})[entry.variant] = summaryOf(entry);
    }
  }
  return out;
}

/** min_value / max_value per metric and variant, as real servers keep them in last_metrics. */
function seriesRanges(summaries: Record<string, Record<string, SeriesSummary>>): SeriesRanges[string] {
  const out: SeriesRanges[string] = {};
  for (const [metric, variants] of Object.entries(summaries))
    for (const [variant, { min, max }] of Object.entries(variants)) (out[metric] ??= {})[variant] = { min, max };
  return out;
}

/** Each task's series with its summary and, on an iteration axis, its true extremes put back. */
function withTrueExtremes(
  series: CompareState['series'],
  summaries: TaskMetrics['summaries'],
  xIsIter: boolean,
): CompareState['series'] {
  const out: CompareState['series'] = {};
  for (const [metric, variants] of Object.entries(series))
    for (const [variant, byTask] of Object.entries(variants))
      for (const [taskId, s] of Object.entries(byTask)) {
        const summary = summaries[taskId]?.[metric]?.[variant];
        ((out[metric] ??= {})[variant] ??= {})[taskId] = summary === undefined ? s : withExtremes(s, summary, xIsIter);
      }
  return out;
}

function lastValues(lastMetrics: unknown): LastValues {
  const values: LastValues = {};
  for (const variants of Object.values(isObject(lastMetrics) ? lastMetrics : {})) {
    for (const entry of Object.values(isObject(variants) ? variants : {})) {
      if (!isObject(entry) || typeof entry.metric !== 'string' || typeof entry.variant !== 'string') continue;
      if (typeof entry.value === 'number' && Number.isFinite(entry.value))
        (values[entry.metric] ??= {})[entry.variant] = entry.value;
    }
  }
  return values;
}

function parseTaskMetrics(data: unknown, endpoint: string): TaskMetrics {
  if (!isObject(data) || !Array.isArray(data.tasks))
    throw new DataShapeError(endpoint, 'the answer has no "tasks" list');
  const out: TaskMetrics = { names: {}, last: {}, ranges: {}, summaries: {}, updates: {} };
  for (const task of data.tasks) {
    if (!isObject(task) || typeof task.id !== 'string') continue;
    out.names[task.id] = typeof task.name === 'string' ? task.name : task.id;
    out.last[task.id] = lastValues(task.last_metrics);
    const summaries = seriesSummaries(task.last_metrics);
    out.summaries[task.id] = summaries;
    out.ranges[task.id] = seriesRanges(summaries);
    out.updates[task.id] = toEpochMs(task.last_update);
  }
  return out;
}

function parseMultiHistogram(data: unknown, endpoint: string, maxPoints: number): CompareState['series'] {
  if (!isObject(data) || !isObject(data.metrics)) throw new DataShapeError(endpoint, 'the answer has no "metrics"');
  const out: CompareState['series'] = {};
  for (const [metric, variants] of Object.entries(data.metrics)) {
    if (!isObject(variants)) continue;
    for (const [variant, tasks] of Object.entries(variants)) {
      if (!isObject(tasks)) continue;
      for (const [taskId, series] of Object.entries(tasks)) {
        const parsed = parseSeriesPoints(series, maxPoints);
        if (parsed) ((out[metric] ??= {})[variant] ??= {})[taskId] = parsed;
      }
    }
  }
  return out;
}

function rowKey(row: CompareRow | undefined): string | null {
  return row === undefined ? null : `${row.metric}\u0000${row.variant}`;
}

function sameUpdates(a: Record<string, number | null>, b: Record<string, number | null>, ids: string[]): boolean {
  return ids.every((id) => (a[id] ?? null) === (b[id] ?? null));
}

/**
 * One poll: the marked tasks' names, last_update and last values (one small request); their
 * series only when the key changed or a task moved since they were fetched.
 */
export async function compareTick(ctx: CompareContext, signal: AbortSignal): Promise<void> {
  const state = ctx.get();
  if (!compareActive(state)) return;
  const key = compareKey(state);
  const taskIds = state.tasks.marked.slice(0, MAX_COMPARED);
  const axis = state.ui.xAxis;
  const samples = state.scalars.samples;
  const fail = (err: unknown): void => {
    if (classifyFailure(err) !== 'pane') throw err;
    ctx.set((s) => ({ compare: { ...s.compare, loading: false, error: toPaneError(err, ctx.now()) } }));
  };
  let metrics: TaskMetrics;
  try {
    const answer = await ctx.client.tasks.getAllEx(
      { id: taskIds, only_fields: ['id', 'name', 'last_update', 'last_metrics'], search_hidden: true },
      { signal },
    );
    metrics = parseTaskMetrics(answer, 'tasks.get_all_ex');
  } catch (err) {
    return fail(err);
  }
  if (signal.aborted || compareKey(ctx.get()) !== key) return;
  const fetched = ctx.book.compareFor;
  let series: CompareState['series'] | null = null;
  let plots: ComparePlot[] | null = null;
  const stale = fetched === null || fetched.key !== key || !sameUpdates(fetched.updates, metrics.updates, taskIds);
  const wantPlots = dataWanted(ctx.get(), 'compare-plots') && (stale || fetched.plots !== true);
  if (stale || wantPlots) {
    if (fetched?.key !== key) ctx.set((s) => ({ compare: { ...s.compare, loading: true } }));
    try {
      const [histogram, plotItems] = await Promise.all([
        stale
          ? ctx.client.events.multiTaskScalarMetricsIterHistogram(
              { tasks: taskIds, samples, key: axis === 'iter' ? 'iter' : 'timestamp' },
              { signal },
            )
          : null,
        wantPlots ? fetchComparePlots(ctx, taskIds, signal) : null,
      ]);
      if (histogram !== null)
        series = withTrueExtremes(
          parseMultiHistogram(histogram, 'events.multi_task_scalar_metrics_iter_histogram', samples * 2),
          metrics.summaries,
          axis === 'iter',
        );
      plots = plotItems;
    } catch (err) {
      return fail(err);
    }
    if (signal.aborted || compareKey(ctx.get()) !== key) return;
    ctx.book.compareFor = { key, updates: metrics.updates, plots: wantPlots || (!stale && fetched.plots) };
  }
  ctx.set((s) => {
    const prev = s.compare;
    const rows = compareRows(taskIds, metrics.last);
    const selectedKey = rowKey(prev.rows[prev.selectedIndex]);
    const kept = rows.findIndex((r) => rowKey(r) === selectedKey);
    return {
      compare: {
        taskIds,
        names: metrics.names,
        rows,
        ranges: metrics.ranges,
        selectedIndex: kept >= 0 ? kept : clampIndex(prev.selectedIndex, rows.length),
        series: series ?? prev.series,
        seriesAxis: series ? axis : prev.seriesAxis,
        plots: plots ?? prev.plots,
        plotsTop: clampIndex(prev.plotsTop, (plots ?? prev.plots).length),
        loading: false,
        error: null,
        fetchedAt: ctx.now(),
      },
    };
  });
}

/** Marks changed: fewer than two end compare mode (its requests and data go); else it syncs. */
export function onMarksChanged(ctx: CompareContext): void {
  if (compareActive(ctx.get())) return syncCompare(ctx);
  if (ctx.get().compare.taskIds.length === 0 && ctx.book.compareFor === null) return;
  ctx.pollers.compare.cancel();
  ctx.book.compareFor = null;
  ctx.set({ compare: emptyCompare() });
}
