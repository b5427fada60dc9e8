// Filters of the report list besides the text filter and the status cycle: tags picked from
// `reports.get_tags` (each included, excluded or off) and the one project whose reports are
// shown. Both are pickers: a list narrowed by what is typed; Tab changes the highlighted
// option, Enter applies (taking the highlighted option when nothing was changed). Filters
// change nothing on the server, so they work with --read-only too.
import type { ReportsContext } from './book.js';
import {
  ALL_PROJECTS_LABEL,
  chosenOption,
  closeDialog,
  compareLabels,
  fillPick,
  highlightedOption,
  parseProjectNames,
  NO_PROJECT_LABEL,
  openPicker,
  openTagFilterPicker,
  parseTags,
  pickerFailed,
  refusePick,
  reportProjectName,
  resetListQuery,
  sameList,
  showStatus,
  tagFilterText,
  type PickDialog,
  type PickOption,
} from '../core/index.js';
import { setListQuery } from '../ui/index.js';
import type { ReportProject, ReportsFilter, ReportsState } from './list.js';

/** Projects fetched for the picker at most (real servers page `projects.get_all_ex`). */
const MAX_PROJECTS = 500;

/** "All projects", then each project holding reports once, by name; the chosen one marked. */
export function projectOptions(
  projects: readonly ReportProject[],
  filter: ReportsFilter,
  previous: readonly PickOption[] = [],
): PickOption[] {
  const chosen = previous.find((o) => o.state === 'include')?.value ?? filter.projectId ?? '';
  const labels = new Map<string, string>();
  for (const p of projects) if (!labels.has(p.id)) labels.set(p.id, p.name ?? NO_PROJECT_LABEL);
  for (const o of previous) if (o.value !== '' && !labels.has(o.value)) labels.set(o.value, o.label);
  if (filter.projectId !== null && !labels.has(filter.projectId))
    labels.set(filter.projectId, filter.projectName ?? NO_PROJECT_LABEL);
  const rest = [...labels].map(([value, label]): PickOption => ({ value, label, state: 'off' })).sort(compareLabels);
  return [{ value: '', label: ALL_PROJECTS_LABEL, state: 'off' } as PickOption, ...rest].map((o) => ({
    ...o,
    state: o.value === chosen ? 'include' : 'off',
  }));
}

/** The projects of the loaded reports (known before any request). */
export function projectsOfRows(reports: ReportsState): ReportProject[] {
  const out: ReportProject[] = [];
  for (const id of reports.ids) {
    const row = reports.byId[id];
    if (row?.projectId != null) out.push({ id: row.projectId, name: row.project });
  }
  return out;
}

/** `.reports` projects from `projects.get_all_ex`; other projects in the answer are skipped. */
export function parseReportProjects(data: unknown): ReportProject[] {
  return parseProjectNames(data)
    .filter((p) => p.name === '.reports' || p.name.endsWith('/.reports'))
    .map((p) => ({ id: p.id, name: reportProjectName(p.name) }));
}

// ---- applying filters ------------------------------------------------------------------------

/** Sets the tag filter; the list is read again only when it changed. */
export function setTagFilter(ctx: ReportsContext, include: readonly string[], exclude: readonly string[]): boolean {
  const filter = ctx.get().reports.filter;
  if (sameList(filter.tagsInclude, include) && sameList(filter.tagsExclude, exclude)) return false;
  ctx.set((s) => ({
    reports: { ...s.reports, filter: { ...s.reports.filter, tagsInclude: [...include], tagsExclude: [...exclude] } },
  }));
  resetListQuery(ctx, 'reports', ctx.book.paging);
  return true;
}

export function setProjectFilter(ctx: ReportsContext, project: ReportProject | null): boolean {
  const filter = ctx.get().reports.filter;
  const id = project?.id ?? null;
  if (filter.projectId === id) return false;
  ctx.set((s) => ({
    reports: { ...s.reports, filter: { ...s.reports.filter, projectId: id, projectName: project?.name ?? null } },
  }));
  resetListQuery(ctx, 'reports', ctx.book.paging);
  return true;
}

