// Searching the log window: the next or previous matching line, or which page to fetch when the
// match may lie beyond the window (the logs pane's `/`, `n`, `N`).
import { indexOfLine, type LogLine, type LogWindow } from './log-window.js';
import type { LogMatcher } from './log-query.js';

type SearchDirection = 'next' | 'previous';

type LogSearchResult =
  | { kind: 'found'; index: number; id: number }
  /** Not in the window; fetch the adjacent page, then `resumeSearch` from `resumeFromId`. */
  | { kind: 'need-older'; resumeFromId: number }
  | { kind: 'need-newer'; resumeFromId: number }
  /** The whole log in that direction was searched. */
  | { kind: 'not-found' };

/**
 * Next (below) or previous (above) line matching `test`, starting after line index `from`
 * (use -1 / `lines.length` to start at an edge). Tells when the answer needs another page.
 */
export function searchLog(
  window: LogWindow,
  test: LogMatcher,
  from: number,
  direction: SearchDirection,
): LogSearchResult {
  const lines = window.lines;
  if (direction === 'next') {
    for (let i = Math.max(-1, from) + 1; i < lines.length; i++) {
      const line = lines[i] as LogLine;
      if (test(line.plain)) return { kind: 'found', index: i, id: line.id };
    }
    const last = lines[lines.length - 1];
    return window.atLiveEnd || !last ? { kind: 'not-found' } : { kind: 'need-newer', resumeFromId: last.id };
  }
  for (let i = Math.min(lines.length, from) - 1; i >= 0; i--) {
    const line = lines[i] as LogLine;
    if (test(line.plain)) return { kind: 'found', index: i, id: line.id };
  }
  const first = lines[0];
  return window.reachedStart || !first ? { kind: 'not-found' } : { kind: 'need-older', resumeFromId: first.id };
}

/**
 * Continues a search after the page asked for was added: searches the lines beyond the line
 * `resumeFromId` (or the whole window if that line was evicted meanwhile).
 */
export function resumeSearch(
  window: LogWindow,
  test: LogMatcher,
  resumeFromId: number,
  direction: SearchDirection,
): LogSearchResult {
  const at = indexOfLine(window, resumeFromId);
  const from = at >= 0 ? at : direction === 'next' ? -1 : window.lines.length;
  return searchLog(window, test, from, direction);
}
