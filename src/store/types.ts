// The monitor store's state shape and actions. Everything except `actions` is plain,
// serialisable data, normalised (lists are `ids` + `byId`). UI components select primitives
// (or use `useShallow`) and call `actions.*`; they never call the API.
import type { StoreApi } from 'zustand/vanilla';
import type { LogLine } from '../text/log-window.js';

// ---- views, panes, overlays --------------------------------------------------------------

export type ViewName = 'tasks' | 'reports';
export type TasksPane = 'tasks' | 'scalars' | 'chart' | 'logs' | 'plots' | 'summary';
export type ReportsPane = 'reports' | 'details';
export type PaneName = TasksPane | ReportsPane;
/** The two filterable lists. */
export type ListName = 'tasks' | 'reports';

export const TASKS_PANES: readonly TasksPane[] = ['tasks', 'scalars', 'chart', 'logs', 'plots', 'summary'];
export const REPORTS_PANES: readonly ReportsPane[] = ['reports', 'details'];

export type XAxisMode = 'iter' | 'time';
/** EMA weights cycled by `s`; index 0 = no smoothing. One list, kept with the smoothing code. */
export { SMOOTHING_LEVELS } from '../text/smooth.js';

export type StatusLevel = 'info' | 'success' | 'error';
export interface StatusMessage {
  text: string;
  level: StatusLevel;
  /** Epoch ms after which the store clears it. */
  expiresAt: number;
}

/** The one-line input shown for `/`: a list filter, or a search in the logs. */
export interface PromptState {
  kind: 'filter' | 'search';
  /** The pane the prompt belongs to (tasks/reports list for filters, logs for search). */
  pane: PaneName;
  text: string;
}

/** Dialogs (issue 5 triage). Typed text lives here so nothing typed is lost on an error. */
export type DialogState =
  | {
      kind: 'confirm';
      action: ReportActionName;
      title: string;
      /** One line per affected item, and any warning (e.g. "the body can no longer be edited"). */
      lines: string[];
      ids: string[];
      /** Delete only: the second confirmation that sends `force: true`. */
      force?: boolean;
    }
  | {
      kind: 'input';
      action: ReportActionName;
      title: string;
      /** Which value is asked for (`create` asks name, then project, then tags). */
      field: 'name' | 'project' | 'tags' | 'comment';
      value: string;
      /** Completion candidates for the current value (project names, tags). */
      suggestions: string[];
      /** Values of the earlier steps of a multi-step dialog, by field. */
      collected: Record<string, string>;
      ids: string[];
      /** Why the last submit was refused (kept with the typed value). */
      error: string | null;
    }
  | {
      /** A filter picker (`T` tags, `P` project): a list narrowed by what is typed. */
      kind: 'pick';
      purpose: PickPurpose;
      title: string;
      /** Typed text narrowing the options (kept when options arrive later). */
      query: string;
      /** Every option, in display order before narrowing. */
      options: PickOption[];
      /** Index into the visible (narrowed) options. */
      cursor: number;
      /** The options are still being fetched (those shown so far are usable). */
      loading: boolean;
      /** The user changed an option's state (Tab); else Enter takes the highlighted one. */
      touched: boolean;
      /** Why loading the options failed (the ones already known stay usable). */
      error: string | null;
    };

/** What a picker filters by: tags (include / exclude, many) or project (one). */
export type PickPurpose = 'tags' | 'project';

export interface PickOption {
  /** The tag, or the project id ('' = every project). */
  value: string;
  label: string;
  /** Tags: include / exclude / off. Project: 'include' marks the chosen one. */
  state: 'off' | 'include' | 'exclude';
}

export type OverlayKind = 'none' | 'help' | 'dialog';

