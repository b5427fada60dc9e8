// The selected task's detail: scalars (+ histogram samples), plots, debug images and single
// values. Fetched when the selection changes, when the task's last_update/last_iteration
// moved in the list, or on refresh; never on a poll that changed nothing.
import { restartTimer } from '../core/book-timers.js';
import { createChartViewActions, histogramKey, nextXAxis, type ChartViewActions } from './chart-view.js';
import type { StoreContext } from '../context.js';
import { classifyFailure, toPaneError, type PaneError } from '../core/errors.js';
import { newLogWindow, requestLogOp } from '../logs/fetch.js';
import { emptyLogs } from '../logs/logs.js';
import { artifactsWanted, logsWanted, runInfoWanted, selectedFingerprint } from './selected-task.js';
import { noteSelectedTask } from './fresh-probe.js';
import {
  emptyArtifacts,
  emptyScalars,
  MAX_HISTOGRAM_SAMPLES,
  MIN_HISTOGRAM_SAMPLES,
  type SectionState,
} from './detail-state.js';
import { syncCompare } from '../compare/compare.js';
import { emptyRunInfo, fetchRunInfo, selectedRunInfoFingerprint } from '../run-info/run-info.js';
import { fetchParamCompare, paramsFingerprint } from '../run-info/param-compare.js';
import { clampIndex } from '../core/lists.js';
import {
  parseDebugImages,
  parseHistogram,
  parsePlots,
  parseSingleValues,
  parseTaskMetricNames,
} from '../core/parse.js';
import {
  entryKey,
  parseLastMetrics,
  parseMetricsAndVariants,
  scalarEntries,
  scalarRows,
  withTrueExtremes,
  type ScalarRow,
} from './scalar-rows.js';

export type { ScalarRow } from './scalar-rows.js';

export * from './detail-state.js';

/** Iterations of debug images fetched (newest first). */
export const DEBUG_IMAGE_ITERS = 3;

/**
 * The selection moved to another task: clear the detail slices (so nothing of the previous
 * task shows under the new one), abort its requests and fetch after a short pause.
 */
export function onTaskSelectionChanged(ctx: StoreContext): void {
  const state = ctx.get();
  const id = state.tasks.selectedId;
  if (state.scalars.taskId === id) return;
  const book = ctx.book;
  book.scalarsFor = null;
  book.artifactsFor = null;
  book.logsFor = null;
  book.runInfoFor = null;
  book.paramsFor = null;
  book.imagesScroll = null;
  book.logOp = null;
  book.logWindow = newLogWindow(book.logColor);
  ctx.pollers.detail.cancel();
  ctx.pollers.logs.cancel();
  ctx.set((s) => ({
    // The chart's metric carries over: the first answer keeps it when the new task has it.
    scalars: { ...emptyScalars(id, s.ui.xAxis, s.scalars.samples), chartMetric: s.scalars.chartMetric },
    logs: emptyLogs(id),
    artifacts: emptyArtifacts(id),
    runinfo: emptyRunInfo(id),
  }));
  restartTimer(ctx, 'selectionTimer', ctx.selectionDebounceMs, () => syncDetail(ctx));
}

/** Wakes the detail and logs pollers when what they show is out of date. */
export function syncDetail(ctx: StoreContext): void {
  syncCompare(ctx);
  const state = ctx.get();
  const book = ctx.book;
  if (state.ui.view !== 'tasks' || book.selectionTimer !== null) return;
  const fp = selectedFingerprint(state);
  if (fp === null || state.scalars.taskId !== state.tasks.selectedId) return;
  noteSelectedTask(ctx);
  const infoStale =
    runInfoWanted(state) &&
    (book.runInfoFor !== selectedRunInfoFingerprint(state) || book.paramsFor !== paramsFingerprint(state));
  if (book.scalarsFor !== fp || (artifactsWanted(state) && book.artifactsFor !== fp) || infoStale)
    ctx.pollers.detail.wake();
  if (!logsWanted(state)) return;
  if (book.logsFor === null) {
    if (state.logs.lines.length === 0 && state.logs.fetchedAt === null) requestLogOp(ctx, { kind: 'newest' });
  } else if (book.logsFor !== fp) {
    if (state.logs.follow && state.logs.atEnd) requestLogOp(ctx, { kind: 'newer' });
    else if (state.logs.atEnd) {
      ctx.set((s) => ({ logs: { ...s.logs, atEnd: false } }));
      // Follow off: still fetch what is new when the view is near the end (fetch.ts decides),
      // so the pane can say how many lines arrived below.
      requestLogOp(ctx, { kind: 'newer' });
    }
  }
}

/** Fetches one part of the selected task's detail (`fp`: its fingerprint when asked). */
type DetailFetch = (
  ctx: StoreContext,
  taskId: string,
  fp: string,
  signal: AbortSignal,
  outcome: Outcome,
) => Promise<void>;

interface Outcome {
  connectionError: unknown;
}

