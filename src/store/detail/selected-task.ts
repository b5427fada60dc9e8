// What both detail slices (scalars/artifacts and logs) ask about the selected task: its
// fingerprint (refetch when it moved) and whether a pane of it is on screen.
import type { MonitorState, TaskRow } from '../types.js';

export function taskFingerprint(row: TaskRow | undefined): string | null {
  if (row === undefined) return null;
  return `${row.id}|${row.lastUpdate ?? ''}|${row.lastIteration ?? ''}`;
}

export function selectedFingerprint(state: MonitorState): string | null {
  const id = state.tasks.selectedId;
  return id === null ? null : taskFingerprint(state.tasks.byId[id]);
}

function paneShown(state: MonitorState, pane: 'logs' | 'plots' | 'summary' | 'chart' | 'runinfo'): boolean {
  return state.ui.view === 'tasks' && (state.ui.focus.tasks === pane || state.ui.paneRows[pane] > 0);
}

/** Plots, images and single values are fetched only while their pane is shown. */
export function artifactsWanted(state: MonitorState): boolean {
  return paneShown(state, 'plots') || paneShown(state, 'summary');
}

/** The plots pane is on screen (compare mode fetches the marked tasks' plots only then). */
export function plotsShown(state: MonitorState): boolean {
  return paneShown(state, 'plots');
}

export function runInfoWanted(state: MonitorState): boolean {
  return paneShown(state, 'runinfo');
}

export function logsWanted(state: MonitorState): boolean {
  return paneShown(state, 'logs');
}
