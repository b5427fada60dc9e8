#!/usr/bin/env node
// `npm run bench`: every benchmark in one process tree, one table at the end.
//
//   node bench/run.mjs [GROUP...] [--root DIR] [--ref DIR] [--quick]
//
// GROUP names pick groups (default: all); --root measures another built tree's binary and
// dist/ (e.g. an older commit, for before/after); --ref names a built reference tree that the
// start-up figures (startup, monitor) also run, alternately with the measured one, and compare
// with in their ratio column; --quick repeats each figure less.
// Needs `npm run build` first (and tmux for the terminal groups). Not part of `npm test`.
//
// Adding a figure: write bench/<name>.mjs exporting
//
//   export async function figures(ctx) { ...; return [row({ figure, goal, measured, ok, ratio })]; }
//
// and the runner finds it: every bench/*.mjs with that export is a group, named after its file
// (the ones in ORDER first, then the rest alphabetically); keep the module runnable alone by
// guarding its own command-line code with `process.argv[1] === fileURLToPath(import.meta.url)`.
// `row` and the statistics helpers are in bench/lib/table.mjs and
// bench/lib/stats.mjs: report every figure as median and spread over ctx.runs(n) runs, and,
// where a reference can run beside it on the same machine in the same run (`node -e 0`,
// `grep -c`, ...), its ratio; scale sizes and durations down when ctx.runs(3) === 1 (--quick).
// ctx gives:
//   ctx.root             the tree being measured (bin/tracktop.js, dist/)
//   ctx.ref              the reference tree of --ref (a path), or undefined
//   ctx.runs(n)          how many times to repeat a figure (fewer with --quick)
//   ctx.seededServer()   the embedded server with the seeded demo data, started once and shared
//   ctx.log(line)        progress on stderr
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.mjs';
import { printTable, row } from './lib/table.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Groups that run first, in this order (start-up and terminal figures before the heavy server ones). */
const ORDER = ['startup', 'monitor', 'update-bytes', 'keys', 'server', 'storage', 'export', 'attack'];

/** bench/<name>.mjs files exporting `figures`, found by reading them (importing would run their set-up). */
function findGroups() {
  const found = readdirSync(HERE)
    .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
    .filter((f) => /^export (async )?function figures\b/m.test(readFileSync(join(HERE, f), 'utf8')))
    .map((f) => f.slice(0, -'.mjs'.length));
  return [...ORDER.filter((g) => found.includes(g)), ...found.filter((g) => !ORDER.includes(g)).sort()];
}
const GROUPS = findGroups();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { root: { type: 'string' }, ref: { type: 'string' }, quick: { type: 'boolean' } },
});
const unknown = positionals.filter((g) => !GROUPS.includes(g));
if (unknown.length > 0) {
  process.stderr.write(`unknown group(s) ${unknown.join(', ')}; groups: ${GROUPS.join(', ')}\n`);
  process.exit(2);
}

let server;
const ctx = {
  root: resolve(values.root ?? join(HERE, '..')),
  ref: values.ref === undefined ? undefined : resolve(values.ref),
  runs: (n) => (values.quick ? Math.max(1, Math.ceil(n / 3)) : n),
  seededServer: () => (server ??= startSeededServer()),
  log: (line) => process.stderr.write(`${line}\n`),
};

const rows = [];
const started = performance.now();
try {
  for (const name of positionals.length > 0 ? positionals : GROUPS) {
    ctx.log(`[bench] ${name}…`);
    const t0 = performance.now();
    try {
      const { figures } = await import(pathToFileURL(join(HERE, `${name}.mjs`)).href);
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
