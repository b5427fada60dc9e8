// events.get_debug_image_sample / events.next_debug_image_sample (REFERENCE §6.6): one image
// at a time, navigating variants within an iteration and then neighbouring iterations.
import type { DebugImageEvent, DebugImageSampleResponse } from '../../wire/events.js';
import type { RequestContext } from '../context.js';
import type { Db } from '../db.js';
import { stmt } from '../statements.js';
import { v, validate } from '../validate.js';
import { IMAGE, iterParam, NO_ITER } from './event-types.js';
import type { DocRow } from './event-sources.js';
import { compareNames } from './metrics-filter.js';
import { readableOwner } from './owners.js';
import { invalidScrollId } from './scroll-token.js';
import { loadState, saveState } from './scroll-states.js';
import { companyHasEvents, seriesOfType } from './series.js';
import { docEventDoc, type SeriesInfo } from './stored-event.js';
import { pluckStmt, rawStmt } from './prepared.js';

interface VariantState {
  metric: string;
  variant: string;
  series: number;
  /** Smallest of the latest iterations of each distinct url. */
  min: number;
  max: number;
}

interface ImageSampleState {
  task: string;
  model_events: boolean;
  navigate_current_metric: boolean;
  metric: string;
  /** By metric, then variant. */
  variants: VariantState[];
  position: { metric: string; variant: string; iter: number } | null;
}

const DOC_COLUMNS = 'seq, iter, ikey, timestamp, written, worker, url, extra';
const NONE_PARAM = iterParam(NO_ITER);

function variantStates(db: Db, task: string, onlyMetric: string | undefined): VariantState[] {
  const out: VariantState[] = [];
  for (const s of seriesOfType(db, task, IMAGE)) {
    if (onlyMetric !== undefined && s.metric !== onlyMetric) continue;
    const row = rawStmt(
      db,
      `SELECT min(last), max(last) FROM (SELECT max(iter) AS last FROM doc_events
       WHERE series = ? AND url IS NOT NULL AND iter > ? GROUP BY url)`,
    ).get(s.id, NONE_PARAM) as [number | null, number | null];
    if (row[0] === null || row[1] === null) continue;
    out.push({ metric: s.metric, variant: s.variant, series: s.id, min: row[0], max: row[1] });
  }
  return out;
}

function imageAt(db: Db, series: number, iter: number): DocRow | undefined {
  return stmt(
    db,
    `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND iter = ? AND url IS NOT NULL ORDER BY url DESC LIMIT 1`,
  ).get(series, iterParam(iter)) as DocRow | undefined;
}

function toEvent(state: ImageSampleState, vs: VariantState, r: DocRow): DebugImageEvent {
  const info: SeriesInfo = {
    owner: state.task,
    model_event: state.model_events ? 1 : 0,
    type: IMAGE,
    metric: vs.metric,
    variant: vs.variant,
  };
  return docEventDoc(info, r.iter, r.timestamp, r.written, r.worker, r.url, r.extra, true) as DebugImageEvent;
}

const empty = (scrollId: string | null): DebugImageSampleResponse => ({
  scroll_id: scrollId,
  event: null,
  min_iteration: null,
  max_iteration: null,
});

const byName = (a: VariantState, b: { metric: string; variant: string }) =>
  compareNames(a.metric, b.metric) || compareNames(a.variant, b.variant);

