// The log search beyond the window: reads the log page after page in one direction with
// `events.get_task_log` (growing to the largest page servers allow, docs/wire-facts.md §6.4) and keeps
// nothing of a page but whether and where it matched. Only the match's place leaves here (its
// timestamp, and its seq from tracktop's server); the caller then loads the window around it.
// Pages go on from the last log read: its timestamp, and its seq when the server sends one,
// so that logs sharing one timestamp are read across pages (docs/wire-facts.md §6.4); real
// servers send none and page by timestamp alone.
//
// Pipelined: the next page is requested as soon as a page's text arrives, from the edge its
// text shows, before the page is checked or scanned, so the server builds one page while the
// monitor reads the other. The edge the page proves once read decides: a request from any other
// edge is aborted and asked again. At most two pages are held (the one read, the one on its way);
// keys and renders run while waiting for a page, and the signal aborts the request in flight, as
// does a match (its page ahead is not needed).
import { LogPageSummary, summarizePlainLogPage } from '../../api/log-page-summary.js';
import { messageMatches, nextScanBatch } from '../../text/log-scan.js';
import type { LogQuery } from '../../text/log-query.js';
import type { StoreClient } from '../client.js';
import { logEventMessage, logEventSeq, logEventTimestamp, rawLogEvents } from '../core/index.js';

/**
 * Largest scan page. Servers answer up to 10,000 logs a page (docs/wire-facts.md §6.4, §10), but pages of
 * 5,000 scanned as fast in bench/log-search.mjs and kept the monitor's peak RSS ~25 MB lower
 * (a page's JSON text is garbage at once, in V8's large-object space until a full collection).
 * Measured again with pipelining: 10,000 cost no less monitor CPU a line and 20-40 MB more peak.
 */
export const LOG_SCAN_MAX_BATCH = 5000;

/**
 * A page's text is kept near this many characters: a log of long lines is scanned in pages of
 * fewer lines, so that one page (its text, and its parse when it may match) stays well inside
 * the scan's memory (log-scan-thread.ts runs it in a worker with a bounded heap).
 */
export const LOG_SCAN_PAGE_CHARS = 4 * 1024 * 1024;

const ENDPOINT = 'events.get_task_log';

/**
 * A place in the log: a timestamp, and the log's `seq` among those of that timestamp when the
 * server gives one (tracktop's server; `from_seq` beside `from_timestamp` goes on after it).
 */
export interface LogEdge {
  timestamp: number;
  seq?: number;
}

function sameEdge(a: LogEdge, b: LogEdge | null): boolean {
  return b !== null && a.timestamp === b.timestamp && a.seq === b.seq;
}

export interface LogScanRequest {
  taskId: string;
  /** The compiled query (log-query.ts compileLogQuery). */
  query: LogQuery;
  color: boolean;
  direction: 'older' | 'newer';
  /** Exclusive start: the window's oldest (older) or newest (newer) timestamp. */
  from: number;
  /** The `seq` of the window's log at `from` on that side, when the server gave one. */
  fromSeq?: number;
  /** Size of the first page; later pages double up to LOG_SCAN_MAX_BATCH. */
  firstBatch: number;
  signal: AbortSignal;
  /** After every page: lines scanned so far and pages fetched. */
  onPage(scanned: number, pages: number): void;
}

/** A match is named by its timestamp and, from tracktop's server, its seq. */
export type LogScanResult = (
  { kind: 'found'; timestamp: number; seq?: number } | { kind: 'not-found' } | { kind: 'aborted' }
) & {
  scanned: number;
  pages: number;
};

/** Runs a scan: `scanLog` on the store's client, or the same in a worker (log-scan-thread.ts). */
export type LogScanner = (req: LogScanRequest) => Promise<LogScanResult>;

interface PageRequest {
  from: LogEdge;
  batch: number;
  /** The page's size in bytes, once it arrived (0 before). */
  readonly bytes: number;
  /** The page was cut at the server's byte bound (`more`): not the log's end, however short. */
  readonly cut: boolean;
  answer: Promise<unknown>;
  abort(): void;
  /** The page after this one, asked for from the edge this page's text showed. */
  readonly following: PageRequest | undefined;
  /** Settles once the request has left on a connection, or has failed before that. */
  readonly sent: Promise<void>;
}

