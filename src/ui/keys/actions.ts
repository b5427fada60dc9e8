// What each keymap action does: one handler per action id. `ActionId` is the set of this
// table's keys, so a binding cannot name an action without a handler, and a handler cannot
// be added without the type knowing it.
import {
  TASK_STATUS_CYCLE,
  type ListName,
  type MonitorActions,
  type MonitorState,
  type MonitorStore,
  type PaneName,
  type ReportKeyActionId,
} from '../../store/types.js';
import { PANE_SPECS, isSearchPane, type FocusablePane, type SearchPane } from '../../store/panes.js';
import { focusedPane } from '../../store/index.js';
import { counted } from '../../text/format.js';
import { viewerTextWidth } from '../../text/viewer-rows.js';

/** What the router needs from outside the store: the terminal and the process. */
export interface UiEffects {
  quit(): void;
  /** Clears the screen and writes the whole frame again. */
  repaint(): void;
  /** Puts text on the user's clipboard (OSC 52). */
  copy(text: string): void;
  /** Opens the report body in $EDITOR; resolves after it is saved (or not). */
  editBody(id: string, body: string): void;
  /** Scrolls the help overlay by rows (Infinity / -Infinity: to the end / start). */
  scrollHelp(delta: number): void;
  /** `z`: the full-resolution image where the terminal has a graphics protocol, else says why not. */
  fullResolution?(): void;
  /** `E`: exports what the focused pane shows to a file; says where (or what went wrong) in the status line. */
  exportPane?(pane: PaneName, taskId: string): void;
  /**
   * `e` in the Tasks view: the selected task's hyperparameters in $EDITOR, then the store's
   * finishRerun with what came back (absent where no editor can run).
   */
  rerunTask?(): void;
}

export interface ActionContext {
  store: MonitorStore;
  /** The state when the key arrived (handlers that need it fresh read `store`). */
  state: MonitorState;
  actions: MonitorActions;
  effects: UiEffects;
  /** Rows of the help overlay (one page). */
  helpRows: number;
}

type Handler = (c: ActionContext) => void;

/** Status filters `S` cycles through, per list (empty = all). */
export const STATUS_CYCLES: Record<ListName, readonly (readonly string[])[]> = {
  tasks: [[], ...TASK_STATUS_CYCLE],
  reports: [[], ['created'], ['published']],
};

/** The status filter after `current` in the cycle (an unknown one starts over at "all"). */
export function nextStatusFilter(list: ListName, current: readonly string[]): string[] {
  const cycle = STATUS_CYCLES[list];
  const at = cycle.findIndex((c) => c.length === current.length && c.every((s, i) => s === current[i]));
  return [...(cycle[(at + 1) % cycle.length] ?? [])];
}

/** Options a picker moves by with PgUp / PgDn. */
export const PICK_PAGE = 10;

/** Settles a store promise; failures are already reported in the status line by the store. */
function settle(promise: Promise<void>): void {
  promise.catch(() => undefined);
}

function dropLastChar(text: string): string {
  const chars = [...text];
  chars.pop();
  return chars.join('');
}

/** The text being typed in the open prompt, input dialog or picker. */
export function typedValue(state: MonitorState): string {
  const dialog = state.dialog;
  if (state.ui.prompt !== null) return state.ui.prompt.text;
  if (dialog?.kind === 'pick') return dialog.query;
  return dialog?.kind === 'input' ? dialog.value : '';
}

/** Replaces the typed text of whatever takes typing now (the prompt first, else the dialog). */
export function setTypedValue(c: ActionContext, text: string): void {
  if (c.state.ui.prompt !== null) c.actions.setPromptText(text);
  else c.actions.setDialogValue(text);
}

