import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

const image = (
  task: string,
  metric: string,
  variant: string,
  iter: number,
  url = `${metric}/${variant}/${iter}.png`,
  extra: Record<string, unknown> = {},
) => ({
  task,
  type: 'training_debug_image',
  metric,
  variant,
  iter,
  url,
  timestamp: 1000 + iter,
  ...extra,
});
type Page = {
  data: {
    scroll_id: string;
    metrics: { task: string; iterations: { iter: number; events: Record<string, unknown>[] }[] }[];
  };
};
const iters = (r: Page, i = 0) => r.data.metrics[i]?.iterations.map((it) => it.iter);

describe('events.debug_images', () => {
  it('walks pages of whole iterations: newest first, then older, then newer again', async () => {
    const t = h.task();
    await add(
      h,
      range(10).flatMap((i) => [image(t, 'img', 'a', i), image(t, 'img', 'b', i)]),
    );
    const call = (extra: Record<string, unknown>) =>
      h.call('events.debug_images', { metrics: [{ task: t }], iters: 3, ...extra }) as Promise<Page>;
    const p1 = await call({});
    expect(iters(p1)).toEqual([9, 8, 7]);
    expect(p1.data.scroll_id).toMatch(/^[0-9a-f]{32}$/);
    expect(p1.data.metrics[0]?.iterations[0]?.events.map((e) => [e.variant, e.url])).toEqual([
      ['a', 'img/a/9.png'],
      ['b', 'img/b/9.png'],
    ]);
    const scroll = p1.data.scroll_id;
    expect(iters(await call({ scroll_id: scroll }))).toEqual([6, 5, 4]);
    expect(iters(await call({ scroll_id: scroll }))).toEqual([3, 2, 1]);
    expect(iters(await call({ scroll_id: scroll }))).toEqual([0]);
    expect(iters(await call({ scroll_id: scroll }))).toEqual([]);
    expect(iters(await call({ scroll_id: scroll, navigate_earlier: false }))).toEqual([3, 2, 1]);
    expect(iters(await call({ scroll_id: scroll, navigate_earlier: false }))).toEqual([6, 5, 4]);
    expect(iters(await call({ scroll_id: scroll, navigate_earlier: false }))).toEqual([9, 8, 7]);
    expect(iters(await call({ scroll_id: scroll, navigate_earlier: false }))).toEqual([]);
  });

  it('starts from the newest iterations on a first call even when navigating forward', async () => {
    const t = h.task();
    await add(
      h,
      range(5).map((i) => image(t, 'img', 'a', i)),
    );
    const r = (await h.call('events.debug_images', { metrics: [{ task: t }], navigate_earlier: false })) as Page;
    expect(iters(r)).toEqual([4]);
  });

  it('keeps one event per variant and iteration: the greatest url', async () => {
    const t = h.task();
    await add(h, [image(t, 'img', 'a', 0, 'u1', { key: 'k1' }), image(t, 'img', 'a', 0, 'u2', { key: 'k2' })]);
    const r = (await h.call('events.debug_images', { metrics: [{ task: t }] })) as Page;
    expect(r.data.metrics[0]?.iterations[0]?.events.map((e) => e.url)).toEqual(['u2']);
  });

  it('hides iterations of recycled urls: 10 iterations over 4 urls show iterations 6..9', async () => {
    const t = h.task();
    await add(
      h,
      range(10).map((i) => image(t, 'img', 'a', i, `slot${i % 4}.png`)),
    );
    const r = (await h.call('events.debug_images', { metrics: [{ task: t }], iters: 10 })) as Page;
    expect(iters(r)).toEqual([9, 8, 7, 6]);
  });

  it('pins the metrics of the state: new metrics need refresh, new variants of pinned metrics appear', async () => {
    const t = h.task();
    await add(
      h,
      range(3).map((i) => image(t, 'first', 'a', i)),
    );
    const p1 = (await h.call('events.debug_images', { metrics: [{ task: t }], iters: 1 })) as Page;
    const scroll = p1.data.scroll_id;
    await add(h, [image(t, 'second', 'a', 1), image(t, 'first', 'new', 1)]);
    const p2 = (await h.call('events.debug_images', { metrics: [{ task: t }], iters: 1, scroll_id: scroll })) as Page;
    expect(iters(p2)).toEqual([1]);
    expect(p2.data.metrics[0]?.iterations[0]?.events.map((e) => `${e.metric}/${e.variant}`)).toEqual([
      'first/a',
      'first/new',
    ]);
    const refreshed = (await h.call('events.debug_images', {
      metrics: [{ task: t }],
      iters: 1,
      scroll_id: scroll,
      refresh: true,
    })) as Page;
    expect(iters(refreshed)).toEqual([2]);
    const back = (await h.call('events.debug_images', { metrics: [{ task: t }], iters: 1, scroll_id: scroll })) as Page;
    expect(back.data.metrics[0]?.iterations[0]?.events.map((e) => `${e.metric}/${e.variant}`)).toEqual([
      'first/a',
      'first/new',
      'second/a',
    ]);
  });

  it('limits to the requested metric and variants; one entry per task, in request order', async () => {
    const a = h.task();
    const b = h.task();
    await add(h, [image(a, 'x', 'v1', 0), image(a, 'x', 'v2', 0), image(a, 'y', 'v1', 0)]);
    const r = (await h.call('events.debug_images', {
      metrics: [{ task: b }, { task: a, metric: 'x', variants: ['v2'] }],
    })) as Page;
    expect(r.data.metrics.map((m) => m.task)).toEqual([b, a]);
    expect(r.data.metrics[0]?.iterations).toEqual([]);
    expect(r.data.metrics[1]?.iterations[0]?.events.map((e) => `${e.metric}/${e.variant}`)).toEqual(['x/v2']);
  });

  it('starts a new state for an unknown scroll id and answers no scroll id when the company has no images', async () => {
    const t = h.task();
    const none = await h.call('events.debug_images', { metrics: [{ task: t }] });
    expect(none.data).toEqual({ metrics: [] });
    await add(h, [image(t, 'img', 'a', 0)]);
    const r = (await h.call('events.debug_images', { metrics: [{ task: t }], scroll_id: 'f'.repeat(32) })) as Page;
    expect(iters(r)).toEqual([0]);
    expect(r.data.scroll_id).not.toBe('f'.repeat(32));
  });

  it('validates metrics (non-empty) and iters (>= 1)', async () => {
    const t = h.task();
    expect((await h.call('events.debug_images', { metrics: [] })).subcode).toBe(12);
    expect((await h.call('events.debug_images', { metrics: [{ task: t }], iters: 0 })).subcode).toBe(12);
    expect((await h.call('events.debug_images', { metrics: [{ metric: 'x' }] })).subcode).toBe(12);
    expect((await h.call('events.debug_images', { metrics: [{ task: 'nope' }] })).subcode).toBe(101);
  });
});

describe('events.plots', () => {
  it('pages plot iterations the same way, with plot_str restored', async () => {
    const t = h.task();
    await add(
      h,
      range(4).map((i) => ({ task: t, type: 'plot', metric: 'roc', variant: 'v', iter: i, plot_str: `{"i":${i}}` })),
    );
    const p1 = (await h.call('events.plots', { metrics: [{ task: t, metric: 'roc' }], iters: 2 })) as Page;
    expect(iters(p1)).toEqual([3, 2]);
    expect(p1.data.metrics[0]?.iterations[0]?.events[0]?.plot_str).toBe('{"i":3}');
    const p2 = (await h.call('events.plots', {
      metrics: [{ task: t, metric: 'roc' }],
      iters: 2,
      scroll_id: p1.data.scroll_id,
    })) as Page;
    expect(iters(p2)).toEqual([1, 0]);
  });
});
