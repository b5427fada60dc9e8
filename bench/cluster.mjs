// Cluster view poll size: the bytes (and time) of one poll of what the cluster view calls, on a
// server with 100 workers (half of them running a task) and 10 queues of 1,000 waiting tasks.
//
// A group of `npm run bench` (bench/run.mjs cluster); imports the compiled server from the
// measured tree's dist/. Runnable alone: node bench/cluster.mjs.
//
// Prints, each against its goal, the answer's bytes and its median time over several polls:
//   * workers.get_all (every worker with its queues, running task, next task per queue);
//   * queues.get_all_ex with the fields the view shows (name, entries with task names, the
//     workers listening), whole lines, and lines cut to their first 20 tasks (max_task_entries);
//   * workers.get_stats of one worker over an hour (cpu, memory, gpu, network; 60 s points).
// The server's clock is simulated so that the worker has an hour of 30 s reports; the queues'
// tasks are written straight into the database (the fill is not what is measured).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spread } from './lib/stats.mjs';
import { printTable, row } from './lib/table.mjs';

const { fetch } = globalThis;
export const ACCESS_KEY = 'BENCHACCESSKEY000000';
export const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz';
export const WORKERS = 100;
export const QUEUES = 10;
export const ENTRIES = 1000;
const HOUR_S = 3600;
const REPORT_EVERY_S = 30;

