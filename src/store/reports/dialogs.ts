// Report triage actions that ask first: publish and delete (confirmations naming what will
// change; delete asks again before forcing), move, tags, rename, comment and new report (text
// input with completion). What was typed is kept when the server refuses.
import type { ReportsContext } from './book.js';
import {
  bindTo,
  loadProjectNames,
  openConfirm,
  openInput,
  openMoveDialog,
  openRenameDialog,
  openTagsDialog,
  showStatus,
  submitTriageDialog,
} from '../core/index.js';
import {
  label,
  listLines,
  noTarget,
  refused,
  reportDialogOps,
  REPORTS_TRIAGE,
  subject,
  targets,
  type TriageHistory,
} from './changes.js';
import { submitPick } from './filters.js';
import { submitDialog } from './dialog-submit.js';

export function requestPublish(ctx: ReportsContext): void {
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
  openConfirm(ctx, 'reports', 'publish', `Publish ${subject(rows)}?`, lines, rows);
}

export function requestDelete(ctx: ReportsContext): void {
  if (refused(ctx)) return;
  const rows = targets(ctx);
  if (noTarget(ctx, rows)) return;
  openConfirm(ctx, 'reports', 'delete', `Delete ${subject(rows)}? This cannot be undone.`, listLines(rows), rows);
}

/** `m`, `t` and `R`: the dialogs both lists share (core/triage-dialogs.ts). */
export const requestMove = (ctx: ReportsContext): void => openMoveDialog(ctx, reportDialogOps(ctx));
export const requestTags = (ctx: ReportsContext): void => openTagsDialog(ctx, reportDialogOps(ctx));
export const requestRename = (ctx: ReportsContext): void => openRenameDialog(ctx, REPORTS_TRIAGE);

export function requestComment(ctx: ReportsContext): void {
  if (refused(ctx)) return;
  const row =
    ctx.get().reports.selectedId === null ? undefined : ctx.get().reports.byId[ctx.get().reports.selectedId ?? ''];
  if (row === undefined) return void noTarget(ctx, []);
  const title = `Comment of ${label(row)}:`;
  openInput(ctx, { owner: 'reports', action: 'comment', field: 'comment', title, value: row.comment, ids: [row.id] });
}

export function requestCreate(ctx: ReportsContext): void {
  if (refused(ctx)) return;
  openInput(ctx, { owner: 'reports', action: 'create', field: 'name', title: 'New report name:' });
  void loadProjectNames(ctx, 'reports');
}

// ---- submitting ------------------------------------------------------------------------------

export interface ReportDialogActions {
  /** `p`: asks for confirmation (the body can no longer be edited afterwards). */
  requestPublish(): void;
  /** `m`: asks for a project name, offering existing names; a new one is confirmed before it is created. */
  requestReportMove(): void;
  /** `d`: asks for confirmation, and again (force) when a target is published or not archived. */
  requestReportDelete(): void;
  /** `t`: edits tags: `a, b` adds, `-a` removes (the current tags are the hint, not prefilled). */
  requestReportTags(): void;
  requestReportRename(): void;
  requestComment(): void;
  /** `n`: asks name, then project (optional), then tags (optional). */
  requestCreate(): void;
  /** `y`/Enter on a dialog the report list opened: confirms, submits the typed value (the next step of a multi-step dialog), or applies a picker. */
  submitReportDialog(): Promise<void>;
}

export function createReportDialogActions(ctx: ReportsContext, triage: TriageHistory): ReportDialogActions {
  return {
    ...bindTo(ctx, {
      requestPublish,
      requestReportMove: requestMove,
      requestReportDelete: requestDelete,
      requestReportTags: requestTags,
      requestReportRename: requestRename,
      requestComment,
      requestCreate,
    }),
    async submitReportDialog() {
      const dialog = ctx.get().dialog;
      if (dialog?.kind === 'pick') submitPick(ctx, dialog);
      else await (submitTriageDialog(ctx, reportDialogOps(ctx), triage) ?? submitDialog(ctx, triage));
    },
  };
}
