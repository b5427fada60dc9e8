// The monitor inside tmux (120x40) against the embedded server holding seeded demo data with
// no live runs:
//   - exec to the first frame with data (a task name on screen, frame complete), beside the
//     same shell exec of `node -e` writing one line (Node's start-up through the same path) and,
//     with `--ref DIR`, the reference tree's monitor in the same terminal; with the phase marks
//     (TRACKTOP_PHASES) of the runs;
//   - terminal bytes written while nothing changes (target 0) and the CPU used meanwhile
//     (target <= 0.2 % of a core), after a settling period that holds the first loads and
//     V8's one-off "memory reducer" collections (a mark-compact on four threads, ~60 ms of CPU,
//     seen 16-24 s after the first frame on this machine; a per-thread schedstat timeline over
//     110 s shows it once, then ~1.5 ms per 5 s poll), so the window measures the steady state;
//   - the monitor's resident memory at the end of that idle window (target <= 100 MB);
//   - freshness: a log line reported to the task shown (the first running task) and the time
//     until it is on screen, at random points of the 5 s poll cycle (target <= 1500 ms).
// Times include tmux's own relay (a few ms).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { phaseFile, phaseRow } from './lib/phases.mjs';
import { cpuMeter, rssMb } from './lib/proc.mjs';
import { median, quantile, sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';
import { END_OF_FRAME, monitorCommand, openTerminal } from './lib/tmux.mjs';

const TASK_NAME = 'resnet';

/** ms from typing the command to the predicate holding on the bytes written after it. */
async function execTo(term, command, predicate) {
  const offset = term.size();
  term.run(command);
  const t0 = performance.now();
  const waited = await term.waitFor(offset, predicate, 15_000);
  return Number.isNaN(waited) ? NaN : performance.now() - t0;
}

const frameWithData = (bytes) =>
  bytes.includes(TASK_NAME) && bytes.lastIndexOf(END_OF_FRAME) > bytes.indexOf(TASK_NAME);

export async function figures(
  ctx,
  { settleSeconds = ctx.runs(3) === 1 ? 5 : 30, idleSeconds = ctx.runs(3) === 1 ? 10 : 30 } = {},
) {
  const server = await ctx.seededServer();
  const phases = phaseFile();
  const refPhases = phaseFile();
  const command = monitorCommand(ctx.root, server, ['--interval', '5'], { TRACKTOP_PHASES: phases.file });
  const refCommand =
    ctx.ref && monitorCommand(ctx.ref, server, ['--interval', '5'], { TRACKTOP_PHASES: refPhases.file });
  const n = ctx.runs(5);
  const first = [];
  const refFirst = [];
  const floor = [];
  let idle;
  let fresh = [];
  for (let i = 0; i < n; i++) {
    // The monitor replaces the terminal's shell (exec): the reference runs in a terminal of its
    // own, before the measured run in even rounds and after it in odd ones (the one that runs
    // second meets a server still busy with the first one's requests).
    if (refCommand && i % 2 === 0) refFirst.push(await firstFrameAlone(refCommand));
    const term = await openTerminal({ columns: 120, rows: 40 });
    try {
      floor.push(
        await execTo(term, `node -e "process.stdout.write('node-ready-' + 42)"`, (b) => b.includes('node-ready-42')),
      );
      await sleep(200);
      first.push(await execTo(term, command, frameWithData));
      if (i === n - 1) {
        idle = await idleWindow(term, settleSeconds, idleSeconds);
        fresh = await freshness(ctx, term, server, ctx.runs(8));
      }
      term.key('q');
      await sleep(300);
    } finally {
      term.close();
    }
    if (refCommand && i % 2 === 1) refFirst.push(await firstFrameAlone(refCommand));
  }
  const ratios = [`${(median(first) / median(floor)).toFixed(1)}x node -e (${median(floor).toFixed(0)} ms)`];
  if (refCommand)
    ratios.unshift(`${(median(first) / median(refFirst)).toFixed(2)}x ref (${median(refFirst).toFixed(0)} ms)`);
  const phaseRows = [
    phaseRow('monitor phases', phases.records()),
    phaseRow('monitor phases (ref)', refPhases.records()),
  ];
  phases.remove();
  refPhases.remove();
  return [
    row({
      figure: 'exec to first frame with data, 120x40 (ms)',
      goal: '<= 300',
      measured: spread(first),
      ok: median(first) <= 300,
      ratio: ratios.join(', '),
    }),
    ...phaseRows.filter(Boolean),
    row({
      figure: `idle bytes written in ${idleSeconds} s`,
      goal: '0',
      measured: String(idle.bytes),
      ok: idle.bytes === 0,
    }),
    row({
      figure: `idle CPU over ${idleSeconds} s (% of a core)`,
      goal: '<= 0.2',
      measured: idle.cpuPercent.toFixed(3),
      ok: idle.cpuPercent <= 0.2,
    }),
    row({
      figure: `idle RSS after ${settleSeconds + idleSeconds} s (MB)`,
      goal: '<= 100',
      measured: idle.rss.toFixed(0),
      ok: idle.rss <= 100,
    }),
    row({
      figure: 'log line reported to the shown running task -> on screen (ms, interval 5 s)',
      goal: '<= 1500 (p90)',
      measured: spread(fresh),
      ok: quantile(fresh, 0.9) <= 1500,
    }),
    row({
      figure: `settling CPU, ${settleSeconds} s after first frame (s)`,
      goal: '',
      measured: idle.settleCpu.toFixed(2),
    }),
  ];
}

/** ms from exec to the first frame with data of `command`, in a terminal of its own. */
async function firstFrameAlone(command) {
  const term = await openTerminal({ columns: 120, rows: 40 });
  try {
    const ms = await execTo(term, command, frameWithData);
    term.key('q');
    await sleep(300);
    return ms;
  } finally {
    term.close();
  }
}

/**
 * Reports a uniquely marked log line (and a scalar at a new iteration) to the task the monitor
 * shows, as a training script would, at a random point of the poll cycle; ms from the server's
 * answer to the marker on screen, `count` times.
 */
async function freshness(ctx, term, server, count) {
  const { createClient } = await import(pathToFileURL(join(ctx.root, 'dist', 'api', 'index.js')).href);
  const client = createClient({ apiHost: server.url, ...server.credentials });
  const times = [];
  try {
    // The monitor's default order (newest last_update first): the first running task is selected.
    const { tasks } = await client.tasks.getAllEx({
      only_fields: ['id', 'last_iteration', 'status'],
      order_by: ['-last_update'],
      size: 30,
    });
    const index = tasks.findIndex((t) => t.status === 'in_progress');
    const task = tasks[index];
    if (task === undefined) throw new Error('no running task among the first 30');
    for (let k = 0; k < index; k++) term.key('j');
    await sleep(2000);
    await term.quiet(300, 5000);
    let iter = (task.last_iteration ?? 0) + 1;
    for (let i = 0; i < count; i++) {
      await sleep(2000 + Math.random() * 5000);
      const marker = `fresh-${process.pid}-${i}`;
      const timestamp = Date.now();
      const common = { task: task.id, iter, timestamp, worker: 'bench' };
      // Bytes written from before the report on count, so a screen update racing the answer is seen.
      const offset = term.size();
      await client.events.addBatch([
        { ...common, type: 'log', level: 'info', msg: `${marker} reported` },
        { ...common, type: 'training_stats_scalar', metric: 'loss', variant: 'train', value: 1 / (iter + 1) },
      ]);
      iter += 1;
      const waited = await term.waitFor(offset, (bytes) => bytes.includes(marker), 15_000);
      times.push(Number.isNaN(waited) ? 15_000 : waited);
      await term.quiet(300, 3000);
    }
  } finally {
    await client.close();
  }
  return times;
}

async function idleWindow(term, settleSeconds, idleSeconds) {
  const pid = term.pid();
  const settling = cpuMeter(pid);
  await sleep(settleSeconds * 1000);
  const settleCpu = settling() / 1000;
  const bytes0 = term.size();
  const idling = cpuMeter(pid);
  await sleep(idleSeconds * 1000);
  return {
    bytes: term.size() - bytes0,
    cpuPercent: (idling() / 1000 / idleSeconds) * 100,
    settleCpu,
    rss: rssMb(pid),
  };
}
