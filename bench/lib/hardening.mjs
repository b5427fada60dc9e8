// Hostile and fault figures of the embedded server (bench/attack.mjs runs them): each starts a
// server in a child process (its own memory and descriptors) on a fresh database, attacks it
// over loopback, and returns rows. `dist` is the compiled server to use (default ../../dist),
// so the 8-writer ingest can be measured on an older build too.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { cpuSeconds, monitorPid, peakRssMb, rssMb } from './proc.mjs';
import { END_OF_FRAME, monitorCommand, openTerminal } from './tmux.mjs';
import { row } from './table.mjs';

export const ACCESS_KEY = 'BENCHHARDENKEY00000000001';
export const SECRET_KEY = 'bench-harden-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const CHILD = new URL('./serve-child.mjs', import.meta.url).pathname;
const basic = (key, secret) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** A server in a child process on a fresh database; `stop()` ends it and removes the files. */
export async function childServer(dist) {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-harden-'));
  const dbPath = join(dir, 'bench.db');
  const child = fork(CHILD, [dbPath, dist, ACCESS_KEY, SECRET_KEY], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { url, pid } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const agent = new Agent({ connections: 16 });
  const call = async (endpoint, body, opts = {}) => {
    const res = await fetch(`${url}/${endpoint}`, {
      method: 'POST',
      headers: {
        authorization: opts.auth ?? basic(ACCESS_KEY, SECRET_KEY),
        'content-type': opts.contentType ?? 'application/json',
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      dispatcher: opts.agent ?? agent,
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json, bytes: Buffer.byteLength(text) };
  };
  return {
    url,
    pid,
    dbPath,
    call,
    rss: () => rssMb(pid),
    async stop() {
      await agent.close();
      child.disconnect();
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const jsonLines = (events) => events.map((e) => JSON.stringify(e)).join('\n');

async function newTask(s, name) {
  return (await s.call('tasks.create', { name, type: 'training' })).json.data.id;
}

/** Finding 1: 100,000 logs of one timestamp, paged at batch_size 5000 both ways. */
async function logPages(dist) {
  const s = await childServer(dist);
  try {
    const task = await newTask(s, 'ties');
    const n = 100_000;
    for (let i = 0; i < n; i += 10_000) {
      const batch = Array.from({ length: 10_000 }, (_, k) => ({
        type: 'log',
        task,
        timestamp: 1_700_000_000_000,
        level: 'info',
        msg: `line ${i + k} of a run of logs that share one timestamp`,
      }));
      await s.call('events.add_batch', jsonLines(batch), { contentType: 'application/json-lines' });
    }
    let maxLines = 0;
    let maxBytes = 0;
    let seen = 0;
    let cursor = {};
    const t0 = performance.now();
    for (;;) {
      const r = await s.call('events.get_task_log', { task, batch_size: 5000, ...cursor });
      const events = r.json.data.events;
      if (events.length === 0) break;
      seen += events.length;
      maxLines = Math.max(maxLines, events.length);
      maxBytes = Math.max(maxBytes, r.bytes);
      const last = events.at(-1);
      cursor = { from_timestamp: last.timestamp, from_seq: last.seq };
      if (last.seq === undefined) break; // an older server: one page holds them all
    }
    const ms = performance.now() - t0;
    return [
      row({
        figure: `log page, ${n} logs of one timestamp, batch_size 5000 (lines / MB)`,
        goal: '<= 5000 / a few MB',
        measured: `${maxLines} / ${(maxBytes / 1e6).toFixed(2)} (all ${seen} read in ${ms.toFixed(0)} ms)`,
        ok: maxLines <= 5000 && maxBytes < 8e6 && seen === n,
      }),
    ];
  } finally {
    await s.stop();
  }
}

/** Finding 2: the owner's first login while 16 clients send wrong secrets for the same key. */
async function loginStorm(dist) {
  const s = await childServer(dist);
  try {
    let stop = false;
    const answers = new Map();
    const storm = Array.from({ length: 16 }, async () => {
      const agent = new Agent({ connections: 1 });
      while (!stop) {
        const r = await s.call('auth.login', {}, { auth: basic(ACCESS_KEY, 'wrong'), agent });
        answers.set(r.status, (answers.get(r.status) ?? 0) + 1);
      }
      await agent.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const times = [];
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const agent = new Agent({ connections: 1 });
      const t0 = performance.now();
      const r = await s.call('auth.login', {}, { agent });
      times.push(performance.now() - t0);
      statuses.push(r.status);
      await agent.close();
    }
    stop = true;
    await Promise.all(storm);
    times.sort((a, b) => a - b);
    return [
      row({
        figure: 'owner login during a wrong-secret storm on its key (ms, worst of 10; answers)',
        goal: '< 2000, all 200',
        measured: `${times.at(-1).toFixed(1)} (median ${times[5].toFixed(1)}); owner ${[...new Set(statuses)]}; storm ${JSON.stringify(Object.fromEntries(answers))}`,
        ok: times.at(-1) < 2000 && statuses.every((st) => st === 200),
      }),
    ];
  } finally {
    await s.stop();
  }
}

/** Finding 3: a revoked pair and its token; Finding 7: a second serve on the same file. */
async function keysAndSecondServer(dist) {
  const s = await childServer(dist);
  try {
    const cli = (...args) =>
      spawnSync(process.execPath, [join(dist, '..', 'bin', 'tracktop.js'), 'serve', ...args, '--db', s.dbPath], {
        encoding: 'utf8',
      });
    const created = cli('keys', 'create', 'Bench Person');
    const access = /access_key: "([^"]+)"/.exec(created.stdout)?.[1];
    const secret = /secret_key: "([^"]+)"/.exec(created.stdout)?.[1];
    const login = await s.call('auth.login', {}, { auth: basic(access, secret) });
    if (login.status !== 200) throw new Error(`the created pair could not log in: ${created.stdout}${created.stderr}`);
    const token = login.json.data.token;
    cli('keys', 'revoke', access);
    const byKey = (await s.call('tasks.get_all', {}, { auth: basic(access, secret) })).status;
    const byToken = (await s.call('tasks.get_all', {}, { auth: `Bearer ${token}` })).status;
    const t0 = performance.now();
    const second = cli('--port', '0');
    const ms = performance.now() - t0;
    const said = second.stderr.trim().split('\n')[0] ?? '';
    return [
      row({
        figure: 'revoked pair: Basic / its token',
        goal: '401 / 401',
        measured: `${byKey} / ${byToken}`,
        ok: byKey === 401 && byToken === 401,
      }),
      row({
        figure: 'second serve on the same database (exit code, ms, message)',
        goal: 'exits at once, clear message',
        measured: `${second.status}, ${ms.toFixed(0)} ms: ${said.slice(0, 90)}`,
        ok: second.status !== 0 && said.includes('already using'),
      }),
    ];
  } finally {
    await s.stop();
  }
}

/** Finding 6: 16 concurrent chunked uploads of 101 MiB each; the server's peak RSS. */
async function uploads(dist) {
  const s = await childServer(dist);
  try {
    const boundary = 'benchb0undary';
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let peak = s.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, s.rss())), 50);
    const statuses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        fetch(`${s.url}/files`, {
          method: 'POST',
          headers: {
            authorization: basic(ACCESS_KEY, SECRET_KEY),
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          duplex: 'half',
          body: (async function* () {
            yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="big/${i}.bin"\r\n\r\n`);
            for (let m = 0; m < 101; m++) yield chunk;
            yield Buffer.from(`\r\n--${boundary}--\r\n`);
          })(),
        }).then(
          async (r) => (await r.text(), r.status),
          (err) => err.cause?.code ?? 'error',
        ),
      ),
    );
    clearInterval(sampler);
    const counts = {};
    for (const st of statuses) counts[st] = (counts[st] ?? 0) + 1;
    return [
      row({
        figure: '16 concurrent 101 MiB chunked uploads: server peak RSS (MB)',
        goal: '< 400',
        measured: `${peak.toFixed(0)} (answers ${JSON.stringify(counts)})`,
        ok: peak < 400,
      }),
    ];
  } finally {
    await s.stop();
  }
}

/** Finding 9: 1,100 idle sockets, then a new client's login. */
async function idleSockets(dist) {
  const s = await childServer(dist);
  const { hostname, port } = new URL(s.url);
  const sockets = [];
  try {
    for (let i = 0; i < 1100; i++) {
      const sock = connect({ host: hostname, port: Number(port) });
      sock.on('error', () => undefined);
      sockets.push(sock);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const agent = new Agent({ connections: 1, connect: { timeout: 60_000 } });
    const t0 = performance.now();
    const r = await s.call('auth.login', {}, { agent }).catch((err) => ({ status: err.cause?.code ?? 'error' }));
    const ms = performance.now() - t0;
    await agent.close();
    return [
      row({
        figure: '1,100 idle sockets open: a new client logs in (ms, status)',
        goal: '< a few s, 200',
        measured: `${ms.toFixed(0)}, ${r.status}`,
        ok: r.status === 200 && ms < 3000,
      }),
    ];
  } finally {
    for (const sock of sockets) sock.destroy();
    await s.stop();
  }
}

/**
 * The 8-writer load: 8 clients each sending batches of 500 scalars and 200 log lines for
 * `seconds`; events/s, errors, and every event counted back. The monitor of the same build
 * (dist/../bin/tracktop.js) watches meanwhile, in tmux, polling every second with the first
 * writer's logs in follow mode; its CPU seconds, peak RSS and whether it was still running at
 * the end are returned too.
 */
export async function ingest(dist, seconds) {
  const s = await childServer(dist);
  let term;
  try {
    const writers = 8;
    const tasks = await Promise.all(Array.from({ length: writers }, (_, w) => newTask(s, `writer ${w}`)));
    term = await openTerminal({ columns: 120, rows: 40 });
    const root = join(dist, '..');
    const server = { url: s.url, credentials: { accessKey: ACCESS_KEY, secretKey: SECRET_KEY } };
    term.run(monitorCommand(root, server, ['--interval', '1']));
    const shown = await term.waitFor(0, (b) => b.includes('writer 7') && b.includes(END_OF_FRAME), 20_000, 20);
    if (Number.isNaN(shown)) throw new Error('the monitor did not show the writers');
    const monitor = monitorPid(term.pid());
    term.key('5');
    term.key('G');
    const cpuBefore = cpuSeconds(monitor);
    let stop = false;
    let added = 0;
    let errors = 0;
    const sent = new Array(writers).fill(0);
    const t0 = performance.now();
    setTimeout(() => (stop = true), seconds * 1000);
    await Promise.all(
      tasks.map(async (task, w) => {
        const agent = new Agent({ connections: 1 });
        for (let b = 0; !stop; b++) {
          const events = [];
          for (let i = 0; i < 500; i++)
            events.push({
              type: 'training_stats_scalar',
              task,
              metric: `m${i % 10}`,
              variant: `v${i % 50}`,
              iter: b,
              value: i,
            });
          for (let i = 0; i < 200; i++)
            events.push({
              type: 'log',
              task,
              timestamp: 1_700_000_000_000 + b * 200 + i,
              level: 'info',
              iter: b,
              msg: `batch ${b} line ${i}`,
            });
          const r = await s.call('events.add_batch', jsonLines(events), {
            contentType: 'application/json-lines',
            agent,
          });
          if (r.status === 200 && r.json.data.errors === 0) {
            added += r.json.data.added;
            sent[w] += 200;
          } else errors++;
        }
        await agent.close();
      }),
    );
    const ms = performance.now() - t0;
    const monitorRunning = existsSync(`/proc/${monitor}`);
    const monitorCpu = monitorRunning ? cpuSeconds(monitor) - cpuBefore : NaN;
    const monitorPeak = monitorRunning ? peakRssMb(monitor) : NaN;
    let counted = 0;
    for (const task of tasks) {
      const r = await s.call('events.get_task_log', { task, batch_size: 1 });
      counted += r.json.data.total >= 10_000 ? await countLogs(s, task) : r.json.data.total;
    }
    const expectedLogs = sent.reduce((a, b) => a + b, 0);
    return {
      rate: added / (ms / 1000),
      errors,
      lost: expectedLogs - counted,
      added,
      monitor: { running: monitorRunning, cpuSeconds: monitorCpu, peakRssMb: monitorPeak },
    };
  } finally {
    term?.close();
    await s.stop();
  }
}

/** Every log of a task, counted through download_task_log (total is capped at 10000). */
async function countLogs(s, task) {
  const r = await fetch(`${s.url}/events.download_task_log`, {
    method: 'POST',
    headers: { authorization: basic(ACCESS_KEY, SECRET_KEY), 'content-type': 'application/json' },
    body: JSON.stringify({ task }),
  });
  const text = await r.text();
  return text === '' ? 0 : text.trimEnd().split('\n').length;
}

/** Rows of every hardening figure, against `dist`. */
export async function hardeningFigures(dist, seconds) {
  const rows = [];
  for (const f of [logPages, loginStorm, keysAndSecondServer, uploads, idleSockets]) rows.push(...(await f(dist)));
  const r = await ingest(dist, seconds);
  rows.push(
    row({
      figure: `8-writer ingest, 500 scalars + 200 logs a batch, ${seconds} s, monitor watching (events/s; errors; lost)`,
      goal: '>= 77800; 0; 0',
      measured: `${r.rate.toFixed(0)}; ${r.errors}; ${r.lost}`,
      ok: r.rate >= 77_800 && r.errors === 0 && r.lost === 0,
    }),
    row({
      figure: 'the watching monitor meanwhile (running; CPU s; peak RSS MB)',
      goal: 'yes; -; <= 300',
      measured: `${r.monitor.running ? 'yes' : 'no'}; ${r.monitor.cpuSeconds.toFixed(1)}; ${r.monitor.peakRssMb.toFixed(0)}`,
      ok: r.monitor.running && r.monitor.peakRssMb <= 300,
    }),
  );
  return rows;
}
