// The one key router: every key press goes through `handleKey`, which looks at what is open
// (too-small screen, prompt, dialog, help) and otherwise asks the keymap what the key means
// in the focused pane. Keys never reach a pane directly.
import type { MonitorState, MonitorStore, ListName, PaneName } from '../store/types.js';
import { typedText, type KeyName } from './keys.js';
import { resolveKey, type ActionId } from './keymap.js';

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
}

export interface RouteContext {
  store: MonitorStore;
  effects: UiEffects;
  /** The terminal is below the minimum size: only quitting and repainting work. */
  tooSmall: boolean;
  /** Rows of the help overlay (one page). */
  helpRows: number;
}

export function focusedPane(state: MonitorState): PaneName {
  return state.ui.view === 'tasks' ? state.ui.focus.tasks : state.ui.focus.reports;
}

/** Status filters `S` cycles through, per list (empty = all). */
export const STATUS_CYCLES: Record<ListName, readonly (readonly string[])[]> = {
  tasks: [[], ['in_progress'], ['queued'], ['completed'], ['failed'], ['stopped'], ['created']],
  reports: [[], ['created'], ['published']],
};

/** The status filter after `current` in the cycle (an unknown one starts over at "all"). */
export function nextStatusFilter(list: ListName, current: readonly string[]): string[] {
  const cycle = STATUS_CYCLES[list];
  const at = cycle.findIndex((c) => c.length === current.length && c.every((s, i) => s === current[i]));
  return [...(cycle[(at + 1) % cycle.length] ?? [])];
}

function dropLastChar(text: string): string {
  const chars = [...text];
  chars.pop();
  return chars.join('');
}

/** Settles a store promise; failures are already reported in the status line by the store. */
function settle(promise: Promise<void>): void {
  promise.catch(() => undefined);
}

/** Runs one keymap action. */
export function runAction(action: ActionId, store: MonitorStore, effects: UiEffects): void {
  const state = store.getState();
  const a = state.actions;
  const list: ListName = state.ui.view;
  switch (action) {
    case 'help':
      return a.showHelp();
    case 'quit':
      if (!a.closeOverlay()) effects.quit();
      return;
    case 'exit':
      return effects.quit();
    case 'view-tasks':
      return state.ui.view === 'tasks' ? a.focusPane('tasks') : a.setView('tasks');
    case 'view-reports':
      return state.ui.view === 'reports' ? a.focusPane('reports') : a.setView('reports');
    case 'focus-next':
      return a.focusNext();
    case 'focus-prev':
      return a.focusPrev();
    case 'focus-scalars':
      return a.focusPane('scalars');
    case 'focus-chart':
      return a.focusPane('chart');
    case 'focus-logs':
      return a.focusPane('logs');
    case 'focus-plots':
      return a.focusPane('plots');
    case 'focus-summary':
      return a.focusPane('summary');
    case 'focus-details':
      return a.focusPane('details');
    case 'down':
      return a.moveSelection(1);
    case 'up':
      return a.moveSelection(-1);
    case 'top':
      return a.toTop();
    case 'bottom':
      return a.toBottom();
    case 'page-down':
      return a.page(1);
    case 'page-up':
      return a.page(-1);
    case 'open':
      return a.openSelected();
    case 'filter':
    case 'search':
      return a.openPrompt();
    case 'search-next':
      return a.searchNext();
    case 'search-prev':
      return a.searchPrev();
    case 'clear-filter':
      return list === 'reports' ? a.clearReportFilters() : a.clearFilter(list);
    case 'clear-search':
      if (state.logs.search?.status === 'searching') a.cancelSearch();
      else if (state.logs.search !== null) a.searchLog('');
      return;
    case 'refresh':
      return a.refresh();
    case 'repaint':
      return effects.repaint();
    case 'follow':
      return a.toggleFollow();
    case 'x-axis':
      return a.cycleXAxis();
    case 'smoothing':
      return a.cycleSmoothing();
    case 'copy-id': {
      const id = a.copyId();
      if (id !== null) effects.copy(id);
      return;
    }
    case 'archived':
      return a.toggleArchived();
    case 'status-filter': {
      const current = list === 'tasks' ? state.tasks.statusFilter : state.reports.filter.status;
      return a.setStatusFilter(list, nextStatusFilter(list, current));
    }
    case 'tag-filter':
      return a.requestTagFilter();
    case 'project-filter':
      return a.requestProjectFilter();
    case 'mark':
      return a.toggleMark();
    case 'archive':
      return settle(a.archiveToggle());
    case 'undo':
      return settle(a.undo());
    case 'publish':
      return a.requestPublish();
    case 'move':
      return a.requestMove();
    case 'delete':
      return a.requestDelete();
    case 'tags':
      return a.requestTags();
    case 'rename':
      return a.requestRename();
    case 'comment':
      return a.requestComment();
    case 'edit': {
      const target = a.beginEditBody();
      if (target !== null) effects.editBody(target.id, target.body);
      return;
    }
    case 'new-report':
      return a.requestCreate();
  }
}

