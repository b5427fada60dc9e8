// Fitting table columns into a width, shared by the markdown and plot table renderers.

/**
 * Column widths that fit `available`: trailing columns are dropped first when even their
 * minimum widths cannot fit (leaving room for a one-column "…" marker), then the widest
 * columns are narrowed down to `minWidth`.
 */
export function fitColumns(
  natural: number[],
  available: number,
  sepWidth: number,
  minWidth: number,
): { widths: number[]; shown: number } {
  const count = natural.length;
  const least = (i: number): number => Math.max(1, Math.min(minWidth, natural[i] ?? 1));
  const markerWidth = (n: number): number => (n < count ? sepWidth + 1 : 0);
  let shown = count;
  const minTotal = (n: number): number => {
    let sum = sepWidth * Math.max(0, n - 1) + markerWidth(n);
    for (let i = 0; i < n; i++) sum += least(i);
    return sum;
  };
  while (shown > 1 && minTotal(shown) > available) shown--;
  const widths = natural.slice(0, shown).map((w) => Math.max(1, w));
  const room = available - markerWidth(shown) - sepWidth * Math.max(0, shown - 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > room) {
    let widest = -1;
    for (let i = 0; i < shown; i++) {
      const w = widths[i] ?? 0;
      if (w > least(i) && (widest < 0 || w > (widths[widest] ?? 0))) widest = i;
    }
    if (widest < 0) break;
    widths[widest] = (widths[widest] ?? 1) - 1;
    total--;
  }
  return { widths, shown };
}
