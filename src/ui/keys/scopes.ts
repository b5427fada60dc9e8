// The shape of the key table: where a binding applies (views, panes, modals) and what it says.
import type { PaneName } from '../../store/types.js';
import type { ActionId } from './actions.js';
import type { KeyName } from './key-names.js';

/**
 * What is open over the panes. While one is, only its own bindings and the `always` ones apply;
 * in the typing scopes a key with no binding types its character.
 */
export type ModalScope =
  | 'prompt'
  | 'confirm'
  | 'dialog'
  | 'tag-picker'
  | 'project-picker'
  | 'user-picker'
  | 'metric-picker'
  | 'queue-picker'
  | 'help'
  | 'viewer'
  | 'too-small';

/**
 * Where a binding applies: always (modals included), everywhere (no modal open), anywhere in
 * one view, in one pane, or in one modal.
 */
export type Scope = 'always' | 'everywhere' | 'tasks-view' | 'reports-view' | 'cluster-view' | PaneName | ModalScope;

export const MODAL_SCOPES: readonly ModalScope[] = [
  'prompt',
  'confirm',
  'dialog',
  'tag-picker',
  'project-picker',
  'user-picker',
  'metric-picker',
  'queue-picker',
  'help',
  'viewer',
  'too-small',
];

/** Modal scopes where an unbound printable key is typed into the text: all but these. */
const NOT_TYPING: readonly ModalScope[] = ['confirm', 'help', 'viewer', 'too-small'];
export const TYPING_SCOPES: readonly ModalScope[] = MODAL_SCOPES.filter((scope) => !NOT_TYPING.includes(scope));

export interface KeyBinding {
  keys: readonly KeyName[];
  action: ActionId;
  scopes: readonly Scope[];
  help: string;
  /** Short label for the status bar's key hints; bindings without one are not hinted. */
  hint?: string;
  /** Keys as shown in the hint when not the binding's own (e.g. `j/k` for a pair). */
  hintKeys?: string;
  /** A triage action (reports or tasks): not bound, hinted or listed with `--read-only`. */
  triage?: boolean;
}
