import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar, SV, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

async function hundredPoints(): Promise<string> {
  const t = h.task();
  await add(
    h,
    range(100).map((i) => scalar(t, 'loss', 'train', i, i)),
  );
  return t;
}

describe('events.scalar_metrics_iter_histogram', () => {
  it('returns every point below the default 2000 samples, keyed metric → variant', async () => {
    const t = await hundredPoints();
    const r = await h.call('events.scalar_metrics_iter_histogram', { task: t });
    expect(r.data).toEqual({ loss: { train: { name: 'train', x: range(100), y: range(100) } } });
    const same = await h.call('events.scalar_metrics_iter_histogram', { task: t, samples: 100 });
    expect(same.data.loss.train.x).toEqual(range(100));
  });

  it('averages aligned buckets: samples=10 over 100 points gives x=0,10..90 and y=4.5..94.5', async () => {
    const t = await hundredPoints();
    const r = await h.call('events.scalar_metrics_iter_histogram', { task: t, samples: 10 });
    expect(r.data.loss.train.x).toEqual(range(10, (i) => i * 10));
    expect(r.data.loss.train.y).toEqual(range(10, (i) => i * 10 + 4.5));
  });

  it('aligns buckets to multiples of the interval and skips empty ones', async () => {
    const t = h.task();
    // iters 5..104 with a gap at 30..59; interval = ceil(100/10) = 10.
    await add(
      h,
      range(100, (i) => i + 5)
        .filter((i) => i < 30 || i >= 60)
        .map((i) => scalar(t, 'm', 'v', i, i)),
    );
    const r = await h.call('events.scalar_metrics_iter_histogram', { task: t, samples: 10 });
    expect(r.data.m.v.x).toEqual([0, 10, 20, 60, 70, 80, 90, 100]);
    expect(r.data.m.v.y[0]).toBe(7); // 5..9
    expect(r.data.m.v.y.at(-1)).toBe(102); // 100..104
  });

  it('returns all points with samples=0 and refuses more than 6000 with 400/12', async () => {
    const t = await hundredPoints();
    const all = await h.call('events.scalar_metrics_iter_histogram', { task: t, samples: 0 });
    expect(all.data.loss.train.x).toHaveLength(100);
    for (const samples of [6001, -1, 'many']) {
      const r = await h.call('events.scalar_metrics_iter_histogram', { task: t, samples });
      expect([r.status, r.subcode]).toEqual([400, 12]);
      expect(r.msg).toContain("'samples'");
    }
  });

  it('excludes single values and points without iteration', async () => {
    const t = h.task();
    await add(h, [
      scalar(t, 'm', 'v', 1, 1),
      scalar(t, 'm', 'v', SV, 5),
      { task: t, type: 'training_stats_scalar', metric: 'm', variant: 'v', value: 9 },
      scalar(t, 'only', 'single', SV, 1),
    ]);
    const r = await h.call('events.scalar_metrics_iter_histogram', { task: t });
    expect(r.data).toEqual({ m: { v: { name: 'v', x: [1], y: [1] } } });
  });

  it('filters by metrics and echoes the x_axis_label kept in last_metrics', async () => {
    const t = h.task();
    await add(h, [
      scalar(t, 'a', 'x', 0, 1, { x_axis_label: 'epoch' }),
      scalar(t, 'a', 'y', 0, 2),
      scalar(t, 'b', 'z', 0, 3),
    ]);
    const r = await h.call('events.scalar_metrics_iter_histogram', { task: t, metrics: [{ metric: 'a' }] });
    expect(r.data).toEqual({
      a: { x: { name: 'x', x: [0], y: [1], x_axis_label: 'epoch' }, y: { name: 'y', x: [0], y: [2] } },
    });
    const one = await h.call('events.scalar_metrics_iter_histogram', {
      task: t,
      metrics: [{ metric: 'a', variants: ['y'] }, { metric: 'b' }],
    });
    expect(Object.keys(one.data)).toEqual(['a', 'b']);
    expect(Object.keys(one.data.a)).toEqual(['y']);
  });

  it('buckets by timestamp (aligned to the epoch) and gives iso_time x as ISO strings', async () => {
    const t = h.task();
    const t0 = 1_735_725_600_000;
    await add(
      h,
      range(100).map((i) => scalar(t, 'm', 'v', i, i, { timestamp: t0 + i * 1000 })),
    );
    // interval = ceil((99000 + 1) / 10) = 9901 ms; buckets start at multiples of it since the epoch.
    const interval = 9901;
    const buckets = new Map<number, number[]>();
    for (const i of range(100)) {
      const start = Math.floor((t0 + i * 1000) / interval) * interval;
      buckets.set(start, [...(buckets.get(start) ?? []), i]);
    }
    const ts = await h.call('events.scalar_metrics_iter_histogram', { task: t, key: 'timestamp', samples: 10 });
    expect(ts.data.m.v.x).toEqual([...buckets.keys()]);
    expect(ts.data.m.v.y).toEqual([...buckets.values()].map((vs) => vs.reduce((a, b) => a + b, 0) / vs.length));
    const iso = await h.call('events.scalar_metrics_iter_histogram', { task: t, key: 'iso_time', samples: 10 });
    expect(iso.data.m.v.x).toEqual([...buckets.keys()].map((ms) => new Date(ms).toISOString()));
    expect(iso.data.m.v.x[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const raw = await h.call('events.scalar_metrics_iter_histogram', { task: t, key: 'timestamp' });
    expect(raw.data.m.v.x).toEqual(range(100, (i) => t0 + i * 1000));
  });

  it('gives variants with intervals within 10% the larger interval of their group', async () => {
    const t = h.task();
    // 100 points over 0..99 → interval 10; 100 points over 0..104 (step 1.05) → interval 11.
    await add(h, [
      ...range(100).map((i) => scalar(t, 'm', 'a', i, 1)),
      ...range(100).map((i) => scalar(t, 'm', 'b', Math.round(i * 1.05), 1)),
    ]);
    const r = await h.call('events.scalar_metrics_iter_histogram', { task: t, samples: 10 });
    expect(r.data.m.a.x).toEqual(range(10, (i) => i * 11));
    expect(r.data.m.b.x).toEqual(range(10, (i) => i * 11));
  });

  it('answers {} without scalars and 400/101 for an unknown task', async () => {
    const t = h.task();
    expect((await h.call('events.scalar_metrics_iter_histogram', { task: t })).data).toEqual({});
    expect((await h.call('events.scalar_metrics_iter_histogram', { task: 'x' })).subcode).toBe(101);
  });
});

describe('events.multi_task_scalar_metrics_iter_histogram', () => {
  it('keys series by metric → variant → task, each named after its task', async () => {
    const a = h.task({ name: 'run A' });
    const b = h.task({ name: 'run B' });
    await add(h, [
      ...range(3).map((i) => scalar(a, 'loss', 'train', i, i)),
      scalar(b, 'loss', 'train', 0, 5),
      scalar(b, 'acc', 'val', 0, 1, { x_axis_label: 'step' }),
    ]);
    const r = await h.call('events.multi_task_scalar_metrics_iter_histogram', { tasks: [a, b] });
    expect(r.data).toEqual({
      metrics: {
        loss: { train: { [a]: { name: 'run A', x: [0, 1, 2], y: [0, 1, 2] }, [b]: { name: 'run B', x: [0], y: [5] } } },
        acc: { val: { [b]: { name: 'run B', x: [0], y: [1], x_axis_label: 'step' } } },
      },
    });
  });

  it('takes 1 to 100 tasks', async () => {
    const ids = range(101, () => h.task());
    const r = await h.call('events.multi_task_scalar_metrics_iter_histogram', { tasks: ids });
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect((await h.call('events.multi_task_scalar_metrics_iter_histogram', { tasks: [] })).subcode).toBe(12);
    expect(
      (await h.call('events.multi_task_scalar_metrics_iter_histogram', { tasks: ids.slice(0, 100) })).data,
    ).toEqual({ metrics: {} });
  });
});
