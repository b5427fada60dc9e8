// What a write changes on the task (or model) document, in the same transaction as the events
// (docs/wire-facts.md §3.7): last_iteration, last_metrics, metric_stats, last_update/last_change.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { LOG, NO_ITER, SCALAR, typeName } from './event-types.js';
import type { PendingEvent } from '../handlers/normalize-event.js';
import type { LastMetricEntry } from '../../../wire/tasks.js';

/** Resource-monitor metrics do not move last_iteration. */
const MONITOR_METRICS = new Set([':monitor:machine', ':monitor:gpu']);
/** At most this many metric/variant pairs are tracked in last_metrics per task. */
const MAX_LAST_METRICS_PAIRS = 2000;

function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

interface ScalarBatch {
  metric: string;
  variant: string;
  count: number;
  sum: number;
  // The batch's latest (by iter, then timestamp), first, smallest and largest points.
  latestValue: number;
  latestIter: number;
  latestTs: number;
  firstValue: number;
  firstIter: number;
  firstTs: number;
  minValue: number;
  minIter: number;
  maxValue: number;
  maxIter: number;
  xAxisLabel: string | undefined;
}

interface OwnerBatch {
  model: boolean;
  maxIter: number | undefined;
  scalars: Map<string, ScalarBatch>;
  /** metric → type name → newest event timestamp. */
  metricTimes: Map<string, Map<string, number>>;
}

export type LastMetrics = Record<string, Record<string, LastMetricEntry>>;
type MetricStats = Record<string, { metric: string; event_stats_by_type: Record<string, { last_update: number }> }>;

