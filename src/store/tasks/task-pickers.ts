// The task list's pickers: `T` tags (projects.get_task_tags; each included, excluded or off),
// `P` one project (projects.get_all_ex, drawn as a tree; a parent shows its subprojects'
// tasks too), `U` one user (the users of the listed tasks) and `M` the metric columns (the
// metric/variant pairs in the listed tasks' `last_metrics`; at most MAX_METRIC_COLUMNS).
// Filters and columns change nothing on the server, so they work with --read-only too.
import type { TasksContext } from './book.js';
import {
  ALL_PROJECTS_LABEL,
  chosenOption,
  closeDialog,
  fillPick,
  highlightedOption,
  isObject,
  NO_PROJECT_LABEL,
  openPicker,
  openTagFilterPicker,
  parseProjectNames,
  pickerFailed,
  resetListQuery,
  sameList,
  setPick,
  showStatus,
  tagFilterText,
  touchedValue,
  type PickDialog,
  type PickOption,
  type StoreContext,
} from '../core/index.js';
import type { TaskRow } from './list.js';
import {
  MAX_METRIC_COLUMNS,
  metricColumnKey,
  metricColumnLabel,
  metricsOf,
  metricValueField,
  type MetricColumn,
} from './metric-columns.js';
import { DEFAULT_TASK_SORT } from './sort.js';
import type { TaskFilter } from './task-filters.js';
import { loadTaskTags } from './triage.js';

export const ALL_USERS_LABEL = '(all users)';
/** Projects fetched for the picker at most (real servers page `projects.get_all_ex`). */
const MAX_PROJECTS = 500;
/** Listed tasks whose `last_metrics` the metric picker reads (the first ones, as listed). */
const METRIC_SOURCE_TASKS = 100;

function setFilter(ctx: TasksContext, change: Partial<TaskFilter>): void {
  ctx.set((s) => ({ tasks: { ...s.tasks, filter: { ...s.tasks.filter, ...change } } }));
  resetListQuery(ctx, 'tasks', ctx.book.paging);
}

/** A one-choice picker's chosen id: Tab's choice (null for "all"), else the filter's. */
function chosenId(dialog: PickDialog, filtered: string | null): string | null {
  const touched = touchedValue(dialog);
  return touched === null ? filtered : touched === '' ? null : touched;
}

function listedRows(ctx: TasksContext): TaskRow[] {
  const { ids, byId } = ctx.get().tasks;
  return ids.map((id) => byId[id]).filter((r): r is TaskRow => r !== undefined);
}

// ---- T: tags ---------------------------------------------------------------------------------

export function requestTaskTagFilter(ctx: TasksContext): void {
  openTagFilterPicker(
    ctx,
    'tasks',
    'Show tasks by tag',
    ctx.get().tasks,
    async () => (await loadTaskTags(ctx)) ?? Promise.reject(new Error('projects.get_task_tags failed')),
    () => ctx.get().tasks.filter,
  );
}

// ---- P: project (a tree) -----------------------------------------------------------------------

/** "(all projects)", then projects by full name (parents before children), each shown by its last part, indented. */
export function projectTreeOptions(
  projects: readonly { id: string; name: string }[],
  chosen: string | null,
): PickOption[] {
  const byId = new Map<string, string>();
  for (const p of projects) if (!p.name.split('/').some((part) => part.startsWith('.'))) byId.set(p.id, p.name);
  const rows = [...byId].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
  const options: PickOption[] = [{ value: '', label: ALL_PROJECTS_LABEL, state: chosen === null ? 'include' : 'off' }];
  for (const [id, name] of rows) {
    const parts = name.split('/');
    options.push({
      value: id,
      label: name,
      display: parts[parts.length - 1] ?? name,
      indent: parts.length - 1,
      state: id === chosen ? 'include' : 'off',
    });
  }
  return options;
}

function projectsOfRows(ctx: TasksContext): { id: string; name: string }[] {
  return listedRows(ctx)
    .filter((r) => r.projectId !== null)
    .map((r) => ({ id: r.projectId as string, name: r.project ?? NO_PROJECT_LABEL }));
}

export function requestTaskProjectFilter(ctx: TasksContext): void {
  const chosen = ctx.get().tasks.filter.projectId;
  const options = projectTreeOptions(projectsOfRows(ctx), chosen);
  openPicker(ctx, 'tasks', {
    purpose: 'project',
    title: 'Show the tasks of one project (and its subprojects)',
    options,
  });
  void loadProjectOptions(ctx);
}

