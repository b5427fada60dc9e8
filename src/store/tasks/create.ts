// The `tasks` slice: the task list (its poller, paging and probe), the one selected task, the
// marks, sort, filters, pickers and triage. It announces `taskSelected` whenever the selected
// id changes, whoever changed it, and `sync` when marks change; it listens to `refresh` and to
// `listQueryChanged` for its own list. Its bookkeeping is its own (book.ts).
import {
  archiveToggle,
  bindTo,
  listPoller,
  resetListQuery,
  showStatus,
  sidePoller,
  undoArchive,
  withBook,
  type Poller,
  type StoreContext,
} from '../core/index.js';
import { FRESH_PROBE_MS, freshProbeWanted, freshTick, noteSelectedTask } from './fresh-probe.js';
import { setListQuery } from '../ui/index.js';
import type { StateFile } from '../../config/state-file.js';
import { initialTasksBook, type TasksContext } from './book.js';
import { tasksTick } from './list.js';
import { createTaskListActions, type TaskListActions } from './list-actions.js';
import { forceFullRead } from './list-probe.js';
import { moveTask } from './select.js';
import { emptyTaskFilter, isTaskFilterEmpty } from './task-filters.js';
import {
  requestMetricColumns,
  requestTaskProjectFilter,
  requestTaskTagFilter,
  requestTaskUserFilter,
  submitTaskPick,
} from './task-pickers.js';
import { dequeueTasks, requestClone, requestEnqueue, submitClone, submitQueuePick } from './queueing.js';
import { beginRerun, finishRerun, type EditOutcome, type RerunSource } from './rerun.js';
import {
  requestAbort,
  requestDelete,
  requestMove,
  requestRename,
  requestTags,
  sendArchive,
  submitTaskDialog,
  TASKS_TRIAGE,
} from './triage.js';

/** Tasks that can be marked at once (compare draws one column per marked task). */
export const MAX_MARKED_TASKS = 100;

export interface TaskActions extends TaskListActions {
  /** `a`: archives the targets (several are named first), or unarchives them when all are archived. */
  archiveTasks(): Promise<void>;
  /** `u`: reverses the last archive or unarchive of tasks. */
  undoTaskArchive(): Promise<void>;
  requestTaskMove(): void;
  requestTaskDelete(): void;
  requestTaskTags(): void;
  requestTaskRename(): void;
  /** `K`: asks, then stops the running targets (tasks.stop_many); they show `stopped`. */
  requestAbort(): void;
  requestTaskTagFilter(): void;
  requestTaskProjectFilter(): void;
  /** `U`: a picker of the users of the listed tasks. */
  requestUserFilter(): void;
  /** `M`: a picker of the listed tasks' metrics, for the task list's columns. */
  requestMetricColumns(): void;
  /** `C`: asks for the clone's name (Enter alone: "<name> (clone)"), clones the selected task and selects the clone. */
  requestClone(): void;
  /** `Q`: the queue picker (each queue's length) for the targets that can be queued; Enter queues them. */
  requestEnqueue(): void;
  /** `D`: takes the queued targets out of their queue (tasks.dequeue); says so when none is queued. */
  dequeueTasks(): Promise<void>;
  /**
   * `e`, before the editor: the selected task's hyperparameters as the file to edit, or null
   * after saying why not (read-only, no task, the server refused).
   */
  beginRerun(): Promise<RerunSource | null>;
  /** `e`, after the editor: checks the file, then one tasks.clone with it, and the queue picker for the clone. */
  finishRerun(source: RerunSource, outcome: EditOutcome): Promise<void>;
  /** Enter / `y` in a dialog the task list opened: confirms, submits what was typed, or applies a picker. */
  submitTaskDialog(): Promise<void>;
  /** Esc in the task list: no text, status, tag, project or user filter. */
  clearTaskFilters(): void;
  /** `space`: marks / unmarks the selected task (compare, bulk actions). */
  toggleTaskMark(): void;
  /** Clears every mark (compare mode ends). */
  clearTaskMarks(): void;
}

/** What the navigation moves in the task list (bound to the slice's own bookkeeping). */
export interface TasksApi {
  moveTask(index: number): void;
  setStatusFilter(statuses: string[]): void;
}

export interface TasksSliceOptions {
  openTask: string | null;
  stateFile: StateFile | null;
}

export interface TasksSlice {
  actions: TaskActions;
  api: TasksApi;
  pollers: { tasks: Poller; fresh: Poller };
}

function setMarks(ctx: TasksContext, marked: string[]): void {
  ctx.set((s) => ({ tasks: { ...s.tasks, marked } }));
  ctx.events.emit('sync', { view: ctx.get().ui.view });
}

