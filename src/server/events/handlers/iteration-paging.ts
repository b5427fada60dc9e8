// events.debug_images and events.plots (docs/wire-facts.md §6.6): pages of whole iterations, newest
// first, moving older or newer from the last page, with a server-side state that pins the
// metrics (and, for images, the URL-recycling cut-off of each variant) it was built with.
import type {
  DebugImageEvent,
  IterationEvents,
  IterationPagingRequest,
  PlotEvent,
  TaskIterations,
} from '../../../wire/events.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { handler } from '../../handlers/handler.js';
import { requestShape, v, type Validated } from '../../http/validate.js';
import { IMAGE, iterParam, NO_ITER, PLOT } from '../storage/event-types.js';
import { type DocRow, DOC_COLUMNS } from '../storage/event-sources.js';
import { compareNames, type MetricVariantsFilter } from './metrics-filter.js';
import { metricLastUpdate } from '../storage/owner-updates.js';
import { readableOwners, type Owner } from '../storage/owners.js';
import { loadState, saveState, type StateKind } from '../storage/scroll-states.js';
import { companyHasEvents, seriesOfType, type SeriesRow } from '../storage/series.js';
import { clampIters } from '../storage/limits.js';
import { docEventDoc } from '../storage/stored-event.js';
import { pluckStmt } from '../storage/prepared.js';

type PagedType = typeof IMAGE | typeof PLOT;
type PagedEvent = DebugImageEvent | PlotEvent;

/** Which metrics (and variants) of one task a request asks for. */
interface TaskSpec {
  allMetrics: boolean;
  /** metric → variants asked for (undefined: every variant). */
  metrics: Map<string, string[] | undefined>;
}

interface PinnedMetric {
  lastUpdate: number;
  /** Images: variant → iterations at or below this are hidden (URL recycling). */
  hidden: Record<string, number>;
}

interface TaskState {
  metrics: Record<string, PinnedMetric>;
  /** Oldest and newest iteration of the last page; null before the first page. */
  lastMin: number | null;
  lastMax: number | null;
}

interface PagingState {
  tasks: Record<string, TaskState>;
}

const MAX_ITER_PARAM = 2n ** 63n - 1n;

/**
 * Images: the url at the highest iteration; if it was also reported earlier, iterations up
 * to that earlier report are stale copies and hidden. Undefined when nothing is hidden.
 */
function recycledUpTo(db: Db, series: number): number | undefined {
  const top = stmt(
    db,
    'SELECT iter, url FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter > ? ORDER BY iter DESC, url DESC LIMIT 1',
  ).get(series, iterParam(NO_ITER)) as { iter: number; url: string } | undefined;
  if (!top) return undefined;
  const earlier = pluckStmt(
    db,
    'SELECT max(iter) FROM doc_events WHERE series = ? AND url = ? AND iter < ? AND iter > ?',
  ).get(series, top.url, top.iter, iterParam(NO_ITER)) as number | null;
  return earlier ?? undefined;
}

function pinMetric(db: Db, owner: Owner, type: PagedType, metric: string, series: readonly SeriesRow[]): PinnedMetric {
  const hidden: Record<string, number> = {};
  if (type === IMAGE) {
    for (const s of series) {
      if (s.metric !== metric) continue;
      const cut = recycledUpTo(db, s.id);
      if (cut !== undefined) hidden[s.variant] = cut;
    }
  }
  return { lastUpdate: metricLastUpdate(owner.metric_stats, metric, type), hidden };
}

/** Pins the metrics found now (all of them, or those the spec names); refresh re-reads changed ones. */
function buildTaskState(
  db: Db,
  owner: Owner,
  type: PagedType,
  spec: TaskSpec,
  previous: TaskState | undefined,
): TaskState {
  const series = seriesOfType(db, owner.id, type);
  const metrics: Record<string, PinnedMetric> = {};
  const names = new Set(series.map((s) => s.metric));
  for (const metric of [...names].sort(compareNames)) {
    if (!spec.allMetrics && !spec.metrics.has(metric)) continue;
    const kept = previous?.metrics[metric];
    metrics[metric] =
      kept && kept.lastUpdate === metricLastUpdate(owner.metric_stats, metric, type)
        ? kept
        : pinMetric(db, owner, type, metric, series);
  }
  return { metrics, lastMin: null, lastMax: null };
}

