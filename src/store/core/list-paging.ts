// Paging shared by the two lists (tasks, reports): rows wanted, the server's scroll id, "more on
// scroll" when the selection nears the end of the loaded rows, and the steps of a list tick's
// read on that cursor that do not depend on which list it is.
import { MAX_LIST_ROWS, type StoreContext } from './context.js';
import { appendRows, keepSelection, normalise, type Normalised, type Selection } from './lists.js';
import type { ListName } from '../panes.js';
import type { Page } from './parse.js';
import { withPendingChanges, type PendingChange, type TriageRow } from './triage.js';
import type { MonitorState } from '../types.js';

/** Selection this close to the end of the loaded rows asks for the next page. */
export const MORE_THRESHOLD = 5;

export interface ListPaging {
  scrollId: string | null;
  /** Rows the list should hold (grows with "more on scroll"). */
  wanted: number;
  wantMore: boolean;
}

export function initialPaging(pageSize: number): ListPaging {
  return { scrollId: null, wanted: pageSize, wantMore: false };
}

/** Asks the list's poller for the next page when the selection is near the end of the loaded rows. */
export function maybeLoadMore(ctx: StoreContext, list: ListName, paging: ListPaging): void {
  const rows = ctx.get()[list];
  if (!rows.hasMore || rows.loadingMore || paging.wantMore) return;
  if (rows.selectedIndex < rows.ids.length - MORE_THRESHOLD) return;
  paging.wantMore = true;
  ctx.pollers[list].wake();
}

/** The query changed (filter, archived, status): start again from the first page. */
export function resetListQuery(ctx: StoreContext, list: ListName, paging: ListPaging): void {
  Object.assign(paging, initialPaging(ctx.pageSize));
  ctx.set((s) => ({ [list]: { ...s[list], loading: true, hasMore: false } }));
  ctx.pollers[list].restart();
}

/** What one list tick reads: the next page ("more on scroll"), or every loaded row again. */
export interface ListRead<Query> {
  list: ListName;
  paging: ListPaging;
  more: boolean;
  /** The list's scroll cursor was open (not a first read, nor a new query). */
  cursorOpen: boolean;
  /** Rows a full answer holds: a re-read returns everything up to the cursor's position. */
  size: number;
  query: Query;
}

/**
 * Starts a list tick: decides what it reads and builds the query for it (the caller sends it).
 * Every tick after the first re-reads on the same cursor (`refresh_scroll`), not a new one.
 */
export function beginListRead<Query extends { refresh_scroll?: boolean }>(
  ctx: StoreContext,
  list: ListName,
  paging: ListPaging,
  buildQuery: (state: MonitorState, size: number, scrollId: string | null) => Query,
): ListRead<Query> {
  const cursorOpen = paging.scrollId !== null;
  const more = paging.wantMore && cursorOpen && ctx.get()[list].hasMore;
  paging.wantMore = false;
  const size = more ? ctx.pageSize : Math.min(MAX_LIST_ROWS, Math.max(ctx.pageSize, paging.wanted));
  const query = buildQuery(ctx.get(), ctx.pageSize, paging.scrollId);
  if (!more && cursorOpen) query.refresh_scroll = true;
  if (more) ctx.set((s) => ({ [list]: { ...s[list], loadingMore: true } }));
  return { list, paging, more, cursorOpen, size, query };
}

/** A list answer taken in: its rows, to merge into the slice inside the state update. */
export interface ListAnswer<Row extends TriageRow> {
  /**
   * The slice's rows, selection and load fields after the answer. The rows are the loaded ones
   * with the answer's appended (next page) or in their place (re-read), in the optimistic
   * version of those a change still in flight touches (withPendingChanges). The selection is
   * `wanted` when it is listed, else the previous one kept (keepSelection).
   */
  take(previous: ListSlice<Row>, wanted?: string | null): Normalised<Row> & Selection & ListLoaded;
}

/** What a list answer is merged into: the loaded rows, their selection and changes in flight. */
type ListSlice<Row extends TriageRow> = Normalised<Row> & Selection & { pending: Record<string, PendingChange> };

export interface ListLoaded {
  loading: false;
  loadingMore: false;
  hasMore: boolean;
  error: null;
  fetchedAt: number;
}

/**
 * Sends a list read and takes its page; null when the tick was cancelled meanwhile (its answer
 * is dropped, the paging cursor untouched).
 */
export async function readListPage<Query, Row extends TriageRow>(
  ctx: StoreContext,
  read: ListRead<Query>,
  signal: AbortSignal,
  send: (query: Query, opts: { signal: AbortSignal }) => Promise<unknown>,
  parse: (answer: unknown, endpoint: string) => Page<Row>,
  endpoint: string,
): Promise<ListAnswer<Row> | null> {
  const answer = await send(read.query, { signal });
  return signal.aborted ? null : takeListPage(ctx, read, parse(answer, endpoint));
}

/** Takes in the answer to `read`: the cursor moves on to the one it names. */
export function takeListPage<Row extends TriageRow>(
  ctx: StoreContext,
  read: ListRead<unknown>,
  page: Page<Row>,
): ListAnswer<Row> {
  const paging = read.paging;
  // A refresh on a cursor the server has dropped (idle > 10 min) starts over from the first page.
  const restarted = !read.more && paging.scrollId !== null && page.scrollId !== paging.scrollId;
  const expected = restarted ? ctx.pageSize : read.size;
  paging.scrollId = page.scrollId;
  return {
    take: (previous, wanted = null) => {
      const merged = read.more ? appendRows(page.rows, previous) : normalise(page.rows, previous);
      const rows = withPendingChanges(merged, previous);
      const selection =
        wanted !== null && rows.byId[wanted] !== undefined
          ? { selectedId: wanted, selectedIndex: rows.ids.indexOf(wanted) }
          : keepSelection(rows.ids, previous);
      return {
        ...rows,
        ...selection,
        loading: false,
        loadingMore: false,
        hasMore: page.rows.length >= expected && rows.ids.length < MAX_LIST_ROWS,
        error: null,
        fetchedAt: ctx.now(),
      };
    },
  };
}

/**
 * After an answer is in the state: the list re-reads as many rows from now on, the shown panes
 * check what they lack (a changed selection has already been announced by its owner), and the
 * next page is asked for when the selection is near the end.
 */
export function finishListRead(ctx: StoreContext, read: ListRead<unknown>): void {
  const rows = ctx.get()[read.list];
  read.paging.wanted = Math.max(ctx.pageSize, rows.ids.length);
  ctx.events.emit('sync', { view: ctx.get().ui.view });
  maybeLoadMore(ctx, read.list, read.paging);
}

/** A list tick is over, answered or not: nothing is loading below the rows any more. */
export function endLoadingMore(ctx: StoreContext, list: ListName): void {
  if (ctx.get()[list].loadingMore) ctx.set((s) => ({ [list]: { ...s[list], loadingMore: false } }));
}
