// The report details pane's scroll range.
import type { MonitorState } from '../types.js';

function reportBodyLines(state: MonitorState): number {
  const id = state.reports.selectedId;
  const row = id === null ? undefined : state.reports.byId[id];
  return row === undefined ? 0 : row.body.split('\n').length;
}

/**
 * The last scroll offset of the details pane: its last rendered line at the bottom. The UI
 * reports the rendered (wrapped) line count; before it has, the body's source lines stand in.
 */
export function detailsMaxTop(state: MonitorState): number {
  const lines = state.reports.detailsLines > 0 ? state.reports.detailsLines : reportBodyLines(state);
  const rows = state.ui.paneRows.details;
  return Math.max(0, lines - Math.max(1, rows));
}