export async function scanLog(client: StoreClient, req: LogScanRequest): Promise<LogScanResult> {
  // Ends the pages ahead on a match or an error as well as on the caller's abort.
  const ahead = new AbortController();
  const abortAhead = () => ahead.abort();
  if (req.signal.aborted) ahead.abort();
  else req.signal.addEventListener('abort', abortAhead, { once: true });
  const summarize = quietPageSummary(req.query);
  // A page's bytes stand for its text's characters: as many for the ASCII of most logs, more otherwise.
  const batchAfter = (batch: number, bytes: number) =>
    nextScanBatch(batch, req.firstBatch, LOG_SCAN_MAX_BATCH, { chars: bytes, maxChars: LOG_SCAN_PAGE_CHARS });
  const request = (from: LogEdge, batch: number): PageRequest => {
    const own = new AbortController();
    const abort = () => own.abort();
    if (ahead.signal.aborted) own.abort();
    else ahead.signal.addEventListener('abort', abort, { once: true });
    let following: PageRequest | undefined;
    let bytes = 0;
    let cut = false;
    // The page's end, before the page is decoded: the next page is asked for from there at once.
    const peekBytes = async (body: Buffer) => {
      bytes = body.length;
      const end = body.toString('utf8', Math.max(0, body.length - EDGE_TAIL_BYTES));
      // tracktop's server cuts a page at its byte bound and says `more`: not the log's end.
      cut = CUT_PAGE_END.test(end.slice(-CUT_PAGE_TAIL));
      const guess = edgeGuess(end, batch);
      if (!ahead.signal.aborted && guess !== null && !sameEdge(guess, from)) {
        following = request(guess, batchAfter(batch, bytes));
        // Reading this page (milliseconds of synchronous work, its summary or its parse) before
        // the request just made is on its connection would hold it back until the page is read,
        // and the server would wait for it instead of building the next page meanwhile.
        await following.sent;
      }
    };
    let onSent = () => {};
    const sent = new Promise<void>((resolve) => (onSent = resolve));
    const answer = client.events.getTaskLog(
      {
        task: req.taskId,
        batch_size: batch,
        from_timestamp: from.timestamp,
        ...(from.seq === undefined ? {} : { from_seq: from.seq }),
        navigate_earlier: req.direction === 'older',
      },
      { signal: own.signal, peek: summarize, peekBytes, onSent },
    );
    // A page left behind (match, abort, wrong guess) fails with nobody waiting for it.
    const settled = () => {
      ahead.signal.removeEventListener('abort', abort);
      onSent();
    };
    answer.then(settled, settled);
    return {
      from,
      batch,
      answer,
      abort,
      sent,
      get bytes() {
        return bytes;
      },
      get cut() {
        return cut;
      },
      get following() {
        return following;
      },
    };
  };
  let scanned = 0;
  let pages = 0;
  try {
    let next: PageRequest | undefined = request(edgeOf(req.from, req.fromSeq), batchAfter(0, 0));
    while (next !== undefined) {
      const current: PageRequest = next;
      // Pages come in the direction of travel (newest first when going older).
      const answer = await current.answer;
      if (req.signal.aborted) return { kind: 'aborted', scanned, pages };
      const page = answer instanceof LogPageSummary ? answer : rawLogEvents(answer, ENDPOINT);
      const { count, edge } = pageEdge(page);
      // A short page is the end; a page whose edge (timestamp and seq) did not move would
      // repeat forever.
      const full = count >= current.batch || current.cut;
      const from = edge !== null && full && !sameEdge(current.from, edge) ? edge : null;
      next = current.following;
      if (next !== undefined && !sameEdge(next.from, from)) {
        next.abort();
        next = undefined;
      }
      if (next === undefined && from !== null) next = request(from, batchAfter(current.batch, current.bytes));
      const hit = firstMatch(page, req);
      scanned += hit.scanned;
      pages += 1;
      req.onPage(scanned, pages);
      if (hit.at !== null) return { kind: 'found', ...hit.at, scanned, pages };
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
function quietPageSummary(query: LogScanRequest['query']): ((body: string) => LogPageSummary | undefined) | undefined {
  if (!query.plain) return undefined;
  return (body) => (query.asciiTest(body) ? undefined : summarizePlainLogPage(body));
}

const TIMESTAMP_KEY = '"timestamp":';
/**
 * The end of a page read for its edge: the last log and the answer's tail. A page whose last
 * log is longer gives no edge, and its next page is asked for once the page is read.
 */
const EDGE_TAIL_BYTES = 64 * 1024;
/** How a page cut at the server's byte bound ends (`…,"more":true}` and the envelope's `}`). */
const CUT_PAGE_END = /"more":\s*true\s*\}\s*\}\s*$/;
const CUT_PAGE_TAIL = 64;
const SEQ_KEY = '"seq":';
const RETURNED_KEY = '"returned":';
const LEADING_NUMBER = /^ *(-?\d+(?:\.\d+)?)/;

/** The number right after the `key` found at `at` in `body`, or null (also when `at` is -1). */
function numberAfter(body: string, key: string, at: number): number | null {
  if (at === -1) return null;
  const number = LEADING_NUMBER.exec(body.slice(at + key.length, at + key.length + 40));
  return number === null ? null : Number(number[1]);
}

/**
 * The page's edge as its text shows it, without reading the page: the number after its last
 * `"timestamp":` and, when a `"seq":` follows it (tracktop's server writes each log's seq after
 * its timestamp), the number after that; null when its `returned` says the page is short (the
 * last one). A few searches from the end of the text. Inside a JSON string a quote is escaped,
 * so the keys never read like this there; a nested object's keys could, which is why this is
 * only a guess that the page, once read, confirms or not.
 */
export function edgeGuess(body: string, batch: number): LogEdge | null {
  const returned = numberAfter(body, RETURNED_KEY, body.lastIndexOf(RETURNED_KEY));
  if (returned !== null && returned < batch && !CUT_PAGE_END.test(body.slice(-CUT_PAGE_TAIL))) return null;
  const at = body.lastIndexOf(TIMESTAMP_KEY);
  const timestamp = numberAfter(body, TIMESTAMP_KEY, at);
  if (timestamp === null) return null;
  const seqAt = body.lastIndexOf(SEQ_KEY);
  const seq = seqAt > at ? numberAfter(body, SEQ_KEY, seqAt) : null;
  return seq !== null && Number.isInteger(seq) ? { timestamp, seq } : { timestamp };
}

/** The log's place: its timestamp, and its seq when it has one. */
function edgeOf(timestamp: number, seq: number | undefined): LogEdge {
  return seq === undefined ? { timestamp } : { timestamp, seq };
}

/** How many events of the page count as logs and the place of the last one. */
function pageEdge(events: readonly unknown[] | LogPageSummary): { count: number; edge: LogEdge | null } {
  if (events instanceof LogPageSummary)
    return {
      count: events.logs,
      edge: events.lastTimestamp === null ? null : edgeOf(events.lastTimestamp, events.lastSeq),
    };
  let count = 0;
  let last: unknown;
  for (const e of events) {
    if (logEventTimestamp(e) === null) continue;
    count += 1;
    last = e;
  }
  const timestamp = logEventTimestamp(last);
  return { count, edge: timestamp === null ? null : edgeOf(timestamp, logEventSeq(last)) };
}

/** The first matching log of the page (its place, or null) and the logs read to find it. */
function firstMatch(
  events: readonly unknown[] | LogPageSummary,
  req: LogScanRequest,
): { at: LogEdge | null; scanned: number } {
  if (events instanceof LogPageSummary) return { at: null, scanned: events.logs };
  const { test, asciiTest } = req.query;
  let scanned = 0;
  for (const e of events) {
    const timestamp = logEventTimestamp(e);
    if (timestamp === null) continue;
    scanned += 1;
    if (messageMatches(logEventMessage(e), test, asciiTest, req.color))
      return { at: edgeOf(timestamp, logEventSeq(e)), scanned };
  }
  return { at: null, scanned };
}
