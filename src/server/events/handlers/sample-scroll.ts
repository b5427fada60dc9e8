// The scroll of events.get_*_sample / events.next_*_sample (docs/wire-facts.md §6.6), shared by debug
// images (a stop is one metric/variant) and plots (a stop is one metric): the state kept under
// the scroll id, and the navigation from stop to stop within an iteration, then across iterations.
import type { GetPlotSampleRequest, NextSampleRequest } from '../../../wire/events.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import type { Db } from '../../db/db.js';
import { compareNames } from './metrics-filter.js';
import { readableOwner } from '../storage/owners.js';
import { invalidScrollId } from '../storage/scroll-token.js';
import { loadState, saveState, type StateKind } from '../storage/scroll-states.js';
import { companyHasEvents } from '../storage/series.js';
import { requestShape, v, type validate } from '../../http/validate.js';

/** One place a sample can stand; `variant` only where stops are per variant. */
export interface SampleStop {
  metric: string;
  variant?: string;
  min: number;
  max: number;
}

interface Position {
  metric: string;
  variant?: string;
  iter: number;
}

interface SampleState<S extends SampleStop> {
  task: string;
  model_events: boolean;
  navigate_current_metric: boolean;
  metric: string;
  /** In name order (metric, then variant). */
  stops: S[];
  position: Position | null;
}

/** What differs between debug images and plots. */
export interface SampleSource<S extends SampleStop, R> {
  stateKind: StateKind;
  eventType: number;
  /** The task's stops (of one metric when `onlyMetric` is given), in name order. */
  stops(db: Db, task: string, onlyMetric: string | undefined): S[];
  /** The stop's latest iteration at or before `iter`. */
  latestUpTo(db: Db, stop: S, iter: number): number | undefined;
  /** The stop's nearest iteration strictly before (earlier) or after `iter`. */
  nearest(db: Db, stop: S, iter: number, earlier: boolean): number | undefined;
  /** Whether the stop has a sample at exactly `iter`. */
  has(db: Db, stop: S, iter: number): boolean;
  answer(db: Db, state: SampleState<S>, stop: S, iter: number | undefined, scrollId: string): R;
  empty(scrollId: string | null): R;
}

/** The plot sample request; debug images add `variant` (their stops are per variant). */
export const GET_SAMPLE_SHAPE = requestShape<GetPlotSampleRequest>()({
  task: v.str(),
  metric: v.str(),
  iteration: v.int().opt(),
  refresh: v.bool().default(false),
  scroll_id: v.str().opt(),
  navigate_current_metric: v.bool().default(true),
  model_events: v.bool().default(false),
});

export const NEXT_SAMPLE_SHAPE = requestShape<NextSampleRequest>()({
  task: v.str(),
  scroll_id: v.str(),
  navigate_earlier: v.bool().default(true),
  next_iteration: v.bool().default(false),
  model_events: v.bool().default(false),
});

type GetSampleRequest = ReturnType<typeof validate<typeof GET_SAMPLE_SHAPE>> & { variant?: string };

const byName = (a: { metric: string; variant?: string }, b: { metric: string; variant?: string }) =>
  compareNames(a.metric, b.metric) || compareNames(a.variant ?? '', b.variant ?? '');

const positionOf = (stop: SampleStop, iter: number): Position =>
  stop.variant === undefined ? { metric: stop.metric, iter } : { metric: stop.metric, variant: stop.variant, iter };

export function getSample<S extends SampleStop, R>(
  source: SampleSource<S, R>,
  req: GetSampleRequest,
  ctx: RequestContext,
): R {
  readableOwner(ctx, req.task, req.model_events);
  if (!companyHasEvents(ctx.db, ctx.identity.company, source.eventType, req.model_events)) return source.empty(null);
  const loaded = loadState<SampleState<S>>(ctx, source.stateKind, req.scroll_id);
  let state: SampleState<S>;
  if (loaded) {
    if (
      loaded.task !== req.task ||
      loaded.navigate_current_metric !== req.navigate_current_metric ||
      (req.navigate_current_metric && loaded.metric !== req.metric)
    )
      throw invalidScrollId(req.scroll_id as string, 'the scroll was made for another task, metric or navigation mode');
    state = loaded;
    if (req.refresh)
      state.stops = source.stops(ctx.db, req.task, state.navigate_current_metric ? state.metric : undefined);
  } else {
    // No id, or an unknown or expired one: a new state.
    state = {
      task: req.task,
      model_events: req.model_events,
      navigate_current_metric: req.navigate_current_metric,
      metric: req.metric,
      stops: source.stops(ctx.db, req.task, req.navigate_current_metric ? req.metric : undefined),
      position: null,
    };
  }
  const stop = state.stops.find((s) => s.metric === req.metric && s.variant === req.variant);
  const iter = stop ? source.latestUpTo(ctx.db, stop, req.iteration ?? stop.max) : undefined;
  if (stop && iter !== undefined) state.position = positionOf(stop, iter);
  const scrollId = saveState(ctx, source.stateKind, loaded ? req.scroll_id : undefined, state);
  return stop ? source.answer(ctx.db, state, stop, iter, scrollId) : source.empty(scrollId);
}

export function nextSample<S extends SampleStop, R>(
  source: SampleSource<S, R>,
  req: ReturnType<typeof validate<typeof NEXT_SAMPLE_SHAPE>>,
  ctx: RequestContext,
): R {
  const state = loadState<SampleState<S>>(ctx, source.stateKind, req.scroll_id);
  if (!state) throw invalidScrollId(req.scroll_id, 'unknown or expired scroll');
  if (state.task !== req.task) throw invalidScrollId(req.scroll_id, 'the scroll was made for another task');
  readableOwner(ctx, req.task, state.model_events);
  const found = state.position
    ? nextStop(ctx.db, source, state, state.position, req.navigate_earlier, req.next_iteration)
    : undefined;
  if (found) state.position = positionOf(found.stop, found.iter);
  saveState(ctx, source.stateKind, req.scroll_id, state);
  return found ? source.answer(ctx.db, state, found.stop, found.iter, req.scroll_id) : source.empty(req.scroll_id);
}

function nextStop<S extends SampleStop>(
  db: Db,
  source: SampleSource<S, unknown>,
  state: SampleState<S>,
  pos: Position,
  earlier: boolean,
  nextIteration: boolean,
): { stop: S; iter: number } | undefined {
  const ordered = earlier ? [...state.stops].reverse() : state.stops;
  const holds = (stop: S, iter: number) => stop.min <= iter && stop.max >= iter && source.has(db, stop, iter);
  if (!nextIteration) {
    // The neighbouring stop (in name order) at the same iteration.
    for (const stop of ordered) {
      const cmp = byName(stop, pos);
      if (earlier ? cmp >= 0 : cmp <= 0) continue;
      if (holds(stop, pos.iter)) return { stop, iter: pos.iter };
    }
  }
  // The nearest other iteration: its first stop going forward, its last going back.
  let best: number | undefined;
  for (const stop of state.stops) {
    const iter = source.nearest(db, stop, pos.iter, earlier);
    if (iter !== undefined && (best === undefined || (earlier ? iter > best : iter < best))) best = iter;
  }
  if (best === undefined) return undefined;
  for (const stop of ordered) if (holds(stop, best)) return { stop, iter: best };
  return undefined;
}
