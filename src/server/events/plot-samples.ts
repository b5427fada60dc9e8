// events.get_plot_sample / events.next_plot_sample (REFERENCE §6.6): the plots of one
// (iteration, metric) at a time, navigating metrics within an iteration, then iterations.
import type { PlotEvent, PlotSampleResponse } from '../../wire/events.js';
import type { RequestContext } from '../context.js';
import type { Db } from '../db.js';
import { stmt } from '../statements.js';
import { v, validate } from '../validate.js';
import { iterParam, NO_ITER, PLOT } from './event-types.js';
import type { DocRow } from './event-sources.js';
import { compareNames } from './metrics-filter.js';
import { readableOwner } from './owners.js';
import { invalidScrollId } from './scroll-token.js';
import { loadState, saveState } from './scroll-states.js';
import { companyHasEvents, seriesOfType } from './series.js';
import { plotDoc, type SeriesInfo } from './stored-event.js';
import { pluckStmt, rawStmt } from './prepared.js';

/** Plot events returned for one (iteration, metric). */
export const PLOT_SAMPLE_MAX_EVENTS = 100;

interface MetricState {
  metric: string;
  /** The metric's series, by variant. */
  series: { id: number; variant: string }[];
  min: number;
  max: number;
}

interface PlotSampleState {
  task: string;
  model_events: boolean;
  navigate_current_metric: boolean;
  metric: string;
  /** By metric name. */
  metrics: MetricState[];
  position: { metric: string; iter: number } | null;
}

const DOC_COLUMNS = 'seq, iter, ikey, timestamp, written, worker, url, extra';
const NONE_PARAM = iterParam(NO_ITER);

function metricStates(db: Db, task: string, onlyMetric: string | undefined): MetricState[] {
  const byMetric = new Map<string, MetricState>();
  for (const s of seriesOfType(db, task, PLOT)) {
    if (onlyMetric !== undefined && s.metric !== onlyMetric) continue;
    const [min, max] = rawStmt(db, 'SELECT min(iter), max(iter) FROM doc_events WHERE series = ? AND iter > ?').get(
      s.id,
      NONE_PARAM,
    ) as [number | null, number | null];
    if (min === null || max === null) continue;
    const m = byMetric.get(s.metric);
    if (!m) byMetric.set(s.metric, { metric: s.metric, series: [{ id: s.id, variant: s.variant }], min, max });
    else {
      m.series.push({ id: s.id, variant: s.variant });
      m.min = Math.min(m.min, min);
      m.max = Math.max(m.max, max);
    }
  }
  return [...byMetric.values()].sort((a, b) => compareNames(a.metric, b.metric));
}

function plotsAt(db: Db, state: PlotSampleState, m: MetricState, iter: number): PlotEvent[] {
  const out: PlotEvent[] = [];
  for (const s of m.series) {
    const rows = stmt(db, `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND iter = ? ORDER BY ikey`).all(
      s.id,
      iterParam(iter),
    ) as DocRow[];
    const info: SeriesInfo = {
      owner: state.task,
      model_event: state.model_events ? 1 : 0,
      type: PLOT,
      metric: m.metric,
      variant: s.variant,
    };
    for (const r of rows) {
      if (out.length >= PLOT_SAMPLE_MAX_EVENTS) return out;
      out.push(plotDoc(info, r.iter, r.timestamp, r.written, r.worker, r.extra));
    }
  }
  return out;
}

/** The metric's nearest iteration in a direction (inclusive of `from` when `inclusive`). */
function nearestIteration(
  db: Db,
  m: MetricState,
  from: number,
  earlier: boolean,
  inclusive: boolean,
): number | undefined {
  const op = earlier ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>';
  let best: number | undefined;
  for (const s of m.series) {
    const iter = pluckStmt(
      db,
      `SELECT iter FROM doc_events WHERE series = ? AND iter ${op} ? AND iter > ? ORDER BY iter ${earlier ? 'DESC' : ''} LIMIT 1`,
    ).get(s.id, iterParam(from), NONE_PARAM) as number | undefined;
    if (iter !== undefined && (best === undefined || (earlier ? iter > best : iter < best))) best = iter;
  }
  return best;
}

const empty = (scrollId: string | null): PlotSampleResponse => ({
  scroll_id: scrollId,
  events: [],
  min_iteration: null,
  max_iteration: null,
});

