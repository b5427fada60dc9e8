// Scalar and vector reads (docs/wire-facts.md §6.2, §6.3): latest values, single values,
// get_scalar_metric_data and vector_metrics_iter_histogram.
import type {
  GetScalarMetricDataRequest,
  GetScalarMetricDataResponse,
  GetTaskLatestScalarValuesRequest,
  GetTaskLatestScalarValuesResponse,
  GetTaskSingleValueMetricsRequest,
  GetTaskSingleValueMetricsResponse,
  LatestScalarVariant,
  ScalarEvent,
  TaskSingleValues,
  VectorMetricsIterHistogramRequest,
  VectorMetricsIterHistogramResponse,
} from '../../../wire/events.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v } from '../../http/validate.js';
import { lastLogIteration } from '../storage/log-iterations.js';
import { LOG, NO_ITER, NO_ITER_PARAM, SCALAR, SINGLE_VALUE_ITER, VECTOR } from '../storage/event-types.js';
import { scalarSource } from '../storage/event-sources.js';
import { matchesMetrics, metricsFilterRule, type MetricVariantsFilter } from './metrics-filter.js';
import { mapSource, takePage } from '../storage/ordered-merge.js';
import { readableOwner, readableOwners, type Owner } from '../storage/owners.js';
import { invalidScrollId } from '../storage/scroll-token.js';
import { loadState, saveState } from '../storage/scroll-states.js';
import { seriesOfOwner, seriesOfType } from '../storage/series.js';
import { scalarDoc } from '../storage/stored-event.js';
import { pluckStmt } from '../storage/prepared.js';
import {
  LATEST_WINDOW,
  SINGLE_VALUES_CAP,
  SCALAR_METRIC_DATA_PAGE,
  SCALAR_METRIC_DATA_TOTAL_CAP,
  VECTOR_HISTOGRAM_CAP,
} from '../storage/limits.js';

/** get_scalar_metric_data's marker of an exhausted scroll. */
export const EXHAUSTED_SCROLL = 'FFFF';

/** Highest iteration over every event type of an owner; undefined when no event has one. */
function lastIteration(db: Db, owner: string): number | undefined {
  let last: number | undefined;
  const consider = (iter: number | null | undefined) => {
    if (iter !== null && iter !== undefined && iter !== NO_ITER && (last === undefined || iter > last)) last = iter;
  };
  for (const s of seriesOfOwner(db, owner)) {
    if (s.type === LOG) continue;
    const table = s.type === SCALAR ? 'scalar_events' : 'doc_events';
    consider(
      pluckStmt(db, `SELECT iter FROM ${table} WHERE series = ? ORDER BY iter DESC LIMIT 1`).get(s.id) as number,
    );
  }
  consider(lastLogIteration(db, owner));
  return last;
}

export const getTaskLatestScalarValues = handler(
  requestShape<GetTaskLatestScalarValuesRequest>()({ task: v.str() }),
  (req, ctx): GetTaskLatestScalarValuesResponse => {
    const owner = readableOwner(ctx, req.task, false);
    const metrics: GetTaskLatestScalarValuesResponse['metrics'] = [];
    let lastTimestamp = 0;
    for (const s of seriesOfType(ctx.db, req.task, SCALAR)) {
      // Only values > 0 count (docs/wire-facts.md §6.2).
      const values = pluckStmt(
        ctx.db,
        'SELECT value FROM scalar_events WHERE series = ? AND value > 0 ORDER BY iter DESC LIMIT ?',
      ).all(s.id, LATEST_WINDOW) as number[];
      const last = values[0];
      if (last === undefined) continue;
      const variant: LatestScalarVariant = {
        name: s.variant,
        last_value: last,
        last_10_value: last,
        last_100_value: values.reduce((a, b) => a + b, 0) / values.length,
      };
      const written = pluckStmt(ctx.db, 'SELECT last_written FROM event_series WHERE id = ?').get(s.id) as number;
      if (written > lastTimestamp) lastTimestamp = written;
      const prev = metrics[metrics.length - 1];
      if (prev && prev.name === s.metric) prev.variants.push(variant);
      else metrics.push({ name: s.metric, variants: [variant] });
    }
    return {
      metrics,
      last_iter: lastIteration(ctx.db, req.task) ?? 0,
      name: owner.name,
      ...(owner.status !== undefined ? { status: owner.status } : {}),
      last_timestamp: lastTimestamp,
    };
  },
);

/** Single value metrics of some owners: only owners with at least one value are listed. */
export function singleValues(
  db: Db,
  owners: readonly Owner[],
  filter: readonly MetricVariantsFilter[] | undefined,
): TaskSingleValues[] {
  const out: TaskSingleValues[] = [];
  let budget = SINGLE_VALUES_CAP;
  for (const owner of owners) {
    const values: TaskSingleValues['values'] = [];
    for (const s of seriesOfType(db, owner.id, SCALAR)) {
      if (budget <= 0) break;
      if (!matchesMetrics(filter, s.metric, s.variant)) continue;
      const rows = stmt(db, 'SELECT value, timestamp FROM scalar_events WHERE series = ? AND iter = ? LIMIT ?').all(
        s.id,
        SINGLE_VALUE_ITER,
        budget,
      ) as { value: number; timestamp: number }[];
      for (const r of rows)
        values.push({ metric: s.metric, variant: s.variant, value: r.value, timestamp: r.timestamp });
      budget -= rows.length;
    }
    if (values.length > 0) out.push({ task: owner.id, task_name: owner.name, values });
  }
  return out;
}