export function getDebugImageSample(body: Record<string, unknown>, ctx: RequestContext): DebugImageSampleResponse {
  const req = validate(body, {
    task: v.str(),
    metric: v.str(),
    variant: v.str(),
    iteration: v.int().opt(),
    refresh: v.bool().default(false),
    scroll_id: v.str().opt(),
    navigate_current_metric: v.bool().default(true),
    model_events: v.bool().default(false),
  });
  readableOwner(ctx, req.task, req.model_events);
  if (!companyHasEvents(ctx.db, ctx.identity.company, IMAGE, req.model_events)) return empty(null);
  const loaded = loadState<ImageSampleState>(ctx, 'debug_image_sample', req.scroll_id);
  let state: ImageSampleState;
  if (loaded) {
    if (
      loaded.task !== req.task ||
      loaded.navigate_current_metric !== req.navigate_current_metric ||
      (req.navigate_current_metric && loaded.metric !== req.metric)
    )
      throw invalidScrollId(req.scroll_id as string, 'the scroll was made for another task, metric or navigation mode');
    state = loaded;
    if (req.refresh)
      state.variants = variantStates(ctx.db, req.task, state.navigate_current_metric ? state.metric : undefined);
  } else {
    // No id, or an unknown or expired one: a new state.
    state = {
      task: req.task,
      model_events: req.model_events,
      navigate_current_metric: req.navigate_current_metric,
      metric: req.metric,
      variants: variantStates(ctx.db, req.task, req.navigate_current_metric ? req.metric : undefined),
      position: null,
    };
  }
  const vs = state.variants.find((x) => x.metric === req.metric && x.variant === req.variant);
  const row = vs
    ? (stmt(
        ctx.db,
        `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter >= ? AND iter <= ?
         ORDER BY iter DESC, url DESC LIMIT 1`,
      ).get(vs.series, vs.min, req.iteration ?? vs.max) as DocRow | undefined)
    : undefined;
  if (vs && row) state.position = { metric: vs.metric, variant: vs.variant, iter: row.iter };
  const scrollId = saveState(ctx, 'debug_image_sample', loaded ? req.scroll_id : undefined, state);
  if (!vs) return empty(scrollId);
  return {
    scroll_id: scrollId,
    event: row ? toEvent(state, vs, row) : null,
    min_iteration: vs.min,
    max_iteration: vs.max,
  };
}

export function nextDebugImageSample(body: Record<string, unknown>, ctx: RequestContext): DebugImageSampleResponse {
  const req = validate(body, {
    task: v.str(),
    scroll_id: v.str(),
    navigate_earlier: v.bool().default(true),
    next_iteration: v.bool().default(false),
    model_events: v.bool().default(false),
  });
  const state = loadState<ImageSampleState>(ctx, 'debug_image_sample', req.scroll_id);
  if (!state) throw invalidScrollId(req.scroll_id, 'unknown or expired scroll');
  if (state.task !== req.task) throw invalidScrollId(req.scroll_id, 'the scroll was made for another task');
  readableOwner(ctx, req.task, state.model_events);
  const pos = state.position;
  const found = pos ? nextImage(ctx.db, state, pos, req.navigate_earlier, req.next_iteration) : undefined;
  if (!found) {
    saveState(ctx, 'debug_image_sample', req.scroll_id, state);
    return empty(req.scroll_id);
  }
  state.position = { metric: found.vs.metric, variant: found.vs.variant, iter: found.row.iter };
  saveState(ctx, 'debug_image_sample', req.scroll_id, state);
  return {
    scroll_id: req.scroll_id,
    event: toEvent(state, found.vs, found.row),
    min_iteration: found.vs.min,
    max_iteration: found.vs.max,
  };
}

function nextImage(
  db: Db,
  state: ImageSampleState,
  pos: NonNullable<ImageSampleState['position']>,
  earlier: boolean,
  nextIteration: boolean,
): { vs: VariantState; row: DocRow } | undefined {
  const candidates = state.variants;
  if (!nextIteration) {
    // Neighbouring variant (in metric, variant order) at the same iteration.
    const ordered = earlier ? [...candidates].reverse() : candidates;
    for (const vs of ordered) {
      const cmp = byName(vs, pos);
      if (earlier ? cmp >= 0 : cmp <= 0) continue;
      if (vs.min > pos.iter || vs.max < pos.iter) continue;
      const row = imageAt(db, vs.series, pos.iter);
      if (row) return { vs, row };
    }
  }
  // The nearest other iteration: its first variant going forward, its last going back.
  let bestIter: number | undefined;
  for (const vs of candidates) {
    const iter = pluckStmt(
      db,
      earlier
        ? 'SELECT iter FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter < ? AND iter >= ? ORDER BY iter DESC LIMIT 1'
        : 'SELECT iter FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter > ? AND iter >= ? ORDER BY iter LIMIT 1',
    ).get(vs.series, iterParam(pos.iter), vs.min) as number | undefined;
    if (iter === undefined) continue;
    if (bestIter === undefined || (earlier ? iter > bestIter : iter < bestIter)) bestIter = iter;
  }
  if (bestIter === undefined) return undefined;
  const ordered = earlier ? [...candidates].reverse() : candidates;
  for (const vs of ordered) {
    if (vs.min > bestIter) continue;
    const row = imageAt(db, vs.series, bestIter);
    if (row) return { vs, row };
  }
  return undefined;
}