function parseJsonObject<T>(text: string): T {
  try {
    const v = JSON.parse(text) as unknown;
    return (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {}) as T;
  } catch {
    return {} as T;
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export class OwnerUpdates {
  private readonly owners = new Map<string, OwnerBatch>();

  add(ev: PendingEvent): void {
    let o = this.owners.get(ev.owner);
    if (!o) {
      o = { model: ev.model, maxIter: undefined, scalars: new Map(), metricTimes: new Map() };
      this.owners.set(ev.owner, o);
    }
    if (ev.iter !== NO_ITER && !MONITOR_METRICS.has(ev.metric) && (o.maxIter === undefined || ev.iter > o.maxIter))
      o.maxIter = ev.iter;
    if (ev.type !== LOG) {
      let byType = o.metricTimes.get(ev.metric);
      if (!byType) o.metricTimes.set(ev.metric, (byType = new Map()));
      const name = typeName(ev.type);
      const prev = byType.get(name);
      if (prev === undefined || ev.timestamp > prev) byType.set(name, ev.timestamp);
    }
    if (ev.type !== SCALAR) return;
    // Keyed by series name; a batch rarely has more than a few hundred.
    const key = `${ev.metric}\u0000${ev.variant}`;
    const { value, iter, timestamp } = ev;
    const s = o.scalars.get(key);
    if (!s) {
      o.scalars.set(key, {
        metric: ev.metric,
        variant: ev.variant,
        count: 1,
        sum: value,
        latestValue: value,
        latestIter: iter,
        latestTs: timestamp,
        firstValue: value,
        firstIter: iter,
        firstTs: timestamp,
        minValue: value,
        minIter: iter,
        maxValue: value,
        maxIter: iter,
        xAxisLabel: ev.xAxisLabel,
      });
      return;
    }
    s.count++;
    s.sum += value;
    if (iter > s.latestIter || (iter === s.latestIter && timestamp >= s.latestTs)) {
      s.latestValue = value;
      s.latestIter = iter;
      s.latestTs = timestamp;
    }
    if (iter < s.firstIter || (iter === s.firstIter && timestamp < s.firstTs)) {
      s.firstValue = value;
      s.firstIter = iter;
      s.firstTs = timestamp;
    }
    if (value < s.minValue) {
      s.minValue = value;
      s.minIter = iter;
    }
    if (value > s.maxValue) {
      s.maxValue = value;
      s.maxIter = iter;
    }
    if (ev.xAxisLabel !== undefined) s.xAxisLabel = ev.xAxisLabel;
  }

  apply(db: Db, now: number, user: string): void {
    for (const [id, o] of this.owners) {
      const table = o.model ? 'models' : 'tasks';
      const row = stmt(db, `SELECT last_iteration, last_metrics, metric_stats FROM ${table} WHERE id = ?`).get(id) as
        { last_iteration: number; last_metrics: string; metric_stats: string } | undefined;
      if (!row) continue;
      const lastIteration = o.maxIter === undefined ? row.last_iteration : Math.max(row.last_iteration, o.maxIter);
      const lastMetrics =
        o.scalars.size > 0 ? mergeLastMetrics(parseJsonObject(row.last_metrics), o.scalars) : undefined;
      const metricStats =
        o.metricTimes.size > 0 ? mergeMetricStats(parseJsonObject(row.metric_stats), o.metricTimes) : undefined;
      const lm = lastMetrics === undefined ? row.last_metrics : JSON.stringify(lastMetrics);
      const ms = metricStats === undefined ? row.metric_stats : JSON.stringify(metricStats);
      if (o.model) {
        stmt(
          db,
          'UPDATE models SET last_iteration = ?, last_metrics = ?, metric_stats = ?, last_update = ? WHERE id = ?',
        ).run(lastIteration, lm, ms, now, id);
      } else {
        stmt(
          db,
          `UPDATE tasks SET last_iteration = ?, last_metrics = ?, metric_stats = ?, last_update = ?, last_change = ?,
           last_changed_by = ? WHERE id = ?`,
        ).run(lastIteration, lm, ms, now, now, user, id);
      }
    }
  }
}

function mergeLastMetrics(current: LastMetrics, batch: Map<string, ScalarBatch>): LastMetrics {
  let pairs = 0;
  for (const variants of Object.values(current)) pairs += Object.keys(variants).length;
  for (const s of batch.values()) {
    const mh = md5Hex(s.metric);
    const vh = md5Hex(s.variant);
    let entry = current[mh]?.[vh];
    if (!entry) {
      if (pairs >= MAX_LAST_METRICS_PAIRS) continue;
      pairs++;
      entry = { metric: s.metric, variant: s.variant };
      (current[mh] ??= {})[vh] = entry;
    }
    const oldCount = entry.count ?? 0;
    entry.value = s.latestValue;
    if (entry.min_value === undefined || s.minValue < entry.min_value) {
      entry.min_value = s.minValue;
      entry.min_value_iteration = s.minIter;
    }
    if (entry.max_value === undefined || s.maxValue > entry.max_value) {
      entry.max_value = s.maxValue;
      entry.max_value_iteration = s.maxIter;
    }
    if (entry.first_value === undefined) {
      entry.first_value = s.firstValue;
      entry.first_value_iteration = s.firstIter;
    }
    entry.count = oldCount + s.count;
    entry.mean_value = round2(((entry.mean_value ?? 0) * oldCount + s.sum) / entry.count);
    if (s.xAxisLabel !== undefined) entry.x_axis_label = s.xAxisLabel;
  }
  return current;
}

function mergeMetricStats(current: MetricStats, batch: Map<string, Map<string, number>>): MetricStats {
  for (const [metric, byType] of batch) {
    const mh = md5Hex(metric);
    const entry = (current[mh] ??= { metric, event_stats_by_type: {} });
    entry.metric = metric;
    for (const [type, ts] of byType) {
      const prev = entry.event_stats_by_type[type]?.last_update;
      entry.event_stats_by_type[type] = { last_update: prev === undefined ? ts : Math.max(prev, ts) };
    }
  }
  return current;
}

/** The x_axis_label last_metrics keeps for a metric/variant, if any. */
export function xAxisLabelOf(lastMetrics: LastMetrics, metric: string, variant: string): string | undefined {
  return lastMetrics[md5Hex(metric)]?.[md5Hex(variant)]?.x_axis_label;
}

/** metric_stats last_update of a metric for one type (refresh of debug_images / plots). */
export function metricLastUpdate(metricStatsJson: string, metric: string, type: number): number {
  const stats = parseJsonObject<MetricStats>(metricStatsJson);
  return stats[md5Hex(metric)]?.event_stats_by_type[typeName(type)]?.last_update ?? 0;
}

export function parseLastMetrics(json: string): LastMetrics {
  return parseJsonObject<LastMetrics>(json);
}
