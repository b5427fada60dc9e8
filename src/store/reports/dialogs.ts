// Report triage actions that ask first: publish and delete (confirmations naming what will
// change; delete asks again before forcing), move, tags, rename, comment and new report (text
// input with completion). What was typed is kept when the server refuses.
import type { StoreContext } from '../context.js';
import { clampIndex } from '../core/lists.js';
import { isObject } from '../core/parse.js';
import { label, listLines, noTarget, refused, subject, targets, type TriageBook } from './changes.js';
import { showStatus } from '../core/status.js';
import { openConfirm, openInput, suggestionsFor } from '../ui/dialogs.js';
import { setPickQuery, submitPick, togglePick } from './filters.js';
import { submitDialog } from './dialog-submit.js';

async function loadProjects(ctx: StoreContext): Promise<void> {
  try {
    const answer = await ctx.client.projects.getAllEx({
      only_fields: ['name'],
      search_hidden: false,
      order_by: ['name'],
      size: 500,
      scroll_id: '',
    });
    const names = Array.isArray(answer.projects)
      ? answer.projects
          .map((p) => (isObject(p) && typeof p.name === 'string' ? p.name : ''))
          .filter((n) => n !== '' && !n.endsWith('.reports'))
      : [];
    ctx.set((s) => ({ reports: { ...s.reports, knownProjects: [...new Set(names)].sort() } }));
    const dialog = ctx.get().ui.dialog;
    if (dialog?.kind === 'input' && dialog.field === 'project') {
      ctx.set((s) => ({
        ui: { ...s.ui, dialog: { ...dialog, suggestions: suggestionsFor(ctx, 'project', dialog.value) } },
      }));
    }
  } catch {
    // Completion is a convenience: typing a name still works.
  }
}

export function requestPublish(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const rows = targets(ctx).filter((row) => row.status !== 'published');
  if (rows.length === 0) {
    showStatus(
      ctx,
      targets(ctx).length > 0 ? 'already published' : 'no report selected',
      targets(ctx).length > 0 ? 'info' : 'error',
    );
    return;
  }
  const lines = [...listLines(rows), "A published report's body can no longer be edited."];
  openConfirm(ctx, 'publish', `Publish ${subject(rows)}?`, lines, rows);
}

export function requestDelete(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const rows = targets(ctx);
  if (noTarget(ctx, rows)) return;
  openConfirm(ctx, 'delete', `Delete ${subject(rows)}? This cannot be undone.`, listLines(rows), rows);
}

export function requestMove(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const rows = targets(ctx);
  if (noTarget(ctx, rows)) return;
  const current = rows.length === 1 ? (rows[0]?.project ?? '') : '';
  openInput(
    ctx,
    'move',
    'project',
    `Move ${subject(rows)} to project (a new name creates it):`,
    current,
    rows.map((r) => r.id),
  );
  void loadProjects(ctx);
}

export function requestTags(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const rows = targets(ctx);
  if (noTarget(ctx, rows)) return;
  const single = rows.length === 1 ? rows[0] : undefined;
  // Nothing is prefilled: what is typed is a change (`a, b` adds, `-a` removes), for one report
  // as for many, so the current tags are named in the title rather than put in the text.
  const now = single === undefined ? '' : ` (now: ${single.tags.length > 0 ? single.tags.join(', ') : 'none'})`;
  const whose = single ? `Tags of ${label(single)}${now}` : `Tags for ${rows.length} reports`;
  openInput(
    ctx,
    'tags',
    'tags',
    `${whose}: "a, b" adds, "-a" removes:`,
    '',
    rows.map((r) => r.id),
  );
}

export function requestRename(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const row =
    ctx.get().reports.selectedId === null ? undefined : ctx.get().reports.byId[ctx.get().reports.selectedId ?? ''];
  if (row === undefined) return void noTarget(ctx, []);
  openInput(ctx, 'rename', 'name', `Rename ${label(row)} to:`, row.name, [row.id]);
}

export function requestComment(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const row =
    ctx.get().reports.selectedId === null ? undefined : ctx.get().reports.byId[ctx.get().reports.selectedId ?? ''];
  if (row === undefined) return void noTarget(ctx, []);
  openInput(ctx, 'comment', 'comment', `Comment of ${label(row)}:`, row.comment, [row.id]);
}

export function requestCreate(ctx: StoreContext): void {
  if (refused(ctx)) return;
  openInput(ctx, 'create', 'name', 'New report name:', '', []);
  void loadProjects(ctx);
}

export function setDialogValue(ctx: StoreContext, value: string): void {
  const dialog = ctx.get().ui.dialog;
  if (dialog?.kind !== 'input') return;
  ctx.set((s) => ({
    ui: { ...s.ui, dialog: { ...dialog, value, suggestions: suggestionsFor(ctx, dialog.field, value) } },
  }));
}

export function completeDialog(ctx: StoreContext, index = 0): void {
  const dialog = ctx.get().ui.dialog;
  if (dialog?.kind !== 'input') return;
  const pick = dialog.suggestions[clampIndex(index, dialog.suggestions.length)];
  if (pick === undefined) return;
  let value = pick;
  if (dialog.field === 'tags') {
    const parts = dialog.value.split(',');
    const last = (parts.pop() ?? '').trim();
    const sign = last.startsWith('-') ? '-' : '';
    value = [...parts.map((p) => p.trim()).filter((p) => p !== ''), `${sign}${pick}`].join(', ') + ', ';
  }
  setDialogValue(ctx, value);
}

// ---- submitting ------------------------------------------------------------------------------

export interface ReportDialogActions {
  /** `p`: asks for confirmation (the body can no longer be edited afterwards). */
  requestPublish(): void;
  /** `m`: asks for a project name, offering existing names. */
  requestMove(): void;
  /** `d`: asks for confirmation, and again (force) when a target is published or not archived. */
  requestDelete(): void;
  /** `t`: edits tags: `a, b` adds, `-a` removes (the current tags of one report are named, not prefilled). */
  requestTags(): void;
  requestRename(): void;
  requestComment(): void;
  /** `n`: asks name, then project (optional), then tags (optional). */
  requestCreate(): void;
  /** Typing in an input dialog (suggestions follow the value) or a picker (narrows the options). */
  setDialogValue(text: string): void;
  /**
   * Input dialogs: takes suggestion `index` (default the first) into the value. Pickers: the
   * highlighted tag cycles include → exclude → off; the highlighted project becomes the choice.
   */
  completeDialog(index?: number): void;
  /** `y`/Enter: confirms, submits the typed value (the next step of a multi-step dialog), or applies a picker. */
  submitDialog(): Promise<void>;
}

export function createReportDialogActions(ctx: StoreContext, triage: TriageBook): ReportDialogActions {
  return {
    requestPublish: () => requestPublish(ctx),
    requestMove: () => requestMove(ctx),
    requestDelete: () => requestDelete(ctx),
    requestTags: () => requestTags(ctx),
    requestRename: () => requestRename(ctx),
    requestComment: () => requestComment(ctx),
    requestCreate: () => requestCreate(ctx),
    setDialogValue(text) {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') setPickQuery(ctx, dialog, text);
      else setDialogValue(ctx, text);
    },
    completeDialog(index) {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') togglePick(ctx, dialog);
      else completeDialog(ctx, index);
    },
    async submitDialog() {
      const dialog = ctx.get().ui.dialog;
      if (dialog?.kind === 'pick') submitPick(ctx, dialog);
      else await submitDialog(ctx, triage);
    },
  };
}
