// Entry points for the CLI: `runMonitor` (the live monitor in the alternate screen) and
// `renderOnce` (one frame as a string, for `tracktop --once`).
import chalk from 'chalk';
import { render, renderToString, type Instance } from 'ink';
import type { ReactElement } from 'react';
import { App } from './App.js';
import { editText, type EditOutcome } from './editor.js';
import { sameData } from '../store/index.js';
import type { MonitorStore } from '../store/types.js';
import {
  firstLoadDone,
  layOutStore,
  makeStore,
  sizeOf,
  startMonitor,
  waitFor,
  type MonitorOptions,
  type StartedMonitor,
} from './monitor-start.js';
import { asciiStdout, enterTerminal, inkStyleLevel, signalExitCode } from './terminal.js';
import { asciiCells } from '../text/ascii-glyphs.js';
import { detectGraphics, type GraphicsSupport } from './terminal-graphics.js';
import { createTheme } from './theme.js';

export type { MonitorClient, MonitorOptions } from './monitor-start.js';

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
  /** The store already started (startMonitor) while this module loaded; otherwise started here. */
  started?: StartedMonitor;
  /** Called once the first frame is written. */
  onFirstFrame?(): void;
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
  const { store, ready, graphics, askGraphics } =
    opts.started ?? startMonitor(opts, { stdout, env }, opts.firstFrameWaitMs);
  const theme = createTheme({ color: opts.color, ascii: opts.ascii });
  const callerStyleLevel = chalk.level;
  chalk.level = inkStyleLevel(chalk.level, stdout.isTTY === true);

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

    /** Runs the editor on `text` in a file named `fileName`, the screen handed over meanwhile. */
    const edit = (text: string, fileName: string): EditOutcome => {
      session.suspend();
      stdin.setRawMode(false);
      try {
        return editText(text, env, fileName);
      } finally {
        stdin.setRawMode(true);
        session.resume();
      }
    };
    const editBody = async (id: string, body: string): Promise<void> => {
      if (stdin.isTTY !== true) {
        store.getState().actions.showStatus('editing the body needs an interactive terminal', 'error');
        return;
      }
      const outcome = edit(body, 'report.md');
      const actions = store.getState().actions;
      if (outcome.error !== null) actions.showStatus(outcome.error, 'error');
      else if (outcome.text === null || outcome.text === body) actions.showStatus('body unchanged', 'info');
      else await actions.saveBody(id, outcome.text);
    };

    /** `e` in the Tasks view: the hyperparameters to the editor, what comes back to the store. */
    const rerunTask = async (): Promise<void> => {
      if (stdin.isTTY !== true) {
        store.getState().actions.showStatus('rerun with changes needs an interactive terminal', 'error');
        return;
      }
      const source = await store.getState().actions.beginRerun();
      if (source === null) return;
      await store.getState().actions.finishRerun(source, edit(source.text, 'hyperparams.txt'));
    };

    const app = (support: GraphicsSupport): ReactElement => (
      <App
        store={store}
        theme={theme}
        onQuit={() => finish(0)}
        editBody={editBody}
        rerunTask={rerunTask}
        env={env}
        hyperlinks={opts.hyperlinks}
        graphics={support}
        exportPane={opts.exportPane}
        webServer={opts.webServer}
        bell={opts.bell}
      />
    );
    /** Draws again with what tmux says, when that differs from what the environment said. */
    const refineGraphics = (): void => {
      void askGraphics().then((asked) => {
        if (!finished && !sameData(asked, graphics)) instance?.rerender(app(asked));
      });
    };
    const mount = (): void => {
      if (finished) return;
      try {
        instance = render(app(graphics), {
          stdout: theme.ascii ? asciiStdout(stdout) : stdout,
          stdin,
          stderr,
          exitOnCtrlC: false,
          patchConsole: false,
          // Ink draws the first change at once and holds later ones until 1000/maxFps ms have
          // passed: a key pressed just after a data frame (or a held key) waits up to that long.
          // 60 keeps that wait within one 60 Hz refresh; frames cost only their changed lines.
          maxFps: opts.maxFps ?? 60,
          // Rewrite only the lines that changed (needs the Ink fix in scripts/dependency-edits.mjs: stale first line).
          incrementalRendering: true,
        });
      } catch (err) {
        finish(1, err instanceof Error ? err.message : String(err));
        return;
      }
      instance.waitUntilExit().catch((err: unknown) => finish(1, err instanceof Error ? err.message : String(err)));
      // Ink draws the first frame within render() (its throttle lets the first one through).
      opts.onFirstFrame?.();
      opts.onStore?.(store);
      setImmediate(refineGraphics);
    };
    void ready.then(mount);
  });
}

export interface RenderOnceOptions extends MonitorOptions {
  /** Its size is used when it is a TTY; otherwise 100x30. */
  stdout?: { columns?: number; rows?: number; isTTY?: boolean };
  /** A fixed size, overriding stdout's. */
  size?: { cols: number; rows: number };
  /** Longest wait for the first load (ms); default 10000. The frame shows whatever arrived. */
  deadlineMs?: number;
  /** The store already started (startMonitor) while this module loaded; otherwise started here. */
  started?: StartedMonitor;
}

/**
 * One frame of the monitor as text, for `tracktop --once`: the first load (task list and the
 * selected task's detail, within the deadline) drawn at the terminal's size (100x30 when not
 * a TTY), without the alternate screen and, when stdout is not a terminal, without key hints.
 * The frame has `rows - 1` lines.
 */
export async function renderOnce(opts: RenderOnceOptions): Promise<string> {
  const stdout = opts.stdout ?? process.stdout;
  const size = opts.started?.size ?? opts.size ?? sizeOf(stdout);
  const store = opts.started?.store ?? makeStore(opts, size);
  const theme = createTheme({ color: opts.color, ascii: opts.ascii });
  const state = store.getState();
  try {
    if (opts.started === undefined) {
      layOutStore(store, size);
      state.actions.start();
    }
    await waitFor(store, firstLoadDone, opts.deadlineMs ?? 10_000);
    state.actions.stop();
    const frame = renderToString(
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
    return theme.ascii ? asciiCells(frame) : frame;
  } finally {
    state.actions.stop();
    await closeClient(opts);
  }
}
