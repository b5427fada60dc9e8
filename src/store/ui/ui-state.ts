// The `ui` slice: view, focus, the help overlay, prompt, terminal and pane sizes, chart
// display settings. Its actions change only what is shown; fetching follows from the slices
// that own the data.
import { showStatus, type StoreContext } from '../core/index.js';
import {
  PANE_NAMES,
  type ClusterPane,
  type ListName,
  type PaneName,
  type ReportsPane,
  type TasksPane,
  type ViewName,
} from '../panes.js';
import { afterViewOrFocusChange } from './focus.js';
import { SMOOTHING_LEVELS } from '../../text/smooth.js';
import { layoutText, scrollView, TEXT_START, type TextLayout, type TextPosition } from '../../text/text-layout.js';

/** EMA weights cycled by `s`; index 0 = no smoothing. One list, kept with the smoothing code. */
export { SMOOTHING_LEVELS };

/** Iterations, wall-clock time, or time since the run's first point (`x` cycles them). */
export type XAxisMode = 'iter' | 'time' | 'since';

/** The one-line input: `/` a list filter or a search in the logs; `:` a task id to jump to. */
export interface PromptState {
  kind: 'filter' | 'search' | 'jump';
  /** The pane the prompt belongs to (tasks/reports list for filters, logs for search). */
  pane: PaneName;
  text: string;
  /** Search prompts: the `searchHistory` entry shown (Up/Down), or null while typing a new one. */
  historyIndex?: number | null;
  /** What was typed before Up recalled older queries (Down past the newest brings it back). */
  draft?: string;
  /** A filter the server would refuse: "invalid pattern at 1: missing )" (null when valid). */
  problem: string | null;
  /** The list's filter when the prompt opened: Esc puts it back. */
  initial: string;
}

/** The help overlay; a dialog (core state, `dialog`) shows over it and everything else. */
export type OverlayKind = 'none' | 'help';

export interface UiState {
  view: ViewName;
  /** Focused pane, remembered per view. */
  focus: { tasks: TasksPane; reports: ReportsPane; cluster: ClusterPane };
  overlay: OverlayKind;
  /** Set while the user types a filter or a search (`/`). */
  prompt: PromptState | null;
  /** Log searches submitted, oldest first (bounded), for Up/Down in the search prompt. */
  searchHistory: readonly string[];
  /** Applied filter text per list (tasks: name regex; reports: `_any_` pattern). */
  filters: Record<ListName, string>;
  showArchived: Record<ListName, boolean>;
  xAxis: XAxisMode;
  /** Index into SMOOTHING_LEVELS. */
  smoothing: number;
  /** Terminal size, set by the UI on start and on resize. */
  cols: number;
  rows: number;
  /**
   * Visible rows of each pane's body, set by the UI's layout (paging, follow, log batch size).
   * 0 = not laid out. A pane with rows > 0, or focused, counts as shown: logs, plots/images and
   * single values are fetched only while shown.
   */
  paneRows: Record<PaneName, number>;
  /** `--read-only`: triage actions are refused. */
  readOnly: boolean;
  /** The text viewer (`enter` on a log line or a value): the whole text, wrapped, scrollable. */
  viewer: TextViewerState | null;
  /** Log lines wrap instead of being cut (`w`). */
  logWrap: boolean;
  /** The scalars pane folds the resource monitor's (`:monitor:`) series under one line (`z`). */
  monitorFolded: boolean;
  /** Charts draw y on a log scale (`L`). */
  logScale: boolean;
  /** The focused pane fills the whole body (`Z`). */
  zoomed: boolean;
}

export interface TextViewerState {
  title: string;
  text: string;
  /** The text laid out once for drawing a screen at a time (src/text/text-layout.ts). */
  layout: TextLayout;
  /** First row shown of the wrapped text. */
  top: TextPosition;
}

/** Every pane with no visible rows (a pane not on screen). */
export const NO_PANE_ROWS: Readonly<Record<PaneName, number>> = Object.fromEntries(
  PANE_NAMES.map((pane) => [pane, 0]),
) as Record<PaneName, number>;

export interface UiOptions {
  readOnly: boolean;
  cols: number;
  rows: number;
}

export function initialUi(options: UiOptions): UiState {
  return {
    view: 'tasks',
    focus: { tasks: 'tasks', reports: 'reports', cluster: 'workers' },
    overlay: 'none',
    prompt: null,
    searchHistory: [],
    filters: { tasks: '', reports: '' },
    showArchived: { tasks: false, reports: false },
    xAxis: 'iter',
    smoothing: 0,
    cols: options.cols,
    rows: options.rows,
    paneRows: { ...NO_PANE_ROWS },
    readOnly: options.readOnly,
    viewer: null,
    logWrap: false,
    monitorFolded: false,
    logScale: false,
    zoomed: false,
  };
}

