// The event sections of reports.get_task_data (built by buildTaskDataSections), through HTTP.
import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar, SV } from '../../helpers/events-seed.js';

const h = withEventsHarness();

describe('reports.get_task_data event sections', () => {
  it('adds only the sections present in the request', async () => {
    const a = h.task({ name: 'A' });
    const b = h.task({ name: 'B' });
    await add(h, [
      scalar(a, 'loss', 'train', 0, 1),
      scalar(a, 'loss', 'train', 1, 3),
      scalar(b, 'loss', 'train', 0, 2),
      scalar(a, 'acc', 'test', SV, 0.9, { timestamp: 7 }),
      { task: a, type: 'plot', iter: 2, metric: 'roc', variant: 'x', plot_str: '{}' },
      { task: b, type: 'training_debug_image', iter: 4, metric: 'img', variant: 'v', url: 'u' },
    ]);
    const none = await h.call('reports.get_task_data', { id: [a, b] });
    expect(Object.keys(none.data)).toEqual(['tasks']);
    const all = await h.call('reports.get_task_data', {
      id: [a, b],
      only_fields: ['id', 'name'],
      debug_images: {},
      plots: {},
      scalar_metrics_iter_histogram: {},
      single_value_metrics: {},
    });
    expect(all.status).toBe(200);
    expect(all.data.scalar_metrics_iter_histogram).toEqual({
      loss: { train: { [a]: { name: 'A', x: [0, 1], y: [1, 3] }, [b]: { name: 'B', x: [0], y: [2] } } },
    });
    expect(all.data.single_value_metrics).toEqual([
      { task: a, task_name: 'A', values: [{ metric: 'acc', variant: 'test', value: 0.9, timestamp: 7 }] },
    ]);
    expect(all.data.plots.roc.x[a]['2'].name).toBe('A');
    expect(all.data.debug_images).toEqual([
      { task: a, iterations: [] },
      { task: b, iterations: [{ iter: 4, events: [expect.objectContaining({ url: 'u', task: b })] }] },
    ]);
  });

  it('applies section options and refuses bad ones with 400/12', async () => {
    const a = h.task({ name: 'A' });
    await add(
      h,
      Array.from({ length: 100 }, (_, i) => scalar(a, 'loss', 'train', i, i)),
    );
    const s = await h.call('reports.get_task_data', {
      id: [a],
      scalar_metrics_iter_histogram: { samples: 10, metrics: [{ metric: 'loss' }] },
    });
    expect(s.data.scalar_metrics_iter_histogram.loss.train[a].x).toHaveLength(10);
    const bad = await h.call('reports.get_task_data', { id: [a], scalar_metrics_iter_histogram: { samples: 7000 } });
    expect([bad.status, bad.subcode]).toEqual([400, 12]);
  });
});
