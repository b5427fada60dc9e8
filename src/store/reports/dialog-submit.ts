// Submitting a report dialog: a confirmation (publish, delete, force delete) or a typed value
// (rename, comment, the steps of a new report); move and tags are the lists' shared dialogs
// (core/triage-dialogs.ts). A refused value reopens the dialog with what was typed and why.
import { REPORT_NAME_MIN_LENGTH } from '../../wire/reports.js';
import type { ReportsContext } from './book.js';
import {
  closeDialog,
  goneFromList,
  listedRows,
  openDialog,
  openInput,
  refuseInput,
  showStatus,
  type DialogState,
  type InputDialog,
} from '../core/index.js';
import { setArchived } from './actions.js';
import {
  clearMarksOf,
  explainFailure,
  listLines,
  nameTaken,
  refused,
  report,
  run,
  subject,
  REPORTS_TRIAGE,
  type TriageHistory,
} from './changes.js';
import type { ReportRow } from './list.js';
import { parseTagEdit } from '../../text/tag-edit.js';

function rowsOf(ctx: ReportsContext, ids: string[]): ReportRow[] {
  return listedRows<ReportRow>(ctx, REPORTS_TRIAGE, ids);
}

function needsForce(row: ReportRow): boolean {
  return row.status === 'published' || !row.archived;
}

async function submitConfirm(
  ctx: ReportsContext,
  triage: TriageHistory,
  dialog: Extract<DialogState, { kind: 'confirm' }>,
): Promise<void> {
  const rows = rowsOf(ctx, dialog.ids);
  if (rows.length === 0) return goneFromList(ctx, 'reports are');
  if (dialog.action === 'archive') {
    closeDialog(ctx);
    await setArchived(
      ctx,
      triage,
      rows.filter((row) => !row.archived),
      true,
      false,
    );
    return;
  }
  if (dialog.action === 'publish') {
    closeDialog(ctx);
    const result = await run(
      ctx,
      triage,
      'publish',
      rows,
      { update: rows.map((row) => ({ ...row, status: 'published' })) },
      (row) => ctx.client.reports.publish({ task: row.id }),
    );
    clearMarksOf(ctx, rows);
    report(ctx, 'published', result);
    return;
  }
  if (dialog.action === 'delete') {
    const forced = rows.filter(needsForce);
    if (!dialog.force && forced.length > 0) {
      openDialog(ctx, {
        ...dialog,
        force: true,
        title: `${subject(forced)} ${forced.length === 1 ? 'is' : 'are'} published or not archived: delete anyway (force)?`,
        lines: listLines(forced),
      });
      return;
    }
    closeDialog(ctx);
    const result = await run(ctx, triage, 'delete', rows, { remove: rows.map((row) => row.id) }, (row) =>
      ctx.client.reports.delete({ task: row.id, ...(dialog.force && needsForce(row) ? { force: true } : {}) }),
    );
    report(ctx, 'deleted', result);
  }
}

async function submitInput(ctx: ReportsContext, triage: TriageHistory, dialog: InputDialog): Promise<void> {
  const value = dialog.value.trim();
  const rows = rowsOf(ctx, dialog.ids);
  if (dialog.action !== 'create' && rows.length === 0) return goneFromList(ctx, 'report is');
  switch (dialog.action) {
    case 'rename': {
      const row = rows[0];
      if (row === undefined) return;
      if (value.length < REPORT_NAME_MIN_LENGTH)
        return refuseInput(ctx, dialog, `a name needs at least ${REPORT_NAME_MIN_LENGTH} characters`);
      if (value === row.name) return closeDialog(ctx);
      if (nameTaken(ctx, value, row.id)) return refuseInput(ctx, dialog, `a report named "${value}" already exists`);
      closeDialog(ctx);
      const result = await run(ctx, triage, 'rename', [row], { update: [{ ...row, name: value }] }, () =>
        ctx.client.reports.update({ task: row.id, name: value }),
      );
      if (result.failed.length > 0) refuseInput(ctx, dialog, explainFailure(result.failed[0]?.err));
      report(ctx, 'renamed', { ok: result.ok.map((r) => ({ ...r, name: value })), failed: result.failed });
      return;
    }
    case 'comment': {
      const row = rows[0];
      if (row === undefined) return;
      closeDialog(ctx);
      const result = await run(ctx, triage, 'comment', [row], { update: [{ ...row, comment: dialog.value }] }, () =>
        ctx.client.reports.update({ task: row.id, comment: dialog.value }),
      );
      if (result.failed.length > 0) refuseInput(ctx, dialog, explainFailure(result.failed[0]?.err));
      report(ctx, 'commented', result);
      return;
    }
    case 'create':
      return submitCreateStep(ctx, dialog, value);
    default:
      closeDialog(ctx);
  }
}

async function submitCreateStep(ctx: ReportsContext, dialog: InputDialog, value: string): Promise<void> {
  if (dialog.field === 'name') {
    if (value.length < REPORT_NAME_MIN_LENGTH)
      return refuseInput(ctx, dialog, `a name needs at least ${REPORT_NAME_MIN_LENGTH} characters`);
    if (nameTaken(ctx, value, null)) return refuseInput(ctx, dialog, `a report named "${value}" already exists`);
    const title = `Project of "${value}" (empty: none; a new name creates it):`;
    return openInput(ctx, { owner: 'reports', action: 'create', field: 'project', title, collected: { name: value } });
  }
  if (dialog.field === 'project') {
    const title = 'Tags (comma separated, may be empty):';
    const collected = { ...dialog.collected, project: value };
    return openInput(ctx, { owner: 'reports', action: 'create', field: 'tags', title, collected });
  }
  const name = dialog.collected.name ?? '';
  const project = (dialog.collected.project ?? '').trim();
  const tags = parseTagEdit(value).add;
  closeDialog(ctx);
  try {
    const created = await ctx.client.reports.create({ name, ...(tags.length > 0 ? { tags } : {}) });
    if (project !== '') await ctx.client.reports.move({ task: created.id, project_name: project });
    ctx.book.selectAfterLoad = created.id;
    ctx.pollers.reports.restart();
    showStatus(ctx, `created "${name}"${project !== '' ? ` in ${project}` : ''}`, 'success');
  } catch (err) {
    refuseInput(ctx, dialog, explainFailure(err));
    showStatus(ctx, `could not create "${name}": ${explainFailure(err)}`, 'error');
  }
}

export async function submitDialog(ctx: ReportsContext, triage: TriageHistory): Promise<void> {
  const dialog = ctx.get().dialog;
  // Pickers are filters, submitted through filters.ts.
  if (dialog === null || dialog.kind === 'pick') return;
  if (refused(ctx)) return closeDialog(ctx);
  if (dialog.kind === 'confirm') return submitConfirm(ctx, triage, dialog);
  return submitInput(ctx, triage, dialog);
}
