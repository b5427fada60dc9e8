// Where the panes go for a terminal size: a pure function, so the App, `--once` and the tests
// all agree. The frame is always one row shorter than the terminal (Ink clears the whole
// screen before every frame once a frame reaches the terminal's height).
import type { PaneName, ViewName } from '../store/types.js';
import { firstInSlot, inSlot, PANE_NAMES, type PaneInSlot, type PaneSlot } from '../store/panes.js';
import { NO_PANE_ROWS } from '../store/index.js';

export const MIN_COLS = 60;
export const MIN_ROWS = 16;
/** From this size on, panes sit side by side; below it one pane shows at a time, with tabs. */
const WIDE_COLS = 100;
const WIDE_ROWS = 24;
/** From this many rows the footer has a second line for key hints. */
const TWO_LINE_FOOTER_ROWS = 30;
/** Right column wide enough to put two top-slot panes (scalars and chart) side by side. */
const SIDE_BY_SIDE_COLS = 120;
/** Columns a chart keeps for its y labels and axis. */
const CHART_GUTTER = 12;

/** The panes of the Tasks view's top-right and bottom-right slots (their descriptors' `slot`). */
export type TopSlotPane = PaneInSlot<'top'>;
export type BottomSlotPane = PaneInSlot<'bottom'>;

/** What the two slots show before any of their panes has had focus. */
export const DEFAULT_TOP_PANE: TopSlotPane = firstInSlot('top');
export const DEFAULT_BOTTOM_PANE: BottomSlotPane = firstInSlot('bottom');
const TOP_PANES = PANE_NAMES.filter((name): name is TopSlotPane => inSlot(name, 'top'));

/** The pane a slot shows: the focused pane when it belongs there, else the one last shown there. */
export function slotPane<S extends PaneSlot>(focused: PaneName, slot: S, last: PaneInSlot<S>): PaneInSlot<S> {
  return inSlot(focused, slot) ? focused : last;
}

interface PaneBox {
  kind: 'pane';
  pane: PaneName;
  /** Outer size, frame included. */
  width: number;
  height: number;
}

interface SplitBox {
  kind: 'split';
  direction: 'row' | 'column';
  width: number;
  height: number;
  children: LayoutNode[];
}

export type LayoutNode = PaneBox | SplitBox;

export interface LayoutInput {
  cols: number;
  rows: number;
  view: ViewName;
  focused: PaneName;
  /** Which top-slot pane fills the top-right slot when none of them has focus. */
  topPane: TopSlotPane;
  /** Which bottom-slot pane fills the bottom-right slot when none of them has focus. */
  bottomPane: BottomSlotPane;
  /** The focused pane fills the whole body (`Z`). */
  zoomed?: boolean;
}

export interface Layout {
  cols: number;
  rows: number;
  /** Rows of the whole frame: always below the terminal's rows. */
  frameRows: number;
  tooSmall: boolean;
  mode: 'wide' | 'narrow' | 'too-small';
  headerRows: number;
  footerRows: number;
  bodyRows: number;
  body: LayoutNode | null;
  /** Every pane on screen. */
  panes: PaneBox[];
  /** Histogram samples worth fetching: about the columns a chart draws. */
  chartColumns: number;
}

/** Rows and columns inside a pane's frame. */
export function paneInner(box: { width: number; height: number }): { width: number; height: number } {
  return { width: Math.max(0, box.width - 2), height: Math.max(0, box.height - 2) };
}

function pane(name: PaneName, width: number, height: number): PaneBox {
  return { kind: 'pane', pane: name, width, height };
}

function split(direction: 'row' | 'column', width: number, height: number, children: LayoutNode[]): SplitBox {
  return { kind: 'split', direction, width, height, children };
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(Math.max(value, lo), hi);
}

function collectPanes(node: LayoutNode | null, into: PaneBox[] = []): PaneBox[] {
  if (node === null) return into;
  if (node.kind === 'pane') into.push(node);
  else for (const child of node.children) collectPanes(child, into);
  return into;
}

