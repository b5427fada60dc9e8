// Entry points for the CLI: `runMonitor` (the live monitor in the alternate screen) and
// `renderOnce` (one frame as a string, for `tracktop --once`).
import chalk from 'chalk';
import { render, renderToString, type Instance } from 'ink';
import { createMonitorStore, type StoreClient, type StoreDeps } from '../store/index.js';
import type { MonitorState, MonitorStore } from '../store/types.js';
import { App, DEFAULT_SIZE } from './App.js';
import { applyLayoutToStore, storeLayoutOf } from './store-layout.js';
import { editText } from './editor.js';
import { computeLayout } from './layout.js';
import type { PaneExporter } from './pane-effects.js';
import { enterTerminal, inkStyleLevel, signalExitCode } from './terminal.js';
import { detectGraphics } from './terminal-graphics.js';
import { createTheme } from './theme.js';

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
  /** Report links as OSC 8 hyperlinks (default off: the URL is shown). */
  hyperlinks?: boolean;
  /** `E` in the monitor: export what the focused pane shows to a file. */
  exportPane?: PaneExporter;
  /** The web UI (`api.web_server`, or derived from the API host): runs link to their page there. */
  webServer?: string | undefined;
  /** Ring the bell when a listed task turns failed or stopped (default true). */
  bell?: boolean;
  /** Further store dependencies (timers, backoff, page size) for tests and benchmarks. */
  storeDeps?: Partial<StoreDeps>;
  /** Close the client when done (default true). */
  closeClient?: boolean;
}

export interface RunMonitorOptions extends MonitorOptions {
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /** Environment for $EDITOR and the clipboard's tmux/screen wrapping (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where signals are listened for (default process). */
  proc?: NodeJS.Process;
  /** Ink's frame rate cap (default 60). */
  maxFps?: number;
  /** Longest wait for the task list before the first frame (default FIRST_FRAME_WAIT_MS). */
  firstFrameWaitMs?: number;
  /** Called with the store once the monitor runs (benchmarks and tests watch it). */
  onStore?(store: MonitorStore): void;
}

