// The task list concern: one `reports.get_task_data` request per tick, on one server-side
// scroll cursor. The first tick opens the cursor with a page; "more on scroll" reads the next
// page from it; every other tick re-reads everything loaded so far with `refresh_scroll` (no
// new cursor per poll).
import type { ReportsGetTaskDataRequest } from '../wire/reports.js';
import { MAX_LIST_ROWS, type StoreContext } from './context.js';
import { maybeLoadMore } from './list-paging.js';
import { fullReadDone, probeTaskList } from './list-probe.js';
import { appendRows, filterPattern, keepSelection, normalise } from './lists.js';
import { parseTaskPage } from './parse.js';
import { onTaskSelectionChanged, syncDetail } from './task-detail.js';
import type { PaneError } from './errors.js';
import type { MonitorState } from './types.js';

export interface TaskRow {
  id: string;
  name: string;
  status: string;
  type: string;
  project: string | null;
  user: string | null;
  /** Epoch ms (null when the server sent none). */
  lastUpdate: number | null;
  lastIteration: number | null;
  started: number | null;
  tags: string[];
  systemTags: string[];
  archived: boolean;
}

export interface TasksState {
  ids: string[];
  byId: Record<string, TaskRow>;
  /** The selection follows the task id across refreshes; index is its row. */
  selectedId: string | null;
  selectedIndex: number;
  /** Statuses to show (empty = all). */
  statusFilter: string[];
  /** True until the first answer (success or error) for the current query. */
  loading: boolean;
  loadingMore: boolean;
  /** More rows may exist past the loaded ones ("more on scroll"). */
  hasMore: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

export function initialTasks(): TasksState {
  return {
    ids: [],
    byId: {},
    selectedId: null,
    selectedIndex: 0,
    statusFilter: [],
    loading: true,
    loadingMore: false,
    hasMore: false,
    error: null,
    fetchedAt: null,
  };
}

const ENDPOINT = 'reports.get_task_data';

export const TASK_FIELDS = [
  'id',
  'name',
  'status',
  'type',
  'project.name',
  'last_update',
  'last_iteration',
  'started',
  'user.name',
  'system_tags',
  'tags',
];

export function buildTaskQuery(state: MonitorState, size: number, scrollId: string | null): ReportsGetTaskDataRequest {
  const query: ReportsGetTaskDataRequest = {
    only_fields: TASK_FIELDS,
    order_by: ['-last_update'],
    search_hidden: false,
    size,
    scroll_id: scrollId ?? '',
  };
  if (!state.ui.showArchived.tasks) query.system_tags = ['-archived'];
  const filter = state.ui.filters.tasks.trim();
  if (filter !== '') query.name = filterPattern(filter);
  if (state.tasks.statusFilter.length > 0) query.status = [...state.tasks.statusFilter];
  return query;
}

export async function tasksTick(ctx: StoreContext, signal: AbortSignal): Promise<void> {
  const book = ctx.book;
  const more = book.paging.tasks.wantMore && book.paging.tasks.scrollId !== null && ctx.get().tasks.hasMore;
  book.paging.tasks.wantMore = false;
  const state = ctx.get();
  // The rows a full answer holds: a refresh returns everything up to the cursor's position.
  const size = more ? ctx.pageSize : Math.min(MAX_LIST_ROWS, Math.max(ctx.pageSize, book.paging.tasks.wanted));
  const query = buildTaskQuery(state, ctx.pageSize, book.paging.tasks.scrollId);
  if (!more && book.paging.tasks.scrollId !== null) query.refresh_scroll = true;
  // An idle tick sends only the probe (list-probe.ts); the loaded rows are read when they moved.
  const mark = more ? null : await probeTaskList(ctx, query, book.paging.tasks.scrollId !== null, signal);
  if (!more && (mark === null || signal.aborted)) return;
  if (more) ctx.set((s) => ({ tasks: { ...s.tasks, loadingMore: true } }));
  try {
    const answer = await ctx.client.reports.getTaskData(query, { signal });
    if (signal.aborted) return;
    const page = parseTaskPage(answer, ENDPOINT);
    // A refresh on a cursor the server has dropped (idle > 10 min) starts over from the first page.
    const restarted = !more && book.paging.tasks.scrollId !== null && page.scrollId !== book.paging.tasks.scrollId;
    const expected = restarted ? ctx.pageSize : size;
    book.paging.tasks.scrollId = page.scrollId;
    const previousId = ctx.get().tasks.selectedId;
    ctx.set((s) => {
      const list = more ? appendRows(page.rows, s.tasks) : normalise(page.rows, s.tasks);
      const loaded = list.ids.length;
      const hasMore = page.rows.length >= expected && loaded < MAX_LIST_ROWS;
      return {
        tasks: {
          ...s.tasks,
          ...list,
          ...keepSelection(list.ids, s.tasks),
          loading: false,
          loadingMore: false,
          hasMore,
          error: null,
          fetchedAt: ctx.now(),
        },
      };
    });
    book.paging.tasks.wanted = Math.max(ctx.pageSize, ctx.get().tasks.ids.length);
    if (mark !== null) fullReadDone(ctx, mark);
    if (ctx.get().tasks.selectedId !== previousId) onTaskSelectionChanged(ctx);
    else syncDetail(ctx);
    maybeLoadMore(ctx, 'tasks');
  } finally {
    if (ctx.get().tasks.loadingMore) ctx.set((s) => ({ tasks: { ...s.tasks, loadingMore: false } }));
  }
}
