// Questions asked of the key table (bindings.ts): which binding a key triggers, the key
// hints of a pane or modal, the help overlay's sections and the README's key table.
import type { PaneName, ViewName } from '../../store/types.js';
import { PANE_SPECS } from '../../store/panes.js';
import { KEYMAP, MODAL_SCOPES, type KeyBinding, type ModalScope, type Scope } from './bindings.js';
import { keyLabel, type KeyName } from './key-names.js';

export { KEYMAP, MODAL_SCOPES, TYPING_SCOPES } from './bindings.js';
export type { KeyBinding, ModalScope, Scope } from './bindings.js';
export type { ActionId } from './actions.js';

export interface KeyContext {
  view: ViewName;
  pane: PaneName;
  readOnly: boolean;
  /** What is open over the panes, if anything. */
  modal?: ModalScope | null;
}

/**
 * 0 always/everywhere, 1 the whole view, 2 the focused pane, 3 the open modal; -1 when the
 * scope does not apply (with a modal open, only its own and `always` bindings do).
 */
function specificity(scope: Scope, ctx: KeyContext): number {
  if (scope === 'always') return 0;
  if (ctx.modal !== undefined && ctx.modal !== null) return scope === ctx.modal ? 3 : -1;
  if (scope === 'everywhere') return 0;
  if (scope === `${ctx.view}-view`) return 1;
  return scope === ctx.pane ? 2 : -1;
}

function bindingSpecificity(binding: KeyBinding, ctx: KeyContext): number {
  return Math.max(...binding.scopes.map((s) => specificity(s, ctx)));
}

function available(binding: KeyBinding, readOnly: boolean): boolean {
  return !(readOnly && binding.triage === true);
}