export function getPlotSample(body: Record<string, unknown>, ctx: RequestContext): PlotSampleResponse {
  const req = validate(body, {
    task: v.str(),
    metric: v.str(),
    iteration: v.int().opt(),
    refresh: v.bool().default(false),
    scroll_id: v.str().opt(),
    navigate_current_metric: v.bool().default(true),
    model_events: v.bool().default(false),
  });
  readableOwner(ctx, req.task, req.model_events);
  if (!companyHasEvents(ctx.db, ctx.identity.company, PLOT, req.model_events)) return empty(null);
  const loaded = loadState<PlotSampleState>(ctx, 'plot_sample', req.scroll_id);
  let state: PlotSampleState;
  if (loaded) {
    if (
      loaded.task !== req.task ||
      loaded.navigate_current_metric !== req.navigate_current_metric ||
      (req.navigate_current_metric && loaded.metric !== req.metric)
    )
      throw invalidScrollId(req.scroll_id as string, 'the scroll was made for another task, metric or navigation mode');
    state = loaded;
    if (req.refresh)
      state.metrics = metricStates(ctx.db, req.task, state.navigate_current_metric ? state.metric : undefined);
  } else {
    // No id, or an unknown or expired one: a new state.
    state = {
      task: req.task,
      model_events: req.model_events,
      navigate_current_metric: req.navigate_current_metric,
      metric: req.metric,
      metrics: metricStates(ctx.db, req.task, req.navigate_current_metric ? req.metric : undefined),
      position: null,
    };
  }
  const m = state.metrics.find((x) => x.metric === req.metric);
  const iter = m ? nearestIteration(ctx.db, m, req.iteration ?? m.max, true, true) : undefined;
  if (m && iter !== undefined) state.position = { metric: m.metric, iter };
  const scrollId = saveState(ctx, 'plot_sample', loaded ? req.scroll_id : undefined, state);
  if (!m) return empty(scrollId);
  return {
    scroll_id: scrollId,
    events: iter === undefined ? [] : plotsAt(ctx.db, state, m, iter),
    min_iteration: m.min,
    max_iteration: m.max,
  };
}

function nextPlots(
  db: Db,
  state: PlotSampleState,
  pos: NonNullable<PlotSampleState['position']>,
  earlier: boolean,
  nextIteration: boolean,
): { m: MetricState; iter: number } | undefined {
  const candidates = state.navigate_current_metric
    ? state.metrics.filter((m) => m.metric === state.metric)
    : state.metrics;
  const ordered = earlier ? [...candidates].reverse() : candidates;
  if (!nextIteration) {
    // The neighbouring metric at the same iteration.
    for (const m of ordered) {
      const cmp = compareNames(m.metric, pos.metric);
      if (earlier ? cmp >= 0 : cmp <= 0) continue;
      if (nearestIteration(db, m, pos.iter, earlier, true) === pos.iter) return { m, iter: pos.iter };
    }
  }
  // The nearest other iteration: its first metric going forward, its last going back.
  let best: number | undefined;
  for (const m of candidates) {
    const iter = nearestIteration(db, m, pos.iter, earlier, false);
    if (iter !== undefined && (best === undefined || (earlier ? iter > best : iter < best))) best = iter;
  }
  if (best === undefined) return undefined;
  for (const m of ordered) if (nearestIteration(db, m, best, earlier, true) === best) return { m, iter: best };
  return undefined;
}

export function nextPlotSample(body: Record<string, unknown>, ctx: RequestContext): PlotSampleResponse {
  const req = validate(body, {
    task: v.str(),
    scroll_id: v.str(),
    navigate_earlier: v.bool().default(true),
    next_iteration: v.bool().default(false),
    model_events: v.bool().default(false),
  });
  const state = loadState<PlotSampleState>(ctx, 'plot_sample', req.scroll_id);
  if (!state) throw invalidScrollId(req.scroll_id, 'unknown or expired scroll');
  if (state.task !== req.task) throw invalidScrollId(req.scroll_id, 'the scroll was made for another task');
  readableOwner(ctx, req.task, state.model_events);
  const found = state.position
    ? nextPlots(ctx.db, state, state.position, req.navigate_earlier, req.next_iteration)
    : undefined;
  if (found) state.position = { metric: found.m.metric, iter: found.iter };
  saveState(ctx, 'plot_sample', req.scroll_id, state);
  if (!found) return empty(req.scroll_id);
  return {
    scroll_id: req.scroll_id,
    events: plotsAt(ctx.db, state, found.m, found.iter),
    min_iteration: found.m.min,
    max_iteration: found.m.max,
  };
}
