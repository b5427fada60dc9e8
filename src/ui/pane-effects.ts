// The `z` and `E` effects: they need the terminal (graphics support) or the process (files in
// the current directory), so the UI runs them, not the store.
import type { MonitorStore, PaneName } from '../store/types.js';
import type { GraphicsSupport } from './terminal-graphics.js';

/** Writes what the focused pane shows to a file; resolves with the file's path. */
export type PaneExporter = (request: { pane: PaneName; taskId: string; metric: string | null }) => Promise<string>;

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
  actions.showStatus(`exporting the ${pane} pane…`, 'info');
  exporter({ pane, taskId, metric }).then(
    (path) => actions.showStatus(`exported to ${path}`, 'success', 15_000),
    (err: unknown) => actions.showStatus(`export failed: ${err instanceof Error ? err.message : String(err)}`, 'error'),
  );
}