function handlePromptKey(name: KeyName, state: MonitorState): void {
  const a = state.actions;
  const text = state.ui.prompt?.text ?? '';
  if (name === 'enter') return a.submitPrompt();
  if (name === 'esc') return a.cancelPrompt();
  if (name === 'backspace') return a.setPromptText(dropLastChar(text));
  if (name === 'ctrl-u') return a.setPromptText('');
  const typed = typedText(name);
  if (typed !== null) a.setPromptText(text + typed);
}

function handleDialogKey(name: KeyName, state: MonitorState): void {
  const a = state.actions;
  const dialog = state.ui.dialog;
  if (dialog === null) {
    a.closeOverlay();
    return;
  }
  if (dialog.kind === 'confirm') {
    if (name === 'y' || name === 'enter') settle(a.submitDialog());
    else if (name === 'n' || name === 'q' || name === 'esc') a.closeOverlay();
    return;
  }
  if (dialog.kind === 'pick') return handlePickKey(name, state);
  if (name === 'enter') return settle(a.submitDialog());
  if (name === 'esc') {
    a.closeOverlay();
    return;
  }
  if (name === 'tab') return a.completeDialog();
  if (name === 'backspace') return a.setDialogValue(dropLastChar(dialog.value));
  if (name === 'ctrl-u') return a.setDialogValue('');
  const typed = typedText(name);
  if (typed !== null) a.setDialogValue(dialog.value + typed);
}

/** Options a picker moves by with PgUp / PgDn. */
export const PICK_PAGE = 10;

/** A filter picker: typing narrows the options, arrows move, Tab changes the highlighted option. */
function handlePickKey(name: KeyName, state: MonitorState): void {
  const a = state.actions;
  const dialog = state.ui.dialog;
  if (dialog?.kind !== 'pick') return;
  switch (name) {
    case 'enter':
      return settle(a.submitDialog());
    case 'esc':
      a.closeOverlay();
      return;
    case 'up':
    case 'ctrl-p':
      return a.moveDialogCursor(-1);
    case 'down':
    case 'ctrl-n':
      return a.moveDialogCursor(1);
    case 'pageup':
      return a.moveDialogCursor(-PICK_PAGE);
    case 'pagedown':
      return a.moveDialogCursor(PICK_PAGE);
    case 'tab':
      return a.completeDialog();
    case 'backspace':
      return a.setDialogValue(dropLastChar(dialog.query));
    case 'ctrl-u':
      return a.setDialogValue('');
    default: {
      const typed = typedText(name);
      if (typed !== null) a.setDialogValue(dialog.query + typed);
    }
  }
}

function handleHelpKey(name: KeyName, ctx: RouteContext): void {
  const a = ctx.store.getState().actions;
  const page = Math.max(1, ctx.helpRows - 1);
  switch (name) {
    case 'q':
    case 'esc':
    case '?':
      a.closeOverlay();
      return;
    case 'j':
    case 'down':
      return ctx.effects.scrollHelp(1);
    case 'k':
    case 'up':
      return ctx.effects.scrollHelp(-1);
    case 'pagedown':
    case 'ctrl-d':
    case 'space':
      return ctx.effects.scrollHelp(page);
    case 'pageup':
    case 'ctrl-u':
      return ctx.effects.scrollHelp(-page);
    case 'g':
    case 'home':
      return ctx.effects.scrollHelp(-Infinity);
    case 'G':
    case 'end':
      return ctx.effects.scrollHelp(Infinity);
    default:
      return;
  }
}

/** Routes one key press. Reads the store afresh, so batched keys apply one after another. */
export function handleKey(name: KeyName, ctx: RouteContext): void {
  const state = ctx.store.getState();
  if (name === 'ctrl-c') return ctx.effects.quit();
  if (name === 'ctrl-l') return ctx.effects.repaint();
  if (ctx.tooSmall) {
    if (name === 'q') ctx.effects.quit();
    return;
  }
  if (state.ui.prompt !== null) return handlePromptKey(name, state);
  if (state.ui.overlay === 'dialog') return handleDialogKey(name, state);
  if (state.ui.overlay === 'help') return handleHelpKey(name, ctx);
  const binding = resolveKey(name, { view: state.ui.view, pane: focusedPane(state), readOnly: state.ui.readOnly });
  if (binding !== undefined) runAction(binding.action, ctx.store, ctx.effects);
}
