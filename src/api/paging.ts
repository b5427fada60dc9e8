// Async generators that walk the paged reads page by page (each page an array), stopping
// where docs/wire-facts.md §6 and §9.3 say a walk ends, and guarding against servers that hand the
// same page back again (the "key 0 restart" quirk of docs/wire-facts.md §6.2).
import type { MetricVariants } from '../wire/common.js';
import type {
  GetTaskEventsRequest,
  GetTaskEventsResponse,
  LogEvent,
  ScalarMetricsIterRawRequest,
  ScalarMetricsIterRawResponse,
  StoredEvent,
} from '../wire/events.js';
import type { Endpoint, RequestOf, ResponseOf } from '../wire/operations.js';
import type { Report, ReportsGetAllExRequest } from '../wire/reports.js';
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

type ListEndpoint = 'reports.get_all_ex' | 'reports.get_task_data' | 'tasks.get_all_ex';
/** What a list walk asks for besides paging (every field optional, as in each of the three requests). */
type ListQuery<K extends ListEndpoint> = Partial<Omit<RequestOf<K>, PagingKeys>>;

/**
 * The walk of one list endpoint by its get_all_ex-style DB cursor (docs/wire-facts.md §9.3): the first call
 * carries `scroll_id: ""` (real servers only scroll when the key is present) and `size`
 * (`opts.size`); a page shorter than `size` ends it.
 */
function listWalker<K extends ListEndpoint>(endpoint: K) {
  return async function* (
    client: Caller,
    query: ListQuery<K> = {},
    opts: PagingOptions & { size?: number } = {},
  ): AsyncGenerator<ResponseOf<K>['tasks'], void, undefined> {
    const size = opts.size ?? DEFAULT_LIST_PAGE_SIZE;
    let scrollId = '';
    let previous: ResponseOf<K>['tasks'] | undefined;
    for (;;) {
      checkAborted(endpoint, opts.signal);
      const req = { ...query, scroll_id: scrollId, size } as RequestOf<K>;
      const res = await client.call(endpoint, req, callOptions(opts));
      const page = res.tasks ?? [];
      if (page.length === 0) return;
      // A server that ignores the scroll would hand the same page back forever.
      if (previous !== undefined && samePage(page, previous)) return;
      yield page;
      const next = res.scroll_id;
      if (page.length < size || typeof next !== 'string' || next === '') return;
      scrollId = next;
      previous = page;
    }
  };
}

export const scrollReports = listWalker('reports.get_all_ex');
export const scrollTasks = listWalker('tasks.get_all_ex');
/** reports.get_task_data's task list by scroll (the optional data sections are not collected). */
export const scrollTaskData = listWalker('reports.get_task_data');

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

type EventScrollEndpoint = 'events.get_task_events' | 'events.scalar_metrics_iter_raw';

/**
 * An events read by its stateless scroll: the request is sent again whole with the last
 * `scroll_id`. `returned: 0`, an answer `pageOf` finds empty (null), or a page identical to the
 * previous one ends it.
 */
async function* scrollEvents<K extends EventScrollEndpoint, P>(
  client: Caller,
  endpoint: K,
  req: Omit<RequestOf<K>, 'scroll_id'>,
  pageOf: (res: ResponseOf<K>) => P | null,
  opts: PagingOptions,
): AsyncGenerator<P, void, undefined> {
  let scrollId: string | undefined;
  let previous: P | undefined;
  for (;;) {
    checkAborted(endpoint, opts.signal);
    const body = (scrollId === undefined ? { ...req } : { ...req, scroll_id: scrollId }) as RequestOf<K>;
    const res = await client.call(endpoint, body, callOptions(opts));
    const page = res.returned === 0 ? null : pageOf(res);
    if (page === null) return;
    if (previous !== undefined && samePage(page, previous)) return;
    yield page;
    if (typeof res.scroll_id !== 'string' || res.scroll_id === '') return;
    scrollId = res.scroll_id;
    previous = page;
  }
}

