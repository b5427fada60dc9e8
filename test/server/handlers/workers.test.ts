// workers.* with the rules and answer shapes of real servers (the SDK's v2_23 workers.py
// models): registration with a timeout, status reports with machine stats, the list with what
// each worker runs and what waits in its queues, stats per interval, runtime properties.
import { describe, expect, it } from 'vitest';
import { MAX_STATS_REPORTS } from '../../../src/server/db/worker-store.js';
import { withApi, type Answer } from '../../helpers/http.js';

const START = Date.parse('2025-03-01T08:00:00Z');
let clock = START;
const api = withApi({ now: () => clock });

async function newTask(name: string): Promise<string> {
  return (await api.ok('tasks.create', { name, type: 'training' })).id as string;
}

async function worker(id: string): Promise<Answer> {
  return (await api.ok('workers.get_all', {})).workers.find((w: Answer) => w.id === id);
}

const stats = (cpu: number[], memory: number) => ({
  cpu_usage: cpu,
  memory_used: memory,
  memory_free: 1000 - memory,
  disk_free_home: 50,
  network_rx: 1.5,
});

describe('workers.register / unregister / get_all', () => {
  it('lists a registered worker until its timeout passes without a report', async () => {
    const q = (await api.ok('queues.create', { name: 'reg-q' })).id;
    expect(await api.ok('workers.register', { worker: 'host:0', queues: [q], timeout: 60 })).toEqual({});
    const w = await worker('host:0');
    expect(w).toMatchObject({
      id: 'host:0',
      user: { id: expect.any(String), name: expect.any(String) },
      company: { id: expect.any(String), name: 'tracktop' },
      register_time: '2025-03-01T08:00:00+00:00',
      last_activity_time: '2025-03-01T08:00:00+00:00',
      queues: [{ id: q, name: 'reg-q', num_tasks: 0 }],
    });
    clock += 61_000;
    expect(await worker('host:0')).toBeUndefined();
  });

  it('keeps the default timeout of 600 s, refuses a timeout <= 0 and unknown queues', async () => {
    clock = START;
    await api.ok('workers.register', { worker: 'host:1' });
    clock += 599_000;
    expect(await worker('host:1')).toBeDefined();
    const zero = await api.call('workers.register', { worker: 'host:2', timeout: 0 });
    expect([zero.status, zero.subcode]).toEqual([400, 1002]);
    const bad = await api.call('workers.register', { worker: 'host:2', queues: ['f'.repeat(32)] });
    expect([bad.status, bad.subcode]).toEqual([400, 701]);
    expect(await api.ok('workers.unregister', { worker: 'host:1' })).toEqual({});
    const twice = await api.call('workers.unregister', { worker: 'host:1' });
    expect([twice.status, twice.subcode]).toEqual([400, 1004]);
  });

  it('filters by last_seen', async () => {
    clock = START;
    await api.ok('workers.register', { worker: 'old' });
    clock += 120_000;
    await api.ok('workers.register', { worker: 'new' });
    const recent = await api.ok('workers.get_all', { last_seen: 60 });
    expect(recent.workers.map((w: Answer) => w.id)).toContain('new');
    expect(recent.workers.map((w: Answer) => w.id)).not.toContain('old');
  });
});

describe('workers.status_report', () => {
  it('stores the running task, names the worker on the task, and shows what waits next', async () => {
    clock = START;
    const q = (await api.ok('queues.create', { name: 'report-q' })).id;
    const running = await newTask('running');
    const waiting = await newTask('waiting');
    await api.ok('queues.add_task', { queue: q, task: waiting });
    await api.ok('tasks.started', { task: running });
    await api.ok('workers.register', { worker: 'gpu:0', queues: [q] });
    clock += 30_000;
    const report = { worker: 'gpu:0', timestamp: clock, machine_stats: stats([10, 30], 400) };
    expect(await api.ok('workers.status_report', { ...report, task: running, queue: q })).toEqual({});
    const w = await worker('gpu:0');
    expect(w.task).toEqual({ id: running, name: 'running', running_time: 30_000, last_iteration: 0 });
    expect(w.queue).toEqual({ id: q, name: 'report-q', num_tasks: 1, next_task: { id: waiting, name: 'waiting' } });
    expect(w.last_report_time).toBe('2025-03-01T08:00:30+00:00');
    const task = (await api.ok('tasks.get_all', { id: [running], only_fields: ['last_worker', 'last_worker_report'] }))
      .tasks[0];
    expect(task).toMatchObject({ last_worker: 'gpu:0', last_worker_report: '2025-03-01T08:00:30+00:00' });
    // Idle again.
    await api.ok('workers.status_report', { worker: 'gpu:0', timestamp: clock });
    expect((await worker('gpu:0')).task).toBeUndefined();
    const unknown = await api.call('workers.status_report', { ...report, task: 'f'.repeat(32) });
    expect([unknown.status, unknown.subcode]).toEqual([400, 101]);
  });

  it('registers a worker that reports without registering', async () => {
    clock = START;
    await api.ok('workers.status_report', { worker: 'eager', timestamp: clock });
    expect(await worker('eager')).toMatchObject({ id: 'eager', queues: [] });
  });
});