export async function call(server, token, endpoint, body) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${endpoint}: ${res.status} ${text.slice(0, 200)}`);
  return { data: JSON.parse(text).data, bytes: Buffer.byteLength(text), ms };
}

const machineStats = (i) => ({
  cpu_usage: [10 + (i % 50), 20 + (i % 30), 5, 70],
  cpu_temperature: [50, 52, 49, 51],
  gpu_usage: [90, 85],
  gpu_memory_used: [20_000, 18_000],
  gpu_memory_free: [4_000, 6_000],
  gpu_temperature: [70, 68],
  memory_used: 12_000 + i,
  memory_free: 20_000 - i,
  disk_free_home: 400_000,
  disk_read: 1.5,
  disk_write: 3.2,
  network_rx: 12.5,
  network_tx: 4.25,
});

/** Fills the server: queues of tasks (straight into SQLite), workers registered and reporting. */
export async function fill(server, token, clock, newId) {
  const db = server.db;
  const queues = [];
  for (let q = 0; q < QUEUES; q++)
    queues.push((await call(server, token, 'queues.create', { name: `gpu-queue-${q}` })).data.id);
  const { user, company } = db.prepare('SELECT id AS user, company FROM users LIMIT 1').get();
  const insertTask = db.prepare(
    `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change, execution)
     VALUES (?, ?, ?, ?, 'training', 'queued', ?, ?, ?, ?)`,
  );
  const insertEntry = db.prepare('INSERT INTO queue_entries (queue, task, added, position) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    queues.forEach((queue, q) => {
      for (let i = 0; i < ENTRIES; i++) {
        const id = newId();
        const at = clock.now - (ENTRIES - i) * 1000;
        insertTask.run(id, company, user, `sweep ${q}/${i} lr=${(i / 1000).toFixed(3)}`, at, at, at, '{}');
        insertEntry.run(queue, id, at, i);
      }
    });
  })();
  // The worker with history reports every 30 s over the hour before the poll.
  const start = clock.now;
  const running = [];
  for (let w = 0; w < WORKERS / 2; w++)
    running.push((await call(server, token, 'tasks.create', { name: `running ${w}`, type: 'training' })).data.id);
  for (let w = 0; w < WORKERS; w++)
    await call(server, token, 'workers.register', {
      worker: `node-${String(w).padStart(3, '0')}:gpu0,1`,
      queues: [queues[w % QUEUES], queues[(w + 1) % QUEUES]],
    });
  for (let t = 0; t <= HOUR_S; t += REPORT_EVERY_S) {
    clock.now = start + t * 1000;
    await call(server, token, 'workers.status_report', {
      worker: 'node-000:gpu0,1',
      timestamp: clock.now,
      machine_stats: machineStats(t),
      task: running[0],
      queue: queues[0],
    });
  }
  for (let w = 1; w < WORKERS; w++)
    await call(server, token, 'workers.status_report', {
      worker: `node-${String(w).padStart(3, '0')}:gpu0,1`,
      timestamp: clock.now,
      machine_stats: machineStats(w),
      ...(w < WORKERS / 2 ? { task: running[w], queue: queues[w % QUEUES] } : {}),
    });
  return { start };
}

export async function figures(ctx) {
  const { startServer } = await import(join(ctx.root, 'dist/server/index.js'));
  const { newId } = await import(join(ctx.root, 'dist/server/db/ids.js'));
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-cluster-'));
  const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
  const server = await startServer({
    dbPath: join(dir, 'bench.db'),
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    log: ctx.log,
    now: () => clock.now,
  });
  try {
    const login = await fetch(`${server.url}/auth.login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${ACCESS_KEY}:${SECRET_KEY}`).toString('base64')}` },
    });
    const token = (await login.json()).data.token;
    ctx.log(`[cluster] filling: ${WORKERS} workers, ${QUEUES} queues of ${ENTRIES} tasks, an hour of reports`);
    const { start } = await fill(server, token, clock, newId);
    const view = ['name', 'system_tags', 'entries'];
    const polls = [
      {
        figure: 'workers.get_all, 100 workers',
        goal: '< 200 KB',
        limit: 200_000,
        endpoint: 'workers.get_all',
        body: {},
      },
      {
        figure: 'queues.get_all_ex, 10 queues x 1,000 tasks, whole lines',
        goal: 'measured only',
        endpoint: 'queues.get_all_ex',
        body: { only_fields: view },
      },
      {
        figure: 'queues.get_all_ex, 10 queues, first 20 tasks each',
        goal: '< 50 KB',
        limit: 50_000,
        endpoint: 'queues.get_all_ex',
        body: { only_fields: view, max_task_entries: 20 },
      },
      {
        figure: 'workers.get_stats, 1 worker, 1 hour at 60 s',
        goal: '< 20 KB',
        limit: 20_000,
        endpoint: 'workers.get_stats',
        body: {
          worker_ids: ['node-000:gpu0,1'],
          from_date: start / 1000,
          to_date: start / 1000 + HOUR_S,
          interval: 60,
          items: [
            { key: 'cpu_usage', aggregation: 'avg' },
            { key: 'cpu_usage', aggregation: 'max' },
            { key: 'memory_used', aggregation: 'avg' },
            { key: 'gpu_usage', aggregation: 'avg' },
            { key: 'gpu_memory_used', aggregation: 'avg' },
            { key: 'network_rx', aggregation: 'avg' },
            { key: 'network_tx', aggregation: 'avg' },
          ],
        },
      },
    ];
    const rows = [];
    let total = 0;
    for (const p of polls) {
      const times = [];
      let bytes = 0;
      for (let i = 0; i < ctx.runs(7); i++) {
        const r = await call(server, token, p.endpoint, p.body);
        times.push(r.ms);
        bytes = r.bytes;
      }
      if (p.figure !== polls[1].figure) total += bytes;
      rows.push(
        row({
          figure: `${p.figure}: bytes`,
          goal: p.goal,
          measured: `${(bytes / 1000).toFixed(1)} KB`,
          ok: p.limit === undefined ? undefined : bytes < p.limit,
        }),
        row({
          figure: `${p.figure}: time`,
          goal: 'measured only',
          measured: `${spread(times, 1)} ms`,
        }),
      );
    }
    rows.push(
      row({
        figure: 'one cluster-view poll (workers, queues cut to 20, one worker’s stats)',
        goal: '< 250 KB',
        measured: `${(total / 1000).toFixed(1)} KB`,
        ok: total < 250_000,
      }),
    );
    return rows;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const rows = await figures({
    root,
    runs: (n) => n,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  printTable(rows, 'cluster view poll');
}