/** Sorts failures: connection/auth ones are returned (the poller backs off), others go into the pane. */
function triage(err: unknown, outcome: Outcome, onPaneError: (e: PaneError) => void, now: number): void {
  const cls = classifyFailure(err);
  if (cls === 'abort') return;
  if (cls === 'connection' || cls === 'auth') {
    outcome.connectionError ??= err;
    return;
  }
  onPaneError(toPaneError(err, now));
}

export async function detailTick(ctx: StoreContext, signal: AbortSignal): Promise<void> {
  const state = ctx.get();
  const taskId = state.tasks.selectedId;
  const fp = selectedFingerprint(state);
  if (taskId === null || fp === null || state.scalars.taskId !== taskId) return;
  const outcome: Outcome = { connectionError: undefined };
  const jobs: Promise<void>[] = [];
  if (ctx.book.scalarsFor !== fp) jobs.push(fetchScalars(ctx, taskId, fp, signal, outcome));
  if (artifactsWanted(state) && ctx.book.artifactsFor !== fp)
    jobs.push(fetchArtifacts(ctx, taskId, fp, signal, outcome));
  const infoFp = selectedRunInfoFingerprint(state);
  if (runInfoWanted(state) && infoFp !== null && ctx.book.runInfoFor !== infoFp)
    jobs.push(fetchRunInfo(ctx, taskId, infoFp, signal, outcome));
  const paramsFp = paramsFingerprint(state);
  if (runInfoWanted(state) && ctx.book.paramsFor !== paramsFp) {
    if (paramsFp === null) {
      ctx.book.paramsFor = null;
      if (state.runinfo.compare !== null) ctx.set((s) => ({ runinfo: { ...s.runinfo, compare: null } }));
    } else jobs.push(fetchParamCompare(ctx, paramsFp, signal, outcome));
  }
  await Promise.all(jobs);
  if (outcome.connectionError !== undefined) throw outcome.connectionError;
}

const fetchScalars: DetailFetch = async (ctx, taskId, fp, signal, outcome) => {
  const { samples } = ctx.get().scalars;
  const axis = ctx.get().ui.xAxis;
  const [listed, lastMetrics, histogram] = await Promise.allSettled([
    ctx.client.events.getScalarMetricsAndVariants({ task: taskId }, { signal }),
    ctx.client.tasks.getAllEx({ id: [taskId], only_fields: ['id', 'last_metrics'], search_hidden: true }, { signal }),
    ctx.client.events.scalarMetricsIterHistogram({ task: taskId, samples, key: histogramKey(axis) }, { signal }),
  ]);
  if (signal.aborted) return;
  const now = ctx.now();
  let error: PaneError | null = null;
  const onError = (e: PaneError) => {
    error ??= e;
  };
  const read = <T>(answer: PromiseSettledResult<unknown>, parse: (data: unknown) => T): T | null => {
    try {
      if (answer.status === 'rejected') throw answer.reason;
      return parse(answer.value);
    } catch (err) {
      triage(err, outcome, onError, now);
      return null;
    }
  };
  const list = read(listed, (d) => parseMetricsAndVariants(d, 'events.get_scalar_metrics_and_variants'));
  const last = read(lastMetrics, (d) => parseLastMetrics(d, 'tasks.get_all_ex', taskId));
  const sampled = read(histogram, (d) => parseHistogram(d, 'events.scalar_metrics_iter_histogram', samples * 2));
  // Bucket means hide spikes: last_metrics' extremes are put back (src/text/series-truth.ts).
  const series = sampled && withTrueExtremes(sampled, last?.summaries, histogramKey(axis) === 'iter');
  const rows: ScalarRow[] | null = list || last || series ? scalarRows(list, last?.rows ?? null, series) : null;
  if (ctx.get().scalars.taskId !== taskId) return;
  // Not done when the x-axis changed meanwhile: the next tick fetches for the new one.
  if (outcome.connectionError === undefined && histogramKey(ctx.get().ui.xAxis) === histogramKey(axis))
    ctx.book.scalarsFor = fp;
  ctx.set((s) => {
    const prev = s.scalars;
    const nextRows = rows ?? prev.rows;
    const folded = s.ui.monitorFolded;
    const selectedKey = entryKey(scalarEntries(prev.rows, folded)[prev.selectedIndex]);
    const nextEntries = scalarEntries(nextRows, folded);
    const kept = nextEntries.findIndex((e) => entryKey(e) === selectedKey);
    const metrics = new Set(nextRows.map((r) => r.metric));
    for (const m of Object.keys(series ?? prev.series)) metrics.add(m);
    // Default to the first metric that has samples to draw (single values, e.g. "Summary", have none).
    const drawable = series ?? prev.series;
    const firstDrawn = nextRows.find((r) => drawable[r.metric] !== undefined)?.metric ?? Object.keys(drawable)[0];
    const chartMetric =
      prev.chartMetric !== null && metrics.has(prev.chartMetric)
        ? prev.chartMetric
        : (firstDrawn ?? nextRows[0]?.metric ?? [...metrics][0] ?? null);
    return {
      scalars: {
        ...prev,
        rows: nextRows,
        selectedIndex: kept >= 0 ? kept : clampIndex(prev.selectedIndex, nextEntries.length),
        chartMetric,
        series: series ?? prev.series,
        seriesAxis: series ? (histogramKey(s.ui.xAxis) === histogramKey(axis) ? s.ui.xAxis : axis) : prev.seriesAxis,
        loading: false,
        error: error ?? (outcome.connectionError === undefined ? null : prev.error),
        fetchedAt: rows || series ? now : prev.fetchedAt,
      },
    };
  });
};

