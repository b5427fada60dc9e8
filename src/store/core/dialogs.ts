// The one modal dialog as core state (the `dialog` key): what a confirm, input or picker shows
// and what was typed in it (kept when the server refuses), and the helpers the lists' triage
// dialogs and filter pickers share. A dialog names the list that opened it (`owner`): its
// submit goes to that list's slice.
import type { StoreContext } from './context.js';
import type { ListName } from '../panes.js';
import { isObject } from './parse.js';
import { clampIndex } from './lists.js';
import { narrow } from '../../text/narrow.js';

/**
 * What a confirm or input dialog does (abort and clone are the tasks' only; publish, comment,
 * edit, create the reports'; remove the queues pane's).
 */
export type DialogAction =
  | 'archive'
  | 'unarchive'
  | 'publish'
  | 'move'
  | 'delete'
  | 'tags'
  | 'rename'
  | 'comment'
  | 'edit'
  | 'create'
  | 'abort'
  | 'clone'
  | 'remove';

/** Who opened a dialog: one of the lists, or the Cluster view's queues pane (a confirm only). */
export type DialogOwner = ListName | 'queues';

export type DialogState =
  | {
      kind: 'confirm';
      owner: DialogOwner;
      action: DialogAction;
      title: string;
      /** One line per affected item, and any warning (e.g. "the body can no longer be edited"). */
      lines: string[];
      ids: string[];
      /** Delete only: the second confirmation that sends `force: true`. */
      force?: boolean;
      /** Move only: the project to create, confirmed before the move sends its name. */
      value?: string;
    }
  | {
      kind: 'input';
      owner: ListName;
      action: DialogAction;
      title: string;
      /** Which value is asked for (`create` asks name, then project, then tags). */
      field: 'name' | 'project' | 'tags' | 'comment';
      value: string;
      /** Shown dim under the field: what is there now and what Enter alone does (null: nothing). */
      hint: string | null;
      /** Completion candidates for the current value (project names, tags). */
      suggestions: string[];
      /** The suggestion chosen with Up/Down (-1: none; Tab then takes the first). */
      cursor: number;
      /** Values of the earlier steps of a multi-step dialog, by field. */
      collected: Record<string, string>;
      ids: string[];
      /** Why the last submit was refused (kept with the typed value). */
      error: string | null;
      /** Shown dim in the field while nothing is typed; Enter on an empty value takes it (a clone's name). */
      offer?: string;
    }
  | {
      /** A picker (`T` tags, `P` project, `U` user, `M` metric columns): a list narrowed by what is typed. */
      kind: 'pick';
      owner: ListName;
      purpose: PickPurpose;
      title: string;
      /** Typed text narrowing the options (kept when options arrive later). */
      query: string;
      /** Every option, in display order before narrowing. */
      options: PickOption[];
      /** Index into the visible (narrowed) options. */
      cursor: number;
      /** The options are still being fetched (those shown so far are usable). */
      loading: boolean;
      /** The user changed an option's state (Tab); else Enter takes the highlighted one. */
      touched: boolean;
      /** Why loading the options failed (the ones already known stay usable). */
      error: string | null;
      /** The rows the choice acts on (the queue picker's tasks), fixed when it opened. */
      ids?: string[];
    };

/**
 * What a picker chooses: tags (include / exclude, many), a project or a user (one), the task
 * list's metric columns (several, on / off), or the queue to run tasks from (one).
 */
export type PickPurpose = 'tags' | 'project' | 'user' | 'metric' | 'queue';

export interface PickOption {
  /** The tag, or the project id ('' = every project). */
  value: string;
  label: string;
  /** Tags: include / exclude / off. Project: 'include' marks the chosen one. */
  state: 'off' | 'include' | 'exclude';
  /** Shown instead of the label, indented this many levels (a project tree); typing still matches the label. */
  display?: string;
  indent?: number;
  /** Shown after the label, dim (a queue's length); typing does not match it. */
  detail?: string;
}

export type InputDialog = Extract<DialogState, { kind: 'input' }>;

const MAX_SUGGESTIONS = 8;

export function openDialog(ctx: StoreContext, dialog: DialogState): void {
  ctx.set({ dialog });
}

/** Asks to confirm `action` on `rows`, naming them in `lines`. */
export function openConfirm(
  ctx: StoreContext,
  owner: DialogOwner,
  action: DialogAction,
  title: string,
  lines: string[],
  rows: readonly { id: string }[],
): void {
  openDialog(ctx, { kind: 'confirm', owner, action, title, lines, ids: rows.map((row) => row.id) });
}

export function closeDialog(ctx: StoreContext): void {
  if (ctx.get().dialog !== null) ctx.set({ dialog: null });
}

/** The completion candidates of the owner list's known projects or tags for `value`. */
export function suggestionsFor(
  ctx: StoreContext,
  owner: ListName,
  field: InputDialog['field'],
  value: string,
): string[] {
  const r = ctx.get()[owner];
  if (field === 'project') {
    const others = r.knownProjects.filter((p) => p !== value.trim());
    return narrow(others, value, (p) => p).slice(0, MAX_SUGGESTIONS);
  }
  if (field === 'tags') {
    const parts = value.split(',');
    const last = (parts[parts.length - 1] ?? '').trim().replace(/^[-+]/, '').toLowerCase();
    const used = new Set(parts.slice(0, -1).map((p) => p.trim().replace(/^[-+]/, '')));
    return r.knownTags.filter((t) => !used.has(t) && t.toLowerCase().startsWith(last)).slice(0, MAX_SUGGESTIONS);
  }
  return [];
}

