import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar, SV } from '../../helpers/events-seed.js';

const h = withEventsHarness();

describe('events.get_task_metrics', () => {
  it('lists per requested task, in request order, the metrics with real iterations', async () => {
    const a = h.task();
    const b = h.task();
    const c = h.task();
    await add(h, [
      scalar(a, 'loss', 'train', 0, 1),
      scalar(a, 'acc', 'val', 0, 1),
      scalar(a, 'only_single', 'v', SV, 1),
      { task: a, type: 'training_stats_scalar', metric: 'no_iter', value: 1 },
      scalar(b, 'loss', 'x', 5, 1),
      { task: b, type: 'plot', iter: 0, metric: 'roc', plot_str: '{}' },
    ]);
    const r = await h.call('events.get_task_metrics', { tasks: [b, c, a], event_type: 'training_stats_scalar' });
    expect(r.data).toEqual({
      metrics: [
        { task: b, metrics: ['loss'] },
        { task: c, metrics: [] },
        { task: a, metrics: ['acc', 'loss'] },
      ],
    });
    const all = await h.call('events.get_task_metrics', { tasks: [b], event_type: '*' });
    expect(all.data.metrics[0].metrics).toEqual(['loss', 'roc']);
  });

  it('requires event_type (400/12)', async () => {
    const t = h.task();
    const r = await h.call('events.get_task_metrics', { tasks: [t] });
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(r.msg).toContain("'event_type'");
  });

  it('answers an empty list when the company has no events of the type at all', async () => {
    const t = h.task();
    await add(h, [scalar(t, 'loss', 'train', 0, 1)]);
    const r = await h.call('events.get_task_metrics', { tasks: [t], event_type: 'plot' });
    expect(r.data).toEqual({ metrics: [] });
  });

  it('answers 400/101 naming unknown task ids', async () => {
    const t = h.task();
    const r = await h.call('events.get_task_metrics', { tasks: [t, 'nope1', 'nope2'], event_type: '*' });
    expect([r.status, r.subcode]).toEqual([400, 101]);
    expect(r.msg).toBe('invalid task id: ids=(nope1, nope2)');
  });

  it('reads a public task but not one of another company', async () => {
    const pub = h.task({ company: '' });
    const other = h.task({ company: 'elsewhere' });
    expect((await h.call('events.get_task_metrics', { tasks: [pub], event_type: '*' })).status).toBe(200);
    expect((await h.call('events.get_task_metrics', { tasks: [other], event_type: '*' })).subcode).toBe(101);
  });
});

describe('events.get_multi_task_metrics', () => {
  it('returns the union of metrics and variants, sorted, single values included', async () => {
    const a = h.task();
    const b = h.task();
    await add(h, [
      scalar(a, 'loss', 'val', 0, 1),
      scalar(b, 'loss', 'train', 0, 1),
      scalar(b, 'acc', 'top1', SV, 1),
      { task: b, type: 'log', msg: 'x' },
    ]);
    const r = await h.call('events.get_multi_task_metrics', { tasks: [a, b], event_type: 'training_stats_scalar' });
    expect(r.data).toEqual({
      metrics: [
        { metric: 'acc', variants: ['top1'] },
        { metric: 'loss', variants: ['train', 'val'] },
      ],
    });
    const all = await h.call('events.get_multi_task_metrics', { tasks: [a, b] });
    expect(all.data.metrics).toContainEqual({ metric: '', variants: [''] });
  });

  it('answers {metrics: []} without data and 400/201 for unknown model ids', async () => {
    const t = h.task();
    expect((await h.call('events.get_multi_task_metrics', { tasks: [t] })).data).toEqual({ metrics: [] });
    const r = await h.call('events.get_multi_task_metrics', { tasks: ['m0'], model_events: true });
    expect([r.status, r.subcode]).toEqual([400, 201]);
    expect(r.msg).toBe('invalid model id: ids=(m0)');
  });
});

describe('events.get_scalar_metrics_and_variants / get_vector_metrics_and_variants', () => {
  it('maps each metric to its variants', async () => {
    const t = h.task();
    await add(h, [
      scalar(t, 'loss', 'val', 0, 1),
      scalar(t, 'loss', 'train', 0, 1),
      scalar(t, 'score', 'final', SV, 1),
      { task: t, type: 'training_stats_vector', iter: 0, metric: 'hist', variant: 'w', values: [1] },
    ]);
    expect((await h.call('events.get_scalar_metrics_and_variants', { task: t })).data).toEqual({
      metrics: { loss: ['train', 'val'], score: ['final'] },
    });
    expect((await h.call('events.get_vector_metrics_and_variants', { task: t })).data).toEqual({
      metrics: { hist: ['w'] },
    });
  });

  it('answers {} for a task without such events, and reads model events with model_events', async () => {
    const t = h.task();
    const m = h.model();
    await add(h, [{ ...scalar(m, 'm', 'v', 0, 1), model_event: true }]);
    expect((await h.call('events.get_scalar_metrics_and_variants', { task: t })).data).toEqual({ metrics: {} });
    expect((await h.call('events.get_scalar_metrics_and_variants', { task: m, model_events: true })).data).toEqual({
      metrics: { m: ['v'] },
    });
    expect((await h.call('events.get_scalar_metrics_and_variants', { task: m })).subcode).toBe(101);
  });
});