export function createTasksSlice(store: StoreContext, options: TasksSliceOptions): TasksSlice {
  const ctx = withBook(store, initialTasksBook(store, options.openTask, options.stateFile));
  const reset = () => resetListQuery(ctx, 'tasks', ctx.book.paging);
  ctx.watch(
    (s) => s.tasks.selectedId,
    (id, previous) => {
      // A selection from none comes from a list answer (the first one, or after a filter), never
      // from a burst of keys: its pause is the store's choice (deps.ts).
      const pauseMs = previous === null ? ctx.firstSelectionPauseMs : ctx.selectionDebounceMs;
      ctx.events.emit('taskSelected', { id, pauseMs });
      ctx.book.selectionTimer.restart(ctx.selectionDebounceMs, () => noteSelectedTask(ctx));
    },
  );
  ctx.events.on('sync', () => {
    if (!ctx.book.selectionTimer.pending) noteSelectedTask(ctx);
  });
  ctx.events.on('stop', () => ctx.book.selectionTimer.stop());
  ctx.events.on('listQueryChanged', ({ list }) => {
    if (list === 'tasks') reset();
  });
  ctx.events.on('refresh', () => {
    if (ctx.get().ui.view !== 'tasks') return;
    forceFullRead(ctx);
    ctx.pollers.tasks.wake();
  });
  const triage = ctx.book.triage;
  const archiving = { ctx, desc: TASKS_TRIAGE, triage, send: sendArchive(ctx) };
  const actions: TaskActions = {
    ...createTaskListActions(ctx),
    archiveTasks: () => archiveToggle(archiving),
    undoTaskArchive: () => undoArchive(archiving),
    ...bindTo(ctx, {
      requestTaskMove: requestMove,
      requestTaskDelete: requestDelete,
      requestTaskTags: requestTags,
      requestTaskRename: requestRename,
      requestAbort,
      requestTaskTagFilter,
      requestTaskProjectFilter,
      requestUserFilter: requestTaskUserFilter,
      requestMetricColumns,
      requestClone,
      requestEnqueue: (c) => requestEnqueue(c),
      beginRerun,
    }),
    dequeueTasks: () => dequeueTasks(ctx, triage),
    finishRerun: (source, outcome) => finishRerun(ctx, source, outcome),
    async submitTaskDialog() {
      const dialog = ctx.get().dialog;
      if (dialog?.owner !== 'tasks') return;
      if (dialog.kind === 'pick' && dialog.purpose === 'queue') await submitQueuePick(ctx, triage, dialog);
      else if (dialog.kind === 'pick') submitTaskPick(ctx, dialog);
      else if (dialog.kind === 'input' && dialog.action === 'clone') await submitClone(ctx, dialog);
      else await submitTaskDialog(ctx, triage);
    },
    clearTaskFilters() {
      const s = ctx.get();
      if (s.ui.filters.tasks === '' && s.tasks.statusFilter.length === 0 && isTaskFilterEmpty(s.tasks.filter)) return;
      setListQuery(ctx, 'tasks', { filter: '' });
      ctx.set((st) => ({ tasks: { ...st.tasks, statusFilter: [], filter: emptyTaskFilter() } }));
      reset();
      showStatus(ctx, 'filters cleared: every task is shown', 'info');
    },
    toggleTaskMark() {
      const t = ctx.get().tasks;
      const id = t.selectedId;
      if (id === null) return;
      const on = !t.marked.includes(id);
      if (on && t.marked.length >= MAX_MARKED_TASKS) {
        showStatus(ctx, `at most ${MAX_MARKED_TASKS} tasks can be compared`, 'error');
        return;
      }
      setMarks(ctx, on ? [...t.marked, id] : t.marked.filter((m) => m !== id));
    },
    clearTaskMarks() {
      if (ctx.get().tasks.marked.length > 0) setMarks(ctx, []);
    },
  };
  const api: TasksApi = {
    moveTask: (index) => moveTask(ctx, index),
    setStatusFilter(statuses) {
      ctx.set((s) => ({ tasks: { ...s.tasks, statusFilter: statuses } }));
      reset();
    },
  };
  const fresh = sidePoller(
    ctx,
    'fresh',
    FRESH_PROBE_MS,
    () => freshProbeWanted(ctx),
    async (signal) => {
      if (await freshTick(ctx, signal)) ctx.events.emit('sync', { view: ctx.get().ui.view });
    },
  );
  return { actions, api, pollers: { tasks: listPoller(ctx, 'tasks', (signal) => tasksTick(ctx, signal)), fresh } };
}