type Section = 'plots' | 'images' | 'singleValues';

function writeSection<T>(
  ctx: StoreContext,
  taskId: string,
  section: Section,
  items: T[] | null,
  error: PaneError | null,
): void {
  ctx.set((s) => {
    if (s.artifacts.taskId !== taskId) return {};
    const prev = s.artifacts[section] as SectionState<unknown>;
    const next: SectionState<unknown> = {
      items: items ?? prev.items,
      loading: false,
      error: items ? null : (error ?? prev.error),
    };
    return { artifacts: { ...s.artifacts, [section]: next } };
  });
}

const fetchArtifacts: DetailFetch = async (ctx, taskId, fp, signal, outcome) => {
  const run = async <T>(section: Section, load: () => Promise<T[]>): Promise<void> => {
    try {
      const items = await load();
      if (!signal.aborted) writeSection(ctx, taskId, section, items, null);
    } catch (err) {
      if (signal.aborted) return;
      let paneError: PaneError | null = null;
      triage(err, outcome, (e) => (paneError = e), ctx.now());
      writeSection(ctx, taskId, section, null, paneError);
    }
  };
  await Promise.all([
    run('plots', async () =>
      parsePlots(await ctx.client.events.getTaskPlots({ task: taskId, iters: 1 }, { signal }), 'events.get_task_plots'),
    ),
    run('images', () => fetchDebugImages(ctx, taskId, signal)),
    run('singleValues', async () =>
      parseSingleValues(
        await ctx.client.events.getTaskSingleValueMetrics({ tasks: [taskId] }, { signal }),
        'events.get_task_single_value_metrics',
        taskId,
      ),
    ),
  ]);
  // Done (with data or with errors shown in the sections) unless the connection failed.
  if (!signal.aborted && outcome.connectionError === undefined && ctx.get().artifacts.taskId === taskId) {
    ctx.book.artifactsFor = fp;
    ctx.set((s) => ({ artifacts: { ...s.artifacts, fetchedAt: ctx.now() } }));
  }
};

/** Debug image metrics first (most tasks have none: then no iterator is created on the server). */
async function fetchDebugImages(ctx: StoreContext, taskId: string, signal: AbortSignal) {
  const names = parseTaskMetricNames(
    await ctx.client.events.getTaskMetrics({ tasks: [taskId], event_type: 'training_debug_image' }, { signal }),
    'events.get_task_metrics',
    taskId,
  );
  if (names.length === 0) return [];
  const previous = ctx.book.imagesScroll?.taskId === taskId ? ctx.book.imagesScroll.scrollId : undefined;
  const answer = await ctx.client.events.debugImages(
    {
      metrics: names.map((metric) => ({ task: taskId, metric })),
      iters: DEBUG_IMAGE_ITERS,
      ...(previous === undefined ? {} : { scroll_id: previous, refresh: true }),
    },
    { signal },
  );
  const scrollId = (answer as { scroll_id?: unknown }).scroll_id;
  if (typeof scrollId === 'string' && scrollId !== '') ctx.book.imagesScroll = { taskId, scrollId };
  return parseDebugImages(answer, 'events.debug_images');
}

export interface DetailActions extends ChartViewActions {
  /** x: iteration, then wall-clock time, then time since the run's start. */
  cycleXAxis(): void;
  /** Histogram samples to request (≈ columns the chart/sparklines draw). */
  setChartColumns(columns: number): void;
}

export function createDetailActions(ctx: StoreContext): DetailActions {
  return {
    ...createChartViewActions(ctx),
    cycleXAxis() {
      const next = nextXAxis(ctx.get().ui.xAxis);
      const { seriesAxis } = ctx.get().scalars;
      // Wall time and time since start draw the same timestamp-keyed series: nothing to fetch.
      const same = histogramKey(seriesAxis) === histogramKey(next) && !ctx.get().scalars.loading;
      ctx.set((s) => ({
        ui: { ...s.ui, xAxis: next },
        ...(same ? { scalars: { ...s.scalars, seriesAxis: next } } : {}),
      }));
      if (same) return syncCompare(ctx);
      ctx.book.scalarsFor = null;
      syncDetail(ctx);
    },
    setChartColumns(columns) {
      const samples = Math.min(MAX_HISTOGRAM_SAMPLES, Math.max(MIN_HISTOGRAM_SAMPLES, Math.round(columns)));
      if (!Number.isFinite(samples) || samples === ctx.get().scalars.samples) return;
      ctx.set((s) => ({ scalars: { ...s.scalars, samples } }));
      ctx.book.scalarsFor = null;
      syncDetail(ctx);
    },
  };
}
