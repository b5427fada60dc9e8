// The selected task's detail: scalars (+ histogram samples), plots, debug images and single
// values. Fetched when the selection changes, when the task's last_update/last_iteration
// moved in the list, or on refresh; never on a poll that changed nothing.
import { createChartViewActions, histogramKey, nextXAxis, type ChartViewActions } from './chart-view.js';
import type { DetailContext } from './book.js';
import {
  clampIndex,
  parseDebugImages,
  parseHistogram,
  parsePlots,
  parseSingleValues,
  parseTaskMetricNames,
  triageFailure,
  type Outcome,
  type PaneError,
} from '../core/index.js';
import { dataWanted } from '../panes.js';
import { selectedFingerprint } from '../tasks/index.js';
import { setDisplay } from '../ui/index.js';
import {
  emptyArtifacts,
  emptyScalars,
  MAX_HISTOGRAM_SAMPLES,
  MIN_HISTOGRAM_SAMPLES,
  type SectionState,
} from './detail-state.js';
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
 * The selection moved to another task: clear this slice's panes (so nothing of the previous
 * task shows under the new one), abort its requests and fetch after a short pause.
 */
export function onTaskSelected(ctx: DetailContext, id: string | null, pauseMs: number): void {
  if (ctx.get().scalars.taskId === id) return;
  const book = ctx.book;
  book.scalarsFor = null;
  book.artifactsFor = null;
  book.imagesScroll = null;
  ctx.pollers.detail.cancel();
  ctx.set((s) => ({
    // The chart's metric carries over: the first answer keeps it when the new task has it.
    scalars: { ...emptyScalars(id, s.ui.xAxis, s.scalars.samples), chartMetric: s.scalars.chartMetric },
    artifacts: emptyArtifacts(id),
  }));
  book.selectionTimer.restart(pauseMs, () => syncDetail(ctx));
}

/** Wakes the detail poller when what the shown panes hold is out of date. */
export function syncDetail(ctx: DetailContext): void {
  const state = ctx.get();
  const book = ctx.book;
  if (state.ui.view !== 'tasks' || book.selectionTimer.pending) return;
  const fp = selectedFingerprint(state);
  if (fp === null || state.scalars.taskId !== state.tasks.selectedId) return;
  if (book.scalarsFor !== fp || (dataWanted(state, 'artifacts') && book.artifactsFor !== fp)) ctx.pollers.detail.wake();
}

/** Fetches one part of the selected task's detail (`fp`: its fingerprint when asked). */
type DetailFetch = (
  ctx: DetailContext,
  taskId: string,
  fp: string,
  signal: AbortSignal,
  outcome: Outcome,
) => Promise<void>;

export async function detailTick(ctx: DetailContext, signal: AbortSignal): Promise<void> {
  const state = ctx.get();
  const taskId = state.tasks.selectedId;
  const fp = selectedFingerprint(state);
  if (taskId === null || fp === null || state.scalars.taskId !== taskId) return;
  const outcome: Outcome = { connectionError: undefined };
  const jobs: Promise<void>[] = [];
  if (ctx.book.scalarsFor !== fp) jobs.push(fetchScalars(ctx, taskId, fp, signal, outcome));
  if (dataWanted(state, 'artifacts') && ctx.book.artifactsFor !== fp)
    jobs.push(fetchArtifacts(ctx, taskId, fp, signal, outcome));
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
      triageFailure(err, outcome, onError, now);
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
  ctx: DetailContext,
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
      triageFailure(err, outcome, (e) => (paneError = e), ctx.now());
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
async function fetchDebugImages(ctx: DetailContext, taskId: string, signal: AbortSignal) {
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

export function createDetailActions(ctx: DetailContext): DetailActions {
  return {
    ...createChartViewActions(ctx),
    cycleXAxis() {
      const next = nextXAxis(ctx.get().ui.xAxis);
      const { seriesAxis } = ctx.get().scalars;
      // Wall time and time since start draw the same timestamp-keyed series: nothing to fetch.
      const same = histogramKey(seriesAxis) === histogramKey(next) && !ctx.get().scalars.loading;
      setDisplay(ctx, { xAxis: next });
      if (same) ctx.set((s) => ({ scalars: { ...s.scalars, seriesAxis: next } }));
      else ctx.book.scalarsFor = null;
      ctx.events.emit('sync', { view: ctx.get().ui.view });
    },
    setChartColumns(columns) {
      const samples = Math.min(MAX_HISTOGRAM_SAMPLES, Math.max(MIN_HISTOGRAM_SAMPLES, Math.round(columns)));
      if (!Number.isFinite(samples) || samples === ctx.get().scalars.samples) return;
      ctx.set((s) => ({ scalars: { ...s.scalars, samples } }));
      ctx.book.scalarsFor = null;
      ctx.events.emit('sync', { view: ctx.get().ui.view });
    },
  };
}
