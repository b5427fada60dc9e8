// What the query engine knows of each queryable table: columns and their kinds, which
// fields take list filters, patterns and dates, which are references that can be joined.
import {
  modelToJson,
  parseList,
  projectToJson,
  taskToJson,
  type ModelRow,
  type ProjectRow,
  type TaskRow,
} from './entities.js';
import { isoTime } from './time.js';
import type { ListPaging, ModelsGetAllExRequest, ProjectsGetAllExRequest, TaskQuery } from '../wire/tasks.js';

type Doc = Record<string, unknown>;
export type ColumnKind = 'text' | 'int' | 'date' | 'list' | 'json' | 'bool';
export type RefKind = 'project' | 'user' | 'company' | 'task';

export interface EntitySpec {
  table: 'tasks' | 'models' | 'projects';
  columns: Readonly<Record<string, ColumnKind>>;
  /** Columns declared NOT NULL (their ordering needs no empty-last term when not text). */
  notNull: readonly string[];
  listFields: readonly string[];
  patternFields: readonly string[];
  dateFields: readonly string[];
  searchTextFields: readonly string[];
  refFields: Readonly<Record<string, RefKind>>;
  toJson(row: Record<string, unknown>): Doc;
}

/**
 * Fields every list request has, besides the entity's own: query-parse.ts checks them against
 * the wire's TaskQuery.
 */
export type CommonQueryKey =
  | keyof ListPaging
  | 'search_text'
  | 'search_hidden'
  | 'include_subprojects'
  | '_any_'
  | '_all_'
  | 'filters'
  | 'refresh_scroll';

/** The columns all three tables share, with the same kinds and the same part in queries. */
const SHARED = {
  columns: {
    id: 'text',
    name: 'text',
    user: 'text',
    tags: 'list',
    system_tags: 'list',
    created: 'date',
    last_update: 'date',
  },
  notNull: ['id', 'name', 'tags', 'system_tags', 'created', 'last_update'],
  listFields: ['id', 'user', 'tags', 'system_tags'],
  patternFields: ['name'],
  dateFields: ['created', 'last_update'],
  searchTextFields: ['name', 'id'],
  refFields: { user: 'user', company: 'company' },
} as const satisfies Omit<EntitySpec, 'table' | 'toJson'>;

type SharedField<K extends 'listFields' | 'patternFields' | 'dateFields'> = (typeof SHARED)[K][number];

/** What an entity declares besides SHARED. */
interface OwnFields<L extends string, P extends string, D extends string, O extends string> extends Omit<
  EntitySpec,
  'listFields' | 'patternFields' | 'dateFields'
> {
  listFields: readonly L[];
  patternFields: readonly P[];
  dateFields: readonly D[];
  /** Fields of the wire request that are not query filters: checked by the handler, or ignored. */
  notFilters: readonly O[];
}

/**
 * The fields of the list request R that the spec leaves out, or declares where parseQuery
 * would refuse R's values (a field R sends as a list must be a list or date field; a single
 * value passes as a pattern or as a one-item list). L, P, D: the entity's own list, pattern
 * and date fields; O: its fields that are not filters.
 */
type Uncovered<R, L, P, D, O> = {
  [K in Exclude<keyof R, CommonQueryKey>]-?: K extends O
    ? never
    : NonNullable<R[K]> extends readonly unknown[]
      ? K extends L | D | SharedField<'listFields'> | SharedField<'dateFields'>
        ? never
        : K
      : K extends L | P | SharedField<'listFields'> | SharedField<'patternFields'>
        ? never
        : K;
}[Exclude<keyof R, CommonQueryKey>];

/** Compiles only when the spec covers every field of R (else it asks for the `uncovered` ones). */
type Covers<R, L, P, D, O> = [Uncovered<R, L, P, D, O>] extends [never]
  ? unknown
  : { uncovered: Uncovered<R, L, P, D, O> };

