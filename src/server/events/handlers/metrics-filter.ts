// The "metrics filter" of read requests: [{metric, variants?}], entries OR-ed, an absent or
// empty `variants` meaning every variant of the metric (docs/wire-facts.md §6).
import { v } from '../../http/validate.js';

export interface MetricVariantsFilter {
  metric: string;
  variants?: string[];
}

export const metricsFilterRule = v.list(v.obj({ metric: v.str(), variants: v.list(v.str()).opt() }));

/** An absent or empty list matches everything. */
export function matchesMetrics(
  filter: readonly MetricVariantsFilter[] | undefined,
  metric: string,
  variant: string,
): boolean {
  if (!filter || filter.length === 0) return true;
  for (const f of filter) {
    if (f.metric !== metric) continue;
    if (!f.variants || f.variants.length === 0 || f.variants.includes(variant)) return true;
  }
  return false;
}

/** Plain string order for names (what SQLite's ORDER BY gives for ordinary text). */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
