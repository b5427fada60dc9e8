// createMonitorStore: composes the slices into one zustand store. No React here: the UI reads
// the store with zustand's useStore and calls `actions`.
//
// To add a slice: write one file holding its state type, its initial state and a
// `createXActions(ctx)` factory returning its actions interface (see ui-state.ts); add the state
// key to `MonitorData` and the actions interface to `MonitorActions` in types.ts; add both below.
// Helpers that two slices need go in a module of their own (selected-task.ts, dialogs.ts).
import { createStore } from 'zustand/vanilla';
import { createCompareActions, emptyCompare } from './compare.js';
import { initialConnection } from './connection.js';
import type { Bookkeeping, Pollers, StoreContext, StoreDeps } from './context.js';
import { initialPaging } from './list-paging.js';
import { initialListProbe } from './list-probe.js';
import { newLogWindow } from './log-fetch.js';
import { scanLog } from './log-scan.js';
import { createImageViewActions, initialImageView } from './image-view.js';
import { createNavigationActions } from './navigation.js';
import type { Timers } from './poller.js';
import { createLifecycleActions, createPollers } from './pollers.js';
import { createPromptActions } from './prompt.js';
import { createTriageActions } from './report-actions.js';
import { createTriageBook } from './report-changes.js';
import { createReportDialogActions } from './report-dialogs.js';
import { createReportFilterActions } from './report-filters.js';
import { initialReports } from './reports-list.js';
import { createRunInfoActions, emptyRunInfo } from './run-info.js';
import { changedSlices } from './same-data.js';
import { createDetailActions, DEFAULT_HISTOGRAM_SAMPLES, emptyArtifacts, emptyScalars } from './task-detail.js';
import { createLogsActions, emptyLogs } from './task-logs.js';
import { createTaskListActions } from './task-list-actions.js';
import { initialTasks } from './tasks-list.js';
import { createTextViewerActions } from './text-viewer.js';
import type { MonitorActions, MonitorData, MonitorState, MonitorStore } from './types.js';
import { createUiActions, initialUi } from './ui-state.js';

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
    tasks: { ...initialTasks(), selectedId: openTask },
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
    paging: { tasks: initialPaging(pageSize), reports: initialPaging(pageSize) },
    taskProbe: initialListProbe(),
    tagsWanted: true,
    scalarsFor: null,
    artifactsFor: null,
    runInfoFor: null,
    compareFor: null,
    logsFor: null,
    imagesScroll: null,
    logOp: null,
    logWindow: newLogWindow(logColor),
    logColor,
    selectAfterLoad: null,
    openTask,
    selectionTimer: null,
    statusTimer: null,
    filterTimer: null,
    widgetTimer: null,
    widgetsStale: new Set(),
    widgetOrder: [],
    widgetList: null,
    started: false,
    lastAnswerAt: null,
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
  };
  ctx.pollers = createPollers(ctx);

  const triage = createTriageBook();
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
    ...createReportFilterActions(ctx),
    ...createTriageActions(ctx, triage),
    ...createReportDialogActions(ctx, triage),
    ...createImageViewActions(ctx),
  };
  store.setState({ actions });
  return store;
}
