// The `reports` slice: the report list (its poller, paging, filters, pickers and triage), the
// one selected report and its embedded widgets (their own poller). It announces
// `reportSelected` whenever the selected id changes, whoever changed it, and listens to `sync`,
// `refresh` and `listQueryChanged` for its own list. Its bookkeeping is its own (book.ts).
import {
  clampIndex,
  listPoller,
  maybeLoadMore,
  resetListQuery,
  sidePoller,
  withBook,
  type Poller,
  type StoreContext,
} from '../core/index.js';
import { createTriageActions, type TriageActions } from './actions.js';
import { initialReportsBook, type ReportsContext } from './book.js';
import { createReportDialogActions, type ReportDialogActions } from './dialogs.js';
import { createReportFilterActions, type ReportFilterActions } from './filters.js';
import { reportsTick } from './list.js';
import { detailsMaxTop } from './details.js';
import { onReportSelectionChanged, refreshWidgets, syncWidgets, widgetsShown, widgetsTick } from './widgets.js';

export type ReportActions = TriageActions & ReportDialogActions & ReportFilterActions & ReportDetailsActions;

export interface ReportDetailsActions {
  /** The details pane's rendered line count (wrapped body, widgets), so scrolling reaches the end. */
  setDetailsLineCount(lines: number): void;
}

/** What the navigation moves in the report list and its details. */
export interface ReportsApi {
  moveReport(index: number): void;
  scrollDetails(delta: number): void;
  setStatusFilter(statuses: string[]): void;
}

export interface ReportsSlice {
  actions: ReportActions;
  api: ReportsApi;
  pollers: { reports: Poller; widgets: Poller };
}

function moveReport(ctx: ReportsContext, index: number): void {
  const r = ctx.get().reports;
  const next = clampIndex(index, r.ids.length);
  const id = r.ids[next] ?? null;
  if (next === r.selectedIndex && id === r.selectedId) return;
  ctx.set((s) => ({ reports: { ...s.reports, selectedIndex: next, selectedId: id, detailsTop: 0 } }));
  maybeLoadMore(ctx, 'reports', ctx.book.paging);
}

export function createReportsSlice(store: StoreContext): ReportsSlice {
  const ctx = withBook(store, initialReportsBook(store));
  const reset = () => resetListQuery(ctx, 'reports', ctx.book.paging);
  ctx.watch(
    (s) => s.reports.selectedId,
    (id) => {
      ctx.events.emit('reportSelected', { id });
      onReportSelectionChanged(ctx);
    },
  );
  ctx.events.on('sync', ({ view }) => {
    if (view === 'reports') syncWidgets(ctx);
  });
  ctx.events.on('listQueryChanged', ({ list }) => {
    if (list === 'reports') reset();
  });
  ctx.events.on('refresh', () => {
    ctx.book.tagsWanted = true;
    if (ctx.get().ui.view !== 'reports') return;
    ctx.pollers.reports.wake();
    refreshWidgets(ctx);
  });
  ctx.events.on('stop', () => ctx.book.widgetTimer.stop());
  const triage = ctx.book.triage;
  const actions: ReportActions = {
    ...createReportFilterActions(ctx),
    ...createTriageActions(ctx, triage),
    ...createReportDialogActions(ctx, triage),
    setDetailsLineCount(lines) {
      const count = Math.max(0, Math.floor(lines));
      const r = ctx.get().reports;
      if (r.detailsLines === count) return;
      ctx.set((s) => ({ reports: { ...s.reports, detailsLines: count } }));
      // A report that got shorter (or a wider pane) keeps its last line at the bottom.
      const top = Math.min(r.detailsTop, detailsMaxTop(ctx.get()));
      if (top !== r.detailsTop) ctx.set((s) => ({ reports: { ...s.reports, detailsTop: top } }));
    },
  };
  const api: ReportsApi = {
    moveReport: (index) => moveReport(ctx, index),
    scrollDetails(delta) {
      const state = ctx.get();
      const top = Math.min(Math.max(0, state.reports.detailsTop + delta), detailsMaxTop(state));
      if (top !== state.reports.detailsTop) ctx.set((s) => ({ reports: { ...s.reports, detailsTop: top } }));
    },
    setStatusFilter(statuses) {
      ctx.set((s) => ({ reports: { ...s.reports, filter: { ...s.reports.filter, status: statuses } } }));
      reset();
    },
  };
  const widgets = sidePoller(
    ctx,
    'widgets',
    null,
    () => widgetsShown(ctx.get()) && ctx.get().reports.selectedId !== null,
    (signal) => widgetsTick(ctx, signal),
  );
  return {
    actions,
    api,
    pollers: { reports: listPoller(ctx, 'reports', (signal) => reportsTick(ctx, signal)), widgets },
  };
}
