// What the store's modules share: the zustand get/set, injected dependencies, the pollers
// and the bookkeeping that is not UI state (scroll ids, what the detail panes were fetched for).
import type { StoreClient } from './client.js';
import type { StateFile } from '../config/state-file.js';
import type { CompareBook } from './compare/book.js';
import type { CoreBook } from './core/book.js';
import type { DetailBook } from './detail/book.js';
import type { LogsBook } from './logs/book.js';
import type { ReportsBook } from './reports/book.js';
import type { RunInfoBook } from './run-info/book.js';
import type { TasksBook } from './tasks/book.js';
import type { UiBook } from './ui/book.js';
import type { LogScanner } from './logs/scan.js';
import type { Poller, Timers } from './core/poller.js';
import type { MonitorData, MonitorState } from './types.js';

export interface StoreDeps {
  client: StoreClient;
  /** Shown in the status bar. */
  serverUrl?: string;
  /** Poll interval of the lists (ms); `--interval` sets it. Default 5000. */
  intervalMs?: number;
  now?: () => number;
  readOnly?: boolean;
  /** [0, 1) for backoff jitter. */
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** First backoff delay after a failure (ms), doubled per failure. Default 1000. */
  backoffBaseMs?: number;
  /** Longest backoff delay (ms) after connection trouble. Default 3000: the user is looking, and a server back should show within seconds. */
  backoffCapMs?: number;
  /** Longest backoff delay (ms) after the credentials were refused. Default 60000. */
  authBackoffCapMs?: number;
  /** Wait after a selection change before fetching its detail (holding `j` fetches nothing in between). Default 150. */
  selectionDebounceMs?: number;
  /** Rows per list request. Default 50. */
  pageSize?: number;
  /** Keep SGR colours found in task logs. Default true; pass false for --no-color / NO_COLOR. */
  color?: boolean;
  /** Initial terminal size (the UI corrects it). */
  cols?: number;
  rows?: number;
  /**
   * Runs the log search's scan beyond the window. Default: scanLog on `client`, in this thread.
   * The monitor runs it in a worker with a bounded heap (log-scan-thread.ts).
   */
  logScanner?: LogScanner;
  /** The task to open with selected (`tracktop TASK`); the status line says so if it is not listed. */
  initialTaskId?: string;
  /** What the monitor remembers between runs (metric columns); none: nothing is remembered. */
  stateFile?: StateFile;
}

export interface Pollers {
  tasks: Poller;
  reports: Poller;
  detail: Poller;
  logs: Poller;
  /** Marked tasks' scalars (every interval while two or more are marked; woken on changes). */
  compare: Poller;
  /** Embedded widgets of the shown report (runs when woken). */
  widgets: Poller;
  /** The selected running task's one-row probe (every second while it keeps changing). */
  fresh: Poller;
}

/**
 * Bookkeeping: what the store keeps that is not UI state (scroll ids, what the detail panes
 * were fetched for, timers). Each slice declares and initialises its own part in its folder's
 * book.ts; a new slice adds its book here and in create-monitor-store.ts's initialBook.
 */
export type Bookkeeping = CoreBook &
  UiBook &
  TasksBook &
  DetailBook &
  LogsBook &
  RunInfoBook &
  CompareBook &
  ReportsBook;

export type { LogOp } from './logs/book.js';

export interface StoreContext {
  get(): MonitorState;
  set(update: Partial<MonitorData> | ((state: MonitorState) => Partial<MonitorData>)): void;
  client: StoreClient;
  scanLog: LogScanner;
  now: () => number;
  timers: Timers;
  random: () => number;
  intervalMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  authBackoffCapMs: number;
  selectionDebounceMs: number;
  pageSize: number;
  pollers: Pollers;
  book: Bookkeeping;
  stateFile: StateFile | null;
}

export const MAX_LIST_ROWS = 500;
