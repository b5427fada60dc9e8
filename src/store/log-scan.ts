// The log search beyond the window: reads the log page after page in one direction with
// `events.get_task_log` (growing to the largest page servers allow, REFERENCE §6.4) and keeps
// nothing of a page but whether and where it matched. Only the match's timestamp leaves here;
// the caller then loads the window around it. Each page is one awaited request, so keys and
// renders run between pages, and the signal aborts the request in flight.
import { firstMatchingEntry, nextScanBatch } from '../text/log-scan.js';
import type { LogMatcher } from '../text/log-window.js';
import type { StoreContext } from './context.js';
import { parseLogEvents } from './parse.js';

/**
 * Largest scan page. Servers answer up to 10,000 logs a page (REFERENCE §6.4, §9), but pages of
 * 5,000 scanned as fast in bench/log-search.mjs and kept the monitor's peak RSS ~25 MB lower
 * (a page's JSON text is garbage at once, in V8's large-object space until a full collection).
 */
export const LOG_SCAN_MAX_BATCH = 5000;

export interface LogScanRequest {
  taskId: string;
  test: LogMatcher;
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

export async function scanLog(ctx: StoreContext, req: LogScanRequest): Promise<LogScanResult> {
  let from = req.from;
  let batch = 0;
  let scanned = 0;
  let pages = 0;
  for (;;) {
    batch = nextScanBatch(batch, req.firstBatch, LOG_SCAN_MAX_BATCH);
    const data = await ctx.client.events.getTaskLog(
      { task: req.taskId, batch_size: batch, from_timestamp: from, navigate_earlier: req.direction === 'older' },
      { signal: req.signal },
    );
    if (req.signal.aborted) return { kind: 'aborted', scanned, pages };
    // Pages come in the direction of travel (newest first when going older).
    const page = parseLogEvents(data, 'events.get_task_log');
    const hit = firstMatchingEntry(page, req.test, req.color);
    scanned += hit >= 0 ? hit + 1 : page.length;
    pages += 1;
    req.onPage(scanned, pages);
    if (hit >= 0) return { kind: 'found', timestamp: (page[hit] as { timestamp: number }).timestamp, scanned, pages };
    const last = page[page.length - 1];
    // A short page is the end; a page whose edge did not move would repeat forever.
    if (last === undefined || page.length < batch || last.timestamp === from)
      return { kind: 'not-found', scanned, pages };
    from = last.timestamp;
  }
}
