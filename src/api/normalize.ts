// Tolerant decoding: where the spec and real servers disagree (docs/wire-facts.md §0), whatever shape
// arrives is turned into the shape src/wire/ describes. Unknown fields are kept.
import type {
  DebugImageEvent,
  DebugImagesResponse,
  DeletedCountResponse,
  GetTaskLatestScalarValuesResponse,
  HistogramSeries,
  IterationEvents,
  MetricsAndVariantsResponse,
  ScalarHistogram,
  VectorMetricsIterHistogramRequest,
  VectorMetricsIterHistogramResponse,
} from '../wire/events.js';
import type { Endpoint } from '../wire/operations.js';
import { isObject } from '../wire/json.js';
import type { ReportStatusRequest } from '../wire/reports.js';

type Obj = Record<string, unknown>;

function asObj(value: unknown): Obj {
  return isObject(value) ? value : {};
}

// ---- requests --------------------------------------------------------------------------

const STATUS_TEXT_ENDPOINTS: ReadonlySet<Endpoint> = new Set([
  'reports.publish',
  'reports.archive',
  'reports.unarchive',
]);

/** Real servers read `message`, the spec names `comment`: send the text under both. */
export function prepareRequest(endpoint: Endpoint, body: unknown): unknown {
  if (!STATUS_TEXT_ENDPOINTS.has(endpoint) || !isObject(body)) return body;
  const req = body as unknown as ReportStatusRequest;
  const text = req.message ?? req.comment;
  if (text === undefined) return body;
  return { ...body, comment: req.comment ?? text, message: req.message ?? text };
}

// ---- responses -------------------------------------------------------------------------

function isSeries(value: unknown): value is HistogramSeries & Obj {
  return isObject(value) && Array.isArray(value.x) && Array.isArray(value.y);
}

function addSeries(into: ScalarHistogram, metric: string, variant: string, series: Obj): void {
  const variants = (into[metric] ??= {});
  variants[variant] = { ...series, name: typeof series.name === 'string' ? series.name : variant } as HistogramSeries;
}

/** Merges a `{M: {V: series}}` map into `into`, skipping anything that is not a series. */
function mergeMetricMap(into: ScalarHistogram, map: Obj): void {
  for (const [metric, variants] of Object.entries(map)) {
    if (!isObject(variants)) continue;
    for (const [variant, series] of Object.entries(variants)) {
      if (isSeries(series)) addSeries(into, metric, variant, series);
    }
  }
}

/** `{M: {V: {name, x, y}}}` (real servers) or `{images: [...]}` (the spec). */
export function toScalarHistogram(data: unknown): ScalarHistogram {
  const obj = asObj(data);
  const out: ScalarHistogram = {};
  const images = obj.images;
  if (!Array.isArray(images)) {
    mergeMetricMap(out, obj);
    return out;
  }
  for (const item of images) {
    if (!isObject(item)) continue;
    if (typeof item.metric === 'string' && isSeries(item)) {
      const variant = typeof item.variant === 'string' ? item.variant : typeof item.name === 'string' ? item.name : '';
      const { metric, variant: _variant, ...series } = item;
      addSeries(out, metric, variant, series);
    } else if (typeof item.metric === 'string' && isObject(item.variants)) {
      mergeMetricMap(out, { [item.metric]: item.variants });
    } else {
      mergeMetricMap(out, item);
    }
  }
  return out;
}

/** Fills both `last_10_value` (real servers) and `last_100_value` (the spec) from whichever is present. */
export function toLatestScalarValues(data: unknown): GetTaskLatestScalarValuesResponse {
  const obj = asObj(data);
  const metrics = Array.isArray(obj.metrics) ? obj.metrics : [];
  return {
    ...obj,
    metrics: metrics.filter(isObject).map((metric) => ({
      ...metric,
      name: String(metric.name ?? ''),
      variants: (Array.isArray(metric.variants) ? metric.variants : []).filter(isObject).map((variant) => {
        const last10 = variant.last_10_value ?? variant.last_100_value;
        const last100 = variant.last_100_value ?? variant.last_10_value;
        return {
          ...variant,
          name: String(variant.name ?? ''),
          last_value: variant.last_value as number,
          ...(last10 === undefined ? {} : { last_10_value: last10 as number }),
          ...(last100 === undefined ? {} : { last_100_value: last100 as number }),
        };
      }),
    })),
  };
}

/** `deleted` is a count on real servers and a boolean in the spec. */
export function toDeletedCount(data: unknown): DeletedCountResponse {
  const obj = asObj(data);
  const deleted = obj.deleted;
  const count = typeof deleted === 'number' ? deleted : deleted === true ? 1 : 0;
  return { ...obj, deleted: count };
}

