// Scalar histograms (docs/wire-facts.md §6.2, §8): per (metric, variant) an interval from the point
// count and key range, intervals shared by groups of similar variants, and one point per
// non-empty aligned bucket: x = bucket start, y = mean value. Aggregation runs in SQLite so a
// million points never reach JavaScript.
import { SCALAR_KEYS, type ScalarKey } from '../../../wire/common.js';
import type {
  HistogramSeries,
  MultiTaskScalarMetricsIterHistogramRequest,
  MultiTaskScalarMetricsIterHistogramResponse,
  ScalarHistogram,
  ScalarMetricsIterHistogramRequest,
} from '../../../wire/events.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import type { Db } from '../../db/db.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v } from '../../http/validate.js';
import { SCALAR } from '../storage/event-types.js';
import { matchesMetrics, metricsFilterRule, type MetricVariantsFilter } from './metrics-filter.js';
import { parseLastMetrics, xAxisLabelOf, type LastMetrics } from '../storage/owner-updates.js';
import { readableOwner, readableOwners, type Owner } from '../storage/owners.js';
import { seriesOfType, type SeriesRow } from '../storage/series.js';
import { pluckStmt, rawStmt } from '../storage/prepared.js';
import {
  DEFAULT_SAMPLES,
  MAX_SAMPLES,
  GROUP_INTERVAL_SPREAD,
  GROUP_MAX_VARIANTS,
  GROUP_MAX_POINTS,
} from '../storage/limits.js';

interface HistogramOptions {
  /** 0 = every point. */
  samples: number;
  key: ScalarKey;
}

export const histogramRules = {
  samples: v.int({ min: 0, max: MAX_SAMPLES }).default(DEFAULT_SAMPLES),
  key: v.oneOf(SCALAR_KEYS).default('iter'),
  metrics: metricsFilterRule.opt(),
};

interface Span {
  series: SeriesRow;
  /** Exact when below `samples` (or when the key is a timestamp). */
  count: number;
  lo: number;
  hi: number;
  interval: number;
  effective: number;
}

export interface SampledSeries {
  metric: string;
  variant: string;
  x: (number | string)[];
  y: number[];
}

function spanOf(db: Db, s: SeriesRow, opts: HistogramOptions): Span | undefined {
  let count: number;
  let lo: number;
  let hi: number;
  if (opts.key === 'iter') {
    const first = pluckStmt(
      db,
      'SELECT iter FROM scalar_events WHERE series = ? AND iter > -2147483648 ORDER BY iter LIMIT 1',
    ).get(s.id) as number | undefined;
    if (first === undefined) return undefined;
    lo = first;
    hi = pluckStmt(
      db,
      'SELECT iter FROM scalar_events WHERE series = ? AND iter > -2147483648 ORDER BY iter DESC LIMIT 1',
    ).get(s.id) as number;
    count =
      opts.samples === 0
        ? 0
        : (pluckStmt(
            db,
            'SELECT count(*) FROM (SELECT 1 FROM scalar_events WHERE series = ? AND iter > -2147483648 LIMIT ?)',
          ).get(s.id, opts.samples) as number);
  } else {
    const row = rawStmt(
      db,
      'SELECT count(*), min(timestamp), max(timestamp) FROM scalar_events WHERE series = ? AND iter > -2147483648',
    ).get(s.id) as [number, number, number];
    if (row[0] === 0) return undefined;
    [count, lo, hi] = row;
  }
  const interval =
    opts.samples === 0 || count < opts.samples ? 1 : Math.max(1, Math.ceil((hi - lo + 1) / opts.samples));
  return { series: s, count, lo, hi, interval, effective: interval };
}

/** Estimated buckets of a span at an interval. */
function estimate(sp: Span, interval: number, samples: number): number {
  const buckets = Math.ceil((sp.hi - sp.lo + 1) / interval);
  return sp.count < samples ? Math.min(sp.count, buckets) : buckets;
}

/** Step 3 of docs/wire-facts.md §8: similar intervals are grouped and share the group's largest. */
function groupIntervals(spans: Span[], samples: number): void {
  const sorted = [...spans].sort((a, b) => a.interval - b.interval);
  let group: Span[] = [];
  let groupMin = 0;
  let groupMax = 0;
  const flush = () => {
    for (const sp of group) sp.effective = groupMax;
  };
  for (const sp of sorted) {
    if (group.length > 0) {
      const max = Math.max(groupMax, sp.interval);
      const points = group.reduce((n, g) => n + estimate(g, max, samples), 0) + estimate(sp, max, samples);
      if (
        sp.interval <= groupMin * GROUP_INTERVAL_SPREAD &&
        group.length < GROUP_MAX_VARIANTS &&
        points <= GROUP_MAX_POINTS
      ) {
        group.push(sp);
        groupMax = max;
        continue;
      }
      flush();
    }
    group = [sp];
    groupMin = groupMax = sp.interval;
  }
  flush();
}

