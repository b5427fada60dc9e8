import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar, SV, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

describe('events.scalar_metrics_iter_raw', () => {
  it('returns points by key with the x array named after the key, single values first', async () => {
    const t = h.task();
    await add(h, [
      scalar(t, 'm', 'a', 1, 10, { timestamp: 300 }),
      scalar(t, 'm', 'a', SV, 7, { timestamp: 100 }),
      scalar(t, 'm', 'b', 0, 20, { timestamp: 200 }),
      scalar(t, 'x', 'a', 0, 1),
    ]);
    const r = await h.call('events.scalar_metrics_iter_raw', { task: t, metric: { metric: 'm' } });
    expect(r.data.returned).toBe(3);
    expect(r.data.total).toBeNull();
    expect(r.data.variants).toEqual({ a: { y: [7, 10], iter: [SV, 1] }, b: { y: [20], iter: [0] } });
    const byTime = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm', variants: ['a'] },
      key: 'timestamp',
    });
    expect(byTime.data.variants).toEqual({ a: { y: [7, 10], timestamp: [100, 300] } });
    const iso = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm', variants: ['b'] },
      key: 'iso_time',
    });
    expect(iso.data.variants).toEqual({ b: { y: [20], iso_time: [200] } });
  });

  it('pages with scroll_id, never splitting a key value, without restarting after key 0', async () => {
    const t = h.task();
    // Two variants share every iteration 0..9.
    await add(
      h,
      range(10).flatMap((i) => [scalar(t, 'm', 'a', i, i), scalar(t, 'm', 'b', i, -i)]),
    );
    const seen: number[] = [];
    let scrollId: string | undefined;
    const pages: number[] = [];
    for (let n = 0; n < 20; n++) {
      const r = await h.call('events.scalar_metrics_iter_raw', {
        task: t,
        metric: { metric: 'm' },
        batch_size: 3,
        count_total: true,
        scroll_id: scrollId,
      });
      expect(r.status).toBe(200);
      expect(r.data.total).toBe(20);
      if (r.data.returned === 0) {
        expect(r.data.variants).toEqual({});
        break;
      }
      pages.push(r.data.returned);
      for (const v of Object.values(r.data.variants) as { iter: number[] }[]) seen.push(...v.iter);
      scrollId = r.data.scroll_id;
    }
    // batch 3 over pairs → each page ends on a shared key: 4 events per page (2 iterations).
    expect(pages).toEqual([4, 4, 4, 4, 4]);
    expect(seen.sort((x, y) => x - y)).toEqual(range(20, (i) => Math.floor(i / 2)));
  });

  it('continues after a page that ends on key value 0 instead of restarting', async () => {
    const t = h.task();
    await add(h, [
      scalar(t, 'm', 'a', -1, 1),
      scalar(t, 'm', 'a', 0, 2),
      scalar(t, 'm', 'b', 0, 3),
      scalar(t, 'm', 'a', 1, 4),
    ]);
    const p1 = await h.call('events.scalar_metrics_iter_raw', { task: t, metric: { metric: 'm' }, batch_size: 2 });
    expect(p1.data.variants).toEqual({ a: { y: [1, 2], iter: [-1, 0] }, b: { y: [3], iter: [0] } });
    const p2 = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm' },
      scroll_id: p1.data.scroll_id,
    });
    expect(p2.data.variants).toEqual({ a: { y: [4], iter: [1] } });
    const e1 = await h.call('events.get_task_events', { task: t, batch_size: 2 });
    expect(e1.data.events.map((e: { iter: number }) => e.iter)).toEqual([-1, 0, 0]);
    const e2 = await h.call('events.get_task_events', { task: t, batch_size: 2, scroll_id: e1.data.scroll_id });
    expect(e2.data.events.map((e: { iter: number }) => e.iter)).toEqual([1]);
  });

  it('reuses the first call batch_size and keeps answering returned 0 once exhausted', async () => {
    const t = h.task();
    await add(
      h,
      range(5).map((i) => scalar(t, 'm', 'a', i, i)),
    );
    const first = await h.call('events.scalar_metrics_iter_raw', { task: t, metric: { metric: 'm' }, batch_size: 2 });
    const second = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm' },
      scroll_id: first.data.scroll_id,
    });
    expect(second.data.variants.a.iter).toEqual([2, 3]);
    const third = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm' },
      scroll_id: second.data.scroll_id,
    });
    const end = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm' },
      scroll_id: third.data.scroll_id,
    });
    expect(end.data.returned).toBe(0);
    const again = await h.call('events.scalar_metrics_iter_raw', {
      task: t,
      metric: { metric: 'm' },
      scroll_id: end.data.scroll_id,
    });
    expect(again.data).toMatchObject({ returned: 0, variants: {}, scroll_id: end.data.scroll_id });
  });

  it('refuses a tampered scroll id (400/1104), a negative batch_size and a metric list (400/12)', async () => {
    const t = h.task();
    await add(
      h,
      range(5).map((i) => scalar(t, 'm', 'a', i, i)),
    );
    const first = await h.call('events.scalar_metrics_iter_raw', { task: t, metric: { metric: 'm' }, batch_size: 2 });
    const token: string = first.data.scroll_id;
    const [head, payload, sig] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ from_key_value: '0', request: { task: t, metric: { metric: 'm' } } }),
    ).toString('base64url');
    for (const bad of [
      `${head}.${forged}.${sig}`,
      'garbage',
      `${head}.${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`,
    ]) {
      const r = await h.call('events.scalar_metrics_iter_raw', { task: t, metric: { metric: 'm' }, scroll_id: bad });
      expect([r.status, r.subcode]).toEqual([400, 1104]);
      expect(r.msg).toContain('Invalid scroll id');
    }
    expect(
      (await h.call('events.scalar_metrics_iter_raw', { task: t, metric: { metric: 'm' }, batch_size: -1 })).subcode,
    ).toBe(12);
    expect((await h.call('events.scalar_metrics_iter_raw', { task: t, metric: [{ metric: 'm' }] })).subcode).toBe(12);
    const other = h.task();
    expect(
      (await h.call('events.scalar_metrics_iter_raw', { task: other, metric: { metric: 'm' }, scroll_id: token }))
        .subcode,
    ).toBe(1104);
  });
});

