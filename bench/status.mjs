// How soon the connection state tells the truth: the monitor's store (built, default backoff)
// polling `tracktop serve` in a child process every 2 s. A run freezes the server (SIGSTOP) at
// a random point of the poll cycle and times the state leaving "live"; resumes it (SIGCONT)
// and times "live"; kills it, leaves it down 10 s (long enough for a 60 s-capped backoff to
// reach 8 s), starts it again on the same port and database and times "live".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sleep, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';

const INTERVAL_MS = 2000;
const OUTAGE_MS = 10_000;
const KEYS = [
  '--access-key',
  'BENCHSTATUSACCESSKEY012345',
  '--secret-key',
  'bench-status-secret-0123456789abcdefghijklmnop',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function serve(root, port, dbPath) {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'tracktop.js'), 'serve', '--port', String(port), '--db', dbPath, ...KEYS],
    {
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '', HOME: join(dbPath, '..') },
    },
  );
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/auth.login`, {
        method: 'POST',
        signal: globalThis.AbortSignal.timeout(1000),
      });
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error('tracktop serve did not start');
}

/** Milliseconds until the store's state satisfies `check` (NaN after `timeoutMs`). */
function timeUntil(store, check, timeoutMs) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(performance.now() - t0);
    };
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(Number.NaN);
    }, timeoutMs);
    const unsubscribe = store.subscribe((s) => {
      if (check(s)) done();
    });
    if (check(store.getState())) done();
  });
}

export async function figures(ctx) {
  const { createClient } = await import(pathToFileURL(join(ctx.root, 'dist', 'api', 'index.js')).href);
  const { createMonitorStore } = await import(pathToFileURL(join(ctx.root, 'dist', 'store', 'index.js')).href);
  const stale = [];
  const resumed = [];
  const restarted = [];
  const runs = ctx.runs(3);
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-status-'));
    const port = await freePort();
    const dbPath = join(dir, 'server.db');
    let server = await serve(ctx.root, port, dbPath);
    const client = createClient({ apiHost: `http://127.0.0.1:${port}`, accessKey: KEYS[1], secretKey: KEYS[3] });
    const store = createMonitorStore({ client, intervalMs: INTERVAL_MS });
    try {
      store.getState().actions.start();
      await timeUntil(store, (s) => s.connection.state === 'live', 20_000);
      await sleep(INTERVAL_MS + Math.random() * INTERVAL_MS);
      server.kill('SIGSTOP');
      stale.push(await timeUntil(store, (s) => s.connection.state !== 'live', 90_000));
      server.kill('SIGCONT');
      resumed.push(await timeUntil(store, (s) => s.connection.state === 'live', 90_000));
      server.kill('SIGKILL');
      await sleep(OUTAGE_MS);
      server = await serve(ctx.root, port, dbPath);
      restarted.push(await timeUntil(store, (s) => s.connection.state === 'live', 90_000));
      ctx.log(
        `[status] run ${i + 1}: stale ${stale.at(-1)?.toFixed(0)} ms, resumed ${resumed.at(-1)?.toFixed(0)} ms, restarted ${restarted.at(-1)?.toFixed(0)} ms`,
      );
    } finally {
      store.getState().actions.stop();
      await client.close();
      server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const worst = (xs) => Math.max(...xs.map((x) => (Number.isNaN(x) ? Infinity : x)));
  const goalStale = INTERVAL_MS + 3000;
  return [
    row({
      figure: `status: frozen server (SIGSTOP) marked stale, ms (interval ${INTERVAL_MS / 1000} s)`,
      goal: `<= ${goalStale}`,
      measured: spread(stale),
      ok: worst(stale) <= goalStale,
    }),
    row({
      figure: 'status: live again after SIGCONT, ms',
      goal: '<= 5000',
      measured: spread(resumed),
      ok: worst(resumed) <= 5000,
    }),
    row({
      figure: `status: live again after a restart (${OUTAGE_MS / 1000} s down), ms`,
      goal: '<= 5000',
      measured: spread(restarted),
      ok: worst(restarted) <= 5000,
    }),
  ];
}
