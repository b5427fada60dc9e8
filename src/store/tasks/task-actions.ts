// The task list's triage, pickers and filters as store actions: the ones shared with the
// report list (same keys) replace the report versions in the Tasks view (core/by-view.ts);
// the others are the tasks' own.
import type { StoreContext } from '../context.js';
import { resetListQuery } from '../core/list-paging.js';
import { showStatus } from '../core/status.js';
import type { TriageBook } from '../core/triage.js';
import type { TriageActions } from '../reports/actions.js';
import type { ReportDialogActions } from '../reports/dialogs.js';
import type { ReportFilterActions } from '../reports/filters.js';
import { emptyTaskFilter, isTaskFilterEmpty } from './task-filters.js';
import {
  requestMetricColumns,
  requestTaskProjectFilter,
  requestTaskTagFilter,
  requestTaskUserFilter,
  submitTaskPick,
  type TaskPickerActions,
} from './task-pickers.js';
import { createTaskTriage, requestAbort, type TaskTriageActions } from './triage.js';

type Shared = TriageActions & ReportDialogActions & ReportFilterActions;

export interface TaskSideActions extends TaskTriageActions, TaskPickerActions {
  /** Esc in the task list: no text, status, tag, project or user filter. */
  clearTaskFilters(): void;
}

export function createTaskSideActions(
  ctx: StoreContext,
  triage: TriageBook,
): { shared: Partial<Shared>; own: TaskSideActions } {
  const t = createTaskTriage(ctx, triage);
  const shared: Partial<Shared> = {
    archiveToggle: t.archiveToggle,
    undo: t.undo,
    requestMove: t.requestMove,
    requestDelete: t.requestDelete,
    requestTags: t.requestTags,
    requestRename: t.requestRename,
    requestTagFilter: () => requestTaskTagFilter(ctx),
    requestProjectFilter: () => requestTaskProjectFilter(ctx),
    async submitDialog() {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') submitTaskPick(ctx, dialog);
      else await t.submitTriageDialog();
    },
  };
  const own: TaskSideActions = {
    requestAbort: () => requestAbort(ctx),
    requestUserFilter: () => requestTaskUserFilter(ctx),
    requestMetricColumns: () => requestMetricColumns(ctx),
    clearTaskFilters() {
      const s = ctx.get();
      if (s.ui.filters.tasks === '' && s.tasks.statusFilter.length === 0 && isTaskFilterEmpty(s.tasks.filter)) return;
      ctx.set((st) => ({
        ui: { ...st.ui, filters: { ...st.ui.filters, tasks: '' } },
        tasks: { ...st.tasks, statusFilter: [], filter: emptyTaskFilter() },
      }));
      resetListQuery(ctx, 'tasks');
      showStatus(ctx, 'filters cleared: every task is shown', 'info');
    },
  };
  return { shared, own };
}
