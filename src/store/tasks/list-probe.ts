// The task list's idle poll at scale: before re-reading the loaded rows, two
// one-row requests ask whether they can have changed, and the full read is skipped when not.
//
// - newest: the task with the newest last_update among those the filters select. Every change
//   to a task moves its last_update on ClearML servers and ours (edits, status, events), so
//   a change shows as a newer task here. Unchanged when the list holds that row as it is now
//   (then nothing changed since the list was read), or when it is the row the last probe saw.
// - tail: the row at the position of the last loaded row, in the list's own order. A task
//   leaving the loaded rows (deleted, archived: real servers do not move last_update for
//   those) or entering them without moving last_update shifts it.
// Only the filters of the list's own query are sent (no server-side range filter on
// last_update is needed: docs/wire-facts.md §9.5), with only_fields, order_by and page/page_size.
// What no one-row probe can see (a joined project or user renamed, the archived flag of a task
// on a real server while archived tasks are shown) is picked up by a full read at least every
// FULL_READ_MS, which also keeps the server's scroll cursor (600 s) alive; `r` reads in full.
// A list found unchanged on its last tick is likely idle, and an idle tick needs both answers:
// the two probes then go out together (at 10k tasks, 1.45 ms of the monitor's CPU per idle tick
// against 1.62 one after the other, medians of 60-cycle A/B runs with bench/poll-scale's setup).
// A list that just changed asks for the tail only when the newest task says nothing moved.
import type { TasksContext } from './book.js';
import type { ReportsGetTaskDataRequest } from '../../wire/reports.js';
import { parseTaskPage } from '../core/index.js';
import type { TaskRow } from './list.js';

export const FULL_READ_MS = 5 * 60_000;

const ENDPOINT = 'reports.get_task_data';

export interface ListProbe {
  /** The newest task ("id@lastUpdate") the probe saw before the last full read. */
  newest: string | null;
  /** Epoch ms of the last successful full read. */
  fullReadAt: number | null;
  /** Read in full on the next tick whatever the probe says (refresh). */
  forceFull: boolean;
  /** The last probe found nothing changed: the next one asks for the tail at once. */
  quiet: boolean;
}

export function initialListProbe(): ListProbe {
  return { newest: null, fullReadAt: null, forceFull: false, quiet: false };
}

/** What a probe saw, kept as the baseline once the full read it asked for succeeded. */
export interface ProbeMark {
  /** Null when no probe ran before the read (then only the rows it brings are compared). */
  newest: string | null;
}

/** The list query's filters and order, without projection, paging or scroll. */
function probeBase(query: ReportsGetTaskDataRequest): ReportsGetTaskDataRequest {
  const base = { ...query };
  delete base.only_fields;
  delete base.size;
  delete base.scroll_id;
  delete base.refresh_scroll;
  // Both servers' default: not sending it keeps every probe a little smaller.
  if (base.search_hidden === false) delete base.search_hidden;
  return base;
}

async function oneRow(
  ctx: TasksContext,
  request: ReportsGetTaskDataRequest,
  signal: AbortSignal,
): Promise<TaskRow | null> {
  const answer = await ctx.client.reports.getTaskData(request, { signal });
  return parseTaskPage(answer, ENDPOINT).rows[0] ?? null;
}

const markOf = (row: TaskRow | null): string => (row === null ? '' : `${row.id}@${row.lastUpdate ?? ''}`);

/**
 * Probes the task list before a refresh of its loaded rows. Resolves null when they cannot
 * have changed (skip the read), else the mark to keep with `fullReadDone` after the read.
 * `cursorOpen` false (first read, query changed): no probe, the list is read at once.
 */
export async function probeTaskList(
  ctx: TasksContext,
  query: ReportsGetTaskDataRequest,
  cursorOpen: boolean,
  signal: AbortSignal,
): Promise<ProbeMark | null> {
  // A first read (or a new query) goes out at once; the probe after it compares with its rows.
  if (!cursorOpen) return { newest: null };
  const probe = ctx.book.probe;
  const base = probeBase(query);
  const tailRow = (loaded: number) =>
    oneRow(ctx, { ...base, only_fields: ['id'], page: loaded - 1, page_size: 1 }, signal);
  // Refresh, a read older than FULL_READ_MS, and a list showing an error (read again as soon as
  // the server answers) are read in full whatever the probe says.
  const readAnyway = () =>
    probe.forceFull ||
    probe.fullReadAt === null ||
    ctx.now() - probe.fullReadAt >= FULL_READ_MS ||
    ctx.get().tasks.error !== null;
  const loadedBefore = ctx.get().tasks.ids.length;
  const early = probe.quiet && !readAnyway() && loadedBefore > 0 ? tailRow(loadedBefore) : null;
  // Its failure counts only if its answer is used below.
  early?.catch(() => undefined);
  const newestRow = await oneRow(
    ctx,
    { ...base, order_by: ['-last_update'], only_fields: ['last_update'], page: 0, page_size: 1 },
    signal,
  );
  const mark: ProbeMark = { newest: markOf(newestRow) };
  probe.quiet = false;
  const tasks = ctx.get().tasks;
  if (readAnyway()) return mark;
  const held = newestRow === null ? tasks.ids.length === 0 : markOf(tasks.byId[newestRow.id] ?? null) === mark.newest;
  if (!held && mark.newest !== probe.newest) return mark;
  const loaded = tasks.ids.length;
  if (loaded > 0) {
    const tail = await (early !== null && loaded === loadedBefore ? early : tailRow(loaded));
    if (tail?.id !== tasks.ids[loaded - 1]) return mark;
  }
  probe.quiet = true;
  return null;
}

/** The full read the probe asked for succeeded: its mark is the new baseline. */
export function fullReadDone(ctx: TasksContext, mark: ProbeMark): void {
  ctx.book.probe = { newest: mark.newest, fullReadAt: ctx.now(), forceFull: false, quiet: false };
}

/** The next task list tick reads the loaded rows in full (refresh). */
export function forceFullRead(ctx: TasksContext): void {
  ctx.book.probe.forceFull = true;
}
