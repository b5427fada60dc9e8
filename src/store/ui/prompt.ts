// The `/` prompt and the list filters it sets (text, status, archived), for both lists. A
// filter applies as it is typed (after a short pause, so a burst of keys is one request); a
// pattern the server would refuse is named in the prompt and not sent. A prompt on the logs
// pane searches the log instead.
import { patternProblem } from '../../wire/pattern.js';
import { OneShot, type StoreContext } from '../core/index.js';
import { focusedPane } from './focus.js';
import { setListQuery } from './ui-state.js';
import { isList, isSearchPane, type ListName, type SearchPane } from '../panes.js';
import type { MonitorActions } from '../types.js';

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
  /** Shows/hides archived items of the current view's list. */
  toggleArchived(): void;
}

/** What a submitted search does in each pane where `/` searches (src/store/panes.ts): the pane's slice's action. */
const SEARCHES: Record<SearchPane, (actions: MonitorActions, query: string) => void> = {
  logs: (actions, query) => actions.searchLog(query),
  runinfo: (actions, query) => actions.searchRunInfo(query),
};

export function createPromptActions(ctx: StoreContext): PromptActions {
  const filterTimer = new OneShot(ctx.timers);
  ctx.events.on('stop', () => filterTimer.stop());
  const setFilter = (list: ListName, text: string): void => {
    if (ctx.get().ui.filters[list] === text) return;
    setListQuery(ctx, list, { filter: text });
    // The list's poller restarts: the request of an older filter is aborted, its answer never applied.
    ctx.events.emit('listQueryChanged', { list });
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
      filterTimer.restart(FILTER_DEBOUNCE_MS, applyTyped);
    },
    submitPrompt() {
      const prompt = ctx.get().ui.prompt;
      if (prompt === null || prompt.problem !== null) return;
      filterTimer.stop();
      applyTyped();
      ctx.set((s) => ({ ui: { ...s.ui, prompt: null } }));
      if (prompt.kind === 'search' && isSearchPane(prompt.pane)) {
        rememberSearch(ctx, prompt.text);
        SEARCHES[prompt.pane](ctx.get().actions, prompt.text);
      } else if (prompt.kind === 'jump') ctx.get().actions.jumpToTask(prompt.text);
      else if (isList(prompt.pane)) setFilter(prompt.pane, prompt.text.trim());
    },
    cancelPrompt() {
      const prompt = ctx.get().ui.prompt;
      if (prompt === null) return;
      filterTimer.stop();
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
    toggleArchived() {
      const list = ctx.get().ui.view;
      if (list === 'cluster') return;
      setListQuery(ctx, list, { showArchived: !ctx.get().ui.showArchived[list] });
      ctx.events.emit('listQueryChanged', { list });
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
