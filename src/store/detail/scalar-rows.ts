// The scalars pane's rows, one per series whatever the sign of its values: the list from
// events.get_scalar_metrics_and_variants, last / min / max from the task's last_metrics (what
// the ClearML SDK's Task.get_last_scalar_metrics reads: `value`, `min_value`, `max_value`; see
// docs/wire-facts.md §3.7). events.get_task_latest_scalar_values is not used: servers consider
// only values > 0 there, so a series that is all negative is missing and one that crosses zero
// shows its last positive value (docs/wire-facts.md §6.2).
import { DataShapeError, isObject } from '../core/index.js';
import { compareSeries, isMonitorMetric } from '../../text/series-names.js';
import { summaryOf, withExtremes, type SampledSeries, type SeriesSummary } from '../../text/series-truth.js';

export interface ScalarRow {
  metric: string;
  variant: string;
  /** last_metrics `value`: the value at the highest iteration. */
  last: number | null;
  min: number | null;
  max: number | null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const key = (metric: string, variant: string): string => `${metric}\u0000${variant}`;

/** `{metrics: {M: [V, ...]}}` (the client normalises older list shapes) → series names. */
export function parseMetricsAndVariants(data: unknown, endpoint: string): { metric: string; variant: string }[] {
  if (!isObject(data) || !isObject(data.metrics)) throw new DataShapeError(endpoint, 'the answer has no "metrics"');
  const out: { metric: string; variant: string }[] = [];
  for (const [metric, variants] of Object.entries(data.metrics)) {
    if (!Array.isArray(variants)) continue;
    for (const variant of variants) if (typeof variant === 'string') out.push({ metric, variant });
  }
  return out;
}

/** The last_metrics entries (`{metric, variant, ...}`) of one task in a tasks.get_all_ex answer. */
function* lastMetricsEntries(data: unknown, endpoint: string, taskId: string): Generator<Record<string, unknown>> {
  if (!isObject(data) || !Array.isArray(data.tasks)) throw new DataShapeError(endpoint, 'the answer has no "tasks"');
  const task = data.tasks.find((t) => isObject(t) && t.id === taskId) as Record<string, unknown> | undefined;
  const byMetric = task?.last_metrics;
  if (!isObject(byMetric)) return;
  for (const variants of Object.values(byMetric)) {
    if (!isObject(variants)) continue;
    for (const entry of Object.values(variants))
      if (isObject(entry) && typeof entry.metric === 'string' && typeof entry.variant === 'string') yield entry;
  }
}

/** What the task's last_metrics says of each series: its rows and its summaries, keyed by metric/variant. */
export interface TaskLastMetrics {
  rows: Map<string, ScalarRow>;
  summaries: Map<string, SeriesSummary>;
}

/** The task's last_metrics (from a tasks.get_all_ex answer) as rows and summaries. */
export function parseLastMetrics(data: unknown, endpoint: string, taskId: string): TaskLastMetrics {
  const out: TaskLastMetrics = { rows: new Map(), summaries: new Map() };
  for (const entry of lastMetricsEntries(data, endpoint, taskId)) {
    const metric = entry.metric as string;
    const variant = entry.variant as string;
    const k = key(metric, variant);
    // The SDK keeps the first entry it meets for a metric/variant (setdefault); so do we.
    if (out.rows.has(k)) continue;
    out.rows.set(k, {
      metric,
      variant,
      last: finite(entry.value),
      min: finite(entry.min_value),
      max: finite(entry.max_value),
    });
    out.summaries.set(k, summaryOf(entry));
  }
  return out;
}

/**
 * The histogram's series, each with its last_metrics summary and, on an iteration axis, its
 * true minimum and maximum put back among the bucket means (src/text/series-truth.ts).
 */
export function withTrueExtremes(
  series: Record<string, Record<string, SampledSeries>>,
  summaries: ReadonlyMap<string, SeriesSummary> | undefined,
  xIsIter: boolean,
): Record<string, Record<string, SampledSeries>> {
  const out: Record<string, Record<string, SampledSeries>> = {};
  for (const [metric, variants] of Object.entries(series))
    for (const [variant, s] of Object.entries(variants)) {
      const summary = summaries?.get(key(metric, variant));
      (out[metric] ??= {})[variant] = summary === undefined ? s : withExtremes(s, summary, xIsIter);
    }
  return out;
}

/**
 * Every series any of the three answers names (the list, last_metrics, the histogram), once,
 * with last_metrics' values where it has them; the user's series first, `:monitor:` ones after.
 */
export function scalarRows(
  listed: readonly { metric: string; variant: string }[] | null,
  last: ReadonlyMap<string, ScalarRow> | null,
  drawn: Record<string, Record<string, unknown>> | null,
): ScalarRow[] {
  const rows = new Map<string, ScalarRow>();
  const add = (metric: string, variant: string): void => {
    const k = key(metric, variant);
    if (!rows.has(k)) rows.set(k, last?.get(k) ?? { metric, variant, last: null, min: null, max: null });
  };
  for (const s of listed ?? []) add(s.metric, s.variant);
  for (const row of last?.values() ?? []) add(row.metric, row.variant);
  for (const [metric, variants] of Object.entries(drawn ?? {}))
    for (const variant of Object.keys(variants)) add(metric, variant);
  return [...rows.values()].sort(compareSeries);
}

/** A line of the scalars list: a series, or the header of the `:monitor:` group (foldable). */
export type ScalarEntry =
  { kind: 'series'; row: ScalarRow; monitor: boolean } | { kind: 'monitor-group'; count: number; folded: boolean };

/**
 * The list's lines: the user's series, then (when the task has any) a `:monitor:` header
 * and, unless folded, the monitor's series under it. `rows` are in `scalarRows` order.
 */
export function scalarEntries(rows: readonly ScalarRow[], monitorFolded: boolean): ScalarEntry[] {
  const entries: ScalarEntry[] = [];
  const monitor: ScalarRow[] = [];
  for (const row of rows) {
    if (isMonitorMetric(row.metric)) monitor.push(row);
    else entries.push({ kind: 'series', row, monitor: false });
  }
  if (monitor.length === 0) return entries;
  entries.push({ kind: 'monitor-group', count: monitor.length, folded: monitorFolded });
  if (!monitorFolded) for (const row of monitor) entries.push({ kind: 'series', row, monitor: true });
  return entries;
}

/** Identifies a line across refreshes (the selection stays on it). */
export function entryKey(entry: ScalarEntry | undefined): string | null {
  if (entry === undefined) return null;
  return entry.kind === 'series' ? key(entry.row.metric, entry.row.variant) : '\u0000monitor';
}
