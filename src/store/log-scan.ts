// The log search beyond the window: reads the log page after page in one direction with
// `events.get_task_log` (growing to the largest page servers allow, REFERENCE §6.4) and keeps
// nothing of a page but whether and where it matched. Only the match's timestamp leaves here;
// the caller then loads the window around it.
//
// Pipelined: the next page is requested as soon as a page arrives, before it is scanned, so
// the server builds one page while the monitor scans the other. At most two pages are held
// (the one scanned, the one on its way); keys and renders run while waiting for a page, and
// the signal aborts the request in flight, as does a match (its page ahead is not needed).
import { LogPageSummary, summarizePlainLogPage } from '../api/log-page-summary.js';
import { messageMatches, nextScanBatch } from '../text/log-scan.js';
import type { LogMatcher } from '../text/log-window.js';
import type { StoreClient } from './client.js';
import { logEventMessage, logEventTimestamp, rawLogEvents } from './parse.js';

/**
 * Largest scan page. Servers answer up to 10,000 logs a page (REFERENCE §6.4, §9), but pages of
 * 5,000 scanned as fast in bench/log-search.mjs and kept the monitor's peak RSS ~25 MB lower
 * (a page's JSON text is garbage at once, in V8's large-object space until a full collection).
 * Measured again with pipelining: 10,000 cost no less monitor CPU a line and 20-40 MB more peak.
 */
export const LOG_SCAN_MAX_BATCH = 5000;

const ENDPOINT = 'events.get_task_log';

export interface LogScanRequest {
  taskId: string;
  /** The compiled query (log-window.ts compileLogQuery). */
  query: { test: LogMatcher; asciiTest: LogMatcher; plain: boolean };
  color: boolean;
  direction: 'older' | 'newer';
  /** Exclusive start: the window's oldest (older) or newest (newer) timestamp. */
  from: number;
  /** Size of the first page; later pages double up to LOG_SCAN_MAX_BATCH. */
  firstBatch: number;
  signal: AbortSignal;
  /** After every page: lines scanned so far and pages fetched. */
  onPage(scanned: number, pages: number): void;
}

export type LogScanResult = ({ kind: 'found'; timestamp: number } | { kind: 'not-found' } | { kind: 'aborted' }) & {
  scanned: number;
  pages: number;
};

interface PageRequest {
  from: number;
  batch: number;
  answer: Promise<unknown>;
}

export async function scanLog(client: StoreClient, req: LogScanRequest): Promise<LogScanResult> {
  // Ends the page ahead on a match or an error as well as on the caller's abort.
  const ahead = new AbortController();
  const abortAhead = () => ahead.abort();
  if (req.signal.aborted) ahead.abort();
  else req.signal.addEventListener('abort', abortAhead, { once: true });
  const peek = quietPagePeek(req.query);
  const request = (from: number, batch: number): PageRequest => {
    const answer = client.events.getTaskLog(
      { task: req.taskId, batch_size: batch, from_timestamp: from, navigate_earlier: req.direction === 'older' },
      { signal: ahead.signal, peek },
    );
    // A page left behind (match, abort) fails with nobody waiting for it.
    answer.catch(() => undefined);
    return { from, batch, answer };
  };
  let scanned = 0;
  let pages = 0;
  try {
    let next: PageRequest | undefined = request(req.from, nextScanBatch(0, req.firstBatch, LOG_SCAN_MAX_BATCH));
    while (next !== undefined) {
      const current: PageRequest = next;
      // Pages come in the direction of travel (newest first when going older).
      const answer = await current.answer;
      if (req.signal.aborted) return { kind: 'aborted', scanned, pages };
      const page = answer instanceof LogPageSummary ? answer : rawLogEvents(answer, ENDPOINT);
      const edge = pageEdge(page);
      // A short page is the end; a page whose edge did not move would repeat forever.
      next =
        edge.timestamp !== null && edge.count >= current.batch && edge.timestamp !== current.from
          ? request(edge.timestamp, nextScanBatch(current.batch, req.firstBatch, LOG_SCAN_MAX_BATCH))
          : undefined;
      const hit = firstMatch(page, req);
      scanned += hit.scanned;
      pages += 1;
      req.onPage(scanned, pages);
      if (hit.timestamp !== null) return { kind: 'found', timestamp: hit.timestamp, scanned, pages };
    }
    return { kind: 'not-found', scanned, pages };
  } finally {
    ahead.abort();
    req.signal.removeEventListener('abort', abortAhead);
  }
}

/**
 * For a plain query, a page whose body `asciiTest` rejects and which is plain JSON holds no
 * match: its messages are all printable ASCII (what `asciiTest` decides for) and each is part
 * of the body as it is. Such a page is summed up (log-page-summary.ts) instead of parsed.
 */
function quietPagePeek(query: LogScanRequest['query']): ((body: string) => LogPageSummary | undefined) | undefined {
  if (!query.plain) return undefined;
  return (body) => (query.asciiTest(body) ? undefined : summarizePlainLogPage(body));
}

/** How many events of the page count as logs and the timestamp of the last one. */
function pageEdge(events: readonly unknown[] | LogPageSummary): { count: number; timestamp: number | null } {
  if (events instanceof LogPageSummary) return { count: events.logs, timestamp: events.lastTimestamp };
  let count = 0;
  let timestamp: number | null = null;
  for (const e of events) {
    const t = logEventTimestamp(e);
    if (t === null) continue;
    count += 1;
    timestamp = t;
  }
  return { count, timestamp };
}

/** The first matching log of the page (its timestamp, or null) and the logs read to find it. */
function firstMatch(
  events: readonly unknown[] | LogPageSummary,
  req: LogScanRequest,
): { timestamp: number | null; scanned: number } {
  if (events instanceof LogPageSummary) return { timestamp: null, scanned: events.logs };
  const { test, asciiTest } = req.query;
  let scanned = 0;
  for (const e of events) {
    const timestamp = logEventTimestamp(e);
    if (timestamp === null) continue;
    scanned += 1;
    if (messageMatches(logEventMessage(e), test, asciiTest, req.color)) return { timestamp, scanned };
  }
  return { timestamp: null, scanned };
}
