// Report triage actions that need no dialog: archive/unarchive (immediate, with undo), marks
// for bulk actions, and body edits (the UI runs $EDITOR between beginEditBody and saveBody).
// Each acts on the marked reports, else on the selected one.
import type { ReportsContext } from './book.js';
import type * as core from '../core/index.js';
import * as archiving from '../core/index.js';
import { showStatus, type ArchiveSender } from '../core/index.js';
import { explainFailure, label, refused, report, REPORTS_TRIAGE, run, type TriageHistory } from './changes.js';
import type { ReportRow, ReportsState } from '../types.js';

function archiveSender(ctx: ReportsContext): ArchiveSender {
  return async (rows, archived) => {
    const result: core.RunResult = { ok: [], failed: [] };
    for (const row of rows) {
      try {
        await (archived
          ? ctx.client.reports.archive({ task: row.id })
          : ctx.client.reports.unarchive({ task: row.id }));
        result.ok.push(row);
      } catch (err) {
        result.failed.push({ row, err });
      }
    }
    return result;
  };
}

export function setArchived(
  ctx: ReportsContext,
  triage: TriageHistory,
  rows: ReportRow[],
  archived: boolean,
  fromUndo: boolean,
): Promise<void> {
  return archiving.setArchived(ctx, REPORTS_TRIAGE, triage, archiveSender(ctx), rows, archived, fromUndo);
}

export function archiveToggle(ctx: ReportsContext, triage: TriageHistory): Promise<void> {
  return archiving.archiveToggle({ ctx, desc: REPORTS_TRIAGE, triage, send: archiveSender(ctx) });
}

export function undo(ctx: ReportsContext, triage: TriageHistory): Promise<void> {
  return archiving.undoArchive({ ctx, desc: REPORTS_TRIAGE, triage, send: archiveSender(ctx) });
}

// ---- marks and body edits ------------------------------------------------------------------

export function toggleMark(ctx: ReportsContext): void {
  const r = ctx.get().reports;
  const id = r.selectedId;
  if (id === null) return;
  const marked = r.marked.includes(id) ? r.marked.filter((m) => m !== id) : [...r.marked, id];
  ctx.set((s) => ({ reports: { ...s.reports, marked } }));
}

export function clearMarks(ctx: ReportsContext): void {
  if (ctx.get().reports.marked.length > 0) ctx.set((s) => ({ reports: { ...s.reports, marked: [] } }));
}

export function beginEditBody(ctx: ReportsContext): { id: string; body: string } | null {
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

export async function saveBody(ctx: ReportsContext, triage: TriageHistory, id: string, body: string): Promise<void> {
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
  toggleReportMark(): void;
  clearReportMarks(): void;
  /** `a`: archives (or, when every target is archived, unarchives) at once; `u` undoes. */
  archiveReports(): Promise<void>;
  /** `u`: reverses the last archive/unarchive. */
  undoReportArchive(): Promise<void>;
  /** `e`: the body to edit for the selected draft report, or null (with a status message saying why). */
  beginEditBody(): { id: string; body: string } | null;
  /** Saves an edited body (after `$EDITOR` exits). */
  saveBody(id: string, body: string): Promise<void>;
}

export function createTriageActions(ctx: ReportsContext, triage: TriageHistory): TriageActions {
  return {
    toggleReportMark: () => toggleMark(ctx),
    clearReportMarks: () => clearMarks(ctx),
    archiveReports: () => archiveToggle(ctx, triage),
    undoReportArchive: () => undo(ctx, triage),
    beginEditBody: () => beginEditBody(ctx),
    saveBody: (id, body) => saveBody(ctx, triage, id, body),
  };
}