/** `{metrics: {M: [V...]}}` (real servers), or an array of `{metric|name, variants}` entries. */
export function toMetricsAndVariants(data: unknown): MetricsAndVariantsResponse {
  const obj = asObj(data);
  const metrics = obj.metrics;
  const out: Record<string, string[]> = {};
  if (Array.isArray(metrics)) {
    for (const entry of metrics) {
      if (typeof entry === 'string') {
        out[entry] ??= [];
        continue;
      }
      if (!isObject(entry)) continue;
      const name = entry.metric ?? entry.name;
      if (typeof name !== 'string') continue;
      const variants = Array.isArray(entry.variants) ? entry.variants : [];
      out[name] = variants
        .map((v) => (typeof v === 'string' ? v : isObject(v) && typeof v.name === 'string' ? v.name : undefined))
        .filter((v): v is string => v !== undefined);
    }
  } else if (isObject(metrics)) {
    for (const [name, variants] of Object.entries(metrics)) {
      out[name] = Array.isArray(variants) ? variants.filter((v): v is string => typeof v === 'string') : [];
    }
  }
  return { ...obj, metrics: out };
}

function numberArray(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'number') ? (value as number[]) : undefined;
}

/** `{metric, variant, vectors, iterations}` (real servers) or `{images: [vector events]}` (the spec). */
export function toVectorHistogram(
  data: unknown,
  req: VectorMetricsIterHistogramRequest | undefined,
): VectorMetricsIterHistogramResponse {
  const obj = asObj(data);
  const metric = typeof obj.metric === 'string' ? obj.metric : (req?.metric ?? '');
  const variant = typeof obj.variant === 'string' ? obj.variant : (req?.variant ?? '');
  if (Array.isArray(obj.vectors) && Array.isArray(obj.iterations)) {
    return { ...obj, metric, variant, vectors: obj.vectors as number[][], iterations: obj.iterations as number[] };
  }
  const points: { iter: number; vector: number[] }[] = [];
  for (const item of Array.isArray(obj.images) ? obj.images : []) {
    if (!isObject(item)) continue;
    const vector = numberArray(item.value) ?? numberArray(item.values) ?? numberArray(item.vector);
    if (vector === undefined) continue;
    const iter =
      typeof item.iter === 'number' ? item.iter : typeof item.iteration === 'number' ? item.iteration : points.length;
    points.push({ iter, vector });
  }
  points.sort((a, b) => a.iter - b.iter);
  const { images: _images, ...rest } = obj;
  return { ...rest, metric, variant, vectors: points.map((p) => p.vector), iterations: points.map((p) => p.iter) };
}

/** The iteration-paging shape, or the legacy `{task, images: [events]}` of old handlers (docs/wire-facts.md §6.8). */
export function toDebugImages(data: unknown, req: { metrics?: { task: string }[] } | undefined): DebugImagesResponse {
  const obj = asObj(data);
  if (!Array.isArray(obj.images)) {
    return { ...obj, metrics: Array.isArray(obj.metrics) ? (obj.metrics as DebugImagesResponse['metrics']) : [] };
  }
  const events = obj.images.filter(isObject) as unknown as DebugImageEvent[];
  const byIter = new Map<number, DebugImageEvent[]>();
  for (const event of events) {
    const iter = typeof event.iter === 'number' ? event.iter : 0;
    const list = byIter.get(iter);
    if (list) list.push(event);
    else byIter.set(iter, [event]);
  }
  const iterations: IterationEvents<DebugImageEvent>[] = [...byIter.entries()]
    .sort(([a], [b]) => b - a)
    .map(([iter, list]) => ({ iter, events: list }));
  const task = typeof obj.task === 'string' ? obj.task : (events[0]?.task ?? req?.metrics?.[0]?.task ?? '');
  const { images: _images, task: _task, ...rest } = obj;
  const scrollId = typeof obj.scroll_id === 'string' ? obj.scroll_id : undefined;
  return {
    ...rest,
    ...(scrollId === undefined ? {} : { scroll_id: scrollId }),
    metrics: [{ task, iterations }],
  };
}

/** Applies the normalisation an endpoint needs; other answers pass through unchanged. */
export function normalizeResponse(endpoint: Endpoint, data: unknown, request: unknown): unknown {
  switch (endpoint) {
    case 'events.scalar_metrics_iter_histogram':
      return toScalarHistogram(data);
    case 'events.get_task_latest_scalar_values':
      return toLatestScalarValues(data);
    case 'events.delete_for_task':
    case 'events.delete_for_model':
    case 'events.clear_task_log':
      return toDeletedCount(data);
    case 'events.get_scalar_metrics_and_variants':
    case 'events.get_vector_metrics_and_variants':
      return toMetricsAndVariants(data);
    case 'events.vector_metrics_iter_histogram':
      return toVectorHistogram(
        data,
        isObject(request) ? (request as unknown as VectorMetricsIterHistogramRequest) : undefined,
      );
    case 'events.debug_images':
      return toDebugImages(data, isObject(request) ? (request as { metrics?: { task: string }[] }) : undefined);
    default:
      return data;
  }
}
