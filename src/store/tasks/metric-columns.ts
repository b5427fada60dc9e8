// Metric columns of the task list (`M`): a metric/variant whose last value each listed task
// shows, read from the task's `last_metrics` (keyed by the md5 of the metric and of the
// variant, as real servers key it), and sortable on the server by that value.
export const MAX_METRIC_COLUMNS = 3;

export interface MetricColumn {
  metric: string;
  variant: string;
  /** The keys of `last_metrics` (md5 of the metric and of the variant, from the server's answer). */
  metricHash: string;
  variantHash: string;
}

/** The column's key in TaskRow.lastMetrics. */
export function metricColumnKey(c: Pick<MetricColumn, 'metricHash' | 'variantHash'>): string {
  return `${c.metricHash}.${c.variantHash}`;
}

/** The field the list asks for (`only_fields`) and sorts by (`order_by`). */
export function metricValueField(c: Pick<MetricColumn, 'metricHash' | 'variantHash'>): string {
  return `last_metrics.${c.metricHash}.${c.variantHash}.value`;
}

/** "val/acc" for a metric "val" and variant "acc"; the metric alone when both are the same. */
export function metricColumnLabel(c: Pick<MetricColumn, 'metric' | 'variant'>): string {
  if (c.variant === '' || c.variant === c.metric) return c.metric;
  return `${c.metric}/${c.variant}`;
}

/** The metric/variant pairs in `last_metrics` answers, each once, the user's before `:monitor:` ones. */
export function metricsOf(tasks: readonly unknown[]): MetricColumn[] {
  const byKey = new Map<string, MetricColumn>();
  for (const task of tasks) {
    const lm = isRecord(task) ? task.last_metrics : undefined;
    if (!isRecord(lm)) continue;
    for (const [metricHash, variants] of Object.entries(lm)) {
      if (!isRecord(variants)) continue;
      for (const [variantHash, entry] of Object.entries(variants)) {
        if (!isRecord(entry) || typeof entry.metric !== 'string' || typeof entry.variant !== 'string') continue;
        const column = { metric: entry.metric, variant: entry.variant, metricHash, variantHash };
        if (!byKey.has(metricColumnKey(column))) byKey.set(metricColumnKey(column), column);
      }
    }
  }
  const system = (c: MetricColumn): number => (c.metric.startsWith(':monitor:') ? 1 : 0);
  return [...byKey.values()].sort(
    (a, b) => system(a) - system(b) || compare(a.metric, b.metric) || compare(a.variant, b.variant),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Columns read back from the state file: well-formed ones only, at most MAX_METRIC_COLUMNS. */
export function parseMetricColumns(value: unknown): MetricColumn[] {
  if (!Array.isArray(value)) return [];
  const out: MetricColumn[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const { metric, variant, metricHash, variantHash } = item;
    if (typeof metric !== 'string' || typeof variant !== 'string') continue;
    if (typeof metricHash !== 'string' || !/^[0-9A-Za-z_-]+$/.test(metricHash)) continue;
    if (typeof variantHash !== 'string' || !/^[0-9A-Za-z_-]+$/.test(variantHash)) continue;
    out.push({ metric, variant, metricHash, variantHash });
  }
  return out.slice(0, MAX_METRIC_COLUMNS);
}
