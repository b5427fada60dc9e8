// The monitor's start before anything is drawn: the store laid out for the terminal's size,
// its pollers asking for the first data, and the terminal's colour support asked of tmux.
// Apart from run.tsx (Ink, React and the panes: most of the start-up's module loading) so
// that the CLI can start all this first and let the requests travel while the UI loads.
import { openStateFile, serverState, stateFilePath, type StateFile } from '../config/state-file.js';
import { createMonitorStore, type LogScanner, type StoreClient, type StoreDeps } from '../store/index.js';
import type { MonitorState, MonitorStore } from '../store/types.js';
import { applyLayoutToStore, storeLayoutOf } from './store-layout.js';
import { computeLayout, DEFAULT_BOTTOM_PANE, DEFAULT_TOP_PANE } from './layout.js';
import type { PaneExporter } from './pane-effects.js';
import { detectGraphics, detectGraphicsInBackground, type GraphicsSupport } from './terminal-graphics.js';

/** The store's client, closed when the monitor ends when it can be. */
export type MonitorClient = StoreClient & { close?(): Promise<void> };

export interface MonitorOptions {
  client: MonitorClient;
  /** Poll interval of the lists (ms). */
  intervalMs?: number;
  readOnly?: boolean;
  color: boolean;
  ascii: boolean;
  /** The server as shown in the status bar. */
  serverLabel: string;
  /** The server's API host: its part of the state file is the monitor's (default: serverLabel). */
  apiHost?: string;
  /** Report links as OSC 8 hyperlinks (default off: the URL is shown). */
  hyperlinks?: boolean;
  /** `E` in the monitor: export what the focused pane shows to a file. */
  exportPane?: PaneExporter;
  /** The web UI (`api.web_server`, or derived from the API host): runs link to their page there. */
  webServer?: string | undefined;
  /** Ring the bell when a listed task turns failed or stopped (default true). */
  bell?: boolean;
  /** Runs the log search's scan beyond the window (default: in this thread, on `client`). */
  logScanner?: LogScanner;
  /** Further store dependencies (timers, backoff, page size) for tests and benchmarks. */
  storeDeps?: Partial<StoreDeps>;
  /** Close the client when done (default true). */
  closeClient?: boolean;
  /** Where the metric columns are remembered (default: the API host's part of the user's state file). */
  stateFile?: StateFile;
}

/** Terminal size assumed when stdout does not say (not a TTY). */
export const DEFAULT_SIZE = { cols: 100, rows: 30 } as const;

export function sizeOf(stream: { columns?: number; rows?: number; isTTY?: boolean } | undefined): {
  cols: number;
  rows: number;
} {
  const cols =
    stream?.isTTY === true && typeof stream.columns === 'number' && stream.columns > 0
      ? stream.columns
      : DEFAULT_SIZE.cols;
  const rows =
    stream?.isTTY === true && typeof stream.rows === 'number' && stream.rows > 0 ? stream.rows : DEFAULT_SIZE.rows;
  return { cols, rows };
}

export function makeStore(opts: MonitorOptions, size: { cols: number; rows: number }): MonitorStore {
  return createMonitorStore({
    ...opts.storeDeps,
    client: opts.client,
    ...(opts.logScanner === undefined ? {} : { logScanner: opts.logScanner }),
    serverUrl: opts.serverLabel,
    ...(opts.intervalMs === undefined ? {} : { intervalMs: opts.intervalMs }),
    readOnly: opts.readOnly ?? false,
    stateFile:
      opts.stateFile ??
      opts.storeDeps?.stateFile ??
      serverState(openStateFile(stateFilePath(process.env)), opts.apiHost ?? opts.serverLabel),
    color: opts.color,
    cols: size.cols,
    rows: size.rows,
  });
}

/** Longest the first frame waits for the task list, so that it is drawn with data rather than "connecting". */
export const FIRST_FRAME_WAIT_MS = 150;

/** Tells the store the default layout's pane sizes at `size` before anything is drawn, so the first loads fetch what the panes show. */
export function layOutStore(store: MonitorStore, size: { cols: number; rows: number }): void {
  const state = store.getState();
  applyLayoutToStore(
    store,
    storeLayoutOf(
      computeLayout({
        cols: size.cols,
        rows: size.rows,
        view: state.ui.view,
        focused: state.ui.focus.tasks,
        topPane: DEFAULT_TOP_PANE,
        bottomPane: DEFAULT_BOTTOM_PANE,
      }),
    ),
  );
}

/** True once the task list and what the selected task's visible panes need have answered. */
export function firstLoadDone(state: MonitorState): boolean {
  const c = state.connection.state;
  if (c === 'retrying' || c === 'auth-failed') return true;
  // The list's data lands a moment before the poller marks the connection live.
  if (c === 'connecting') return false;
  if (state.tasks.loading && state.tasks.error === null) return false;
  if (state.tasks.selectedId === null) return true;
  if (state.scalars.taskId !== state.tasks.selectedId) return false;
  if (state.scalars.fetchedAt === null && state.scalars.error === null) return false;
  const rows = state.ui.paneRows;
  if (rows.logs > 0 && state.logs.fetchedAt === null && state.logs.error === null) return false;
  if ((rows.plots > 0 || rows.summary > 0) && state.artifacts.fetchedAt === null) return false;
  return true;
}

/** True once the task list answered and the connection says so (live, or failing). */
export function taskListAnswered(state: MonitorState): boolean {
  const c = state.connection.state;
  if (c === 'connecting') return false;
  return c !== 'live' || !state.tasks.loading || state.tasks.error !== null;
}

/** Resolves once `done(state)` holds or `deadlineMs` passed. */
export function waitFor(
  store: MonitorStore,
  done: (state: MonitorState) => boolean,
  deadlineMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    if (done(store.getState())) return resolve();
    // Both are set before any store change can call `done`.
    const finish = (): void => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const unsubscribe = store.subscribe((state) => {
      if (done(state)) finish();
    });
    const timer = setTimeout(finish, deadlineMs);
  });
}

/** A monitor whose store runs and whose first frame can be drawn once `ready` resolves. */
export interface StartedMonitor {
  store: MonitorStore;
  size: { cols: number; rows: number };
  /** Resolves once the task list answered (or the wait ran out). */
  ready: Promise<void>;
  /** The terminal's graphics support as the environment tells it, without asking tmux. */
  graphics: GraphicsSupport;
  /**
   * The graphics support after asking tmux where needed: a process spawn (3-5 ms of the
   * monitor's own time), so it is asked after the first frame, which draws no image yet.
   */
  askGraphics(): Promise<GraphicsSupport>;
}

/**
 * Starts the pollers before the first frame: when the task list answers within a moment the
 * first frame already shows it, instead of a "connecting" frame Ink would draw in full and
 * then again (the first render is the costliest one: mounting, Yoga, every line).
 */
export function startMonitor(
  opts: MonitorOptions,
  terminal: { stdout: { columns?: number; rows?: number; isTTY?: boolean }; env: NodeJS.ProcessEnv },
  firstFrameWaitMs = FIRST_FRAME_WAIT_MS,
): StartedMonitor {
  const size = sizeOf(terminal.stdout);
  const store = makeStore(opts, size);
  layOutStore(store, size);
  store.getState().actions.start();
  return {
    store,
    size,
    ready: waitFor(store, taskListAnswered, firstFrameWaitMs),
    graphics: detectGraphics(terminal.env, opts.color, () => false),
    askGraphics: () => detectGraphicsInBackground(terminal.env, opts.color),
  };
}
