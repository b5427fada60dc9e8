// Plotly figures as the JSON strings a reporting SDK sends in `plot_str`.
import type { Evaluation } from './evaluation.js';
import type { Rng } from './random.js';

function round(value: number, digits = 4): number {
  return Number(value.toFixed(digits));
}

/** Overlaid histograms of weight values, one bar series per layer. */
export function weightHistogramPlot(
  rng: Rng,
  opts: { title: string; layers: readonly string[]; bins?: number; spread?: number },
): string {
  const bins = opts.bins ?? 24;
  const spread = opts.spread ?? 1;
  const edges = Array.from({ length: bins }, (_, i) => round((-3 + (6 * (i + 0.5)) / bins) * 0.05 * spread));
  const data = opts.layers.map((name, k) => {
    const width = 0.6 + 0.3 * k;
    const y = edges.map((_, i) => {
      const z = (-3 + (6 * (i + 0.5)) / bins) / width;
      return Math.max(0, Math.round(1000 * Math.exp(-0.5 * z * z) * (1 + 0.1 * rng.normal())));
    });
    return { type: 'bar', name, x: edges, y };
  });
  return JSON.stringify({
    data,
    layout: { title: opts.title, barmode: 'overlay', xaxis: { title: 'weight' }, yaxis: { title: 'count' } },
  });
}

/** An evaluation's confusion matrix as a heatmap: rows the true class, columns the predicted one. */
export function confusionMatrixPlot(title: string, evaluation: Evaluation): string {
  return JSON.stringify({
    data: [{ type: 'heatmap', x: [...evaluation.classes], y: [...evaluation.classes], z: evaluation.matrix }],
    layout: { title, xaxis: { title: 'predicted' }, yaxis: { title: 'true' } },
  });
}

/**
 * A 2-D embedding scatter. One value is the string "nan", as SDKs send for NaN, so
 * renderers meet it.
 */
export function embeddingScatterPlot(rng: Rng, opts: { title: string; points?: number; clusters?: number }): string {
  const points = Math.max(2, opts.points ?? 120);
  const clusters = Math.max(1, opts.clusters ?? 4);
  const centres = Array.from({ length: clusters }, () => [rng.range(-10, 10), rng.range(-10, 10)] as const);
  const x: (number | string)[] = [];
  const y: (number | string)[] = [];
  for (let i = 0; i < points; i += 1) {
    const c = centres[i % clusters] ?? [0, 0];
    x.push(round(c[0] + 1.5 * rng.normal(), 3));
    y.push(round(c[1] + 1.5 * rng.normal(), 3));
  }
  y[rng.int(0, points - 1)] = 'nan';
  return JSON.stringify({
    data: [{ type: 'scatter', mode: 'markers', name: 'samples', x, y }],
    layout: { title: opts.title, xaxis: { title: 'dim 1' }, yaxis: { title: 'dim 2' } },
  });
}

/** A table figure: header and cells are column-major (`cells.values[c]` is column c). */
export function tablePlot(opts: {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}): string {
  const header = opts.columns.map((c) => [c]);
  const cells = opts.columns.map((_, c) => opts.rows.map((row) => row[c] ?? ''));
  return JSON.stringify({
    data: [{ type: 'table', header: { values: header }, cells: { values: cells } }],
    layout: { title: opts.title },
  });
}

/** An evaluation's per-class precision/recall/F1/support rows for a table plot. */
export function perClassRows(evaluation: Evaluation): (string | number)[][] {
  return evaluation.perClass.map((c) => [c.name, round(c.precision), round(c.recall), round(c.f1), c.support]);
}
