// The Cluster view, idle: the built monitor in tmux (200x50, --interval 1) shows the Cluster
// view (`3`) of a server with 100 workers (half running a task, one with an hour of reports)
// and 10 queues of 1,000 waiting tasks, the server's data still. Prints:
//   * the bytes per poll (sent and received on the wire, headers included) over 12 intervals,
//     which hold one cycle of every poller: workers and queues each interval, the bars every
//     6th, the selected worker's hour every 12th (a TCP relay in front of the server counts);
//   * the bytes written to the terminal over those intervals (nothing changes: 0).
// The server's data is filled as bench/cluster.mjs fills it, an hour back from now.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_KEY, ENTRIES, fill, QUEUES, SECRET_KEY, WORKERS } from './cluster.mjs';
import { sleep } from './lib/stats.mjs';
import { printTable, row } from './lib/table.mjs';
import { monitorCommand, openTerminal } from './lib/tmux.mjs';

const { fetch } = globalThis;
const INTERVAL_S = 1;
/** One cycle of the three pollers (the hour is fetched every 12th interval). */
const CYCLE = 12;

/** A TCP relay to `port` counting the bytes each way. */
async function countingRelay(port) {
  const counts = { sent: 0, received: 0 };
  const sockets = new Set();
  const relay = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (d) => {
      counts.sent += d.length;
      upstream.write(d);
    });
    upstream.on('data', (d) => {
      counts.received += d.length;
      client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${relay.address().port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        relay.close(() => resolve());
      }),
  };
}

export async function figures(ctx) {
  const { startServer } = await import(join(ctx.root, 'dist/server/index.js'));
  const { newId } = await import(join(ctx.root, 'dist/server/db/ids.js'));
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-cluster-view-'));
  // The hour of reports ends now; then the server's clock is the real one (the monitor's is).
  const clock = { now: Date.now() - 3600_000, real: false };
  const server = await startServer({
    dbPath: join(dir, 'bench.db'),
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    log: ctx.log,
    now: () => (clock.real ? Date.now() : clock.now),
  });
  let relay;
  let term;
  try {
    const login = await fetch(`${server.url}/auth.login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${ACCESS_KEY}:${SECRET_KEY}`).toString('base64')}` },
    });
    const token = (await login.json()).data.token;
    ctx.log(`[cluster-view] filling: ${WORKERS} workers, ${QUEUES} queues of ${ENTRIES} tasks`);
    await fill(server, token, clock, newId);
    clock.real = true;
    relay = await countingRelay(Number(new URL(server.url).port));
    term = await openTerminal({ columns: 200, rows: 50 });
    const target = { url: relay.url, credentials: { accessKey: ACCESS_KEY, secretKey: SECRET_KEY } };
    term.run(monitorCommand(ctx.root, target, ['--interval', String(INTERVAL_S)]));
    await term.quiet(1000, 20_000);
    const offset = term.size();
    term.key('3');
    await term.waitFor(offset, (bytes) => bytes.includes('node-000'), 15_000);
    // Every poller has run once (the hour and bars on entering); the screen settles.
    await term.quiet(1500, 20_000);
    const cycles = ctx.runs(3);
    const wire = [];
    let written = 0;
    for (let i = 0; i < cycles; i++) {
      const before = relay.counts.sent + relay.counts.received;
      const bytes0 = term.size();
      await sleep(CYCLE * INTERVAL_S * 1000);
      wire.push(relay.counts.sent + relay.counts.received - before);
      written += term.size() - bytes0;
    }
    const perPoll = wire.reduce((a, b) => a + b, 0) / (cycles * CYCLE);
    return [
      row({
        figure: `Cluster view idle, ${WORKERS} workers, ${QUEUES} queues x ${ENTRIES}: wire bytes per poll (mean of ${CYCLE})`,
        goal: '< 100 KB',
        measured: `${(perPoll / 1000).toFixed(1)} KB`,
        ok: perPoll < 100_000,
      }),
      row({
        figure: `  the same, per ${CYCLE}-interval cycle (bars twice, hour once)`,
        goal: 'measured only',
        measured: wire.map((b) => `${(b / 1000).toFixed(0)}`).join(' / ') + ' KB',
      }),
      row({
        figure: `Cluster view idle: terminal bytes over ${cycles * CYCLE} polls`,
        goal: '0',
        measured: String(written),
        ok: written === 0,
      }),
    ];
  } finally {
    if (term) {
      term.key('q');
      await sleep(300);
      term.close();
    }
    await relay?.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const rows = await figures({ root, runs: (n) => n, log: (line) => process.stderr.write(`${line}\n`) });
  printTable(rows, 'Cluster view, idle');
}