function buckets(db: Db, sp: Span, key: ScalarKey): { x: (number | string)[]; y: number[] } {
  const id = sp.series.id;
  const I = sp.effective;
  // Iterations are the table's key order; timestamps (also behind iso_time) are not.
  const column = key === 'iter' ? 'iter' : 'timestamp';
  let rows: [number, number | null][];
  if (I === 1) {
    rows = rawStmt(
      db,
      `SELECT ${column}, avg(value) FROM scalar_events WHERE series = ? AND iter > -2147483648
       GROUP BY ${column} ORDER BY ${column}`,
    ).all(id) as [number, number][];
  } else if (column === 'iter') {
    // One bucket per aligned multiple of I between lo and hi, each a range scan of the key.
    const base = Math.floor(sp.lo / I) * I;
    const last = Math.floor(sp.hi / I) * I;
    rows = rawStmt(
      db,
      `WITH RECURSIVE b(s) AS (SELECT ? UNION ALL SELECT s + ? FROM b WHERE s + ? <= ?)
       SELECT s, (SELECT avg(value) FROM scalar_events
                  WHERE series = ? AND iter >= s AND iter < s + ? AND iter > -2147483648) FROM b`,
    ).all(base, I, I, last, id, I) as [number, number | null][];
  } else {
    // Group timestamps in SQLite's sorter.
    const base = Math.floor(sp.lo / I) * I;
    rows = (
      rawStmt(
        db,
        `SELECT (CAST(timestamp AS INTEGER) - ?) / ? AS b, avg(value) FROM scalar_events
         WHERE series = ? AND iter > -2147483648 GROUP BY b ORDER BY b`,
      ).all(BigInt(base), BigInt(I), id) as [number, number][]
    ).map(([b, y]) => [base + b * I, y]);
  }
  const x: (number | string)[] = [];
  const y: number[] = [];
  for (const [bx, by] of rows) {
    if (by === null) continue;
    x.push(key === 'iso_time' ? new Date(bx).toISOString() : bx);
    y.push(by);
  }
  return { x, y };
}

/** The sampled series of one owner's scalars, by metric then variant. */
function sampleOwnerScalars(
  db: Db,
  owner: string,
  opts: HistogramOptions,
  filter: readonly MetricVariantsFilter[] | undefined,
): SampledSeries[] {
  const spans: Span[] = [];
  for (const s of seriesOfType(db, owner, SCALAR)) {
    if (!matchesMetrics(filter, s.metric, s.variant)) continue;
    const sp = spanOf(db, s, opts);
    if (sp) spans.push(sp);
  }
  if (opts.samples > 0) groupIntervals(spans, opts.samples);
  const out: SampledSeries[] = [];
  for (const sp of spans) {
    const { x, y } = buckets(db, sp, opts.key);
    if (x.length > 0) out.push({ metric: sp.series.metric, variant: sp.series.variant, x, y });
  }
  return out;
}

function seriesEntry(name: string, s: SampledSeries, labels: LastMetrics): HistogramSeries {
  const entry: HistogramSeries = { name, x: s.x, y: s.y };
  const label = xAxisLabelOf(labels, s.metric, s.variant);
  if (label !== undefined) entry.x_axis_label = label;
  return entry;
}

export const scalarMetricsIterHistogram = handler(
  requestShape<ScalarMetricsIterHistogramRequest>()({
    task: v.str(),
    model_events: v.bool().default(false),
    ...histogramRules,
  }),
  (req, ctx): ScalarHistogram => {
    const owner = readableOwner(ctx, req.task, req.model_events);
    const labels = parseLastMetrics(owner.last_metrics);
    const out: ScalarHistogram = {};
    for (const s of sampleOwnerScalars(ctx.db, req.task, req, req.metrics)) {
      (out[s.metric] ??= {})[s.variant] = seriesEntry(s.variant, s, labels);
    }
    return out;
  },
);

/** metric → variant → owner id → series named after the owner (multi-task histogram, get_task_data). */
export function multiOwnerHistogram(
  ctx: RequestContext,
  owners: readonly Owner[],
  opts: HistogramOptions,
  filter: readonly MetricVariantsFilter[] | undefined,
): Record<string, Record<string, Record<string, HistogramSeries>>> {
  const out: Record<string, Record<string, Record<string, HistogramSeries>>> = {};
  for (const owner of owners) {
    const labels = parseLastMetrics(owner.last_metrics);
    for (const s of sampleOwnerScalars(ctx.db, owner.id, opts, filter)) {
      ((out[s.metric] ??= {})[s.variant] ??= {})[owner.id] = seriesEntry(owner.name, s, labels);
    }
  }
  return out;
}

export const multiTaskScalarMetricsIterHistogram = handler(
  requestShape<MultiTaskScalarMetricsIterHistogramRequest>()({
    tasks: v.list(v.str(), { minItems: 1, maxItems: 100 }),
    model_events: v.bool().default(false),
    ...histogramRules,
  }),
  (req, ctx): MultiTaskScalarMetricsIterHistogramResponse => {
    const found = readableOwners(ctx, req.tasks, req.model_events);
    const owners = [...new Set(req.tasks)].map((id) => found.get(id) as Owner);
    return { metrics: multiOwnerHistogram(ctx, owners, req, req.metrics) };
  },
);

export const histogramHandlers: ServedHandlersOf<
  'events.multi_task_scalar_metrics_iter_histogram' | 'events.scalar_metrics_iter_histogram'
> = {
  'events.multi_task_scalar_metrics_iter_histogram': multiTaskScalarMetricsIterHistogram,
  'events.scalar_metrics_iter_histogram': scalarMetricsIterHistogram,
};
