// What the store's modules share: the zustand get/set, injected dependencies, the pollers
// and the bookkeeping that is not UI state (scroll ids, what the detail panes were fetched for).
import type { StoreClient } from './client.js';
import type { StateFile } from '../config/state-file.js';
import type { CompareFetched } from './compare/compare.js';
import type { ListPaging } from './core/list-paging.js';
import type { ListProbe } from './core/list-probe.js';
import type { LogScanner } from './logs/scan.js';
import type { ListName } from './panes.js';
import type { LogWindow } from '../text/log-window.js';
import type { KnownReportWidget } from '../text/report-widgets.js';
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
}

/** A request to the logs concern; the logs poller runs them one at a time. */
export type LogOp =
  | { kind: 'newest' }
  | { kind: 'start' }
  | { kind: 'older' }
  | { kind: 'newer' }
  | { kind: 'search'; direction: 'older' | 'newer' };

export interface Bookkeeping {
  paging: Record<ListName, ListPaging>;
  /** What the task list's idle probe compares with (list-probe.ts). */
  taskProbe: ListProbe;
  tagsWanted: boolean;
  /** "taskId|lastUpdate|lastIteration" the scalars / artifacts / logs were last fetched for. */
  scalarsFor: string | null;
  artifactsFor: string | null;
  logsFor: string | null;
  /** "taskId|lastUpdate" the run info was last fetched for. */
  runInfoFor: string | null;
  /** What the marked runs' hyperparameters were last fetched for (run-info/param-compare.ts). */
  paramsFor: string | null;
  /** What the compare series were last fetched for (marks, axis, samples; each task's last_update). */
  compareFor: CompareFetched | null;
  /** Server-side debug image iterator of the selected task (reused with refresh). */
  imagesScroll: { taskId: string; scrollId: string } | null;
  logOp: LogOp | null;
  /** The selected task's log window (its lines are mirrored into `logs`). */
  logWindow: LogWindow;
  /** Keep the logs' own SGR colours (off with --no-color / NO_COLOR). */
  logColor: boolean;
  /** A report created from the store: selected once a list answer includes it. */
  selectAfterLoad: string | null;
  selectionTimer: unknown;
  statusTimer: unknown;
  /** Pause after a keystroke in the `/` filter prompt before the list asks the server. */
  filterTimer: unknown;
  /** Pause after a report selection change before its widgets are fetched. */
  widgetTimer: unknown;
  /** Widget URLs to fetch again even when cached (refresh). */
  widgetsStale: Set<string>;
  /** Widget URLs, least recently shown first (the cache drops from the front). */
  widgetOrder: string[];
  /** The widgets found in the last report body looked at (parsing a body once, not per tick). */
  widgetList: { body: string; widgets: KnownReportWidget[] } | null;
  started: boolean;
  /** Epoch ms of the last successful answer of any poller (exact; the state's copy is coarse). */
  lastAnswerAt: number | null;
}

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
