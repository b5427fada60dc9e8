// Log search over a huge log: the built monitor inside tmux (120x40) searches a
// 10,000,000-line log on the embedded server for a line at its very start.
//   - lines scanned per second, beside a bare client (undici, no store, no UI) reading the same
//     pages from the same server, the physical reference, and `grep -c` over the same lines
//     written to a file;
//   - the monitor's RSS, sampled every 100 ms during the search, and 5 s after the match.
//
//   npm run build && node bench/log-search.mjs [--lines N] [--root DIR]
//   (or: npm run bench log-search, on 1 M and 10 M lines; 1 M only with --quick)
//
// The log is filled without HTTP: one real add_batch (creating the task's log owner, series and
// strings, and holding the needle) and then one INSERT ... SELECT that copies its row shape with
// the same 75-character messages the storage benchmark uses, one a millisecond. The search runs
// against `tracktop serve` on that database, in a process of its own.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
// Ticks, not schedstat: the search's worker thread ends before the window does.
import { listeningUrl } from './lib/listening.mjs';
import { cpuSeconds, monitorPid, rssMb } from './lib/proc.mjs';
import { sleep } from './lib/stats.mjs';
import { printTable, row } from './lib/table.mjs';
import { monitorCommand, openTerminal } from './lib/tmux.mjs';

const T0 = 1_700_000_000_000;
const NEEDLE = 'needle-at-the-start';
const TASK_NAME = 'bench-huge-log';
const FIRST_BATCH = 1000;

const message = (n) =>
  n === 0
    ? NEEDLE
    : `step ${String(n).padStart(9, '0')}: loss=0.${(n * 7919) % 100000} lr=0.001 grad_norm=1.25 epoch=3`;

export async function fillLog(root, dir, lines) {
  const { startServer } = await import(join(root, 'dist/server/index.js'));
  const { eventsHandlers } = await import(join(root, 'dist/server/events/index.js'));
  const { companyId } = await import(join(root, 'dist/server/db/server-meta.js'));
  const server = await startServer({ dbPath: join(dir, 'bench.db'), port: 0, log: () => {} });
  const db = server.db;
  const company = companyId(db);
  const user = db.prepare('SELECT id FROM users LIMIT 1').pluck().get();
  const task = 'b'.repeat(32);
  const now = Date.now();
  db.prepare(
    `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change)
     VALUES (?, ?, ?, ?, 'training', 'completed', ?, ?, ?)`,
  ).run(task, company, user, TASK_NAME, now, now, now);
  const first = [];
  for (let n = 0; n < FIRST_BATCH; n++) {
    const msg = message(n).padEnd(75, '.');
    first.push(
      JSON.stringify({
        task,
        type: 'log',
        iter: Math.floor(n / 100),
        timestamp: T0 + n,
        worker: 'gpu-host-01:gpu0',
        level: 'info',
        msg,
      }),
    );
  }
  const ctx = {
    db,
    identity: { user, company, userName: 'bench', role: 'user' },
    headers: {},
    worker: 'bench',
    endpoint: 'events.add_batch',
    now: Date.now,
    rawBody: `${first.join('\n')}\n`,
    contentType: 'application/json-lines',
  };
  eventsHandlers['events.add_batch']({}, ctx);
  // better-sqlite3 binds JS numbers as REAL, so `i` is REAL here: the iteration is cast back to an
  // integer as ingest stores it (a fractional iter would send every page down the server's slow path).
  db.prepare(
    `INSERT INTO log_events (owner, timestamp, seq, series, iter, written_after, worker, level, msg, extra)
     WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     SELECT t.owner, ? + i, 0, t.series, CAST(i / 100 AS INTEGER), t.written_after, t.worker, t.level,
       printf('%-75s', printf('step %09d: loss=0.%d lr=0.001 grad_norm=1.25 epoch=3', i, (i * 7919) % 100000)), NULL
     FROM n, (SELECT * FROM log_events ORDER BY timestamp DESC LIMIT 1) AS t`,
  ).run(FIRST_BATCH, lines - 1, T0);
  return server;
}

