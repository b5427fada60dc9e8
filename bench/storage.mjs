// Server storage benchmark for task logs: bytes per line on disk, ingest rate over
// HTTP (and, apart, the request body pre-scan every batch goes through), and the 5,000-line
// events.get_task_log page over HTTP at 1 M and 10 M lines.
//
// Run after a build (it imports the compiled server from dist/):
//   npm run build && node bench/storage.mjs [--max-lines N]
// or as the `storage` group of `npm run bench` (figures(ctx) below: 1 M lines, 200,000 with
// --quick; the 10 M-line page only when run alone, its fill takes minutes).
//
// Each figure is an exported async function returning `{ figure, goal, measured }` rows, for the
// bench runner; run alone, the script prints them as a table. Log lines look like what the SDK
// sends: ~75-character messages, a level, an iteration, a worker. The request bodies are built
// before the clock starts: the figure is the server's ingest rate, not the client's JSON encoding.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { startServer } from '../dist/server/index.js';
import { eventsHandlers } from '../dist/server/events/index.js';
import { companyId } from '../dist/server/db/server-meta.js';
import { row } from './lib/table.mjs';
import { prepareJsonText } from '../dist/server/http/json-text.js';
import { MAX_JSON_DEPTH } from '../dist/server/http/limits.js';
import { exchange as clientExchange } from '../dist/api/exchange.js';

const ACCESS_KEY = 'BENCHACCESSKEY000000';
const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz';
const T0 = 1_700_000_000_000;
const BATCH = 5000;

