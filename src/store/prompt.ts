// The `/` prompt and the list filters it sets (text, status, archived), for both lists. A
// prompt on the logs pane searches the log instead.
import type { StoreContext } from './context.js';
import { resetListQuery } from './list-paging.js';
import { focusedPane } from './navigation.js';
import { searchLog } from './task-logs.js';
import type { ListName } from './panes.js';

export interface PromptActions {
  /** Opens the `/` prompt for the focused pane (filter for lists, search for logs). */
  openPrompt(): void;
  setPromptText(text: string): void;
  /** Applies the prompt: sets the list filter, or starts a log search. */
  submitPrompt(): void;
  cancelPrompt(): void;
  setFilter(list: ListName, text: string): void;
  clearFilter(list: ListName): void;
  setStatusFilter(list: ListName, statuses: string[]): void;
  /** Shows/hides archived items of the current view's list. */
  toggleArchived(): void;
}

export function createPromptActions(ctx: StoreContext): PromptActions {
  const setFilter = (list: ListName, text: string): void => {
    if (ctx.get().ui.filters[list] === text) return;
    ctx.set((s) => ({ ui: { ...s.ui, filters: { ...s.ui.filters, [list]: text } } }));
    resetListQuery(ctx, list);
  };
  return {
    openPrompt() {
      const pane = focusedPane(ctx.get());
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
      else if (prompt.kind === 'jump') ctx.get().actions.jumpToTask(prompt.text);
      else if (prompt.pane === 'tasks' || prompt.pane === 'reports') setFilter(prompt.pane, prompt.text.trim());
    },
    cancelPrompt() {
      if (ctx.get().ui.prompt !== null) ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
    },
    setFilter,
    clearFilter: (list) => setFilter(list, ''),
    setStatusFilter(list, statuses) {
      if (list === 'tasks') ctx.set((s) => ({ tasks: { ...s.tasks, statusFilter: [...statuses] } }));
      else ctx.set((s) => ({ reports: { ...s.reports, filter: { ...s.reports.filter, status: [...statuses] } } }));
      resetListQuery(ctx, list);
    },
    toggleArchived() {
      const list = ctx.get().ui.view;
      ctx.set((s) => ({ ui: { ...s.ui, showArchived: { ...s.ui.showArchived, [list]: !s.ui.showArchived[list] } } }));
      resetListQuery(ctx, list);
    },
  };
}
