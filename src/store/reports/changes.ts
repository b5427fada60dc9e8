// The machinery of report triage: which reports an action targets, optimistic changes to the
// list with rollback of what the server refuses, and the status line that reports the outcome.
import type { StoreContext } from '../context.js';
import { classifyFailure, describeFailure } from '../core/errors.js';
import { keepSelection } from '../core/lists.js';
import { isObject } from '../core/parse.js';
import { showStatus } from '../core/status.js';
import type { ReportRow } from './list.js';

/**
 * Every report action, with the keymap action id that starts it (null: reached through another
 * one, as unarchive through archive). The one list: the UI's handler table is checked against it.
 */
export const REPORT_ACTIONS = {
  archive: 'archive',
  unarchive: null,
  publish: 'publish',
  move: 'move',
  delete: 'delete',
  tags: 'tags',
  rename: 'rename',
  comment: 'comment',
  edit: 'edit',
  create: 'new-report',
} as const;

export type ReportActionName = keyof typeof REPORT_ACTIONS;

/** The keymap action ids that start a report action. */
export type ReportKeyActionId = NonNullable<(typeof REPORT_ACTIONS)[ReportActionName]>;

/** An optimistic change waiting for the server; `before` restores the rows when it is refused. */
export interface PendingReportChange {
  action: ReportActionName;
  before: Record<string, ReportRow>;
  /** Rows removed optimistically (delete, or archive while archived ones are hidden), with their list positions. */
  removed: { id: string; index: number }[];
  /** Rows put back optimistically (undo of an archive that hid them). */
  inserted: string[];
}

const MAX_DIALOG_LINES = 12;

/** Rows removed by the last archive, kept so an undo can put them back where they were. */
export interface UndoRecord {
  action: 'archive' | 'unarchive';
  rows: { row: ReportRow; index: number }[];
}

export interface TriageBook {
  changeSeq: number;
  lastUndo: UndoRecord | null;
}

export function createTriageBook(): TriageBook {
  return { changeSeq: 0, lastUndo: null };
}

// ---- helpers -----------------------------------------------------------------------------

export function targets(ctx: StoreContext): ReportRow[] {
  const r = ctx.get().reports;
  const ids =
    r.marked.length > 0 ? r.ids.filter((id) => r.marked.includes(id)) : r.selectedId === null ? [] : [r.selectedId];
  return ids.map((id) => r.byId[id]).filter((row): row is ReportRow => row !== undefined);
}

export function refused(ctx: StoreContext): boolean {
  if (ctx.get().ui.readOnly) {
    showStatus(ctx, 'read-only mode: reports cannot be changed (started with --read-only)', 'error');
    return true;
  }
  return false;
}

export function noTarget(ctx: StoreContext, rows: ReportRow[]): boolean {
  if (rows.length > 0) return false;
  showStatus(ctx, 'no report selected', 'error');
  return true;
}

export function label(row: ReportRow): string {
  return row.name === '' ? row.id : `"${row.name}"`;
}

export function subject(rows: ReportRow[]): string {
  return rows.length === 1 && rows[0] !== undefined ? label(rows[0]) : `${rows.length} reports`;
}

export function listLines(rows: ReportRow[]): string[] {
  const lines = rows.slice(0, MAX_DIALOG_LINES).map((r) => `  ${label(r)}${r.project ? ` (${r.project})` : ''}`);
  if (rows.length > MAX_DIALOG_LINES) lines.push(`  … and ${rows.length - MAX_DIALOG_LINES} more`);
  return lines;
}

/** What to do about a refusal, when we know; null otherwise. */
function adviceFor(err: unknown): string | null {
  const e = isObject(err) ? err : {};
  const code = typeof e.resultCode === 'number' ? e.resultCode : 0;
  const sub = typeof e.resultSubcode === 'number' ? e.resultSubcode : 0;
  const cls = classifyFailure(err);
  if (cls === 'connection') return 'the server is unreachable; nothing was changed, try again when it is back';
  if (cls === 'auth') return 'the server refused the credentials; check them';
  if (code === 400 && sub === 101) return 'it no longer exists (deleted by someone else?); the list is refreshed';
  if (code === 400 && sub === 110) return 'a published report only takes name, tags and comment changes';
  if (code === 400 && sub === 123) return 'archive it first, or confirm the forced delete';
  if (code === 403) return 'you may not change this report';
  return null;
}

/**
 * The server's refusal in words, with what to do about it first (a status line is one row:
 * the advice must not be the part that is cut off).
 */
export function explainFailure(err: unknown): string {
  const text = describeFailure(err);
  const advice = adviceFor(err);
  return advice === null ? text : `${advice} (${text})`;
}

export function isArchivedHidden(ctx: StoreContext): boolean {
  return !ctx.get().ui.showArchived.reports;
}

export function nameTaken(ctx: StoreContext, name: string, exceptId: string | null): boolean {
  const r = ctx.get().reports;
  return r.ids.some((id) => id !== exceptId && r.byId[id]?.name === name);
}

