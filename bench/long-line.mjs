// One 50 MB log line (the server accepts it, real servers do too) read in the monitor inside
// tmux (120x40): the time from `enter` on it to the text viewer's first complete frame, the
// time of each key that scrolls the viewer (j, then space for a page), and the monitor's peak
// resident memory (VmHWM) over the whole run, the log pane drawing that line included.
// Uses a server of its own (seeded, small log) so that the line is in no other group's data.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorPid } from './lib/proc.mjs';
import { startSeededServer } from './lib/seeded-server.mjs';
import { quantile, sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';
import { END_OF_FRAME, monitorCommand, openTerminal } from './lib/tmux.mjs';
import { readFileSync } from 'node:fs';

/** 50 MB: "0000000 0000001 …", so every screen of it reads differently. */
function hugeLine() {
  return Array.from({ length: 6_250_000 }, (_, i) => String(i).padStart(7, '0')).join(' ');
}

function peakRssMb(pid) {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function writeLine(root, server) {
  const { createClient } = await import(join(root, 'dist/api/index.js'));
  const client = createClient({ apiHost: server.url, ...server.credentials, timeouts: { totalMs: 120_000 } });
  try {
    const { id } = await client.tasks.create({ name: 'long-line', type: 'training' });
    await client.tasks.started({ task: id });
    const now = Date.now();
    await client.events.addBatch([
      { type: 'log', task: id, level: 'info', msg: 'before the long line', timestamp: now - 1 },
      { type: 'log', task: id, level: 'info', msg: hugeLine(), timestamp: now },
    ]);
  } finally {
    await client.close();
  }
}

export async function figures(ctx) {
  const server = await startSeededServer({ bigLogLines: 100 });
  const keys = ctx.runs(30);
  const opens = [];
  const lines = [];
  const pages = [];
  let peak = 0;
  try {
    await writeLine(ctx.root, server);
    for (let run = 0; run < ctx.runs(3); run++) {
      const term = await openTerminal({ columns: 120, rows: 40 });
      try {
        let offset = term.size();
        term.run(monitorCommand(ctx.root, server, ['--interval', '5']));
        await term.waitFor(offset, (b) => b.includes('long-line') && b.includes(END_OF_FRAME), 15_000);
        await term.quiet(500);
        offset = term.size();
        term.key('5');
        await term.waitFor(offset, (b) => b.includes('0000000 0000001') && b.includes(END_OF_FRAME), 60_000, 5);
        await term.quiet(500);
        offset = term.size();
        const t0 = performance.now();
        term.key('Enter');
        const opened = await term.waitFor(offset, (b) => b.includes('log line') && b.includes(END_OF_FRAME), 60_000, 1);
        opens.push(Number.isNaN(opened) ? NaN : performance.now() - t0);
        for (const [key, into] of [
          ['j', lines],
          ['Space', pages],
        ]) {
          for (let i = 0; i < keys; i++) {
            await term.quiet(100);
            const at = term.size();
            const k0 = performance.now();
            term.key(key);
            const waited = await term.waitFor(at, (b) => b.includes(END_OF_FRAME), 60_000, 1);
            if (!Number.isNaN(waited)) into.push(performance.now() - k0);
          }
        }
        peak = Math.max(peak, peakRssMb(monitorPid(term.pid())));
        term.key('q');
        term.key('q');
        await sleep(300);
      } finally {
        term.close();
      }
    }
  } finally {
    await server.stop();
  }
  const open = quantile(opens, 0.5);
  const line = quantile(lines, 0.5);
  const page = quantile(pages, 0.5);
  return [
    row({
      figure: 'enter on a 50 MB log line to viewer frame (ms)',
      goal: '<= 1000',
      measured: spread(opens),
      ok: open <= 1000,
    }),
    row({ figure: 'viewer j on a 50 MB line, p50 (ms)', goal: '<= 16', measured: spread(lines, 1), ok: line <= 16 }),
    row({
      figure: 'viewer page down on a 50 MB line, p50 (ms)',
      goal: '<= 16',
      measured: spread(pages, 1),
      ok: page <= 16,
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
