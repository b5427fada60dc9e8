// The `z` and `E` effects: they need the terminal (graphics support) or the process (files in
// the current directory), so the UI runs them, not the store.
import type { MonitorStore, PaneName } from '../store/types.js';
import type { LayoutNode } from './layout.js';
import { inlineImageSequence, KITTY_DELETE_ALL, type GraphicsSupport } from './terminal-graphics.js';

/** Writes what the focused pane shows to a file; resolves with the file's full path. */
export type PaneExporter = (request: {
  pane: PaneName;
  taskId: string;
  /** The task's name as listed (files are named by it), when known. */
  taskName?: string;
  metric: string | null;
}) => Promise<string>;

/** `z`: toggles the full-resolution view, or says why this terminal cannot show one. */
export function toggleFullResolution(store: MonitorStore, graphics: GraphicsSupport): void {
  const actions = store.getState().actions;
  if (graphics.multiplexed) {
    actions.showStatus(
      'full-resolution images are not available inside tmux or screen (kitty/iTerm2 graphics do not pass through); the pane draws half blocks',
      'info',
    );
    return;
  }
  if (graphics.protocol === null) {
    actions.showStatus(
      'this terminal speaks neither kitty graphics nor iTerm2 images: the pane draws half blocks',
      'info',
    );
    return;
  }
  if (store.getState().imageView.taskId === null) {
    actions.showStatus('no debug image shown: move to one with j/k', 'info');
    return;
  }
  actions.toggleFullResolution();
}

/** `E`: runs the exporter and reports where the file went, or what went wrong. */
export function exportFocusedPane(
  store: MonitorStore,
  exporter: PaneExporter | undefined,
  pane: PaneName,
  taskId: string,
): void {
  const actions = store.getState().actions;
  if (exporter === undefined) {
    actions.showStatus('export is not available in this mode', 'error');
    return;
  }
  const metric = store.getState().scalars.chartMetric;
  const taskName = store.getState().tasks.byId[taskId]?.name;
  actions.showStatus(`exporting the ${pane} pane`, 'info');
  exporter({ pane, taskId, metric, ...(taskName === undefined ? {} : { taskName }) }).then(
    (path) => actions.showStatus(`exported to ${path}`, 'success', 15_000),
    (err: unknown) => actions.showStatus(`export failed: ${err instanceof Error ? err.message : String(err)}`, 'error'),
  );
}

export interface CellBox {
  /** 0-based column and row of the top-left cell. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where `pane` sits (outer box, frame included) in a layout tree whose top-left is at x, y. */
export function paneBox(node: LayoutNode, pane: PaneName, x = 0, y = 0): CellBox | null {
  if (node.kind === 'pane') return node.pane === pane ? { x, y, width: node.width, height: node.height } : null;
  let at = node.direction === 'row' ? x : y;
  for (const child of node.children) {
    const found = node.direction === 'row' ? paneBox(child, pane, at, y) : paneBox(child, pane, x, at);
    if (found !== null) return found;
    at += node.direction === 'row' ? child.width : child.height;
  }
  return null;
}

/**
 * The bytes that draw the full-resolution image over the plots pane's image rows (inside the
 * frame, below the title line, above the URL line), leaving the cursor where Ink left it.
 */
export function fullResolutionSequence(graphics: GraphicsSupport, pane: CellBox, bytes: Uint8Array): string | null {
  if (graphics.protocol === null || graphics.multiplexed) return null;
  const columns = pane.width - 2;
  const rows = pane.height - 4;
  if (columns <= 0 || rows <= 0) return null;
  // Save cursor, move to the first image row (1-based), draw, restore.
  return `\u001b7\u001b[${pane.y + 3};${pane.x + 2}H${inlineImageSequence(graphics.protocol, bytes, columns, rows)}\u001b8`;
}

/** What clears a full-resolution image again (kitty: delete it; iTerm2: the screen is repainted). */
export function clearFullResolution(graphics: GraphicsSupport): string | null {
  return graphics.protocol === 'kitty' ? KITTY_DELETE_ALL : null;
}