/** What an input dialog asks; the value, ids, earlier steps, hint and offer default to none. */
export interface InputSpec {
  owner: ListName;
  action: DialogAction;
  field: InputDialog['field'];
  title: string;
  value?: string;
  ids?: string[];
  collected?: Record<string, string>;
  hint?: string | null;
  offer?: string;
}

/** The input dialog of `spec`, with the suggestions for its value. */
export function inputDialog(ctx: StoreContext, spec: InputSpec): InputDialog {
  const value = spec.value ?? '';
  return {
    kind: 'input',
    owner: spec.owner,
    action: spec.action,
    title: spec.title,
    field: spec.field,
    value,
    hint: spec.hint ?? null,
    ...(spec.offer === undefined ? {} : { offer: spec.offer }),
    suggestions: suggestionsFor(ctx, spec.owner, spec.field, value),
    cursor: -1,
    collected: spec.collected ?? {},
    ids: spec.ids ?? [],
    error: null,
  };
}

export function openInput(ctx: StoreContext, spec: InputSpec): void {
  openDialog(ctx, inputDialog(ctx, spec));
}

/** Reopens an input dialog with the typed value and the reason it was refused. */
export function refuseInput(ctx: StoreContext, dialog: InputDialog, error: string): void {
  openDialog(ctx, { ...dialog, error });
}

/** The open input dialog of `field` gets suggestions for what it holds now (new names arrived). */
export function refreshSuggestions(ctx: StoreContext, field: InputDialog['field']): void {
  const dialog = ctx.get().dialog;
  if (dialog?.kind !== 'input' || dialog.field !== field) return;
  const suggestions = suggestionsFor(ctx, dialog.owner, field, dialog.value);
  // The chosen suggestion stays chosen when it is still offered.
  const chosen = dialog.suggestions[dialog.cursor];
  ctx.set({ dialog: { ...dialog, suggestions, cursor: chosen === undefined ? -1 : suggestions.indexOf(chosen) } });
}

/**
 * Project names for the move dialogs' completion (`projects.get_all_ex`), into the list's
 * `knownProjects`; the hidden `.reports` projects are left out. A failure only means no
 * suggestions: typing a name still works.
 */
export async function loadProjectNames(ctx: StoreContext, list: ListName): Promise<void> {
  try {
    const answer = await ctx.client.projects.getAllEx({
      only_fields: ['name'],
      search_hidden: false,
      order_by: ['name'],
      size: 500,
      scroll_id: '',
    });
    const names = (Array.isArray(answer.projects) ? answer.projects : [])
      .map((p) => (isObject(p) && typeof p.name === 'string' ? p.name : ''))
      .filter((n) => n !== '' && !n.endsWith('.reports'));
    const knownProjects = [...new Set(names)].sort();
    ctx.set((s) => ({ [list]: { ...s[list], knownProjects } }));
    refreshSuggestions(ctx, 'project');
  } catch {
    // Completion is a convenience.
  }
}

// ---- typing in a dialog -------------------------------------------------------------------------

export function setInputValue(ctx: StoreContext, value: string): void {
  const dialog = ctx.get().dialog;
  if (dialog?.kind !== 'input') return;
  const suggestions = suggestionsFor(ctx, dialog.owner, dialog.field, value);
  ctx.set({ dialog: { ...dialog, value, suggestions, cursor: -1 } });
}

/** Up/Down in an input dialog: chooses a suggestion (from none, Down takes the first, Up the last). */
export function moveInputCursor(ctx: StoreContext, delta: number): void {
  const dialog = ctx.get().dialog;
  if (dialog?.kind !== 'input' || dialog.suggestions.length === 0) return;
  const from = dialog.cursor < 0 ? (delta > 0 ? -1 : dialog.suggestions.length) : dialog.cursor;
  const cursor = clampIndex(from + Math.trunc(delta), dialog.suggestions.length);
  if (cursor !== dialog.cursor) ctx.set({ dialog: { ...dialog, cursor } });
}

/** Tab: the chosen suggestion (else suggestion `index`, the first by default) goes into the value. */
export function completeInput(ctx: StoreContext, index?: number): void {
  const dialog = ctx.get().dialog;
  if (dialog?.kind !== 'input') return;
  const at = index ?? (dialog.cursor >= 0 ? dialog.cursor : 0);
  const pick = dialog.suggestions[clampIndex(at, dialog.suggestions.length)];
  if (pick === undefined) return;
  let value = pick;
  if (dialog.field === 'tags') {
    const parts = dialog.value.split(',');
    const last = (parts.pop() ?? '').trim();
    const sign = last.startsWith('-') ? '-' : '';
    value = [...parts.map((p) => p.trim()).filter((p) => p !== ''), `${sign}${pick}`].join(', ') + ', ';
  }
  setInputValue(ctx, value);
}

/** Enter after choosing a suggestion with Up/Down submits that suggestion, completed as Tab would. */
export function takeChosenSuggestion(ctx: StoreContext): void {
  const dialog = ctx.get().dialog;
  if (dialog?.kind === 'input' && dialog.cursor >= 0) completeInput(ctx, dialog.cursor);
}