export interface UiActions {
  cycleSmoothing(): void;
  setTerminalSize(cols: number, rows: number): void;
  setPaneRows(pane: PaneName, rows: number): void;
  showHelp(): void;
  /** Closes the dialog, prompt, text viewer or help; false when nothing was open. */
  closeOverlay(): boolean;
}

export function createUiActions(ctx: StoreContext): UiActions {
  return {
    cycleSmoothing() {
      ctx.set((s) => ({ ui: { ...s.ui, smoothing: (s.ui.smoothing + 1) % SMOOTHING_LEVELS.length } }));
    },
    setTerminalSize(cols, rows) {
      const ui = ctx.get().ui;
      if (ui.cols === cols && ui.rows === rows) return;
      ctx.set((s) => ({ ui: { ...s.ui, cols, rows } }));
      ctx.events.emit('layout', {});
    },
    setPaneRows(pane, rows) {
      const value = Math.max(0, Math.floor(rows));
      const previous = ctx.get().ui.paneRows[pane];
      if (previous === value) return;
      ctx.set((s) => ({ ui: { ...s.ui, paneRows: { ...s.ui.paneRows, [pane]: value } } }));
      if (pane === 'logs') ctx.events.emit('layout', {});
      if (previous === 0) afterViewOrFocusChange(ctx, ctx.get().ui.view);
    },
    showHelp() {
      ctx.set((s) => ({ ui: { ...s.ui, overlay: 'help' } }));
    },
    closeOverlay() {
      if (ctx.get().dialog !== null) {
        ctx.set({ dialog: null });
        return true;
      }
      const ui = ctx.get().ui;
      if (ui.prompt !== null) {
        ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
        return true;
      }
      if (ui.viewer !== null) {
        ctx.set((s) => ({ ui: { ...s.ui, viewer: null } }));
        return true;
      }
      if (ui.overlay !== 'none') {
        ctx.set((s) => ({ ui: { ...s.ui, overlay: 'none' } }));
        return true;
      }
      return false;
    },
  };
}

/** The chart and pane display settings other slices' keys change (`x`, `L`, `z`, `Z`). */
export type DisplaySettings = Pick<UiState, 'xAxis' | 'logScale' | 'monitorFolded' | 'zoomed'>;

export function setDisplay(ctx: StoreContext, change: Partial<DisplaySettings>): void {
  ctx.set((s) => ({ ui: { ...s.ui, ...change } }));
}

export function openPrompt(ctx: StoreContext, prompt: PromptState): void {
  ctx.set((s) => ({ ui: { ...s.ui, prompt } }));
}

/** A list's text filter and whether it shows archived items (the list's slice reads them when it asks). */
export function setListQuery(
  ctx: StoreContext,
  list: ListName,
  change: { filter?: string; showArchived?: boolean },
): void {
  ctx.set((s) => ({
    ui: {
      ...s.ui,
      filters: change.filter === undefined ? s.ui.filters : { ...s.ui.filters, [list]: change.filter },
      showArchived:
        change.showArchived === undefined ? s.ui.showArchived : { ...s.ui.showArchived, [list]: change.showArchived },
    },
  }));
}

/** Opens the text viewer on `text` (laid out once; each screen then sanitises and wraps only what it shows). */
export function openViewer(ctx: StoreContext, selected: { title: string; text: string }): void {
  const viewer = { ...selected, layout: layoutText(selected.text), top: TEXT_START };
  ctx.set((s) => ({ ui: { ...s.ui, viewer } }));
}

export interface TextViewerActions {
  /**
   * Scrolls the viewer by rows, for a view `width` columns wide and `height` rows tall (the UI
   * knows its size), never past the last full screen.
   */
  scrollViewer(delta: number, width: number, height: number): void;
  /** The viewer's text (the UI copies it with OSC 52), or null when it is closed. */
  viewerText(): string | null;
  toggleLogWrap(): void;
}

export function createTextViewerActions(ctx: StoreContext): TextViewerActions {
  return {
    scrollViewer(delta, width, height) {
      const viewer = ctx.get().ui.viewer;
      if (viewer === null) return;
      const top = scrollView(viewer.layout, viewer.top, delta, width, height);
      const same = top.line === viewer.top.line && top.block === viewer.top.block && top.row === viewer.top.row;
      if (!same) ctx.set((s) => ({ ui: { ...s.ui, viewer: s.ui.viewer && { ...s.ui.viewer, top } } }));
    },
    viewerText: () => ctx.get().ui.viewer?.text ?? null,
    toggleLogWrap() {
      ctx.set((s) => ({ ui: { ...s.ui, logWrap: !s.ui.logWrap } }));
      showStatus(ctx, ctx.get().ui.logWrap ? 'log lines wrap' : 'log lines cut (h / l: sideways)');
    },
  };
}
