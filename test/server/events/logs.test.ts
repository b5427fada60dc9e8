import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, logLine, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

const log = (task: string, i: number, extra: Record<string, unknown> = {}) => logLine(task, i, extra);
const msgs = (r: { data: { events: { msg: string }[] } }) => r.data.events.map((e) => e.msg);

describe('events.get_task_log', () => {
  it('pages 5 newest first, then older, then forward again', async () => {
    const t = h.task();
    await add(
      h,
      range(12).map((i) => log(t, i)),
    );
    const newest = await h.call('events.get_task_log', { task: t, batch_size: 5 });
    expect(msgs(newest)).toEqual(['line 11', 'line 10', 'line 9', 'line 8', 'line 7']);
    expect(newest.data).toMatchObject({ returned: 5, total: 12 });
    expect(newest.data).not.toHaveProperty('scroll_id');
    const older = await h.call('events.get_task_log', { task: t, batch_size: 5, from_timestamp: 1007 });
    expect(msgs(older)).toEqual(['line 6', 'line 5', 'line 4', 'line 3', 'line 2']);
    const oldest = await h.call('events.get_task_log', { task: t, batch_size: 5, from_timestamp: 1002 });
    expect(msgs(oldest)).toEqual(['line 1', 'line 0']);
    const forward = await h.call('events.get_task_log', {
      task: t,
      batch_size: 5,
      from_timestamp: 1002,
      navigate_earlier: false,
    });
    expect(msgs(forward)).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
    const first = await h.call('events.get_task_log', { task: t, batch_size: 5, navigate_earlier: false });
    expect(msgs(first)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
  });

  it('treats from_timestamp as exclusive and 0 as "no reference"', async () => {
    const t = h.task();
    await add(
      h,
      range(3).map((i) => log(t, i)),
    );
    expect(msgs(await h.call('events.get_task_log', { task: t, from_timestamp: 1001 }))).toEqual(['line 0']);
    expect(msgs(await h.call('events.get_task_log', { task: t, from_timestamp: 0 }))).toHaveLength(3);
  });

  it('holds batch_size when logs share a timestamp; from_seq continues inside it', async () => {
    const t = h.task();
    await add(h, [
      log(t, 0),
      ...range(4).map((i) => log(t, 10 + i, { timestamp: 2000 })),
      log(t, 20, { timestamp: 3000 }),
    ]);
    const page = await h.call('events.get_task_log', { task: t, batch_size: 2 });
    expect(msgs(page)).toEqual(['line 20', 'line 13']);
    expect(page.data.events.map((e: { seq: number }) => e.seq)).toEqual([0, 3]);
    const next = await h.call('events.get_task_log', { task: t, batch_size: 2, from_timestamp: 2000, from_seq: 3 });
    expect(msgs(next)).toEqual(['line 12', 'line 11']);
    const back = await h.call('events.get_task_log', {
      task: t,
      batch_size: 2,
      from_timestamp: 2000,
      from_seq: 1,
      navigate_earlier: false,
    });
    expect(msgs(back)).toEqual(['line 12', 'line 13']);
    // Without from_seq, from_timestamp passes every log at it, as on real servers.
    const plain = await h.call('events.get_task_log', { task: t, batch_size: 2, from_timestamp: 2000 });
    expect(msgs(plain)).toEqual(['line 0']);
  });

  it('pages 20,000 logs of one timestamp in pages of batch_size, each line once both ways', async () => {
    const t = h.task();
    const n = 20_000;
    for (let i = 0; i < n; i += 5000)
      await add(
        h,
        range(5000, (k) => log(t, i + k, { timestamp: 5000 })),
      );
    type Page = { data: { events: { msg: string; timestamp: number; seq: number }[]; returned: number } };
    for (const earlier of [true, false]) {
      const seen: string[] = [];
      let cursor: { from_timestamp: number; from_seq: number } | undefined;
      for (;;) {
        const r = (await h.call('events.get_task_log', {
          task: t,
          batch_size: 3000,
          navigate_earlier: earlier,
          ...cursor,
        })) as Page;
        expect(r.data.returned).toBeLessThanOrEqual(3000);
        seen.push(...r.data.events.map((e) => e.msg));
        const last = r.data.events.at(-1);
        if (last === undefined) break;
        cursor = { from_timestamp: last.timestamp, from_seq: last.seq };
      }
      const want = range(n, (i) => `line ${i}`);
      expect(seen).toEqual(earlier ? want.reverse() : want);
    }
  });

  it('bounds a page at about 8 MB whatever batch_size asks, saying more follows; the next goes on from its last log', async () => {
    const t = h.task();
    const long = 'x'.repeat(20_000);
    await add(
      h,
      range(600, (i) => log(t, i, { msg: `line ${i} ${long}`, timestamp: 1000 + Math.floor(i / 3) })),
    );
    const seen: string[] = [];
    const more: unknown[] = [];
    let cursor: Record<string, number> = {};
    for (let page = 0; page < 10; page++) {
      const r = await h.call('events.get_task_log', { task: t, batch_size: 10_000, ...cursor });
      const events = r.data.events as { msg: string; timestamp: number; seq: number }[];
      if (events.length === 0) break;
      expect(JSON.stringify(r.data).length).toBeLessThanOrEqual(8.5 * 1024 * 1024);
      expect(r.data.returned).toBe(events.length);
      expect(r.data.total).toBe(600);
      more.push(r.data.more);
      seen.push(...events.map((e) => e.msg.slice(0, e.msg.indexOf(' ', 5))));
      const last = events.at(-1) as { timestamp: number; seq: number };
      cursor = { from_timestamp: last.timestamp, from_seq: last.seq };
    }
    expect(seen).toEqual(range(600, (i) => `line ${599 - i}`));
    // A page the bound cut says more follows; the last one does not.
    expect(more).toEqual([true, undefined]);
  });

  it('streams a large page in pieces that each go on after the last, in either order, fast path or not', async () => {
    const t = h.task();
    // 2,500 logs of ~1 KB make a page of four pieces; three logs share each timestamp, and
    // the 1,000th has an unknown field (its piece takes the general path).
    const n = 2500;
    const pad = 'p'.repeat(1000);
    await add(
      h,
      range(n, (i) =>
        log(t, i, {
          msg: `line ${i} ${pad}`,
          timestamp: 1000 + Math.floor(i / 3),
          ...(i === 1000 ? { extra_field: i } : {}),
        }),
      ),
    );
    const msgs = (r: { data: { events: { msg: string }[] } }) =>
      r.data.events.map((e) => e.msg.slice(0, -pad.length - 1));
    const want = range(n, (i) => `line ${i}`);
    for (const [earlier, order, expected] of [
      [true, 'desc', [...want].reverse()],
      [true, 'asc', want],
      [false, 'asc', want],
      [false, 'desc', [...want].reverse()],
    ] as const) {
      const r = await h.call('events.get_task_log', { task: t, batch_size: n, navigate_earlier: earlier, order });
      expect(r.data.returned).toBe(n);
      expect(msgs(r)).toEqual(expected);
    }
    // A page of part of the log, in the other order: the same logs as its own order's.
    const part = await h.call('events.get_task_log', { task: t, batch_size: 2000, order: 'asc' });
    expect(msgs(part)).toEqual(want.slice(n - 2000));
  });

  it('reverses the order only when order disagrees with the direction', async () => {
    const t = h.task();
    await add(
      h,
      range(4).map((i) => log(t, i)),
    );
    expect(msgs(await h.call('events.get_task_log', { task: t, batch_size: 2, order: 'asc' }))).toEqual([
      'line 2',
      'line 3',
    ]);
    expect(msgs(await h.call('events.get_task_log', { task: t, batch_size: 2, order: 'desc' }))).toEqual([
      'line 3',
      'line 2',
    ]);
    expect(
      msgs(await h.call('events.get_task_log', { task: t, batch_size: 2, navigate_earlier: false, order: 'desc' })),
    ).toEqual(['line 1', 'line 0']);
  });

  it('caps total at 10000 and batch_size at 10000', async () => {
    const t = h.task();
    await add(
      h,
      range(10_050).map((i) => log(t, i)),
    );
    const r = await h.call('events.get_task_log', { task: t, batch_size: 20_000 });
    expect(r.data.total).toBe(10_000);
    expect(r.data.returned).toBe(10_000);
    const d = await h.call('events.get_task_log', { task: t });
    expect(d.data.returned).toBe(5000);
  });

  it('filters by metrics (total too) and returns stored log events', async () => {
    const t = h.task();
    await add(h, [log(t, 0, { metric: 'stderr' }), log(t, 1), log(t, 2, { metric: 'stderr', variant: 'x' })]);
    const r = await h.call('events.get_task_log', { task: t, metrics: [{ metric: 'stderr' }] });
    expect(msgs(r)).toEqual(['line 2', 'line 0']);
    expect(r.data.total).toBe(2);
    expect(r.data.events[1]).toEqual({
      task: t,
      type: 'log',
      iter: 0,
      metric: 'stderr',
      variant: '',
      level: 'info',
      msg: 'line 0',
      timestamp: 1000,
      worker: '<unknown>',
      model_event: false,
      '@timestamp': new Date(h.now).toISOString(),
      seq: 0,
    });
  });

  it('validates its fields', async () => {
    const t = h.task();
    for (const bad of [
      { task: t, batch_size: 0 },
      { task: t, order: 'up' },
      { task: t, from_timestamp: 'x' },
      { task: t, from_seq: -1 },
      {},
    ]) {
      expect((await h.call('events.get_task_log', bad)).subcode).toBe(12);
    }
  });
});

describe('events.download_task_log', () => {
  it('sends all logs oldest first as JSON lines without type and task, timestamp renamed asctime', async () => {
    const t = h.task();
    await add(h, [log(t, 1), log(t, 0)]);
    const r = await h.call('events.download_task_log', { task: t });
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename=task_${t}.log`);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const lines = (r.text as string)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      iter: 0,
      metric: '',
      variant: '',
      level: 'info',
      msg: 'line 0',
      asctime: 1000,
      worker: '<unknown>',
      model_event: false,
      '@timestamp': new Date(h.now).toISOString(),
    });
  });

  it('formats text lines with line_format placeholders and literal braces', async () => {
    const t = h.task();
    await add(
      h,
      range(2500).map((i) => log(t, i)),
    );
    const r = await h.call('events.download_task_log', { task: t, line_type: 'text' });
    const lines = (r.text as string).split('\n');
    expect(lines).toHaveLength(2501);
    expect(lines[0]).toBe('1000 <unknown> info line 0');
    expect(lines[2499]).toBe('3499 <unknown> info line 2499');
    const custom = await h.call('events.download_task_log', {
      task: t,
      line_type: 'text',
      line_format: '{{{level}}} {msg}',
    });
    expect((custom.text as string).split('\n')[0]).toBe('{info} line 0');
  });

  it('streams every line when thousands share one timestamp', async () => {
    const t = h.task();
    await add(
      h,
      range(4500).map((i) => log(t, i, { timestamp: 7 })),
    );
    const r = await h.call('events.download_task_log', { task: t, line_type: 'text', line_format: '{msg}' });
    expect((r.text as string).trimEnd().split('\n')).toEqual(range(4500, (i) => `line ${i}`));
  });

  it('refuses an unknown placeholder with 400/16 and an empty format with 400/11', async () => {
    const t = h.task();
    const bad = await h.call('events.download_task_log', {
      task: t,
      line_type: 'text',
      line_format: '{asctime} {host}',
    });
    expect([bad.status, bad.subcode]).toEqual([400, 16]);
    expect(bad.msg).toContain('{host}');
    expect(
      (await h.call('events.download_task_log', { task: t, line_type: 'text', line_format: '{msg' })).subcode,
    ).toBe(16);
    const empty = await h.call('events.download_task_log', { task: t, line_type: 'text', line_format: '' });
    expect([empty.status, empty.subcode]).toEqual([400, 11]);
    expect((await h.call('events.download_task_log', { task: 'nope' })).subcode).toBe(101);
  });
});

describe('events.clear_task_log', () => {
  it('deletes all logs of the task and answers the count', async () => {
    const t = h.task();
    await add(h, [...range(3).map((i) => log(t, i)), { task: t, type: 'training_stats_scalar', iter: 0, value: 1 }]);
    expect((await h.call('events.clear_task_log', { task: t })).data).toEqual({ deleted: 3 });
    expect((await h.call('events.get_task_log', { task: t })).data).toMatchObject({ returned: 0, total: 0 });
    expect((await h.call('events.get_task_events', { task: t })).data.returned).toBe(1);
    expect((await h.call('events.get_multi_task_metrics', { tasks: [t], event_type: 'log' })).data).toEqual({
      metrics: [],
    });
  });

  it('keeps logs newer than threshold_sec and honours include/exclude metrics', async () => {
    const t = h.task();
    const now = h.now;
    await add(h, [
      log(t, 0, { timestamp: now - 10_000 }),
      log(t, 1, { timestamp: now - 1000 }),
      log(t, 2, { timestamp: now - 10_000, metric: 'keep' }),
      log(t, 3, { timestamp: now - 10_000, metric: 'gone' }),
    ]);
    expect(
      (await h.call('events.clear_task_log', { task: t, threshold_sec: 5, exclude_metrics: ['keep'] })).data,
    ).toEqual({ deleted: 2 });
    expect(msgs(await h.call('events.get_task_log', { task: t }))).toEqual(['line 1', 'line 2']);
    expect((await h.call('events.clear_task_log', { task: t, include_metrics: ['keep'] })).data).toEqual({
      deleted: 1,
    });
    expect(msgs(await h.call('events.get_task_log', { task: t }))).toEqual(['line 1']);
  });

  it('refuses a published task without allow_locked (400/101)', async () => {
    const t = h.task({ status: 'published' });
    await add(h, [log(t, 0, { allow_locked: true })]);
    const r = await h.call('events.clear_task_log', { task: t });
    expect([r.status, r.subcode]).toEqual([400, 101]);
    expect(r.msg).toContain('Cannot update events for a published task');
    expect((await h.call('events.clear_task_log', { task: t, allow_locked: true })).data).toEqual({ deleted: 1 });
  });
});
