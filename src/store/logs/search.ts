// Log search, one step (`/`, `n`, `N`) on the logs poller: the window first; beyond it a scan
// of whole pages that keeps nothing but the match (scan.ts), then the window is rebuilt
// around the match. Progress (lines scanned, rate) is shown at most five times a second.
import { compileLogQuery } from '../../text/log-query.js';
import { scanRate } from '../../text/log-scan.js';
import {
  appendNewer,
  indexOfLine,
  newerPageFrom,
  olderPageFrom,
  pageSeq,
  prependOlder,
  type LogLine,
  type LogWindow,
} from '../../text/log-window.js';
import { searchLog as searchWindow } from '../../text/log-window-search.js';
import type { LogsContext } from './book.js';
import { commit, fetchPage, logBatchSize, logRows, maxTop, patchLogs } from './window-state.js';
import type { LogEdge } from './scan.js';
import { selectedFingerprint } from '../tasks/index.js';

/** Progress reaches the screen at most this often while a search scans. */
const SEARCH_PROGRESS_MS = 200;

export async function search(
  ctx: LogsContext,
  taskId: string,
  direction: 'older' | 'newer',
  signal: AbortSignal,
): Promise<void> {
  const initial = ctx.get().logs;
  if (initial.search === null || initial.search.query === '') return;
  const compiled = compileLogQuery(initial.search.query);
  if (!compiled.ok) {
    patchLogs(ctx, (l) => ({ search: l.search && { ...l.search, status: 'error', error: compiled.error } }));
    return;
  }
  // The step's direction, whatever it ends in (found in the window, scanned, or not found).
  patchLogs(ctx, (l) => ({ search: l.search && { ...l.search, direction } }));
  const dir = direction === 'older' ? 'previous' : 'next';
  const rows = logRows(ctx.get());
  const window = ctx.book.logWindow;
  const matchAt = initial.search.matchId === null ? -1 : indexOfLine(window, initial.search.matchId);
  // A first search starts at the bottom line on screen going up (at the top line going down).
  const from =
    matchAt >= 0
      ? matchAt
      : direction === 'older'
        ? Math.min(window.lines.length, initial.top + rows)
        : initial.top - 1;
  const inWindow = searchWindow(window, compiled.test, from, dir);
  if (inWindow.kind === 'found') return showMatch(ctx, inWindow.index, inWindow.id);
  const edge = direction === 'older' ? olderPageFrom(window) : newerPageFrom(window);
  if (inWindow.kind === 'not-found' || edge === undefined) return showNotFound(ctx);

  const startedAt = ctx.now();
  let shownAt = startedAt;
  patchLogs(ctx, (l) => ({
    search: l.search && { ...l.search, direction, status: 'searching', pagesFetched: 0, linesScanned: 0, rate: 0 },
  }));
  const progress = (scanned: number, pages: number, force: boolean): void => {
    const now = ctx.now();
    if (!force && now - shownAt < SEARCH_PROGRESS_MS) return;
    shownAt = now;
    const rate = scanRate(scanned, now - startedAt);
    patchLogs(ctx, (l) => ({ search: l.search && { ...l.search, pagesFetched: pages, linesScanned: scanned, rate } }));
  };
  const scan = await ctx.book.scanLog({
    taskId,
    query: compiled,
    color: ctx.book.logColor,
    direction,
    from: edge,
    // Inside a timestamp the window's edge splits (tracktop's server), the scan goes on after
    // the window's edge log rather than past its whole timestamp.
    fromSeq: pageSeq(window, direction),
    firstBatch: 2 * logBatchSize(ctx.get()),
    signal,
    onPage: (scanned, pages) => progress(scanned, pages, false),
  });
  if (scan.kind === 'aborted' || signal.aborted) return;
  // The pages around a match count as fetched by this step too.
  progress(scan.scanned, scan.pages + (scan.kind === 'found' ? 2 : 0), true);
  if (scan.kind === 'not-found') return showNotFound(ctx);
  const at: LogEdge = { timestamp: scan.timestamp, seq: scan.seq };
  const match = await loadAround(ctx, taskId, at, direction, compiled.test, signal);
  if (match !== undefined) showMatch(ctx, match.index, match.id);
}

