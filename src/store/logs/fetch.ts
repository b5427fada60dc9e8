// The logs poller's side of the selected task's log: a bounded window (src/text/log-window.ts) over `events.get_task_log`.
// Newest page first; scrolling near the top fetches older pages, near the bottom newer ones;
// `g`/`G` load the first/newest page directly; follow fetches newer lines when the task moved;
// search looks in the window, then scans pages beyond it (scan.ts) and loads the window
// around the match. All requests run one at a time on the logs poller.
import {
  appendNewer,
  newerPageFrom,
  olderPageFrom,
  pageSeq,
  prependOlder,
  replaceWithNewest,
  type LogWindow,
} from '../../text/log-window.js';
import type { LogOp, LogsContext } from './book.js';
import { classifyFailure, toPaneError } from '../core/index.js';
import { search } from './search.js';
import { commit, fetchPage, logBatchSize, logRows, MAX_LOG_BATCH, maxTop, patchLogs } from './window-state.js';
import { selectedFingerprint } from '../tasks/index.js';

export {
  LOG_WINDOW_LINES,
  MAX_LOG_BATCH,
  MIN_LOG_BATCH,
  logBatchSize,
  logRows,
  maxTop,
  newLogWindow,
  patchLogs,
} from './window-state.js';

/** Queues an operation for the logs poller: resets replace anything queued, paging keeps the first request. */
export function requestLogOp(ctx: LogsContext, op: LogOp): void {
  const book = ctx.book;
  // No task, no log: nothing to load, and no pane left saying it is loading.
  if (ctx.get().logs.taskId === null) return;
  // Shown at once, not only when the request starts.
  if (op.kind === 'older' || op.kind === 'start') ctx.set((s) => ({ logs: { ...s.logs, loadingOlder: true } }));
  if (op.kind === 'newer' || op.kind === 'newest') ctx.set((s) => ({ logs: { ...s.logs, loadingNewer: true } }));
  const reset = op.kind === 'newest' || op.kind === 'start' || op.kind === 'search';
  if (reset) {
    book.logOp = op;
    ctx.pollers.logs.restart();
    return;
  }
  if (book.logOp === null) book.logOp = op;
  ctx.pollers.logs.wake();
}

/**
 * The two sides of the window a page can be added to: where that page starts (undefined when
 * there is none), how it joins the window, and the flag shown while it loads.
 */
const SIDES = {
  older: {
    from: (window: LogWindow) => (window.reachedStart ? undefined : olderPageFrom(window)),
    join: prependOlder,
    flag: 'loadingOlder',
    navigateEarlier: true,
  },
  newer: { from: newerPageFrom, join: appendNewer, flag: 'loadingNewer', navigateEarlier: false },
} as const;

/**
 * Reads the page beside the window on one side (its loading flag on meanwhile) and returns the
 * window with it added; null when there is nothing that way or the read was aborted.
 */
async function readBeside(
  ctx: LogsContext,
  taskId: string,
  side: keyof typeof SIDES,
  signal: AbortSignal,
): Promise<LogWindow | null> {
  const { from: pageFrom, join, flag, navigateEarlier } = SIDES[side];
  const window = ctx.book.logWindow;
  const from = pageFrom(window);
  if (from === undefined) return null;
  const batch = logBatchSize(ctx.get());
  patchLogs(ctx, () => ({ [flag]: true }));
  const seq = pageSeq(window, side);
  const request = {
    task: taskId,
    batch_size: batch,
    from_timestamp: from,
    navigate_earlier: navigateEarlier,
    ...(seq === undefined ? {} : { from_seq: seq }),
  };
  const page = await fetchPage(ctx, request, signal);
  return signal.aborted ? null : join(window, page.entries, page.requested);
}