/**
 * An entity's spec: SHARED and its own fields, tied to the wire type R of its list request:
 * a field R names that the spec does not filter on does not compile.
 */
function entitySpec<R>() {
  return <const L extends string, const P extends string, const D extends string, const O extends string>(
    own: OwnFields<L, P, D, O> & Covers<R, L, P, D, O>,
  ): EntitySpec => ({
    table: own.table,
    columns: { ...SHARED.columns, ...own.columns },
    notNull: [...SHARED.notNull, ...own.notNull],
    listFields: [...SHARED.listFields, ...own.listFields],
    patternFields: [...SHARED.patternFields, ...own.patternFields],
    dateFields: [...SHARED.dateFields, ...own.dateFields],
    searchTextFields: [...SHARED.searchTextFields, ...own.searchTextFields],
    refFields: { ...SHARED.refFields, ...own.refFields },
    toJson: own.toJson,
  });
}

export const TASKS = entitySpec<TaskQuery>()({
  table: 'tasks',
  columns: {
    type: 'text',
    status: 'text',
    comment: 'text',
    project: 'text',
    parent: 'text',
    report: 'text',
    report_assets: 'list',
    started: 'date',
    completed: 'date',
    last_change: 'date',
    last_changed_by: 'text',
    status_changed: 'date',
    status_reason: 'text',
    status_message: 'text',
    published: 'date',
    last_iteration: 'int',
    last_metrics: 'json',
    hyperparams: 'json',
    configuration: 'json',
    script: 'json',
    execution: 'json',
    runtime: 'json',
    models: 'json',
    container: 'json',
    output: 'json',
    last_worker: 'text',
    last_worker_report: 'date',
  },
  notNull: ['type', 'status', 'comment', 'user', 'last_change', 'last_iteration'],
  listFields: ['type', 'status', 'project', 'parent'],
  patternFields: ['comment', 'report'],
  dateFields: ['started', 'completed', 'last_change', 'status_changed', 'published'],
  searchTextFields: ['comment', 'report'],
  refFields: { project: 'project' },
  notFilters: ['allow_public'],
  toJson: (row) => taskToJson(row as unknown as TaskRow),
});

export const MODELS = entitySpec<ModelsGetAllExRequest>()({
  table: 'models',
  columns: {
    uri: 'text',
    ready: 'bool',
    project: 'text',
    task: 'text',
    comment: 'text',
    last_iteration: 'int',
    last_metrics: 'json',
  },
  notNull: ['ready', 'comment', 'user', 'last_iteration'],
  listFields: ['project', 'task'],
  patternFields: ['comment', 'uri'],
  dateFields: [],
  searchTextFields: ['comment'],
  refFields: { project: 'project', task: 'task' },
  // `ready` is the models handler's own condition.
  notFilters: ['ready'],
  toJson: (row) => modelToJson(row as unknown as ModelRow),
});

export const PROJECTS = entitySpec<ProjectsGetAllExRequest>()({
  table: 'projects',
  columns: {
    basename: 'text',
    parent: 'text',
    description: 'text',
    default_output_destination: 'text',
  },
  notNull: ['basename', 'description'],
  listFields: ['parent'],
  patternFields: ['basename', 'description'],
  dateFields: [],
  searchTextFields: ['description'],
  refFields: { parent: 'project' },
  notFilters: ['include_stats'],
  toJson: (row) => projectToJson(row as unknown as ProjectRow),
});

/** The text values of a field of a candidate row, as patterns and text search see them. */
export function fieldTexts(spec: EntitySpec, row: Record<string, unknown>, field: string): string[] {
  const kind = spec.columns[field];
  const value = row[field];
  if (!kind || value === null || value === undefined) return [];
  if (kind === 'list') return parseList(value as string);
  if (kind === 'date') return [isoTime(value as number)];
  if (kind === 'bool') return [value ? 'true' : 'false'];
  if (kind === 'json') return [];
  return [String(value)];
}
