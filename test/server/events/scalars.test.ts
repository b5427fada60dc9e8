import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar, SV, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

describe('events.get_task_latest_scalar_values', () => {
  it('gives per variant the last value (> 0), the mean of the last 100 and the task summary', async () => {
    const t = h.task({ name: 'my run' });
    await add(h, [
      ...range(150).map((i) => scalar(t, 'loss', 'train', i, i + 1)),
      scalar(t, 'loss', 'val', 0, 3),
      scalar(t, 'loss', 'val', 1, -1),
      scalar(t, 'neg', 'only', 0, -5),
      scalar(t, 'score', 'final', SV, 0.9),
      { task: t, type: 'log', iter: 200, msg: 'x' },
    ]);
    const r = await h.call('events.get_task_latest_scalar_values', { task: t });
    const mean100 = range(100, (i) => i + 51).reduce((a, b) => a + b, 0) / 100;
    expect(r.data).toEqual({
      metrics: [
        {
          name: 'loss',
          variants: [
            { name: 'train', last_value: 150, last_10_value: 150, last_100_value: mean100 },
            { name: 'val', last_value: 3, last_10_value: 3, last_100_value: 3 },
          ],
        },
        { name: 'score', variants: [{ name: 'final', last_value: 0.9, last_10_value: 0.9, last_100_value: 0.9 }] },
      ],
      last_iter: 200,
      name: 'my run',
      status: 'in_progress',
      last_timestamp: h.now,
    });
  });

  it('answers empty metrics, last_iter 0 and last_timestamp 0 for a task without events', async () => {
    const t = h.task();
    const r = await h.call('events.get_task_latest_scalar_values', { task: t });
    expect(r.data).toMatchObject({ metrics: [], last_iter: 0, last_timestamp: 0 });
  });

  it('reports the write time of the newest considered event as last_timestamp', async () => {
    const t = h.task();
    await add(h, [scalar(t, 'a', 'x', 0, 1)]);
    const first = h.now;
    h.now += 5000;
    await add(h, [scalar(t, 'b', 'x', 0, -1)]);
    expect((await h.call('events.get_task_latest_scalar_values', { task: t })).data.last_timestamp).toBe(first);
  });
});

describe('events.get_task_single_value_metrics', () => {
  it('lists only tasks with single values, with their name and values (a re-sent value replaces)', async () => {
    const a = h.task({ name: 'A' });
    const b = h.task({ name: 'B' });
    await add(h, [
      scalar(a, 'acc', 'test', SV, 0.5, { timestamp: 10 }),
      scalar(a, 'acc', 'test', SV, 0.93, { timestamp: 11 }),
      scalar(a, 'f1', 'test', SV, 0.7, { timestamp: 12 }),
      scalar(a, 'loss', 'train', 0, 1),
      scalar(b, 'loss', 'train', 0, 1),
    ]);
    const r = await h.call('events.get_task_single_value_metrics', { tasks: [a, b] });
    expect(r.data).toEqual({
      tasks: [
        {
          task: a,
          task_name: 'A',
          values: [
            { metric: 'acc', variant: 'test', value: 0.93, timestamp: 11 },
            { metric: 'f1', variant: 'test', value: 0.7, timestamp: 12 },
          ],
        },
      ],
    });
    const filtered = await h.call('events.get_task_single_value_metrics', { tasks: [a], metrics: [{ metric: 'f1' }] });
    expect(filtered.data.tasks[0].values).toHaveLength(1);
    expect((await h.call('events.get_task_single_value_metrics', { tasks: [b] })).data).toEqual({ tasks: [] });
  });

  it('requires at least one task', async () => {
    expect((await h.call('events.get_task_single_value_metrics', { tasks: [] })).subcode).toBe(12);
  });
});

