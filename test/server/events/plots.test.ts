import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

const plot = (task: string, metric: string, variant: string, iter: number, extra: Record<string, unknown> = {}) => ({
  task,
  type: 'plot',
  metric,
  variant,
  iter,
  plot_str: JSON.stringify({ m: metric, v: variant, i: iter }),
  timestamp: 1000 + iter,
  ...extra,
});

describe('events.get_task_plots', () => {
  it('returns the newest `iters` plots of every metric/variant, metric and variant ascending, iter descending', async () => {
    const t = h.task();
    await add(h, [
      ...range(3).map((i) => plot(t, 'b', 'x', i)),
      ...range(3).map((i) => plot(t, 'a', 'y', i)),
      plot(t, 'a', 'x', 0),
    ]);
    const one = await h.call('events.get_task_plots', { task: t });
    expect(one.data.plots.map((p: Record<string, unknown>) => [p.metric, p.variant, p.iter])).toEqual([
      ['a', 'x', 0],
      ['a', 'y', 2],
      ['b', 'x', 2],
    ]);
    expect(one.data).toMatchObject({ returned: 3, total: 3, scroll_id: null });
    expect(one.data.plots[0].plot_str).toBe(JSON.stringify({ m: 'a', v: 'x', i: 0 }));
    const two = await h.call('events.get_task_plots', {
      task: t,
      iters: 2,
      metrics: [{ metric: 'b' }],
      scroll_id: 'ignored',
      no_scroll: true,
    });
    expect(two.data.plots.map((p: Record<string, unknown>) => p.iter)).toEqual([2, 1]);
  });
});

describe('events.get_multi_task_plots', () => {
  it('nests plots as metric → variant → task → iteration with the task name, counting metric keys', async () => {
    const a = h.task({ name: 'A' });
    const b = h.task({ name: 'B' });
    await add(h, [plot(a, 'A', 'AX', 1), plot(a, 'A', 'AX', 0), plot(a, 'B', 'BX', 0), plot(b, 'A', 'AX', 5)]);
    const r = await h.call('events.get_multi_task_plots', { tasks: [a, b] });
    expect(Object.keys(r.data.plots)).toEqual(['B', 'A']);
    expect(r.data.plots.A.AX[a]).toEqual({
      '1': { name: 'A', plots: [expect.objectContaining({ iter: 1, task: a })] },
    });
    expect(r.data.plots.A.AX[b]['5'].name).toBe('B');
    expect(r.data.plots.B.BX[a]['0'].plots).toHaveLength(1);
    expect(r.data).toMatchObject({ returned: 2, total: 3, scroll_id: 'FFFF' });
    expect((await h.call('events.get_multi_task_plots', { tasks: [a], no_scroll: true })).data.scroll_id).toBeNull();
  });

  it('takes the newest iterations per task and metric, or per task overall', async () => {
    const t = h.task();
    await add(h, [plot(t, 'A', 'x', 9), plot(t, 'B', 'x', 3)]);
    const perMetric = await h.call('events.get_multi_task_plots', { tasks: [t] });
    expect(Object.keys(perMetric.data.plots).sort()).toEqual(['A', 'B']);
    const perTask = await h.call('events.get_multi_task_plots', { tasks: [t], last_iters_per_task_metric: false });
    expect(Object.keys(perTask.data.plots)).toEqual(['A']);
  });

  it('reads 1000 events per call and continues with the scroll id until "FFFF"', async () => {
    const tasks = range(3, () => h.task());
    await add(
      h,
      tasks.flatMap((t) => range(400).map((i) => plot(t, `m${i}`, 'v', 0))),
    );
    const first = await h.call('events.get_multi_task_plots', { tasks });
    expect(first.data.total).toBe(1200);
    expect(first.data.scroll_id).toMatch(/^[0-9a-f]{32}$/);
    const count = (plots: Record<string, Record<string, Record<string, Record<string, { plots: unknown[] }>>>>) =>
      Object.values(plots)
        .flatMap((v) => Object.values(v).flatMap((o) => Object.values(o).flatMap((i) => Object.values(i))))
        .reduce((n, e) => n + e.plots.length, 0);
    expect(count(first.data.plots)).toBe(1000);
    const second = await h.call('events.get_multi_task_plots', { tasks, scroll_id: first.data.scroll_id });
    expect(count(second.data.plots)).toBe(200);
    expect(second.data.scroll_id).toBe('FFFF');
    const end = await h.call('events.get_multi_task_plots', { tasks, scroll_id: 'FFFF' });
    expect(end.data).toMatchObject({ plots: {}, returned: 0, scroll_id: 'FFFF' });
    expect((await h.call('events.get_multi_task_plots', { tasks, scroll_id: 'nope' })).subcode).toBe(1104);
  });
});
