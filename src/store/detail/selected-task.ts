// What both detail slices (scalars/artifacts and logs) ask about the selected task: its
// fingerprint (refetch when it moved) and whether a pane of it is on screen (the panes' data
// needs are in their descriptors, src/store/panes.ts).
import { dataWanted } from '../panes.js';
import type { MonitorState, TaskRow } from '../types.js';

export function taskFingerprint(row: TaskRow | undefined): string | null {
  if (row === undefined) return null;
  return `${row.id}|${row.lastUpdate ?? ''}|${row.lastIteration ?? ''}`;
}

export function selectedFingerprint(state: MonitorState): string | null {
  const id = state.tasks.selectedId;
  return id === null ? null : taskFingerprint(state.tasks.byId[id]);
}

/** Plots, images and single values are fetched only while a pane showing them is. */
export function artifactsWanted(state: MonitorState): boolean {
  return dataWanted(state, 'artifacts');
}

/** The plots pane is on screen (compare mode fetches the marked tasks' plots only then). */
export function plotsShown(state: MonitorState): boolean {
  return dataWanted(state, 'compare-plots');
}

export function runInfoWanted(state: MonitorState): boolean {
  return dataWanted(state, 'runinfo');
}

export function logsWanted(state: MonitorState): boolean {
  return dataWanted(state, 'logs');
}