function tasksWide(input: LayoutInput, width: number, height: number): LayoutNode {
  const leftWidth = clamp(Math.round(width * 0.34), 34, 64);
  const rightWidth = width - leftWidth;
  const topHeight = Math.max(6, Math.round(height * 0.42));
  const bottomHeight = height - topHeight;
  const top = slotPane(input.focused, 'top', input.topPane);
  const bottom = slotPane(input.focused, 'bottom', input.bottomPane);
  // Side by side: the slot's first pane, and beside it the one shown there (else the slot's second).
  const beside = top !== DEFAULT_TOP_PANE ? top : (TOP_PANES[1] ?? top);
  let topNode: LayoutNode;
  if (rightWidth >= SIDE_BY_SIDE_COLS && beside !== DEFAULT_TOP_PANE) {
    const firstWidth = Math.round(rightWidth * 0.42);
    topNode = split('row', rightWidth, topHeight, [
      pane(DEFAULT_TOP_PANE, firstWidth, topHeight),
      pane(beside, rightWidth - firstWidth, topHeight),
    ]);
  } else {
    topNode = pane(top, rightWidth, topHeight);
  }
  return split('row', width, height, [
    pane('tasks', leftWidth, height),
    split('column', rightWidth, height, [topNode, pane(bottom, rightWidth, bottomHeight)]),
  ]);
}

/** The workers above (the larger part: their lines are wide), the queues below. */
function clusterWide(width: number, height: number): LayoutNode {
  const workersHeight = Math.max(6, Math.round(height * 0.55));
  return split('column', width, height, [
    pane('workers', width, workersHeight),
    pane('queues', width, height - workersHeight),
  ]);
}

function reportsWide(width: number, height: number): LayoutNode {
  const listWidth = clamp(Math.round(width * 0.45), 44, 90);
  return split('row', width, height, [pane('reports', listWidth, height), pane('details', width - listWidth, height)]);
}

export function computeLayout(input: LayoutInput): Layout {
  const cols = Math.max(0, Math.floor(input.cols));
  const rows = Math.max(0, Math.floor(input.rows));
  const frameRows = Math.max(1, rows - 1);
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  if (tooSmall) {
    return {
      cols,
      rows,
      frameRows,
      tooSmall,
      mode: 'too-small',
      headerRows: 0,
      footerRows: 0,
      bodyRows: frameRows,
      body: null,
      panes: [],
      chartColumns: Math.max(1, cols - CHART_GUTTER),
    };
  }
  const headerRows = 1;
  const footerRows = rows >= TWO_LINE_FOOTER_ROWS ? 2 : 1;
  const bodyRows = frameRows - headerRows - footerRows;
  const wide = cols >= WIDE_COLS && rows >= WIDE_ROWS;
  let body: LayoutNode;
  if (wide && input.zoomed !== true)
    body =
      input.view === 'tasks'
        ? tasksWide(input, cols, bodyRows)
        : input.view === 'reports'
          ? reportsWide(cols, bodyRows)
          : clusterWide(cols, bodyRows);
  else body = pane(input.focused, cols, bodyRows);
  const panes = collectPanes(body);
  const chart = panes.find((p) => p.pane === 'chart');
  const chartColumns = Math.max(1, (chart ? paneInner(chart).width : cols - 2) - CHART_GUTTER);
  return {
    cols,
    rows,
    frameRows,
    tooSmall,
    mode: wide ? 'wide' : 'narrow',
    headerRows,
    footerRows,
    bodyRows,
    body,
    panes,
    chartColumns,
  };
}

/** Visible body rows per pane (0 for panes not on screen), as the store's paging wants them. */
export function paneRowsOf(layout: Layout): Record<PaneName, number> {
  const rows: Record<PaneName, number> = { ...NO_PANE_ROWS };
  for (const box of layout.panes) rows[box.pane] = paneInner(box).height;
  return rows;
}

/** Largest picker dialog: small enough that the panes around it stay in view. */
export const PICKER_MAX_COLS = 64;
export const PICKER_MAX_ROWS = 20;

interface OverlayBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Rows of a picker around its options: frame (2), typed text, a note line, blank line, keys. */
const PICKER_CHROME_ROWS = 6;

/**
 * Where a picker dialog sits: centred over the body (`bodyRows` rows), as tall as its
 * `options` (and error lines) need up to a limit, a margin kept on every side.
 */
export function pickerBox(cols: number, bodyRows: number, options: number): OverlayBox {
  const width = Math.max(0, Math.min(PICKER_MAX_COLS, cols - 4));
  const height = Math.max(0, Math.min(PICKER_MAX_ROWS, bodyRows - 2, options + PICKER_CHROME_ROWS));
  return { left: Math.floor((cols - width) / 2), top: Math.floor((bodyRows - height) / 2), width, height };
}
