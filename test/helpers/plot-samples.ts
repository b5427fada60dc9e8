// Shared by the plot renderer tests: sample Plotly payloads of every kind and checks that
// rows fit the size asked for.
import stringWidth from 'string-width';
import { expect } from 'vitest';
import type { PlotTextOptions } from '../../src/text/plot/index.js';

export const SGR = /\u001b\[[0-9;]*m/g;

function visible(row: string): string {
  return row.replace(SGR, '');
}

export function expectFits(rows: string[], opts: PlotTextOptions): void {
  expect(rows.length).toBeLessThanOrEqual(opts.height);
  for (const row of rows) expect(stringWidth(visible(row)), JSON.stringify(row)).toBeLessThanOrEqual(opts.width);
}

export function opts(width: number, height: number, extra: Partial<PlotTextOptions> = {}): PlotTextOptions {
  return { width, height, color: false, ascii: false, ...extra };
}

const BIN_EDGES = [-0.2, -0.1, 0, 0.1, 0.2, 0.3];
export const histogram3 = JSON.stringify({
  data: [
    { type: 'bar', name: 'conv1', x: BIN_EDGES, y: [4, 15, 42, 'nan', 11, 2] },
    { type: 'bar', name: 'conv2', x: BIN_EDGES, y: [1, 9, 30, 22, null, 5] },
    { type: 'bar', name: 'fc', x: BIN_EDGES, y: ['3', 12, 'inf', 18, 7, 0] },
  ],
  layout: { title: { text: 'weight <b>histogram</b>' }, barmode: 'group' },
});

export const CLASSES = ['airplane', 'automobile', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse', 'ship', 'truck'];
export function confusion(reversed: boolean): string {
  const z = CLASSES.map((_, i) => CLASSES.map((__, j) => (i === j ? 900 + i : (i * 7 + j * 3) % 40)));
  return JSON.stringify({
    data: [{ type: 'heatmap', x: CLASSES, y: CLASSES, z }],
    layout: { title: 'Confusion matrix', ...(reversed ? { yaxis: { autorange: 'reversed' } } : {}) },
  });
}

export const iters = Array.from({ length: 60 }, (_, i) => i);
export const scatterWithNaN = JSON.stringify({
  data: [
    {
      type: 'scatter',
      name: 'train',
      mode: 'lines',
      x: iters,
      y: iters.map((i) => (i % 13 === 5 ? 'nan' : i === 7 ? null : 2 * Math.exp(-i / 15))),
    },
    { type: 'scatter', name: 'val', mode: 'markers', x: [0, 15, 30, 45, 59], y: [1.8, '-inf', 0.4, 'NaN', 0.1] },
  ],
  layout: { title: 'loss', xaxis: { title: 'iteration' } },
});

export const table5 = JSON.stringify({
  data: [
    {
      type: 'table',
      header: { values: [['<b>epoch</b>'], ['<b>accuracy</b>'], ['precision'], ['recall'], ['notes']] },
      cells: {
        values: [
          [1, 2, 3, 4],
          [0.8123456, 0.85, 0.9, 'nan'],
          [0.7, 0.75, 0.8, 0.85],
          [0.6, 0.65, 0.7, 0.75],
          ['warm-up with a very long description of the schedule', 'lr decay', 'plateau', 'done'],
        ],
      },
    },
  ],
  layout: { title: 'Per-epoch metrics' },
});

export const imagePlot = JSON.stringify({
  data: [],
  layout: { images: [{ source: 'https://files.example.com/proj/task/metrics/img_000.png' }] },
});

export const samples: Record<string, string> = {
  histogram3,
  confusion: confusion(true),
  scatterWithNaN,
  table5,
  imagePlot,
};
