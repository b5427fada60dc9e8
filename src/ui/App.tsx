// The monitor's root: terminal size (from the injected stdout, followed on resize), the
// layout, the one input handler, and header / panes or overlay / footer. The frame is always
// `rows - 1` rows tall.
import { createElement, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, useInput, useStdin, useStdout, type Key } from 'ink';
import { visibleOptions } from '../store/report-filters.js';
import type { MonitorState, MonitorStore, PaneName } from '../store/types.js';
import { clipboardSequence } from '../text/osc52.js';
import { handleKey, focusedPane, type UiEffects } from './commands.js';
import { StoreContext, ThemeContext, useMonitor } from './context.js';
import { decodeInput } from './keys.js';
import {
  computeLayout,
  paneRowsOf,
  pickerBox,
  type BottomSlotPane,
  type Layout,
  type LayoutNode,
  type PaneBox,
  type TopSlotPane,
} from './layout.js';
import { DialogOverlay, MAX_ERROR_ROWS } from './components/DialogOverlay.js';
import { Header } from './components/Header.js';
import { HelpOverlay, helpLines, helpTop } from './components/HelpOverlay.js';
import { PaneBoundary } from './components/PaneBoundary.js';
import { StatusBar } from './components/StatusBar.js';
import { TooSmall } from './components/TooSmall.js';
import { FULL_CLEAR } from './terminal.js';
import type { Theme } from './theme.js';
import { ChartPane } from './panes/ChartPane.js';
import { LogsPane } from './panes/LogsPane.js';
import { PlotsPane } from './panes/PlotsPane.js';
import { ReportDetailsPane } from './panes/ReportDetailsPane.js';
import { ReportListPane } from './panes/ReportListPane.js';
import { ScalarsPane } from './panes/ScalarsPane.js';
import { SummaryPane } from './panes/SummaryPane.js';
import { TaskListPane } from './panes/TaskListPane.js';
import type { PaneProps } from './panes/types.js';

/** Erase the screen and put the cursor top-left (scrollback untouched). */
const CLEAR_SCREEN_HOME = '\u001b[2J\u001b[H';

/** Wait after a resize before the full repaint: longer than Ink's frame interval at 30 fps. */
export const RESIZE_REPAINT_DELAY_MS = 60;

/** Terminal size assumed when stdout does not say (not a TTY). */
export const DEFAULT_SIZE = { cols: 100, rows: 30 } as const;

export interface AppProps {
  store: MonitorStore;
  theme: Theme;
  /** `q` with nothing open, or ctrl-c. */
  onQuit(): void;
  /** Writes the OSC 52 sequence for `y`; default: to the injected stdout, for `env`. */
  copy?(text: string): void;
  /** Opens a report body in $EDITOR (`e`); the screen is repainted when it settles. Without it `e` says editing is not available. */
  editBody?(id: string, body: string): Promise<void> | void;
  /** A fixed size (for `--once`); otherwise the size comes from stdout and follows resizes. */
  size?: { cols: number; rows: number };
  /** Clock for the status bar's "retrying in Ns"; default Date.now. */
  now?: () => number;
  /** Environment for the clipboard sequence (tmux / screen wrapping). */
  env?: NodeJS.ProcessEnv;
  /** Report links as OSC 8 hyperlinks. */
  hyperlinks?: boolean;
  /** Key hints in the footer; default true (`--once` into a pipe has no keys to press). */
  keyHints?: boolean;
}

const PANES: Record<PaneName, (props: PaneProps) => ReactNode> = {
  tasks: TaskListPane,
  scalars: ScalarsPane,
  chart: ChartPane,
  logs: LogsPane,
  plots: PlotsPane,
  summary: SummaryPane,
  reports: ReportListPane,
  details: ReportDetailsPane,
};

function stdoutSize(stdout: NodeJS.WriteStream | undefined): { cols: number; rows: number } {
  const cols = stdout?.columns;
  const rows = stdout?.rows;
  return {
    cols: typeof cols === 'number' && cols > 0 ? cols : DEFAULT_SIZE.cols,
    rows: typeof rows === 'number' && rows > 0 ? rows : DEFAULT_SIZE.rows,
  };
}

/** Tells the store how many rows each pane shows (0 = hidden) and how many samples to fetch. */
/** What the store hears of the layout (it is told only when this changed). */
interface StoreLayout {
  paneRows: Record<PaneName, number>;
  chartColumns: number;
  tooSmall: boolean;
}

export function storeLayoutOf(layout: Layout): StoreLayout {
  return { paneRows: paneRowsOf(layout), chartColumns: layout.chartColumns, tooSmall: layout.tooSmall };
}

export function applyLayoutToStore(store: MonitorStore, layout: StoreLayout): void {
  const actions = store.getState().actions;
  if (layout.tooSmall) return;
  for (const pane of Object.keys(layout.paneRows) as PaneName[]) actions.setPaneRows(pane, layout.paneRows[pane]);
  actions.setChartColumns(layout.chartColumns);
}

