// Raw event reads with stateless scroll tokens (docs/wire-facts.md §6.2, §6.5, §7):
// events.get_task_events and events.scalar_metrics_iter_raw. A page holds `batch_size` events
// plus every further event sharing the last key value; the token carries that value, so the
// next page starts strictly after it (a last key of 0 is a position like any other).
import { SCALAR_KEYS, type ScalarKey } from '../../../wire/common.js';
import type {
  GetTaskEventsRequest,
  GetTaskEventsResponse,
  ScalarMetricsIterRawRequest,
  ScalarMetricsIterRawResponse,
  StoredEvent,
} from '../../../wire/events.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import type { Db } from '../../db/db.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v, validate } from '../../http/validate.js';
import { eventTypeFilterRule, seriesFor, typeCodeOf } from './discovery.js';
import { LOG, NO_ITER, SCALAR } from '../storage/event-types.js';
import { docSource, scalarSource, type LogRow } from '../storage/event-sources.js';
import { logIterSource } from '../storage/log-iterations.js';
import { matchesMetrics, metricsFilterRule } from './metrics-filter.js';
import { mapSource, takePage, type RowSource } from '../storage/ordered-merge.js';
import { readableOwner } from '../storage/owners.js';
import { invalidScrollId, readScroll, signScroll, type ScrollPayload } from '../storage/scroll-token.js';
import { seriesOfType, type SeriesRow } from '../storage/series.js';
import { docEventDoc, logDoc, scalarDoc } from '../storage/stored-event.js';
import { pluckStmt } from '../storage/prepared.js';
import { LOG_OWNER } from '../storage/log-store.js';
import {
  TASK_EVENTS_DEFAULT_BATCH,
  TASK_EVENTS_MAX_BATCH,
  RAW_DEFAULT_BATCH,
  RAW_MAX_BATCH,
} from '../storage/limits.js';

interface Continuation {
  payload: ScrollPayload | undefined;
  position: number | undefined;
}

/** Reads a scroll token of this endpoint and task; its stored request is checked like a new one. */
function continuation<T>(
  db: Db,
  scrollId: string | undefined,
  task: string,
  check: (request: Record<string, unknown>) => T,
): { cont: Continuation; request: T | undefined } {
  if (scrollId === undefined || scrollId === '')
    return { cont: { payload: undefined, position: undefined }, request: undefined };
  const payload = readScroll(db, scrollId);
  if (payload.request.task !== task) throw invalidScrollId(scrollId, 'the scroll belongs to another task');
  let request: T;
  try {
    request = check(payload.request);
  } catch {
    throw invalidScrollId(scrollId);
  }
  let position: number | undefined;
  if (payload.from_key_value !== undefined) {
    position = Number(payload.from_key_value);
    if (!Number.isFinite(position)) throw invalidScrollId(scrollId);
  }
  return { cont: { payload, position }, request };
}

// ---- get_task_events -----------------------------------------------------------------------

interface EventItem {
  iter: number;
  timestamp: number;
  build: () => StoredEvent;
}

/** The query part of the request, kept in the scroll token and checked again from it. */
const taskEventsQueryRules = requestShape<Omit<GetTaskEventsRequest, 'task' | 'batch_size' | 'scroll_id'>>()({
  event_type: eventTypeFilterRule.default('*'),
  order: v.oneOf(['asc', 'desc'] as const).default('asc'),
  metrics: metricsFilterRule.opt(),
  count_total: v.bool().default(true),
  model_events: v.bool().default(false),
});

function countEvents(db: Db, owner: string, series: SeriesRow[]): number {
  let total = 0;
  const logs: number[] = [];
  for (const s of series) {
    if (s.type === LOG) logs.push(s.id);
    else
      total += pluckStmt(
        db,
        `SELECT count(*) FROM ${s.type === SCALAR ? 'scalar_events' : 'doc_events'} WHERE series = ?`,
      ).get(s.id) as number;
  }
  if (logs.length > 0)
    total += pluckStmt(
      db,
      `SELECT count(*) FROM log_events WHERE owner = ${LOG_OWNER} AND series IN (SELECT value FROM json_each(?))`,
    ).get(owner, JSON.stringify(logs)) as number;
  return total;
}

function eventSources(
  db: Db,
  owner: string,
  series: SeriesRow[],
  desc: boolean,
  position: number | undefined,
): RowSource<EventItem>[] {
  const sources: RowSource<EventItem>[] = [];
  const logSeries = new Map<number, SeriesRow>();
  for (const s of series) {
    if (s.type === LOG) logSeries.set(s.id, s);
    else if (s.type === SCALAR)
      sources.push(
        mapSource(scalarSource(db, s.id, 'iter', desc, position), (r) => ({
          iter: r.iter,
          timestamp: r.timestamp,
          build: () => scalarDoc(s, r.iter, r.value, r.timestamp, r.written, r.worker, r.extra),
        })),
      );
    else
      sources.push(
        mapSource(docSource(db, s.id, desc, position), (r) => ({
          iter: r.iter,
          timestamp: r.timestamp,
          // get_task_events returns big plots as stored (compressed), unlike the plot reads.
          build: () => docEventDoc(s, r.iter, r.timestamp, r.written, r.worker, r.url, r.extra, false),
        })),
      );
  }
  if (logSeries.size > 0)
    sources.push(
      mapSource(logIterSource(db, owner, [...logSeries.keys()], desc, position), (r: LogRow) => ({
        iter: r.iter,
        timestamp: r.timestamp,
        build: () =>
          logDoc(
            logSeries.get(r.series) as SeriesRow,
            r.iter,
            r.timestamp,
            r.written,
            r.worker,
            r.level,
            r.msg,
            r.extra,
          ),
      })),
    );
  return sources;
}