export interface UiState {
  view: ViewName;
  /** Focused pane, remembered per view. */
  focus: { tasks: TasksPane; reports: ReportsPane };
  overlay: OverlayKind;
  /** Set when overlay === 'dialog'. */
  dialog: DialogState | null;
  /** Set while the user types a filter or a search (`/`). */
  prompt: PromptState | null;
  /** Applied filter text per list (tasks: name regex; reports: `_any_` pattern). */
  filters: Record<ListName, string>;
  showArchived: Record<ListName, boolean>;
  xAxis: XAxisMode;
  /** Index into SMOOTHING_LEVELS. */
  smoothing: number;
  /** Terminal size, set by the UI on start and on resize. */
  cols: number;
  rows: number;
  /**
   * Visible rows of each pane's body, set by the UI's layout (paging, follow, log batch size).
   * 0 = not laid out. A pane with rows > 0, or focused, counts as shown: logs, plots/images and
   * single values are fetched only while shown.
   */
  paneRows: Record<PaneName, number>;
  status: StatusMessage | null;
  /** `--read-only`: triage actions are refused. */
  readOnly: boolean;
}

// ---- connection --------------------------------------------------------------------------

/**
 * connecting: nothing has answered yet; live: the last request succeeded; stale: a request
 * failed and one is in flight again; retrying: waiting for the next attempt after a failure;
 * auth-failed: the server refused our credentials (retried with backoff all the same).
 */
export type ConnectionStateName = 'connecting' | 'live' | 'stale' | 'retrying' | 'auth-failed';

export interface ConnectionState {
  state: ConnectionStateName;
  serverUrl: string;
  /** Epoch ms of the first failure of the current outage (null when live). */
  staleSince: number | null;
  /** Epoch ms of the next scheduled attempt while retrying (null otherwise). */
  nextAttemptAt: number | null;
  /** Consecutive failed attempts of the current outage. */
  attempt: number;
  /** Epoch ms of the last successful request. */
  lastSuccessAt: number | null;
  /** `ApiError.describe()` (or message) of the last connection-level failure. */
  lastError: string | null;
  /** Reason text when state === 'auth-failed'. */
  authReason: string | null;
}

/** An error shown inside one pane (bad data, a refused request); never thrown out of the store. */
export interface PaneError {
  message: string;
  /** The endpoint that failed, when known. */
  endpoint: string | null;
  at: number;
}

// ---- tasks -------------------------------------------------------------------------------

export interface TaskRow {
  id: string;
  name: string;
  status: string;
  type: string;
  project: string | null;
  user: string | null;
  /** Epoch ms (null when the server sent none). */
  lastUpdate: number | null;
  lastIteration: number | null;
  started: number | null;
  tags: string[];
  systemTags: string[];
  archived: boolean;
}

