// The monitor store's whole state and actions, composed from the slices. Each slice's folder
// holds its state types, initial state, actions and selectors, and shows them in its index.ts;
// this module only names the whole and re-exports the slices' types (the public store API).
// Everything except `actions` is plain, serialisable data, normalised (lists are `ids` +
// `byId`). UI components select primitives (or use `useShallow`) and call `actions.*`; they
// never call the API.
import type { StoreApi } from 'zustand/vanilla';
import type { ClusterActions, ClusterState } from './cluster/index.js';
import type { CompareState } from './compare/index.js';
import type {
  ConnectionState,
  DialogActions,
  DialogState,
  LifecycleActions,
  StatusActions,
  StatusMessage,
} from './core/index.js';
import type { ArtifactsState, DetailActions, ImageViewActions, ImageViewState, ScalarsState } from './detail/index.js';
import type { LogsActions, LogsState } from './logs/index.js';
import type { NavigationActions } from './nav/index.js';
import type { ReportActions, ReportsState } from './reports/index.js';
import type { RunInfoActions, RunInfoState } from './run-info/index.js';
import type { TaskActions, TasksState } from './tasks/index.js';
import type { PromptActions, TextViewerActions, UiActions, UiState } from './ui/index.js';

export type { ConnectionState, ConnectionStateName } from './core/index.js';
export type { DialogState, PickOption, PickPurpose } from './core/index.js';
export type { PaneError } from './core/index.js';
export type { StatusLevel, StatusMessage } from './core/index.js';
export type { PendingReportChange, ReportActionName, ReportKeyActionId } from './reports/index.js';
export type { WidgetData, WidgetEntry, WidgetImage, WidgetPlot, WidgetSeries, WidgetValue } from './reports/index.js';
export type { ReportProject, ReportRow, ReportsFilter, ReportsState } from './reports/index.js';
export type * from './detail/index.js';
export type { CompareState, ComparePlot } from './compare/index.js';
export type { RunInfoSearch, RunInfoState } from './run-info/index.js';
export type { LogLine, LogSearchState, LogSearchStatus, LogsState } from './logs/index.js';
export type { EditOutcome, RerunSource, TaskRow, TasksState } from './tasks/index.js';
export type {
  ClusterQueue,
  ClusterState,
  ClusterWorker,
  MachineBars,
  QueueEntryRow,
  QueueMove,
  WorkerSpark,
} from './cluster/index.js';
export { TASK_STATUS_CHOICES, RARE_TASK_STATUSES, TASK_STATUS_CYCLE } from './tasks/index.js';
export type { TaskSort, TaskSortField } from './tasks/index.js';
export { CLUSTER_PANES, REPORTS_PANES, TASKS_PANES } from './panes.js';
export type { ClusterPane, ListName, PaneName, ReportsPane, TasksPane, ViewName } from './panes.js';
export { SMOOTHING_LEVELS } from './ui/index.js';
export type { OverlayKind, PromptState, TextViewerState, UiState, XAxisMode } from './ui/index.js';

/** The state, one key per slice (connection, status and dialog are the core's). */
export interface MonitorData {
  connection: ConnectionState;
  /** The status line. */
  status: StatusMessage | null;
  /** The one modal dialog (a confirm, an input or a picker), over everything else. */
  dialog: DialogState | null;
  ui: UiState;
  tasks: TasksState;
  scalars: ScalarsState;
  logs: LogsState;
  artifacts: ArtifactsState;
  imageView: ImageViewState;
  runinfo: RunInfoState;
  compare: CompareState;
  reports: ReportsState;
  cluster: ClusterState;
}

/** Every action, one interface per slice (each slice documents its own). */
export interface MonitorActions
  extends
    LifecycleActions,
    StatusActions,
    NavigationActions,
    UiActions,
    PromptActions,
    TextViewerActions,
    DialogActions,
    DetailActions,
    ImageViewActions,
    LogsActions,
    RunInfoActions,
    TaskActions,
    ReportActions,
    ClusterActions {
  /** `y`/Enter in the open dialog: the list that opened it confirms, submits or applies it. */
  submitDialog(): Promise<void>;
}

export interface MonitorState extends MonitorData {
  actions: MonitorActions;
}

export type MonitorStore = StoreApi<MonitorState>;
