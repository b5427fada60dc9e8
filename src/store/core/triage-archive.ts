// Archive and unarchive for both lists: immediate for one row (several marked ones are named in
// a confirmation first), rows hidden by the archive leave the list at once, and `u` reverses
// the last one, putting hidden rows back where they were. Each list says how it sends the
// change (one request per row, or one `_many` request).
import type { StoreContext } from './context.js';
import { openConfirm } from './dialogs.js';
import { showStatus } from './status.js';
import {
  clearMarksOf,
  execute,
  isArchivedHidden,
  listLines,
  noTarget,
  offerUndo,
  refused,
  report,
  sliceOf,
  subject,
  targets,
  withArchived,
  type Optimistic,
  type RunResult,
  type TriageHistory,
  type TriageDesc,
  type TriageRow,
} from './triage.js';

/** Sends the archive (true) or unarchive (false) of the rows; answers which failed. */
export type ArchiveSender = (rows: TriageRow[], archived: boolean) => Promise<RunResult>;

export async function setArchived(
  ctx: StoreContext,
  desc: TriageDesc,
  triage: TriageHistory,
  send: ArchiveSender,
  rows: TriageRow[],
  archived: boolean,
  fromUndo: boolean,
): Promise<void> {
  const action = archived ? 'archive' : 'unarchive';
  const r = sliceOf(ctx.get(), desc.list);
  const hide = archived && isArchivedHidden(ctx, desc);
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
  const result = await execute(ctx, desc, triage, action, rows, change, (all) => send(all, archived));
  clearMarksOf(ctx, desc, rows);
  if (fromUndo) {
    offerUndo(ctx, desc, triage, null);
    report(ctx, desc, archived ? 'undone: archived' : 'undone: restored', result);
    return;
  }
  if (result.ok.length > 0)
    offerUndo(ctx, desc, triage, {
      action,
      rows: result.ok.map((row) => ({ row, index: positions.get(row.id) ?? 0 })),
    });
  report(ctx, desc, archived ? 'archived' : 'unarchived', result, result.ok.length > 0 ? ' — u to undo' : '');
}

/** `a`: archives the targets (several are named first), or unarchives them when all are archived. */
export async function archiveToggle(
  ctx: StoreContext,
  desc: TriageDesc,
  triage: TriageHistory,
  send: ArchiveSender,
): Promise<void> {
  if (refused(ctx, desc)) return;
  const rows = targets(ctx, desc);
  if (noTarget(ctx, desc, rows)) return;
  const archive = !rows.every((row) => row.archived);
  const changed = archive ? rows.filter((row) => !row.archived) : rows;
  if (archive && changed.length > 1) {
    const lines = [...listLines(changed), 'u undoes it afterwards.'];
    openConfirm(ctx, desc.list, 'archive', `Archive ${subject(desc, changed)}?`, lines, changed);
    return;
  }
  await setArchived(ctx, desc, triage, send, changed, archive, false);
}

/** `u`: reverses the last archive or unarchive. */
export async function undoArchive(
  ctx: StoreContext,
  desc: TriageDesc,
  triage: TriageHistory,
  send: ArchiveSender,
): Promise<void> {
  if (refused(ctx, desc)) return;
  const last = triage.lastUndo;
  if (last === null) {
    showStatus(ctx, 'nothing to undo', 'info');
    return;
  }
  const byId = sliceOf(ctx.get(), desc.list).byId;
  const rows = last.rows.map(({ row }) => byId[row.id] ?? row);
  await setArchived(ctx, desc, triage, send, rows, last.action !== 'archive', true);
}
