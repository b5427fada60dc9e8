import { describe, expect, it } from 'vitest';
import {
  pageReports,
  scrollRawScalars,
  scrollReports,
  scrollTaskData,
  scrollTaskEvents,
  scrollTasks,
  taskLogBackward,
  taskLogForward,
} from '../../src/api/index.js';
import { ApiError } from '../../src/api/errors.js';
import { ok, type RecordedRequest } from '../helpers/fake-server.js';
import { withFakeServerClient } from '../helpers/fake-client.js';

const T = '0123456789abcdef0123456789abcdef';

const { server, client } = withFakeServerClient();

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

function body(req: RecordedRequest | undefined): Record<string, unknown> {
  return JSON.parse(req?.body ?? '{}') as Record<string, unknown>;
}

/** A get_all_ex-style DB cursor over `items`: the scroll id encodes the position. */
function cursorOver<T>(key: string, items: T[]) {
  return (req: RecordedRequest) => {
    const b = body(req);
    const start = typeof b.scroll_id === 'string' && b.scroll_id.startsWith('pos-') ? Number(b.scroll_id.slice(4)) : 0;
    const size = Number(b.size);
    const page = items.slice(start, start + size);
    return ok({ [key]: page, scroll_id: `pos-${start + page.length}` });
  };
}

const reports = Array.from({ length: 25 }, (_, i) => ({ id: `r${i}`, name: `report ${i}` }));

