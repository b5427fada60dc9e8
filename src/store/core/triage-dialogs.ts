// The move (`m`) and tags (`t`) dialogs, one piece of code for the task list and the report
// list: each opens with an empty field and what is there now as a dim hint (Enter alone keeps
// it); what is typed is a change. A move to a project no one has made yet asks before the
// server creates it, so a typo never becomes a project; a tag edit adds and removes, and every
// item keeps its other tags. Each list hands in its requests as a TriageDialogOps. Rename
// (`R`) opens here too, on the selected row's name; each list submits it itself.
import type { StoreContext } from './context.js';
import {
  closeDialog,
  inputDialog,
  loadProjectNames,
  openDialog,
  openInput,
  refuseInput,
  takeChosenSuggestion,
  type DialogState,
  type InputDialog,
} from './dialogs.js';
import { isObject } from './parse.js';
import { showStatus } from './status.js';
import {
  clearMarksOf,
  execute,
  explainFailure,
  goneFromList,
  label,
  listLines,
  noTarget,
  oneAtATime,
  refused,
  report,
  sliceOf,
  subject,
  targets,
  type Optimistic,
  type RunResult,
  type TriageDesc,
  type TriageHistory,
  type TriageRow,
} from './triage.js';
import { applyTagEdit, parseTagEdit } from '../../text/tag-edit.js';
import { escapeRegex } from '../../text/regex.js';

/** What differs between the lists: their requests and their filter. */
export interface TriageDialogOps<R extends TriageRow = TriageRow> {
  desc: TriageDesc;
  /** Moves the rows to the project of that name (the server creates it when missing). */
  sendMove(rows: R[], project: string): Promise<RunResult<R>>;
  /** Gives one row its new tags. */
  sendTags(row: R, tags: string[]): Promise<unknown>;
  /** Whether a row moved to `project` leaves the list as it is filtered now. */
  leavesFilter(project: string): boolean;
  /** Fetches the tag names offered for completion, for a list that does not keep them fresh. */
  loadTags?(): Promise<unknown>;
}

type ConfirmDialog = Extract<DialogState, { kind: 'confirm' }>;

