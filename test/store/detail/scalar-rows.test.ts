import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { createMonitorStore } from '../../../src/store/index.js';
import type { MonitorStore, ScalarRow } from '../../../src/store/types.js';
import { scalarEntries } from '../../../src/store/detail/scalar-rows.js';
import { FakeServer, ok } from '../../helpers/fake-server.js';
import {
  addScalars,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { trackedTimers, waitFor } from '../../helpers/timers.js';

let fx: MonitorFixture | undefined;
let fake: FakeServer | undefined;
let store: MonitorStore | undefined;
afterEach(async () => {
  store?.getState().actions.stop();
  store = undefined;
  await fx?.close();
  fx = undefined;
  await fake?.close();
  fake = undefined;
});

const row = (metric: string, variant: string, last: number, min: number, max: number): ScalarRow => ({
  metric,
  variant,
  last,
  min,
  max,
});

describe('scalars pane rows against the embedded server', () => {
  it('lists a series whatever its sign, with last, min and max from last_metrics', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'ppo');
    // Two batches each: last_metrics merges them as real servers do (docs/wire-facts.md §3.7).
    await addScalars(fx.writer, task, 'reward', 'mean', [-1500, -1200, -900]);
    await addScalars(fx.writer, task, 'reward', 'mean', [-700, -505], 3);
    await addScalars(fx.writer, task, 'advantage', 'total', [0.8, -0.4, 0.1]);
    await addScalars(fx.writer, task, 'advantage', 'total', [-0.2, -0.07], 3);
    await addScalars(fx.writer, task, 'val', 'acc', [0.1, 0.5, 0.87]);
    await addScalars(fx.writer, task, ':monitor:machine', 'cpu_usage', [12.5, 61]);
    fx.store.getState().actions.start();
    await fx.until((s) => s.scalars.rows.length === 4, 'four series');
    expect(fx.state().scalars.rows).toEqual([
      row('advantage', 'total', -0.07, -0.4, 0.8),
      row('reward', 'mean', -505, -1500, -505),
      row('val', 'acc', 0.87, 0.1, 0.87),
      row(':monitor:machine', 'cpu_usage', 61, 12.5, 61),
    ]);
    expect(countCalls(fx.proxy, 'events.get_task_latest_scalar_values')).toBe(0);
    const lastMetricsCall = fx.proxy.calls.find((c) => c.endpoint === 'tasks.get_all_ex');
    expect(JSON.parse(lastMetricsCall?.body ?? '{}')).toMatchObject({
      id: [task],
      only_fields: ['id', 'last_metrics'],
    });
  });
});

interface Recorded {
  task: string;
  [endpoint: string]: unknown;
}

function recorded(): Recorded {
  return JSON.parse(readFileSync(new URL('./fixtures/real-server-scalars.json', import.meta.url), 'utf8')) as Recorded;
}

describe('scalars pane rows against answers recorded in real servers’ shape', () => {
  it('shows the all-negative and zero-crossing series that get_task_latest_scalar_values leaves out', async () => {
    const answers = recorded();
    fake = await FakeServer.start();
    for (const endpoint of [
      'reports.get_task_data',
      'events.get_scalar_metrics_and_variants',
      'tasks.get_all_ex',
      'events.scalar_metrics_iter_histogram',
      'events.get_task_latest_scalar_values',
    ])
      fake.always(endpoint, ok(answers[endpoint]));
    const timers = trackedTimers();
    store = createMonitorStore({
      client: createClient({ apiHost: fake.url, accessKey: 'key', secretKey: 'secret' }),
      intervalMs: 60_000,
      selectionDebounceMs: 5,
      random: () => 1,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      rows: 30,
      cols: 120,
    });
    store.getState().actions.start();
    const s = store;
    await waitFor(() => s.getState().scalars.rows.length === 4, 8000, 'four series');
    const { scalars } = s.getState();
    expect(scalars.taskId).toBe(answers.task);
    expect(scalars.rows).toEqual([
      row('advantage', 'total', -0.07, -0.4, 0.8),
      row('reward', 'mean', -505, -1500, -505),
      row('val', 'acc', 0.87, 0.1, 0.87),
      row(':monitor:machine', 'cpu_usage', 61, 12.5, 63),
    ]);
    expect(scalars.series.reward?.mean?.y.at(-1)).toBe(-505);
    expect(fake.requestsTo('events.get_task_latest_scalar_values')).toEqual([]);
  });
});

describe('the :monitor: group', () => {
  const rows = [
    row('loss', 'train', 1, 1, 1),
    row(':monitor:gpu', 'util', 1, 1, 1),
    row(':monitor:machine', 'cpu', 1, 1, 1),
  ];

  it('comes after the user series under one line, and folds to that line', () => {
    expect(scalarEntries(rows, false).map((e) => (e.kind === 'series' ? e.row.metric : e.kind))).toEqual([
      'loss',
      'monitor-group',
      ':monitor:gpu',
      ':monitor:machine',
    ]);
    expect(scalarEntries(rows, true)).toEqual([
      { kind: 'series', row: rows[0], monitor: false },
      { kind: 'monitor-group', count: 2, folded: true },
    ]);
  });
});
