// Plot reads by task (docs/wire-facts.md §6.6): get_task_plots and get_multi_task_plots (also the
// `plots` section of reports.get_task_data).
import type {
  GetMultiTaskPlotsRequest,
  GetMultiTaskPlotsResponse,
  GetTaskPlotsRequest,
  GetTaskPlotsResponse,
  MultiTaskPlots,
  PlotEvent,
} from '../../../wire/events.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v, validate } from '../../http/validate.js';
import { PLOT } from '../storage/event-types.js';
import { type DocRow, DOC_COLUMNS } from '../storage/event-sources.js';
import { compareNames, matchesMetrics, metricsFilterRule, type MetricVariantsFilter } from './metrics-filter.js';
import { readableOwner, readableOwners, type Owner } from '../storage/owners.js';
import { invalidScrollId } from '../storage/scroll-token.js';
import { loadState, saveState } from '../storage/scroll-states.js';
import { seriesOfType, type SeriesRow } from '../storage/series.js';
import { clampIters } from '../storage/limits.js';
import { plotDoc } from '../storage/stored-event.js';
import { pluckStmt } from '../storage/prepared.js';
import { MULTI_TASK_PLOTS_PAGE, MULTI_TASK_PLOTS_TOTAL_CAP } from '../storage/limits.js';

const EXHAUSTED_SCROLL = 'FFFF';

const GET_TASK_PLOTS_SHAPE = requestShape<GetTaskPlotsRequest>()({
  task: v.str(),
  iters: v.int({ min: 1 }).default(1),
  metrics: metricsFilterRule.opt(),
  model_events: v.bool().default(false),
  // Checked, then ignored, as real servers do.
  no_scroll: v.bool().opt(),
  scroll_id: v.str().opt(),
});

export const getTaskPlots = handler(GET_TASK_PLOTS_SHAPE, (req, ctx): GetTaskPlotsResponse => {
  readableOwner(ctx, req.task, req.model_events);
  const plots: PlotEvent[] = [];
  for (const s of seriesOfType(ctx.db, req.task, PLOT)) {
    if (!matchesMetrics(req.metrics, s.metric, s.variant)) continue;
    const rows = stmt(
      ctx.db,
      `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? ORDER BY iter DESC, timestamp DESC LIMIT ?`,
    ).all(s.id, clampIters(req.iters)) as DocRow[];
    for (const r of rows) plots.push(plotDoc(s, r.iter, r.timestamp, r.written, r.worker, r.extra));
  }
  return { plots, returned: plots.length, total: plots.length, scroll_id: null };
});

interface SelectedPlot {
  owner: Owner;
  series: SeriesRow;
  row: DocRow;
}

/** The newest `iters` iterations of a group of series. */
function newestIterations(db: Db, series: readonly SeriesRow[], iters: number): number[] {
  const all = new Set<number>();
  for (const s of series) {
    const found = pluckStmt(
      db,
      'SELECT iter FROM doc_events WHERE series = ? GROUP BY iter ORDER BY iter DESC LIMIT ?',
    ).all(s.id, clampIters(iters)) as number[];
    for (const i of found) all.add(i);
  }
  return [...all].sort((a, b) => b - a).slice(0, iters);
}

/**
 * Plot events of several owners: per (owner, metric) its newest `iters` iterations when
 * `perMetric`, else per owner its newest `iters` iterations overall. Newest iteration first.
 */
export function selectPlots(
  db: Db,
  owners: readonly Owner[],
  iters: number,
  perMetric: boolean,
  filter: readonly MetricVariantsFilter[] | undefined,
): SelectedPlot[] {
  const out: SelectedPlot[] = [];
  for (const owner of owners) {
    const series = seriesOfType(db, owner.id, PLOT).filter((s) => matchesMetrics(filter, s.metric, s.variant));
    const groups = new Map<string, SeriesRow[]>();
    for (const s of series) {
      const key = perMetric ? s.metric : '';
      const g = groups.get(key);
      if (g) g.push(s);
      else groups.set(key, [s]);
    }
    for (const group of groups.values()) {
      const iterations = JSON.stringify(newestIterations(db, group, iters));
      for (const s of group) {
        const rows = stmt(
          db,
          `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND iter IN (SELECT value FROM json_each(?))`,
        ).all(s.id, iterations) as DocRow[];
        for (const row of rows) out.push({ owner, series: s, row });
      }
    }
  }
  // Stable: within an iteration, owners in request order, metrics and variants by name.
  return out.sort((a, b) => (a.row.iter === b.row.iter ? 0 : a.row.iter > b.row.iter ? -1 : 1));
}

