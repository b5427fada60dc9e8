// The machinery of triage, shared by the task list and the report list: which rows an action
// targets (the marked ones, else the selected one), optimistic changes to the list with
// rollback of what the server refuses, the undo record of the last archive, and the status
// line that reports the outcome. Each list names itself with a TriageDesc; its slice keeps
// `pending` (changes in flight) and `undo` (what `u` would reverse).
import type { StoreContext } from './context.js';
import type { ListName } from '../panes.js';
import type { MonitorData, MonitorState } from '../types.js';
import { classifyFailure, describeFailure } from './errors.js';
import { keepSelection, type Normalised } from './lists.js';
import { isObject } from './parse.js';
import { showStatus } from './status.js';
import { closeDialog } from './dialogs.js';

/** What triage needs of a row (task rows and report rows both have it). */
export interface TriageRow {
  id: string;
  name: string;
  project: string | null;
  archived: boolean;
  systemTags: string[];
  tags: string[];
}

/** An optimistic change waiting for the server; `before` restores the rows when it is refused. */
export interface PendingChange<A extends string = string, R extends TriageRow = TriageRow> {
  action: A;
  before: Record<string, R>;
  /** Rows removed optimistically (delete, or archive while archived ones are hidden), with their list positions. */
  removed: { id: string; index: number }[];
  /** Rows put back optimistically (undo of an archive that hid them). */
  inserted: string[];
}

/** The last archive/unarchive, offered for `u`. */
export interface UndoOffer {
  action: 'archive' | 'unarchive';
  ids: string[];
}

/** What a list slice keeps for triage besides its rows. */
export interface TriageSlice {
  ids: string[];
  byId: Record<string, TriageRow>;
  selectedId: string | null;
  selectedIndex: number;
  marked: string[];
  pending: Record<string, PendingChange>;
  undo: UndoOffer | null;
}

/** Which list a triage acts on, and how its rows are named ("task", "report"). */
export interface TriageDesc {
  list: ListName;
  noun: string;
}

/** Rows removed by the last archive, kept so an undo can put them back where they were. */
export interface UndoRecord {
  action: 'archive' | 'unarchive';
  rows: { row: TriageRow; index: number }[];
}

export interface TriageHistory {
  changeSeq: number;
  lastUndo: UndoRecord | null;
}

export function createTriageHistory(): TriageHistory {
  return { changeSeq: 0, lastUndo: null };
}

const MAX_DIALOG_LINES = 12;

/** The list's slice, seen through the fields triage uses. */
export function sliceOf(state: MonitorState, list: ListName): TriageSlice {
  return state[list] as unknown as TriageSlice;
}

/** A state update replacing fields of the list's slice. */
export function patchSlice(state: MonitorState, list: ListName, fields: Partial<TriageSlice>): Partial<MonitorData> {
  return { [list]: { ...state[list], ...fields } } as unknown as Partial<MonitorData>;
}

// ---- helpers -----------------------------------------------------------------------------

export function targets(ctx: StoreContext, desc: TriageDesc): TriageRow[] {
  const r = sliceOf(ctx.get(), desc.list);
  const ids =
    r.marked.length > 0 ? r.ids.filter((id) => r.marked.includes(id)) : r.selectedId === null ? [] : [r.selectedId];
  return ids.map((id) => r.byId[id]).filter((row): row is TriageRow => row !== undefined);
}

export function refused(ctx: StoreContext, desc: TriageDesc): boolean {
  if (ctx.get().ui.readOnly) {
    showStatus(ctx, `read-only mode: ${desc.noun}s cannot be changed (started with --read-only)`, 'error');
    return true;
  }
  return false;
}

export function noTarget(ctx: StoreContext, desc: TriageDesc, rows: readonly TriageRow[]): boolean {
  if (rows.length > 0) return false;
  showStatus(ctx, `no ${desc.noun} selected`, 'error');
  return true;
}

/** A dialog's rows are gone from the list (deleted, filtered out): it closes and says nothing changed. */
export function goneFromList(ctx: StoreContext, noun: string): void {
  closeDialog(ctx);
  showStatus(ctx, `the ${noun} no longer listed; nothing was changed`, 'error');
}

export function label(row: Pick<TriageRow, 'id' | 'name'>): string {
  return row.name === '' ? row.id : `"${row.name}"`;
}

export function subject(desc: TriageDesc, rows: readonly TriageRow[]): string {
  return rows.length === 1 && rows[0] !== undefined ? label(rows[0]) : `${rows.length} ${desc.noun}s`;
}

