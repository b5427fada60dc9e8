// Logs read by iteration through log_iterations (schema v5) instead of a per-line index:
// get_task_events pages logs in (iter, timestamp) order whatever order their iterations were
// written in, across batches and series, both ways; the last iteration and iteration discovery
// follow deletes; a v4 database gets its iterations on upgrade.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/server/db/schema.js';
import { createHarness, type Harness } from '../../helpers/events-harness.js';
import { add } from '../../helpers/events-seed.js';

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  h = dir = undefined;
});

interface Log {
  task: string;
  type: 'log';
  iter?: number;
  timestamp: number;
  msg: string;
  metric?: string;
}

/** Every log of the task through get_task_events in pages of `batch`, as `iter:msg`. */
async function walk(harness: Harness, task: string, order: 'asc' | 'desc', batch: number, metrics?: unknown) {
  const seen: string[] = [];
  let scrollId: string | undefined;
  for (;;) {
    const r = await harness.call('events.get_task_events', {
      task,
      scroll_id: scrollId,
      batch_size: batch,
      order,
      event_type: 'log',
      ...(metrics === undefined ? {} : { metrics }),
    });
    expect(r.status).toBe(200);
    if (r.data.returned === 0) return seen;
    for (const e of r.data.events as { iter?: number; msg: string }[]) seen.push(`${e.iter ?? '-'}:${e.msg}`);
    scrollId = r.data.scroll_id;
  }
}

/** The order get_task_events promises: iteration, then timestamp, then arrival. */
function expected(logs: Log[], order: 'asc' | 'desc'): string[] {
  const key = (l: Log) => (l.iter === undefined ? -Infinity : l.iter);
  const sorted = logs
    .map((l, i) => ({ l, i }))
    .sort((a, b) => key(a.l) - key(b.l) || a.l.timestamp - b.l.timestamp || a.i - b.i)
    .map(({ l }) => `${l.iter ?? '-'}:${l.msg}`);
  return order === 'asc' ? sorted : sorted.reverse();
}

describe('logs by iteration (log_iterations)', () => {
  it('pages logs in iteration order when iterations interleave in time, across batches and series', async () => {
    h = await createHarness();
    const t = h.task();
    const log = (iter: number | undefined, timestamp: number, msg: string, metric?: string): Log => ({
      task: t,
      type: 'log',
      ...(iter === undefined ? {} : { iter }),
      timestamp,
      msg,
      ...(metric === undefined ? {} : { metric }),
    });
    const first = [
      log(3, 100, 'a'),
      log(1, 200, 'b'),
      log(3, 300, 'c'),
      log(undefined, 150, 'no iter 1'),
      log(2, 250, 'd', 'stderr'),
      log(1, 250, 'e'),
      log(1, 250, 'f'),
    ];
    const second = [log(3, 50, 'g'), log(1, 400, 'h', 'stderr'), log(undefined, 500, 'no iter 2'), log(0, 600, 'i')];
    await add(h, first);
    await add(h, second);
    const all = [...first, ...second];
    for (const order of ['asc', 'desc'] as const)
      for (const batch of [1, 2, 5, 100])
        expect(await walk(h, t, order, batch), `${order} ${batch}`).toEqual(expected(all, order));
    const stderr = all.filter((l) => l.metric === 'stderr');
    expect(await walk(h, t, 'asc', 1, [{ metric: 'stderr' }])).toEqual(expected(stderr, 'asc'));
  });

  it('keeps the last iteration and the iteration metrics right after clear_task_log and delete_for_task', async () => {
    h = await createHarness();
    const t = h.task();
    await add(h, [
      { task: t, type: 'log', iter: 5, metric: 'out', msg: 'x', timestamp: 10 },
      { task: t, type: 'log', iter: 9, metric: 'err', msg: 'y', timestamp: 20 },
      { task: t, type: 'log', metric: 'plain', msg: 'no iteration', timestamp: 30 },
    ]);
    const lastIter = async () =>
      (await (h as Harness).call('events.get_task_latest_scalar_values', { task: t })).data.last_iter;
    const logMetrics = async () =>
      (await (h as Harness).call('events.get_task_metrics', { tasks: [t], event_type: 'log' })).data.metrics[0].metrics;
    expect(await lastIter()).toBe(9);
    expect(await logMetrics()).toEqual(['err', 'out']);
    expect((await h.call('events.clear_task_log', { task: t, include_metrics: ['err'] })).data.deleted).toBe(1);
    expect(await lastIter()).toBe(5);
    expect(await logMetrics()).toEqual(['out']);
    expect(await walk(h, t, 'asc', 10)).toEqual(['-:no iteration', '5:x']);
    await h.call('events.delete_for_task', { task: t });
    expect(h.db.prepare('SELECT count(*) FROM log_iterations').pluck().get()).toBe(0);
    expect(await lastIter()).toBe(0);
  });

  it('gives a v4 database its iterations on upgrade and drops the per-line index', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tracktop-logiter-'));
    const path = join(dir, 'server.db');
    const db = new Database(path);
    for (const m of MIGRATIONS.filter((x) => x.version <= 4)) {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }
    db.close();
    // Logs written in the v4 layout, then the migrations after v4.
    const v4 = new Database(path);
    expect(v4.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'log_events_iter'").pluck().get()).toBe(1);
    const owner = v4.prepare("INSERT INTO event_owners (owner) VALUES ('t4') RETURNING id").pluck().get() as number;
    const worker = v4.prepare("INSERT INTO event_strings (text) VALUES ('w') RETURNING id").pluck().get() as number;
    const series = v4
      .prepare(
        "INSERT INTO event_series (owner, model_event, type, metric, variant) VALUES ('t4', 0, 4, '', '') RETURNING id",
      )
      .pluck()
      .get() as number;
    const insert = v4.prepare(
      'INSERT INTO log_events (owner, timestamp, seq, series, iter, written_after, worker, level, msg, extra) VALUES (?, ?, ?, ?, ?, 0, ?, NULL, ?, NULL)',
    );
    for (const [ts, seq, iter, msg] of [
      [100, 0, 2, 'a'],
      [200, 0, 1, 'b'],
      [200, 1, 2, 'c'],
      [300, 0, 1, 'd'],
    ] as const)
      insert.run(owner, ts, seq, series, iter, worker, msg);
    v4.close();
    const upgraded = new Database(path);
    for (const m of MIGRATIONS.filter((x) => x.version > 4)) {
      upgraded.exec(m.sql);
      upgraded.pragma(`user_version = ${m.version}`);
    }
    expect(upgraded.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'log_events_iter'").pluck().get()).toBe(0);
    expect(
      upgraded.prepare('SELECT iter, first_timestamp, last_timestamp FROM log_iterations ORDER BY iter').raw().all(),
    ).toEqual([
      [1, 200, 300],
      [2, 100, 200],
    ]);
    upgraded.close();
  });
});
