// Filters of the report list besides the text filter and the status cycle: tags picked from
// `reports.get_tags` (each included, excluded or off) and the one project whose reports are
// shown. Both are pickers: a list narrowed by what is typed; Tab changes the highlighted
// option, Enter applies (taking the highlighted option when nothing was changed). Filters
// change nothing on the server, so they work with --read-only too.
import type { StoreContext } from '../context.js';
import { clampIndex } from '../core/lists.js';
import { isObject, parseTags, reportProjectName } from '../core/parse.js';
import { explainFailure } from './changes.js';
import { closeDialog, openDialog, type DialogState, type PickOption } from '../ui/dialogs.js';
import { resetListQuery } from '../core/list-paging.js';
import { showStatus } from '../core/status.js';
import type { ReportProject, ReportsFilter, ReportsState } from './list.js';

export type PickDialog = Extract<DialogState, { kind: 'pick' }>;

export const ALL_PROJECTS_LABEL = '(all projects)';
export const NO_PROJECT_LABEL = '(no project)';

/** Projects fetched for the picker at most (real servers page `projects.get_all_ex`). */
const MAX_PROJECTS = 500;

function compareLabels(a: PickOption, b: PickOption): number {
  const x = a.label.toLowerCase();
  const y = b.label.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The options a picker shows for what is typed: labels starting with it first, then those containing it. */
export function visibleOptions(dialog: Pick<PickDialog, 'options' | 'query'>): PickOption[] {
  const query = dialog.query.trim().toLowerCase();
  if (query === '') return dialog.options;
  const starting: PickOption[] = [];
  const containing: PickOption[] = [];
  for (const option of dialog.options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(query)) starting.push(option);
    else if (label.includes(query)) containing.push(option);
  }
  return [...starting, ...containing];
}

/** Tag options: the known tags plus those in the filter; states from the filter unless changed in the picker. */
export function tagOptions(
  tags: readonly string[],
  filter: Pick<ReportsFilter, 'tagsInclude' | 'tagsExclude'>,
  previous: readonly PickOption[] = [],
): PickOption[] {
  const changed = new Map(previous.map((o) => [o.value, o.state]));
  const names = new Set([
    ...tags,
    ...filter.tagsInclude,
    ...filter.tagsExclude,
    ...previous.filter((o) => o.state !== 'off').map((o) => o.value),
  ]);
  return [...names]
    .map((tag): PickOption => {
      const fromFilter = filter.tagsInclude.includes(tag)
        ? 'include'
        : filter.tagsExclude.includes(tag)
          ? 'exclude'
          : 'off';
      return { value: tag, label: tag, state: changed.get(tag) ?? fromFilter };
    })
    .sort(compareLabels);
}

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
  if (!isObject(data) || !Array.isArray(data.projects)) return [];
  const out: ReportProject[] = [];
  for (const p of data.projects) {
    if (!isObject(p) || typeof p.id !== 'string' || typeof p.name !== 'string') continue;
    if (p.name !== '.reports' && !p.name.endsWith('/.reports')) continue;
    out.push({ id: p.id, name: reportProjectName(p.name) });
  }
  return out;
}

// ---- applying filters ------------------------------------------------------------------------

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function tagFilterText(include: readonly string[], exclude: readonly string[]): string {
  const parts: string[] = [];
  if (include.length > 0) parts.push(`any of ${include.join(', ')}`);
  if (exclude.length > 0) parts.push(`none of ${exclude.join(', ')}`);
  return parts.length === 0 ? 'every tag' : parts.join('; ');
}

/** Sets the tag filter; the list is read again only when it changed. */
export function setTagFilter(ctx: StoreContext, include: readonly string[], exclude: readonly string[]): boolean {
  const filter = ctx.get().reports.filter;
  if (sameList(filter.tagsInclude, include) && sameList(filter.tagsExclude, exclude)) return false;
  ctx.set((s) => ({
    reports: { ...s.reports, filter: { ...s.reports.filter, tagsInclude: [...include], tagsExclude: [...exclude] } },
  }));
  resetListQuery(ctx, 'reports');
  return true;
}

