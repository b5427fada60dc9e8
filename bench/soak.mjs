// Soak: the built monitor, in tmux and in a process of its own, polls `tracktop serve --demo`
// (live runs writing all the time, also in a process of its own, so the server's SQLite cache
// is not counted) at a short interval for a long run, while the keys move the selection and
// the focused pane every few seconds (so per-task state is made and left behind). Its RSS
// (/proc VmRSS, every 5 s) and, from its TRACKTOP_MEMLOG samples, its V8 heap are read; a
// minute's figure is the median of its samples, since one sample moves by several MB with the
// garbage collector's timing.
//   - RSS growth from minute 2 to minute 10 (or to the last minute of a shorter run), and the
//     same from the least-squares slope over those minutes;
//   - heap used at the same two minutes.
//
//   npm run build && node bench/soak.mjs [--minutes N] [--interval S] [--root DIR]
//   (or: npm run bench soak; SOAK_MINUTES=N sets the length there, --quick makes it 4)
//
// At 0.2 s a 15-minute run polls as often as an hour at 1 s.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listeningUrl } from './lib/listening.mjs';
import { cpuSeconds, monitorPid, rssMb } from './lib/proc.mjs';
import { median, sleep } from './lib/stats.mjs';
import { printTable, row } from './lib/table.mjs';
import { monitorCommand, openTerminal } from './lib/tmux.mjs';

const DEFAULT = { minutes: 15, intervalSeconds: 0.2 };
/** RSS may grow by growthMb from minute 2 (past start-up and the first fetches) to minute 10. */
const GOAL = { fromMinute: 2, toMinute: 10, growthMb: 4 };
/** Keys every this many ms: the Tasks view's task list, the next task (back to the first now and then), a detail pane. */
const STEP_MS = 10_000;
const TASKS_BEFORE_TOP = 6;
const SAMPLE_MS = 5000;