describe('get_all_ex scrolls', () => {
  it('walks reports by scroll, starting with an empty scroll id, until a short page', async () => {
    server.always('reports.get_all_ex', cursorOver('tasks', reports));
    const pages = await collect(scrollReports(client, { only_fields: ['name'] }, { size: 10 }));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(reports);
    expect(server.requestsTo('reports.get_all_ex').map(body)).toEqual([
      { only_fields: ['name'], scroll_id: '', size: 10 },
      { only_fields: ['name'], scroll_id: 'pos-10', size: 10 },
      { only_fields: ['name'], scroll_id: 'pos-20', size: 10 },
    ]);
  });

  it('stops on an empty page when the count is a multiple of the size', async () => {
    server.always('reports.get_all_ex', cursorOver('tasks', reports.slice(0, 20)));
    const pages = await collect(scrollReports(client, {}, { size: 10 }));
    expect(pages.map((p) => p.length)).toEqual([10, 10]);
    expect(server.requestsTo('reports.get_all_ex')).toHaveLength(3);
  });

  it('stops after one page when the server ignores the scroll and sends no scroll id', async () => {
    server.always('reports.get_all_ex', ok({ tasks: reports.slice(0, 10) }));
    const pages = await collect(scrollReports(client, {}, { size: 10 }));
    expect(pages).toHaveLength(1);
    expect(server.requestsTo('reports.get_all_ex')).toHaveLength(1);
  });

  it('stops when a server hands the same page back', async () => {
    server.always('reports.get_all_ex', ok({ tasks: reports.slice(0, 10), scroll_id: 'same' }));
    const pages = await collect(scrollReports(client, {}, { size: 10 }));
    expect(pages).toHaveLength(1);
    expect(server.requestsTo('reports.get_all_ex')).toHaveLength(2);
  });

  it('walks tasks.get_all_ex and reports.get_task_data the same way', async () => {
    const tasks = Array.from({ length: 7 }, (_, i) => ({ id: `t${i}` }));
    server.always('tasks.get_all_ex', cursorOver('tasks', tasks));
    server.always('reports.get_task_data', cursorOver('tasks', tasks));
    expect((await collect(scrollTasks(client, { status: ['in_progress'] }, { size: 3 }))).map((p) => p.length)).toEqual(
      [3, 3, 1],
    );
    expect((await collect(scrollTaskData(client, { id: ['t1'] }, { size: 5 }))).map((p) => p.length)).toEqual([5, 2]);
    expect(body(server.requestsTo('tasks.get_all_ex')[0])).toEqual({ status: ['in_progress'], scroll_id: '', size: 3 });
    expect(body(server.requestsTo('reports.get_task_data')[1])).toEqual({ id: ['t1'], scroll_id: 'pos-5', size: 5 });
  });

  it('walks reports by page and page_size until a short page', async () => {
    server.always('reports.get_all_ex', (req) => {
      const b = body(req);
      const page = Number(b.page);
      const size = Number(b.page_size);
      return ok({ tasks: reports.slice(page * size, page * size + size) });
    });
    const pages = await collect(pageReports(client, { tags: ['a'] }, { pageSize: 12 }));
    expect(pages.map((p) => p.length)).toEqual([12, 12, 1]);
    expect(server.requestsTo('reports.get_all_ex').map(body)).toEqual([
      { tags: ['a'], page: 0, page_size: 12 },
      { tags: ['a'], page: 1, page_size: 12 },
      { tags: ['a'], page: 2, page_size: 12 },
    ]);
  });

  it('stops with an aborted error when the signal fires between pages', async () => {
    server.always('reports.get_all_ex', cursorOver('tasks', reports));
    const controller = new AbortController();
    const seen: number[] = [];
    const err = await (async () => {
      for await (const page of scrollReports(client, {}, { size: 5, signal: controller.signal })) {
        seen.push(page.length);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('aborted');
    expect(seen).toEqual([5]);
    expect(server.requestsTo('reports.get_all_ex')).toHaveLength(1);
  });
});

describe('event scrolls', () => {
  it('walks get_task_events by echoing the scroll id until returned is 0', async () => {
    const event = (iter: number) => ({ task: T, type: 'log', iter, msg: `m${iter}`, timestamp: iter });
    server.reply(
      'events.get_task_events',
      ok({ events: [event(0), event(1)], returned: 2, total: 3, scroll_id: 'tok-1' }),
      ok({ events: [event(2)], returned: 1, total: 3, scroll_id: 'tok-2' }),
      ok({ events: [], returned: 0, total: 3, scroll_id: 'tok-3' }),
    );
    const pages = await collect(scrollTaskEvents(client, { task: T, batch_size: 2 }));
    expect(pages.map((p) => p.map((e) => e.iter))).toEqual([[0, 1], [2]]);
    expect(server.requestsTo('events.get_task_events').map(body)).toEqual([
      { task: T, batch_size: 2 },
      { task: T, batch_size: 2, scroll_id: 'tok-1' },
      { task: T, batch_size: 2, scroll_id: 'tok-2' },
    ]);
  });

  it('walks raw scalars, re-sending task and metric with the scroll id, until returned is 0', async () => {
    server.reply(
      'events.scalar_metrics_iter_raw',
      ok({ returned: 2, total: null, scroll_id: 'raw-1', variants: { train: { y: [0.9, 0.5], iter: [1, 2] } } }),
      ok({
        returned: 1,
        total: null,
        scroll_id: 'raw-2',
        variants: { train: { y: [0.3], iter: [3] }, val: { y: [0.4], iter: [3] } },
      }),
      ok({ returned: 0, total: null, scroll_id: 'raw-2', variants: {} }),
    );
    const metric = { metric: 'loss' };
    const pages = await collect(scrollRawScalars(client, { task: T, metric, batch_size: 2 }));
    expect(pages).toEqual([
      [{ variant: 'train', x: [1, 2], y: [0.9, 0.5] }],
      [
        { variant: 'train', x: [3], y: [0.3] },
        { variant: 'val', x: [3], y: [0.4] },
      ],
    ]);
    expect(server.requestsTo('events.scalar_metrics_iter_raw').map(body)).toEqual([
      { task: T, metric, batch_size: 2 },
      { task: T, metric, batch_size: 2, scroll_id: 'raw-1' },
      { task: T, metric, batch_size: 2, scroll_id: 'raw-2' },
    ]);
  });

  it('reads x from the requested key', async () => {
    server.reply(
      'events.scalar_metrics_iter_raw',
      ok({ returned: 1, total: 1, scroll_id: 'raw-1', variants: { train: { y: [0.9], timestamp: [1735725630123] } } }),
      ok({ returned: 0, total: 1, scroll_id: 'raw-1', variants: {} }),
    );
    const pages = await collect(scrollRawScalars(client, { task: T, metric: { metric: 'loss' }, key: 'timestamp' }));
    expect(pages).toEqual([[{ variant: 'train', x: [1735725630123], y: [0.9] }]]);
  });

  it('stops on a raw-scalar page identical to the previous one (the key 0 restart quirk)', async () => {
    const restart = ok({
      returned: 2,
      total: null,
      scroll_id: 'raw-0',
      variants: { train: { y: [5, 6], iter: [-2147483648, 0] } },
    });
    server.always('events.scalar_metrics_iter_raw', restart);
    const pages = await collect(scrollRawScalars(client, { task: T, metric: { metric: 'loss' }, batch_size: 2 }));
    expect(pages).toEqual([[{ variant: 'train', x: [-2147483648, 0], y: [5, 6] }]]);
    expect(server.requestsTo('events.scalar_metrics_iter_raw')).toHaveLength(2);
  });
});

// A task log as a real server pages it (docs/wire-facts.md §6.4): from_timestamp is exclusive, pages
// move away from it, and logs sharing the page's last timestamp are kept on that page.
const logTimestamps = [100, 101, 102, 103, 104, 105, 105, 105, 106, 107, 108, 109, 110];
const logs = logTimestamps.map((timestamp, i) => ({
  task: T,
  type: 'log',
  timestamp,
  msg: `line ${i}`,
  level: 'info',
}));

function logServer(req: RecordedRequest) {
  const b = body(req);
  const earlier = b.navigate_earlier !== false;
  const from = typeof b.from_timestamp === 'number' && b.from_timestamp !== 0 ? b.from_timestamp : undefined;
  const batch = Number(b.batch_size);
  const ordered = [...logs].sort((a, c) => (earlier ? c.timestamp - a.timestamp : a.timestamp - c.timestamp));
  const candidates = ordered.filter((l) => from === undefined || (earlier ? l.timestamp < from : l.timestamp > from));
  const page = candidates.slice(0, batch);
  const last = page.at(-1);
  if (last) page.push(...candidates.slice(batch).filter((l) => l.timestamp === last.timestamp));
  return ok({ events: page, returned: page.length, total: logs.length });
}

describe('task log paging', () => {
  it('pages backwards from the newest log using the smallest timestamp of each page', async () => {
    server.always('events.get_task_log', logServer);
    const pages = await collect(taskLogBackward(client, { task: T, batchSize: 4 }));
    expect(pages.map((p) => p.map((l) => l.timestamp))).toEqual([
      [110, 109, 108, 107],
      [106, 105, 105, 105],
      [104, 103, 102, 101],
      [100],
    ]);
    expect(server.requestsTo('events.get_task_log').map(body)).toEqual([
      { task: T, batch_size: 4, navigate_earlier: true },
      { task: T, batch_size: 4, navigate_earlier: true, from_timestamp: 107 },
      { task: T, batch_size: 4, navigate_earlier: true, from_timestamp: 105 },
      { task: T, batch_size: 4, navigate_earlier: true, from_timestamp: 101 },
    ]);
    expect(pages.flat()).toHaveLength(logs.length);
  });

  it('keeps logs that share a boundary timestamp on one page (page longer than the batch)', async () => {
    server.always('events.get_task_log', logServer);
    const pages = await collect(taskLogBackward(client, { task: T, batchSize: 3, fromTimestamp: 107 }));
    expect(pages.map((p) => p.map((l) => l.timestamp))).toEqual([
      [106, 105, 105, 105],
      [104, 103, 102],
      [101, 100],
    ]);
    expect(new Set(pages.flat().map((l) => l.msg)).size).toBe(9);
  });

  it('pages forwards from a timestamp using the largest timestamp of each page', async () => {
    server.always('events.get_task_log', logServer);
    const pages = await collect(taskLogForward(client, { task: T, batchSize: 5, fromTimestamp: 102 }));
    expect(pages.map((p) => p.map((l) => l.timestamp))).toEqual([
      [103, 104, 105, 105, 105],
      [106, 107, 108, 109, 110],
    ]);
    expect(server.requestsTo('events.get_task_log').map(body)).toEqual([
      { task: T, batch_size: 5, navigate_earlier: false, from_timestamp: 102 },
      { task: T, batch_size: 5, navigate_earlier: false, from_timestamp: 105 },
      { task: T, batch_size: 5, navigate_earlier: false, from_timestamp: 110 },
    ]);
  });

  it('yields nothing for a task without logs', async () => {
    server.reply('events.get_task_log', ok({ events: [], returned: 0, total: 0 }));
    expect(await collect(taskLogBackward(client, { task: T }))).toEqual([]);
    expect(body(server.requestsTo('events.get_task_log')[0])).toEqual({
      task: T,
      batch_size: 1000,
      navigate_earlier: true,
    });
  });
});
