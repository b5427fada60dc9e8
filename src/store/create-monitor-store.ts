// createMonitorStore: the monitor's state, its pollers and the actions the UI binds to keys.
// No React here: the UI reads the store with zustand's useStore and calls `actions`.
import { createStore } from 'zustand/vanilla';
import { changedSlices } from './same-data.js';
import type { Bookkeeping, Pollers, StoreContext, StoreDeps } from './context.js';
import { initialData, type InitialOptions } from './initial-state.js';
import {
  afterViewOrFocusChange,
  focusedPane,
  focusPane,
  focusStep,
  moveSelection,
  openSelected,
  page,
  setView,
  toBottom,
  toTop,
} from './navigation.js';
import type { Poller, Timers } from './poller.js';
import { createPollers } from './pollers.js';
import { archiveToggle, beginEditBody, clearMarks, saveBody, toggleMark, undo } from './report-actions.js';
import { createTriageBook } from './report-changes.js';
import {
  completeDialog,
  requestComment,
  requestCreate,
  requestDelete,
  requestMove,
  requestPublish,
  requestRename,
  requestTags,
  setDialogValue,
  submitDialog,
} from './report-dialogs.js';
import {
  clearReportFilters,
  movePickCursor,
  requestProjectFilter,
  requestTagFilter,
  setPickQuery,
  setProjectFilter,
  setTagFilter,
  submitPick,
  togglePick,
} from './report-filters.js';
import { refreshWidgets } from './report-widgets.js';
import { detailsMaxTop } from './navigation.js';
import { resetReportQuery } from './reports-list.js';
import { logsWanted } from './selected-task.js';
import { syncDetail } from './task-detail.js';
import {
  cancelSearch,
  requestLogOp,
  jumpToEnd,
  jumpToStart,
  newLogWindow,
  onLogRowsChanged,
  searchLog,
  searchStep,
  toggleFollow,
} from './task-logs.js';
import { resetTaskQuery } from './tasks-list.js';
import { showStatus as showStatusLine } from './status.js';
import {
  SMOOTHING_LEVELS,
  type ListName,
  type MonitorActions,
  type MonitorState,
  type MonitorStore,
  type PaneName,
  type StatusLevel,
} from './types.js';

export const DEFAULT_INTERVAL_MS = 5000;
export const DEFAULT_BACKOFF_BASE_MS = 1000;
export const DEFAULT_BACKOFF_CAP_MS = 60_000;
export const DEFAULT_PAGE_SIZE = 50;
export const MIN_HISTOGRAM_SAMPLES = 10;
export const MAX_HISTOGRAM_SAMPLES = 1000;

