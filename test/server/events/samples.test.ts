import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

const image = (task: string, metric: string, variant: string, iter: number, url = `${metric}/${variant}/${iter}`) => ({
  task,
  type: 'training_debug_image',
  metric,
  variant,
  iter,
  url,
});
const plot = (task: string, metric: string, variant: string, iter: number) => ({
  task,
  type: 'plot',
  metric,
  variant,
  iter,
  plot_str: `{"m":"${metric}","v":"${variant}","i":${iter}}`,
});

type ImageAnswer = {
  event: { metric: string; variant: string; iter: number; url: string } | null;
  min_iteration: number | null;
  max_iteration: number | null;
  scroll_id: string | null;
};
const at = (r: { data: ImageAnswer }) =>
  r.data.event ? `${r.data.event.metric}/${r.data.event.variant}@${r.data.event.iter}` : null;

describe('events.get_debug_image_sample / next_debug_image_sample', () => {
  it('gets the newest image, with min_iteration the oldest of the urls latest iterations', async () => {
    const t = h.task();
    await add(
      h,
      range(10).map((i) => image(t, 'img', 'a', i, `slot${i % 4}`)),
    );
    const r = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'a' });
    expect(r.data).toMatchObject({ min_iteration: 6, max_iteration: 9, event: { iter: 9, url: 'slot1' } });
    expect(r.data.scroll_id).toMatch(/^[0-9a-f]{32}$/);
    const at7 = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'a', iteration: 7 });
    expect(at7.data.event.iter).toBe(7);
    const old = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'a', iteration: 3 });
    expect(old.data.event).toBeNull();
  });

  it('walks variants of the iteration, then neighbouring iterations, within the metric', async () => {
    const t = h.task();
    await add(h, [
      ...range(3).flatMap((i) => ['a', 'b', 'c'].map((v) => image(t, 'img', v, i))),
      image(t, 'other', 'a', 1),
    ]);
    const g = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'a', iteration: 1 });
    expect(at(g)).toBe('img/a@1');
    const next = async (extra: Record<string, unknown>) =>
      at(await h.call('events.next_debug_image_sample', { task: t, scroll_id: g.data.scroll_id, ...extra }));
    expect(await next({ navigate_earlier: false })).toBe('img/b@1');
    expect(await next({ navigate_earlier: false })).toBe('img/c@1');
    expect(await next({ navigate_earlier: false })).toBe('img/a@2');
    expect(await next({ navigate_earlier: false })).toBe('img/b@2');
    expect(await next({ navigate_earlier: false, next_iteration: true })).toBeNull();
    expect(await next({})).toBe('img/a@2');
    expect(await next({})).toBe('img/c@1');
    expect(await next({ next_iteration: true })).toBe('img/c@0');
    expect(await next({})).toBe('img/b@0');
    expect(await next({})).toBe('img/a@0');
    const end = await h.call('events.next_debug_image_sample', { task: t, scroll_id: g.data.scroll_id });
    expect(end.data).toEqual({ scroll_id: g.data.scroll_id, event: null, min_iteration: null, max_iteration: null });
    expect(await next({ navigate_earlier: false })).toBe('img/b@0');
  });

  it('crosses metrics when navigate_current_metric is false', async () => {
    const t = h.task();
    await add(h, [image(t, 'm1', 'a', 0), image(t, 'm2', 'a', 0), image(t, 'm2', 'b', 1)]);
    const g = await h.call('events.get_debug_image_sample', {
      task: t,
      metric: 'm1',
      variant: 'a',
      navigate_current_metric: false,
    });
    const next = async () =>
      at(
        await h.call('events.next_debug_image_sample', {
          task: t,
          scroll_id: g.data.scroll_id,
          navigate_earlier: false,
        }),
      );
    expect(await next()).toBe('m2/a@0');
    expect(await next()).toBe('m2/b@1');
  });

  it('answers 400/1104 for next with an unknown scroll or another task, and for a get whose scroll does not fit', async () => {
    const t = h.task();
    const other = h.task();
    await add(h, [image(t, 'img', 'a', 0), image(t, 'img2', 'a', 0), image(other, 'img', 'a', 0)]);
    expect((await h.call('events.next_debug_image_sample', { task: t, scroll_id: 'nope' })).subcode).toBe(1104);
    const g = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'a' });
    expect((await h.call('events.next_debug_image_sample', { task: other, scroll_id: g.data.scroll_id })).subcode).toBe(
      1104,
    );
    const wrongMetric = await h.call('events.get_debug_image_sample', {
      task: t,
      metric: 'img2',
      variant: 'a',
      scroll_id: g.data.scroll_id,
    });
    expect([wrongMetric.status, wrongMetric.subcode]).toEqual([400, 1104]);
    expect(
      (
        await h.call('events.get_debug_image_sample', {
          task: other,
          metric: 'img',
          variant: 'a',
          scroll_id: g.data.scroll_id,
        })
      ).subcode,
    ).toBe(1104);
    const fresh = await h.call('events.get_debug_image_sample', {
      task: t,
      metric: 'img',
      variant: 'a',
      scroll_id: 'unknown',
    });
    expect(fresh.status).toBe(200);
    expect(fresh.data.scroll_id).not.toBe('unknown');
    expect((await h.call('events.next_debug_image_sample', { task: t })).subcode).toBe(12);
  });

  it('answers nulls for an unknown variant, and a null scroll id when the company has no images', async () => {
    const t = h.task();
    const none = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'a' });
    expect(none.data).toEqual({ scroll_id: null, event: null, min_iteration: null, max_iteration: null });
    await add(h, [image(t, 'img', 'a', 0)]);
    const unknown = await h.call('events.get_debug_image_sample', { task: t, metric: 'img', variant: 'zz' });
    expect(unknown.data).toMatchObject({ event: null, min_iteration: null, max_iteration: null });
    expect(unknown.data.scroll_id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('events.get_plot_sample / next_plot_sample', () => {
  it('gets every plot of one (iteration, metric), variants ascending, with the metric iteration range', async () => {
    const t = h.task();
    await add(h, [plot(t, 'roc', 'b', 2), plot(t, 'roc', 'a', 2), plot(t, 'roc', 'a', 0), plot(t, 'pr', 'a', 5)]);
    const r = await h.call('events.get_plot_sample', { task: t, metric: 'roc' });
    expect(r.data.events.map((e: Record<string, unknown>) => `${e.variant}@${e.iter}`)).toEqual(['a@2', 'b@2']);
    expect(r.data).toMatchObject({ min_iteration: 0, max_iteration: 2 });
    expect(r.data.events[0].plot_str).toBe('{"m":"roc","v":"a","i":2}');
    const at1 = await h.call('events.get_plot_sample', { task: t, metric: 'roc', iteration: 1 });
    expect(at1.data.events.map((e: Record<string, unknown>) => `${e.variant}@${e.iter}`)).toEqual(['a@0']);
    const unknown = await h.call('events.get_plot_sample', { task: t, metric: 'nope' });
    expect(unknown.data).toMatchObject({ events: [], min_iteration: null, max_iteration: null });
  });

  it('moves between iterations of the metric, or across metrics without navigate_current_metric', async () => {
    const t = h.task();
    await add(h, [
      plot(t, 'a', 'v', 0),
      plot(t, 'a', 'v', 1),
      plot(t, 'b', 'v', 1),
      plot(t, 'c', 'v', 1),
      plot(t, 'c', 'v', 2),
    ]);
    const label = (r: { data: { events: Record<string, unknown>[] } }) =>
      r.data.events[0] ? `${r.data.events[0].metric}@${r.data.events[0].iter}` : null;
    const same = await h.call('events.get_plot_sample', { task: t, metric: 'a' });
    const nextSame = async (extra: Record<string, unknown>) =>
      label(await h.call('events.next_plot_sample', { task: t, scroll_id: same.data.scroll_id, ...extra }));
    expect(label(same)).toBe('a@1');
    expect(await nextSame({})).toBe('a@0');
    expect(await nextSame({})).toBeNull();
    expect(await nextSame({ navigate_earlier: false })).toBe('a@1');

    const all = await h.call('events.get_plot_sample', { task: t, metric: 'b', navigate_current_metric: false });
    const next = async (extra: Record<string, unknown>) =>
      label(await h.call('events.next_plot_sample', { task: t, scroll_id: all.data.scroll_id, ...extra }));
    expect(label(all)).toBe('b@1');
    expect(await next({ navigate_earlier: false })).toBe('c@1');
    expect(await next({ navigate_earlier: false })).toBe('c@2');
    expect(await next({})).toBe('c@1');
    expect(await next({})).toBe('b@1');
    expect(await next({})).toBe('a@1');
    expect(await next({})).toBe('a@0');
    expect(await next({ navigate_earlier: false, next_iteration: true })).toBe('a@1');
    const result = await h.call('events.next_plot_sample', {
      task: t,
      scroll_id: all.data.scroll_id,
      navigate_earlier: false,
    });
    expect(result.data).toMatchObject({ min_iteration: 1, max_iteration: 1 });
  });

  it('answers 400/1104 for bad scrolls', async () => {
    const t = h.task();
    await add(h, [plot(t, 'a', 'v', 0), plot(t, 'b', 'v', 0)]);
    expect((await h.call('events.next_plot_sample', { task: t, scroll_id: 'nope' })).subcode).toBe(1104);
    const g = await h.call('events.get_plot_sample', { task: t, metric: 'a' });
    expect(
      (await h.call('events.get_plot_sample', { task: t, metric: 'b', scroll_id: g.data.scroll_id })).subcode,
    ).toBe(1104);
    expect(
      (
        await h.call('events.get_plot_sample', {
          task: t,
          metric: 'a',
          scroll_id: g.data.scroll_id,
          navigate_current_metric: false,
        })
      ).subcode,
    ).toBe(1104);
    const ok = await h.call('events.get_plot_sample', {
      task: t,
      metric: 'a',
      scroll_id: g.data.scroll_id,
      iteration: 0,
    });
    expect(ok.data.scroll_id).toBe(g.data.scroll_id);
  });

  it('expires states after an hour without use', async () => {
    const t = h.task();
    await add(h, [plot(t, 'a', 'v', 0), plot(t, 'a', 'v', 1)]);
    const g = await h.call('events.get_plot_sample', { task: t, metric: 'a' });
    h.now += 3_599_000;
    expect((await h.call('events.next_plot_sample', { task: t, scroll_id: g.data.scroll_id })).status).toBe(200);
    h.now += 3_599_000;
    expect((await h.call('events.next_plot_sample', { task: t, scroll_id: g.data.scroll_id })).status).toBe(200);
    h.now += 3_600_001;
    expect((await h.call('events.next_plot_sample', { task: t, scroll_id: g.data.scroll_id })).subcode).toBe(1104);
  });
});
