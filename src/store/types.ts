// The monitor store's whole state and actions, composed from the slices. Each slice's file
// holds its state types, initial state and actions; this module only names the whole and
// re-exports the slices' types (the public store API). Everything except `actions` is plain,
// serialisable data, normalised (lists are `ids` + `byId`). UI components select primitives
// (or use `useShallow`) and call `actions.*`; they never call the API.
import type { StoreApi } from 'zustand/vanilla';
import type { CompareActions, CompareState } from './compare/compare.js';
import type { ConnectionState } from './core/connection.js';
import type { ImageViewActions, ImageViewState } from './detail/image-view.js';
import type { NavigationActions } from './ui/navigation.js';
import type { LifecycleActions } from './core/pollers.js';
import type { PromptActions } from './ui/prompt.js';
import type { TriageActions } from './reports/actions.js';
import type { ReportDialogActions } from './reports/dialogs.js';
import type { ReportFilterActions } from './reports/filters.js';
import type { ReportsState } from './reports/list.js';
import type { RunInfoActions, RunInfoState } from './run-info/run-info.js';
import type { ArtifactsState, DetailActions, ScalarsState } from './detail/task-detail.js';
import type { LogsActions, LogsState } from './logs/logs.js';
import type { TaskListActions } from './tasks/list-actions.js';
import type { TaskSideActions } from './tasks/task-actions.js';
import type { TextViewerActions } from './ui/text-viewer.js';
import type { TasksState } from './tasks/list.js';
import type { UiActions, UiState } from './ui/ui-state.js';

export type { ConnectionState, ConnectionStateName } from './core/connection.js';
export type { ImageStatus, ImageStep, ImageViewState } from './detail/image-view.js';
export type { DialogState, PickOption, PickPurpose } from './ui/dialogs.js';
export type { PaneError } from './core/errors.js';
export type { PendingReportChange, ReportActionName, ReportKeyActionId } from './reports/changes.js';
export type { WidgetData, WidgetEntry, WidgetImage, WidgetPlot, WidgetSeries, WidgetValue } from './reports/widgets.js';
export type { ReportProject, ReportRow, ReportsFilter, ReportsState } from './reports/list.js';
export type {
  ArtifactsState,
  DebugImageItem,
  PlotItem,
  ScalarRow,
  ScalarSeries,
  ScalarsState,
  SectionState,
  SingleValueRow,
} from './detail/task-detail.js';
export type { CompareState } from './compare/compare.js';
export type { ComparePlot } from './compare/compare-plots.js';
export type { CompareRow } from '../text/compare.js';
export type { RunInfoSearch, RunInfoState } from './run-info/run-info.js';
export type { InfoLine, RunInfo } from '../text/run-info.js';
export type { LogLine, LogSearchState, LogSearchStatus, LogsState } from './logs/logs.js';
export type { TaskRow, TasksState } from './tasks/list.js';
export { TASK_STATUS_CHOICES } from './tasks/list.js';
export { RARE_TASK_STATUSES, TASK_STATUS_CYCLE } from './tasks/list.js';
export type { TaskSort, TaskSortField } from './tasks/sort.js';
export { REPORTS_PANES, TASKS_PANES } from './panes.js';
export type { ListName, PaneName, ReportsPane, TasksPane, ViewName } from './panes.js';
export { SMOOTHING_LEVELS } from './ui/ui-state.js';
export type {
  OverlayKind,
  PromptState,
  StatusLevel,
  StatusMessage,
  TextViewerState,
  UiState,
  XAxisMode,
} from './ui/ui-state.js';

/** The state, one key per slice. */
export interface MonitorData {
  connection: ConnectionState;
  ui: UiState;
  tasks: TasksState;
  scalars: ScalarsState;
  logs: LogsState;
  artifacts: ArtifactsState;
  imageView: ImageViewState;
  runinfo: RunInfoState;
  compare: CompareState;
  reports: ReportsState;
}

/** Every action, one interface per slice (each slice's file documents its own). */
export interface MonitorActions
  extends
    LifecycleActions,
    NavigationActions,
    UiActions,
    PromptActions,
    DetailActions,
    LogsActions,
    RunInfoActions,
    CompareActions,
    TaskListActions,
    TextViewerActions,
    ReportFilterActions,
    TriageActions,
    ReportDialogActions,
    ImageViewActions,
    TaskSideActions {}

export interface MonitorState extends MonitorData {
  actions: MonitorActions;
}

export type MonitorStore = StoreApi<MonitorState>;
