// The task list's selection: one id (and its row) in the `tasks` slice. Whatever changes it,
// the slice announces `taskSelected` (create.ts), and every detail pane follows that id.
import { clampIndex, maybeLoadMore } from '../core/index.js';
import { focusPane } from '../ui/index.js';
import type { MonitorState } from '../types.js';
import type { TasksContext } from './book.js';
import type { TaskRow } from './list.js';

/** Selects the task at `index` of the loaded list (clamped). */
export function moveTask(ctx: TasksContext, index: number): void {
  const t = ctx.get().tasks;
  const next = clampIndex(index, t.ids.length);
  const id = t.ids[next] ?? null;
  if (next === t.selectedIndex && id === t.selectedId) return;
  ctx.set((s) => ({ tasks: { ...s.tasks, selectedIndex: next, selectedId: id } }));
  maybeLoadMore(ctx, 'tasks', ctx.book.paging);
}

/** Selects a loaded task and focuses the task list; false when the list does not have it. */
export function selectTask(ctx: TasksContext, id: string): boolean {
  const index = ctx.get().tasks.ids.indexOf(id);
  if (index < 0) return false;
  if (ctx.get().ui.view !== 'tasks' || ctx.get().ui.focus.tasks !== 'tasks') focusPane(ctx, 'tasks');
  moveTask(ctx, index);
  return true;
}

/** The selected task's row, when it is listed. */
export function selectedTask(state: MonitorState): TaskRow | undefined {
  const id = state.tasks.selectedId;
  return id === null ? undefined : state.tasks.byId[id];
}

export function taskFingerprint(row: TaskRow | undefined): string | null {
  if (row === undefined) return null;
  return `${row.id}|${row.lastUpdate ?? ''}|${row.lastIteration ?? ''}`;
}

/** "id|lastUpdate|lastIteration" of the selected task: the detail panes fetch again when it moved. */
export function selectedFingerprint(state: MonitorState): string | null {
  return taskFingerprint(selectedTask(state));
}

/** Marked tasks in marking order (compare, the run-info parameter table). */
export function markedTasks(state: MonitorState): string[] {
  return state.tasks.marked;
}