/** `tracktop serve` on the filled database; resolves `{ url, credentials, pid, stop() }`. */
export async function serveProcess(root, dbPath, credentials) {
  const child = spawn(process.execPath, [join(root, 'bin/tracktop.js'), 'serve', '--db', dbPath, '--port', '0'], {
    env: { ...process.env, TRACKTOP_ACCESS_KEY: credentials.accessKey, TRACKTOP_SECRET_KEY: credentials.secretKey },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The server says where it listens on stderr; the rest of what it says is passed on.
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  const url = await listeningUrl(child);
  return {
    url,
    credentials,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The same lines as a text file, for the `grep -c` reference. */
async function writeLines(path, lines) {
  const out = createWriteStream(path);
  const CHUNK = 100_000;
  for (let start = 0; start < lines; start += CHUNK) {
    let text = '';
    for (let n = start; n < Math.min(lines, start + CHUNK); n++) text += `${message(n).padEnd(75, '.')}\n`;
    if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve) => out.end(resolve));
}

function grepSeconds(path) {
  const t0 = performance.now();
  const count = execFileSync('grep', ['-c', NEEDLE, path], { encoding: 'utf8' }).trim();
  if (count !== '1') throw new Error(`grep found ${count} needles`);
  return (performance.now() - t0) / 1000;
}

/**
 * The bare client: pages of `batch` logs from the newest back, one after the other, each read
 * as text and searched for the needle, going on from its last log's timestamp and seq (found
 * in the text, as the monitor's scan does). Resolves seconds, lines read and its RSS peak (MB).
 */
async function bareClientScan(url, credentials, batch) {
  const pool = new Pool(url, { connections: 1 });
  const call = async (endpoint, body, authorization) => {
    const res = await pool.request({
      method: 'POST',
      path: `/${endpoint}`,
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${endpoint}: HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
    return text;
  };
  try {
    const basic = `Basic ${Buffer.from(`${credentials.accessKey}:${credentials.secretKey}`).toString('base64')}`;
    const token = JSON.parse(await call('auth.login', {}, basic)).data.token;
    const bearer = `Bearer ${token}`;
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    let lines = 0;
    let from = {};
    const t0 = performance.now();
    for (;;) {
      const body = { task: 'b'.repeat(32), batch_size: batch, navigate_earlier: true, ...from };
      const text = await call('events.get_task_log', body, bearer);
      peak = Math.max(peak, process.memoryUsage().rss);
      const returned = Number(/"returned":(\d+)/.exec(text.slice(text.lastIndexOf('"returned":')))[1]);
      lines += returned;
      if (text.includes(NEEDLE) || returned === 0) break;
      const at = text.lastIndexOf('"timestamp":');
      const seqAt = text.lastIndexOf('"seq":');
      from = {
        from_timestamp: Number(/^(\d+)/.exec(text.slice(at + 12, at + 40))[1]),
        from_seq: Number(/^(\d+)/.exec(text.slice(seqAt + 6, seqAt + 30))[1]),
      };
    }
    return { seconds: (performance.now() - t0) / 1000, lines, peakMb: peak / 1024 / 1024 };
  } finally {
    await pool.close();
  }
}

async function waitForScreen(term, predicate, timeoutMs) {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const screen = term.styledRows().join('\n');
    if (predicate(screen)) return performance.now() - t0;
    await sleep(50);
  }
  return NaN;
}

export async function figures(ctx, { lines } = {}) {
  const sizes = lines !== undefined ? [lines] : ctx.runs(3) === 1 ? [1_000_000] : [1_000_000, 10_000_000];
  const rows = [];
  for (const n of sizes) rows.push(...(await searchFigures(ctx, n)));
  return rows;
}

async function searchFigures(ctx, lines) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-log-search-'));
  let server;
  let term;
  try {
    let t0 = performance.now();
    const filled = await fillLog(ctx.root, dir, lines);
    const credentials = filled.credentials;
    await filled.close();
    ctx.log(`[log-search] ${lines} lines stored in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    // The server in a process of its own, as `tracktop serve`: in this one its event loop would
    // stall on every synchronous tmux capture below, and its CPU would include this script's.
    server = await serveProcess(ctx.root, join(dir, 'bench.db'), credentials);
    const textFile = join(dir, 'lines.txt');
    await writeLines(textFile, lines);
    const grep = grepSeconds(textFile);
    rmSync(textFile);

    term = await openTerminal({ columns: 120, rows: 40 });
    const command = monitorCommand(ctx.root, { url: server.url, credentials: server.credentials }, ['--interval', '5']);
    // LOG_SEARCH_NODE_OPTIONS tries V8 settings on the monitor (e.g. --max-semi-space-size=2).
    const nodeOptions = process.env.LOG_SEARCH_NODE_OPTIONS;
    term.run(nodeOptions ? command.replace('exec env ', `exec env NODE_OPTIONS=${nodeOptions} `) : command);
    if (Number.isNaN(await waitForScreen(term, (s) => s.includes(TASK_NAME), 20_000)))
      throw new Error('the monitor never showed the task');
    term.key('6');
    await waitForScreen(term, (s) => s.includes('step 00'), 20_000);
    await sleep(1000);
    const pid = monitorPid(term.pid());
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    term.key('/');
    await sleep(100);
    t0 = performance.now();
    const cpu0 = cpuSeconds(pid);
    const serverCpu0 = cpuSeconds(server.pid);
    term.run(NEEDLE);
    const found = await waitForScreen(term, (s) => s.includes(`/${NEEDLE}/ match`), 600_000);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(pid) - cpu0;
    const serverSeconds = cpuSeconds(server.pid) - serverCpu0;
    await sleep(5000);
    clearInterval(sampler);
    const after = rssMb(pid);
    term.key('q');
    if (Number.isNaN(found)) throw new Error('the search never showed its match');
    const rate = lines / seconds;
    const grepRate = lines / grep;
    const { LOG_SCAN_MAX_BATCH } = await import(join(ctx.root, 'dist/store/logs/scan.js'));
    const bareServerCpu0 = cpuSeconds(server.pid);
    const bare = await bareClientScan(server.url, server.credentials, LOG_SCAN_MAX_BATCH);
    const bareServerSeconds = cpuSeconds(server.pid) - bareServerCpu0;
    const bareRate = bare.lines / bare.seconds;
    const M = `${lines / 1e6} M`;
    return [
      row({
        figure: `log search over ${M} lines, lines/s scanned (s)`,
        goal: '>= 300000',
        measured: `${Math.round(rate)} (${seconds.toFixed(1)} s)`,
        ok: rate >= 300_000,
        ratio: `UI/bare ${(rate / bareRate).toFixed(2)}; ${(grepRate / rate).toFixed(0)}x slower than grep -c (${Math.round(grepRate)}/s)`,
      }),
      row({
        figure: `bare client (undici) over the same ${M} lines' pages, lines/s (s)`,
        goal: '',
        measured: `${Math.round(bareRate)} (${bare.seconds.toFixed(1)} s)`,
        ratio: `server CPU ${bareServerSeconds.toFixed(1)} s; bench RSS peak ${bare.peakMb.toFixed(0)} MB`,
      }),
      row({
        figure: `monitor RSS before / peak during log search, ${M} lines (MB)`,
        goal: '<= 150',
        measured: `${before.toFixed(0)} / ${peak.toFixed(0)}`,
        ok: peak <= 150,
      }),
      row({
        figure: `CPU during the search of ${M} lines: monitor / server (s)`,
        goal: '',
        measured: `${cpu.toFixed(1)} / ${serverSeconds.toFixed(1)}`,
        ratio: `${(((cpu + serverSeconds) / lines) * 1e6).toFixed(2)} µs a line in all`,
      }),
      row({
        figure: `monitor RSS 5 s after the match, ${M} lines (MB)`,
        goal: '<= 150',
        measured: after.toFixed(0),
        ok: after <= 150,
      }),
    ];
  } finally {
    term?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { lines: { type: 'string' }, root: { type: 'string' } } });
  const ctx = {
    root: resolve(values.root ?? join(fileURLToPath(import.meta.url), '..', '..')),
    runs: (n) => n,
    log: (line) => process.stderr.write(`${line}\n`),
  };
  const rows = await figures(ctx, values.lines === undefined ? {} : { lines: Number(values.lines) });
  printTable(rows, 'log search');
}