export const getTaskSingleValueMetrics = handler(
  requestShape<GetTaskSingleValueMetricsRequest>()({
    tasks: v.list(v.str(), { minItems: 1 }),
    metrics: metricsFilterRule.opt(),
    model_events: v.bool().default(false),
  }),
  (req, ctx): GetTaskSingleValueMetricsResponse => {
    const found = readableOwners(ctx, req.tasks, req.model_events);
    const owners = [...new Set(req.tasks)].map((id) => found.get(id) as Owner);
    return { tasks: singleValues(ctx.db, owners, req.metrics) };
  },
);

interface ScalarMetricDataState {
  task: string;
  metric: string;
  model_events: boolean;
  /** The last iteration returned. */
  after: number;
}

export const getScalarMetricData = handler(
  requestShape<GetScalarMetricDataRequest>()({
    task: v.str(),
    metric: v.str(),
    scroll_id: v.str().opt(),
    no_scroll: v.bool().default(false),
    model_events: v.bool().default(false),
  }),
  (req, ctx): GetScalarMetricDataResponse => {
    let state: ScalarMetricDataState | undefined;
    const scrollId = req.scroll_id === '' ? undefined : req.scroll_id;
    if (scrollId !== undefined && scrollId !== EXHAUSTED_SCROLL) {
      state = loadState<ScalarMetricDataState>(ctx, 'scalar_metric_data', scrollId);
      if (!state) throw invalidScrollId(scrollId, 'unknown or expired scroll');
      if (state.task !== req.task || state.metric !== req.metric)
        throw invalidScrollId(scrollId, 'the scroll belongs to another task or metric');
    }
    const modelEvents = state?.model_events ?? req.model_events;
    readableOwner(ctx, req.task, modelEvents);
    const series = seriesOfType(ctx.db, req.task, SCALAR).filter((s) => s.metric === req.metric);
    const total = series.reduce(
      (n, s) =>
        n +
        (pluckStmt(ctx.db, 'SELECT count(*) FROM (SELECT 1 FROM scalar_events WHERE series = ? LIMIT ?)').get(
          s.id,
          SCALAR_METRIC_DATA_TOTAL_CAP,
        ) as number),
      0,
    );
    const cappedTotal = Math.min(total, SCALAR_METRIC_DATA_TOTAL_CAP);
    if (scrollId === EXHAUSTED_SCROLL)
      return { events: [], returned: 0, total: cappedTotal, scroll_id: EXHAUSTED_SCROLL };

    const sources = series.map((s) =>
      mapSource(scalarSource(ctx.db, s.id, 'iter', true, state?.after), (r) => ({
        iter: r.iter,
        build: (): ScalarEvent => scalarDoc(s, r.iter, r.value, r.timestamp, r.written, r.worker, r.extra),
      })),
    );
    const page = takePage(sources, (e) => e.iter, true, SCALAR_METRIC_DATA_PAGE);
    const more = sources.some((s) => s.peek() !== undefined);
    const last = page[page.length - 1];
    let nextId: string | null;
    if (req.no_scroll) nextId = null;
    else if (!more || last === undefined) nextId = EXHAUSTED_SCROLL;
    else
      nextId = saveState(ctx, 'scalar_metric_data', scrollId, {
        task: req.task,
        metric: req.metric,
        model_events: modelEvents,
        after: last.iter,
      } satisfies ScalarMetricDataState);
    return { events: page.map((e) => e.build()), returned: page.length, total: cappedTotal, scroll_id: nextId };
  },
);

export const vectorMetricsIterHistogram = handler(
  requestShape<VectorMetricsIterHistogramRequest>()({
    task: v.str(),
    metric: v.str(),
    variant: v.str(),
    model_events: v.bool().default(false),
  }),
  (req, ctx): VectorMetricsIterHistogramResponse => {
    readableOwner(ctx, req.task, req.model_events);
    const series = seriesOfType(ctx.db, req.task, VECTOR).find(
      (s) => s.metric === req.metric && s.variant === req.variant,
    );
    const vectors: number[][] = [];
    const iterations: number[] = [];
    if (series) {
      const rows = stmt(
        ctx.db,
        'SELECT iter, extra FROM doc_events WHERE series = ? AND iter > ? ORDER BY iter, ikey LIMIT ?',
      ).all(series.id, NO_ITER_PARAM, VECTOR_HISTOGRAM_CAP) as { iter: number; extra: string | null }[];
      for (const r of rows) {
        const value = r.extra === null ? undefined : (JSON.parse(r.extra) as { value?: unknown }).value;
        if (!Array.isArray(value)) continue;
        vectors.push(value as number[]);
        iterations.push(r.iter);
      }
    }
    return { metric: req.metric, variant: req.variant, vectors, iterations };
  },
);

export const scalarReadHandlers: ServedHandlersOf<
  | 'events.get_scalar_metric_data'
  | 'events.get_task_latest_scalar_values'
  | 'events.get_task_single_value_metrics'
  | 'events.vector_metrics_iter_histogram'
> = {
  'events.get_scalar_metric_data': getScalarMetricData,
  'events.get_task_latest_scalar_values': getTaskLatestScalarValues,
  'events.get_task_single_value_metrics': getTaskSingleValueMetrics,
  'events.vector_metrics_iter_histogram': vectorMetricsIterHistogram,
};
