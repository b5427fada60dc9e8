// The monitor's root: terminal size (from the injected stdout, followed on resize), the
// layout, the one input handler, and header / panes or overlay / footer. The frame is always
// `rows - 1` rows tall.
import { createElement, memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, useInput, useStdin, useStdout, type Key } from 'ink';
import { visibleOptions } from '../store/index.js';
import type { MonitorStore, PaneName } from '../store/types.js';
import { clipboardSequence } from '../text/osc52.js';
import { tmuxClipboardCheck } from './tmux-clipboard.js';
import { handleKey, focusedPane, type UiEffects } from './keys/router.js';
import { applyLayoutToStore, storeLayoutOf, type StoreLayout } from './store-layout.js';
import { PaneSubjectContext, MonitorStoreContext, TerminalColsContext, ThemeContext, useMonitor } from './context.js';
import { decodeInput } from './keys/key-names.js';
import {
  computeLayout,
  DEFAULT_BOTTOM_PANE,
  DEFAULT_TOP_PANE,
  pickerBox,
  slotPane,
  type BottomSlotPane,
  type LayoutNode,
  type TopSlotPane,
} from './layout.js';
import { DEFAULT_SIZE } from './monitor-start.js';
import { DialogOverlay, MAX_ERROR_ROWS } from './components/DialogOverlay.js';
import { Header } from './components/Header.js';
import { HelpOverlay, helpLines, helpTop } from './components/HelpOverlay.js';
import { TextViewer } from './components/TextViewer.js';
import { PaneBoundary } from './components/PaneBoundary.js';
import { StatusBar } from './components/StatusBar.js';
import { TooSmall } from './components/TooSmall.js';
import { exportFocusedPane, toggleFullResolution, type PaneExporter } from './pane-effects.js';
import { FULL_CLEAR } from './terminal.js';
import { GraphicsContext, NO_GRAPHICS, WebUiContext, type GraphicsSupport } from './terminal-graphics.js';
import { useFullResolution } from './use-full-resolution.js';
import type { Theme } from './theme.js';
import { PANE_VIEWS } from './panes/registry.js';

/** Erase the screen and put the cursor top-left (scrollback untouched). */
const CLEAR_SCREEN_HOME = '\u001b[2J\u001b[H';

/** Wait after a resize before the full repaint: longer than Ink's frame interval at 30 fps. */
export const RESIZE_REPAINT_DELAY_MS = 60;

const BELL = '\u0007';

export interface AppProps {
  store: MonitorStore;
  theme: Theme;
  /** `q` with nothing open, or ctrl-c. */
  onQuit(): void;
  /** Writes the OSC 52 sequence for `y`; default: to the injected stdout, for `env`. */
  copy?(text: string): void;
  /** Opens a report body in $EDITOR (`e`); the screen is repainted when it settles. Without it `e` says editing is not available. */
  editBody?(id: string, body: string): Promise<void> | void;
  /** `e` in the Tasks view: rerun with changes in $EDITOR; the screen is repainted when it settles. Without it `e` says why not. */
  rerunTask?(): Promise<void>;
  /** A fixed size (for `--once`); otherwise the size comes from stdout and follows resizes. */
  size?: { cols: number; rows: number };
  /** Clock for the status bar's "retrying in Ns"; default Date.now. */
  now?: () => number;
  /** Environment for the clipboard sequence (tmux / screen wrapping). */
  env?: NodeJS.ProcessEnv;
  /** Report links as OSC 8 hyperlinks. */
  hyperlinks?: boolean;
  /** How images are drawn (colour mode, graphics protocol); default 256 colours, no protocol. */
  graphics?: GraphicsSupport;
  /** `E`: writes what the focused pane shows to a file (without it `E` says export is not available). */
  exportPane?: PaneExporter;
  /** The web UI (runs link to their page there), when known. */
  webServer?: string | undefined;
  /** Ring the terminal bell when a listed task turns failed or stopped (`--no-bell`: false). */
  bell?: boolean;
  /** Key hints in the footer; default true (`--once` into a pipe has no keys to press). */
  keyHints?: boolean;
}

