// Small statistics for benchmark rows: every figure is reported as median and spread.
export const median = (xs) => quantile(xs, 0.5);

/** Nearest-rank quantile (q in [0, 1]). */
export function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** "12.3 (10.1–15.0, n=5)" with the given digits. */
export function spread(xs, digits = 0) {
  const f = (x) => x.toFixed(digits);
  return `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))}, n=${xs.length})`;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
