// The `logs` slice: the selected task's log as the panes see it (a window of lines, scroll,
// follow, search) and the actions on it. The requests run on the logs poller (fetch.ts).
import type { LogsContext } from './book.js';
import type { PaneError } from '../core/index.js';
import { logRows, maxTop, patchLogs, requestLogOp, startUnseenCount } from './fetch.js';
import { selectedFingerprint } from '../tasks/index.js';
import type { LogLine } from '../../text/log-window.js';

/**
 * One display line of the log window (src/text/log-window.ts): sanitised `text` (SGR kept only
 * when the store was created with colour), `plain` for matching, `first` on an event's first
 * line, `id` unique for the window's life.
 */
export type { LogLine } from '../../text/log-window.js';

export type LogSearchStatus = 'searching' | 'found' | 'not-found' | 'cancelled' | 'error';

export interface LogSearchState {
  query: string;
  /** Direction of the running/last step: 'older' for `n` (upwards), 'newer' for `N`. */
  direction: 'older' | 'newer';
  status: LogSearchStatus;
  /** Pages fetched by this search step so far (progress). */
  pagesFetched: number;
  /** Lines scanned beyond the window by this step, and the scan's rate in lines/s. */
  linesScanned: number;
  rate: number;
  /** The matching line (`LogLine.id`) and its index in `lines`, or null. */
  matchId: number | null;
  matchIndex: number | null;
  /** Why the search failed (bad regex, server error). */
  error: string | null;
}

export interface LogsState {
  taskId: string | null;
  /** The loaded window, oldest first; bounded (a window of pages, not the whole log). */
  lines: readonly LogLine[];
  /** Index in `lines` of the first visible row. */
  top: number;
  /** The window starts at the log's first line / ends at its newest known line. */
  atStart: boolean;
  atEnd: boolean;
  /** Poll newer lines every interval and stay at the bottom. */
  follow: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  search: LogSearchState | null;
  error: PaneError | null;
  fetchedAt: number | null;
  /** The selected line (`LogLine.id`) while not following; null = the last line in view. */
  cursorId: number | null;
  /** Columns scrolled sideways (when not wrapped). */
  hscroll: number;
  /** Lines fetched below the view since follow went off (0 while following). */
  unseen: number;
  /** Lines of the log before / after the window as far as known (src/text/log-window.ts). */
  olderHidden: number | null;
  newerHidden: number | null;
}

export function emptyLogs(taskId: string | null): LogsState {
  return {
    taskId,
    lines: [],
    top: 0,
    atStart: false,
    atEnd: true,
    follow: true,
    loadingOlder: false,
    loadingNewer: taskId !== null,
    search: null,
    error: null,
    fetchedAt: null,
    cursorId: null,
    hscroll: 0,
    unseen: 0,
    olderHidden: null,
    newerHidden: 0,
  };
}

/** Scrolls the log view; near the top/bottom of the window the next page is fetched. */
export function scrollLog(ctx: LogsContext, delta: number): void {
  const state = ctx.get();
  const logs = state.logs;
  const rows = logRows(state);
  const bottom = maxTop(logs.lines.length, rows);
  const top = Math.min(Math.max(0, logs.top + delta), bottom);
  const follow = logs.atEnd && top >= bottom;
  if (top !== logs.top || follow !== logs.follow) placeView(ctx, top, follow);
  if (logs.lines.length === 0) return;
  if (delta < 0 && top < rows && !logs.atStart) requestLogOp(ctx, { kind: 'older' });
  if (delta > 0 && top + rows >= logs.lines.length - rows && !logs.atEnd) requestLogOp(ctx, { kind: 'newer' });
}

/**
 * Moves the view on a user's key. Follow turning on leaves nothing unseen; turning off, the
 * count of what arrives starts from where the log is now (fetch.ts, countUnseen).
 */