async function loadProjectOptions(ctx: TasksContext): Promise<void> {
  try {
    const answer = await ctx.client.projects.getAllEx({
      only_fields: ['id', 'name'],
      search_hidden: false,
      order_by: ['name'],
      size: MAX_PROJECTS,
      scroll_id: '',
    });
    const projects = parseProjectNames(answer);
    fillPick(ctx, 'project', (dialog) =>
      projectTreeOptions([...projects, ...projectsOfRows(ctx)], chosenId(dialog, ctx.get().tasks.filter.projectId)),
    );
  } catch (err) {
    pickerFailed(ctx, 'project', 'projects', err);
  }
}

// ---- U: user -----------------------------------------------------------------------------------

/** "(all users)", then every user by name; the chosen one marked. */
function userOptions(users: ReadonlyMap<string, string>, chosen: string | null): PickOption[] {
  const rest = [...users]
    .map(([value, label]): PickOption => ({ value, label, state: value === chosen ? 'include' : 'off' }))
    .sort((a, b) => (a.label.toLowerCase() < b.label.toLowerCase() ? -1 : 1));
  return [{ value: '', label: ALL_USERS_LABEL, state: chosen === null ? 'include' : 'off' }, ...rest];
}

/** The users of the listed tasks and the one filtered by, known before any request. */
function listedUsers(ctx: TasksContext): Map<string, string> {
  const { filter } = ctx.get().tasks;
  const users = new Map<string, string>();
  for (const row of listedRows(ctx)) if (row.userId !== null) users.set(row.userId, row.user ?? row.userId);
  if (filter.userId !== null) users.set(filter.userId, filter.userName ?? filter.userId);
  return users;
}

export function requestTaskUserFilter(ctx: TasksContext): void {
  const options = userOptions(listedUsers(ctx), ctx.get().tasks.filter.userId);
  openPicker(ctx, 'tasks', { purpose: 'user', title: 'Show the tasks of one user', options });
  void loadUserOptions(ctx);
}

/** Every user the server knows (users.get_all_ex: on tracktop's server, everyone with a key pair). */
async function loadUserOptions(ctx: TasksContext): Promise<void> {
  try {
    const answer = await ctx.client.users.getAllEx({ only_fields: ['name'] });
    const users = listedUsers(ctx);
    for (const user of Array.isArray(answer.users) ? answer.users : [])
      if (isObject(user) && typeof user.id === 'string')
        users.set(user.id, typeof user.name === 'string' && user.name !== '' ? user.name : user.id);
    fillPick(ctx, 'user', (dialog) => userOptions(users, chosenId(dialog, ctx.get().tasks.filter.userId)));
  } catch (err) {
    pickerFailed(ctx, 'user', 'users', err);
  }
}

// ---- M: metric columns ---------------------------------------------------------------------------

function metricOptions(metrics: readonly MetricColumn[], chosen: readonly MetricColumn[]): PickOption[] {
  const on = new Set(chosen.map(metricColumnKey));
  const all = new Map(metrics.map((m) => [metricColumnKey(m), m]));
  for (const c of chosen) all.set(metricColumnKey(c), c);
  return [...all.values()].map((m) => ({
    value: metricColumnKey(m),
    label: metricColumnLabel(m),
    state: on.has(metricColumnKey(m)) ? 'include' : 'off',
  }));
}

/** Metrics seen by the last picker load, by key (to turn options back into columns). */
const knownMetrics = new WeakMap<StoreContext, Map<string, MetricColumn>>();

export function requestMetricColumns(ctx: TasksContext): void {
  const chosen = ctx.get().tasks.metricColumns;
  knownMetrics.set(ctx, new Map(chosen.map((c) => [metricColumnKey(c), c])));
  openPicker(ctx, 'tasks', {
    purpose: 'metric',
    title: `Metric columns (at most ${MAX_METRIC_COLUMNS}; their last values, sortable with o)`,
    options: metricOptions([], chosen),
    cursor: 0,
  });
  void loadMetricOptions(ctx);
}

async function loadMetricOptions(ctx: TasksContext): Promise<void> {
  const ids = ctx.get().tasks.ids.slice(0, METRIC_SOURCE_TASKS);
  try {
    const answer =
      ids.length === 0 ? { tasks: [] } : await ctx.client.tasks.getAllEx({ id: ids, only_fields: ['last_metrics'] });
    const metrics = metricsOf(answer.tasks ?? []);
    const known = knownMetrics.get(ctx) ?? new Map<string, MetricColumn>();
    for (const m of metrics) known.set(metricColumnKey(m), m);
    knownMetrics.set(ctx, known);
    fillPick(ctx, 'metric', (dialog) => {
      const chosen = dialog.touched
        ? dialog.options.filter((o) => o.state === 'include').flatMap((o) => known.get(o.value) ?? [])
        : ctx.get().tasks.metricColumns;
      return metricOptions(metrics, chosen);
    });
  } catch (err) {
    pickerFailed(ctx, 'metric', 'metrics', err);
  }
}

