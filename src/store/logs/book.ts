// The logs slice's private bookkeeping: the window over the selected task's log, what it was
// fetched for, the operation queued for the logs poller, the count of what arrived while follow
// is off, the search's scanner, and the pause after a selection change.
import type { LogWindow } from '../../text/log-window.js';
import { OneShot, type SliceContext, type StoreContext } from '../core/index.js';
import type { LogScanner } from './scan.js';
import { newLogWindow } from './window-state.js';

/** A request to the logs concern; the logs poller runs them one at a time. */
export type LogOp =
  | { kind: 'newest' }
  | { kind: 'start' }
  | { kind: 'older' }
  | { kind: 'newer' }
  | { kind: 'search'; direction: 'older' | 'newer' };

export interface LogsBook {
  /** "taskId|lastUpdate|lastIteration" the log was last fetched for. */
  logsFor: string | null;
  logOp: LogOp | null;
  /** The selected task's log window (its lines are mirrored into `logs`). */
  logWindow: LogWindow;
  /** Keep the logs' own SGR colours (off with --no-color / NO_COLOR). */
  logColor: boolean;
  /**
   * While follow is off: the newest log already counted in `logs.unseen` (or the live end when
   * follow went off); each poll counts the logs after it. Null while following.
   */
  unseenFrom: { timestamp: number; seq?: number } | null;
  /** Runs the search's scan beyond the window (in a worker in the monitor: log-scan-thread.ts). */
  scanLog: LogScanner;
  selectionTimer: OneShot;
}

export type LogsContext = SliceContext<LogsBook>;

export function initialLogsBook(ctx: StoreContext, logColor: boolean, scanLog: LogScanner): LogsBook {
  return {
    logsFor: null,
    logOp: null,
    logWindow: newLogWindow(logColor),
    logColor,
    unseenFrom: null,
    scanLog,
    selectionTimer: new OneShot(ctx.timers),
  };
}
