// Dialogs as state: what a dialog or picker shows and what was typed in it (kept when the
// server refuses), and the helpers the triage dialogs and the filter pickers both use.
import type { StoreContext } from '../context.js';
import type { ReportActionName } from '../reports/changes.js';

/** What a confirm or input dialog does: a report action, or a task's (abort is tasks' only). */
export type DialogAction = ReportActionName | 'abort';

export type DialogState =
  | {
      kind: 'confirm';
      action: DialogAction;
      title: string;
      /** One line per affected item, and any warning (e.g. "the body can no longer be edited"). */
      lines: string[];
      ids: string[];
      /** Delete only: the second confirmation that sends `force: true`. */
      force?: boolean;
    }
  | {
      kind: 'input';
      action: DialogAction;
      title: string;
      /** Which value is asked for (`create` asks name, then project, then tags). */
      field: 'name' | 'project' | 'tags' | 'comment';
      value: string;
      /** Completion candidates for the current value (project names, tags). */
      suggestions: string[];
      /** Values of the earlier steps of a multi-step dialog, by field. */
      collected: Record<string, string>;
      ids: string[];
      /** Why the last submit was refused (kept with the typed value). */
      error: string | null;
    }
  | {
      /** A picker (`T` tags, `P` project, `U` user, `M` metric columns): a list narrowed by what is typed. */
      kind: 'pick';
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
    };

/**
 * What a picker chooses: tags (include / exclude, many), a project or a user (one), or the
 * task list's metric columns (several, on / off).
 */
export type PickPurpose = 'tags' | 'project' | 'user' | 'metric';

export interface PickOption {
  /** The tag, or the project id ('' = every project). */
  value: string;
  label: string;
  /** Tags: include / exclude / off. Project: 'include' marks the chosen one. */
  state: 'off' | 'include' | 'exclude';
  /** Shown instead of the label, indented this many levels (a project tree); typing still matches the label. */
  display?: string;
  indent?: number;
}

export type InputDialog = Extract<DialogState, { kind: 'input' }>;

const MAX_SUGGESTIONS = 8;

export function openDialog(ctx: StoreContext, dialog: DialogState): void {
  ctx.set((s) => ({ ui: { ...s.ui, overlay: 'dialog', dialog, prompt: null } }));
}

/** Asks to confirm `action` on `rows`, naming them in `lines`. */
export function openConfirm(
  ctx: StoreContext,
  action: DialogAction,
  title: string,
  lines: string[],
  rows: readonly { id: string }[],
): void {
  openDialog(ctx, { kind: 'confirm', action, title, lines, ids: rows.map((row) => row.id) });
}

export function closeDialog(ctx: StoreContext): void {
  ctx.set((s) => ({ ui: { ...s.ui, overlay: 'none', dialog: null } }));
}

export function suggestionsFor(ctx: StoreContext, field: InputDialog['field'], value: string): string[] {
  // A dialog belongs to the view it was opened in (no key changes the view while it is open).
  const r = ctx.get().ui.view === 'tasks' ? ctx.get().tasks : ctx.get().reports;
  if (field === 'project') {
    const typed = value.trim().toLowerCase();
    return r.knownProjects
      .filter((p) => p.toLowerCase().includes(typed) && p !== value.trim())
      .slice(0, MAX_SUGGESTIONS);
  }
  if (field === 'tags') {
    const parts = value.split(',');
    const last = (parts[parts.length - 1] ?? '').trim().replace(/^[-+]/, '').toLowerCase();
    const used = new Set(parts.slice(0, -1).map((p) => p.trim().replace(/^[-+]/, '')));
    return r.knownTags.filter((t) => !used.has(t) && t.toLowerCase().startsWith(last)).slice(0, MAX_SUGGESTIONS);
  }
  return [];
}

export function openInput(
  ctx: StoreContext,
  action: DialogAction,
  field: InputDialog['field'],
  title: string,
  value: string,
  ids: string[],
  collected: Record<string, string> = {},
): void {
  openDialog(ctx, {
    kind: 'input',
    action,
    title,
    field,
    value,
    suggestions: suggestionsFor(ctx, field, value),
    collected,
    ids,
    error: null,
  });
}

/** Reopens an input dialog with the typed value and the reason it was refused. */
export function refuseInput(ctx: StoreContext, dialog: InputDialog, error: string): void {
  openDialog(ctx, { ...dialog, error });
}

/** Project names for completion; a failure only means no suggestions. */
