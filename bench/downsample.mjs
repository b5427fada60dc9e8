// Downsampling a million-point series to chart columns (src/text/downsample.ts), both ways the
// chart reduces a series: LTTB and the min/max envelope, and the whole chart drawn from it
// (src/text/chart.ts). Goal: well under 100 ms each, so a chart of a long run redraws at key
// speed. Imports the compiled modules from dist/.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { row } from './lib/table.mjs';
import { median, spread } from './lib/stats.mjs';

const GOAL_MS = 100;

export async function figures(ctx) {
  const { lttbByX, envelopeByX } = await import(pathToFileURL(join(ctx.root, 'dist', 'text', 'downsample.js')).href);
  const { renderChart } = await import(pathToFileURL(join(ctx.root, 'dist', 'text', 'chart.js')).href);
  const n = 1_000_000;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = i;
    y[i] = Math.sin(i / 1000) + (i % 97 === 0 ? Number.NaN : 0);
  }
  const rows = [];
  for (const [name, reduce] of [
    ['LTTB', lttbByX],
    ['min/max envelope', envelopeByX],
    ['chart 200x20', (series) => renderChart([{ name: 'loss', ...series }], { width: 200, height: 20 })],
  ]) {
    const times = [];
    for (let k = 0; k < ctx.runs(9); k++) {
      const start = performance.now();
      reduce({ x, y }, 200);
      times.push(performance.now() - start);
    }
    rows.push(
      row({
        figure: `${name}: 1 M points to 200 (ms)`,
        goal: `≤ ${GOAL_MS}`,
        measured: spread(times, 1),
        ok: median(times) <= GOAL_MS,
      }),
    );
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./lib/table.mjs');
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  printTable(await figures({ root, runs: (k) => k, log: () => {} }), 'downsample');
}