function stdoutSize(stdout: NodeJS.WriteStream | undefined): { cols: number; rows: number } {
  const cols = stdout?.columns;
  const rows = stdout?.rows;
  return {
    cols: typeof cols === 'number' && cols > 0 ? cols : DEFAULT_SIZE.cols,
    rows: typeof rows === 'number' && rows > 0 ? rows : DEFAULT_SIZE.rows,
  };
}

/**
 * One pane inside its own error boundary. Memoised on primitive props: a key that changes one
 * pane (a focus move, a scroll) does not render the others again.
 */
const PaneSlot = memo(function PaneSlot(props: {
  pane: PaneName;
  width: number;
  height: number;
  focused: boolean;
  hyperlinks: boolean;
}): ReactNode {
  const view = PANE_VIEWS[props.pane];
  const data = useMonitor(view.data);
  const pane = createElement(view.component, {
    width: props.width,
    height: props.height,
    focused: props.focused,
    hyperlinks: props.hyperlinks,
  });
  return (
    <PaneBoundary
      resetKey={data}
      width={props.width}
      frame={{ title: props.pane, height: props.height, focused: props.focused }}
    >
      {pane}
    </PaneBoundary>
  );
});

function LayoutView(props: { node: LayoutNode; focused: PaneName; hyperlinks: boolean }): ReactNode {
  const { node } = props;
  if (node.kind === 'pane')
    return (
      <PaneSlot
        pane={node.pane}
        width={node.width}
        height={node.height}
        focused={props.focused === node.pane}
        hyperlinks={props.hyperlinks}
      />
    );
  return (
    <Box flexDirection={node.direction} width={node.width} height={node.height} flexShrink={0}>
      {node.children.map((child, i) => (
        <LayoutView
          key={child.kind === 'pane' ? child.pane : `split${i}`}
          node={child}
          focused={props.focused}
          hyperlinks={props.hyperlinks}
        />
      ))}
    </Box>
  );
}

/** The status bar in its own boundary, drawn again whenever the UI state or connection moves. */
function Footer(props: { width: number; rows: number; now: () => number; keyHints: boolean }): ReactNode {
  const ui = useMonitor((s) => s.ui);
  const status = useMonitor((s) => s.status);
  const connection = useMonitor((s) => s.connection);
  return (
    <PaneBoundary
      resetKey={`${status?.text ?? ''}|${ui.view}|${connection.state}|${ui.prompt === null}`}
      width={props.width}
    >
      <StatusBar width={props.width} rows={props.rows} now={props.now} keyHints={props.keyHints} />
    </PaneBoundary>
  );
}

