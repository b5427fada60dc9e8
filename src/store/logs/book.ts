// The logs slice's bookkeeping: the window over the selected task's log, what it was fetched
// for, and the operation queued for the logs poller. Part of the store's Bookkeeping (context.ts).
import type { LogWindow } from '../../text/log-window.js';
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
}

export function initialLogsBook(logColor: boolean): LogsBook {
  return { logsFor: null, logOp: null, logWindow: newLogWindow(logColor), logColor, unseenFrom: null };
}
