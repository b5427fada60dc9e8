// `tracktop export scalars` benchmark: a task with 1,000,000 scalar points (10 series of
// 100,000) on the embedded server; the built binary exports them to a file in a child process
// while this script samples the child's peak RSS (VmHWM in /proc, Linux).
//
//   npm run build && node bench/export.mjs [--points N]
//
// exportBench() returns {figure, goal, measured} rows; figures(ctx) is the `export` group of
// `npm run bench` (1 M points, 200,000 with --quick).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../dist/server/index.js';
import { row } from './lib/table.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'tracktop.js');
const ACCESS_KEY = 'BENCHACCESSKEY000000';
const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz';
const SERIES = 10;
const BATCH = 20_000;
const RSS_GOAL_MB = 150;

async function call(url, token, endpoint, body, contentType = 'application/json') {
  const res = await globalThis.fetch(`${url}/${endpoint}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const envelope = await res.json();
  if (res.status !== 200) throw new Error(`${endpoint}: ${res.status} ${envelope.meta.result_msg}`);
  return envelope.data;
}

async function seed(url, points) {
  const basic = `Basic ${Buffer.from(`${ACCESS_KEY}:${SECRET_KEY}`).toString('base64')}`;
  const { token } = await call(url, basic, 'auth.login', {});
  const bearer = `Bearer ${token}`;
  const { id: task } = await call(url, bearer, 'tasks.create', { name: 'export bench', type: 'training' });
  const perSeries = Math.ceil(points / SERIES);
  const t0 = 1_700_000_000_000;
  let written = 0;
  while (written < points) {
    const lines = [];
    for (let i = 0; i < BATCH && written < points; i += 1, written += 1) {
      const series = Math.floor(written / perSeries);
      const iter = written % perSeries;
      lines.push(
        JSON.stringify({
          task,
          type: 'training_stats_scalar',
          metric: `metric${Math.floor(series / 2)}`,
          variant: `v${series % 2}`,
          iter,
          value: Math.sin(written) * 10,
          timestamp: t0 + iter * 100,
        }),
      );
    }
    await call(url, bearer, 'events.add_batch', `${lines.join('\n')}\n`, 'application/json-lines');
  }
  return task;
}

function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function countLines(path) {
  let lines = 0;
  for await (const chunk of createReadStream(path)) for (const b of chunk) if (b === 10) lines += 1;
  return lines;
}

/** Runs the binary with `args` in a child process; resolves with its wall time and peak RSS. */
function runBinary(args, env) {
  return runNode([BIN, ...args], env);
}

/** Runs node with `args` in a child process; resolves with its wall time and peak RSS. */
function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, peakRssMb(child.pid) ?? 0)), 20);
    child.on('exit', (code) => {
      clearInterval(sample);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`node ${args.join(' ').slice(0, 80)} exited with ${code}: ${stderr}`));
      else resolve({ seconds, peakMb: peak });
    });
  });
}

export async function exportBench({ points = 1_000_000, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-export-'));
  const server = await startServer({
    dbPath: join(dir, 'bench.db'),
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  try {
    log(`seeding ${points} points...`);
    const task = await seed(server.url, points);
    log('exporting...');
    const out = join(dir, 'scalars.csv');
    const { seconds, peakMb } = await runBinary(['export', 'scalars', task, '-o', out], {
      HOME: dir,
      CLEARML_API_HOST: server.url,
      CLEARML_API_ACCESS_KEY: ACCESS_KEY,
      CLEARML_API_SECRET_KEY: SECRET_KEY,
    });
    const baseline = await runBinary(['--version'], { HOME: dir });
    // The same export with only the export module loaded (what a lazily loading CLI would run).
    const alone = await runNode(
      [
        '--input-type=module',
        '-e',
        `const { runExport } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/cli/export/index.js')).href)});` +
          `process.exitCode = await runExport({ command: 'export', values: { output: ${JSON.stringify(out)} }, positionals: ['scalars', ${JSON.stringify(task)}] });`,
      ],
      {
        HOME: dir,
        CLEARML_API_HOST: server.url,
        CLEARML_API_ACCESS_KEY: ACCESS_KEY,
        CLEARML_API_SECRET_KEY: SECRET_KEY,
      },
    );
    const lines = await countLines(out);
    if (lines !== points + 1) throw new Error(`the export has ${lines - 1} points, expected ${points}`);
    return [
      {
        figure: `export scalars: ${points.toLocaleString('en')} points to a CSV file`,
        goal: 'constant memory',
        measured: `${(points / seconds).toFixed(0)} points/s (${seconds.toFixed(1)} s)`,
      },
      {
        figure: 'export scalars: peak RSS of the exporting process',
        goal: `< ${RSS_GOAL_MB} MB`,
        measured: `${peakMb.toFixed(0)} MB${peakMb < RSS_GOAL_MB ? '' : ' (MISSED)'}`,
      },
      {
        figure: 'export scalars: peak RSS with only the export module loaded',
        goal: `< ${RSS_GOAL_MB} MB`,
        measured: `${alone.peakMb.toFixed(0)} MB (${(points / alone.seconds).toFixed(0)} points/s)`,
      },
      {
        figure: 'peak RSS of `tracktop --version` (what loading the binary costs)',
        goal: '(context)',
        measured: `${baseline.peakMb.toFixed(0)} MB`,
      },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `export` group of bench/run.mjs; peak RSS rows are marked against the goal. */
export async function figures(ctx) {
  const points = ctx.runs(3) === 1 ? 200_000 : 1_000_000;
  return (await exportBench({ points, log: ctx.log })).map((r) =>
    row({
      ...r,
      measured: r.measured.replace(' (MISSED)', ''),
      ok: r.goal.startsWith('<') ? Number.parseFloat(r.measured) < RSS_GOAL_MB : undefined,
    }),
  );
}

function printTable(rows) {
  const widths = ['figure', 'goal', 'measured'].map((k) => Math.max(k.length, ...rows.map((r) => r[k].length)));
  const line = (r) => [r.figure, r.goal, r.measured].map((v, i) => v.padEnd(widths[i])).join('  ');
  console.log(line({ figure: 'figure', goal: 'goal', measured: 'measured' }));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--points');
  const points = i > 0 ? Number(process.argv[i + 1]) : 1_000_000;
  printTable(await exportBench({ points, log: (m) => process.stderr.write(`${m}\n`) }));
}
