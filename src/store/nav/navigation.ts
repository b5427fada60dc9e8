// Moving around: the focused pane decides what j/k, g/G, paging and Enter do. This is the top
// of the store: it reaches each slice through its public face (index.ts, and the api object
// each slice hands the composition root), and no slice imports it.
import type { ClusterApi } from '../cluster/index.js';
import { showStatus, type StoreContext } from '../core/index.js';
import { compareActive, type CompareApi } from '../compare/index.js';
import type { DetailApi } from '../detail/index.js';
import { logRows, type LogsApi } from '../logs/index.js';
import { type PaneName, type ListName, type ViewName } from '../panes.js';
import type { ReportsApi } from '../reports/index.js';
import type { RunInfoApi } from '../run-info/index.js';
import type { TasksApi } from '../tasks/index.js';
import type { MonitorState } from '../types.js';
import { focusedPane, focusPane, focusStep, showView } from '../ui/index.js';
import { openSelectedText } from './text-viewer.js';

/** The slices' movers, handed over by the composition root. */
export interface SliceApis {
  tasks: TasksApi;
  reports: ReportsApi;
  detail: DetailApi;
  logs: LogsApi;
  runinfo: RunInfoApi;
  compare: CompareApi;
  cluster: ClusterApi;
}

/** Rows one page moves in a pane: its visible rows less one line of overlap. */
export function pageRows(state: MonitorState, pane: PaneName): number {
  const rows =
    pane === 'logs' ? logRows(state) : state.ui.paneRows[pane] > 0 ? state.ui.paneRows[pane] : state.ui.rows - 6;
  return Math.max(1, rows - 1);
}

type Mover = (apis: SliceApis, state: MonitorState, delta: number) => void;

/** What j/k (and paging, g/G) move in each pane: a list's cursor, or a text pane's scroll. */
const MOVERS: Record<PaneName, Mover> = {
  tasks: (apis, state, delta) => apis.tasks.moveTask(state.tasks.selectedIndex + delta),
  reports: (apis, state, delta) => apis.reports.moveReport(state.reports.selectedIndex + delta),
  scalars: (apis, state, delta) =>
    compareActive(state) ? apis.compare.moveCompareCursor(delta) : apis.detail.moveScalarRow(delta),
  chart: (apis, state, delta) =>
    compareActive(state) ? apis.compare.moveCompareCursor(delta) : apis.detail.moveChartMetric(delta),
  logs: (apis, _state, delta) => apis.logs.moveLogCursor(delta),
  plots: (apis, state, delta) =>
    compareActive(state) ? apis.compare.scrollComparePlots(delta) : apis.detail.scrollPlots(delta),
  summary: (apis, _state, delta) => apis.detail.scrollSummary(delta),
  runinfo: (apis, _state, delta) => apis.runinfo.moveRunInfoCursor(delta),
  details: (apis, _state, delta) => apis.reports.scrollDetails(delta),
  workers: (apis, state, delta) => apis.cluster.moveWorker(state.cluster.workerIndex + delta),
  queues: (apis, state, delta) => apis.cluster.moveEntry(state.cluster.entryIndex + delta),
};

/** A move large enough to reach either end of any pane. */
const FAR = Number.MAX_SAFE_INTEGER / 2;

export interface NavigationActions {
  setView(view: ViewName): void;
  focusPane(pane: PaneName): void;
  focusNext(): void;
  focusPrev(): void;
  /** In the focused pane: list selection, scalar row, or log/details/plots scroll. */
  moveSelection(delta: number): void;
  toTop(): void;
  toBottom(): void;
  /** One page (the pane's visible rows) down (+1) or up (-1). */
  page(direction: 1 | -1): void;
  /** Enter: task → focus scalars; metric → chart; report → details; worker → its task in the Tasks view. */
  openSelected(): void;
  /** Opens the viewer on what is selected in the focused pane (log line, summary value). */
  openSelectedText(): void;
  /** Moves the log sideways by `steps` of SIDEWAYS_STEP columns (not below 0; not while lines wrap). */
  scrollLogSideways(steps: number): void;
  setStatusFilter(list: ListName, statuses: string[]): void;
  /** The id of the selected task/report (the UI writes it with OSC 52), or null. */
  copyId(): string | null;
}

export function createNavigationActions(ctx: StoreContext, apis: SliceApis): NavigationActions {
  const moveBy = (delta: number): void => {
    const state = ctx.get();
    MOVERS[focusedPane(state)](apis, state, delta);
  };
  return {
    setView: (view) => showView(ctx, view),
    focusPane: (pane) => focusPane(ctx, pane),
    focusNext: () => focusStep(ctx, 1),
    focusPrev: () => focusStep(ctx, -1),
    moveSelection(delta) {
      if (delta !== 0) moveBy(Math.trunc(delta));
    },
    toTop() {
      if (focusedPane(ctx.get()) === 'logs') apis.logs.jumpToStart();
      else moveBy(-FAR);
    },
    toBottom() {
      if (focusedPane(ctx.get()) === 'logs') apis.logs.jumpToEnd();
      else moveBy(FAR);
    },
    page(direction) {
      const state = ctx.get();
      const rows = direction * pageRows(state, focusedPane(state));
      // A page in the logs scrolls the view (the cursor stays on its row); j/k move the cursor.
      if (focusedPane(state) === 'logs') apis.logs.scrollLog(rows);
      else moveBy(rows);
    },
    openSelected() {
      const state = ctx.get();
      switch (focusedPane(state)) {
        case 'tasks':
          if (state.tasks.selectedId !== null) focusPane(ctx, 'scalars');
          return;
        case 'scalars': {
          if (compareActive(state)) return focusPane(ctx, 'chart');
          const outcome = apis.detail.chartSelectedRow();
          if (outcome === 'folded') state.actions.toggleMonitorFold();
          else if (outcome === 'charted') focusPane(ctx, 'chart');
          return;
        }
        case 'reports':
          if (state.reports.selectedId !== null) focusPane(ctx, 'details');
          return;
        case 'workers':
          return state.actions.openWorkerTask();
        default:
          return;
      }
    },
    openSelectedText: () => openSelectedText(ctx),
    scrollLogSideways(steps) {
      if (!ctx.get().ui.logWrap) apis.logs.scrollSideways(steps);
    },
    setStatusFilter(list, statuses) {
      if (list === 'tasks') apis.tasks.setStatusFilter([...statuses]);
      else apis.reports.setStatusFilter([...statuses]);
    },
    copyId() {
      const state = ctx.get();
      const id = state.ui.view === 'tasks' ? state.tasks.selectedId : state.reports.selectedId;
      if (id !== null) showStatus(ctx, `copied ${id}`, 'success');
      return id;
    },
  };
}