/** events.get_task_events by its stateless scroll; `returned: 0` (or a repeated page) ends it. */
export function scrollTaskEvents(
  client: Caller,
  req: Omit<GetTaskEventsRequest, 'scroll_id'>,
  opts: PagingOptions = {},
): AsyncGenerator<StoredEvent[], void, undefined> {
  const events = (res: GetTaskEventsResponse): StoredEvent[] | null => {
    const page = res.events ?? [];
    return page.length === 0 ? null : page;
  };
  return scrollEvents(client, 'events.get_task_events', req, events, opts);
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
  const variantsOf = (res: ScalarMetricsIterRawResponse): ScalarMetricsIterRawResponse['variants'] | null => {
    const variants = res.variants ?? {};
    return Object.keys(variants).length === 0 ? null : variants;
  };
  for await (const variants of scrollEvents(client, 'events.scalar_metrics_iter_raw', req, variantsOf, opts)) {
    yield Object.entries(variants).map(([variant, points]) => ({ variant, x: points[key] ?? [], y: points.y ?? [] }));
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

/**
 * Where the next page starts: the smallest (earlier) or largest timestamp of a page, and that
 * log's `seq` when the server gives one (tracktop's server pages inside a timestamp with it).
 */
function boundary(events: LogEvent[], earlier: boolean): { timestamp: number; seq?: number } | undefined {
  let found: { timestamp: number; seq?: number } | undefined;
  for (const { timestamp, seq } of events) {
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) continue;
    const s = typeof seq === 'number' && Number.isInteger(seq) ? seq : undefined;
    const beyond =
      found === undefined ||
      (earlier ? timestamp < found.timestamp : timestamp > found.timestamp) ||
      (timestamp === found.timestamp &&
        s !== undefined &&
        found.seq !== undefined &&
        (earlier ? s < found.seq : s > found.seq));
    if (beyond) found = s === undefined ? { timestamp } : { timestamp, seq: s };
  }
  return found;
}

/** The log walk in one direction: `earlier` from the newest (or `fromTimestamp`) back, else forward. */
function taskLogWalker(earlier: boolean) {
  return async function* (
    client: Caller,
    walk: TaskLogWalk,
    opts: PagingOptions = {},
  ): AsyncGenerator<LogEvent[], void, undefined> {
    const batchSize = walk.batchSize ?? DEFAULT_LOG_BATCH_SIZE;
    let from = walk.fromTimestamp;
    let fromSeq: number | undefined;
    for (;;) {
      checkAborted('events.get_task_log', opts.signal);
      const res = await client.call(
        'events.get_task_log',
        {
          task: walk.task,
          batch_size: batchSize,
          navigate_earlier: earlier,
          ...(from === undefined ? {} : { from_timestamp: from }),
          ...(from === undefined || fromSeq === undefined ? {} : { from_seq: fromSeq }),
          ...(walk.metrics === undefined ? {} : { metrics: walk.metrics }),
        },
        callOptions(opts),
      );
      const events = res.events ?? [];
      if (events.length === 0) return;
      yield events;
      // Real servers make a page longer than batch_size (logs sharing the last timestamp are
      // kept together); tracktop's ends at batch_size and gives each log's seq to go on from,
      // or ends earlier at its byte bound and says `more`.
      if (events.length < batchSize && res.more !== true) return;
      const next = boundary(events, earlier);
      if (next === undefined) return;
      const moved =
        from === undefined ||
        (earlier ? next.timestamp < from : next.timestamp > from) ||
        (next.timestamp === from && next.seq !== undefined && fromSeq !== undefined && next.seq !== fromSeq);
      if (!moved) return;
      from = next.timestamp;
      fromSeq = next.seq;
    }
  };
}

/** Newest logs first, then older pages (`from_timestamp` = smallest timestamp seen, `navigate_earlier: true`). */
export const taskLogBackward = taskLogWalker(true);

/** Oldest logs (or those after `fromTimestamp`) first, then newer pages (`navigate_earlier: false`). */
export const taskLogForward = taskLogWalker(false);