export function setProjectFilter(ctx: StoreContext, project: ReportProject | null): boolean {
  const filter = ctx.get().reports.filter;
  const id = project?.id ?? null;
  if (filter.projectId === id) return false;
  ctx.set((s) => ({
    reports: { ...s.reports, filter: { ...s.reports.filter, projectId: id, projectName: project?.name ?? null } },
  }));
  resetListQuery(ctx, 'reports');
  return true;
}

/** Esc in the report list: no text, tag, status or project filter. */
export function clearReportFilters(ctx: StoreContext): void {
  const state = ctx.get();
  const f = state.reports.filter;
  const any =
    state.ui.filters.reports !== '' ||
    f.tagsInclude.length + f.tagsExclude.length + f.status.length > 0 ||
    f.projectId !== null;
  if (!any) return;
  ctx.set((s) => ({
    ui: { ...s.ui, filters: { ...s.ui.filters, reports: '' } },
    reports: {
      ...s.reports,
      filter: { tagsInclude: [], tagsExclude: [], status: [], projectId: null, projectName: null },
    },
  }));
  resetListQuery(ctx, 'reports');
  showStatus(ctx, 'filters cleared: every report is shown', 'info');
}

// ---- the pickers -------------------------------------------------------------------------------

export function currentPick(ctx: StoreContext, purpose: PickDialog['purpose']): PickDialog | null {
  const dialog = ctx.get().ui.dialog;
  return dialog?.kind === 'pick' && dialog.purpose === purpose ? dialog : null;
}

export function setPick(ctx: StoreContext, dialog: PickDialog): void {
  ctx.set((s) => ({ ui: { ...s.ui, dialog } }));
}

/** New options, the same option still highlighted when it is still shown. */
export function withOptions(dialog: PickDialog, options: PickOption[]): PickDialog {
  const highlighted = visibleOptions(dialog)[dialog.cursor]?.value;
  const next: PickDialog = { ...dialog, options };
  const shown = visibleOptions(next);
  const at = highlighted === undefined ? -1 : shown.findIndex((o) => o.value === highlighted);
  return { ...next, cursor: at >= 0 ? at : clampIndex(dialog.cursor, shown.length) };
}

/** Opens a picker on the options known now, loading (the caller fetches the rest). */
export function openPicker(
  ctx: StoreContext,
  picker: Pick<PickDialog, 'purpose' | 'title' | 'options' | 'cursor'>,
): void {
  openDialog(ctx, { kind: 'pick', ...picker, query: '', loading: true, touched: false, error: null });
}

/** Loading a picker's options failed: the ones it shows stay usable, the reason is shown. */
function pickerFailed(ctx: StoreContext, purpose: PickDialog['purpose'], what: string, err: unknown): void {
  const dialog = currentPick(ctx, purpose);
  if (dialog !== null)
    setPick(ctx, { ...dialog, loading: false, error: `could not load the ${what}: ${explainFailure(err)}` });
}

export function requestTagFilter(ctx: StoreContext): void {
  const r = ctx.get().reports;
  openPicker(ctx, {
    purpose: 'tags',
    title: 'Show reports by tag',
    options: tagOptions(r.knownTags, r.filter),
    cursor: 0,
  });
  void loadTagOptions(ctx);
}

async function loadTagOptions(ctx: StoreContext): Promise<void> {
  try {
    const tags = parseTags(await ctx.client.reports.getTags({}), 'reports.get_tags');
    if (!sameList(tags, ctx.get().reports.knownTags)) ctx.set((s) => ({ reports: { ...s.reports, knownTags: tags } }));
    const dialog = currentPick(ctx, 'tags');
    if (dialog !== null)
      setPick(ctx, {
        ...withOptions(dialog, tagOptions(tags, ctx.get().reports.filter, dialog.options)),
        loading: false,
      });
  } catch (err) {
    pickerFailed(ctx, 'tags', 'tags', err);
  }
}

