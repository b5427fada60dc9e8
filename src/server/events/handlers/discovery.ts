// Metric discovery (docs/wire-facts.md §6.1): get_task_metrics, get_multi_task_metrics,
// get_scalar_metrics_and_variants, get_vector_metrics_and_variants.
import {
  EVENT_TYPES,
  type EventTypeFilter,
  type GetMultiTaskMetricsRequest,
  type GetMultiTaskMetricsResponse,
  type GetTaskMetricsRequest,
  type GetTaskMetricsResponse,
  type MetricsAndVariantsResponse,
  type TaskOnlyRequest,
} from '../../../wire/events.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v } from '../../http/validate.js';
import { logSeriesHasIterations } from '../storage/log-iterations.js';
import { LOG, SCALAR, TYPE_CODES, VECTOR } from '../storage/event-types.js';
import { compareNames } from './metrics-filter.js';
import { readableOwner, readableOwners } from '../storage/owners.js';
import { companyHasEvents, seriesOfOwner, seriesOfType, type SeriesRow } from '../storage/series.js';

export const eventTypeFilterRule = v.oneOf<EventTypeFilter>([...EVENT_TYPES, '*']);

export function typeCodeOf(filter: EventTypeFilter): number | undefined {
  return filter === '*' ? undefined : TYPE_CODES[filter];
}

export function seriesFor(db: Db, owner: string, type: number | undefined): SeriesRow[] {
  return type === undefined ? seriesOfOwner(db, owner) : seriesOfType(db, owner, type);
}

/** Whether the series has a point at a real iteration (above the single-value one). */
function hasIterationPoints(db: Db, s: SeriesRow): boolean {
  if (s.type === LOG) return logSeriesHasIterations(db, s.owner, s.id);
  const table = s.type === SCALAR ? 'scalar_events' : 'doc_events';
  return stmt(db, `SELECT 1 FROM ${table} WHERE series = ? AND iter > -2147483648 LIMIT 1`).get(s.id) !== undefined;
}

const tasksRule = v.list(v.str(), { minItems: 1 });

export const getTaskMetrics = handler(
  requestShape<GetTaskMetricsRequest>()({
    tasks: tasksRule,
    event_type: eventTypeFilterRule,
    model_events: v.bool().default(false),
  }),
  (req, ctx): GetTaskMetricsResponse => {
    readableOwners(ctx, req.tasks, req.model_events);
    const type = typeCodeOf(req.event_type);
    if (!companyHasEvents(ctx.db, ctx.identity.company, type, req.model_events)) return { metrics: [] };
    return {
      metrics: req.tasks.map((task) => {
        const metrics = new Set<string>();
        for (const s of seriesFor(ctx.db, task, type))
          if (!metrics.has(s.metric) && hasIterationPoints(ctx.db, s)) metrics.add(s.metric);
        return { task, metrics: [...metrics].sort(compareNames) };
      }),
    };
  },
);

export const getMultiTaskMetrics = handler(
  requestShape<GetMultiTaskMetricsRequest>()({
    tasks: tasksRule,
    event_type: eventTypeFilterRule.default('*'),
    model_events: v.bool().default(false),
  }),
  (req, ctx): GetMultiTaskMetricsResponse => {
    readableOwners(ctx, req.tasks, req.model_events);
    const type = typeCodeOf(req.event_type);
    const variants = new Map<string, Set<string>>();
    for (const task of new Set(req.tasks)) {
      for (const s of seriesFor(ctx.db, task, type)) {
        let set = variants.get(s.metric);
        if (!set) variants.set(s.metric, (set = new Set()));
        set.add(s.variant);
      }
    }
    return {
      metrics: [...variants.keys()]
        .sort(compareNames)
        .map((metric) => ({ metric, variants: [...(variants.get(metric) ?? [])].sort(compareNames) })),
    };
  },
);

const TASK_ONLY_SHAPE = requestShape<TaskOnlyRequest>()({ task: v.str(), model_events: v.bool().default(false) });

function metricsAndVariants(type: number) {
  return handler(TASK_ONLY_SHAPE, (req, ctx): MetricsAndVariantsResponse => {
    readableOwner(ctx, req.task, req.model_events);
    const metrics: Record<string, string[]> = {};
    for (const s of seriesOfType(ctx.db, req.task, type)) (metrics[s.metric] ??= []).push(s.variant);
    return { metrics };
  });
}

export const getScalarMetricsAndVariants = metricsAndVariants(SCALAR);
export const getVectorMetricsAndVariants = metricsAndVariants(VECTOR);

export const discoveryHandlers: ServedHandlersOf<
  | 'events.get_multi_task_metrics'
  | 'events.get_scalar_metrics_and_variants'
  | 'events.get_task_metrics'
  | 'events.get_vector_metrics_and_variants'
> = {
  'events.get_multi_task_metrics': getMultiTaskMetrics,
  'events.get_scalar_metrics_and_variants': getScalarMetricsAndVariants,
  'events.get_task_metrics': getTaskMetrics,
  'events.get_vector_metrics_and_variants': getVectorMetricsAndVariants,
};
