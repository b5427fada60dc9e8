// The monitor's model run long: one random key sequence of N steps against the embedded server
// while its tasks keep logging, every invariant of test/store/model/monitor-model.ts checked
// after every step (panes show the selected task, no pane shows another task's data, nothing
// shown stays loading, follow changes only on follow keys, the new-lines count keeps up, triage
// requests name only tasks shown or marked).
//
//   node bench/model-run.mjs [--steps N] [--seed S]      default: 10000 steps, seed 1
//
// In `npm run bench` it is the group `model-run` (1,000 steps with --quick). It runs vitest on
// test/store/model/monitor-model.test.ts with MODEL_SEED, MODEL_STEPS and MODEL_REPORT, and
// reads back how long each step took. A violation prints the seed, fast-check's replay path
// and the last steps; MODEL_SEED=S MODEL_PATH=P MODEL_STEPS=N npx vitest run
// test/store/model/monitor-model.test.ts replays it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { quantile, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';

const REPO = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const TEST = 'test/store/model/monitor-model.test.ts';
const DEFAULT_STEPS = 10_000;

/** Runs the model once; resolves with its step times, whether it held, and vitest's output. */
export function runModel({ steps, seed, log = () => {} }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', TEST], {
      cwd: REPO,
      env: { ...process.env, MODEL_SEED: String(seed), MODEL_STEPS: String(steps), MODEL_REPORT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Apart: the report line is long, and vitest's failure report must not land inside it.
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const output = `${stdout}\n${stderr}`;
      const report = /^MODEL-RUN (\{.*\})$/m.exec(stdout);
      const run = report === null ? { steps: 0, durations: [] } : JSON.parse(report[1]);
      log(`[model-run] seed ${seed}: ${run.steps} of ${steps} steps, vitest exit ${code}`);
      resolve({ held: code === 0, steps: run.steps, durations: run.durations, output });
    });
  });
}

/** What vitest says broke: the seed and replay path, then the invariant and the last steps. */
function failureOf(output) {
  const plain = stripVTControlCharacters(output);
  const replay = /\{ seed: .*\}/.exec(plain)?.[0] ?? '';
  const at = plain.indexOf('Caused by');
  return `${replay}\n${at < 0 ? plain.slice(-4000) : plain.slice(at, at + 3000)}`;
}

function rows({ steps, seed }, run) {
  const d = run.durations;
  return [
    row({
      figure: `model run, seed ${seed}: steps with every invariant holding`,
      goal: `${steps}`,
      measured: `${run.steps}${run.held ? '' : ', then a violation (see above)'}`,
      ok: run.held && run.steps >= steps,
    }),
    ...(d.length === 0
      ? []
      : [
          row({ figure: 'model step, key to settled store (ms)', goal: '', measured: spread(d, 0) }),
          row({ figure: 'model step p95 (ms)', goal: '', measured: quantile(d, 0.95).toFixed(0) }),
          row({
            figure: 'model steps per second',
            goal: '',
            measured: (d.length / (d.reduce((a, b) => a + b, 0) / 1000)).toFixed(1),
          }),
        ]),
  ];
}

export async function figures(ctx) {
  const opts = { steps: ctx.runs(3) === 1 ? 1000 : DEFAULT_STEPS, seed: 1 };
  const run = await runModel({ ...opts, log: ctx.log });
  if (!run.held) ctx.log(failureOf(run.output));
  return rows(opts, run);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { steps: { type: 'string' }, seed: { type: 'string' } } });
  const opts = { steps: Number(values.steps ?? DEFAULT_STEPS), seed: Number(values.seed ?? 1) };
  if (!Number.isInteger(opts.steps) || opts.steps < 1 || !Number.isInteger(opts.seed)) {
    process.stderr.write('usage: node bench/model-run.mjs [--steps N] [--seed S] (whole numbers, N >= 1)\n');
    process.exit(2);
  }
  const { printTable } = await import('./lib/table.mjs');
  const run = await runModel({ ...opts, log: (line) => process.stderr.write(`${line}\n`) });
  if (!run.held) process.stderr.write(`${failureOf(run.output)}\n`);
  printTable(rows(opts, run), 'monitor model');
  process.exitCode = run.held ? 0 : 1;
}