interface VisibleSeries {
  series: SeriesRow;
  /** Iterations must be above this (NO_ITER, or the recycling cut-off). */
  above: number;
}

function visibleSeries(db: Db, owner: string, type: PagedType, spec: TaskSpec, state: TaskState): VisibleSeries[] {
  const out: VisibleSeries[] = [];
  for (const s of seriesOfType(db, owner, type)) {
    const pinned = state.metrics[s.metric];
    if (!pinned) continue;
    const variants = spec.allMetrics && !spec.metrics.has(s.metric) ? undefined : spec.metrics.get(s.metric);
    if (variants !== undefined && !variants.includes(s.variant)) continue;
    out.push({ series: s, above: pinned.hidden[s.variant] ?? NO_ITER });
  }
  return out;
}

/** Distinct iterations of the visible series in (low, high), nearest to `fromTop` side first. */
function pageIterations(
  db: Db,
  type: PagedType,
  visible: readonly VisibleSeries[],
  low: number,
  high: number | undefined,
  newestFirst: boolean,
  iters: number,
): number[] {
  const urlCond = type === IMAGE ? ' AND url IS NOT NULL' : '';
  const found = new Set<number>();
  for (const vs of visible) {
    const above = Math.max(vs.above, low);
    const rows = pluckStmt(
      db,
      `SELECT iter FROM doc_events WHERE series = ? AND iter > ? AND iter < ?${urlCond}
       GROUP BY iter ORDER BY iter ${newestFirst ? 'DESC' : ''} LIMIT ?`,
    ).all(vs.series.id, iterParam(above), high === undefined ? MAX_ITER_PARAM : high, clampIters(iters)) as number[];
    for (const i of rows) found.add(i);
  }
  const sorted = [...found].sort((a, b) => (newestFirst ? b - a : a - b)).slice(0, iters);
  return sorted.sort((a, b) => b - a);
}

/** The events of the chosen iterations: one per (iteration, metric, variant). */
function iterationEvents<E extends PagedEvent>(
  db: Db,
  type: PagedType,
  visible: readonly VisibleSeries[],
  iterations: readonly number[],
): IterationEvents<E>[] {
  const json = JSON.stringify(iterations);
  const byIter = new Map<number, E[]>(iterations.map((i) => [i, []]));
  const urlCond = type === IMAGE ? ' AND url IS NOT NULL' : '';
  // Series are in metric, variant order; each contributes at most one event per iteration.
  for (const vs of visible) {
    const rows = stmt(
      db,
      `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND iter IN (SELECT value FROM json_each(?))${urlCond}`,
    ).all(vs.series.id, json) as DocRow[];
    const best = new Map<number, DocRow>();
    for (const r of rows) {
      if (r.iter <= vs.above) continue;
      const prev = best.get(r.iter);
      // Plots: the newest by timestamp; images: the greatest url.
      const better = !prev || (type === PLOT ? r.timestamp > prev.timestamp : (r.url as string) > (prev.url as string));
      if (better) best.set(r.iter, r);
    }
    for (const [iter, r] of best) {
      byIter
        .get(iter)
        ?.push(docEventDoc(vs.series, r.iter, r.timestamp, r.written, r.worker, r.url, r.extra, true) as E);
    }
  }
  return iterations.map((iter) => ({ iter, events: byIter.get(iter) ?? [] }));
}

function taskPage<E extends PagedEvent>(
  db: Db,
  owner: Owner,
  type: PagedType,
  spec: TaskSpec,
  state: TaskState,
  iters: number,
  navigateEarlier: boolean,
): IterationEvents<E>[] {
  const visible = visibleSeries(db, owner.id, type, spec, state);
  let iterations: number[];
  if (state.lastMin === null || state.lastMax === null)
    iterations = pageIterations(db, type, visible, NO_ITER, undefined, true, iters);
  else if (navigateEarlier) iterations = pageIterations(db, type, visible, NO_ITER, state.lastMin, true, iters);
  else iterations = pageIterations(db, type, visible, state.lastMax, undefined, false, iters);
  if (iterations.length === 0) return [];
  state.lastMax = iterations[0] as number;
  state.lastMin = iterations[iterations.length - 1] as number;
  return iterationEvents<E>(db, type, visible, iterations);
}

