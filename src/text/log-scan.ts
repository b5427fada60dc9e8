// Pure helpers of the log search's scan (src/store/log-scan.ts): which event of a fetched page
// matches, tested on the same sanitised, SGR-free text the log window shows, and the progress
// line's rate. Nothing here keeps a page.
import { sanitizeLines, stripSgr } from './sanitize.js';
import type { LogEntry, LogMatcher } from './log-window.js';

/** True when one of the message's display lines matches (as the window would show it). */
export function entryMatches(entry: LogEntry, test: LogMatcher, color: boolean): boolean {
  for (const text of sanitizeLines(entry.msg, { color })) if (test(color ? stripSgr(text) : text)) return true;
  return false;
}

/** Index of the first entry (in the page's own order, the scan's direction) that matches, or -1. */
export function firstMatchingEntry(page: readonly LogEntry[], test: LogMatcher, color: boolean): number {
  for (let i = 0; i < page.length; i++) if (entryMatches(page[i] as LogEntry, test, color)) return i;
  return -1;
}

/** The next scan page's size: doubling from `start` up to `max`, so a near match costs little. */
export function nextScanBatch(previous: number, start: number, max: number): number {
  return previous <= 0 ? Math.min(start, max) : Math.min(max, previous * 2);
}

/** Lines per second over `ms`, rounded; 0 before any time passed. */
export function scanRate(lines: number, ms: number): number {
  return ms > 0 ? Math.round((lines * 1000) / ms) : 0;
}
