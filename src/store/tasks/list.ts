// The task list concern: one `reports.get_task_data` request per tick, on one server-side
// scroll cursor. The first tick opens the cursor with a page; "more on scroll" reads the next
// page from it; every other tick re-reads everything loaded so far with `refresh_scroll` (no
// new cursor per poll).
import type { TasksContext } from './book.js';
import { TASK_STATUSES } from '../../wire/common.js';
import type { ReportsGetTaskDataRequest } from '../../wire/reports.js';
import {
  beginListRead,
  endLoadingMore,
  filterPattern,
  finishListRead,
  parseTaskPage,
  showStatus,
  readListPage,
  type PaneError,
  type PendingChange,
  type UndoOffer,
} from '../core/index.js';
import { fullReadDone, probeTaskList } from './list-probe.js';
import { failureMessage, newlyFailed } from './failures.js';
import { DEFAULT_TASK_SORT, taskOrderBy, type TaskSort } from './sort.js';
import { emptyTaskFilter, taskFilterQuery, type TaskFilter } from './task-filters.js';
import { metricValueField, type MetricColumn } from './metric-columns.js';
import type { MonitorState } from '../types.js';

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
  /** Why the status last changed (e.g. "stopped by user"), and the server's message; '' when none. */
  statusReason: string;
  statusMessage: string;
  projectId: string | null;
  userId: string | null;
  /** Last values of the metric columns' series, by MetricColumn key ("<metric hash>.<variant hash>"). */
  lastMetrics: Record<string, number>;
}

export interface TasksState {
  ids: string[];
  byId: Record<string, TaskRow>;
  /** The selection follows the task id across refreshes; index is its row. */
  selectedId: string | null;
  selectedIndex: number;
  /** Statuses to show (empty = all). */
  statusFilter: string[];
  /** Tasks marked for compare (`space`), in marking order; kept across refreshes and filters. */
  marked: string[];
  /** True until the first answer (success or error) for the current query. */
  loading: boolean;
  loadingMore: boolean;
  /** More rows may exist past the loaded ones ("more on scroll"). */
  hasMore: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
  /** Sort field and direction, done by the server (`order_by`). */
  sort: TaskSort;
  /** Tasks seen turning failed or stopped, oldest first, until the user looks at them (`F`). */
  newFailures: string[];
  /** Failure transitions seen so far: each one rings the terminal bell once. */
  bells: number;
  /** In-flight optimistic triage changes by a change id. */
  pending: Record<string, PendingChange>;
  /** The last archive/unarchive, offered for `u`. */
  undo: UndoOffer | null;
  /** Tag, project and user filters (`T`, `P`, `U`). */
  filter: TaskFilter;
  /** From `projects.get_task_tags`, loaded when the tag picker or tag dialog opens. */
  knownTags: string[];
  /** Project names (from `projects.get_all_ex`), loaded when a move dialog opens. */
  knownProjects: string[];
  /** Metric columns (`M`), at most MAX_METRIC_COLUMNS, kept across restarts. */
  metricColumns: MetricColumn[];
}

export function initialTasks(): TasksState {
  return {
    ids: [],
    byId: {},
    selectedId: null,
    selectedIndex: 0,
    statusFilter: [],
    marked: [],
    loading: true,
    loadingMore: false,
    hasMore: false,
    error: null,
    fetchedAt: null,
    sort: DEFAULT_TASK_SORT,
    newFailures: [],
    bells: 0,
    pending: {},
    undo: null,
    filter: emptyTaskFilter(),
    knownTags: [],
    knownProjects: [],
    metricColumns: [],
  };
}

/** The statuses users look for most, first; then every other status a task can have. */
const FIRST_STATUSES = ['in_progress', 'queued', 'completed', 'failed', 'stopped', 'created'];

/** The statuses a task rarely has (published, publishing, closed, unknown): one step of `S`, "more". */
export const RARE_TASK_STATUSES: readonly string[] = TASK_STATUSES.filter((status) => !FIRST_STATUSES.includes(status));