/** Esc in the report list: no text, tag, status or project filter. */
export function clearReportFilters(ctx: ReportsContext): void {
  const state = ctx.get();
  const f = state.reports.filter;
  const any =
    state.ui.filters.reports !== '' ||
    f.tagsInclude.length + f.tagsExclude.length + f.status.length > 0 ||
    f.projectId !== null;
  if (!any) return;
  setListQuery(ctx, 'reports', { filter: '' });
  ctx.set((s) => ({
    reports: {
      ...s.reports,
      filter: { tagsInclude: [], tagsExclude: [], status: [], projectId: null, projectName: null },
    },
  }));
  resetListQuery(ctx, 'reports', ctx.book.paging);
  showStatus(ctx, 'filters cleared: every report is shown', 'info');
}

// ---- the pickers -------------------------------------------------------------------------------

export function requestTagFilter(ctx: ReportsContext): void {
  openTagFilterPicker(
    ctx,
    'reports',
    'Show reports by tag',
    ctx.get().reports,
    async () => {
      const tags = parseTags(await ctx.client.reports.getTags({}), 'reports.get_tags');
      if (!sameList(tags, ctx.get().reports.knownTags))
        ctx.set((s) => ({ reports: { ...s.reports, knownTags: tags } }));
      return tags;
    },
    () => ctx.get().reports.filter,
  );
}

export function requestProjectFilter(ctx: ReportsContext): void {
  const r = ctx.get().reports;
  const options = projectOptions(projectsOfRows(r), r.filter);
  openPicker(ctx, 'reports', { purpose: 'project', title: 'Show the reports of one project', options });
  void loadProjectOptions(ctx);
}

async function loadProjectOptions(ctx: ReportsContext): Promise<void> {
  try {
    // `.reports` projects are hidden and carry the `reports` system tag (docs/wire-facts.md §9.1).
    const answer = await ctx.client.projects.getAllEx({
      search_hidden: true,
      system_tags: ['reports'],
      only_fields: ['id', 'name'],
      order_by: ['name'],
      size: MAX_PROJECTS,
      scroll_id: '',
    });
    const projects = [...parseReportProjects(answer), ...projectsOfRows(ctx.get().reports)];
    fillPick(ctx, 'project', (dialog) =>
      projectOptions(projects, ctx.get().reports.filter, dialog.touched ? dialog.options : []),
    );
  } catch (err) {
    pickerFailed(ctx, 'project', 'projects', err);
  }
}

/** Enter: applies the picker's choice. */
export function submitPick(ctx: ReportsContext, dialog: PickDialog): void {
  const highlighted = highlightedOption(dialog);
  if (dialog.purpose === 'tags') {
    let options = dialog.options;
    if (!dialog.touched && dialog.query.trim() !== '') {
      if (highlighted === undefined) return refusePick(ctx, dialog, 'tag');
      options = options.map((o) => (o.value === highlighted.value ? { ...o, state: 'include' } : o));
    }
    const include = options.filter((o) => o.state === 'include').map((o) => o.value);
    const exclude = options.filter((o) => o.state === 'exclude').map((o) => o.value);
    closeDialog(ctx);
    if (setTagFilter(ctx, include, exclude))
      showStatus(ctx, `tag filter: ${tagFilterText(include, exclude)}`, 'success');
    return;
  }
  const chosen = chosenOption(dialog);
  if (chosen === undefined) return refusePick(ctx, dialog, 'project');
  closeDialog(ctx);
  const project =
    chosen.value === '' ? null : { id: chosen.value, name: chosen.label === NO_PROJECT_LABEL ? null : chosen.label };
  if (setProjectFilter(ctx, project)) {
    showStatus(
      ctx,
      project === null ? 'project filter: every project' : `project filter: ${project.name ?? NO_PROJECT_LABEL}`,
      'success',
    );
  }
}

export interface ReportFilterActions {
  setReportTagFilter(include: string[], exclude: string[]): void;
  /** Shows only the reports of one project (null: every project). */
  setReportProjectFilter(project: ReportProject | null): void;
  /** Clears the reports' text, tag, status and project filters. */
  clearReportFilters(): void;
  /** `T`: a picker of the known tags (`reports.get_tags`), each included, excluded or off. */
  requestReportTagFilter(): void;
  /** `P`: a picker of the projects that hold reports. */
  requestReportProjectFilter(): void;
}

export function createReportFilterActions(ctx: ReportsContext): ReportFilterActions {
  return {
    setReportTagFilter: (include, exclude) => void setTagFilter(ctx, include, exclude),
    setReportProjectFilter: (project) => void setProjectFilter(ctx, project),
    clearReportFilters: () => clearReportFilters(ctx),
    requestReportTagFilter: () => requestTagFilter(ctx),
    requestReportProjectFilter: () => requestProjectFilter(ctx),
  };
}