/** plots[metric][variant][owner][String(iter)], keys in descending order at every level. */
export function plotsTree(selected: readonly SelectedPlot[], iters: number): MultiTaskPlots {
  const tree = new Map<string, Map<string, Map<string, Map<number, { name: string; plots: PlotEvent[] }>>>>();
  for (const { owner, series: s, row: r } of selected) {
    let variants = tree.get(s.metric);
    if (!variants) tree.set(s.metric, (variants = new Map()));
    let owners = variants.get(s.variant);
    if (!owners) variants.set(s.variant, (owners = new Map()));
    let byIter = owners.get(owner.id);
    if (!byIter) owners.set(owner.id, (byIter = new Map()));
    let entry = byIter.get(r.iter);
    if (!entry) byIter.set(r.iter, (entry = { name: owner.name, plots: [] }));
    entry.plots.push(plotDoc(s, r.iter, r.timestamp, r.written, r.worker, r.extra));
  }
  const desc = (a: string, b: string) => compareNames(b, a);
  const out: MultiTaskPlots = {};
  for (const metric of [...tree.keys()].sort(desc)) {
    const variants = tree.get(metric) as Map<string, Map<string, Map<number, { name: string; plots: PlotEvent[] }>>>;
    const vOut: MultiTaskPlots[string] = (out[metric] = {});
    for (const variant of [...variants.keys()].sort(desc)) {
      const owners = variants.get(variant) as Map<string, Map<number, { name: string; plots: PlotEvent[] }>>;
      const oOut: MultiTaskPlots[string][string] = (vOut[variant] = {});
      for (const ownerId of [...owners.keys()].sort(desc)) {
        const byIter = owners.get(ownerId) as Map<number, { name: string; plots: PlotEvent[] }>;
        const iOut: MultiTaskPlots[string][string][string] = (oOut[ownerId] = {});
        // Each (metric, variant, owner) keeps its newest `iters` iterations.
        for (const iter of [...byIter.keys()].sort((a, b) => b - a).slice(0, iters))
          iOut[String(iter)] = byIter.get(iter) as { name: string; plots: PlotEvent[] };
      }
    }
  }
  return out;
}

/** The query part of the request, kept in the scroll state and checked again from it. */
const multiTaskPlotsQuery = requestShape<Omit<GetMultiTaskPlotsRequest, 'scroll_id' | 'no_scroll'>>()({
  tasks: v.list(v.str(), { minItems: 1 }),
  iters: v.int({ min: 1 }).default(1),
  last_iters_per_task_metric: v.bool().default(true),
  metrics: metricsFilterRule.opt(),
  model_events: v.bool().default(false),
});

const MULTI_TASK_PLOTS_SHAPE = requestShape<GetMultiTaskPlotsRequest>()({
  ...multiTaskPlotsQuery,
  scroll_id: v.str().opt(),
  no_scroll: v.bool().default(false),
});

interface MultiTaskPlotsState {
  request: Record<string, unknown>;
  offset: number;
}

export const getMultiTaskPlots = handler(MULTI_TASK_PLOTS_SHAPE, (req, ctx): GetMultiTaskPlotsResponse => {
  const scrollId = req.scroll_id === '' ? undefined : req.scroll_id;
  let q = req;
  let offset = 0;
  if (scrollId !== undefined && scrollId !== EXHAUSTED_SCROLL) {
    const state = loadState<MultiTaskPlotsState>(ctx, 'multi_task_plots', scrollId);
    if (!state) throw invalidScrollId(scrollId, 'unknown or expired scroll');
    q = { ...req, ...validate(state.request, multiTaskPlotsQuery) };
    offset = state.offset;
  }
  const found = readableOwners(ctx, q.tasks, q.model_events);
  const owners = [...new Set(q.tasks)].map((id) => found.get(id) as Owner);
  const selected = selectPlots(ctx.db, owners, q.iters, q.last_iters_per_task_metric, q.metrics);
  const total = Math.min(selected.length, MULTI_TASK_PLOTS_TOTAL_CAP);
  if (scrollId === EXHAUSTED_SCROLL) return { plots: {}, returned: 0, total, scroll_id: EXHAUSTED_SCROLL };
  const page = selected.slice(offset, offset + MULTI_TASK_PLOTS_PAGE);
  const plots = plotsTree(page, q.iters);
  const next = offset + page.length;
  let nextId: string | null;
  if (req.no_scroll) nextId = null;
  else if (next >= selected.length) nextId = EXHAUSTED_SCROLL;
  else
    nextId = saveState(ctx, 'multi_task_plots', scrollId, {
      request: {
        tasks: q.tasks,
        iters: q.iters,
        last_iters_per_task_metric: q.last_iters_per_task_metric,
        metrics: q.metrics,
        model_events: q.model_events,
      },
      offset: next,
    } satisfies MultiTaskPlotsState);
  return { plots, returned: Object.keys(plots).length, total, scroll_id: nextId };
});

export const plotsHandlers: ServedHandlersOf<'events.get_multi_task_plots' | 'events.get_task_plots'> = {
  'events.get_multi_task_plots': getMultiTaskPlots,
  'events.get_task_plots': getTaskPlots,
};