/** Adds the page before the window. Returns false when nothing was added. */
async function loadOlder(ctx: LogsContext, taskId: string, signal: AbortSignal): Promise<boolean> {
  const window = ctx.book.logWindow;
  const next = await readBeside(ctx, taskId, 'older', signal);
  if (next === null) return false;
  commit(
    ctx,
    next,
    (anchor, logs) => ({ top: anchor >= 0 ? anchor : logs.top, follow: logs.follow && next.atLiveEnd }),
    { loadingOlder: false },
  );
  return next.lines.length !== window.lines.length || next.lines[0]?.id !== window.lines[0]?.id;
}

/** Adds the page after the window. Returns false when nothing was added. */
async function loadNewer(ctx: LogsContext, taskId: string, signal: AbortSignal): Promise<boolean> {
  const window = ctx.book.logWindow;
  const fp = selectedFingerprint(ctx.get());
  const next = await readBeside(ctx, taskId, 'newer', signal);
  if (next === null) return false;
  commit(
    ctx,
    next,
    // Only the user's keys change follow: a poll never turns it on.
    (anchor, logs, rows) => ({
      top: logs.follow ? maxTop(next.lines.length, rows) : anchor >= 0 ? anchor : 0,
      follow: logs.follow,
    }),
    { loadingNewer: false },
  );
  ctx.book.logsFor = fp;
  const lastBefore = window.lines[window.lines.length - 1]?.id;
  return next.lines[next.lines.length - 1]?.id !== lastBefore;
}

/** Replaces the window with the newest page, or with the first page of the log. */
async function loadEdge(
  ctx: LogsContext,
  taskId: string,
  edge: 'newest' | 'start',
  signal: AbortSignal,
): Promise<void> {
  const state = ctx.get();
  const batch = logBatchSize(state);
  const fp = selectedFingerprint(state);
  patchLogs(ctx, () => (edge === 'newest' ? { loadingNewer: true } : { loadingOlder: true }));
  const page = await fetchPage(ctx, { task: taskId, batch_size: batch, navigate_earlier: edge === 'newest' }, signal);
  if (signal.aborted) return;
  const current = ctx.book.logWindow;
  // Starting from an empty window that already knows it is at the log's first line.
  const next =
    edge === 'newest'
      ? replaceWithNewest(current, page.entries, page.requested)
      : appendNewer(
          {
            ...current,
            blocks: [],
            lines: [],
            reachedStart: true,
            atLiveEnd: false,
            olderHidden: 0,
            newerHidden: null,
          },
          page.entries,
          page.requested,
        );
  commit(
    ctx,
    next,
    // `G` turned follow on and `g` off before asking (logs.ts); a poll keeps it as it is.
    (_anchor, logs, rows) => ({ top: edge === 'newest' ? maxTop(next.lines.length, rows) : 0, follow: logs.follow }),
    { loadingOlder: false, loadingNewer: false },
  );
  patchLogs(ctx, (logs) => ({ search: logs.search && { ...logs.search, matchId: null, matchIndex: null } }));
  ctx.book.logsFor = fp;
}

/**
 * Follow turned off: what arrives from now on is counted from the window's newest line when the
 * window holds the live end (else from the live end the next poll finds).
 */
export function startUnseenCount(ctx: LogsContext): void {
  const window = ctx.book.logWindow;
  const from = window.atLiveEnd ? newerPageFrom(window) : undefined;
  ctx.book.unseenFrom = from === undefined ? null : { timestamp: from, seq: pageSeq(window, 'newer') };
}

/**
 * Follow off: counts the logs that arrived after the newest one counted so far into `unseen`,
 * whatever part of the log is in view. The window itself is left alone.
 */