/** The rows of the list with these ids that are still listed, in the order given. */
export function listedRows<R extends TriageRow>(ctx: StoreContext, desc: TriageDesc, ids: readonly string[]): R[] {
  const byId = sliceOf(ctx.get(), desc.list).byId;
  return ids.map((id) => byId[id]).filter((row): row is TriageRow => row !== undefined) as R[];
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The move dialog's hint: the rows' project now, and that Enter alone leaves them there. */
export function moveHint(rows: readonly TriageRow[]): string {
  const projects = distinct(rows.map((r) => r.project ?? ''));
  const one = projects.length === 1;
  const now = one ? projects[0] || 'no project' : `${projects.length} projects`;
  return `now: ${now} (Enter alone keeps ${one && rows.length === 1 ? 'it' : 'them'} there)`;
}

/** The tags dialog's hint: the rows' tags now, and that Enter alone keeps them. */
export function tagsHint(desc: TriageDesc, rows: readonly TriageRow[]): string {
  const tags = distinct(rows.flatMap((r) => r.tags)).sort();
  const same = rows.every((r) => r.tags.length === tags.length);
  const now = tags.length === 0 ? 'none' : tags.join(', ');
  const mixed = same ? '' : `, not on every ${desc.noun}: each keeps its own`;
  return `now: ${now}${mixed} (Enter alone keeps them)`;
}

function moveTitle(desc: TriageDesc, rows: readonly TriageRow[]): string {
  return `Move ${subject(desc, rows)} to project (a/b nests):`;
}

/** `m`: an empty field, the project now as the hint, existing names offered as typing narrows them. */
export function openMoveDialog(ctx: StoreContext, ops: TriageDialogOps): void {
  const { desc } = ops;
  if (refused(ctx, desc)) return;
  const rows = targets(ctx, desc);
  if (noTarget(ctx, desc, rows)) return;
  const ids = rows.map((r) => r.id);
  openInput(ctx, {
    owner: desc.list,
    action: 'move',
    field: 'project',
    title: moveTitle(desc, rows),
    ids,
    hint: moveHint(rows),
  });
  void loadProjectNames(ctx, desc.list);
}

/** `t`: an empty field, the tags now as the hint; what is typed adds (`a, b`) and removes (`-a`). */
export function openTagsDialog(ctx: StoreContext, ops: TriageDialogOps): void {
  const { desc } = ops;
  if (refused(ctx, desc)) return;
  const rows = targets(ctx, desc);
  if (noTarget(ctx, desc, rows)) return;
  const single = rows.length === 1 ? rows[0] : undefined;
  const whose = single === undefined ? `Tags for ${rows.length} ${desc.noun}s` : `Tags of ${label(single)}`;
  const title = `${whose}: "a, b" adds, "-a" removes:`;
  const ids = rows.map((r) => r.id);
  openInput(ctx, { owner: desc.list, action: 'tags', field: 'tags', title, ids, hint: tagsHint(desc, rows) });
  void ops.loadTags?.();
}

/** `R`: the selected row's name, ready to edit. */
export function openRenameDialog(ctx: StoreContext, desc: TriageDesc): void {
  if (refused(ctx, desc)) return;
  const { selectedId, byId } = sliceOf(ctx.get(), desc.list);
  const row = selectedId === null ? undefined : byId[selectedId];
  if (row === undefined) return void noTarget(ctx, desc, []);
  const title = `Rename ${label(row)} to:`;
  openInput(ctx, { owner: desc.list, action: 'rename', field: 'name', title, value: row.name, ids: [row.id] });
}

// ---- submitting ------------------------------------------------------------------------------

/** Whether a project of exactly this name exists (hidden ones too: moving there creates nothing). */
export async function projectExists(ctx: StoreContext, name: string): Promise<boolean> {
  const answer = await ctx.client.projects.getAllEx({
    name: `^${escapeRegex(name)}$`,
    only_fields: ['name'],
    search_hidden: true,
    size: 10,
  });
  const projects = Array.isArray(answer.projects) ? answer.projects : [];
  return projects.some((p) => isObject(p) && p.name === name);
}

/** The dialog is still the one that was submitted (not closed, retyped or replaced meanwhile). */
function stillOpen(ctx: StoreContext, dialog: InputDialog): boolean {
  const now = ctx.get().dialog;
  return now?.kind === 'input' && now.action === dialog.action && now.value === dialog.value && now.ids === dialog.ids;
}

async function moveRows(
  ctx: StoreContext,
  ops: TriageDialogOps,
  triage: TriageHistory,
  rows: TriageRow[],
  project: string,
): Promise<void> {
  const { desc } = ops;
  closeDialog(ctx);
  const change: Optimistic = ops.leavesFilter(project)
    ? { remove: rows.map((r) => r.id) }
    : { update: rows.map((row) => ({ ...row, project })) };
  const result = await execute(ctx, desc, triage, 'move', rows, change, (all) => ops.sendMove(all, project));
  clearMarksOf(ctx, desc, rows);
  if (result.failed.length > 0 && result.ok.length === 0) {
    const retry = inputDialog(ctx, {
      owner: desc.list,
      action: 'move',
      field: 'project',
      title: moveTitle(desc, rows),
      value: project,
      ids: rows.map((r) => r.id),
      hint: moveHint(rows),
    });
    refuseInput(ctx, retry, explainFailure(desc, result.failed[0]?.err));
  }
  report(ctx, desc, 'moved', result, result.ok.length > 0 ? ` to ${project}` : '');
}

async function submitMove(ctx: StoreContext, ops: TriageDialogOps, triage: TriageHistory, dialog: InputDialog) {
  const { desc } = ops;
  const rows = listedRows(ctx, desc, dialog.ids);
  if (rows.length === 0) return goneFromList(ctx, `${desc.noun} is`);
  const project = dialog.value.trim();
  if (project === '') {
    closeDialog(ctx);
    return showStatus(ctx, `nothing moved: ${subject(desc, rows)} stays where it was`, 'info');
  }
  let exists: boolean;
  try {
    exists = await projectExists(ctx, project);
  } catch (err) {
    if (stillOpen(ctx, dialog))
      refuseInput(ctx, dialog, `could not check whether "${project}" exists: ${explainFailure(desc, err)}`);
    return;
  }
  if (!stillOpen(ctx, dialog)) return;
  if (exists) return moveRows(ctx, ops, triage, rows, project);
  openDialog(ctx, {
    kind: 'confirm',
    owner: desc.list,
    action: 'move',
    title: `Create project "${project}" and move ${subject(desc, rows)} there?`,
    lines: [...listLines(rows), `No project is named "${project}" yet; no creates nothing.`],
    ids: rows.map((r) => r.id),
    value: project,
  });
}

async function submitCreateAndMove(
  ctx: StoreContext,
  ops: TriageDialogOps,
  triage: TriageHistory,
  dialog: ConfirmDialog,
): Promise<void> {
  const rows = listedRows(ctx, ops.desc, dialog.ids);
  if (rows.length === 0) return goneFromList(ctx, `${ops.desc.noun}s are`);
  await moveRows(ctx, ops, triage, rows, dialog.value ?? '');
}

async function submitTags(ctx: StoreContext, ops: TriageDialogOps, triage: TriageHistory, dialog: InputDialog) {
  const { desc } = ops;
  const rows = listedRows(ctx, desc, dialog.ids);
  if (rows.length === 0) return goneFromList(ctx, `${desc.noun} is`);
  const edit = parseTagEdit(dialog.value);
  closeDialog(ctx);
  if (edit.add.length === 0 && edit.remove.length === 0)
    return showStatus(ctx, 'no tag change typed: the tags stay as they are', 'info');
  const update = rows.map((row) => ({ ...row, tags: applyTagEdit(row.tags, edit) }));
  const send = oneAtATime((row: TriageRow) => ops.sendTags(row, applyTagEdit(row.tags, edit)));
  const result = await execute(ctx, desc, triage, 'tags', rows, { update }, send);
  clearMarksOf(ctx, desc, rows);
  if (result.failed.length > 0 && result.ok.length === 0)
    refuseInput(ctx, dialog, explainFailure(desc, result.failed[0]?.err));
  report(ctx, desc, 'tagged', result);
}

/**
 * Enter / `y` in a dialog of the list: takes a suggestion chosen with Up/Down, then submits a
 * move or tag edit, or the creation of a new project. Null (decided at once, so the list's own
 * dialogs still change the list before anything is awaited): not one of these dialogs.
 */
export function submitTriageDialog(
  ctx: StoreContext,
  ops: TriageDialogOps,
  triage: TriageHistory,
): Promise<void> | null {
  takeChosenSuggestion(ctx);
  const dialog = ctx.get().dialog;
  if (dialog === null || dialog.kind === 'pick' || dialog.owner !== ops.desc.list) return null;
  const ours = dialog.action === 'move' || (dialog.kind === 'input' && dialog.action === 'tags');
  if (!ours) return null;
  if (refused(ctx, ops.desc)) {
    closeDialog(ctx);
    return Promise.resolve();
  }
  if (dialog.kind === 'confirm') return submitCreateAndMove(ctx, ops, triage, dialog);
  return dialog.action === 'move' ? submitMove(ctx, ops, triage, dialog) : submitTags(ctx, ops, triage, dialog);
}
