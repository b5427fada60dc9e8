// Embedded server benchmark: events ingest, scalar histogram and log paging at scale.
//
// A group of `npm run bench` (bench/run.mjs server); imports the compiled server from the
// measured tree's dist/.
//
// Prints, each against its goal:
//   * ingest rate of events.add_batch with 100 k scalars (JSON lines), through HTTP and
//     handler-only (the events.add_batch handler called directly, no HTTP);
//   * events.scalar_metrics_iter_histogram over a 1 M-point series (default 2000 samples);
//   * events.get_task_log on a 1 M-line log: the newest page at the server default (5000
//     lines) and at the client's default (1000 lines, what the monitor asks for), and a
//     100-line page in the middle.
// Times are medians of several runs on a temp-file database (WAL), after a warm-up run. An
// HTTP time runs from the request sent to the body's text, through tracktop's own exchange.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';

const ACCESS_KEY = 'BENCHACCESSKEY000000';
const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz';
const RUNS = 7;

export async function figures(ctx) {
  const { startServer } = await import(join(ctx.root, 'dist/server/index.js'));
  const { eventsHandlers } = await import(join(ctx.root, 'dist/server/events/index.js'));
  const { companyId } = await import(join(ctx.root, 'dist/server/db/server-meta.js'));
  const { exchange } = await import(join(ctx.root, 'dist/api/exchange.js'));
  const { Pool } = await import(join(ctx.root, 'node_modules/undici/index.js'));
  const runs = ctx.runs(RUNS);
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-'));
  const server = await startServer({
    dbPath: join(dir, 'bench.db'),
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    log: ctx.log,
  });
  const db = server.db;
  const company = companyId(db);
  const user = db.prepare('SELECT id FROM users LIMIT 1').pluck().get();

  // Requests go through the client's own exchange (undici dispatch, the body read as one
  // buffer), as tracktop makes them; an HTTP figure ends with the body's text, before JSON.parse.
  const pool = new Pool(server.url, { connections: 1 });
  async function send(endpoint, body, headers) {
    const request = { method: 'POST', path: `/${endpoint}`, headers, body };
    let started = performance.now();
    let answer;
    try {
      answer = await exchange(pool, request, new AbortController().signal);
    } catch {
      // A kept-alive connection the server closed while this script was busy: send again.
      started = performance.now();
      answer = await exchange(pool, request, new AbortController().signal);
    }
    const ms = performance.now() - started;
    const envelope = JSON.parse(answer.text);
    if (answer.status !== 200) throw new Error(`${endpoint}: ${answer.status} ${envelope.meta.result_msg}`);
    return { data: envelope.data, ms };
  }
  const basic = `Basic ${Buffer.from(`${ACCESS_KEY}:${SECRET_KEY}`).toString('base64')}`;
  const login = await send('auth.login', '', { authorization: basic });
  const bearer = `Bearer ${login.data.token}`;

  let taskCount = 0;
  function newTask() {
    const id = (++taskCount).toString(16).padStart(32, '0');
    const now = Date.now();
    db.prepare(
      `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change)
     VALUES (?, ?, ?, 'bench', 'training', 'in_progress', ?, ?, ?)`,
    ).run(id, company, user, now, now, now);
    return id;
  }

  /** The call over HTTP: its data, and `ms` from the request sent to the body's text. */
  function http(endpoint, body, contentType = 'application/json') {
    return send(endpoint, typeof body === 'string' ? body : JSON.stringify(body), {
      authorization: bearer,
      'content-type': contentType,
    });
  }

  /** The handler alone, in a transaction as the app runs it. */
  function direct(endpoint, body, rawBody = '', contentType = 'application/json') {
    const ctx = {
      db,
      identity: { user, company, userName: 'bench', role: 'user' },
      headers: {},
      worker: 'bench',
      endpoint,
      now: Date.now,
      rawBody,
      contentType,
    };
    return db.transaction(() => eventsHandlers[endpoint](body, ctx))();
  }

  function scalarLines(task, count, variants, firstIter) {
    const lines = new Array(count);
    const t0 = Date.now();
    for (let i = 0; i < count; i++) {
      lines[i] = JSON.stringify({
        task,
        type: 'training_stats_scalar',
        metric: 'loss',
        variant: `v${i % variants}`,
        iter: firstIter + Math.floor(i / variants),
        value: Math.random(),
        timestamp: t0 + i,
      });
    }
    return `${lines.join('\n')}\n`;
  }

  function logLines(task, count, first) {
    const lines = new Array(count);
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < count; i++) {
      const n = first + i;
      lines[i] = JSON.stringify({
        task,
        type: 'log',
        iter: Math.floor(n / 100),
        level: 'info',
        msg: `step ${n}: loss=0.1234 lr=0.001`,
        timestamp: t0 + n,
      });
    }
    return `${lines.join('\n')}\n`;
  }

  async function timeRuns(fn) {
    await fn(); // warm-up
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    return times;
  }

  /** Like timeRuns, for a call over HTTP: its exchange times. */
  async function timeHttp(endpoint, body) {
    await http(endpoint, body); // warm-up
    const times = [];
    for (let i = 0; i < runs; i++) times.push((await http(endpoint, body)).ms);
    return times;
  }

  const results = [];
  /** `values`: the runs; the goal is met when their median passes `test`. */
  function report(name, values, unit, target, test) {
    const digits = unit === 'events/s' ? 0 : 1;
    results.push(row({ figure: name, goal: target, measured: spread(values, digits), ok: test(median(values)) }));
  }

  try {
    const N = 100_000;
    // Ingest: fresh task per run so every run inserts (no overwrites).
    const httpRates = [];
    const directRates = [];
    for (let run = 0; run < 4; run++) {
      const viaHttp = scalarLines(newTask(), N, 10, 0);
      const { data: a, ms: httpMs } = await http('events.add_batch', viaHttp, 'application/json-lines');
      const handlerOnly = scalarLines(newTask(), N, 10, 0);
      const t0 = performance.now();
      const b = direct('events.add_batch', {}, handlerOnly, 'application/json-lines');
      const directMs = performance.now() - t0;
      if (a.added !== N || b.added !== N) throw new Error('not every event was added');
      if (run > 0) {
        httpRates.push((N / httpMs) * 1000);
        directRates.push((N / directMs) * 1000);
      }
    }
    report('ingest add_batch 100k scalars, HTTP (events/s)', httpRates, 'events/s', '>= 200000', (m) => m >= 200_000);
    report(
      'ingest add_batch 100k scalars, handler only (events/s)',
      directRates,
      'events/s',
      '>= 200000',
      (m) => m >= 200_000,
    );

    // Histogram over 1M points of one series.
    const histTask = newTask();
    for (let k = 0; k < 10; k++)
      direct('events.add_batch', {}, scalarLines(histTask, N, 1, k * N), 'application/json-lines');
    const histHttp = await timeHttp('events.scalar_metrics_iter_histogram', { task: histTask });
    const histDirect = await timeRuns(() => direct('events.scalar_metrics_iter_histogram', { task: histTask }));
    const check = direct('events.scalar_metrics_iter_histogram', { task: histTask });
    if (check.loss.v0.x.length !== 2000) throw new Error(`expected 2000 points, got ${check.loss.v0.x.length}`);
    report('histogram 1M points -> 2000 samples, HTTP (ms)', histHttp, 'ms', '<= 100', (m) => m <= 100);
    report('histogram 1M points -> 2000 samples, handler only (ms)', histDirect, 'ms', '<= 100', (m) => m <= 100);

    // Log pages at 1M lines.
    const logTask = newTask();
    for (let k = 0; k < 10; k++) direct('events.add_batch', {}, logLines(logTask, N, k * N), 'application/json-lines');
    const newestHttp = await timeHttp('events.get_task_log', { task: logTask });
    const newestDirect = await timeRuns(() => direct('events.get_task_log', { task: logTask }));
    const page1000 = { task: logTask, batch_size: 1000 };
    const p1000Http = await timeHttp('events.get_task_log', page1000);
    const p1000Direct = await timeRuns(() => direct('events.get_task_log', page1000));
    const mid = { task: logTask, batch_size: 100, from_timestamp: 1_700_000_000_000 + 500_000 };
    const midHttp = await timeHttp('events.get_task_log', mid);
    const midDirect = await timeRuns(() => direct('events.get_task_log', mid));
    report('log page (5000 newest lines) at 1M lines, HTTP (ms)', newestHttp, 'ms', '<= 10', (m) => m <= 10);
    report('log page (5000 newest lines) at 1M lines, handler only (ms)', newestDirect, 'ms', '<= 10', (m) => m <= 10);
    report('log page (1000 newest lines) at 1M lines, HTTP (ms)', p1000Http, 'ms', '<= 10', (m) => m <= 10);
    report('log page (1000 newest lines) at 1M lines, handler only (ms)', p1000Direct, 'ms', '<= 10', (m) => m <= 10);
    report('log page (100 lines, mid-log) at 1M lines, HTTP (ms)', midHttp, 'ms', '<= 10', (m) => m <= 10);
    report('log page (100 lines, mid-log) at 1M lines, handler only (ms)', midDirect, 'ms', '<= 10', (m) => m <= 10);
  } finally {
    await pool.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
