import { afterEach, describe, expect, it } from 'vitest';
import {
  addScalars,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

async function markAt(f: MonitorFixture, id: string): Promise<void> {
  const { actions } = f.store.getState();
  await f.until((s) => s.tasks.ids.includes(id), `task ${id} listed`);
  const index = f.state().tasks.ids.indexOf(id);
  actions.moveSelection(index - f.state().tasks.selectedIndex);
  actions.toggleTaskMark();
}

describe('monitor store: compare marked tasks', () => {
  it('builds one row per metric/variant with a value per marked task and overlays their series', async () => {
    fx = await monitorFixture();
    const a = await createTask(fx.writer, 'run-a');
    const b = await createTask(fx.writer, 'run-b');
    const c = await createTask(fx.writer, 'run-c');
    await addScalars(fx.writer, a, 'loss', 'train', [3, 2, 1]);
    await addScalars(fx.writer, b, 'loss', 'train', [4, 3]);
    await addScalars(fx.writer, b, 'acc', 'val', [0.5]);
    const { actions } = fx.store.getState();
    actions.start();
    await markAt(fx, a);
    expect(countCalls(fx.proxy, 'events.multi_task_scalar_metrics_iter_histogram')).toBe(0);
    await markAt(fx, b);
    await markAt(fx, c);
    await fx.until((s) => s.compare.taskIds.length === 3 && s.compare.fetchedAt !== null, 'compare data');
    const compare = fx.state().compare;
    expect(compare.taskIds).toEqual([a, b, c]);
    expect(compare.names).toEqual({ [a]: 'run-a', [b]: 'run-b', [c]: 'run-c' });
    expect(compare.rows).toEqual([
      { metric: 'acc', variant: 'val', values: [null, 0.5, null] },
      { metric: 'loss', variant: 'train', values: [1, 3, null] },
    ]);
    // min and max per series and task, from the tasks' last_metrics.
    expect(compare.ranges[a]?.loss?.train).toEqual({ min: 1, max: 3 });
    expect(compare.ranges[b]?.loss?.train).toEqual({ min: 3, max: 4 });
    expect(compare.ranges[c]).toEqual({});
    expect(compare.series.loss?.train?.[a]?.y).toEqual([3, 2, 1]);
    expect(compare.series.loss?.train?.[b]?.y).toEqual([4, 3]);
    // The request asks for about as many samples as the chart draws.
    const call = fx.proxy.calls.find((c) => c.endpoint === 'events.multi_task_scalar_metrics_iter_histogram');
    const body = JSON.parse(call?.body ?? '{}') as { samples: number; tasks: string[] };
    expect(body).toMatchObject({ samples: fx.state().scalars.samples, tasks: [a, b, c] });
  });

  it('overlays each task’s series with its true spike, which the server’s bucket means hide', async () => {
    fx = await monitorFixture();
    const a = await createTask(fx.writer, 'spiky-a');
    const b = await createTask(fx.writer, 'flat-b');
    await addScalars(
      fx.writer,
      a,
      'loss',
      'train',
      Array.from({ length: 3000 }, (_, i) => (i === 1234 ? 500 : 1)),
    );
    await addScalars(fx.writer, b, 'loss', 'train', [2, 2, 2]);
    const { actions } = fx.store.getState();
    actions.start();
    await markAt(fx, a);
    await markAt(fx, b);
    await fx.until((s) => s.compare.series.loss?.train?.[a] !== undefined, 'compare series');
    const spiky = fx.state().compare.series.loss?.train?.[a];
    expect(Math.max(...(spiky?.y ?? []))).toBe(500);
    expect(spiky?.x[spiky.y.indexOf(500)]).toBe(1234);
    expect(fx.state().compare.series.loss?.train?.[b]?.y).toEqual([2, 2, 2]);
  });

  it('keeps marks across refreshes and filter changes, refetches when a marked task moves, X clears', async () => {
    fx = await monitorFixture();
    const f = fx;
    const a = await createTask(f.writer, 'keep-a');
    const b = await createTask(f.writer, 'keep-b');
    await addScalars(f.writer, a, 'loss', 'train', [1]);
    const { actions } = f.store.getState();
    actions.start();
    await markAt(f, a);
    await markAt(f, b);
    await f.until((s) => s.compare.fetchedAt !== null, 'compare data');
    const calls = () => countCalls(f.proxy, 'events.multi_task_scalar_metrics_iter_histogram');
    const before = calls();
    const polls = countCalls(f.proxy, 'reports.get_task_data');
    await f.until(() => countCalls(f.proxy, 'reports.get_task_data') >= polls + 3, 'three list polls');
    expect(calls()).toBe(before);

    actions.setFilter('tasks', 'keep-a');
    await f.until((s) => s.tasks.ids.length === 1, 'filtered list');
    expect(f.state().tasks.marked).toEqual([a, b]);

    await addScalars(f.writer, b, 'loss', 'train', [5], 3);
    await f.until((s) => s.compare.rows[0]?.values[1] === 5, 'new value of a marked task outside the filter');

    actions.clearTaskMarks();
    expect(f.state().tasks.marked).toEqual([]);
    expect(f.state().compare.rows).toEqual([]);
  });

  it('fetches the same plot across the marked tasks only while the plots pane shows', async () => {
    fx = await monitorFixture();
    const f = fx;
    const plot = (task: string, iter: number, z: number) => ({
      type: 'plot' as const,
      task,
      metric: 'confusion',
      variant: 'val',
      iter,
      plot_str: JSON.stringify({
        data: [
          {
            type: 'heatmap',
            z: [
              [z, 1],
              [2, 3],
            ],
          },
        ],
      }),
    });
    const a = await createTask(f.writer, 'plot-a');
    const b = await createTask(f.writer, 'plot-b');
    await f.writer.events.addBatch([plot(a, 1, 5), plot(a, 4, 6), plot(b, 2, 7)]);
    const { actions } = f.store.getState();
    actions.start();
    await markAt(f, a);
    await markAt(f, b);
    await f.until((s) => s.compare.fetchedAt !== null, 'compare data');
    expect(countCalls(f.proxy, 'events.get_multi_task_plots')).toBe(0);

    actions.focusPane('plots');
    await f.until((s) => s.compare.plots.length === 2, 'compare plots');
    expect(f.state().compare.plots.map((p) => [p.taskName, p.metric, p.variant, p.iter])).toEqual([
      ['plot-a', 'confusion', 'val', 4],
      ['plot-b', 'confusion', 'val', 2],
    ]);
    actions.moveSelection(1);
    expect(f.state().compare.plotsTop).toBe(1);
    const polls = countCalls(f.proxy, 'tasks.get_all_ex');
    await f.until(() => countCalls(f.proxy, 'tasks.get_all_ex') >= polls + 2, 'two compare polls');
    expect(countCalls(f.proxy, 'events.get_multi_task_plots')).toBe(1);
  });
});
