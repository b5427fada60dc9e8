import { afterEach, describe, expect, it } from 'vitest';
import { SINGLE_VALUE_ITER } from '../../../src/wire/events.js';
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

async function taskWithArtifacts(f: MonitorFixture): Promise<string> {
  const task = await createTask(f.writer, 'artifacts');
  await addScalars(f.writer, task, 'loss', 'train', [3, 2, 1]);
  await f.writer.events.addBatch([
    {
      type: 'plot',
      task,
      metric: 'confusion',
      variant: 'val',
      iter: 2,
      plot_str: JSON.stringify({
        data: [
          {
            type: 'heatmap',
            z: [
              [1, 2],
              [3, 4],
            ],
          },
        ],
      }),
    },
    { type: 'training_debug_image', task, metric: 'samples', variant: 'input', iter: 1, url: 'http://files/a-1.png' },
    { type: 'training_debug_image', task, metric: 'samples', variant: 'input', iter: 2, url: 'http://files/a-2.png' },
    { type: 'training_stats_scalar', task, metric: 'accuracy', variant: 'test', iter: SINGLE_VALUE_ITER, value: 0.93 },
  ]);
  return task;
}

describe('monitor store: plots, debug images and summary', () => {
  it('fetches them only once their pane is shown', async () => {
    fx = await monitorFixture();
    await taskWithArtifacts(fx);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.scalars.rows.length > 0, 'scalars');
    expect(countCalls(fx.proxy, 'events.get_task_plots')).toBe(0);
    expect(fx.state().artifacts.plots.loading).toBe(true);

    actions.focusPane('plots');
    await fx.until(
      (s) =>
        s.artifacts.fetchedAt !== null &&
        !s.artifacts.plots.loading &&
        !s.artifacts.images.loading &&
        !s.artifacts.singleValues.loading,
      'artifacts',
    );
    const a = fx.state().artifacts;
    expect(a.plots.items.map((p) => [p.metric, p.variant, p.iter])).toEqual([['confusion', 'val', 2]]);
    expect(JSON.parse(a.plots.items[0]?.plotStr ?? '{}').data[0].type).toBe('heatmap');
    expect(a.images.items.map((i) => i.url)).toEqual(['http://files/a-2.png']);
    expect(a.singleValues.items).toEqual([
      { metric: 'accuracy', variant: 'test', value: 0.93, timestamp: expect.any(Number) },
    ]);
    const plotsReq = JSON.parse(fx.proxy.calls.find((c) => c.endpoint === 'events.get_task_plots')?.body ?? '{}');
    expect(plotsReq).toMatchObject({ iters: 1 });
    const metricsReq = JSON.parse(fx.proxy.calls.find((c) => c.endpoint === 'events.get_task_metrics')?.body ?? '{}');
    expect(metricsReq).toMatchObject({ event_type: 'training_debug_image' });
    const imagesReq = JSON.parse(fx.proxy.calls.find((c) => c.endpoint === 'events.debug_images')?.body ?? '{}');
    expect(imagesReq.metrics).toEqual([{ task: fx.state().tasks.selectedId, metric: 'samples' }]);
  });

  it('fetches the log as soon as the layout shows its pane', async () => {
    // A long interval: no list poll comes in between to notice the pane.
    fx = await monitorFixture({ intervalMs: 60_000 });
    const task = await createTask(fx.writer, 'late logs');
    await fx.writer.events.add({ type: 'log', task, msg: 'hello from the task', level: 'info' });
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.scalars.fetchedAt !== null, 'scalars');
    expect(countCalls(fx.proxy, 'events.get_task_log')).toBe(0);
    actions.setPaneRows('logs', 8);
    await fx.until((s) => s.logs.lines.length === 1, 'log line');
    expect(fx.state().logs.lines[0]?.text).toBe('hello from the task');
  });

  it('asks for no debug images when the task has none', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'plain');
    await addScalars(fx.writer, task, 'loss', 'train', [1]);
    const { actions } = fx.store.getState();
    actions.focusPane('summary');
    actions.start();
    await fx.until(
      (s) => s.artifacts.fetchedAt !== null && !s.artifacts.images.loading && !s.artifacts.singleValues.loading,
      'artifacts',
    );
    expect(fx.state().artifacts.images.items).toEqual([]);
    expect(countCalls(fx.proxy, 'events.get_task_metrics')).toBe(1);
    expect(countCalls(fx.proxy, 'events.debug_images')).toBe(0);
  });
});

describe('monitor store: moving around', () => {
  it('Enter goes from a task to its scalars and from a metric to its chart', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'nav');
    await addScalars(fx.writer, task, 'acc', 'val', [0.5]);
    await addScalars(fx.writer, task, 'loss', 'train', [1]);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.scalars.rows.length === 2, 'scalars');
    expect(fx.state().scalars.chartMetric).toBe('acc');
    actions.openSelected();
    expect(fx.state().ui.focus.tasks).toBe('scalars');
    actions.moveSelection(1);
    actions.openSelected();
    expect(fx.state().ui.focus.tasks).toBe('chart');
    expect(fx.state().scalars.chartMetric).toBe('loss');
    actions.moveSelection(-1);
    expect(fx.state().scalars.chartMetric).toBe('acc');
    expect(actions.copyId()).toBe(task);
  });

  it('Tab cycles the panes of the view and digits pick a view', async () => {
    fx = await monitorFixture();
    const { actions } = fx.store.getState();
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      actions.focusNext();
      seen.push(fx.state().ui.focus.tasks);
    }
    expect(seen).toEqual(['scalars', 'chart', 'logs', 'plots', 'summary', 'runinfo', 'tasks']);
    actions.focusPrev();
    expect(fx.state().ui.focus.tasks).toBe('runinfo');
    actions.setView('reports');
    actions.focusNext();
    expect(fx.state().ui).toMatchObject({ view: 'reports', focus: { reports: 'details', tasks: 'runinfo' } });
  });

  it('switching the x-axis to time refetches the series keyed by timestamp', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'axis');
    await addScalars(fx.writer, task, 'loss', 'train', [3, 2, 1]);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.scalars.seriesAxis === 'iter' && s.scalars.series.loss !== undefined, 'iter series');
    actions.cycleXAxis();
    await fx.until((s) => s.scalars.seriesAxis === 'time', 'time series');
    const x = fx.state().scalars.series.loss?.train?.x ?? [];
    expect(x).toHaveLength(3);
    expect(x[0]).toBeGreaterThan(1e12);
    const last = fx.proxy.calls.filter((c) => c.endpoint === 'events.scalar_metrics_iter_histogram').pop();
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ key: 'timestamp' });
    actions.cycleSmoothing();
    expect(fx.state().ui.smoothing).toBe(1);
  });

  it('the prompt applies a filter on Enter and leaves it alone on cancel', async () => {
    fx = await monitorFixture();
    await createTask(fx.writer, 'keep-me');
    await createTask(fx.writer, 'other');
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 2, 'list');
    actions.openPrompt();
    actions.setPromptText('keep');
    expect(actions.closeOverlay()).toBe(true);
    expect(fx.state().ui.filters.tasks).toBe('');
    actions.openPrompt();
    actions.setPromptText('keep');
    actions.submitPrompt();
    expect(fx.state().ui.prompt).toBeNull();
    await fx.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'filtered');
    expect(actions.closeOverlay()).toBe(false);
  });
});
