#!/usr/bin/env node
// `npm run bench`: every benchmark in one process tree, one table at the end.
//
//   node bench/run.mjs [GROUP...] [--root DIR] [--quick]
//
// GROUP names pick groups (default: all); --root measures another built tree's binary and
// dist/ (e.g. an older commit, for before/after); --quick repeats each figure less.
// Needs `npm run build` first (and tmux for the terminal groups). Not part of `npm test`.
//
// Adding a figure: write bench/<name>.mjs exporting
//
//   export async function figures(ctx) { ...; return [row({ figure, goal, measured, ok, ratio })]; }
//
// and list it in GROUPS below. `row` and the statistics helpers are in bench/lib/table.mjs and
// bench/lib/stats.mjs: report every figure as median and spread over ctx.runs(n) runs, and,
// where a reference can run beside it on the same machine in the same run (`node -e 0`,
// `grep -c`, ...), its ratio. ctx gives:
//   ctx.root             the tree being measured (bin/tracktop.js, dist/)
//   ctx.runs(n)          how many times to repeat a figure (fewer with --quick)
//   ctx.seededServer()   the embedded server with the seeded demo data, started once and shared
//   ctx.log(line)        progress on stderr
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.mjs';
import { printTable, row } from './lib/table.mjs';

const GROUPS = {
  startup: () => import('./startup.mjs'),
  monitor: () => import('./monitor.mjs'),
  'update-bytes': () => import('./update-bytes.mjs'),
  keys: () => import('./keys.mjs'),
  server: () => import('./server.mjs'),
  status: () => import('./status.mjs'),
  'log-search': () => import('./log-search.mjs'),
  'poll-scale': () => import('./poll-scale.mjs'),
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { root: { type: 'string' }, quick: { type: 'boolean' } },
});
const unknown = positionals.filter((g) => !(g in GROUPS));
if (unknown.length > 0) {
  process.stderr.write(`unknown group(s) ${unknown.join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}\n`);
  process.exit(2);
}

let server;
const ctx = {
  root: resolve(values.root ?? join(dirname(fileURLToPath(import.meta.url)), '..')),
  runs: (n) => (values.quick ? Math.max(1, Math.ceil(n / 3)) : n),
  seededServer: () => (server ??= startSeededServer()),
  log: (line) => process.stderr.write(`${line}\n`),
};

const rows = [];
const started = performance.now();
try {
  for (const name of positionals.length > 0 ? positionals : Object.keys(GROUPS)) {
    ctx.log(`[bench] ${name}…`);
    const t0 = performance.now();
    try {
      const { figures } = await GROUPS[name]();
      rows.push(...(await figures(ctx)));
    } catch (err) {
      // One broken group must not cost the figures of the others.
      process.exitCode = 1;
      ctx.log(err instanceof Error ? (err.stack ?? err.message) : String(err));
      rows.push(
        row({ figure: `${name}: FAILED`, goal: '', measured: String(err instanceof Error ? err.message : err) }),
      );
    }
    ctx.log(`[bench] ${name} took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
} finally {
  if (server) await (await server).stop();
}
printTable(rows, `tracktop benchmarks (${ctx.root}, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
