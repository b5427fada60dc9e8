// Series names as the scalars pane shows them: the user's own series first, the resource
// monitor's (`:monitor:…`, reported by the SDK every 30 s or so) grouped after them; and names
// shortened to the width a pane has so that the shown names stay distinct.
import { displayWidth, truncateToWidth } from './width.js';

/** Metrics the ClearML SDK's resource monitor reports (machine, gpu). */
const MONITOR_PREFIX = ':monitor:';

export function isMonitorMetric(metric: string): boolean {
  return metric.startsWith(MONITOR_PREFIX);
}

interface MetricVariant {
  metric: string;
  variant: string;
}

/** Orders series by metric then variant, the resource monitor's after all of the user's. */
export function compareSeries(a: MetricVariant, b: MetricVariant): number {
  const ma = isMonitorMetric(a.metric);
  const mb = isMonitorMetric(b.metric);
  if (ma !== mb) return ma ? 1 : -1;
  if (a.metric !== b.metric) return a.metric < b.metric ? -1 : 1;
  if (a.variant !== b.variant) return a.variant < b.variant ? -1 : 1;
  return 0;
}

/** Drops the `:monitor:` prefix (shown once, on the group's header). */
export function withoutMonitorPrefix(metric: string): string {
  return isMonitorMetric(metric) ? metric.slice(MONITOR_PREFIX.length) || metric : metric;
}

/** The last `width` columns of `text`, with `ellipsis` in front when cut. */
function keepEnd(text: string, width: number, ellipsis: string): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  const room = width - displayWidth(ellipsis);
  if (room <= 0) return truncateToWidth(ellipsis, width);
  const chars = [...text];
  let out = '';
  let used = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const ch = chars[i] as string;
    const w = displayWidth(ch);
    if (used + w > room) break;
    out = ch + out;
    used += w;
  }
  return ellipsis + out;
}

function longestCommonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  // Never split a surrogate pair.
  if (i > 0 && i < a.length && /[\uDC00-\uDFFF]/.test(a[i] as string)) i--;
  return i;
}

/**
 * Each name fitted to `width` columns so that names that differ stay different where possible.
 * A name that fits is kept whole. A longer one that shares its start with another name keeps
 * the part that differs (from where they part to the end: `:monitor:mac…used_gb` and
 * `:monitor:mac…free_gb`) and as much of the start as still fits; a name that shares nothing
 * is cut at its end. Names still equal after that show their last columns. Pure; same order.
 */
export function shortenNames(names: readonly string[], width: number, ellipsis = '…'): string[] {
  const w = Math.max(0, Math.floor(width));
  const sorted = [...new Set(names)].sort();
  const out = names.map((name) => {
    if (displayWidth(name) <= w) return name;
    const at = sorted.indexOf(name);
    const shared = Math.max(
      at > 0 ? longestCommonPrefix(name, sorted[at - 1] as string) : 0,
      at + 1 < sorted.length ? longestCommonPrefix(name, sorted[at + 1] as string) : 0,
    );
    if (shared === 0) return truncateToWidth(name, w, { ellipsis });
    const distinct = name.slice(shared);
    const headRoom = w - displayWidth(distinct);
    if (headRoom > displayWidth(ellipsis))
      return truncateToWidth(name.slice(0, shared), headRoom, { ellipsis }) + distinct;
    return truncateToWidth(ellipsis + distinct, w, { ellipsis });
  });
  return dedupe(out, names, w, ellipsis);
}

/** Names still equal after shortening (yet different whole) fall back to their last columns. */
function dedupe(shown: string[], names: readonly string[], width: number, ellipsis: string): string[] {
  const byShown = new Map<string, Set<string>>();
  shown.forEach((s, i) => {
    const set = byShown.get(s) ?? new Set<string>();
    set.add(names[i] as string);
    byShown.set(s, set);
  });
  return shown.map((s, i) => ((byShown.get(s)?.size ?? 0) > 1 ? keepEnd(names[i] as string, width, ellipsis) : s));
}
