// Report triage actions that ask first: publish and delete (confirmations naming what will
// change; delete asks again before forcing), move, tags, rename, comment and new report (text
// input with completion). What was typed is kept when the server refuses.
import { REPORT_NAME_MIN_LENGTH } from '../wire/reports.js';
import type { StoreContext } from './context.js';
import { clampIndex } from './lists.js';
import { isObject } from './parse.js';
import {
  clearMarksOf,
  explainFailure,
  label,
  listLines,
  nameTaken,
  noTarget,
  refused,
  report,
  run,
  subject,
  targets,
  type Optimistic,
  type TriageBook,
} from './report-changes.js';
import { showStatus } from './status.js';
import type { DialogState, ReportActionName, ReportRow } from './types.js';

type InputDialog = Extract<DialogState, { kind: 'input' }>;

const MAX_SUGGESTIONS = 8;

// ---- dialogs -------------------------------------------------------------------------------

export function openDialog(ctx: StoreContext, dialog: DialogState): void {
  ctx.set((s) => ({ ui: { ...s.ui, overlay: 'dialog', dialog, prompt: null } }));
}

export function closeDialog(ctx: StoreContext): void {
  ctx.set((s) => ({ ui: { ...s.ui, overlay: 'none', dialog: null } }));
}

function suggestionsFor(ctx: StoreContext, field: InputDialog['field'], value: string): string[] {
  const r = ctx.get().reports;
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

function openInput(
  ctx: StoreContext,
  action: ReportActionName,
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
function refuseInput(ctx: StoreContext, dialog: InputDialog, error: string): void {
  openDialog(ctx, { ...dialog, error });
}

/** Project names for completion; a failure only means no suggestions. */
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
  openDialog(ctx, {
    kind: 'confirm',
    action: 'publish',
    title: `Publish ${subject(rows)}?`,
    lines: [...listLines(rows), "A published report's body can no longer be edited."],
    ids: rows.map((row) => row.id),
  });
}

export function requestDelete(ctx: StoreContext): void {
  if (refused(ctx)) return;
  const rows = targets(ctx);
  if (noTarget(ctx, rows)) return;
  openDialog(ctx, {
    kind: 'confirm',
    action: 'delete',
    title: `Delete ${subject(rows)}? This cannot be undone.`,
    lines: listLines(rows),
    ids: rows.map((row) => row.id),
  });
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
  const title = single
    ? `Tags of ${label(single)} (comma separated):`
    : `Tags for ${rows.length} reports: "a, b" adds, "-a" removes:`;
  openInput(
    ctx,
    'tags',
    'tags',
    title,
    single ? single.tags.join(', ') : '',
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

function rowsOf(ctx: StoreContext, ids: string[]): ReportRow[] {
  const byId = ctx.get().reports.byId;
  return ids.map((id) => byId[id]).filter((row): row is ReportRow => row !== undefined);
}

function needsForce(row: ReportRow): boolean {
  return row.status === 'published' || !row.archived;
}

async function submitConfirm(
  ctx: StoreContext,
  triage: TriageBook,
  dialog: Extract<DialogState, { kind: 'confirm' }>,
): Promise<void> {
  const rows = rowsOf(ctx, dialog.ids);
  if (rows.length === 0) {
    closeDialog(ctx);
    showStatus(ctx, 'the reports are no longer listed; nothing was changed', 'error');
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

function parseTagEdit(value: string): { add: string[]; remove: string[] } {
  const add: string[] = [];
  const remove: string[] = [];
  for (const part of value.split(',')) {
    const token = part.trim();
    if (token === '' || token === '-' || token === '+') continue;
    if (token.startsWith('-')) remove.push(token.slice(1).trim());
    else add.push(token.replace(/^\+/, '').trim());
  }
  return { add, remove };
}

async function submitInput(ctx: StoreContext, triage: TriageBook, dialog: InputDialog): Promise<void> {
  const value = dialog.value.trim();
  const rows = rowsOf(ctx, dialog.ids);
  if (dialog.action !== 'create' && rows.length === 0) {
    closeDialog(ctx);
    showStatus(ctx, 'the report is no longer listed; nothing was changed', 'error');
    return;
  }
  switch (dialog.action) {
    case 'move': {
      if (value === '') return refuseInput(ctx, dialog, 'type a project name');
      closeDialog(ctx);
      // Leaving the project the list is filtered by takes the report out of the list.
      const { projectId, projectName } = ctx.get().reports.filter;
      const hide = projectId !== null && projectName !== value;
      const change: Optimistic = hide
        ? { remove: rows.map((r) => r.id) }
        : { update: rows.map((row) => ({ ...row, project: value })) };
      const result = await run(ctx, triage, 'move', rows, change, (row) =>
        ctx.client.reports.move({ task: row.id, project_name: value }),
      );
      clearMarksOf(ctx, rows);
      if (result.failed.length > 0 && result.ok.length === 0)
        refuseInput(ctx, dialog, explainFailure(result.failed[0]?.err));
      report(ctx, 'moved', result, result.ok.length > 0 ? ` to ${value}` : '');
      return;
    }
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
    case 'tags': {
      const { add, remove } = parseTagEdit(dialog.value);
      const single = rows.length === 1;
      const nextTags = (row: ReportRow) => {
        const base = single ? [] : row.tags.filter((t) => !remove.includes(t));
        return [...new Set([...base, ...add])].filter((t) => !remove.includes(t)).sort();
      };
      closeDialog(ctx);
      const result = await run(
        ctx,
        triage,
        'tags',
        rows,
        { update: rows.map((row) => ({ ...row, tags: nextTags(row) })) },
        (row) => ctx.client.reports.update({ task: row.id, tags: nextTags(row) }),
      );
      clearMarksOf(ctx, rows);
      if (result.failed.length > 0 && result.ok.length === 0)
        refuseInput(ctx, dialog, explainFailure(result.failed[0]?.err));
      report(ctx, 'tagged', result);
      return;
    }
    case 'create':
      return submitCreateStep(ctx, dialog, value);
    default:
      closeDialog(ctx);
  }
}

async function submitCreateStep(ctx: StoreContext, dialog: InputDialog, value: string): Promise<void> {
  if (dialog.field === 'name') {
    if (value.length < REPORT_NAME_MIN_LENGTH)
      return refuseInput(ctx, dialog, `a name needs at least ${REPORT_NAME_MIN_LENGTH} characters`);
    if (nameTaken(ctx, value, null)) return refuseInput(ctx, dialog, `a report named "${value}" already exists`);
    return openInput(ctx, 'create', 'project', `Project of "${value}" (empty: none; a new name creates it):`, '', [], {
      name: value,
    });
  }
  if (dialog.field === 'project') {
    return openInput(ctx, 'create', 'tags', 'Tags (comma separated, may be empty):', '', [], {
      ...dialog.collected,
      project: value,
    });
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

export async function submitDialog(ctx: StoreContext, triage: TriageBook): Promise<void> {
  const dialog = ctx.get().ui.dialog;
  // Pickers are filters, submitted through report-filters.ts.
  if (dialog === null || dialog.kind === 'pick') return;
  if (refused(ctx)) return closeDialog(ctx);
  if (dialog.kind === 'confirm') return submitConfirm(ctx, triage, dialog);
  return submitInput(ctx, triage, dialog);
}