describe('events.get_task_events', () => {
  it('orders by iteration then timestamp across types, 500 per page by default, with an exact total', async () => {
    const t = h.task();
    await add(h, [
      { task: t, type: 'log', iter: 1, msg: 'late', timestamp: 50 },
      scalar(t, 'm', 'v', 1, 1, { timestamp: 40 }),
      { task: t, type: 'plot', iter: 0, metric: 'p', plot_str: '{}', timestamp: 60 },
      { task: t, type: 'training_debug_image', iter: 2, metric: 'i', url: 'u', timestamp: 10 },
      ...range(600).map((i) => scalar(t, 'bulk', 'v', 1000 + i, i)),
    ]);
    const r = await h.call('events.get_task_events', { task: t });
    expect(r.data.returned).toBe(500);
    expect(r.data.total).toBe(604);
    expect(r.data.events.slice(0, 4).map((e: Record<string, unknown>) => [e.iter, e.type])).toEqual([
      [0, 'plot'],
      [1, 'training_stats_scalar'],
      [1, 'log'],
      [2, 'training_debug_image'],
    ]);
    const next = await h.call('events.get_task_events', { task: t, scroll_id: r.data.scroll_id });
    expect(next.data.returned).toBe(104);
    expect(next.data.total).toBe(604);
    expect(next.data.events.at(-1).iter).toBe(1599);
  });

  it('pages descending, filtered by type and metrics, including every event of the last iteration', async () => {
    const t = h.task();
    await add(
      h,
      range(10).flatMap((i) => [scalar(t, 'm', 'a', i, i), scalar(t, 'm', 'b', i, i), scalar(t, 'x', 'a', i, i)]),
    );
    await add(h, [{ task: t, type: 'log', iter: 100, msg: 'x' }]);
    const iters: number[][] = [];
    let scrollId: string | undefined;
    for (;;) {
      const r = await h.call('events.get_task_events', {
        task: t,
        scroll_id: scrollId,
        batch_size: 3,
        order: 'desc',
        event_type: 'training_stats_scalar',
        metrics: [{ metric: 'm' }],
      });
      if (r.data.returned === 0) break;
      iters.push(r.data.events.map((e: { iter: number }) => e.iter));
      scrollId = r.data.scroll_id;
    }
    expect(iters).toEqual([
      [9, 9, 8, 8],
      [7, 7, 6, 6],
      [5, 5, 4, 4],
      [3, 3, 2, 2],
      [1, 1, 0, 0],
    ]);
  });

  it('after the end answers returned 0 with a scroll id that is then echoed unchanged', async () => {
    const t = h.task();
    await add(h, [scalar(t, 'm', 'a', 0, 0)]);
    const first = await h.call('events.get_task_events', { task: t });
    const past = await h.call('events.get_task_events', { task: t, scroll_id: first.data.scroll_id });
    expect(past.data).toMatchObject({ returned: 0, events: [] });
    const again = await h.call('events.get_task_events', { task: t, scroll_id: past.data.scroll_id });
    expect(again.data).toMatchObject({ returned: 0, scroll_id: past.data.scroll_id });
  });

  it('gives total null without count_total, and 400/1104 for a bad scroll id', async () => {
    const t = h.task();
    await add(h, [scalar(t, 'm', 'a', 0, 0)]);
    expect((await h.call('events.get_task_events', { task: t, count_total: false })).data.total).toBeNull();
    expect((await h.call('events.get_task_events', { task: t, scroll_id: 'x.y.z' })).subcode).toBe(1104);
    expect((await h.call('events.get_task_events', { task: t, event_type: 'nope' })).subcode).toBe(12);
  });
});
