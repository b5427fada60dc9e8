// What the monitor store is made with: the client and the settings and hooks a caller (the
// monitor, a test) may inject. What the slices share at run time is core/context.ts.
import type { StoreClient } from './client.js';
import type { StateFile } from '../config/state-file.js';
import type { LogScanner } from './logs/index.js';

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
  /**
   * Wait before fetching the detail of a selection from none (the first list answer, or one
   * after a filter): no burst of keys to wait out there. Default `selectionDebounceMs`, so the
   * monitor draws its first frame before that work; `--once`, whose one frame waits for the
   * detail, passes 0.
   */
  firstSelectionPauseMs?: number;
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