/** `n` / `N` and `esc` in each pane where `/` searches (src/store/panes.ts). */
const SEARCH_KEYS: Record<SearchPane, { step(c: ActionContext, direction: 1 | -1): void; clear: Handler }> = {
  logs: {
    step: (c, direction) => (direction === 1 ? c.actions.searchNext() : c.actions.searchPrev()),
    clear: (c) => {
      const search = c.state.logs.search;
      if (search?.status === 'searching') c.actions.cancelSearch();
      else if (search !== null) c.actions.searchLog('');
    },
  },
  runinfo: {
    step: (c, direction) => c.actions.runInfoSearchStep(direction),
    clear: (c) => c.actions.searchRunInfo(''),
  },
};

/** The search keys of the focused pane, when `/` searches there. */
function searchKeys(c: ActionContext): (typeof SEARCH_KEYS)[SearchPane] | null {
  const pane = focusedPane(c.state);
  return isSearchPane(pane) ? SEARCH_KEYS[pane] : null;
}

/** One `focus-<pane>` action per pane with a focus key (the keys are bound in bindings.ts). */
const FOCUS_HANDLERS = Object.fromEntries(
  PANE_SPECS.flatMap((spec) =>
    spec.focus === null ? [] : [[`focus-${spec.name}`, (c: ActionContext) => c.actions.focusPane(spec.name)]],
  ),
) as Record<`focus-${FocusablePane}`, Handler>;

const helpPage = (c: ActionContext): number => Math.max(1, c.helpRows - 1);

/** The URL of the debug image the plots pane shows, or null (after saying why). */
function imageUrl(c: ActionContext): string | null {
  const url = c.state.imageView.taskId === null ? null : c.state.imageView.url;
  if (url === null) c.actions.showStatus('no debug image shown: move to one with j/k', 'info');
  return url;
}

/** One handler for each key of the store's report actions (REPORT_ACTIONS), no more, no fewer. */
const REPORT_HANDLERS = {
  archive: (c) => settle(c.actions.archiveReports()),
  publish: (c) => c.actions.requestPublish(),
  move: (c) => c.actions.requestReportMove(),
  delete: (c) => c.actions.requestReportDelete(),
  tags: (c) => c.actions.requestReportTags(),
  rename: (c) => c.actions.requestReportRename(),
  comment: (c) => c.actions.requestComment(),
  edit: (c) => {
    const target = c.actions.beginEditBody();
    if (target !== null) c.effects.editBody(target.id, target.body);
  },
  'new-report': (c) => c.actions.requestCreate(),
} satisfies Record<ReportKeyActionId, Handler>;

/** Scrolls the text viewer (full width, as tall as the help) by rows, clamped to its text. */
function scrollViewer(c: ActionContext, delta: number): void {
  if (c.state.ui.viewer === null) return;
  c.actions.scrollViewer(delta, viewerTextWidth(c.state.ui.cols), c.helpRows);
}