export function placeView(ctx: LogsContext, top: number, follow: boolean, more: Partial<LogsState> = {}): void {
  const wasFollowing = ctx.get().logs.follow;
  if (follow) ctx.book.unseenFrom = null;
  else if (wasFollowing) startUnseenCount(ctx);
  patchLogs(ctx, () => ({ top, follow, ...(follow ? { unseen: 0 } : {}), ...more }));
}

export function jumpToStart(ctx: LogsContext): void {
  const logs = ctx.get().logs;
  if (logs.atStart && logs.lines.length > 0) {
    const state = ctx.get();
    placeView(ctx, 0, logs.atEnd && maxTop(logs.lines.length, logRows(state)) === 0);
    return;
  }
  placeView(ctx, logs.top, false);
  requestLogOp(ctx, { kind: 'start' });
}

export function jumpToEnd(ctx: LogsContext): void {
  const state = ctx.get();
  const logs = state.logs;
  if (logs.atEnd && logs.lines.length > 0) {
    placeView(ctx, maxTop(logs.lines.length, logRows(state)), true);
    if (ctx.book.logsFor !== selectedFingerprint(state)) requestLogOp(ctx, { kind: 'newer' });
    return;
  }
  placeView(ctx, logs.top, true);
  requestLogOp(ctx, { kind: 'newest' });
}

export function toggleFollow(ctx: LogsContext): void {
  if (ctx.get().logs.follow) placeView(ctx, ctx.get().logs.top, false);
  else jumpToEnd(ctx);
}

export function searchLog(ctx: LogsContext, query: string): void {
  cancelSearch(ctx);
  if (query === '') {
    patchLogs(ctx, () => ({ search: null }));
    return;
  }
  patchLogs(ctx, () => ({
    search: {
      query,
      direction: 'older',
      status: 'searching',
      pagesFetched: 0,
      linesScanned: 0,
      rate: 0,
      matchId: null,
      matchIndex: null,
      error: null,
    },
  }));
  requestLogOp(ctx, { kind: 'search', direction: 'older' });
}

export function searchStep(ctx: LogsContext, direction: 'older' | 'newer'): void {
  const current = ctx.get().logs.search;
  if (current === null || current.query === '' || current.status === 'searching') return;
  requestLogOp(ctx, { kind: 'search', direction });
}

export function cancelSearch(ctx: LogsContext): void {
  const current = ctx.get().logs.search;
  if (current?.status !== 'searching') return;
  if (ctx.book.logOp?.kind === 'search') ctx.book.logOp = null;
  ctx.pollers.logs.cancel();
  patchLogs(ctx, (logs) => ({
    loadingOlder: false,
    loadingNewer: false,
    search: logs.search && { ...logs.search, status: 'cancelled' },
  }));
}

/** Keeps a following view at the bottom when the pane's height changes. */
export function onLogRowsChanged(ctx: LogsContext): void {
  patchLogs(ctx, (logs, s) => {
    const bottom = maxTop(logs.lines.length, logRows(s));
    const top = logs.follow ? bottom : Math.min(logs.top, bottom);
    return top === logs.top ? {} : { top };
  });
}

export interface LogsActions {
  /** Log search from the current position, older pages first. */
  searchLog(query: string): void;
  /** `n`: next match upwards (older); `N`: downwards (newer). */
  searchNext(): void;
  searchPrev(): void;
  cancelSearch(): void;
  toggleFollow(): void;
  /** `g` in the logs: the log's first line, however long the log. */
  jumpToStart(): void;
  /** `G` in the logs: the newest lines (follow turns on). */
  jumpToEnd(): void;
}

export function createLogsActions(ctx: LogsContext): LogsActions {
  return {
    searchLog: (query) => searchLog(ctx, query),
    searchNext: () => searchStep(ctx, 'older'),
    searchPrev: () => searchStep(ctx, 'newer'),
    cancelSearch: () => cancelSearch(ctx),
    toggleFollow: () => toggleFollow(ctx),
    jumpToStart: () => jumpToStart(ctx),
    jumpToEnd: () => jumpToEnd(ctx),
  };
}