describe('events.get_scalar_metric_data', () => {
  it('pages 500 events of the metric by iteration descending, then "FFFF"', async () => {
    const t = h.task();
    await add(h, [...range(600).map((i) => scalar(t, 'loss', 'train', i, i)), scalar(t, 'other', 'x', 0, 1)]);
    const first = await h.call('events.get_scalar_metric_data', { task: t, metric: 'loss' });
    expect(first.data.returned).toBe(500);
    expect(first.data.total).toBe(600);
    expect(first.data.events[0]).toMatchObject({ iter: 599, metric: 'loss', variant: 'train', value: 599 });
    expect(first.data.events.at(-1).iter).toBe(100);
    expect(first.data.scroll_id).toMatch(/^[0-9a-f]{32}$/);
    const second = await h.call('events.get_scalar_metric_data', {
      task: t,
      metric: 'loss',
      scroll_id: first.data.scroll_id,
    });
    expect(second.data.events.map((e: { iter: number }) => e.iter)).toEqual(range(100, (i) => 99 - i));
    expect(second.data.scroll_id).toBe('FFFF');
    const done = await h.call('events.get_scalar_metric_data', { task: t, metric: 'loss', scroll_id: 'FFFF' });
    expect(done.data).toEqual({ events: [], returned: 0, total: 600, scroll_id: 'FFFF' });
  });

  it('keeps every event of an iteration on one page, and no_scroll gives a null scroll_id', async () => {
    const t = h.task();
    await add(
      h,
      range(300).flatMap((i) => [scalar(t, 'm', 'a', i, 1), scalar(t, 'm', 'b', i, 2)]),
    );
    const r = await h.call('events.get_scalar_metric_data', { task: t, metric: 'm', no_scroll: true });
    expect(r.data.returned).toBe(500);
    expect(r.data.scroll_id).toBeNull();
    const paged = await h.call('events.get_scalar_metric_data', { task: t, metric: 'm' });
    const next = await h.call('events.get_scalar_metric_data', {
      task: t,
      metric: 'm',
      scroll_id: paged.data.scroll_id,
    });
    expect(paged.data.returned + next.data.returned).toBe(600);
  });

  it('refuses an unknown scroll id or one of another metric with 400/1104', async () => {
    const t = h.task();
    await add(
      h,
      range(600).map((i) => scalar(t, 'loss', 'train', i, i)),
    );
    expect((await h.call('events.get_scalar_metric_data', { task: t, metric: 'loss', scroll_id: 'abc' })).subcode).toBe(
      1104,
    );
    const first = await h.call('events.get_scalar_metric_data', { task: t, metric: 'loss' });
    const r = await h.call('events.get_scalar_metric_data', {
      task: t,
      metric: 'acc',
      scroll_id: first.data.scroll_id,
    });
    expect([r.status, r.subcode]).toEqual([400, 1104]);
  });
});

describe('events.vector_metrics_iter_histogram', () => {
  it('returns the vectors of one metric/variant by iteration', async () => {
    const t = h.task();
    await add(h, [
      { task: t, type: 'training_stats_vector', iter: 1, metric: 'w', variant: 'l1', values: [3, 4] },
      { task: t, type: 'training_stats_vector', iter: 0, metric: 'w', variant: 'l1', values: [1, 2] },
      { task: t, type: 'training_stats_vector', iter: 0, metric: 'w', variant: 'l2', values: [9] },
    ]);
    const r = await h.call('events.vector_metrics_iter_histogram', { task: t, metric: 'w', variant: 'l1' });
    expect(r.data).toEqual({
      metric: 'w',
      variant: 'l1',
      vectors: [
        [1, 2],
        [3, 4],
      ],
      iterations: [0, 1],
    });
    const none = await h.call('events.vector_metrics_iter_histogram', { task: t, metric: 'w', variant: 'zz' });
    expect(none.data).toEqual({ metric: 'w', variant: 'zz', vectors: [], iterations: [] });
    expect((await h.call('events.vector_metrics_iter_histogram', { task: t, metric: 'w' })).subcode).toBe(12);
  });
});