/** The store slice each pane draws: a pane that failed to draw tries again when it changes. */
const PANE_DATA: Record<PaneName, (s: MonitorState) => unknown> = {
  tasks: (s) => s.tasks,
  scalars: (s) => s.scalars,
  chart: (s) => s.scalars,
  logs: (s) => s.logs,
  plots: (s) => s.artifacts,
  summary: (s) => s.artifacts,
  reports: (s) => s.reports,
  details: (s) => s.reports,
};

/** One pane inside its own error boundary. */
function PaneSlot(props: { box: PaneBox; focused: boolean; hyperlinks: boolean }): ReactNode {
  const { box } = props;
  const data = useMonitor(PANE_DATA[box.pane]);
  const pane =
    box.pane === 'details' ? (
      <ReportDetailsPane width={box.width} height={box.height} focused={props.focused} hyperlinks={props.hyperlinks} />
    ) : (
      createElement(PANES[box.pane], { width: box.width, height: box.height, focused: props.focused })
    );
  return (
    <PaneBoundary
      resetKey={data}
      width={box.width}
      frame={{ title: box.pane, height: box.height, focused: props.focused }}
    >
      {pane}
    </PaneBoundary>
  );
}

function LayoutView(props: { node: LayoutNode; focused: PaneName; hyperlinks: boolean }): ReactNode {
  const { node } = props;
  if (node.kind === 'pane')
    return <PaneSlot box={node} focused={props.focused === node.pane} hyperlinks={props.hyperlinks} />;
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
  const connection = useMonitor((s) => s.connection);
  return (
    <PaneBoundary
      resetKey={`${ui.status?.text ?? ''}|${ui.view}|${connection.state}|${ui.prompt === null}`}
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
  const readOnly = useMonitor((s) => s.ui.readOnly);
  // A picker's rows of options, plus those its error may take (-1: no picker open).
  const pickOptions = useMonitor((s) =>
    s.ui.dialog?.kind === 'pick'
      ? visibleOptions(s.ui.dialog).length + (s.ui.dialog.error === null ? 0 : MAX_ERROR_ROWS)
      : -1,
  );
  const [helpScroll, setHelpScroll] = useState(0);
  const now = props.now ?? Date.now;

  // The top-right / bottom-right slots keep showing the pane last focused there.
  const [topSlot, setTopSlot] = useState<TopSlotPane>('scalars');
  const [bottomSlot, setBottomSlot] = useState<BottomSlotPane>('logs');
  // State adjusted while rendering (remembered from earlier renders): React renders again at once.
  const topPane = focused === 'scalars' || focused === 'chart' ? focused : topSlot;
  const bottomPane = focused === 'logs' || focused === 'plots' || focused === 'summary' ? focused : bottomSlot;
  if (topPane !== topSlot) setTopSlot(topPane);
  if (bottomPane !== bottomSlot) setBottomSlot(bottomPane);
  const layout = computeLayout({ cols: size.cols, rows: size.rows, view, focused, topPane, bottomPane });
  const storeLayoutKey = JSON.stringify(storeLayoutOf(layout));

  useEffect(() => {
    store.getState().actions.setTerminalSize(size.cols, size.rows);
  }, [store, size.cols, size.rows]);

  // The store hears about the layout only when what it cares about (pane rows, chart columns) changed.
  useEffect(() => {
    applyLayoutToStore(store, JSON.parse(storeLayoutKey) as StoreLayout);
  }, [store, storeLayoutKey]);

  const repaint = useCallback(() => write(FULL_CLEAR), [write]);

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
  const { onQuit, copy, editBody, env } = props;
  const effects = useMemo<UiEffects>(
    () => ({
      quit: onQuit,
      repaint,
      copy:
        copy ??
        ((text: string) => {
          const sequence = clipboardSequence(text, env ?? process.env);
          if (sequence === undefined)
            store.getState().actions.showStatus('the id is too long for the clipboard', 'error');
          else stdout.write(sequence);
        }),
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
      scrollHelp: (delta: number) =>
        setHelpScroll((top) => {
          const count = helpLines(store.getState().ui.readOnly, Math.max(0, size.cols - 2)).length;
          const next = delta === Infinity ? count : delta === -Infinity ? 0 : top + delta;
          return helpTop(next, count, helpRows);
        }),
    }),
    [onQuit, copy, editBody, env, repaint, stdout, store, size.cols, helpRows],
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
  if (overlay === 'help')
    body = <HelpOverlay width={size.cols} height={layout.bodyRows} top={helpScroll} readOnly={readOnly} />;
  else if (overlay === 'dialog' && pickOptions >= 0) {
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
  } else if (overlay === 'dialog') body = <DialogOverlay width={size.cols} height={layout.bodyRows} />;
  else if (layout.body !== null)
    body = <LayoutView node={layout.body} focused={focused} hyperlinks={props.hyperlinks === true} />;

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
    <StoreContext.Provider value={props.store}>
      <ThemeContext.Provider value={props.theme}>
        <Monitor {...props} />
      </ThemeContext.Provider>
    </StoreContext.Provider>
  );
}
