// The log window's state plumbing shared by the logs poller's operations (fetch.ts) and the
// search (search.ts): sizes, the one request shape, and mirroring a window into `logs`.
import type { GetTaskLogRequest } from '../../wire/events.js';
import { createLogWindow, indexOfLine, type LogEntry, type LogWindow } from '../../text/log-window.js';
import type { LogsContext } from './book.js';
import { parseLogEvents } from '../core/index.js';
import type { LogsState } from './logs.js';
import type { MonitorState } from '../types.js';

const ENDPOINT = 'events.get_task_log';
export const MIN_LOG_BATCH = 200;
export const MAX_LOG_BATCH = 500;
/** Memory budget of the window in display lines (four of the largest pages). */
export const LOG_WINDOW_LINES = 4 * MAX_LOG_BATCH;
/** Memory budget of the window in characters of messages (one page's worth at most: the answer bound). */
export const LOG_WINDOW_CHARS = 64 * 1024 * 1024;

export function newLogWindow(color: boolean): LogWindow {
  return createLogWindow({ maxLines: LOG_WINDOW_LINES, maxChars: LOG_WINDOW_CHARS, color });
}

export function logRows(state: MonitorState): number {
  const rows = state.ui.paneRows.logs;
  return rows > 0 ? rows : Math.max(1, state.ui.rows - 4);
}

/** About two screens per request. */
export function logBatchSize(state: MonitorState): number {
  return Math.min(MAX_LOG_BATCH, Math.max(MIN_LOG_BATCH, 2 * logRows(state)));
}

export function maxTop(length: number, rows: number): number {
  return Math.max(0, length - rows);
}

export function patchLogs(
  ctx: LogsContext,
  update: (logs: LogsState, state: MonitorState) => Partial<LogsState>,
): void {
  ctx.set((s) => ({ logs: { ...s.logs, ...update(s.logs, s) } }));
}

/**
 * Makes `window` the current one and mirrors it into the state. `position` gets the top line's
 * id before the change and returns the new `top` and `follow`.
 */
export function commit(
  ctx: LogsContext,
  window: LogWindow,
  position: (anchorIndex: number, logs: LogsState, rows: number) => { top: number; follow: boolean },
  extra: Partial<LogsState> = {},
): void {
  ctx.book.logWindow = window;
  patchLogs(ctx, (logs, s) => {
    const rows = logRows(s);
    const anchorId = logs.lines[logs.top]?.id;
    const anchorIndex = anchorId === undefined ? -1 : indexOfLine(window, anchorId);
    const { top, follow } = position(anchorIndex, logs, rows);
    const search = logs.search && {
      ...logs.search,
      matchIndex: logs.search.matchId === null ? null : nonNegative(indexOfLine(window, logs.search.matchId)),
    };
    return {
      lines: window.lines,
      top: Math.min(Math.max(0, top), maxTop(window.lines.length, rows)),
      follow,
      atStart: window.reachedStart,
      atEnd: window.atLiveEnd,
      // Follow off: what arrived is counted by the logs poller (fetch.ts, countUnseen).
      unseen: follow ? 0 : logs.unseen,
      olderHidden: window.olderHidden,
      newerHidden: window.newerHidden,
      search,
      error: null,
      fetchedAt: ctx.now(),
      ...extra,
    };
  });
}

function nonNegative(index: number): number | null {
  return index >= 0 ? index : null;
}

/**
 * A page of logs and the batch it counts against: a page cut short by the server's byte bound
 * (`more: true`, tracktop's server) is not the log's end, so it counts as a full batch.
 */
export interface LogPage {
  entries: LogEntry[];
  requested: number;
}

export async function fetchPage(ctx: LogsContext, req: GetTaskLogRequest, signal: AbortSignal): Promise<LogPage> {
  const answer = await ctx.client.events.getTaskLog(req, { signal });
  const entries = parseLogEvents(answer, ENDPOINT);
  const cut = (answer as { more?: unknown }).more === true;
  return { entries, requested: cut ? entries.length : (req.batch_size ?? entries.length) };
}