export function listLines(rows: readonly TriageRow[]): string[] {
  const lines = rows.slice(0, MAX_DIALOG_LINES).map((r) => `  ${label(r)}${r.project ? ` (${r.project})` : ''}`);
  if (rows.length > MAX_DIALOG_LINES) lines.push(`  … and ${rows.length - MAX_DIALOG_LINES} more`);
  return lines;
}

/** What to do about a refusal, when we know; null otherwise. */
function adviceFor(desc: TriageDesc, err: unknown): string | null {
  const e = isObject(err) ? err : {};
  const code = typeof e.resultCode === 'number' ? e.resultCode : 0;
  const sub = typeof e.resultSubcode === 'number' ? e.resultSubcode : 0;
  const cls = classifyFailure(err);
  if (cls === 'connection') return 'the server is unreachable; nothing was changed, try again when it is back';
  if (cls === 'auth') return 'the server refused the credentials; check them';
  if (code === 400 && sub === 101) return 'it no longer exists (deleted by someone else?); the list is refreshed';
  if (code === 400 && sub === 110)
    return desc.list === 'reports'
      ? 'a published report only takes name, tags and comment changes'
      : 'its status does not allow this (it is no longer running?)';
  if (code === 400 && sub === 123) return 'archive it first, or confirm the forced delete';
  if (code === 403) return `you may not change this ${desc.noun}`;
  return null;
}

/**
 * The server's refusal in words, with what to do about it first (a status line is one row:
 * the advice must not be the part that is cut off).
 */
export function explainFailure(desc: TriageDesc, err: unknown): string {
  const text = describeFailure(err);
  const advice = adviceFor(desc, err);
  return advice === null ? text : `${advice} (${text})`;
}

/**
 * One id's failure in a `_many` answer, read like a refused call of its own (the result code
 * and subcode, the server's message).
 */
export class BulkItemError extends Error {
  readonly kind = 'server';
  constructor(
    readonly endpoint: string,
    readonly resultCode: number,
    readonly resultSubcode: number,
    message: string,
  ) {
    super(message);
    this.name = 'BulkItemError';
  }
}

export function isArchivedHidden(ctx: StoreContext, desc: TriageDesc): boolean {
  return !ctx.get().ui.showArchived[desc.list];
}

export function nameTaken(ctx: StoreContext, desc: TriageDesc, name: string, exceptId: string | null): boolean {
  const r = sliceOf(ctx.get(), desc.list);
  return r.ids.some((id) => id !== exceptId && r.byId[id]?.name === name);
}

// ---- optimistic changes ---------------------------------------------------------------------

export interface Optimistic {
  /** New versions of listed rows. */
  update?: TriageRow[];
  /** Listed rows to take out. */
  remove?: string[];
  /** Rows to put back at an index. */
  insert?: { row: TriageRow; index: number }[];
}

export function applyOptimistic(
  ctx: StoreContext,
  desc: TriageDesc,
  triage: TriageHistory,
  action: string,
  change: Optimistic,
): string {
  const changeId = `${action}#${++triage.changeSeq}`;
  ctx.set((s) => {
    const r = sliceOf(s, desc.list);
    const byId = { ...r.byId };
    let ids = [...r.ids];
    const pending: PendingChange = { action, before: {}, removed: [], inserted: [] };
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
    return patchSlice(s, desc.list, {
      ids,
      byId,
      ...keepSelection(ids, r),
      marked: r.marked.filter((id) => byId[id] !== undefined),
      pending: { ...r.pending, [changeId]: pending },
    });
  });
  return changeId;
}

/** Ends a change: rows whose request failed go back to how they were. */
export function settle(ctx: StoreContext, desc: TriageDesc, changeId: string, failedIds: ReadonlySet<string>): void {
  ctx.set((s) => {
    const r = sliceOf(s, desc.list);
    const pending = r.pending[changeId];
    if (pending === undefined) return {};
    const rest = { ...r.pending };
    delete rest[changeId];
    if (failedIds.size === 0) return patchSlice(s, desc.list, { pending: rest });
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
    return patchSlice(s, desc.list, { ids, byId, ...keepSelection(ids, r), pending: rest });
  });
}

export interface RunResult<R extends TriageRow = TriageRow> {
  ok: R[];
  failed: { row: R; err: unknown }[];
}

/**
 * Applies the optimistic change, sends the requests (`sendAll` answers which rows failed),
 * then settles the change and re-reads the list.
 */