async function countUnseen(ctx: LogsContext, taskId: string, signal: AbortSignal): Promise<void> {
  const book = ctx.book;
  const fp = selectedFingerprint(ctx.get());
  if (book.unseenFrom === null) {
    // The window was not at the live end when follow went off: find where the log ends now.
    const newest = await fetchPage(ctx, { task: taskId, batch_size: 1, navigate_earlier: true }, signal);
    const last = newest.entries[newest.entries.length - 1];
    if (signal.aborted || last === undefined) return;
    book.unseenFrom = { timestamp: last.timestamp, seq: last.seq };
    book.logsFor = fp;
    return;
  }
  for (let page = 0; page < MAX_COUNT_PAGES; page++) {
    const from = book.unseenFrom;
    const { entries, requested } = await fetchPage(
      ctx,
      {
        task: taskId,
        batch_size: MAX_LOG_BATCH,
        from_timestamp: from.timestamp,
        navigate_earlier: false,
        ...(from.seq === undefined ? {} : { from_seq: from.seq }),
      },
      signal,
    );
    if (signal.aborted) return;
    const last = entries[entries.length - 1];
    if (last === undefined) break;
    const lines = entries.reduce((sum, entry) => sum + entry.msg.split('\n').length, 0);
    book.unseenFrom = { timestamp: last.timestamp, seq: last.seq };
    patchLogs(ctx, (logs) => (logs.follow ? {} : { unseen: logs.unseen + lines }));
    if (entries.length < requested) break;
  }
  book.logsFor = fp;
}

/** Pages one poll reads to count new logs at most (a log growing faster is counted over the next polls). */
const MAX_COUNT_PAGES = 4;

async function runOp(ctx: LogsContext, op: LogOp, taskId: string, signal: AbortSignal): Promise<void> {
  const state = ctx.get();
  const logs = state.logs;
  const rows = logRows(state);
  switch (op.kind) {
    case 'newest':
    case 'start':
      return loadEdge(ctx, taskId, op.kind, signal);
    case 'older':
      // Asked for while scrolling up; skipped when the view has moved away from the top since.
      if (logs.top < rows) await loadOlder(ctx, taskId, signal);
      return;
    case 'newer': {
      if (logs.lines.length === 0) return loadEdge(ctx, taskId, 'newest', signal);
      if (logs.follow || logs.top + rows >= logs.lines.length - rows) {
        await loadNewer(ctx, taskId, signal);
        const after = ctx.get().logs;
        // Following and more than one batch arrived: keep reading until the end.
        if (!signal.aborted && after.follow && !after.atEnd) requestLogOp(ctx, { kind: 'newer' });
      }
      // Follow off: what arrived is counted last, once the lines near the view are in.
      if (!logs.follow && !signal.aborted) await countUnseen(ctx, taskId, signal);
      return;
    }
    case 'search':
      return search(ctx, taskId, op.direction, signal);
  }
}

export async function logsTick(ctx: LogsContext, signal: AbortSignal): Promise<void> {
  const op = ctx.book.logOp;
  ctx.book.logOp = null;
  const state = ctx.get();
  const taskId = state.tasks.selectedId;
  if (op === null || taskId === null || state.logs.taskId !== taskId) return;
  try {
    await runOp(ctx, op, taskId, signal);
    if (!signal.aborted) settleLoadingFlags(ctx);
  } catch (err) {
    if (signal.aborted) throw err;
    const cls = classifyFailure(err);
    const paneError = toPaneError(err, ctx.now());
    patchLogs(ctx, (logs) => ({
      loadingOlder: false,
      loadingNewer: false,
      search:
        logs.search?.status === 'searching'
          ? { ...logs.search, status: cls === 'pane' ? 'error' : 'cancelled', error: paneError.message }
          : logs.search,
      error: cls === 'pane' ? paneError : logs.error,
    }));
    if (cls === 'pane') {
      // Not asked again until the task moves (or `r`).
      ctx.book.logsFor = selectedFingerprint(ctx.get());
      return;
    }
    // Connection trouble: the poller backs off and this request runs again when it retries.
    if (op.kind !== 'search') ctx.book.logOp ??= op;
    throw err;
  }
}

/** Loading flags say what is queued once an operation is over (a skipped one included). */
function settleLoadingFlags(ctx: LogsContext): void {
  const next = ctx.book.logOp?.kind;
  const loadingOlder = next === 'older' || next === 'start';
  const loadingNewer = next === 'newer' || next === 'newest';
  const logs = ctx.get().logs;
  if (logs.loadingOlder !== loadingOlder || logs.loadingNewer !== loadingNewer)
    patchLogs(ctx, () => ({ loadingOlder, loadingNewer }));
}