export interface TasksState {
  ids: string[];
  byId: Record<string, TaskRow>;
  /** The selection follows the task id across refreshes; index is its row. */
  selectedId: string | null;
  selectedIndex: number;
  /** Statuses to show (empty = all). */
  statusFilter: string[];
  /** True until the first answer (success or error) for the current query. */
  loading: boolean;
  loadingMore: boolean;
  /** More rows may exist past the loaded ones ("more on scroll"). */
  hasMore: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

// ---- selected task detail: scalars, chart --------------------------------------------------

export interface ScalarRow {
  metric: string;
  variant: string;
  last: number | null;
  /** last_100_value (spec) or last_10_value (real servers). */
  mean: number | null;
}

/** x is iteration or epoch ms (per `ScalarsState.seriesAxis`), ascending; y may hold NaN. */
export interface ScalarSeries {
  x: number[];
  y: number[];
}

export interface ScalarsState {
  /** The task these rows belong to. */
  taskId: string | null;
  rows: ScalarRow[];
  selectedIndex: number;
  /** Metric drawn in the chart pane (all its variants). */
  chartMetric: string | null;
  /** series[metric][variant], sampled by the server to about `samples` points. */
  series: Record<string, Record<string, ScalarSeries>>;
  /** The x-axis the series were fetched with. */
  seriesAxis: XAxisMode;
  /** Histogram samples to request: about the number of columns the UI draws. */
  samples: number;
  loading: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

// ---- selected task detail: logs ----------------------------------------------------------

/**
 * One display line of the log window (src/text/log-window.ts): sanitised `text` (SGR kept only
 * when the store was created with colour), `plain` for matching, `first` on an event's first
 * line, `id` unique for the window's life.
 */
export type { LogLine } from '../text/log-window.js';

export type LogSearchStatus = 'searching' | 'found' | 'not-found' | 'cancelled' | 'error';

export interface LogSearchState {
  query: string;
  /** Direction of the running/last step: 'older' for `n` (upwards), 'newer' for `N`. */
  direction: 'older' | 'newer';
  status: LogSearchStatus;
  /** Pages fetched by this search step so far (progress). */
  pagesFetched: number;
  /** The matching line (`LogLine.id`) and its index in `lines`, or null. */
  matchId: number | null;
  matchIndex: number | null;
  /** Why the search failed (bad regex, server error). */
  error: string | null;
}

export interface LogsState {
  taskId: string | null;
  /** The loaded window, oldest first; bounded (a window of pages, not the whole log). */
  lines: readonly LogLine[];
  /** Index in `lines` of the first visible row. */
  top: number;
  /** The window starts at the log's first line / ends at its newest known line. */
  atStart: boolean;
  atEnd: boolean;
  /** Poll newer lines every interval and stay at the bottom. */
  follow: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  search: LogSearchState | null;
  error: PaneError | null;
  fetchedAt: number | null;
}

// ---- selected task detail: plots, debug images, single values ---------------------------

export interface PlotItem {
  metric: string;
  variant: string;
  iter: number;
  timestamp: number;
  /** The Plotly figure JSON as sent (turned into text by src/text). */
  plotStr: string;
}

export interface DebugImageItem {
  metric: string;
  variant: string;
  iter: number;
  timestamp: number;
  url: string;
}

export interface SingleValueRow {
  metric: string;
  variant: string;
  value: number;
  timestamp: number;
}

export interface SectionState<T> {
  items: T[];
  loading: boolean;
  error: PaneError | null;
}

export interface ArtifactsState {
  taskId: string | null;
  plots: SectionState<PlotItem>;
  images: SectionState<DebugImageItem>;
  singleValues: SectionState<SingleValueRow>;
  /** Scroll offset (rows) of the plots and summary panes. */
  plotsTop: number;
  summaryTop: number;
  /** When the last fetch of the three sections finished (errors included, connection failures not). */
  fetchedAt: number | null;
}

// ---- reports -----------------------------------------------------------------------------

export interface ReportRow {
  id: string;
  name: string;
  comment: string;
  /** The markdown body. */
  body: string;
  status: string;
  tags: string[];
  systemTags: string[];
  archived: boolean;
  projectId: string | null;
  /** Project name with the hidden `/.reports` suffix removed. */
  project: string | null;
  user: string | null;
  lastUpdate: number | null;
}

export type ReportActionName =
  'archive' | 'unarchive' | 'publish' | 'move' | 'delete' | 'tags' | 'rename' | 'comment' | 'edit' | 'create';

/** An optimistic change waiting for the server; `before` restores the rows when it is refused. */
export interface PendingReportChange {
  action: ReportActionName;
  before: Record<string, ReportRow>;
  /** Rows removed optimistically (delete, or archive while archived ones are hidden), with their list positions. */
  removed: { id: string; index: number }[];
  /** Rows put back optimistically (undo of an archive that hid them). */
  inserted: string[];
}

export interface ReportsFilter {
  tagsInclude: string[];
  tagsExclude: string[];
  /** Empty = all statuses. */
  status: string[];
  /** Project id (a `.reports` project or its parent), or null for all projects. */
  projectId: string | null;
  /** The project's name as shown (null with projectId null, or for the root `.reports`). */
  projectName: string | null;
}

/** A project that holds reports, as the project filter offers it. */
export interface ReportProject {
  /** The `.reports` project's id (the server also accepts its parent's). */
  id: string;
  /** Name with `/.reports` removed; null for the root `.reports` (reports in no project). */
  name: string | null;
}

// ---- embedded report widgets (`reports.get_task_data`) -------------------------------------

export interface WidgetSeries {
  metric: string;
  variant: string;
  task: string;
  taskName: string;
  /** Iterations, or epoch ms for a time axis; ascending. */
  x: number[];
  y: number[];
}

export interface WidgetValue {
  task: string;
  taskName: string;
  metric: string;
  variant: string;
  value: number;
}

export interface WidgetPlot {
  task: string;
  taskName: string;
  metric: string;
  variant: string;
  iter: number;
  plotStr: string;
}

export interface WidgetImage {
  task: string;
  taskName: string;
  metric: string;
  variant: string;
  iter: number;
  url: string;
}

/** A widget's data, parsed and bounded (a few series, plots, images or values). */
export type WidgetData =
  | { kind: 'scalar'; axis: 'iter' | 'time'; series: WidgetSeries[] }
  | { kind: 'single'; values: WidgetValue[] }
  | { kind: 'plot'; plots: WidgetPlot[] }
  | { kind: 'sample'; images: WidgetImage[] };

export interface WidgetEntry {
  /** Fetching now (any earlier data stays shown meanwhile). */
  loading: boolean;
  data: WidgetData | null;
  /** Why the last fetch failed, with what to do. */
  error: string | null;
  fetchedAt: number | null;
}

export interface ReportsState {
  ids: string[];
  byId: Record<string, ReportRow>;
  selectedId: string | null;
  selectedIndex: number;
  filter: ReportsFilter;
  /** From `reports.get_tags`. */
  knownTags: string[];
  /** Project names (from `projects.get_all_ex`), loaded when a move/create dialog opens. */
  knownProjects: string[];
  /** Ids marked with `space` for a bulk action. */
  marked: string[];
  /** In-flight optimistic changes by a change id. */
  pending: Record<string, PendingReportChange>;
  /** The last archive/unarchive, offered for `u`. */
  undo: { action: 'archive' | 'unarchive'; ids: string[] } | null;
  /** Scroll offset (rows) of the details pane. */
  detailsTop: number;
  /** Rendered (wrapped) lines of the selected report's details, as the UI drew them; 0 = not drawn. */
  detailsLines: number;
  /** Data of embedded widgets by widget URL (a bounded cache), fetched while a report is shown. */
  widgets: Record<string, WidgetEntry>;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

// ---- the whole state -----------------------------------------------------------------------

export interface MonitorData {
  connection: ConnectionState;
  ui: UiState;
  tasks: TasksState;
  scalars: ScalarsState;
  logs: LogsState;
  artifacts: ArtifactsState;
  reports: ReportsState;
}

export interface MonitorActions {
  /** Starts the pollers (first load). Idempotent. */
  start(): void;
  /** Stops every poller, aborts in-flight requests and clears every timer. */
  stop(): void;
  /** Re-polls now: the visible list and the selected task's detail (forced refetch). */
  refresh(): void;

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
  /** Enter: task → focus scalars; metric → chart; report → details. */
  openSelected(): void;