export function createMonitorStore(deps: StoreDeps): MonitorStore {
  const timers: Timers = {
    setTimeout: deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimeout: deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  const options: InitialOptions = {
    serverUrl: deps.serverUrl ?? (deps.client as { apiHost?: string }).apiHost ?? '',
    readOnly: deps.readOnly ?? false,
    cols: deps.cols ?? 80,
    rows: deps.rows ?? 24,
  };

  const store = createStore<MonitorState>()(() => ({ ...initialData(options), actions: {} as MonitorActions }));

  const book: Bookkeeping = {
    tasksScrollId: null,
    tasksWanted: pageSize,
    tasksWantMore: false,
    reportsScrollId: null,
    reportsWanted: pageSize,
    reportsWantMore: false,
    tagsWanted: true,
    scalarsFor: null,
    artifactsFor: null,
    logsFor: null,
    imagesScroll: null,
    logOp: null,
    logWindow: newLogWindow(deps.color ?? true),
    logColor: deps.color ?? true,
    selectAfterLoad: null,
    selectionTimer: null,
    statusTimer: null,
    widgetTimer: null,
    widgetsStale: new Set(),
    widgetOrder: [],
    widgetList: null,
    started: false,
  };

  const ctx: StoreContext = {
    get: store.getState,
    set: (update) =>
      store.setState((state) => {
        const partial = typeof update === 'function' ? update(state) : update;
        // Returning the same state object tells zustand nothing changed: no listener runs.
        return changedSlices<MonitorState>(state, partial as Partial<MonitorState>) ?? state;
      }),
    client: deps.client,
    now,
    timers,
    random: deps.random ?? Math.random,
    intervalMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
    backoffBaseMs: deps.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
    backoffCapMs: deps.backoffCapMs ?? DEFAULT_BACKOFF_CAP_MS,
    selectionDebounceMs: deps.selectionDebounceMs ?? 150,
    pageSize,
    pollers: undefined as unknown as Pollers,
    book,
  };

  ctx.pollers = createPollers(ctx);

  const showStatus = (text: string, level: StatusLevel = 'info', ttlMs?: number): void =>
    showStatusLine(ctx, text, level, ttlMs);

  const triage = createTriageBook();

  const currentList = (): ListName => ctx.get().ui.view;

  const setFilter = (list: ListName, text: string): void => {
    if (ctx.get().ui.filters[list] === text) return;
    ctx.set((s) => ({ ui: { ...s.ui, filters: { ...s.ui.filters, [list]: text } } }));
    if (list === 'tasks') resetTaskQuery(ctx);
    else resetReportQuery(ctx);
  };

  const actions: MonitorActions = {
    start() {
      if (book.started) return;
      book.started = true;
      for (const poller of Object.values(ctx.pollers) as Poller[]) poller.start();
    },
    stop() {
      book.started = false;
      for (const poller of Object.values(ctx.pollers) as Poller[]) poller.stop();
      for (const key of ['selectionTimer', 'statusTimer', 'widgetTimer'] as const) {
        if (book[key] !== null) {
          timers.clearTimeout(book[key]);
          book[key] = null;
        }
      }
    },
    refresh() {
      book.scalarsFor = null;
      book.artifactsFor = null;
      book.tagsWanted = true;
      const state = ctx.get();
      if (state.ui.view === 'tasks') {
        ctx.pollers.tasks.wake();
        syncDetail(ctx);
        if (logsWanted(state) && state.logs.follow && state.logs.lines.length > 0) requestLogOp(ctx, { kind: 'newer' });
      } else {
        ctx.pollers.reports.wake();
        refreshWidgets(ctx);
      }
    },

    setView: (view) => setView(ctx, view),
    focusPane: (pane) => focusPane(ctx, pane),
    focusNext: () => focusStep(ctx, 1),
    focusPrev: () => focusStep(ctx, -1),

    moveSelection: (delta) => moveSelection(ctx, delta),
    toTop: () => toTop(ctx),
    toBottom: () => toBottom(ctx),
    page: (direction) => page(ctx, direction),
    openSelected: () => openSelected(ctx),

    openPrompt() {
      const state = ctx.get();
      const pane = focusedPane(state);
      if (pane === 'tasks' || pane === 'reports') {
        ctx.set((s) => ({ ui: { ...s.ui, prompt: { kind: 'filter', pane, text: s.ui.filters[pane] } } }));
      } else if (pane === 'logs') {
        ctx.set((s) => ({ ui: { ...s.ui, prompt: { kind: 'search', pane, text: s.logs.search?.query ?? '' } } }));
      }
    },
    setPromptText(text) {
      ctx.set((s) => (s.ui.prompt === null ? {} : { ui: { ...s.ui, prompt: { ...s.ui.prompt, text } } }));
    },
    submitPrompt() {
      const prompt = ctx.get().ui.prompt;
      if (prompt === null) return;
      ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
      if (prompt.kind === 'search') searchLog(ctx, prompt.text);
      else if (prompt.pane === 'tasks' || prompt.pane === 'reports') setFilter(prompt.pane, prompt.text.trim());
    },
    cancelPrompt() {
      if (ctx.get().ui.prompt !== null) ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
    },
    setFilter,
    clearFilter: (list) => setFilter(list, ''),
    setStatusFilter(list, statuses) {
      if (list === 'tasks') {
        ctx.set((s) => ({ tasks: { ...s.tasks, statusFilter: [...statuses] } }));
        resetTaskQuery(ctx);
      } else {
        ctx.set((s) => ({ reports: { ...s.reports, filter: { ...s.reports.filter, status: [...statuses] } } }));
        resetReportQuery(ctx);
      }
    },
    setReportTagFilter(include, exclude) {
      setTagFilter(ctx, include, exclude);
    },
    setReportProjectFilter(project) {
      setProjectFilter(ctx, project);
    },
    clearReportFilters: () => clearReportFilters(ctx),
    requestTagFilter: () => requestTagFilter(ctx),
    requestProjectFilter: () => requestProjectFilter(ctx),
    moveDialogCursor: (delta) => movePickCursor(ctx, delta),
    toggleArchived() {
      const list = currentList();
      ctx.set((s) => ({ ui: { ...s.ui, showArchived: { ...s.ui.showArchived, [list]: !s.ui.showArchived[list] } } }));
      if (list === 'tasks') resetTaskQuery(ctx);
      else resetReportQuery(ctx);
    },

    searchLog: (query) => searchLog(ctx, query),
    searchNext: () => searchStep(ctx, 'older'),
    searchPrev: () => searchStep(ctx, 'newer'),
    cancelSearch: () => cancelSearch(ctx),
    toggleFollow: () => toggleFollow(ctx),
    jumpToStart: () => jumpToStart(ctx),
    jumpToEnd: () => jumpToEnd(ctx),

    cycleXAxis() {
      ctx.set((s) => ({ ui: { ...s.ui, xAxis: s.ui.xAxis === 'iter' ? 'time' : 'iter' } }));
      book.scalarsFor = null;
      syncDetail(ctx);
    },
    cycleSmoothing() {
      ctx.set((s) => ({ ui: { ...s.ui, smoothing: (s.ui.smoothing + 1) % SMOOTHING_LEVELS.length } }));
    },
    setChartColumns(columns) {
      const samples = Math.min(MAX_HISTOGRAM_SAMPLES, Math.max(MIN_HISTOGRAM_SAMPLES, Math.round(columns)));
      if (!Number.isFinite(samples) || samples === ctx.get().scalars.samples) return;
      ctx.set((s) => ({ scalars: { ...s.scalars, samples } }));
      book.scalarsFor = null;
      syncDetail(ctx);
    },
    setTerminalSize(cols, rows) {
      const ui = ctx.get().ui;
      if (ui.cols === cols && ui.rows === rows) return;
      ctx.set((s) => ({ ui: { ...s.ui, cols, rows } }));
      onLogRowsChanged(ctx);
    },
    setPaneRows(pane: PaneName, rows: number) {
      const value = Math.max(0, Math.floor(rows));
      const previous = ctx.get().ui.paneRows[pane];
      if (previous === value) return;
      ctx.set((s) => ({ ui: { ...s.ui, paneRows: { ...s.ui.paneRows, [pane]: value } } }));
      if (pane === 'logs') onLogRowsChanged(ctx);
      if (previous === 0) afterViewOrFocusChange(ctx, ctx.get().ui.view);
    },
    setDetailsLineCount(lines) {
      const count = Math.max(0, Math.floor(lines));
      const r = ctx.get().reports;
      if (r.detailsLines === count) return;
      ctx.set((s) => ({ reports: { ...s.reports, detailsLines: count } }));
      // A report that got shorter (or a wider pane) keeps its last line at the bottom.
      const top = Math.min(r.detailsTop, detailsMaxTop(ctx.get()));
      if (top !== r.detailsTop) ctx.set((s) => ({ reports: { ...s.reports, detailsTop: top } }));
    },

    copyId() {
      const state = ctx.get();
      const id = state.ui.view === 'tasks' ? state.tasks.selectedId : state.reports.selectedId;
      if (id !== null) showStatus(`copied ${id}`, 'success');
      return id;
    },
    showHelp() {
      ctx.set((s) => ({ ui: { ...s.ui, overlay: 'help' } }));
    },
    closeOverlay() {
      const ui = ctx.get().ui;
      if (ui.prompt !== null) {
        ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
        return true;
      }
      if (ui.overlay !== 'none') {
        ctx.set((s) => ({ ui: { ...s.ui, overlay: 'none', dialog: null } }));
        return true;
      }
      return false;
    },
    showStatus,

    toggleMark: () => toggleMark(ctx),
    clearMarks: () => clearMarks(ctx),
    archiveToggle: () => archiveToggle(ctx, triage),
    undo: () => undo(ctx, triage),
    requestPublish: () => requestPublish(ctx),
    requestMove: () => requestMove(ctx),
    requestDelete: () => requestDelete(ctx),
    requestTags: () => requestTags(ctx),
    requestRename: () => requestRename(ctx),
    requestComment: () => requestComment(ctx),
    requestCreate: () => requestCreate(ctx),
    setDialogValue(text) {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') setPickQuery(ctx, dialog, text);
      else setDialogValue(ctx, text);
    },
    completeDialog(index) {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') togglePick(ctx, dialog);
      else completeDialog(ctx, index);
    },
    async submitDialog() {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') submitPick(ctx, dialog);
      else await submitDialog(ctx, triage);
    },
    beginEditBody: () => beginEditBody(ctx),
    saveBody: (id, body) => saveBody(ctx, triage, id, body),
  };

  store.setState({ actions });
  return store;
}
