// createMonitorStore: composes the slices into one zustand store. No React here: the UI reads
// the store with zustand's useStore and calls `actions`.
//
// Each slice folder shows one face (index.ts): its state, a `createXSlice(ctx)` factory that
// returns its actions, its pollers and, where the navigation moves it, an api object. A slice
// keeps its own bookkeeping (withBook) and reacts to the others only through the store's
// events (core/events.ts) or their public actions. To add a slice: make its folder with that
// face, add its state key to `MonitorData` and its actions to `MonitorActions` (types.ts), and
// create it below. docs/architecture.md draws who emits and who listens.
import { createStore } from 'zustand/vanilla';
import { createClusterSlice, initialCluster } from './cluster/index.js';
import { createCompareSlice, emptyCompare } from './compare/index.js';
import {
  changedSlices,
  createDialogActions,
  createEventBus,
  createLifecycleActions,
  createStatusActions,
  initialConnection,
  OneShot,
  type Pollers,
  type StoreContext,
  type Timers,
} from './core/index.js';
import type { StoreDeps } from './deps.js';
import {
  createDetailSlice,
  DEFAULT_HISTOGRAM_SAMPLES,
  emptyArtifacts,
  emptyScalars,
  initialImageView,
} from './detail/index.js';
import { createLogsSlice, emptyLogs, scanLog } from './logs/index.js';
import { createNavigationActions } from './nav/index.js';
import { createReportsSlice, initialReports } from './reports/index.js';
import { createRunInfoSlice, emptyRunInfo } from './run-info/index.js';
import { createTasksSlice, initialTasks, parseMetricColumns } from './tasks/index.js';
import type { MonitorActions, MonitorData, MonitorState, MonitorStore } from './types.js';
import { createPromptActions, createTextViewerActions, createUiActions, initialUi } from './ui/index.js';

export const DEFAULT_INTERVAL_MS = 5000;
export const DEFAULT_BACKOFF_BASE_MS = 1000;
export const DEFAULT_BACKOFF_CAP_MS = 3_000;
export const DEFAULT_AUTH_BACKOFF_CAP_MS = 60_000;
export const DEFAULT_PAGE_SIZE = 50;

function initialData(deps: StoreDeps): MonitorData {
  const openTask = deps.initialTaskId ?? null;
  return {
    connection: initialConnection(deps.serverUrl ?? (deps.client as { apiHost?: string }).apiHost ?? ''),
    status: null,
    dialog: null,
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
    cluster: initialCluster(),
  };
}

export function createMonitorStore(deps: StoreDeps): MonitorStore {
  const timers: Timers = {
    setTimeout: deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimeout: deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
  const store = createStore<MonitorState>()(() => ({ ...initialData(deps), actions: {} as MonitorActions }));
  const ctx: StoreContext = {
    get: store.getState,
    set: (update) =>
      store.setState((state) => {
        const partial = typeof update === 'function' ? update(state) : update;
        // Returning the same state object tells zustand nothing changed: no listener runs.
        return changedSlices<MonitorState>(state, partial as Partial<MonitorState>) ?? state;
      }),
    watch(select, onChange) {
      store.subscribe((state, previous) => {
        const next = select(state);
        const before = select(previous);
        if (next !== before) onChange(next, before);
      });
    },
    client: deps.client,
    now: deps.now ?? Date.now,
    timers,
    random: deps.random ?? Math.random,
    intervalMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
    backoffBaseMs: deps.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
    backoffCapMs: deps.backoffCapMs ?? DEFAULT_BACKOFF_CAP_MS,
    authBackoffCapMs: deps.authBackoffCapMs ?? DEFAULT_AUTH_BACKOFF_CAP_MS,
    selectionDebounceMs: deps.selectionDebounceMs ?? 150,
    firstSelectionPauseMs: deps.firstSelectionPauseMs ?? deps.selectionDebounceMs ?? 150,
    pageSize: deps.pageSize ?? DEFAULT_PAGE_SIZE,
    pollers: undefined as unknown as Pollers,
    events: createEventBus(),
    core: { started: false, statusTimer: new OneShot(timers), lastAnswerAt: null },
  };

  const tasks = createTasksSlice(ctx, { openTask: deps.initialTaskId ?? null, stateFile: deps.stateFile ?? null });
  const detail = createDetailSlice(ctx);
  const logs = createLogsSlice(ctx, deps.color ?? true, deps.logScanner ?? ((req) => scanLog(deps.client, req)));
  const runinfo = createRunInfoSlice(ctx);
  const compare = createCompareSlice(ctx);
  const reports = createReportsSlice(ctx);
  const cluster = createClusterSlice(ctx);
  ctx.pollers = {
    tasks: tasks.pollers.tasks,
    fresh: tasks.pollers.fresh,
    reports: reports.pollers.reports,
    widgets: reports.pollers.widgets,
    detail: detail.poller,
    runinfo: runinfo.poller,
    logs: logs.poller,
    compare: compare.poller,
    ...cluster.pollers,
  };
  const apis = {
    tasks: tasks.api,
    reports: reports.api,
    detail: detail.api,
    logs: logs.api,
    runinfo: runinfo.api,
    compare: compare.api,
    cluster: cluster.api,
  };
  const actions: MonitorActions = {
    ...createLifecycleActions(ctx),
    ...createStatusActions(ctx),
    ...createUiActions(ctx),
    ...createPromptActions(ctx),
    ...createTextViewerActions(ctx),
    ...createDialogActions(ctx),
    ...createNavigationActions(ctx, apis),
    ...tasks.actions,
    ...detail.actions,
    ...logs.actions,
    ...runinfo.actions,
    ...reports.actions,
    ...cluster.actions,
    // A dialog belongs to the list that opened it (its `owner`), whatever view shows now.
    async submitDialog() {
      const owner = ctx.get().dialog?.owner;
      if (owner === 'tasks') await tasks.actions.submitTaskDialog();
      else if (owner === 'reports') await reports.actions.submitReportDialog();
      else if (owner === 'queues') await cluster.actions.submitClusterDialog();
    },
  };
  store.setState({ actions });
  return store;
}