/** Sets the metric columns, remembers them, and reads the list again with their values. */
export function setMetricColumns(ctx: TasksContext, columns: MetricColumn[]): void {
  const sort = ctx.get().tasks.sort;
  const sortGone = sort.field.startsWith('last_metrics.') && !columns.some((c) => metricValueField(c) === sort.field);
  ctx.set((s) => ({
    tasks: { ...s.tasks, metricColumns: columns, ...(sortGone ? { sort: DEFAULT_TASK_SORT } : {}) },
  }));
  resetListQuery(ctx, 'tasks', ctx.book.paging);
  try {
    ctx.book.stateFile?.save({ metricColumns: columns });
  } catch (err) {
    showStatus(ctx, `the columns are shown but not remembered: ${(err as Error).message}`, 'error');
  }
}

// ---- Enter ---------------------------------------------------------------------------------------

function refuse(ctx: TasksContext, dialog: PickDialog, error: string): void {
  setPick(ctx, { ...dialog, error });
}

export function submitTaskPick(ctx: TasksContext, dialog: PickDialog): void {
  const highlighted = highlightedOption(dialog);
  const noMatch = `nothing matches "${dialog.query.trim()}": Backspace or ctrl-u edits the text`;
  if (dialog.purpose === 'tags' || dialog.purpose === 'metric') {
    let options = dialog.options;
    // Enter without Tab toggles the highlighted option (adds or removes that column or tag).
    if (!dialog.touched) {
      if (highlighted === undefined)
        return dialog.query.trim() === '' ? closeDialog(ctx) : refuse(ctx, dialog, noMatch);
      options = options.map((o) =>
        o.value === highlighted.value ? { ...o, state: o.state === 'off' ? 'include' : 'off' } : o,
      );
    }
    const include = options.filter((o) => o.state === 'include').map((o) => o.value);
    if (dialog.purpose === 'metric') {
      if (include.length > MAX_METRIC_COLUMNS)
        return refuse(ctx, dialog, `at most ${MAX_METRIC_COLUMNS} columns: Tab turns one off`);
      const known = knownMetrics.get(ctx) ?? new Map<string, MetricColumn>();
      const columns = include.flatMap((key) => known.get(key) ?? []);
      closeDialog(ctx);
      const before = ctx.get().tasks.metricColumns.map(metricColumnKey);
      if (sameList(before, columns.map(metricColumnKey))) return;
      setMetricColumns(ctx, columns);
      showStatus(
        ctx,
        columns.length === 0 ? 'no metric columns' : `metric columns: ${columns.map(metricColumnLabel).join(', ')}`,
        'success',
      );
      return;
    }
    const exclude = options.filter((o) => o.state === 'exclude').map((o) => o.value);
    closeDialog(ctx);
    const f = ctx.get().tasks.filter;
    if (sameList(f.tagsInclude, include) && sameList(f.tagsExclude, exclude)) return;
    setFilter(ctx, { tagsInclude: include, tagsExclude: exclude });
    showStatus(ctx, `tag filter: ${tagFilterText(include, exclude)}`, 'success');
    return;
  }
  const chosen = chosenOption(dialog);
  if (chosen === undefined) return refuse(ctx, dialog, noMatch);
  closeDialog(ctx);
  const id = chosen.value === '' ? null : chosen.value;
  if (dialog.purpose === 'project') {
    if (ctx.get().tasks.filter.projectId === id) return;
    setFilter(ctx, { projectId: id, projectName: id === null ? null : chosen.label });
    showStatus(ctx, id === null ? 'project filter: every project' : `project filter: ${chosen.label}`, 'success');
    return;
  }
  if (ctx.get().tasks.filter.userId === id) return;
  setFilter(ctx, { userId: id, userName: id === null ? null : chosen.label });
  showStatus(ctx, id === null ? 'user filter: every user' : `user filter: ${chosen.label}`, 'success');
}

export interface TaskPickerActions {
  /** `U`: a picker of the users of the listed tasks. */
  requestUserFilter(): void;
  /** `M`: a picker of the listed tasks' metrics, for the task list's columns. */
  requestMetricColumns(): void;
}