function specsOf(entries: readonly { task: string; metric?: string; variants?: string[] }[]): Map<string, TaskSpec> {
  const specs = new Map<string, TaskSpec>();
  for (const e of entries) {
    let spec = specs.get(e.task);
    if (!spec) specs.set(e.task, (spec = { allMetrics: false, metrics: new Map() }));
    if (e.metric === undefined) {
      spec.allMetrics = true;
      continue;
    }
    const variants = e.variants && e.variants.length > 0 ? e.variants : undefined;
    if (spec.metrics.has(e.metric)) {
      const prev = spec.metrics.get(e.metric);
      spec.metrics.set(
        e.metric,
        prev === undefined || variants === undefined ? undefined : [...new Set([...prev, ...variants])],
      );
    } else spec.metrics.set(e.metric, variants);
  }
  return specs;
}

const PAGING_SHAPE = requestShape<IterationPagingRequest>()({
  metrics: v.list(v.obj({ task: v.str(), metric: v.str().opt(), variants: v.list(v.str()).opt() }), { minItems: 1 }),
  iters: v.int({ min: 1 }).default(1),
  navigate_earlier: v.bool().default(true),
  refresh: v.bool().default(false),
  scroll_id: v.str().opt(),
  model_events: v.bool().default(false),
});

function iterationPaging<E extends PagedEvent>(
  req: Validated<typeof PAGING_SHAPE>,
  ctx: RequestContext,
  type: PagedType,
  kind: StateKind,
): { scroll_id?: string; metrics: TaskIterations<E>[] } {
  const specs = specsOf(req.metrics);
  const owners = readableOwners(ctx, [...specs.keys()], req.model_events);
  if (!companyHasEvents(ctx.db, ctx.identity.company, type, req.model_events)) return { metrics: [] };
  // An unknown or expired id silently starts a new state.
  const loaded = loadState<PagingState>(ctx, kind, req.scroll_id);
  const state: PagingState = loaded ?? { tasks: {} };
  const metrics: TaskIterations<E>[] = [];
  for (const [task, spec] of specs) {
    const owner = owners.get(task) as Owner;
    let ts = state.tasks[task];
    if (!ts || req.refresh) ts = state.tasks[task] = buildTaskState(ctx.db, owner, type, spec, ts);
    metrics.push({ task, iterations: taskPage<E>(ctx.db, owner, type, spec, ts, req.iters, req.navigate_earlier) });
  }
  const scrollId = saveState(ctx, kind, loaded ? req.scroll_id : undefined, state);
  return { scroll_id: scrollId, metrics };
}

/** One page of debug images (also legacy debug_images' source). */
export function debugImagesPage(req: Validated<typeof PAGING_SHAPE>, ctx: RequestContext) {
  return iterationPaging<DebugImageEvent>(req, ctx, IMAGE, 'debug_images');
}

export const debugImages = handler(PAGING_SHAPE, debugImagesPage);

export const plots = handler(PAGING_SHAPE, (req, ctx) => iterationPaging<PlotEvent>(req, ctx, PLOT, 'plots'));

/** The first page for several owners without keeping a state (reports.get_task_data). */
export function firstDebugImagePages(
  db: Db,
  owners: readonly Owner[],
  iters: number,
  filter: readonly MetricVariantsFilter[] | undefined,
): TaskIterations<DebugImageEvent>[] {
  const entries =
    filter && filter.length > 0
      ? owners.flatMap((o) => filter.map((f) => ({ task: o.id, metric: f.metric, variants: f.variants })))
      : owners.map((o) => ({ task: o.id }));
  const specs = specsOf(entries);
  return owners.map((owner) => {
    const spec = specs.get(owner.id) as TaskSpec;
    const ts = buildTaskState(db, owner, IMAGE, spec, undefined);
    return { task: owner.id, iterations: taskPage<DebugImageEvent>(db, owner, IMAGE, spec, ts, iters, true) };
  });
}
