// One 50 MB log line (the server accepts it, real servers do too) read in the monitor inside
// tmux (120x40): the time from `enter` on it to the text viewer's first complete frame, the
// time of each key that scrolls the viewer (j, then space for a page), and the monitor's peak
// resident memory (VmHWM) over the whole run, the log pane drawing that line included. The
// same keys on a 40 KB line are the reference: a key should cost the same whatever the line.
// Uses a server of its own (seeded, small log) so that the line is in no other group's data.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorPid, peakRssMb } from './lib/proc.mjs';
import { startSeededServer } from './lib/seeded-server.mjs';
import { quantile, sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';
import { END_OF_FRAME, monitorCommand, openTerminal } from './lib/tmux.mjs';

/** 50 MB: "0000000 0000001 …", so every screen of it reads differently. */
function hugeLine() {
  return Array.from({ length: 6_250_000 }, (_, i) => String(i).padStart(7, '0')).join(' ');
}

/** A short line beside the long one (40 KB, a few screens): the same keys on it are the reference. */
const SHORT = Array.from({ length: 5000 }, (_, i) => String(9_000_000 + i)).join(' ');

async function writeLines(root, server) {
  const { createClient } = await import(join(root, 'dist/api/index.js'));
  const client = createClient({ apiHost: server.url, ...server.credentials, timeouts: { totalMs: 120_000 } });
  try {
    // The long one a second later: it is the newest task, the first row; the short one is the second.
    for (const [name, msg] of [
      ['short-line', SHORT],
      ['long-line', hugeLine()],
    ]) {
      if (name === 'long-line') await sleep(1100);
      const { id } = await client.tasks.create({ name, type: 'training' });
      await client.tasks.started({ task: id });
      const now = Date.now();
      await client.events.addBatch([
        { type: 'log', task: id, level: 'info', msg: 'before the line', timestamp: now - 1 },
        { type: 'log', task: id, level: 'info', msg, timestamp: now },
      ]);
    }
  } finally {
    await client.close();
  }
}

/** Opens the viewer on the selected task's newest log line and times it and its keys. */
async function readLine(term, keys, into, since, shown) {
  term.key('6');
  // The selected task's log, drawn since the monitor started (beside the list, or once focused).
  await term.waitFor(since, (b) => b.includes(shown), 60_000, 5);
  await term.quiet(500);
  const offset = term.size();
  const t0 = performance.now();
  term.key('Enter');
  const opened = await term.waitFor(offset, (b) => b.includes('log line') && b.includes(END_OF_FRAME), 60_000, 1);
  into.opens.push(Number.isNaN(opened) ? NaN : performance.now() - t0);
  for (const [key, times] of [
    ['j', into.lines],
    ['Space', into.pages],
  ]) {
    for (let i = 0; i < keys; i++) {
      await term.quiet(100);
      const at = term.size();
      const k0 = performance.now();
      term.key(key);
      const waited = await term.waitFor(at, (b) => b.includes(END_OF_FRAME), 10_000, 1);
      if (!Number.isNaN(waited)) times.push(performance.now() - k0);
    }
  }
}

export async function figures(ctx) {
  const server = await startSeededServer({ bigLogLines: 100 });
  const keys = ctx.runs(30);
  const long = { opens: [], lines: [], pages: [] };
  const short = { opens: [], lines: [], pages: [] };
  let peak = 0;
  try {
    await writeLines(ctx.root, server);
    for (let run = 0; run < ctx.runs(3); run++) {
      for (const [into, select, shown] of [
        [long, [], '0000000 0000001'],
        [short, ['j'], '9000000 9000001'],
      ]) {
        const term = await openTerminal({ columns: 120, rows: 40 });
        try {
          const offset = term.size();
          term.run(monitorCommand(ctx.root, server, ['--interval', '5']));
          await term.waitFor(offset, (b) => b.includes('long-line') && b.includes(END_OF_FRAME), 15_000);
          await term.quiet(500);
          for (const key of select) term.key(key);
          await term.quiet(500);
          await readLine(term, keys, into, offset, shown);
          if (into === long) peak = Math.max(peak, peakRssMb(monitorPid(term.pid())));
          term.key('q');
          term.key('q');
          await sleep(300);
        } finally {
          term.close();
        }
      }
    }
  } finally {
    await server.stop();
  }
  const p50 = (xs) => quantile(xs, 0.5);
  const versus = (a, b) => `${(p50(a) / p50(b)).toFixed(2)}x a 40 KB line (${p50(b).toFixed(1)} ms)`;
  return [
    row({
      figure: 'enter on a 50 MB log line to viewer frame (ms)',
      goal: '<= 1000',
      measured: spread(long.opens),
      ok: p50(long.opens) <= 1000,
      ratio: versus(long.opens, short.opens),
    }),
    row({
      figure: 'viewer j on a 50 MB line, p50 (ms)',
      goal: '<= 1.5x',
      measured: spread(long.lines, 1),
      ok: p50(long.lines) <= 1.5 * p50(short.lines),
      ratio: versus(long.lines, short.lines),
    }),
    row({
      figure: 'viewer page down on a 50 MB line, p50 (ms)',
      goal: '<= 1.5x',
      measured: spread(long.pages, 1),
      ok: p50(long.pages) <= 1.5 * p50(short.pages),
      ratio: versus(long.pages, short.pages),
    }),
    row({
      figure: 'monitor peak RSS, 50 MB line read (MB)',
      goal: '<= 300',
      measured: peak.toFixed(0),
      ok: peak <= 300,
    }),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./lib/table.mjs');
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const rows = await figures({ root: process.argv[2] ?? root, runs: (n) => n, log: () => {} });
  printTable(rows, 'long line');
}
