// The reports list concern: `reports.get_all_ex` on one scroll cursor, the same way as the task
// list (a normal tick re-reads what is loaded; "more on scroll" reads the next page), plus
// the known tags (`reports.get_tags`) on the first tick and on refresh.
import type { ReportsGetAllExRequest } from '../../wire/reports.js';
import type { ReportsContext } from './book.js';
import {
  beginListRead,
  classifyFailure,
  endLoadingMore,
  filterPattern,
  finishListRead,
  parseReportPage,
  parseTags,
  readListPage,
  type PaneError,
} from '../core/index.js';
import type { PendingReportChange } from './changes.js';
import type { WidgetEntry } from './widgets.js';
import type { MonitorState } from '../types.js';

export interface ReportRow {
  id: string;
  name: string;
  comment: string;
  /** The markdown body. */
  body: string;
  status: string;
  tags: string[];
  systemTags: string[];
  archived: boolean;
  projectId: string | null;
  /** Project name with the hidden `/.reports` suffix removed. */
  project: string | null;
  user: string | null;
  lastUpdate: number | null;
}

export interface ReportsFilter {
  tagsInclude: string[];
  tagsExclude: string[];
  /** Empty = all statuses. */
  status: string[];
  /** Project id (a `.reports` project or its parent), or null for all projects. */
  projectId: string | null;
  /** The project's name as shown (null with projectId null, or for the root `.reports`). */
  projectName: string | null;
}

/** A project that holds reports, as the project filter offers it. */
export interface ReportProject {
  /** The `.reports` project's id (the server also accepts its parent's). */
  id: string;
  /** Name with `/.reports` removed; null for the root `.reports` (reports in no project). */
  name: string | null;
}

export interface ReportsState {
  ids: string[];
  byId: Record<string, ReportRow>;
  selectedId: string | null;
  selectedIndex: number;
  filter: ReportsFilter;
  /** From `reports.get_tags`. */
  knownTags: string[];
  /** Project names (from `projects.get_all_ex`), loaded when a move/create dialog opens. */
  knownProjects: string[];
  /** Ids marked with `space` for a bulk action. */
  marked: string[];
  /** In-flight optimistic changes by a change id. */
  pending: Record<string, PendingReportChange>;
  /** The last archive/unarchive, offered for `u`. */
  undo: { action: 'archive' | 'unarchive'; ids: string[] } | null;
  /** Scroll offset (rows) of the details pane. */
  detailsTop: number;
  /** Rendered (wrapped) lines of the selected report's details, as the UI drew them; 0 = not drawn. */
  detailsLines: number;
  /** Data of embedded widgets by widget URL (a bounded cache), fetched while a report is shown. */
  widgets: Record<string, WidgetEntry>;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

export function initialReports(): ReportsState {
  return {
    ids: [],
    byId: {},
    selectedId: null,
    selectedIndex: 0,
    filter: { tagsInclude: [], tagsExclude: [], status: [], projectId: null, projectName: null },
    knownTags: [],
    knownProjects: [],
    marked: [],
    pending: {},
    undo: null,
    detailsTop: 0,
    detailsLines: 0,
    widgets: {},
    loading: true,
    loadingMore: false,
    hasMore: false,
    error: null,
    fetchedAt: null,
  };
}

const ENDPOINT = 'reports.get_all_ex';

export const REPORT_FIELDS = [
  'id',
  'name',
  'comment',
  'tags',
  'report',
  'project.name',
  'user.name',
  'status',
  'last_update',
  'system_tags',
];

export function buildReportQuery(state: MonitorState, size: number, scrollId: string | null): ReportsGetAllExRequest {
  const { filter } = state.reports;
  const query: ReportsGetAllExRequest = {
    only_fields: REPORT_FIELDS,
    order_by: ['-last_update'],
    size,
    scroll_id: scrollId ?? '',
  };
  if (!state.ui.showArchived.reports) query.system_tags = ['-archived'];
  const text = state.ui.filters.reports.trim();
  if (text !== '') query._any_ = { pattern: filterPattern(text), fields: ['name', 'comment', 'tags', 'report'] };
  // In the list form the include and exclude groups are OR-ed (as on real servers), so
  // "(any included tag) and none of the excluded" needs the structured form.
  if (filter.tagsInclude.length > 0 && filter.tagsExclude.length > 0) {
    query.filters = {
      tags: { any: { include: [...filter.tagsInclude] }, all: { exclude: [...filter.tagsExclude] }, op: 'and' },
    };
  } else if (filter.tagsInclude.length > 0) {
    query.tags = [...filter.tagsInclude];
  } else if (filter.tagsExclude.length > 0) {
    query.tags = filter.tagsExclude.map((t) => `-${t}`);
  }
  if (filter.status.length > 0) query.status = filter.status as ReportsGetAllExRequest['status'];
  if (filter.projectId !== null) query.project = [filter.projectId];
  return query;
}

export async function reportsTick(ctx: ReportsContext, signal: AbortSignal): Promise<void> {
  const book = ctx.book;
  const read = beginListRead(ctx, 'reports', ctx.book.paging, buildReportQuery);
  const tags = book.tagsWanted ? fetchTags(ctx, signal) : Promise.resolve();
  book.tagsWanted = false;
  try {
    const page = await readListPage(ctx, read, signal, ctx.client.reports.getAllEx, parseReportPage, ENDPOINT);
    if (page === null) return;
    const previousId = ctx.get().reports.selectedId;
    ctx.set((s) => {
      const wanted = book.selectAfterLoad;
      const list = page.take(s.reports, wanted);
      if (wanted !== null && list.selectedId === wanted) book.selectAfterLoad = null;
      const marked = s.reports.marked.filter((id) => list.byId[id] !== undefined);
      return {
        reports: {
          ...s.reports,
          ...list,
          marked: marked.length === s.reports.marked.length ? s.reports.marked : marked,
          detailsTop: list.selectedId === previousId ? s.reports.detailsTop : 0,
        },
      };
    });
    finishListRead(ctx, read);
  } finally {
    await tags;
    endLoadingMore(ctx, 'reports');
  }
}

/** Tags are a filter aid: a failure leaves the previous list and asks again on the next tick. */
async function fetchTags(ctx: ReportsContext, signal: AbortSignal): Promise<void> {
  try {
    const tags = parseTags(await ctx.client.reports.getTags({}, { signal }), 'reports.get_tags');
    if (signal.aborted) return;
    const known = ctx.get().reports.knownTags;
    if (tags.length !== known.length || tags.some((t, i) => t !== known[i])) {
      ctx.set((s) => ({ reports: { ...s.reports, knownTags: tags } }));
    }
  } catch (err) {
    if (classifyFailure(err) !== 'abort') ctx.book.tagsWanted = true;
  }
}
