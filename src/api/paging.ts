// Async generators that walk the paged reads page by page (each page an array), stopping
// where REFERENCE §6 and §9.3 say a walk ends, and guarding against servers that hand the
// same page back again (the "key 0 restart" quirk of REFERENCE §6.2).
import type { MetricVariants } from '../wire/common.js';
import type { GetTaskEventsRequest, LogEvent, ScalarMetricsIterRawRequest, StoredEvent } from '../wire/events.js';
import type { Endpoint, RequestOf, ResponseOf } from '../wire/operations.js';
import type { Report, ReportsGetAllExRequest, ReportsGetTaskDataRequest } from '../wire/reports.js';
import type { Task, TasksGetAllExRequest } from '../wire/tasks.js';
import { abortedError } from './network-errors.js';
import type { CallOptions } from './services.js';

/** The part of the client the iterators need (any ApiClient fits). */
export interface Caller {
  call<K extends Endpoint>(endpoint: K, req: RequestOf<K>, opts?: CallOptions): Promise<ResponseOf<K>>;
}

export interface PagingOptions {
  signal?: AbortSignal | undefined;
  /** Deadline of each page's call. */
  timeoutMs?: number | undefined;
}

export const DEFAULT_LIST_PAGE_SIZE = 100;
export const DEFAULT_LOG_BATCH_SIZE = 1000;

type PagingKeys = 'scroll_id' | 'size' | 'page' | 'page_size' | 'refresh_scroll';

function checkAborted(endpoint: Endpoint, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(endpoint, signal.reason);
}

function callOptions(opts: PagingOptions): CallOptions {
  return { signal: opts.signal, timeoutMs: opts.timeoutMs };
}

function samePage(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * get_all_ex-style DB cursor (REFERENCE §9.3): the first call carries `scroll_id: ""` (real
 * servers only scroll when the key is present) and `size`; a page shorter than `size` ends it.
 */
async function* scrollList<K extends 'reports.get_all_ex' | 'reports.get_task_data' | 'tasks.get_all_ex', T>(
  client: Caller,
  endpoint: K,
  query: Omit<RequestOf<K>, PagingKeys>,
  items: (res: ResponseOf<K>) => T[],
  size: number,
  opts: PagingOptions,
): AsyncGenerator<T[], void, undefined> {
  let scrollId = '';
  let previous: T[] | undefined;
  for (;;) {
    checkAborted(endpoint, opts.signal);
    const req = { ...query, scroll_id: scrollId, size } as RequestOf<K>;
    const res = await client.call(endpoint, req, callOptions(opts));
    const page = items(res);
    if (page.length === 0) return;
    // A server that ignores the scroll would hand the same page back forever.
    if (previous !== undefined && samePage(page, previous)) return;
    yield page;
    const next = (res as { scroll_id?: unknown }).scroll_id;
    if (page.length < size || typeof next !== 'string' || next === '') return;
    scrollId = next;
    previous = page;
  }
}

export function scrollReports(
  client: Caller,
  query: Omit<ReportsGetAllExRequest, PagingKeys> = {},
  opts: PagingOptions & { size?: number } = {},
): AsyncGenerator<Report[], void, undefined> {
  return scrollList(
    client,
    'reports.get_all_ex',
    query,
    (res) => res.tasks ?? [],
    opts.size ?? DEFAULT_LIST_PAGE_SIZE,
    opts,
  );
}

export function scrollTasks(
  client: Caller,
  query: Omit<TasksGetAllExRequest, PagingKeys> = {},
  opts: PagingOptions & { size?: number } = {},
): AsyncGenerator<Task[], void, undefined> {
  return scrollList(
    client,
    'tasks.get_all_ex',
    query,
    (res) => res.tasks ?? [],
    opts.size ?? DEFAULT_LIST_PAGE_SIZE,
    opts,
  );
}

/** reports.get_task_data's task list by scroll (the optional data sections are not collected). */
export function scrollTaskData(
  client: Caller,
  query: Omit<ReportsGetTaskDataRequest, PagingKeys> = {},
  opts: PagingOptions & { size?: number } = {},
): AsyncGenerator<Task[], void, undefined> {
  return scrollList(
    client,
    'reports.get_task_data',
    query,
    (res) => res.tasks ?? [],
    opts.size ?? DEFAULT_LIST_PAGE_SIZE,
    opts,
  );
}

/** reports.get_all_ex by `page` (from 0) and `page_size`; a short page ends it. */
export async function* pageReports(
  client: Caller,
  query: Omit<ReportsGetAllExRequest, PagingKeys> = {},
  opts: PagingOptions & { pageSize?: number; firstPage?: number } = {},
): AsyncGenerator<Report[], void, undefined> {
  const pageSize = opts.pageSize ?? DEFAULT_LIST_PAGE_SIZE;
  let previous: Report[] | undefined;
  for (let page = opts.firstPage ?? 0; ; page++) {
    checkAborted('reports.get_all_ex', opts.signal);
    const res = await client.call('reports.get_all_ex', { ...query, page, page_size: pageSize }, callOptions(opts));
    const reports = res.tasks ?? [];
    if (reports.length === 0) return;
    if (previous !== undefined && samePage(reports, previous)) return;
    yield reports;
    if (reports.length < pageSize) return;
    previous = reports;
  }
}

/** events.get_task_events by its stateless scroll; `returned: 0` (or a repeated page) ends it. */
export async function* scrollTaskEvents(
  client: Caller,
  req: Omit<GetTaskEventsRequest, 'scroll_id'>,
  opts: PagingOptions = {},
): AsyncGenerator<StoredEvent[], void, undefined> {
  let scrollId: string | undefined;
  let previous: StoredEvent[] | undefined;
  for (;;) {
    checkAborted('events.get_task_events', opts.signal);
    const body: GetTaskEventsRequest = scrollId === undefined ? { ...req } : { ...req, scroll_id: scrollId };
    const res = await client.call('events.get_task_events', body, callOptions(opts));
    const events = res.events ?? [];
    if (res.returned === 0 || events.length === 0) return;
    if (previous !== undefined && samePage(events, previous)) return;
    yield events;
    if (typeof res.scroll_id !== 'string' || res.scroll_id === '') return;
    scrollId = res.scroll_id;
    previous = events;
  }
}

/** One variant's points of a raw-scalar page; `x` holds the values of the requested key. */
export interface RawScalarSeries {
  variant: string;
  x: number[];
  y: number[];
}

/**
 * events.scalar_metrics_iter_raw by scroll (task and metric are re-sent every time, as real
 * servers require). Ends on `returned: 0`, or on a page identical to the previous one.
 */
export async function* scrollRawScalars(
  client: Caller,
  req: Omit<ScalarMetricsIterRawRequest, 'scroll_id'>,
  opts: PagingOptions = {},
): AsyncGenerator<RawScalarSeries[], void, undefined> {
  const key = req.key ?? 'iter';
  let scrollId: string | undefined;
  let previous: unknown;
  for (;;) {
    checkAborted('events.scalar_metrics_iter_raw', opts.signal);
    const body: ScalarMetricsIterRawRequest = scrollId === undefined ? { ...req } : { ...req, scroll_id: scrollId };
    const res = await client.call('events.scalar_metrics_iter_raw', body, callOptions(opts));
    const variants = res.variants ?? {};
    if (res.returned === 0 || Object.keys(variants).length === 0) return;
    if (previous !== undefined && samePage(variants, previous)) return;
    yield Object.entries(variants).map(([variant, points]) => ({ variant, x: points[key] ?? [], y: points.y ?? [] }));
    if (typeof res.scroll_id !== 'string' || res.scroll_id === '') return;
    scrollId = res.scroll_id;
    previous = variants;
  }
}

export interface TaskLogWalk {
  task: string;
  /** Default 1000 (what the web UI asks for). */
  batchSize?: number;
  /** Exclusive starting point in epoch ms; default the newest (backward) or oldest (forward) log. */
  fromTimestamp?: number;
  metrics?: MetricVariants[];
}

/** The smallest (earlier) or largest timestamp of a page. */
function boundaryTimestamp(events: LogEvent[], earlier: boolean): number | undefined {
  let found: number | undefined;
  for (const { timestamp } of events) {
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) continue;
    if (found === undefined || (earlier ? timestamp < found : timestamp > found)) found = timestamp;
  }
  return found;
}