/** `tracktop serve --demo` on a fresh database; resolves `{ url, credentials, stop() }`. */
async function demoServer(root, dir) {
  const credentials = { accessKey: randomBytes(10).toString('hex'), secretKey: randomBytes(20).toString('hex') };
  const child = spawn(
    process.execPath,
    [join(root, 'bin/tracktop.js'), 'serve', '--demo', '--db', join(dir, 'soak.db'), '--port', '0'],
    {
      env: { ...process.env, TRACKTOP_ACCESS_KEY: credentials.accessKey, TRACKTOP_SECRET_KEY: credentials.secretKey },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const url = await listeningUrl(child, 'tracktop serve --demo');
  child.stderr.resume();
  return {
    url,
    credentials,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The keys the stepper presses, from the measured tree's key table (so they follow it when
 * keys move): the Tasks view's (pressed in that view, it focuses the task list) and those that
 * focus each of the view's detail panes.
 */
async function stepKeys(root) {
  const { KEYMAP } = await import(join(root, 'dist/ui/keys/bindings.js'));
  const { PANE_SPECS } = await import(join(root, 'dist/store/panes.js'));
  const tasksView = KEYMAP.find((binding) => binding.action === 'view-tasks')?.keys[0];
  const detailPanes = PANE_SPECS.filter((spec) => spec.view === 'tasks' && spec.focus !== null).map(
    (spec) => spec.focus.key,
  );
  if (tasksView === undefined || detailPanes.length === 0) {
    throw new Error(`soak: no Tasks view or detail pane keys in ${root}/dist`);
  }
  return { tasksView, detailPanes };
}

/** The TRACKTOP_MEMLOG samples taken from `from` to `to` (ms). */
function memlogSamples(file, from, to) {
  if (!existsSync(file)) return [];
  // The monitor may be appending a line as it is read: the text after the last newline is not one yet.
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line))
    .filter((sample) => sample.t >= from && sample.t <= to);
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs, ys) {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const mb = (bytes) => bytes / 1024 / 1024;

export async function figures(ctx, opts = {}) {
  const envMinutes = Number(process.env.SOAK_MINUTES);
  const minutes =
    opts.minutes ??
    (Number.isFinite(envMinutes) && envMinutes > 0 ? envMinutes : ctx.runs(3) === 1 ? 4 : DEFAULT.minutes);
  const interval = opts.interval ?? DEFAULT.intervalSeconds;
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-soak-'));
  const memlog = join(dir, 'memlog.jsonl');
  let server;
  let term;
  try {
    const keys = await stepKeys(ctx.root);
    server = await demoServer(ctx.root, dir);
    term = await openTerminal({ columns: 140, rows: 45 });
    const command = monitorCommand(ctx.root, server, ['--interval', String(interval)]).replace(
      'exec env ',
      `exec env TRACKTOP_MEMLOG=${memlog} TRACKTOP_MEMLOG_SECONDS=5 `,
    );
    term.run(command);
    const t0 = Date.now();
    await sleep(3000);
    const pid = monitorPid(term.pid());
    const cpu0 = cpuSeconds(pid);
    const samples = [];
    let minuteRss = [];
    const sampler = setInterval(() => minuteRss.push(rssMb(pid)), SAMPLE_MS);
    let step = 0;
    const stepper = setInterval(() => {
      step += 1;
      term.key(keys.tasksView);
      term.key(step % TASKS_BEFORE_TOP === 0 ? 'g' : 'j');
      term.key(keys.detailPanes[step % keys.detailPanes.length]);
    }, STEP_MS);
    try {
      for (let minute = 1; minute <= minutes; minute++) {
        await sleep(Math.max(0, t0 + minute * 60_000 - Date.now()));
        const heaps = memlogSamples(memlog, t0 + (minute - 1) * 60_000, Date.now());
        const rss = minuteRss.length > 0 ? minuteRss : [rssMb(pid)];
        minuteRss = [];
        const sample = {
          minute,
          rss: median(rss),
          heap: heaps.length === 0 ? NaN : mb(median(heaps.map((h) => h.heapUsed))),
          external: heaps.length === 0 ? NaN : mb(median(heaps.map((h) => h.external))),
        };
        samples.push(sample);
        ctx.log(
          `[soak] ${ctx.root}: minute ${minute}: RSS ${sample.rss.toFixed(1)} MB (${Math.min(...rss).toFixed(0)}-${Math.max(...rss).toFixed(0)}), ` +
            `heap used ${sample.heap.toFixed(1)} MB, external ${sample.external.toFixed(1)} MB`,
        );
      }
    } finally {
      clearInterval(stepper);
      clearInterval(sampler);
    }
    const cpu = cpuSeconds(pid) - cpu0;
    term.key('q');
    const from = samples[Math.min(GOAL.fromMinute, samples.length) - 1];
    const to = samples[Math.min(GOAL.toMinute, samples.length) - 1];
    const growth = to.rss - from.rss;
    const window = samples.slice(from.minute - 1, to.minute);
    const fitted =
      slope(
        window.map((s) => s.minute),
        window.map((s) => s.rss),
      ) *
      (to.minute - from.minute);
    const polls = Math.round((minutes * 60) / interval);
    return [
      row({
        figure: `soak RSS growth, minute ${from.minute} to ${to.minute} (MB; ${interval} s polls, ~${polls} in ${minutes} min)`,
        goal: to.minute >= GOAL.toMinute ? `<= ${GOAL.growthMb}` : '',
        measured: `${growth.toFixed(1)} (${from.rss.toFixed(0)} -> ${to.rss.toFixed(0)})`,
        ok: to.minute >= GOAL.toMinute ? growth <= GOAL.growthMb : undefined,
        ratio: `fitted over the minutes: ${fitted.toFixed(1)}`,
      }),
      row({
        figure: `soak heap used, minute ${from.minute} / ${to.minute} (MB)`,
        goal: '',
        measured: `${from.heap.toFixed(1)} / ${to.heap.toFixed(1)}`,
      }),
      row({
        figure: 'soak monitor CPU (s per minute)',
        goal: '',
        measured: (cpu / minutes).toFixed(1),
      }),
      row({
        figure: 'soak RSS at the end / peak of the minutes (MB)',
        goal: '',
        measured: `${samples[samples.length - 1].rss.toFixed(0)} / ${Math.max(...samples.map((s) => s.rss)).toFixed(0)}`,
      }),
    ];
  } finally {
    term?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { minutes: { type: 'string' }, interval: { type: 'string' }, root: { type: 'string' } },
  });
  const root = resolve(values.root ?? join(fileURLToPath(import.meta.url), '..', '..'));
  const ctx = { root, runs: (n) => n, log: (line) => process.stderr.write(`${line}\n`) };
  const rows = await figures(ctx, {
    ...(values.minutes === undefined ? {} : { minutes: Number(values.minutes) }),
    ...(values.interval === undefined ? {} : { interval: Number(values.interval) }),
  });
  printTable(rows, `soak (${root})`);
}