  /** Opens the `/` prompt for the focused pane (filter for lists, search for logs). */
  openPrompt(): void;
  setPromptText(text: string): void;
  /** Applies the prompt: sets the list filter, or starts a log search. */
  submitPrompt(): void;
  cancelPrompt(): void;
  setFilter(list: ListName, text: string): void;
  clearFilter(list: ListName): void;
  setStatusFilter(list: ListName, statuses: string[]): void;
  setReportTagFilter(include: string[], exclude: string[]): void;
  /** Shows only the reports of one project (null: every project). */
  setReportProjectFilter(project: ReportProject | null): void;
  /** Clears the reports' text, tag, status and project filters. */
  clearReportFilters(): void;
  /** `T`: a picker of the known tags (`reports.get_tags`), each included, excluded or off. */
  requestTagFilter(): void;
  /** `P`: a picker of the projects that hold reports. */
  requestProjectFilter(): void;
  /** Moves the highlighted option of a picker. */
  moveDialogCursor(delta: number): void;
  /** Shows/hides archived items of the current view's list. */
  toggleArchived(): void;

  /** Log search from the current position, older pages first. */
  searchLog(query: string): void;
  /** `n`: next match upwards (older); `N`: downwards (newer). */
  searchNext(): void;
  searchPrev(): void;
  cancelSearch(): void;
  toggleFollow(): void;
  /** `g` in the logs: the log's first line, however long the log. */
  jumpToStart(): void;
  /** `G` in the logs: the newest lines (follow turns on). */
  jumpToEnd(): void;