/** Every status a task can have, the ones users look for most first. */
export const TASK_STATUS_CHOICES: readonly string[] = [...FIRST_STATUSES, ...RARE_TASK_STATUSES];

/** The status filters `S` cycles through in the task list: each common status, then the rare ones together. */
export const TASK_STATUS_CYCLE: readonly (readonly string[])[] = [
  ...FIRST_STATUSES.map((status) => [status]),
  RARE_TASK_STATUSES,
];

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
  'status_reason',
  'status_message',
];

/** `only_fields` of the list: the task fields, and the last value of each metric column. */
export function taskListFields(columns: readonly MetricColumn[]): string[] {
  return [...TASK_FIELDS, ...columns.map(metricValueField)];
}

export function buildTaskQuery(state: MonitorState, size: number, scrollId: string | null): ReportsGetTaskDataRequest {
  const query: ReportsGetTaskDataRequest = {
    only_fields: taskListFields(state.tasks.metricColumns),
    order_by: taskOrderBy(state.tasks.sort),
    search_hidden: false,
    size,
    scroll_id: scrollId ?? '',
  };
  if (!state.ui.showArchived.tasks) query.system_tags = ['-archived'];
  const filter = state.ui.filters.tasks.trim();
  // Name or id (a pasted id or its first characters): `_any_` is what ClearML servers and the
  // embedded one both answer, case-insensitively, as the web UI's search does.
  if (filter !== '') query._any_ = { pattern: filterPattern(filter), fields: ['name', 'id'] };
  if (state.tasks.statusFilter.length > 0) query.status = [...state.tasks.statusFilter];
  Object.assign(query, taskFilterQuery(state.tasks.filter));
  return query;
}

export async function tasksTick(ctx: TasksContext, signal: AbortSignal): Promise<void> {
  const read = beginListRead(ctx, 'tasks', ctx.book.paging, buildTaskQuery);
  // An idle tick sends only the probe (list-probe.ts); the loaded rows are read when they moved.
  const mark = read.more ? null : await probeTaskList(ctx, read.query, read.cursorOpen, signal);
  if (!read.more && (mark === null || signal.aborted)) return;
  try {
    const page = await readListPage(ctx, read, signal, ctx.client.reports.getTaskData, parseTaskPage, ENDPOINT);
    if (page === null) return;
    const previousRows = ctx.get().tasks.byId;
    ctx.set((s) => ({ tasks: { ...s.tasks, ...page.take(s.tasks) } }));
    if (!read.more) noticeFailures(ctx, previousRows);
    if (!read.more) reportOpenTask(ctx);
    if (mark !== null) fullReadDone(ctx, mark);
    finishListRead(ctx, read);
  } finally {
    endLoadingMore(ctx, 'tasks');
  }
}

/** After the first answer: says so when the task asked for on the command line is not listed. */
function reportOpenTask(ctx: TasksContext): void {
  const wanted = ctx.book.openTask;
  if (wanted === null) return;
  ctx.book.openTask = null;
  const tasks = ctx.get().tasks;
  if (tasks.byId[wanted] === undefined) showStatus(ctx, `no task ${wanted} listed`, 'error');
}

/** Counts tasks that turned failed/stopped since the last answer and names the newest one. */
function noticeFailures(ctx: TasksContext, previousRows: Record<string, TaskRow>): void {
  const tasks = ctx.get().tasks;
  const fresh = newlyFailed(previousRows, tasks.ids, tasks.byId).filter((id) => !tasks.newFailures.includes(id));
  if (fresh.length === 0) return;
  ctx.set((s) => ({
    tasks: { ...s.tasks, newFailures: [...s.tasks.newFailures, ...fresh], bells: s.tasks.bells + 1 },
  }));
  const newest = tasks.byId[fresh[fresh.length - 1] as string] as TaskRow;
  const others = fresh.length > 1 ? ` (+${fresh.length - 1} more)` : '';
  showStatus(ctx, `${failureMessage(newest)}${others} — F: go to it`, 'error');
}
