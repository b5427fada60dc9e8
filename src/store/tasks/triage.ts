// Task triage with the report keys, on the shared machinery (core/triage.ts): archive and
// unarchive with undo (tasks.archive_many / unarchive_many), rename (tasks.update), delete
// (asks first, and again before forcing: tasks.delete_many) and abort (asks first:
// tasks.stop_many); move and tags are the lists' shared dialogs (core/triage-dialogs.ts) sent
// as tasks.move and tasks.update. Each acts on the marked tasks, else the selected one.
import type { TasksContext } from './book.js';
import {
  bulkResult,
  clearMarksOf,
  closeDialog,
  execute,
  explainFailure,
  goneFromList,
  isObject,
  label,
  listLines,
  listedRows,
  noTarget,
  oneAtATime,
  openConfirm,
  openDialog,
  openMoveDialog,
  openRenameDialog,
  openTagsDialog,
  refreshSuggestions,
  refused,
  refuseInput,
  report,
  setArchived,
  showStatus,
  subject,
  submitTriageDialog,
  targets,
  type ArchiveSender,
  type DialogState,
  type InputDialog,
  type TriageDesc,
  type TriageHistory,
  type TriageDialogOps,
} from '../core/index.js';
import type { TaskRow } from './list.js';

export const TASKS_TRIAGE: TriageDesc = { list: 'tasks', noun: 'task' };
const T = TASKS_TRIAGE;

/** What force means, said before a forced delete. */
export const FORCE_MEANING =
  'Force deletes a task whatever its status (a running one too), with its events; without it only drafts and archived tasks are deleted.';

export function rowsOf(ctx: TasksContext, ids: readonly string[]): TaskRow[] {
  const byId = ctx.get().tasks.byId;
  return ids.map((id) => byId[id]).filter((row): row is TaskRow => row !== undefined);
}

export function taskTargets(ctx: TasksContext): TaskRow[] {
  return targets(ctx, T) as TaskRow[];
}

export const sendArchive =
  (ctx: TasksContext): ArchiveSender =>
  async (rows, archived) => {
    const ids = rows.map((r) => r.id);
    const answer = archived
      ? await ctx.client.tasks.archiveMany({ ids })
      : await ctx.client.tasks.unarchiveMany({ ids });
    return bulkResult(archived ? 'tasks.archive_many' : 'tasks.unarchive_many', rows, answer.failed);
  };

/** Tag names for completion (projects.get_task_tags). */
export async function loadTaskTags(ctx: TasksContext): Promise<string[] | null> {
  try {
    const answer = await ctx.client.projects.getTaskTags({});
    const tags = Array.isArray(answer.tags) ? answer.tags.filter((t) => typeof t === 'string').sort() : [];
    ctx.set((s) => ({ tasks: { ...s.tasks, knownTags: tags } }));
    refreshSuggestions(ctx, 'tags');
    return tags;
  } catch {
    return null;
  }
}

// ---- asking ----------------------------------------------------------------------------------

export function requestAbort(ctx: TasksContext): void {
  if (refused(ctx, T)) return;
  const all = taskTargets(ctx);
  if (noTarget(ctx, T, all)) return;
  const rows = all.filter((row) => row.status === 'in_progress');
  if (rows.length === 0) {
    const first = all[0] as TaskRow;
    showStatus(ctx, `only a running task can be aborted: ${label(first)} is ${first.status}`, 'error');
    return;
  }
  const skipped = all.length - rows.length;
  const lines = [
    ...listLines(rows),
    ...(skipped > 0
      ? [`${skipped} marked task${skipped === 1 ? ' is' : 's are'} not running and stay as they are.`]
      : []),
    'The run is stopped (tasks.stop): it shows `stopped`, and its script ends at its next status check.',
    'A run on a worker shows `stopping` until its worker ends it.',
  ];
  openConfirm(ctx, 'tasks', 'abort', `Abort ${subject(T, rows)}?`, lines, rows);
}

export function requestDelete(ctx: TasksContext): void {
  if (refused(ctx, T)) return;
  const rows = taskTargets(ctx);
  if (noTarget(ctx, T, rows)) return;
  openConfirm(
    ctx,
    'tasks',
    'delete',
    `Delete ${subject(T, rows)} with its events? This cannot be undone.`,
    listLines(rows),
    rows,
  );
}

/** `m`, `t` and `R`: the dialogs both lists share (core/triage-dialogs.ts). */
export const requestMove = (ctx: TasksContext): void => openMoveDialog(ctx, taskDialogOps(ctx));
export const requestTags = (ctx: TasksContext): void => openTagsDialog(ctx, taskDialogOps(ctx));
export const requestRename = (ctx: TasksContext): void => openRenameDialog(ctx, T);

// ---- submitting ------------------------------------------------------------------------------

function needsForce(row: TaskRow): boolean {
  return row.status !== 'created' && !row.archived;
}