describe('workers.get_stats / get_activity_report', () => {
  it('aggregates reports per interval: cores together or per core, min/avg/max', async () => {
    clock = Date.parse('2025-03-05T00:00:00Z');
    const from = clock / 1000;
    const t = await newTask('busy');
    await api.ok('workers.register', { worker: 'stats:0' });
    for (const [dt, cpu, mem] of [
      [0, [10, 30], 100],
      [30, [20, 40], 300],
      [60, [50, 50], 200],
    ] as const) {
      clock = (from + dt) * 1000;
      await api.ok('workers.status_report', {
        worker: 'stats:0',
        timestamp: clock,
        machine_stats: stats([...cpu], mem),
        ...(dt === 60 ? { task: t } : {}),
      });
    }
    clock = (from + 600) * 1000;
    const range = { from_date: from, to_date: from + 180, interval: 60 };
    const r = await api.ok('workers.get_stats', {
      ...range,
      worker_ids: ['stats:0'],
      items: [
        { key: 'cpu_usage', aggregation: 'avg' },
        { key: 'cpu_usage', aggregation: 'max' },
        { key: 'memory_used', aggregation: 'min' },
        { key: 'gpu_usage', aggregation: 'avg' },
      ],
    });
    expect(r.workers).toEqual([
      {
        worker: 'stats:0',
        metrics: [
          {
            metric: 'cpu_usage',
            dates: [from * 1000, (from + 60) * 1000],
            stats: [
              { aggregation: 'avg', values: [25, 50] },
              { aggregation: 'max', values: [40, 50] },
            ],
          },
          {
            metric: 'memory_used',
            dates: [from * 1000, (from + 60) * 1000],
            stats: [{ aggregation: 'min', values: [100, 200] }],
          },
        ],
      },
    ]);
    const split = await api.ok('workers.get_stats', {
      ...range,
      items: [{ key: 'cpu_usage', aggregation: 'avg' }],
      split_by_variant: true,
    });
    const series = split.workers.find((w: Answer) => w.worker === 'stats:0').metrics;
    expect(series.map((m: Answer) => [m.variant, m.stats[0].values])).toEqual([
      ['0', [15, 50]],
      ['1', [35, 50]],
    ]);
    const activity = await api.ok('workers.get_activity_report', range);
    expect(activity.total.dates).toEqual([from * 1000, (from + 60) * 1000, (from + 120) * 1000]);
    expect(activity.total.counts).toEqual([1, 1, 0]);
    expect(activity.active.counts).toEqual([0, 1, 0]);
    const bad = await api.call('workers.get_stats', {
      ...range,
      to_date: from,
      items: [{ key: 'x', aggregation: 'avg' }],
    });
    expect([bad.status, bad.subcode]).toEqual([400, 16]);
  });

  it('refuses a stats range holding more reports than one answer may parse, naming the bound', async () => {
    clock = Date.parse('2025-03-20T00:00:00Z');
    const { db } = api.server.server;
    const { company } = db.prepare('SELECT company FROM users LIMIT 1').get() as { company: string };
    const insert = db.prepare(
      'INSERT INTO worker_reports (company, worker, time, task, stats) VALUES (?, ?, ?, NULL, ?)',
    );
    // Written straight into the table: 25,001 reports through HTTP would only slow the test.
    db.transaction(() => {
      for (let i = 0; i <= MAX_STATS_REPORTS; i++)
        insert.run(company, `many:${i % 50}`, clock + i * 100, '{"memory_used":1}');
    })();
    const range = { from_date: clock / 1000, to_date: clock / 1000 + 3 * 3600, interval: 60 };
    const r = await api.call('workers.get_stats', { ...range, items: [{ key: 'memory_used', aggregation: 'avg' }] });
    expect([r.status, r.subcode]).toEqual([400, 16]);
    expect(r.msg).toContain(`more than ${MAX_STATS_REPORTS}; name fewer workers or ask for a shorter range`);
    const one = await api.ok('workers.get_stats', {
      ...range,
      worker_ids: ['many:0'],
      items: [{ key: 'memory_used', aggregation: 'avg' }],
    });
    expect(one.workers[0].metrics[0].stats[0].values.every((v: number) => v === 1)).toBe(true);
    expect((await api.ok('workers.get_activity_report', range)).total.counts[0]).toBe(50);
  });

  it('keeps a day of reports per worker', async () => {
    clock = Date.parse('2025-03-10T00:00:00Z');
    await api.ok('workers.status_report', { worker: 'long', timestamp: clock, machine_stats: stats([1], 1) });
    clock += 25 * 3600_000;
    await api.ok('workers.status_report', { worker: 'long', timestamp: clock, machine_stats: stats([2], 2) });
    const rows = api.server.server.db
      .prepare(`SELECT count(*) AS n FROM worker_reports WHERE worker = 'long'`)
      .get() as {
      n: number;
    };
    expect(rows.n).toBe(1);
  });
});

describe('workers.set_runtime_properties / get_runtime_properties', () => {
  it("sets, expires and removes properties of the caller's worker", async () => {
    clock = START;
    await api.ok('workers.register', { worker: 'props' });
    const set = await api.ok('workers.set_runtime_properties', {
      worker: 'props',
      runtime_properties: [
        { key: 'force:gpu', value: '2' },
        { key: 'short', value: 'x', expiry: 10 },
      ],
    });
    expect(set).toEqual({ added: ['force:gpu', 'short'], removed: [], errors: [] });
    expect((await api.ok('workers.get_runtime_properties', { worker: 'props' })).runtime_properties).toEqual([
      { key: 'force:gpu', value: '2' },
      { key: 'short', value: 'x', expiry: 10 },
    ]);
    clock += 11_000;
    await api.ok('workers.set_runtime_properties', {
      worker: 'props',
      runtime_properties: [{ key: 'force:gpu', value: '', expiry: 0 }],
    });
    expect(await api.ok('workers.get_runtime_properties', { worker: 'props' })).toEqual({ runtime_properties: [] });
  });
});
