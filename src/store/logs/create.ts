// The `logs` slice: the selected task's log as a bounded window (follow, paging, search). It
// follows `taskSelected` (the window resets at once and loads after a pause) and `sync` (follow
// on: newer lines; off: the count of what arrived), `refresh` and `layout`, and runs the logs
// poller. Follow changes only on the user's keys (logs.ts). Its bookkeeping is its own (book.ts).
import { followSelectedTask, withBook, type FollowerSlice, type StoreContext } from '../core/index.js';
import { dataWanted } from '../panes.js';
import { selectedFingerprint } from '../tasks/index.js';
import { initialLogsBook, type LogsContext } from './book.js';
import { moveLogCursor } from './cursor.js';
import { logsTick, newLogWindow, patchLogs, requestLogOp } from './fetch.js';
import {
  createLogsActions,
  emptyLogs,
  jumpToEnd,
  jumpToStart,
  onLogRowsChanged,
  scrollLog,
  type LogsActions,
} from './logs.js';
import type { LogScanner } from './scan.js';

/** What the navigation and the text viewer do in the logs pane. */
export interface LogsApi {
  moveLogCursor(delta: number): void;
  scrollLog(rows: number): void;
  jumpToStart(): void;
  jumpToEnd(): void;
  /** Moves the log sideways by `steps` of SIDEWAYS_STEP columns (not below 0). */
  scrollSideways(steps: number): void;
}

/** Columns one `h` / `l` moves the log sideways. */
export const SIDEWAYS_STEP = 8;

export type LogsSlice = FollowerSlice<LogsActions, LogsApi>;

function onTaskSelected(ctx: LogsContext, id: string | null, pauseMs: number): void {
  if (ctx.get().logs.taskId === id) return;
  const book = ctx.book;
  book.logsFor = null;
  book.logOp = null;
  book.logWindow = newLogWindow(book.logColor);
  book.unseenFrom = null;
  ctx.pollers.logs.cancel();
  ctx.set({ logs: emptyLogs(id) });
  book.selectionTimer.restart(pauseMs, () => syncLogs(ctx));
}

/** Wakes the logs poller when the shown log is out of date (the task moved, or nothing loaded yet). */
function syncLogs(ctx: LogsContext): void {
  const state = ctx.get();
  const book = ctx.book;
  if (state.ui.view !== 'tasks' || book.selectionTimer.pending || !dataWanted(state, 'logs')) return;
  const fp = selectedFingerprint(state);
  if (fp === null || state.logs.taskId !== state.tasks.selectedId) return;
  if (book.logsFor === null) {
    if (state.logs.lines.length === 0 && state.logs.fetchedAt === null) requestLogOp(ctx, { kind: 'newest' });
  } else if (book.logsFor !== fp) {
    // Follow off: the view stays where it is; fetch.ts counts what arrived (and adds it below
    // the view when the view is near the end).
    if (!state.logs.follow && state.logs.atEnd) ctx.set((s) => ({ logs: { ...s.logs, atEnd: false } }));
    requestLogOp(ctx, { kind: 'newer' });
  }
}

/** `r`: following, what is new now; else the view stays, and the next poll counts what arrived. */
function refreshLogs(ctx: LogsContext): void {
  const state = ctx.get();
  if (state.ui.view === 'tasks' && dataWanted(state, 'logs') && state.logs.follow && state.logs.lines.length > 0)
    requestLogOp(ctx, { kind: 'newer' });
}

export function createLogsSlice(store: StoreContext, color: boolean, scanLog: LogScanner): LogsSlice {
  const ctx = withBook(store, initialLogsBook(store, color, scanLog));
  ctx.events.on('layout', () => onLogRowsChanged(ctx));
  const poller = followSelectedTask(ctx, 'logs', [], {
    selected: onTaskSelected,
    sync: syncLogs,
    tick: logsTick,
    refresh: refreshLogs,
  });
  const api: LogsApi = {
    moveLogCursor: (delta) => moveLogCursor(ctx, delta),
    scrollLog: (rows) => scrollLog(ctx, rows),
    jumpToStart: () => jumpToStart(ctx),
    jumpToEnd: () => jumpToEnd(ctx),
    scrollSideways(steps) {
      patchLogs(ctx, (logs) => {
        const hscroll = Math.max(0, logs.hscroll + steps * SIDEWAYS_STEP);
        return hscroll === logs.hscroll ? {} : { hscroll };
      });
    },
  };
  return { actions: createLogsActions(ctx), api, poller };
}