  cycleXAxis(): void;
  cycleSmoothing(): void;
  /** Histogram samples to request (≈ columns the chart/sparklines draw). */
  setChartColumns(columns: number): void;
  setTerminalSize(cols: number, rows: number): void;
  setPaneRows(pane: PaneName, rows: number): void;
  /** The details pane's rendered line count (wrapped body, widgets), so scrolling reaches the end. */
  setDetailsLineCount(lines: number): void;

  /** The id of the selected task/report (the UI writes it with OSC 52), or null. */
  copyId(): string | null;
  showHelp(): void;
  /** Closes the prompt, dialog or help; false when nothing was open. */
  closeOverlay(): boolean;
  showStatus(text: string, level?: StatusLevel, ttlMs?: number): void;

  // ---- report triage (issue 5). Each acts on the marked reports, else the selected one. Results
  // and server errors go to `ui.status`; the list changes at once and is rolled back on refusal.
  // All are refused in read-only mode. The promises settle when the server has answered.
  /** `space`: marks/unmarks the selected report for a bulk action. */
  toggleMark(): void;
  clearMarks(): void;
  /** `a`: archives (or, when every target is archived, unarchives) at once; `u` undoes. */
  archiveToggle(): Promise<void>;
  /** `u`: reverses the last archive/unarchive. */
  undo(): Promise<void>;
  /** `p`: asks for confirmation (the body can no longer be edited afterwards). */
  requestPublish(): void;
  /** `m`: asks for a project name, offering existing names. */
  requestMove(): void;
  /** `d`: asks for confirmation, and again (force) when a target is published or not archived. */
  requestDelete(): void;
  /** `t`: edits tags: `a, b` adds, `-a` removes; for one report the current tags are prefilled. */
  requestTags(): void;
  requestRename(): void;
  requestComment(): void;
  /** `n`: asks name, then project (optional), then tags (optional). */
  requestCreate(): void;
  /** Typing in an input dialog (suggestions follow the value) or a picker (narrows the options). */
  setDialogValue(text: string): void;
  /**
   * Input dialogs: takes suggestion `index` (default the first) into the value. Pickers: the
   * highlighted tag cycles include → exclude → off; the highlighted project becomes the choice.
   */
  completeDialog(index?: number): void;
  /** `y`/Enter: confirms, submits the typed value (the next step of a multi-step dialog), or applies a picker. */
  submitDialog(): Promise<void>;
  /** `e`: the body to edit for the selected draft report, or null (with a status message saying why). */
  beginEditBody(): { id: string; body: string } | null;
  /** Saves an edited body (after `$EDITOR` exits). */
  saveBody(id: string, body: string): Promise<void>;
}

export interface MonitorState extends MonitorData {
  actions: MonitorActions;
}

export type MonitorStore = StoreApi<MonitorState>;