// ---- optimistic changes ---------------------------------------------------------------------

export interface Optimistic {
  /** New versions of listed rows. */
  update?: ReportRow[];
  /** Listed rows to take out. */
  remove?: string[];
  /** Rows to put back at an index. */
  insert?: { row: ReportRow; index: number }[];
}

export function applyOptimistic(
  ctx: StoreContext,
  triage: TriageBook,
  action: ReportActionName,
  change: Optimistic,
): string {
  const changeId = `${action}#${++triage.changeSeq}`;
  ctx.set((s) => {
    const r = s.reports;
    const byId = { ...r.byId };
    let ids = [...r.ids];
    const pending: PendingReportChange = { action, before: {}, removed: [], inserted: [] };
    for (const row of change.update ?? []) {
      const old = byId[row.id];
      if (old === undefined) continue;
      pending.before[row.id] = old;
      byId[row.id] = row;
    }
    for (const id of change.remove ?? []) {
      const index = ids.indexOf(id);
      const old = byId[id];
      if (index < 0 || old === undefined) continue;
      pending.before[id] ??= old;
      pending.removed.push({ id, index });
      ids.splice(index, 1);
      delete byId[id];
    }
    for (const { row, index } of [...(change.insert ?? [])].sort((a, b) => a.index - b.index)) {
      if (byId[row.id] !== undefined) continue;
      ids.splice(Math.min(index, ids.length), 0, row.id);
      byId[row.id] = row;
      pending.inserted.push(row.id);
    }
    ids = ids.filter((id) => byId[id] !== undefined);
    return {
      reports: {
        ...r,
        ids,
        byId,
        ...keepSelection(ids, r),
        marked: r.marked.filter((id) => byId[id] !== undefined),
        pending: { ...r.pending, [changeId]: pending },
      },
    };
  });
  return changeId;
}

/** Ends a change: rows whose request failed go back to how they were. */
export function settle(ctx: StoreContext, changeId: string, failedIds: ReadonlySet<string>): void {
  ctx.set((s) => {
    const r = s.reports;
    const pending = r.pending[changeId];
    if (pending === undefined) return {};
    const rest = { ...r.pending };
    delete rest[changeId];
    if (failedIds.size === 0) return { reports: { ...r, pending: rest } };
    const byId = { ...r.byId };
    let ids = [...r.ids];
    for (const id of pending.inserted) {
      if (!failedIds.has(id)) continue;
      ids = ids.filter((x) => x !== id);
      delete byId[id];
    }
    for (const [id, row] of Object.entries(pending.before)) {
      if (!failedIds.has(id)) continue;
      byId[id] = row;
    }
    for (const { id, index } of [...pending.removed].sort((a, b) => a.index - b.index)) {
      if (!failedIds.has(id) || ids.includes(id)) continue;
      ids.splice(Math.min(index, ids.length), 0, id);
    }
    return { reports: { ...r, ids, byId, ...keepSelection(ids, r), pending: rest } };
  });
}

export interface RunResult {
  ok: ReportRow[];
  failed: { row: ReportRow; err: unknown }[];
}

/** Sends one request per target (one at a time), then settles the optimistic change and re-reads the list. */
export async function run(
  ctx: StoreContext,
  triage: TriageBook,
  action: ReportActionName,
  rows: ReportRow[],
  change: Optimistic,
  send: (row: ReportRow) => Promise<unknown>,
): Promise<RunResult> {
  const changeId = applyOptimistic(ctx, triage, action, change);
  const result: RunResult = { ok: [], failed: [] };
  for (const row of rows) {
    try {
      await send(row);
      result.ok.push(row);
    } catch (err) {
      result.failed.push({ row, err });
    }
  }
  settle(ctx, changeId, new Set(result.failed.map((f) => f.row.id)));
  ctx.pollers.reports.restart();
  return result;
}

export function report(ctx: StoreContext, verb: string, result: RunResult, suffix = ''): void {
  const first = result.failed[0];
  if (first === undefined) {
    showStatus(ctx, `${verb} ${subject(result.ok)}${suffix}`, 'success');
    return;
  }
  const done = result.ok.length > 0 ? `${verb} ${subject(result.ok)}; ` : '';
  const more = result.failed.length > 1 ? ` (and ${result.failed.length - 1} more failed)` : '';
  showStatus(ctx, `${done}could not change ${label(first.row)}: ${explainFailure(first.err)}${more}`, 'error');
}

export function clearMarksOf(ctx: StoreContext, rows: ReportRow[]): void {
  const ids = new Set(rows.map((r) => r.id));
  ctx.set((s) => ({ reports: { ...s.reports, marked: s.reports.marked.filter((id) => !ids.has(id)) } }));
}

export function withArchived(row: ReportRow, archived: boolean): ReportRow {
  const systemTags = row.systemTags.filter((t) => t !== 'archived');
  if (archived) systemTags.push('archived');
  return { ...row, archived, systemTags };
}
