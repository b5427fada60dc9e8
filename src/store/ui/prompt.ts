// The `/` prompt and the list filters it sets (text, status, archived), for both lists. A
// filter applies as it is typed (after a short pause, so a burst of keys is one request); a
// pattern the server would refuse is named in the prompt and not sent. A prompt on the logs
// pane searches the log instead.
import { patternProblem } from '../../wire/pattern.js';
import { restartTimer, stopTimer } from '../core/book-timers.js';
import type { StoreContext } from '../context.js';
import { resetListQuery } from '../core/list-paging.js';
import { focusedPane } from './navigation.js';
import { searchLog } from '../logs/logs.js';
import { searchRunInfo } from '../run-info/run-info.js';
import { isList, isSearchPane, type ListName, type SearchPane } from '../panes.js';

/** Pause after the last keystroke before a typed filter is sent. */
export const FILTER_DEBOUNCE_MS = 150;

export interface PromptActions {
  /** Opens the `/` prompt for the focused pane (filter for lists, search for logs). */
  openPrompt(): void;
  /** The typed text; a list filter is checked at once and applied after a short pause. */
  setPromptText(text: string): void;
  /** Applies the prompt: sets the list filter (unless invalid: the prompt stays), or starts a log search. */
  submitPrompt(): void;
  /** Closes the prompt; a list filter goes back to what it was when the prompt opened. */
  cancelPrompt(): void;
  /** Up (-1) / Down (+1) in a search prompt: older / newer query from the history. */
  recallSearch(step: -1 | 1): void;
  setFilter(list: ListName, text: string): void;
  clearFilter(list: ListName): void;
  setStatusFilter(list: ListName, statuses: string[]): void;
  /** Shows/hides archived items of the current view's list. */
  toggleArchived(): void;
}

/** What a submitted search does in each pane where `/` searches (src/store/panes.ts). */
const SEARCHES: Record<SearchPane, (ctx: StoreContext, query: string) => void> = {
  logs: searchLog,
  runinfo: searchRunInfo,
};

export function createPromptActions(ctx: StoreContext): PromptActions {
  const setFilter = (list: ListName, text: string): void => {
    if (ctx.get().ui.filters[list] === text) return;
    ctx.set((s) => ({ ui: { ...s.ui, filters: { ...s.ui.filters, [list]: text } } }));
    // The poller's restart aborts the request of an older filter: its answer is never applied.
    resetListQuery(ctx, list);
  };
  /** Sends the prompt's filter when the server would accept it. */
  const applyTyped = (): void => {
    const prompt = ctx.get().ui.prompt;
    if (prompt === null || prompt.kind !== 'filter' || prompt.problem !== null || !isList(prompt.pane)) return;
    setFilter(prompt.pane, prompt.text.trim());
  };
  return {
    openPrompt() {
      const pane = focusedPane(ctx.get());
      if (isList(pane)) {
        ctx.set((s) => {
          const text = s.ui.filters[pane];
          return { ui: { ...s.ui, prompt: { kind: 'filter', pane, text, problem: null, initial: text } } };
        });
      } else if (isSearchPane(pane)) {
        // A new query each time, as in a shell; earlier ones are one Up away.
        ctx.set((s) => ({
          ui: { ...s.ui, prompt: { kind: 'search', pane, text: '', historyIndex: null, problem: null, initial: '' } },
        }));
      }
    },
    setPromptText(text) {
      const prompt = ctx.get().ui.prompt;
      if (prompt === null || prompt.text === text) return;
      const problem = prompt.kind === 'filter' ? patternProblem(text.trim()) : null;
      ctx.set((s) => (s.ui.prompt === null ? {} : { ui: { ...s.ui, prompt: { ...s.ui.prompt, text, problem } } }));
      if (prompt.kind !== 'filter') return;
      restartTimer(ctx, 'filterTimer', FILTER_DEBOUNCE_MS, applyTyped);
    },
    submitPrompt() {
      const prompt = ctx.get().ui.prompt;
      if (prompt === null || prompt.problem !== null) return;
      stopTimer(ctx, 'filterTimer');
      applyTyped();
      ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
      if (prompt.kind === 'search' && isSearchPane(prompt.pane)) {
        rememberSearch(ctx, prompt.text);
        SEARCHES[prompt.pane](ctx, prompt.text);
      } else if (prompt.kind === 'jump') ctx.get().actions.jumpToTask(prompt.text);
      else if (isList(prompt.pane)) setFilter(prompt.pane, prompt.text.trim());
    },
    cancelPrompt() {
      const prompt = ctx.get().ui.prompt;
      if (prompt === null) return;
      stopTimer(ctx, 'filterTimer');
      ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
      if (prompt.kind === 'filter' && isList(prompt.pane)) setFilter(prompt.pane, prompt.initial);
    },
    recallSearch(step) {
      const { prompt, searchHistory } = ctx.get().ui;
      if (prompt?.kind !== 'search') return;
      const recalled = recalledQuery(searchHistory, prompt.historyIndex ?? null, step);
      if (recalled === undefined) return;
      const draft = prompt.historyIndex == null ? prompt.text : (prompt.draft ?? '');
      const text = recalled.index === null ? draft : (searchHistory[recalled.index] as string);
      ctx.set((s) => ({ ui: { ...s.ui, prompt: { ...prompt, text, historyIndex: recalled.index, draft } } }));
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

/** Log searches remembered for Up/Down. */
export const SEARCH_HISTORY_MAX = 100;

function rememberSearch(ctx: StoreContext, query: string): void {
  if (query === '') return;
  ctx.set((s) => {
    const kept = s.ui.searchHistory.filter((q) => q !== query);
    return { ui: { ...s.ui, searchHistory: [...kept, query].slice(-SEARCH_HISTORY_MAX) } };
  });
}

/**
 * The history entry Up (-1) / Down (+1) moves to from `index` (null: the line being typed, just
 * past the newest entry). undefined when there is nowhere to go.
 */
export function recalledQuery(
  history: readonly string[],
  index: number | null,
  step: -1 | 1,
): { index: number | null } | undefined {
  const at = index ?? history.length;
  const next = at + step;
  if (next < 0 || next > history.length || next === at) return undefined;
  return { index: next === history.length ? null : next };
}