export function requestProjectFilter(ctx: StoreContext): void {
  const r = ctx.get().reports;
  const options = projectOptions(projectsOfRows(r), r.filter);
  // Highlights the project shown now.
  const cursor = Math.max(
    0,
    options.findIndex((o) => o.state === 'include'),
  );
  openPicker(ctx, { purpose: 'project', title: 'Show the reports of one project', options, cursor });
  void loadProjectOptions(ctx);
}

async function loadProjectOptions(ctx: StoreContext): Promise<void> {
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
    const dialog = currentPick(ctx, 'project');
    if (dialog === null) return;
    const projects = [...parseReportProjects(answer), ...projectsOfRows(ctx.get().reports)];
    setPick(ctx, {
      ...withOptions(dialog, projectOptions(projects, ctx.get().reports.filter, dialog.touched ? dialog.options : [])),
      loading: false,
    });
  } catch (err) {
    pickerFailed(ctx, 'project', 'projects', err);
  }
}

export function setPickQuery(ctx: StoreContext, dialog: PickDialog, query: string): void {
  setPick(ctx, { ...dialog, query, cursor: 0 });
}

export function movePickCursor(ctx: StoreContext, delta: number): void {
  const dialog = ctx.get().ui.dialog;
  if (dialog?.kind !== 'pick') return;
  const cursor = clampIndex(dialog.cursor + Math.trunc(delta), visibleOptions(dialog).length);
  if (cursor !== dialog.cursor) setPick(ctx, { ...dialog, cursor });
}

const NEXT_TAG_STATE: Record<PickOption['state'], PickOption['state']> = {
  off: 'include',
  include: 'exclude',
  exclude: 'off',
};

/**
 * Tab: the highlighted tag cycles include → exclude → off, a metric column on → off; the
 * highlighted project or user becomes the choice.
 */
export function togglePick(ctx: StoreContext, dialog: PickDialog): void {
  const option = visibleOptions(dialog)[dialog.cursor];
  if (option === undefined) return;
  const next = (o: PickOption): PickOption['state'] =>
    dialog.purpose === 'tags' ? NEXT_TAG_STATE[o.state] : o.state === 'include' ? 'off' : 'include';
  // Tags and metric columns are many (each changes alone); a project or user is one choice.
  const many = dialog.purpose === 'tags' || dialog.purpose === 'metric';
  const options = many
    ? dialog.options.map((o) => (o.value === option.value ? { ...o, state: next(o) } : o))
    : dialog.options.map((o): PickOption => ({ ...o, state: o.value === option.value ? 'include' : 'off' }));
  setPick(ctx, { ...dialog, options, touched: true, error: null });
}

function refusePick(ctx: StoreContext, dialog: PickDialog, what: string): void {
  setPick(ctx, { ...dialog, error: `no ${what} matches "${dialog.query.trim()}": Backspace or ctrl-u edits the text` });
}

/** Enter: applies the picker's choice. */
export function submitPick(ctx: StoreContext, dialog: PickDialog): void {
  const highlighted = visibleOptions(dialog)[dialog.cursor];
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
  const chosen = dialog.touched ? dialog.options.find((o) => o.state === 'include') : highlighted;
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
  requestTagFilter(): void;
  /** `P`: a picker of the projects that hold reports. */
  requestProjectFilter(): void;
  /** Moves the highlighted option of a picker. */
  moveDialogCursor(delta: number): void;
}

export function createReportFilterActions(ctx: StoreContext): ReportFilterActions {
  return {
    setReportTagFilter: (include, exclude) => void setTagFilter(ctx, include, exclude),
    setReportProjectFilter: (project) => void setProjectFilter(ctx, project),
    clearReportFilters: () => clearReportFilters(ctx),
    requestTagFilter: () => requestTagFilter(ctx),
    requestProjectFilter: () => requestProjectFilter(ctx),
    moveDialogCursor: (delta) => movePickCursor(ctx, delta),
  };
}
