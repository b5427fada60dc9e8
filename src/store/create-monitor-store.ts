// createMonitorStore: composes the slices into one zustand store. No React here: the UI reads
// the store with zustand's useStore and calls `actions`.
//
// To add a slice: make a folder for it holding its state type, its initial state and a
// `createXActions(ctx)` factory returning its actions interface (see ui/ui-state.ts), and, when
// it keeps bookkeeping, a book.ts with its part and its initialiser (see logs/book.ts). Then add
// the state key to `MonitorData` and the actions interface to `MonitorActions` in types.ts, the
// book to `Bookkeeping` in context.ts, and the initial state, book and actions below.
// Helpers that two slices need go in a module of their own (detail/selected-task.ts,
// ui/dialogs.ts).
import { createStore } from 'zustand/vanilla';
import { createCompareActions, emptyCompare } from './compare/compare.js';
import { initialConnection } from './core/connection.js';
import type { Bookkeeping, Pollers, StoreContext, StoreDeps } from './context.js';
import { initialCompareBook } from './compare/book.js';
import { initialCoreBook } from './core/book.js';
import { initialDetailBook } from './detail/book.js';
import { initialLogsBook } from './logs/book.js';
import { initialReportsBook } from './reports/book.js';
import { initialRunInfoBook } from './run-info/book.js';
import { initialTasksBook } from './tasks/book.js';
import { initialUiBook } from './ui/book.js';
import { scanLog } from './logs/scan.js';
import { createImageViewActions, initialImageView } from './detail/image-view.js';
import { createNavigationActions } from './ui/navigation.js';
import type { Timers } from './core/poller.js';
import { createLifecycleActions, createPollers } from './core/pollers.js';
import { createPromptActions } from './ui/prompt.js';
import { createTriageActions } from './reports/actions.js';
import { createTriageBook } from './reports/changes.js';
import { createReportDialogActions } from './reports/dialogs.js';
import { createReportFilterActions } from './reports/filters.js';
import { initialReports } from './reports/list.js';
import { createRunInfoActions, emptyRunInfo } from './run-info/run-info.js';
import { changedSlices } from './core/same-data.js';
import {
  createDetailActions,
  DEFAULT_HISTOGRAM_SAMPLES,
  emptyArtifacts,
  emptyScalars,
  onTaskSelectionChanged,
} from './detail/task-detail.js';
import { onReportSelectionChanged } from './reports/widgets.js';
import { createLogsActions, emptyLogs } from './logs/logs.js';
import { createTaskListActions } from './tasks/list-actions.js';
import { initialTasks } from './tasks/list.js';
import { parseMetricColumns } from './tasks/metric-columns.js';
import { createTaskSideActions } from './tasks/task-actions.js';
import { byView } from './core/by-view.js';
import { createTextViewerActions } from './ui/text-viewer.js';
import type { MonitorActions, MonitorData, MonitorState, MonitorStore } from './types.js';
import { createUiActions, initialUi } from './ui/ui-state.js';

export const DEFAULT_INTERVAL_MS = 5000;
export const DEFAULT_BACKOFF_BASE_MS = 1000;
export const DEFAULT_BACKOFF_CAP_MS = 3_000;
export const DEFAULT_AUTH_BACKOFF_CAP_MS = 60_000;
export const DEFAULT_PAGE_SIZE = 50;

function initialData(deps: StoreDeps): MonitorData {
  const openTask = deps.initialTaskId ?? null;
  return {
    connection: initialConnection(deps.serverUrl ?? (deps.client as { apiHost?: string }).apiHost ?? ''),
    ui: initialUi({ readOnly: deps.readOnly ?? false, cols: deps.cols ?? 80, rows: deps.rows ?? 24 }),
    // The task asked for is selected, its detail slices waiting for it, once the first list
    // answer includes it (keepSelection); else the first row is, as without one.
    tasks: {
      ...initialTasks(),
      selectedId: openTask,
      metricColumns: parseMetricColumns(deps.stateFile?.load().metricColumns),
    },
    scalars: emptyScalars(openTask, 'iter', DEFAULT_HISTOGRAM_SAMPLES),
    logs: emptyLogs(openTask),
    artifacts: emptyArtifacts(openTask),
    imageView: initialImageView(),
    runinfo: emptyRunInfo(openTask),
    compare: emptyCompare(),
    reports: initialReports(),
  };
}

function initialBook(pageSize: number, logColor: boolean, openTask: string | null): Bookkeeping {
  return {
    ...initialCoreBook(pageSize),
    ...initialUiBook(),
    ...initialTasksBook(openTask),
    ...initialDetailBook(),
    ...initialLogsBook(logColor),
    ...initialRunInfoBook(),
    ...initialCompareBook(),
    ...initialReportsBook(),
  };
}

export function createMonitorStore(deps: StoreDeps): MonitorStore {
  const timers: Timers = {
    setTimeout: deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimeout: deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
  const pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  const store = createStore<MonitorState>()(() => ({ ...initialData(deps), actions: {} as MonitorActions }));

  const ctx: StoreContext = {
    get: store.getState,
    set: (update) =>
      store.setState((state) => {
        const partial = typeof update === 'function' ? update(state) : update;
        // Returning the same state object tells zustand nothing changed: no listener runs.
        return changedSlices<MonitorState>(state, partial as Partial<MonitorState>) ?? state;
      }),
    client: deps.client,
    scanLog: deps.logScanner ?? ((req) => scanLog(deps.client, req)),
    now: deps.now ?? Date.now,
    timers,
    random: deps.random ?? Math.random,
    intervalMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
    backoffBaseMs: deps.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
    backoffCapMs: deps.backoffCapMs ?? DEFAULT_BACKOFF_CAP_MS,
    authBackoffCapMs: deps.authBackoffCapMs ?? DEFAULT_AUTH_BACKOFF_CAP_MS,
    selectionDebounceMs: deps.selectionDebounceMs ?? 150,
    pageSize,
    pollers: undefined as unknown as Pollers,
    book: initialBook(pageSize, deps.color ?? true, deps.initialTaskId ?? null),
    stateFile: deps.stateFile ?? null,
  };
  ctx.pollers = createPollers(ctx);

  const triage = createTriageBook();
  const taskSide = createTaskSideActions(ctx, createTriageBook());
  const reportSide = {
    ...createReportFilterActions(ctx),
    ...createTriageActions(ctx, triage),
    ...createReportDialogActions(ctx, triage),
  };
  const actions: MonitorActions = {
    ...createLifecycleActions(ctx),
    ...createNavigationActions(ctx),
    ...createUiActions(ctx),
    ...createPromptActions(ctx),
    ...createDetailActions(ctx),
    ...createLogsActions(ctx),
    ...createRunInfoActions(ctx),
    ...createCompareActions(ctx),
    ...createTaskListActions(ctx),
    ...createTextViewerActions(ctx),
    ...byView(ctx, reportSide, taskSide.shared),
    ...taskSide.own,
    ...createImageViewActions(ctx),
  };
  store.setState({ actions });
  followSelections(store, ctx);
  return store;
}

/**
 * The selected task and report are ids in their list's slice, and whatever changes them (a key,
 * a list answer, an optimistic triage change, a filter) the detail panes follow here, in the
 * same synchronous update: no pane keeps showing a task the keys no longer act on.
 */
function followSelections(store: MonitorStore, ctx: StoreContext): void {
  store.subscribe((state, previous) => {
    if (state.tasks.selectedId !== previous.tasks.selectedId) onTaskSelectionChanged(ctx);
    if (state.reports.selectedId !== previous.reports.selectedId) onReportSelectionChanged(ctx);
  });
}