/**
 * The scroll id to answer: the same one when the page is empty (`lastKey` undefined), else a
 * token from the page's last key on.
 */
function nextScrollId(
  ctx: RequestContext,
  current: string | undefined,
  cont: Continuation,
  lastKey: number | undefined,
  total: number | undefined,
  request: Record<string, unknown>,
): string {
  if (lastKey === undefined && current) return current;
  const position = lastKey ?? cont.position;
  return signScroll(ctx.db, {
    from_key_value: position === undefined ? undefined : String(position),
    total,
    request,
  });
}

export const getTaskEvents = handler(
  requestShape<GetTaskEventsRequest>()({
    task: v.str(),
    batch_size: v.int({ min: 1 }).default(TASK_EVENTS_DEFAULT_BATCH),
    scroll_id: v.str().opt(),
    ...taskEventsQueryRules,
  }),
  (req, ctx): GetTaskEventsResponse => {
    const { cont, request } = continuation(ctx.db, req.scroll_id, req.task, (r) => validate(r, taskEventsQueryRules));
    const q = request ?? req;
    readableOwner(ctx, req.task, q.model_events);
    const type = typeCodeOf(q.event_type);
    const series = seriesFor(ctx.db, req.task, type).filter((s) => matchesMetrics(q.metrics, s.metric, s.variant));
    const desc = q.order === 'desc';
    const batch = Math.min(req.batch_size, TASK_EVENTS_MAX_BATCH);
    const page = takePage(eventSources(ctx.db, req.task, series, desc, cont.position), (e) => e.iter, desc, batch);
    // Within one iteration: by timestamp (reversed with the order).
    page.sort((a, b) => {
      if (a.iter !== b.iter) return a.iter < b.iter !== desc ? -1 : 1;
      if (a.timestamp === b.timestamp) return 0;
      return a.timestamp < b.timestamp !== desc ? -1 : 1;
    });
    const total = q.count_total ? (cont.payload?.total ?? countEvents(ctx.db, req.task, series)) : undefined;
    const scrollId = nextScrollId(ctx, req.scroll_id, cont, page[page.length - 1]?.iter, total, {
      task: req.task,
      event_type: q.event_type,
      order: q.order,
      metrics: q.metrics,
      count_total: q.count_total,
      model_events: q.model_events,
    });
    return { events: page.map((e) => e.build()), returned: page.length, total: total ?? null, scroll_id: scrollId };
  },
);

// ---- scalar_metrics_iter_raw ---------------------------------------------------------------

/** The query part of the request, kept in the scroll token and checked again from it. */
const rawQueryRules = requestShape<Omit<ScalarMetricsIterRawRequest, 'task' | 'scroll_id'>>()({
  metric: v.obj({ metric: v.str(), variants: v.list(v.str()).opt() }),
  key: v.oneOf(SCALAR_KEYS).default('iter'),
  batch_size: v.int({ min: 0 }).opt(),
  count_total: v.bool().default(false),
  model_events: v.bool().default(false),
});

interface RawItem {
  key: number;
  variant: string;
  x: number | null;
  y: number;
}

export const scalarMetricsIterRaw = handler(
  requestShape<ScalarMetricsIterRawRequest>()({ task: v.str(), scroll_id: v.str().opt(), ...rawQueryRules }),
  (req, ctx): ScalarMetricsIterRawResponse => {
    const { cont, request } = continuation(ctx.db, req.scroll_id, req.task, (r) => validate(r, rawQueryRules));
    const q = request ?? req;
    readableOwner(ctx, req.task, q.model_events);
    const batchSize = req.batch_size || q.batch_size || RAW_DEFAULT_BATCH;
    const batch = Math.min(batchSize, RAW_MAX_BATCH);
    const key: ScalarKey = q.key;
    const byIter = key === 'iter';
    const variantsFilter = q.metric.variants;
    const series = seriesOfType(ctx.db, req.task, SCALAR).filter(
      (s) =>
        s.metric === q.metric.metric &&
        (!variantsFilter || variantsFilter.length === 0 || variantsFilter.includes(s.variant)),
    );
    const sources = series.map((s) =>
      mapSource(scalarSource(ctx.db, s.id, byIter ? 'iter' : 'timestamp', false, cont.position), (r) => ({
        key: byIter ? r.iter : r.timestamp,
        variant: s.variant,
        x: byIter ? (r.iter === NO_ITER ? null : r.iter) : r.timestamp,
        y: r.value,
      })),
    );
    const page = takePage<RawItem>(sources, (i) => i.key, false, batch);
    const variants: ScalarMetricsIterRawResponse['variants'] = {};
    for (const item of page) {
      let entry = variants[item.variant];
      if (!entry)
        variants[item.variant] = entry = { y: [], [key]: [] } as ScalarMetricsIterRawResponse['variants'][string];
      entry.y.push(item.y);
      (entry[key] as (number | null)[]).push(item.x);
    }
    const total = q.count_total
      ? (cont.payload?.total ??
        series.reduce(
          (n, s) => n + (pluckStmt(ctx.db, 'SELECT count(*) FROM scalar_events WHERE series = ?').get(s.id) as number),
          0,
        ))
      : undefined;
    const scrollId = nextScrollId(ctx, req.scroll_id, cont, page[page.length - 1]?.key, total, {
      task: req.task,
      metric: q.metric,
      key: q.key,
      batch_size: batchSize,
      count_total: q.count_total,
      model_events: q.model_events,
    });
    return { returned: page.length, total: total ?? null, scroll_id: scrollId, variants };
  },
);

export const rawReadHandlers: ServedHandlersOf<'events.get_task_events' | 'events.scalar_metrics_iter_raw'> = {
  'events.get_task_events': getTaskEvents,
  'events.scalar_metrics_iter_raw': scalarMetricsIterRaw,
};
