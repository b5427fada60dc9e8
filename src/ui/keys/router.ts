// The one key router: every key press goes through `handleKey`, which works out what is open
// (too-small screen, prompt, dialog, picker, help) and asks the keymap what the key means
// there or in the focused pane. Keys never reach a pane directly.
import { focusedPane } from '../../store/index.js';
import type { MonitorState, MonitorStore, PickPurpose } from '../../store/types.js';
import { runAction, setTypedValue, typedValue, type UiEffects } from './actions.js';
import { typedText, type KeyName } from './key-names.js';
import {
  boundElsewhere,
  elsewhereMessage,
  readOnlyMessage,
  readOnlyRefusal,
  resolveKey,
  TYPING_SCOPES,
  type ModalScope,
} from './keymap.js';

export { nextStatusFilter, PICK_PAGE, STATUS_CYCLES, type UiEffects } from './actions.js';
export { focusedPane };

export interface RouteContext {
  store: MonitorStore;
  effects: UiEffects;
  /** The terminal is below the minimum size: only quitting and repainting work. */
  tooSmall: boolean;
  /** Rows of the help overlay (one page). */
  helpRows: number;
}

const PICKER_SCOPES = {
  tags: 'tag-picker',
  project: 'project-picker',
  user: 'user-picker',
  metric: 'metric-picker',
  queue: 'queue-picker',
} as const satisfies Record<PickPurpose, ModalScope>;

/** The modal that takes the keys now, or null when they go to the focused pane. */
export function modalScope(state: MonitorState, tooSmall: boolean): ModalScope | null {
  if (tooSmall) return 'too-small';
  const dialog = state.dialog;
  if (dialog !== null) {
    if (dialog.kind === 'pick') return PICKER_SCOPES[dialog.purpose];
    return dialog.kind === 'confirm' ? 'confirm' : 'dialog';
  }
  if (state.ui.prompt !== null) return 'prompt';
  if (state.ui.viewer !== null) return 'viewer';
  if (state.ui.overlay === 'help') return 'help';
  return null;
}

/** Routes one key press. Reads the store afresh, so batched keys apply one after another. */
export function handleKey(name: KeyName, ctx: RouteContext): void {
  const state = ctx.store.getState();
  const modal = modalScope(state, ctx.tooSmall);
  const c = { store: ctx.store, state, actions: state.actions, effects: ctx.effects, helpRows: ctx.helpRows };
  const keyContext = { view: state.ui.view, pane: focusedPane(state), readOnly: state.ui.readOnly, modal };
  const binding = resolveKey(name, keyContext);
  if (binding !== undefined) return runAction(binding.action, c);
  // An action key in read-only mode says why nothing happens (the key stays out of hints and help).
  const refused = readOnlyRefusal(name, keyContext);
  if (refused !== undefined) return state.actions.showStatus(readOnlyMessage(refused), 'error');
  // A key of another pane says where it works rather than doing nothing silently.
  const elsewhere = boundElsewhere(name, keyContext);
  if (elsewhere !== undefined)
    return state.actions.showStatus(elsewhereMessage(name, elsewhere, keyContext.pane), 'info');
  const typed = modal !== null && TYPING_SCOPES.includes(modal) ? typedText(name) : null;
  if (typed !== null) setTypedValue(c, typedValue(state) + typed);
}