async function withServer(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-storage-'));
  const dbPath = join(dir, 'bench.db');
  const server = await startServer({ dbPath, accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  try {
    const db = server.db;
    const basic = `Basic ${Buffer.from(`${ACCESS_KEY}:${SECRET_KEY}`).toString('base64')}`;
    const login = await (
      await fetch(`${server.url}/auth.login`, { method: 'POST', headers: { authorization: basic } })
    ).json();
    const bench = {
      server,
      db,
      dbPath,
      company: companyId(db),
      user: db.prepare('SELECT id FROM users LIMIT 1').pluck().get(),
      bearer: `Bearer ${login.data.token}`,
      tasks: 0,
    };
    return await fn(bench);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function newTask(b) {
  const id = `${(++b.tasks).toString(16).padStart(8, '0')}a1b2c3d4e5f60718293a4b5c`;
  const now = Date.now();
  b.db
    .prepare(
      `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change)
       VALUES (?, ?, ?, 'bench', 'training', 'in_progress', ?, ?, ?)`,
    )
    .run(id, b.company, b.user, now, now, now);
  return id;
}

/**
 * `count` JSON lines of log events, numbered from `first`, one a millisecond from `t0`;
 * messages are 75 characters.
 */
export function logBody(task, count, first, t0 = T0) {
  const lines = new Array(count);
  for (let i = 0; i < count; i++) {
    const n = first + i;
    const msg = `step ${String(n).padStart(9, '0')}: loss=0.${(n * 7919) % 100000} lr=0.001 grad_norm=1.25 epoch=3`;
    lines[i] = JSON.stringify({
      task,
      type: 'log',
      iter: Math.floor(n / 100),
      timestamp: t0 + n,
      worker: 'gpu-host-01:gpu0',
      level: n % 50 === 0 ? 'warning' : 'info',
      msg: msg.padEnd(75, '.'),
    });
  }
  return `${lines.join('\n')}\n`;
}

async function http(b, endpoint, body, contentType = 'application/json') {
  const init = {
    method: 'POST',
    headers: { authorization: b.bearer, 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  let res;
  try {
    res = await fetch(`${b.server.url}/${endpoint}`, init);
  } catch {
    // A kept-alive connection the server closed while this script was filling the log: send again.
    res = await fetch(`${b.server.url}/${endpoint}`, init);
  }
  const envelope = await res.json();
  if (res.status !== 200) throw new Error(`${endpoint}: ${res.status} ${envelope.meta.result_msg}`);
  return envelope.data;
}

/** The add_batch handler without HTTP, to fill big logs quickly. */
function addDirect(b, body) {
  const ctx = {
    db: b.db,
    identity: { user: b.user, company: b.company, userName: 'bench', role: 'user' },
    headers: {},
    worker: 'bench',
    endpoint: 'events.add_batch',
    now: Date.now,
    rawBody: body,
    contentType: 'application/json-lines',
  };
  const r = eventsHandlers['events.add_batch']({}, ctx);
  if (r.errors !== 0) throw new Error(`add_batch: ${JSON.stringify(r.errors_info)}`);
}

function dbBytes(b) {
  b.db.pragma('wal_checkpoint(TRUNCATE)');
  let size = statSync(b.dbPath).size;
  try {
    size += statSync(`${b.dbPath}-wal`).size;
  } catch {
    // no WAL file
  }
  return size;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Bytes on disk per 75-character log line (database file + WAL after a checkpoint). The log
 * ends now, as a live task's does: the server writes each line shortly after its timestamp.
 */
export async function bytesPerLogLine({ lines = 1_000_000 } = {}) {
  return withServer(async (b) => {
    const empty = dbBytes(b);
    const task = newTask(b);
    const t0 = Date.now() - lines;
    for (let first = 0; first < lines; first += BATCH)
      addDirect(b, logBody(task, Math.min(BATCH, lines - first), first, t0));
    const perLine = (dbBytes(b) - empty) / lines;
    return [
      {
        figure: `storage per 75-char log line (${lines / 1e6} M lines), bytes`,
        goal: '<= 120',
        measured: Math.round(perLine),
      },
    ];
  });
}

/** events.add_batch of log lines over HTTP, 5,000-line json-lines batches. */
export async function logIngestRate({ lines = 1_000_000 } = {}) {
  return withServer(async (b) => {
    const task = newTask(b);
    const bodies = [];
    for (let first = 0; first < lines; first += BATCH) bodies.push(logBody(task, BATCH, first));
    await http(b, 'events.add_batch', logBody(newTask(b), BATCH, 0), 'application/json-lines'); // warm-up
    const t0 = performance.now();
    for (const body of bodies) await http(b, 'events.add_batch', body, 'application/json-lines');
    const rate = (bodies.length * BATCH) / ((performance.now() - t0) / 1000);
    return [{ figure: 'log ingest over HTTP, lines/s', goal: '>= 150000', measured: Math.round(rate) }];
  });
}

/** The request body pre-scan (depth limit, lone surrogates) of a 5,000-line batch, ms per MB (median of 50). */
export async function bodyPrescanMsPerMb() {
  const body = logBody('f'.repeat(32), BATCH, 0);
  const times = [];
  for (let i = 0; i < 51; i++) {
    const s = performance.now();
    prepareJsonText(body, MAX_JSON_DEPTH);
    if (i > 0) times.push(performance.now() - s);
  }
  const mb = Buffer.byteLength(body) / 1e6;
  return [
    { figure: 'request body pre-scan, ms per MB', goal: '<= 2', measured: Number((median(times) / mb).toFixed(2)) },
  ];
}

/**
 * A 5,000-line page of events.get_task_log over HTTP (median of 15 after 5 warm-up requests) at
 * each size: the exchange as tracktop's client makes it (its `exchange` over an undici Pool,
 * from the request sent to the body's text), and apart from it what the client then spends
 * parsing the page's JSON.
 */
export async function logPageMs({ sizes = [1_000_000, 10_000_000] } = {}) {
  return withServer(async (b) => {
    const task = newTask(b);
    const pool = new Pool(b.server.url, { connections: 1 });
    const rows = [];
    let filled = 0;
    try {
      for (const size of sizes) {
        const t0 = performance.now();
        for (let first = filled; first < size; first += BATCH)
          addDirect(b, logBody(task, Math.min(BATCH, size - first), first));
        filled = size;
        process.stderr.write(`filled ${size} lines in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
        const pages = [
          ['newest', { task }],
          ['mid-log', { task, from_timestamp: T0 + Math.floor(size / 2) }],
        ];
        for (const [where, req] of pages) {
          const exchange = [];
          const parse = [];
          const body = JSON.stringify(req);
          for (let i = 0; i < 20; i++) {
            const s = performance.now();
            const { text } = await clientExchange(
              pool,
              {
                path: '/events.get_task_log',
                method: 'POST',
                headers: { authorization: b.bearer, 'content-type': 'application/json' },
                body,
              },
              new AbortController().signal,
            );
            const received = performance.now();
            const page = JSON.parse(text).data;
            const parsed = performance.now();
            if (page.returned !== 5000) throw new Error(`expected 5000 lines, got ${page.returned}`);
            if (i >= 5) {
              exchange.push(received - s);
              parse.push(parsed - received);
            }
          }
          rows.push(
            {
              figure: `5,000-line log page (${where}) at ${size / 1e6} M lines, HTTP ms`,
              goal: '<= 10',
              measured: Number(median(exchange).toFixed(1)),
            },
            {
              figure: `  then the client's JSON.parse of it, ms`,
              goal: '',
              measured: Number(median(parse).toFixed(1)),
            },
          );
        }
      }
    } finally {
      await pool.close();
    }
    return rows;
  });
}

/** The `storage` group of bench/run.mjs. */
export async function figures(ctx) {
  const lines = ctx.runs(3) === 1 ? 200_000 : 1_000_000;
  const rows = [];
  for (const figure of [
    () => bytesPerLogLine({ lines }),
    () => logIngestRate({ lines }),
    () => bodyPrescanMsPerMb(),
    () => logPageMs({ sizes: [lines] }),
  ]) {
    for (const r of await figure()) {
      const [op, limit] = r.goal.split(' ');
      const ok = r.goal === '' ? undefined : op === '<=' ? r.measured <= Number(limit) : r.measured >= Number(limit);
      rows.push(row({ figure: r.figure, goal: r.goal, measured: String(r.measured), ok }));
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--max-lines');
  const max = at > 0 ? Number(process.argv[at + 1]) : 10_000_000;
  const sizes = [1_000_000, max].filter((n, i, all) => n <= max && all.indexOf(n) === i);
  const rows = [];
  for (const figure of [
    () => bytesPerLogLine({ lines: Math.min(1_000_000, max) }),
    () => logIngestRate({ lines: Math.min(1_000_000, max) }),
    () => bodyPrescanMsPerMb(),
    () => logPageMs({ sizes }),
  ]) {
    const got = await figure();
    for (const r of got) process.stderr.write(`${r.figure}: ${r.measured}\n`);
    rows.push(...got);
  }
  const w = Math.max(...rows.map((r) => r.figure.length));
  console.log(`${'figure'.padEnd(w)}  ${'goal'.padEnd(10)}  measured`);
  for (const r of rows) console.log(`${r.figure.padEnd(w)}  ${r.goal.padEnd(10)}  ${r.measured}`);
}