async function* walkTaskLog(
  client: Caller,
  walk: TaskLogWalk,
  earlier: boolean,
  opts: PagingOptions,
): AsyncGenerator<LogEvent[], void, undefined> {
  const batchSize = walk.batchSize ?? DEFAULT_LOG_BATCH_SIZE;
  let from = walk.fromTimestamp;
  for (;;) {
    checkAborted('events.get_task_log', opts.signal);
    const res = await client.call(
      'events.get_task_log',
      {
        task: walk.task,
        batch_size: batchSize,
        navigate_earlier: earlier,
        ...(from === undefined ? {} : { from_timestamp: from }),
        ...(walk.metrics === undefined ? {} : { metrics: walk.metrics }),
      },
      callOptions(opts),
    );
    const events = res.events ?? [];
    if (events.length === 0) return;
    yield events;
    // A page may be longer than batch_size (logs sharing the last timestamp are kept together).
    if (events.length < batchSize) return;
    const next = boundaryTimestamp(events, earlier);
    if (next === undefined) return;
    if (from !== undefined && (earlier ? next >= from : next <= from)) return;
    from = next;
  }
}

/** Newest logs first, then older pages (`from_timestamp` = smallest timestamp seen, `navigate_earlier: true`). */
export function taskLogBackward(
  client: Caller,
  walk: TaskLogWalk,
  opts: PagingOptions = {},
): AsyncGenerator<LogEvent[], void, undefined> {
  return walkTaskLog(client, walk, true, opts);
}

/** Oldest logs (or those after `fromTimestamp`) first, then newer pages (`navigate_earlier: false`). */
export function taskLogForward(
  client: Caller,
  walk: TaskLogWalk,
  opts: PagingOptions = {},
): AsyncGenerator<LogEvent[], void, undefined> {
  return walkTaskLog(client, walk, false, opts);
}
