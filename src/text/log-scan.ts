// Pure helpers of the log search's scan (src/store/logs/scan.ts): whether a message matches,
// tested on the same sanitised, SGR-free text the log window shows, and the progress line's
// rate. Nothing here keeps a page.
import { sanitizeLines, stripSgr } from './sanitize.js';
import type { LogMatcher } from './log-query.js';
import type { LogEntry } from './log-window.js';

/** True when one of the message's display lines matches (as the window would show it). */
export function entryMatches(entry: LogEntry, test: LogMatcher, color: boolean): boolean {
  return messageMatches(entry.msg, test, test, color);
}

/** Printable ASCII only: the sanitiser gives such a message back as it is, one display line. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * `entryMatches` for a bare message, cheaply for the common plain line: `asciiTest` on the raw
 * text; only messages holding anything else (escapes, `\r`, tabs, non-ASCII) are sanitised.
 */
export function messageMatches(msg: string, test: LogMatcher, asciiTest: LogMatcher, color: boolean): boolean {
  if (PLAIN_ASCII.test(msg)) return asciiTest(msg);
  for (const text of sanitizeLines(msg, { color })) if (test(color ? stripSgr(text) : text)) return true;
  return false;
}

/** Index of the first entry (in the page's own order, the scan's direction) that matches, or -1. */
export function firstMatchingEntry(page: readonly LogEntry[], test: LogMatcher, color: boolean): number {
  for (let i = 0; i < page.length; i++) if (entryMatches(page[i] as LogEntry, test, color)) return i;
  return -1;
}

/**
 * The next scan page's size: doubling from `start` up to `max`, so a near match costs little.
 * With `fit` (the previous page's length in characters): no more lines than would make the
 * next page about `fit.maxChars` long at the previous page's line length, so a log of long
 * lines is read in shorter pages, though never in fewer lines than `start`.
 */
export function nextScanBatch(
  previous: number,
  start: number,
  max: number,
  fit?: { chars: number; maxChars: number },
): number {
  const grown = previous <= 0 ? Math.min(start, max) : Math.min(max, previous * 2);
  if (fit === undefined || previous <= 0 || fit.chars <= 0) return grown;
  const fitting = Math.floor((previous * fit.maxChars) / fit.chars);
  return Math.max(Math.min(grown, fitting), Math.min(start, max));
}

/** Lines per second over `ms`, rounded; 0 before any time passed. */
export function scanRate(lines: number, ms: number): number {
  return ms > 0 ? Math.round((lines * 1000) / ms) : 0;
}