function Monitor(props: AppProps): ReactNode {
  const { store } = props;
  const { stdout, write } = useStdout();
  const { isRawModeSupported } = useStdin();
  const [measured, setMeasured] = useState(() => stdoutSize(stdout));
  const size = props.size ?? measured;
  const view = useMonitor((s) => s.ui.view);
  const focused = useMonitor(focusedPane);
  const overlay = useMonitor((s) => s.ui.overlay);
  const dialogOpen = useMonitor((s) => s.dialog !== null);
  const viewer = useMonitor((s) => s.ui.viewer);
  const readOnly = useMonitor((s) => s.ui.readOnly);
  // A picker's rows of options, plus those its error may take (-1: no picker open).
  const pickOptions = useMonitor((s) =>
    s.dialog?.kind === 'pick' ? visibleOptions(s.dialog).length + (s.dialog.error === null ? 0 : MAX_ERROR_ROWS) : -1,
  );
  const [helpScroll, setHelpScroll] = useState(0);
  const now = props.now ?? Date.now;

  // The top-right / bottom-right slots keep showing the pane last focused there.
  const [topSlot, setTopSlot] = useState<TopSlotPane>(DEFAULT_TOP_PANE);
  const [bottomSlot, setBottomSlot] = useState<BottomSlotPane>(DEFAULT_BOTTOM_PANE);
  // State adjusted while rendering (remembered from earlier renders): React renders again at once.
  const topPane = slotPane(focused, 'top', topSlot);
  const bottomPane = slotPane(focused, 'bottom', bottomSlot);
  if (topPane !== topSlot) setTopSlot(topPane);
  if (bottomPane !== bottomSlot) setBottomSlot(bottomPane);
  const zoomed = useMonitor((s) => s.ui.zoomed);
  const layout = computeLayout({ cols: size.cols, rows: size.rows, view, focused, topPane, bottomPane, zoomed });
  const storeLayoutKey = JSON.stringify(storeLayoutOf(layout));
  const selectedName = useMonitor((s) =>
    s.tasks.selectedId === null ? null : (s.tasks.byId[s.tasks.selectedId]?.name ?? null),
  );
  const listShown = view !== 'tasks' || layout.panes.some((p) => p.pane === 'tasks');

  useEffect(() => {
    store.getState().actions.setTerminalSize(size.cols, size.rows);
  }, [store, size.cols, size.rows]);

  // The store hears about the layout only when what it cares about (pane rows, chart columns) changed.
  useEffect(() => {
    applyLayoutToStore(store, JSON.parse(storeLayoutKey) as StoreLayout);
  }, [store, storeLayoutKey]);

  const repaint = useCallback(() => write(FULL_CLEAR), [write]);

  // One BEL per failure transition, written beside the frame (it moves no cursor).
  const bell = props.bell !== false && props.size === undefined;
  useEffect(() => {
    if (!bell || stdout === undefined) return;
    return store.subscribe((state, previous) => {
      if (state.tasks.bells > previous.tasks.bells) stdout.write(BELL);
    });
  }, [store, stdout, bell]);

  useEffect(() => {
    if (props.size !== undefined || stdout === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = (): void => {
      // Start the new frame from a blank screen at the top-left: Ink moves the cursor up
      // relative to where its last frame ended, which after a resize may not be where it was.
      stdout.write(CLEAR_SCREEN_HOME);
      setMeasured(stdoutSize(stdout));
      // Ink redraws the old tree at the new width first and writes frames at most every
      // 1/maxFps s: once the new layout's frame is out, a full repaint leaves no trace of
      // the old one. A burst of resizes (dragging the window) repaints once.
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        repaint();
      }, RESIZE_REPAINT_DELAY_MS);
    };
    // Before Ink's own listener, so Ink draws the new layout rather than the old one at the new size.
    stdout.prependListener('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [stdout, props.size, repaint]);

  // Help opens at its top: the scroll is reset while rendering when it is closed.
  if (overlay !== 'help' && helpScroll !== 0) setHelpScroll(0);

  const helpRows = Math.max(1, layout.bodyRows - 2);
  const { onQuit, copy, editBody, rerunTask, env, exportPane } = props;
  const graphics = props.graphics ?? NO_GRAPHICS;
  useFullResolution(store, props.size === undefined ? stdout : undefined, graphics, layout, repaint);
  const effects = useMemo<UiEffects>(
    () => ({
      quit: onQuit,
      repaint,
      copy:
        copy ??
        ((text: string) => {
          const sequence = clipboardSequence(text, env ?? process.env);
          if (sequence === undefined) {
            store.getState().actions.showStatus('the id is too long for the clipboard', 'error');
            return;
          }
          stdout.write(sequence);
          // The "copied …" message says so when tmux may keep the copy from the clipboard.
          void tmuxClipboardCheck(env ?? process.env).then((warning) => {
            const status = store.getState().status;
            if (warning !== null && status !== null && status.level === 'success' && status.text.startsWith('copied'))
              store.getState().actions.showStatus(`${status.text}, ${warning}`, 'info', 15_000);
          });
        }),
      fullResolution: () => toggleFullResolution(store, graphics),
      exportPane: (pane, taskId) => exportFocusedPane(store, exportPane, pane, taskId),
      editBody: (id: string, body: string) => {
        if (editBody === undefined) {
          store.getState().actions.showStatus('editing the body needs an interactive terminal', 'error');
          return;
        }
        void Promise.resolve()
          .then(() => editBody?.(id, body))
          .catch((err: unknown) =>
            store.getState().actions.showStatus(`editor: ${err instanceof Error ? err.message : String(err)}`, 'error'),
          )
          .finally(repaint);
      },
      ...(rerunTask === undefined
        ? {}
        : {
            rerunTask: () => {
              void rerunTask()
                .catch((err: unknown) =>
                  store
                    .getState()
                    .actions.showStatus(`editor: ${err instanceof Error ? err.message : String(err)}`, 'error'),
                )
                .finally(repaint);
            },
          }),
      scrollHelp: (delta: number) =>
        setHelpScroll((top) => {
          const count = helpLines(store.getState().ui.readOnly, Math.max(0, size.cols - 2)).length;
          const next = delta === Infinity ? count : delta === -Infinity ? 0 : top + delta;
          return helpTop(next, count, helpRows);
        }),
    }),
    [onQuit, copy, editBody, rerunTask, env, exportPane, graphics, repaint, stdout, store, size.cols, helpRows],
  );

  const onInput = useCallback(
    (input: string, key: Key) => {
      for (const name of decodeInput(input, key))
        handleKey(name, { store, effects, tooSmall: layout.tooSmall, helpRows });
    },
    [store, effects, layout.tooSmall, helpRows],
  );
  useInput(onInput, { isActive: isRawModeSupported === true && props.size === undefined });

  if (layout.tooSmall) return <TooSmall cols={size.cols} rows={size.rows} height={layout.frameRows} />;

  let body: ReactNode;
  if (dialogOpen && pickOptions >= 0) {
    // A picker is a small dialog over the panes: what is being filtered stays in view.
    const box = pickerBox(size.cols, layout.bodyRows, pickOptions);
    body = (
      <>
        {layout.body === null ? null : (
          <LayoutView node={layout.body} focused={focused} hyperlinks={props.hyperlinks === true} />
        )}
        <Box position="absolute" marginLeft={box.left} marginTop={box.top}>
          <DialogOverlay width={box.width} height={box.height} opaque />
        </Box>
      </>
    );
  } else if (dialogOpen) body = <DialogOverlay width={size.cols} height={layout.bodyRows} />;
  else if (overlay === 'help')
    body = <HelpOverlay width={size.cols} height={layout.bodyRows} top={helpScroll} readOnly={readOnly} />;
  else if (viewer !== null) body = <TextViewer viewer={viewer} width={size.cols} height={layout.bodyRows} />;
  else if (layout.body !== null)
    body = (
      <TerminalColsContext.Provider value={size.cols}>
        <PaneSubjectContext.Provider value={listShown ? null : selectedName}>
          <LayoutView node={layout.body} focused={focused} hyperlinks={props.hyperlinks === true} />
        </PaneSubjectContext.Provider>
      </TerminalColsContext.Provider>
    );

  return (
    <Box flexDirection="column" width={size.cols} height={layout.frameRows} overflow="hidden">
      <Box height={layout.headerRows} flexShrink={0}>
        <PaneBoundary resetKey={`${view}|${focused}`} width={size.cols}>
          <Header view={view} focused={focused} width={size.cols} readOnly={readOnly} />
        </PaneBoundary>
      </Box>
      <Box height={layout.bodyRows} flexShrink={0} flexDirection="column">
        {body}
      </Box>
      <Box height={layout.footerRows} flexShrink={0} flexDirection="column">
        <Footer width={size.cols} rows={layout.footerRows} now={now} keyHints={props.keyHints !== false} />
      </Box>
    </Box>
  );
}

/** The monitor UI for one store. */
export function App(props: AppProps): ReactNode {
  return (
    <MonitorStoreContext.Provider value={props.store}>
      <ThemeContext.Provider value={props.theme}>
        <GraphicsContext.Provider value={props.graphics ?? NO_GRAPHICS}>
          <WebUiContext.Provider value={props.webServer}>
            <Monitor {...props} />
          </WebUiContext.Provider>
        </GraphicsContext.Provider>
      </ThemeContext.Provider>
    </MonitorStoreContext.Provider>
  );
}