async function submitAbort(ctx: TasksContext, triage: TriageHistory, rows: TaskRow[]): Promise<void> {
  const stillRunning: string[] = [];
  const result = await execute(
    ctx,
    T,
    triage,
    'abort',
    rows,
    { update: rows.map((row) => ({ ...row, status: 'stopped' }) as TaskRow) },
    async (all) => {
      const answer = await ctx.client.tasks.stopMany({ ids: all.map((r) => r.id) });
      for (const item of answer.succeeded ?? [])
        if (isObject(item.fields) && item.fields.status !== undefined && item.fields.status !== 'stopped')
          stillRunning.push(item.id);
      return bulkResult('tasks.stop_many', all, answer.failed);
    },
  );
  clearMarksOf(ctx, T, rows);
  const note = stillRunning.length > 0 ? ` (its worker stops ${stillRunning.length === 1 ? 'it' : 'them'} next)` : '';
  report(ctx, T, 'aborted', result, note);
}

async function submitDelete(
  ctx: TasksContext,
  triage: TriageHistory,
  dialog: Extract<DialogState, { kind: 'confirm' }>,
  rows: TaskRow[],
): Promise<void> {
  const forced = rows.filter(needsForce);
  if (!dialog.force && forced.length > 0) {
    const verb = forced.length === 1 ? 'is' : 'are';
    openDialog(ctx, {
      ...dialog,
      force: true,
      title: `${subject(T, forced)} ${verb} neither a draft nor archived: delete anyway (force)?`,
      lines: [...listLines(forced), FORCE_MEANING],
    });
    return;
  }
  closeDialog(ctx);
  const force = dialog.force === true;
  const result = await execute(ctx, T, triage, 'delete', rows, { remove: rows.map((r) => r.id) }, async (all) => {
    const answer = await ctx.client.tasks.deleteMany({ ids: all.map((r) => r.id), ...(force ? { force } : {}) });
    return bulkResult('tasks.delete_many', all, answer.failed);
  });
  report(ctx, T, 'deleted', result);
}

async function submitInput(ctx: TasksContext, triage: TriageHistory, dialog: InputDialog): Promise<void> {
  const value = dialog.value.trim();
  const rows = listedRows<TaskRow>(ctx, T, dialog.ids);
  if (rows.length === 0) return goneFromList(ctx, 'task is');
  if (dialog.action === 'rename') {
    const row = rows[0] as TaskRow;
    if (value === '') return refuseInput(ctx, dialog, 'a task needs a name');
    if (value === row.name) return closeDialog(ctx);
    closeDialog(ctx);
    const renamed = { update: [{ ...row, name: value }] };
    const send = oneAtATime(() => ctx.client.tasks.update({ task: row.id, name: value }));
    const result = await execute(ctx, T, triage, 'rename', [row], renamed, send);
    if (result.failed.length > 0) refuseInput(ctx, dialog, explainFailure(T, result.failed[0]?.err));
    report(ctx, T, 'renamed', { ok: result.ok.map((r) => ({ ...r, name: value })), failed: result.failed });
    return;
  }
  closeDialog(ctx);
}

/** The tasks' requests and filter for the shared move and tags dialogs (core/triage-dialogs.ts). */
export function taskDialogOps(ctx: TasksContext): TriageDialogOps<TaskRow> {
  return {
    desc: T,
    async sendMove(rows, project) {
      await ctx.client.tasks.move({ ids: rows.map((r) => r.id), project_name: project });
      return { ok: rows, failed: [] };
    },
    sendTags: (row, tags) => ctx.client.tasks.update({ task: row.id, tags }),
    // A project filter shows its subprojects' tasks too: only a move outside it hides them.
    leavesFilter(project) {
      const { projectId, projectName } = ctx.get().tasks.filter;
      return projectId !== null && project !== projectName && !project.startsWith(`${projectName ?? ''}/`);
    },
    loadTags: () => loadTaskTags(ctx),
  };
}

/** Enter / `y` in a task dialog: confirms or submits what was typed. */
export async function submitTaskDialog(ctx: TasksContext, triage: TriageHistory): Promise<void> {
  const shared = submitTriageDialog(ctx, taskDialogOps(ctx), triage);
  if (shared !== null) return shared;
  const dialog = ctx.get().dialog;
  if (dialog === null || dialog.kind === 'pick') return;
  if (refused(ctx, T)) return closeDialog(ctx);
  if (dialog.kind === 'input') return submitInput(ctx, triage, dialog);
  const rows = listedRows<TaskRow>(ctx, T, dialog.ids);
  if (rows.length === 0) return goneFromList(ctx, 'tasks are');
  if (dialog.action === 'delete') return submitDelete(ctx, triage, dialog, rows);
  closeDialog(ctx);
  if (dialog.action === 'abort') return submitAbort(ctx, triage, rows);
  if (dialog.action === 'archive')
    return setArchived(
      ctx,
      T,
      triage,
      sendArchive(ctx),
      rows.filter((row) => !row.archived),
      true,
      false,
    );
}
