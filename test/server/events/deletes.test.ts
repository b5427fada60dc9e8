import { describe, expect, it } from 'vitest';
import { deleteEventsOf } from '../../../src/server/events/index.js';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar } from '../../helpers/events-seed.js';

const h = withEventsHarness();

async function seed(task: string, extra: Record<string, unknown> = {}) {
  await add(h, [
    scalar(task, 'm', 'v', 0, 1, extra),
    { task, type: 'log', msg: 'x', ...extra },
    { task, type: 'plot', iter: 0, metric: 'p', plot_str: '{}', ...extra },
    { task, type: 'training_debug_image', iter: 0, metric: 'i', url: 'u', ...extra },
    { task, type: 'training_stats_vector', iter: 0, metric: 'v', values: [1], ...extra },
  ]);
}

describe('events.delete_for_task', () => {
  it('deletes every event of the task and answers the count; reads right after see nothing', async () => {
    const t = h.task();
    const keep = h.task();
    await seed(t);
    await seed(keep);
    expect((await h.call('events.delete_for_task', { task: t })).data).toEqual({ deleted: 5 });
    expect((await h.call('events.get_task_events', { task: t })).data).toMatchObject({ returned: 0, total: 0 });
    expect((await h.call('events.get_multi_task_metrics', { tasks: [t] })).data).toEqual({ metrics: [] });
    expect((await h.call('events.get_task_events', { task: keep })).data.total).toBe(5);
    expect((await h.call('events.delete_for_task', { task: t })).data).toEqual({ deleted: 0 });
  });

  it('refuses published tasks without allow_locked, unknown ids, and public tasks', async () => {
    const t = h.task({ status: 'published' });
    await seed(t, { allow_locked: true });
    const r = await h.call('events.delete_for_task', { task: t });
    expect([r.status, r.subcode]).toEqual([400, 101]);
    expect(r.msg).toContain(`Cannot update events for a published task: company=${h.company}, id=${t}`);
    expect((await h.call('events.delete_for_task', { task: t, allow_locked: true })).data).toEqual({ deleted: 5 });
    expect((await h.call('events.delete_for_task', { task: 'nope' })).subcode).toBe(101);
    const pub = h.task({ company: '' });
    const p = await h.call('events.delete_for_task', { task: pub });
    expect([p.status, p.subcode]).toEqual([403, 21]);
    expect((await h.call('events.delete_for_task', { task: h.task({ company: 'other' }) })).subcode).toBe(101);
    expect((await h.call('events.delete_for_task', {})).subcode).toBe(12);
  });
});

describe('events.delete_for_model', () => {
  it('deletes model events, refusing ready models without allow_locked and unknown ids with 400/201', async () => {
    const m = h.model({ ready: true });
    await add(h, [{ ...scalar(m, 'm', 'v', 0, 1), model_event: true, allow_locked: true }]);
    const r = await h.call('events.delete_for_model', { model: m });
    expect([r.status, r.subcode]).toEqual([400, 201]);
    expect(r.msg).toContain('Cannot update events for a published model');
    expect((await h.call('events.delete_for_model', { model: m, allow_locked: true })).data).toEqual({ deleted: 1 });
    expect((await h.call('events.delete_for_model', { model: 'nope' })).subcode).toBe(201);
    expect((await h.call('events.delete_for_model', { task: m })).subcode).toBe(12);
  });
});

describe('deleteEventsOf', () => {
  it('deletes every event of an owner and returns the count', async () => {
    const t = h.task();
    await seed(t);
    expect(deleteEventsOf(h.db, t)).toBe(5);
    expect(deleteEventsOf(h.db, t)).toBe(0);
  });
});

describe('events.clear_scroll', () => {
  it('releases a server-side state and ignores FFFF, unknown ids and no id', async () => {
    const t = h.task();
    await add(h, [{ task: t, type: 'plot', iter: 0, metric: 'a', plot_str: '{}' }]);
    const g = await h.call('events.get_plot_sample', { task: t, metric: 'a' });
    expect((await h.call('events.clear_scroll', { scroll_id: g.data.scroll_id })).data).toEqual({});
    expect((await h.call('events.next_plot_sample', { task: t, scroll_id: g.data.scroll_id })).subcode).toBe(1104);
    for (const body of [{ scroll_id: 'FFFF' }, { scroll_id: 'unknown' }, {}]) {
      expect((await h.call('events.clear_scroll', body)).data).toEqual({});
    }
  });
});
