// Report triage actions that need no dialog: archive/unarchive (immediate, with undo), marks
// for bulk actions, and body edits (the UI runs $EDITOR between beginEditBody and saveBody).
// Each acts on the marked reports, else on the selected one.
import type { StoreContext } from '../context.js';
import {
  clearMarksOf,
  explainFailure,
  isArchivedHidden,
  label,
  listLines,
  noTarget,
  refused,
  report,
  run,
  subject,
  targets,
  withArchived,
  type Optimistic,
  type TriageBook,
} from './changes.js';
import { openConfirm } from '../ui/dialogs.js';
import { showStatus } from '../core/status.js';
import type { ReportRow, ReportsState } from '../types.js';

export async function setArchived(
  ctx: StoreContext,
  triage: TriageBook,
  rows: ReportRow[],
  archived: boolean,
  fromUndo: boolean,
): Promise<void> {
  const action = archived ? 'archive' : 'unarchive';
  const r = ctx.get().reports;
  const hide = archived && isArchivedHidden(ctx);
  const listed = rows.filter((row) => r.byId[row.id] !== undefined);
  const unlisted = rows.filter((row) => r.byId[row.id] === undefined);
  const change: Optimistic = hide
    ? { remove: listed.map((row) => row.id) }
    : { update: listed.map((row) => withArchived(row, archived)) };
  if (fromUndo && triage.lastUndo) {
    change.insert = triage.lastUndo.rows
      .filter(({ row }) => unlisted.some((u) => u.id === row.id))
      .map(({ row, index }) => ({ row: withArchived(row, archived), index }));
  }
  const positions = new Map(r.ids.map((id, i) => [id, i]));
  const result = await run(ctx, triage, action, rows, change, (row) =>
    archived ? ctx.client.reports.archive({ task: row.id }) : ctx.client.reports.unarchive({ task: row.id }),
  );
  clearMarksOf(ctx, rows);
  if (fromUndo) {
    triage.lastUndo = null;
    ctx.set((s) => ({ reports: { ...s.reports, undo: null } }));
    report(ctx, archived ? 'undone: archived' : 'undone: restored', result);
    return;
  }
  if (result.ok.length > 0) {
    triage.lastUndo = { action, rows: result.ok.map((row) => ({ row, index: positions.get(row.id) ?? 0 })) };
    ctx.set((s) => ({ reports: { ...s.reports, undo: { action, ids: result.ok.map((row) => row.id) } } }));
  }
  report(ctx, archived ? 'archived' : 'unarchived', result, result.ok.length > 0 ? ' — u to undo' : '');
}

export async function archiveToggle(ctx: StoreContext, triage: TriageBook): Promise<void> {
  if (refused(ctx)) return;
  const rows = targets(ctx);
  if (noTarget(ctx, rows)) return;
  const archive = !rows.every((row) => row.archived);
  const changed = archive ? rows.filter((row) => !row.archived) : rows;
  // Archiving several marked reports at once names them first (as bulk delete does).
  if (archive && changed.length > 1) {
    const lines = [...listLines(changed), 'u undoes it afterwards.'];
    openConfirm(ctx, 'archive', `Archive ${subject(changed)}?`, lines, changed);
    return;
  }
  await setArchived(ctx, triage, changed, archive, false);
}

export async function undo(ctx: StoreContext, triage: TriageBook): Promise<void> {
  if (refused(ctx)) return;
  const last = triage.lastUndo;
  if (last === null) {
    showStatus(ctx, 'nothing to undo', 'info');
    return;
  }
  const byId = ctx.get().reports.byId;
  const rows = last.rows.map(({ row }) => byId[row.id] ?? row);
  await setArchived(ctx, triage, rows, last.action !== 'archive', true);
}

// ---- marks and body edits ------------------------------------------------------------------

export function toggleMark(ctx: StoreContext): void {
  const r = ctx.get().reports;
  const id = r.selectedId;
  if (id === null) return;
  const marked = r.marked.includes(id) ? r.marked.filter((m) => m !== id) : [...r.marked, id];
  ctx.set((s) => ({ reports: { ...s.reports, marked } }));
}

export function clearMarks(ctx: StoreContext): void {
  if (ctx.get().reports.marked.length > 0) ctx.set((s) => ({ reports: { ...s.reports, marked: [] } }));
}

export function beginEditBody(ctx: StoreContext): { id: string; body: string } | null {
  if (refused(ctx)) return null;
  const r: ReportsState = ctx.get().reports;
  const row = r.selectedId === null ? undefined : r.byId[r.selectedId];
  if (row === undefined) {
    showStatus(ctx, 'no report selected', 'error');
    return null;
  }
  if (row.status !== 'created') {
    showStatus(ctx, `${label(row)} is published: its body can no longer be edited`, 'error');
    return null;
  }
  return { id: row.id, body: row.body };
}

export async function saveBody(ctx: StoreContext, triage: TriageBook, id: string, body: string): Promise<void> {
  if (refused(ctx)) return;
  const row = ctx.get().reports.byId[id];
  const send = () => ctx.client.reports.update({ task: id, report: body });
  if (row === undefined) {
    try {
      await send();
      ctx.pollers.reports.restart();
      showStatus(ctx, 'saved the report body', 'success');
    } catch (err) {
      showStatus(ctx, `could not save the body: ${explainFailure(err)}`, 'error');
    }
    return;
  }
  if (row.body === body) {
    showStatus(ctx, 'the body is unchanged', 'info');
    return;
  }
  const result = await run(ctx, triage, 'edit', [row], { update: [{ ...row, body }] }, send);
  report(ctx, 'saved the body of', result);
}

export interface TriageActions {
  /** `space`: marks/unmarks the selected report for a bulk action. */
  toggleMark(): void;
  clearMarks(): void;
  /** `a`: archives (or, when every target is archived, unarchives) at once; `u` undoes. */
  archiveToggle(): Promise<void>;
  /** `u`: reverses the last archive/unarchive. */
  undo(): Promise<void>;
  /** `e`: the body to edit for the selected draft report, or null (with a status message saying why). */
  beginEditBody(): { id: string; body: string } | null;
  /** Saves an edited body (after `$EDITOR` exits). */
  saveBody(id: string, body: string): Promise<void>;
}

export function createTriageActions(ctx: StoreContext, triage: TriageBook): TriageActions {
  return {
    toggleMark: () => toggleMark(ctx),
    clearMarks: () => clearMarks(ctx),
    archiveToggle: () => archiveToggle(ctx, triage),
    undo: () => undo(ctx, triage),
    beginEditBody: () => beginEditBody(ctx),
    saveBody: (id, body) => saveBody(ctx, triage, id, body),
  };
}