/**
 * No match beyond the one shown (or none at all). The shown match stays marked, so the next
 * `n` steps on from it again rather than from the screen's edge, which would find it again.
 */
function showNotFound(ctx: LogsContext): void {
  const at = (id: number | null) => (id === null ? -1 : indexOfLine(ctx.book.logWindow, id));
  patchLogs(ctx, (l) => {
    const kept = l.search !== null && at(l.search.matchId) >= 0;
    return {
      search: l.search && {
        ...l.search,
        status: 'not-found',
        matchId: kept ? l.search.matchId : null,
        matchIndex: kept ? at(l.search.matchId) : null,
      },
    };
  });
}

/** Scrolls the match to a third of the way down and marks it. */
function showMatch(ctx: LogsContext, index: number, id: number): void {
  patchLogs(ctx, (l, s) => {
    const r = logRows(s);
    const bottom = maxTop(l.lines.length, r);
    const top = Math.min(Math.max(0, index - Math.floor(r / 3)), bottom);
    return {
      top,
      follow: l.atEnd && top >= bottom,
      search: l.search && { ...l.search, status: 'found', matchId: id, matchIndex: index },
    };
  });
}

/**
 * Replaces the window with the page ending at the match and the page after it, and returns the
 * matching line there: in the match's own event when the server gave its seq, else among the
 * lines of its timestamp (the last matching one going older, the first going newer).
 */
async function loadAround(
  ctx: LogsContext,
  taskId: string,
  match: LogEdge,
  direction: 'older' | 'newer',
  test: (text: string) => boolean,
  signal: AbortSignal,
): Promise<{ index: number; id: number } | undefined> {
  const state = ctx.get();
  const batch = logBatchSize(state);
  const fp = selectedFingerprint(state);
  // The start is exclusive. With a seq, just past the match's: the older page ends with the
  // match itself, however many logs share its timestamp. Without one (real servers), just
  // above its timestamp: the older page ends with the match's whole timestamp group.
  const end =
    match.seq === undefined
      ? { from_timestamp: match.timestamp + 1 }
      : { from_timestamp: match.timestamp, from_seq: match.seq + 1 };
  const upTo = await fetchPage(ctx, { task: taskId, batch_size: batch, ...end, navigate_earlier: true }, signal);
  if (signal.aborted) return undefined;
  const current = ctx.book.logWindow;
  const empty: LogWindow = {
    ...current,
    blocks: [],
    lines: [],
    reachedStart: false,
    atLiveEnd: false,
    olderHidden: null,
    newerHidden: null,
  };
  let next = prependOlder(empty, upTo, batch);
  const after = newerPageFrom(next);
  if (after !== undefined) {
    const seq = pageSeq(next, 'newer');
    const page = await fetchPage(
      ctx,
      {
        task: taskId,
        batch_size: batch,
        from_timestamp: after,
        ...(seq === undefined ? {} : { from_seq: seq }),
        navigate_earlier: false,
      },
      signal,
    );
    if (signal.aborted) return undefined;
    next = appendNewer(next, page, batch);
  }
  commit(ctx, next, () => ({ top: 0, follow: false }), { loadingOlder: false, loadingNewer: false });
  ctx.book.logsFor = fp;
  const group = matchGroup(next, match);
  const matching = group.filter((index) => test((next.lines[index] as LogLine).plain));
  // A hit in lines the window folds away ("… more lines") shows the event's first line.
  const index = (direction === 'older' ? matching[matching.length - 1] : matching[0]) ?? group[0];
  if (index === undefined) return undefined;
  return { index, id: (next.lines[index] as LogLine).id };
}

/**
 * Indices in `window.lines` of the match's lines: those of its event when it has a seq, else
 * every line of its timestamp.
 */
function matchGroup(window: LogWindow, match: LogEdge): number[] {
  if (match.seq === undefined)
    return window.lines.flatMap((line, index) => (line.timestamp === match.timestamp ? [index] : []));
  const group: number[] = [];
  let index = 0;
  for (const block of window.blocks) {
    const own = block.entry.timestamp === match.timestamp && block.entry.seq === match.seq;
    for (let k = 0; k < block.lines.length; k++, index++) if (own) group.push(index);
  }
  return group;
}