function sizeOf(stream: { columns?: number; rows?: number; isTTY?: boolean } | undefined): {
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

function makeStore(opts: MonitorOptions, size: { cols: number; rows: number }): MonitorStore {
  return createMonitorStore({
    ...opts.storeDeps,
    client: opts.client,
    serverUrl: opts.serverLabel,
    ...(opts.intervalMs === undefined ? {} : { intervalMs: opts.intervalMs }),
    readOnly: opts.readOnly ?? false,
    color: opts.color,
    cols: size.cols,
    rows: size.rows,
  });
}

/** Longest the first frame waits for the task list, so that it is drawn with data rather than "connecting". */
export const FIRST_FRAME_WAIT_MS = 150;

/** Tells the store the default layout's pane sizes at `size` before anything is drawn, so the first loads fetch what the panes show. */
function layOutStore(store: MonitorStore, size: { cols: number; rows: number }): void {
  const state = store.getState();
  applyLayoutToStore(
    store,
    storeLayoutOf(
      computeLayout({
        cols: size.cols,
        rows: size.rows,
        view: state.ui.view,
        focused: state.ui.focus.tasks,
        topPane: 'scalars',
        bottomPane: 'logs',
      }),
    ),
  );
}

async function closeClient(opts: MonitorOptions): Promise<void> {
  if (opts.closeClient === false) return;
  try {
    await opts.client.close?.();
  } catch {
    // Closing a pool that already failed changes nothing for the user.
  }
}

/**
 * Runs the monitor until `q`, ctrl-c, SIGTERM or SIGHUP; resolves the exit code (0, or 128 +
 * the signal's number). The terminal is restored and the pollers and client are stopped
 * before it resolves.
 */
export function runMonitor(opts: RunMonitorOptions): Promise<number> {
  const stdout = opts.stdout ?? process.stdout;
  const stdin = opts.stdin ?? process.stdin;
  const stderr = opts.stderr ?? process.stderr;
  const env = opts.env ?? process.env;
  const size = sizeOf(stdout);
  const store = makeStore(opts, size);
  const theme = createTheme({ color: opts.color, ascii: opts.ascii });
  const callerStyleLevel = chalk.level;
  chalk.level = inkStyleLevel(chalk.level, stdout.isTTY === true);

  // The pollers start before the first frame: when the task list answers within a moment the
  // first frame already shows it, instead of a "connecting" frame Ink would draw in full and
  // then again (the first render is the costliest one: mounting, Yoga, every line).
  layOutStore(store, size);
  store.getState().actions.start();
  const firstData = waitFor(store, taskListAnswered, opts.firstFrameWaitMs ?? FIRST_FRAME_WAIT_MS);

  return new Promise<number>((resolve) => {
    let finished = false;
    let instance: Instance | undefined;
    const finish = (code: number, problem?: string): void => {
      if (finished) return;
      finished = true;
      store.getState().actions.stop();
      try {
        instance?.unmount();
      } catch {
        // Unmounting after Ink failed: the terminal is restored below all the same.
      }
      session.restore();
      chalk.level = callerStyleLevel;
      if (problem !== undefined) stderr.write(`tracktop: ${problem}\n`);
      void closeClient(opts).then(() => resolve(code));
    };
    const session = enterTerminal(stdout, { proc: opts.proc, onSignal: (signal) => finish(signalExitCode(signal)) });

    const editBody = async (id: string, body: string): Promise<void> => {
      if (stdin.isTTY !== true) {
        store.getState().actions.showStatus('editing the body needs an interactive terminal', 'error');
        return;
      }
      session.suspend();
      stdin.setRawMode(false);
      let outcome;
      try {
        outcome = editText(body, env);
      } finally {
        stdin.setRawMode(true);
        session.resume();
      }
      const actions = store.getState().actions;
      if (outcome.error !== null) actions.showStatus(outcome.error, 'error');
      else if (outcome.text === null || outcome.text === body) actions.showStatus('body unchanged', 'info');
      else await actions.saveBody(id, outcome.text);
    };

    const mount = (): void => {
      if (finished) return;
      try {
        instance = render(
          <App
            store={store}
            theme={theme}
            onQuit={() => finish(0)}
            editBody={editBody}
            env={env}
            hyperlinks={opts.hyperlinks}
            graphics={detectGraphics(env, opts.color)}
            exportPane={opts.exportPane}
            webServer={opts.webServer}
            bell={opts.bell}
          />,
          {
            stdout,
            stdin,
            stderr,
            exitOnCtrlC: false,
            patchConsole: false,
            // Ink draws the first change at once and holds later ones until 1000/maxFps ms have
            // passed: a key pressed just after a data frame (or a held key) waits up to that long.
            // 60 keeps that wait within one 60 Hz refresh; frames cost only their changed lines.
            maxFps: opts.maxFps ?? 60,
            // Rewrite only the lines that changed (needs patches/ink+6.8.0.patch: stale first line).
            incrementalRendering: true,
          },
        );
      } catch (err) {
        finish(1, err instanceof Error ? err.message : String(err));
        return;
      }
      instance.waitUntilExit().catch((err: unknown) => finish(1, err instanceof Error ? err.message : String(err)));
      opts.onStore?.(store);
    };
    void firstData.then(mount);
  });
}

export interface RenderOnceOptions extends MonitorOptions {
  /** Its size is used when it is a TTY; otherwise 100x30. */
  stdout?: { columns?: number; rows?: number; isTTY?: boolean };
  /** A fixed size, overriding stdout's. */
  size?: { cols: number; rows: number };
  /** Longest wait for the first load (ms); default 10000. The frame shows whatever arrived. */
  deadlineMs?: number;
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
function waitFor(store: MonitorStore, done: (state: MonitorState) => boolean, deadlineMs: number): Promise<void> {
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

/**
 * One frame of the monitor as text, for `tracktop --once`: the first load (task list and the
 * selected task's detail, within the deadline) drawn at the terminal's size (100x30 when not
 * a TTY), without the alternate screen and, when stdout is not a terminal, without key hints.
 * The frame has `rows - 1` lines.
 */
export async function renderOnce(opts: RenderOnceOptions): Promise<string> {
  const stdout = opts.stdout ?? process.stdout;
  const size = opts.size ?? sizeOf(stdout);
  const store = makeStore(opts, size);
  const theme = createTheme({ color: opts.color, ascii: opts.ascii });
  const state = store.getState();
  layOutStore(store, size);
  try {
    state.actions.start();
    await waitFor(store, firstLoadDone, opts.deadlineMs ?? 10_000);
    state.actions.stop();
    return renderToString(
      <App
        store={store}
        theme={theme}
        onQuit={() => undefined}
        size={size}
        hyperlinks={opts.hyperlinks}
        graphics={detectGraphics(process.env, opts.color, () => false)}
        keyHints={stdout.isTTY === true}
      />,
      {
        columns: size.cols,
      },
    );
  } finally {
    state.actions.stop();
    await closeClient(opts);
  }
}
