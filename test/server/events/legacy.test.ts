// Old handlers, chosen by an explicit low version in the path (docs/wire-facts.md §6.8).
import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

describe('events.get_task_log before 2.9', () => {
  it('scrolls the whole log in pages of 500, newest first by default, with a scroll id and total', async () => {
    const t = h.task();
    await add(
      h,
      range(1200).map((i) => ({ task: t, type: 'log', msg: `line ${i}`, timestamp: 1000 + i })),
    );
    const first = await h.call('events.get_task_log', { task: t }, { version: '2.8' });
    expect(first.data).toMatchObject({ returned: 500, total: 1200 });
    expect(first.data.events[0].msg).toBe('line 1199');
    expect(first.data.scroll_id).toMatch(/^[0-9a-f]{32}$/);
    const msgs: string[] = first.data.events.map((e: { msg: string }) => e.msg);
    for (;;) {
      const r = await h.call('events.get_task_log', { task: t, scroll_id: first.data.scroll_id }, { version: '2.8' });
      if (r.data.returned === 0) break;
      msgs.push(...r.data.events.map((e: { msg: string }) => e.msg));
    }
    expect(msgs).toEqual(range(1200, (i) => `line ${1199 - i}`));
  });

  it('starts from the oldest logs with from=head (1.7) or order=asc (1.0)', async () => {
    const t = h.task();
    await add(
      h,
      range(5).map((i) => ({ task: t, type: 'log', msg: `line ${i}`, timestamp: 1000 + i })),
    );
    const head = await h.call(
      'events.get_task_log',
      { task: t, from: 'head', order: 'asc', batch_size: 2 },
      { version: '1.7' },
    );
    expect(head.data.events.map((e: { msg: string }) => e.msg)).toEqual(['line 0', 'line 1']);
    const asc = await h.call('events.get_task_log', { task: t, order: 'asc', batch_size: 2 }, { version: '1.0' });
    expect(asc.data.events.map((e: { msg: string }) => e.msg)).toEqual(['line 0', 'line 1']);
    expect((await h.call('events.get_task_log', { task: t, scroll_id: 'nope' }, { version: '2.8' })).subcode).toBe(
      1104,
    );
  });
});

describe('events.debug_images before 2.7', () => {
  it('answers one task with its newest iteration images as a flat list and pages older ones', async () => {
    const t = h.task();
    await add(
      h,
      range(3).flatMap((i) =>
        ['a', 'b'].map((v) => ({
          task: t,
          type: 'training_debug_image',
          iter: i,
          metric: 'img',
          variant: v,
          url: `${v}${i}`,
        })),
      ),
    );
    const r = await h.call('events.debug_images', { task: t }, { version: '2.6' });
    expect(r.data).toMatchObject({ task: t, returned: 2, total: 6 });
    expect(r.data.images.map((e: { url: string }) => e.url)).toEqual(['a2', 'b2']);
    const older = await h.call('events.debug_images', { task: t, scroll_id: r.data.scroll_id }, { version: '1.8' });
    expect(older.data.images.map((e: { url: string }) => e.url)).toEqual(['a1', 'b1']);
    const current = await h.call('events.debug_images', { metrics: [{ task: t }] }, { version: '2.7' });
    expect(current.data.metrics[0].iterations[0].iter).toBe(2);
  });
});