export const ACTION_HANDLERS = {
  // ---- everywhere, views and panes
  help: (c) => c.actions.showHelp(),
  quit: (c) => {
    if (!c.actions.closeOverlay()) c.effects.quit();
  },
  exit: (c) => c.effects.quit(),
  'view-tasks': (c) => (c.state.ui.view === 'tasks' ? c.actions.focusPane('tasks') : c.actions.setView('tasks')),
  'view-reports': (c) =>
    c.state.ui.view === 'reports' ? c.actions.focusPane('reports') : c.actions.setView('reports'),
  'view-cluster': (c) =>
    c.state.ui.view === 'cluster' ? c.actions.focusPane('workers') : c.actions.setView('cluster'),
  'focus-next': (c) => c.actions.focusNext(),
  'focus-prev': (c) => c.actions.focusPrev(),
  ...FOCUS_HANDLERS,
  down: (c) => c.actions.moveSelection(1),
  up: (c) => c.actions.moveSelection(-1),
  top: (c) => c.actions.toTop(),
  bottom: (c) => c.actions.toBottom(),
  'page-down': (c) => c.actions.page(1),
  'page-up': (c) => c.actions.page(-1),
  open: (c) => c.actions.openSelected(),
  filter: (c) => c.actions.openPrompt(),
  search: (c) => c.actions.openPrompt(),
  'search-next': (c) => searchKeys(c)?.step(c, 1),
  'search-prev': (c) => searchKeys(c)?.step(c, -1),
  'clear-filter': (c) =>
    c.state.ui.view === 'reports' ? c.actions.clearReportFilters() : c.actions.clearTaskFilters(),
  'clear-search': (c) => searchKeys(c)?.clear(c),
  refresh: (c) => c.actions.refresh(),
  repaint: (c) => c.effects.repaint(),
  follow: (c) => c.actions.toggleFollow(),
  'x-axis': (c) => c.actions.cycleXAxis(),
  'log-scale': (c) => c.actions.toggleLogScale(),
  'fold-monitor': (c) => c.actions.toggleMonitorFold(),
  zoom: (c) => c.actions.toggleZoom(),
  smoothing: (c) => c.actions.cycleSmoothing(),
  'copy-id': (c) => {
    const id = c.actions.copyId();
    if (id !== null) c.effects.copy(id);
  },
  archived: (c) => c.actions.toggleArchived(),
  'status-filter': (c) => {
    const list = c.state.ui.view;
    if (list === 'cluster') return;
    const current = list === 'tasks' ? c.state.tasks.statusFilter : c.state.reports.filter.status;
    c.actions.setStatusFilter(list, nextStatusFilter(list, current));
  },
  'sort-next': (c) => c.actions.cycleTaskSort(),
  'sort-reverse': (c) => c.actions.reverseTaskSort(),
  jump: (c) => c.actions.openJumpPrompt(),
  'look-at-failures': (c) => c.actions.lookAtFailures(),
  'open-text': (c) => c.actions.openSelectedText(),
  'log-wrap': (c) => c.actions.toggleLogWrap(),
  'log-left': (c) => c.actions.scrollLogSideways(-1),
  'log-right': (c) => c.actions.scrollLogSideways(1),
  // One binding in both lists: the list the key is pressed in picks.
  'tag-filter': (c) =>
    focusedPane(c.state) === 'tasks' ? c.actions.requestTaskTagFilter() : c.actions.requestReportTagFilter(),
  'project-filter': (c) =>
    focusedPane(c.state) === 'tasks' ? c.actions.requestTaskProjectFilter() : c.actions.requestReportProjectFilter(),
  'user-filter': (c) => c.actions.requestUserFilter(),
  'metric-columns': (c) => c.actions.requestMetricColumns(),
  abort: (c) => c.actions.requestAbort(),
  // ---- debug images (plots pane) and export
  'image-earlier': (c) => settle(c.actions.stepImage('earlier')),
  'image-later': (c) => settle(c.actions.stepImage('later')),
  'image-first': (c) => settle(c.actions.stepImage('first')),
  'image-last': (c) => settle(c.actions.stepImage('last')),
  'show-url': (c) => {
    const url = imageUrl(c);
    if (url !== null) c.actions.showStatus(url, 'info', 30_000);
  },
  'copy-url': (c) => {
    const url = imageUrl(c);
    if (url === null) return;
    c.effects.copy(url);
    c.actions.showStatus('copied the image URL', 'success');
  },
  'full-resolution': (c) => {
    if (c.effects.fullResolution) c.effects.fullResolution();
    else c.actions.showStatus('full-resolution images are not available here', 'info');
  },
  'export-pane': (c) => {
    const taskId = c.state.tasks.selectedId;
    if (taskId === null) c.actions.showStatus('no task selected to export', 'error');
    else if (c.effects.exportPane) c.effects.exportPane(c.state.ui.focus.tasks, taskId);
    else c.actions.showStatus('export is not available in this mode', 'error');
  },
  'mark-task': (c) => c.actions.toggleTaskMark(),
  'clear-marks': (c) => c.actions.clearTaskMarks(),
  // ---- task triage
  'task-archive': (c) => settle(c.actions.archiveTasks()),
  'task-undo': (c) => settle(c.actions.undoTaskArchive()),
  'task-tags': (c) => c.actions.requestTaskTags(),
  'task-move': (c) => c.actions.requestTaskMove(),
  'task-rename': (c) => c.actions.requestTaskRename(),
  'task-delete': (c) => c.actions.requestTaskDelete(),
  'task-clone': (c) => c.actions.requestClone(),
  'task-enqueue': (c) => c.actions.requestEnqueue(),
  'task-dequeue': (c) => settle(c.actions.dequeueTasks()),
  'task-rerun': (c) => {
    if (c.effects.rerunTask) c.effects.rerunTask();
    else c.actions.showStatus('rerun with changes needs $EDITOR on an interactive terminal', 'error');
  },
  // ---- the Cluster view
  'queue-up': (c) => settle(c.actions.moveQueueEntry('up')),
  'queue-down': (c) => settle(c.actions.moveQueueEntry('down')),
  'queue-top': (c) => settle(c.actions.moveQueueEntry('top')),
  'queue-bottom': (c) => settle(c.actions.moveQueueEntry('bottom')),
  'queue-remove': (c) => c.actions.requestQueueRemove(),
  // ---- report triage
  mark: (c) => c.actions.toggleReportMark(),
  undo: (c) => settle(c.actions.undoReportArchive()),
  ...REPORT_HANDLERS,
  // ---- the `/` prompt
  'prompt-apply': (c) => c.actions.submitPrompt(),
  'prompt-cancel': (c) => c.actions.cancelPrompt(),
  'prompt-history-up': (c) => c.actions.recallSearch(-1),
  'prompt-history-down': (c) => c.actions.recallSearch(1),
  // ---- dialogs and pickers
  'dialog-submit': (c) => settle(c.actions.submitDialog()),
  'dialog-cancel': (c) => void c.actions.closeOverlay(),
  'dialog-complete': (c) => c.actions.completeDialog(),
  'pick-up': (c) => c.actions.moveDialogCursor(-1),
  'pick-down': (c) => c.actions.moveDialogCursor(1),
  'pick-page-up': (c) => c.actions.moveDialogCursor(-PICK_PAGE),
  'pick-page-down': (c) => c.actions.moveDialogCursor(PICK_PAGE),
  // ---- typing (prompt, input dialogs, pickers)
  'delete-char': (c) => setTypedValue(c, dropLastChar(typedValue(c.state))),
  'clear-text': (c) => setTypedValue(c, ''),
  // ---- the text viewer
  'viewer-down': (c) => scrollViewer(c, 1),
  'viewer-up': (c) => scrollViewer(c, -1),
  'viewer-page-down': (c) => scrollViewer(c, helpPage(c)),
  'viewer-page-up': (c) => scrollViewer(c, -helpPage(c)),
  'viewer-copy': (c) => {
    const text = c.actions.viewerText();
    if (text === null) return;
    c.effects.copy(text);
    c.actions.showStatus(`copied ${counted(text.length, 'character')}`, 'success');
  },
  'viewer-close': (c) => void c.actions.closeOverlay(),
  // ---- the help overlay
  'help-close': (c) => void c.actions.closeOverlay(),
  'help-down': (c) => c.effects.scrollHelp(1),
  'help-up': (c) => c.effects.scrollHelp(-1),
  'help-page-down': (c) => c.effects.scrollHelp(helpPage(c)),
  'help-page-up': (c) => c.effects.scrollHelp(-helpPage(c)),
  'help-top': (c) => c.effects.scrollHelp(-Infinity),
  'help-bottom': (c) => c.effects.scrollHelp(Infinity),
} satisfies Record<string, Handler>;

export type ActionId = keyof typeof ACTION_HANDLERS;

/** Runs one keymap action. */
export function runAction(action: ActionId, c: ActionContext): void {
  const handler: Handler = ACTION_HANDLERS[action];
  handler(c);
}
