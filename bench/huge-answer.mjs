// The monitor (tmux, 120x40) on a server whose task list answers 200 MB (announced by its
// Content-Length), or a chunked body that never ends: a node:http server in front of a seeded
// embedded server passes every other call on. After the first good answers the list call turns
// huge; then keys (j / k in the task list) are timed to their frame, and at the end the
// monitor's peak resident memory (VmHWM) is read. The client's bound (64 MiB by default) and
// its memory of a refused request are what keep both low.
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorPid, peakRssMb } from './lib/proc.mjs';
import { startSeededServer } from './lib/seeded-server.mjs';
import { quantile, sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';
import { END_OF_FRAME, monitorCommand, openTerminal } from './lib/tmux.mjs';

const LIST = 'reports.get_task_data';
const HUGE = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 0x78);

/** Writes `limit` bytes (Infinity: without end) as fast as the client reads them. */
function pump(res, limit) {
  let bytes = 0;
  let closed = false;
  res.on('close', () => (closed = true));
  const more = () => {
    while (!closed && bytes < limit) {
      const piece = CHUNK.subarray(0, Math.min(CHUNK.length, limit - bytes));
      bytes += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    if (!closed) res.end();
  };
  more();
}

async function startFront(target) {
  const to = new URL(target);
  const front = { mode: null, server: null, url: '' };
  front.server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (front.mode !== null && (req.url ?? '').endsWith(`/${LIST}`)) {
        const declared = front.mode === 'declared';
        res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': HUGE } : {}) });
        return pump(res, declared ? HUGE : Infinity);
      }
      const out = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise((resolve) => front.server.listen(0, '127.0.0.1', resolve));
  front.url = `http://127.0.0.1:${front.server.address().port}`;
  return front;
}

async function run(ctx, server, mode, count) {
  const front = await startFront(server.url);
  const term = await openTerminal({ columns: 120, rows: 40 });
  const latencies = [];
  let peak;
  try {
    let offset = term.size();
    term.run(monitorCommand(ctx.root, { ...server, url: front.url }, ['--interval', '1']));
    await term.waitFor(offset, (b) => b.includes('resnet') && b.includes(END_OF_FRAME), 15_000);
    await term.quiet(500);
    front.mode = mode;
    offset = term.size();
    await term.waitFor(offset, (b) => b.includes('answer too large') && b.includes(END_OF_FRAME), 30_000, 5);
    for (let i = 0; i < count; i++) {
      await term.quiet(100, 2000);
      const at = term.size();
      const t0 = performance.now();
      term.key(i % 2 === 0 ? 'j' : 'k');
      const waited = await term.waitFor(at, (b) => b.includes(END_OF_FRAME), 5000, 1);
      if (!Number.isNaN(waited)) latencies.push(performance.now() - t0);
    }
    peak = peakRssMb(monitorPid(term.pid()));
    term.key('q');
    await sleep(300);
  } finally {
    term.close();
    front.server.closeAllConnections();
    await new Promise((resolve) => front.server.close(resolve));
  }
  return { latencies, peak };
}

export async function figures(ctx) {
  const server = await startSeededServer({ bigLogLines: 100 });
  const rows = [];
  try {
    for (const [mode, what] of [
      ['declared', 'a 200 MB task list'],
      ['endless', 'an endless task list'],
    ]) {
      const { latencies, peak } = await run(ctx, server, mode, ctx.runs(40));
      const p99 = quantile(latencies, 0.99);
      rows.push(
        row({
          figure: `keys against ${what} (ms)`,
          goal: 'p99 <= 100',
          measured: spread(latencies, 1),
          ok: p99 <= 100,
          ratio: `p99 ${p99.toFixed(1)}`,
        }),
        row({
          figure: `monitor peak RSS against ${what} (MB)`,
          goal: '<= 300',
          measured: peak.toFixed(0),
          ok: peak <= 300,
        }),
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./lib/table.mjs');
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const rows = await figures({ root: process.argv[2] ?? root, runs: (n) => n, log: () => {} });
  printTable(rows, 'huge answers');
}