/** The binding a key triggers in this context (the most specific scope wins), if any. */
export function resolveKey(
  name: KeyName,
  ctx: KeyContext,
  keymap: readonly KeyBinding[] = KEYMAP,
): KeyBinding | undefined {
  let best: KeyBinding | undefined;
  let bestRank = -1;
  for (const binding of keymap) {
    if (!binding.keys.includes(name) || !available(binding, ctx.readOnly)) continue;
    const rank = bindingSpecificity(binding, ctx);
    if (rank > bestRank) {
      best = binding;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * The action a key would trigger were the monitor not read-only, when `--read-only` is what
 * turns it off (so the status line can say so); else undefined.
 */
export function readOnlyRefusal(
  name: KeyName,
  ctx: KeyContext,
  keymap: readonly KeyBinding[] = KEYMAP,
): KeyBinding | undefined {
  if (!ctx.readOnly || resolveKey(name, ctx, keymap) !== undefined) return undefined;
  const binding = resolveKey(name, { ...ctx, readOnly: false }, keymap);
  return binding?.triage === true ? binding : undefined;
}

/** "read-only: archive is off" for a binding `--read-only` turns off. */
export function readOnlyMessage(binding: KeyBinding): string {
  const word = binding.hint === 'new' ? 'new report' : (binding.hint ?? binding.action.replaceAll('-', ' '));
  return `read-only: ${word} is off`;
}

export interface KeyHint {
  keys: string;
  label: string;
}

function keysText(binding: KeyBinding): string {
  return binding.keys.map(keyLabel).join(' ');
}

/**
 * The key hints for the status bar: the focused pane's own keys first, then its view's, then
 * help and quit. Only bindings with a hint, and only those that are the ones the key triggers.
 */
export function keyHints(ctx: KeyContext, keymap: readonly KeyBinding[] = KEYMAP): KeyHint[] {
  const shown = keymap.filter((b) => b.hint !== undefined && available(b, ctx.readOnly));
  const hints: KeyHint[] = [];
  for (const rank of [3, 2, 1, 0]) {
    for (const binding of shown) {
      if (bindingSpecificity(binding, ctx) !== rank) continue;
      const key = binding.keys[0];
      if (key === undefined || resolveKey(key, ctx, keymap) !== binding) continue;
      hints.push({ keys: binding.hintKeys ?? keyLabel(key), label: binding.hint as string });
    }
  }
  return hints;
}

/** Each pane's scope is named by its descriptor's label (src/store/panes.ts). */
const PANE_LABELS = Object.fromEntries(PANE_SPECS.map((spec) => [spec.name, spec.label])) as Record<PaneName, string>;

const SCOPE_LABELS: Record<Scope, string> = {
  always: 'everywhere',
  everywhere: 'everywhere',
  'tasks-view': 'Tasks view',
  'reports-view': 'Reports view',
  'cluster-view': 'Cluster view',
  ...PANE_LABELS,
  prompt: 'prompt (/)',
  confirm: 'confirm dialog',
  dialog: 'input dialog',
  'tag-picker': 'tag picker',
  'project-picker': 'project picker',
  'user-picker': 'user picker',
  'metric-picker': 'metric column picker',
  'queue-picker': 'queue picker',
  help: 'help',
  viewer: 'text viewer',
  'too-small': 'terminal too small',
};

export function scopesLabel(scopes: readonly Scope[]): string {
  const views = scopes.filter((s) => s.endsWith('-view')).length;
  if (views === scopes.length && views === 3) return 'every view';
  if (scopes.length === 2 && scopes.includes('tasks-view') && scopes.includes('reports-view')) return 'both views';
  return scopes.map((s) => SCOPE_LABELS[s]).join(', ');
}

/**
 * Hints as one line: `keys: label` pairs `gap` apart (dialogs), or `keys label` pairs (`colon`
 * false) for the prompt and help lines.
 */
export function hintLine(hints: readonly KeyHint[], gap: string, colon = true): string {
  return hints.map((h) => `${h.keys}${colon ? ':' : ''} ${h.label}`).join(gap);
}

export interface HelpSection {
  title: string;
  rows: { keys: string; help: string }[];
}

/** The help overlay's content: bindings grouped by where they apply, in table order. */
export function helpSections(readOnly: boolean, keymap: readonly KeyBinding[] = KEYMAP): HelpSection[] {
  const sections: HelpSection[] = [];
  const byTitle = new Map<string, HelpSection>();
  for (const binding of keymap) {
    if (!available(binding, readOnly)) continue;
    const title = scopesLabel(binding.scopes);
    let section = byTitle.get(title);
    if (section === undefined) {
      section = { title, rows: [] };
      byTitle.set(title, section);
      sections.push(section);
    }
    section.rows.push({ keys: keysText(binding), help: binding.help });
  }
  return sections;
}

function markdownCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function markdownKeys(binding: KeyBinding): string {
  return binding.keys.map((k) => (k === '`' ? '`` ` ``' : `\`${keyLabel(k)}\``)).join(' / ');
}

/** The key table for the README, as a Markdown table. */
export function keysMarkdown(keymap: readonly KeyBinding[] = KEYMAP): string {
  const lines = ['| key | where | action |', '|---|---|---|'];
  for (const binding of keymap) {
    const help = binding.triage === true ? `${binding.help} (not with \`--read-only\`)` : binding.help;
    lines.push(
      `| ${markdownCell(markdownKeys(binding))} | ${markdownCell(scopesLabel(binding.scopes))} | ${markdownCell(help)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The key hints of a modal (its bindings with a hint, in table order). */
export function modalHints(modal: ModalScope, keymap: readonly KeyBinding[] = KEYMAP): KeyHint[] {
  return keyHints({ view: 'tasks', pane: 'tasks', readOnly: false, modal }, keymap);
}

/**
 * A binding of `name` in a pane or view other than where the keys go now (no modal open), for
 * a key that does nothing here: the status line says where it works.
 */
export function boundElsewhere(
  name: KeyName,
  ctx: KeyContext,
  keymap: readonly KeyBinding[] = KEYMAP,
): KeyBinding | undefined {
  if (ctx.modal !== undefined && ctx.modal !== null) return undefined;
  if (resolveKey(name, ctx, keymap) !== undefined) return undefined;
  return keymap.find(
    (b) =>
      b.keys.includes(name) &&
      available(b, ctx.readOnly) &&
      b.scopes.every((s) => s !== 'always' && s !== 'everywhere' && !(MODAL_SCOPES as readonly Scope[]).includes(s)),
  );
}

/** "w does nothing in the task list: in the logs, wrap long lines on/off". */
export function elsewhereMessage(name: KeyName, binding: KeyBinding, here: Scope): string {
  return `${keyLabel(name)} does nothing in the ${SCOPE_LABELS[here]}: in the ${scopesLabel(binding.scopes)}, ${binding.help}`;
}