export async function execute<R extends TriageRow>(
  ctx: StoreContext,
  desc: TriageDesc,
  triage: TriageHistory,
  action: string,
  rows: R[],
  change: Optimistic,
  sendAll: (rows: R[]) => Promise<RunResult<R>>,
): Promise<RunResult<R>> {
  const changeId = applyOptimistic(ctx, desc, triage, action, change);
  let result: RunResult<R>;
  try {
    result = await sendAll(rows);
  } catch (err) {
    result = { ok: [], failed: rows.map((row) => ({ row, err })) };
  }
  settle(ctx, desc, changeId, new Set(result.failed.map((f) => f.row.id)));
  ctx.pollers[desc.list].restart();
  return result;
}

/** A `sendAll` for `execute` that sends one request per row, one at a time. */
export function oneAtATime<R extends TriageRow>(send: (row: R) => Promise<unknown>) {
  return async (all: R[]): Promise<RunResult<R>> => {
    const result: RunResult<R> = { ok: [], failed: [] };
    for (const row of all) {
      try {
        await send(row);
        result.ok.push(row);
      } catch (err) {
        result.failed.push({ row, err });
      }
    }
    return result;
  };
}

/** The rows a `_many` answer says failed, each with its error; the others succeeded. */
export function bulkResult<R extends TriageRow>(
  endpoint: string,
  rows: readonly R[],
  failed: readonly { id: string; error?: { codes?: number[]; msg?: string } }[] | null | undefined,
): RunResult<R> {
  const errors = new Map((failed ?? []).map((f) => [f.id, f.error ?? {}]));
  const result: RunResult<R> = { ok: [], failed: [] };
  for (const row of rows) {
    const error = errors.get(row.id);
    if (error === undefined) result.ok.push(row);
    else {
      const [code = 400, sub = 0] = error.codes ?? [];
      result.failed.push({ row, err: new BulkItemError(endpoint, code, sub, error.msg ?? 'refused') });
    }
  }
  return result;
}

export function report(ctx: StoreContext, desc: TriageDesc, verb: string, result: RunResult, suffix = ''): void {
  const first = result.failed[0];
  if (first === undefined) {
    showStatus(ctx, `${verb} ${subject(desc, result.ok)}${suffix}`, 'success');
    return;
  }
  const done = result.ok.length > 0 ? `${verb} ${subject(desc, result.ok)}; ` : '';
  const more = result.failed.length > 1 ? ` (and ${result.failed.length - 1} more failed)` : '';
  showStatus(ctx, `${done}could not change ${label(first.row)}: ${explainFailure(desc, first.err)}${more}`, 'error');
}

export function clearMarksOf(ctx: StoreContext, desc: TriageDesc, rows: readonly TriageRow[]): void {
  const ids = new Set(rows.map((r) => r.id));
  ctx.set((s) => patchSlice(s, desc.list, { marked: sliceOf(s, desc.list).marked.filter((id) => !ids.has(id)) }));
}

export function withArchived<R extends TriageRow>(row: R, archived: boolean): R {
  const systemTags = row.systemTags.filter((t) => t !== 'archived');
  if (archived) systemTags.push('archived');
  return { ...row, archived, systemTags };
}

/** Records what `u` reverses (or forgets it: `rows` empty). */
export function offerUndo(ctx: StoreContext, desc: TriageDesc, triage: TriageHistory, record: UndoRecord | null): void {
  triage.lastUndo = record;
  const undo = record === null ? null : { action: record.action, ids: record.rows.map(({ row }) => row.id) };
  ctx.set((s) => patchSlice(s, desc.list, { undo }));
}

/**
 * An answer that crossed an optimistic change in flight would undo it on screen for one
 * interval: keep the optimistic version of the rows a pending change touches.
 */
export function withPendingChanges<R extends TriageRow>(
  list: Normalised<R>,
  current: { ids: string[]; byId: Record<string, R>; pending: Record<string, PendingChange> },
): Normalised<R> {
  const pending = Object.values(current.pending);
  if (pending.length === 0) return list;
  const byId = { ...list.byId };
  let ids = list.ids;
  for (const change of pending) {
    for (const id of Object.keys(change.before)) {
      const optimistic = current.byId[id];
      if (optimistic !== undefined && byId[id] !== undefined) byId[id] = optimistic;
    }
    const removed = new Set(change.removed.map((r) => r.id));
    if (removed.size > 0) ids = ids.filter((id) => !removed.has(id));
    for (const id of change.inserted) {
      const row = current.byId[id];
      if (row === undefined || byId[id] !== undefined) continue;
      ids = [...ids];
      ids.splice(Math.min(Math.max(0, current.ids.indexOf(id)), ids.length), 0, id);
      byId[id] = row;
    }
  }
  return { ids, byId };
}
