// What the query engine knows of each queryable table: columns and their kinds, which
// fields take list filters, patterns and dates, which are references that can be joined.
import { modelToJson, parseList, projectToJson, taskToJson } from '../db/entities.js';
import { isoTime } from '../db/time.js';
import type { QueuesGetAllRequest } from '../../wire/cluster.js';
import type { ModelsGetAllRequest } from '../../wire/models.js';
import { queueToJson } from '../db/queue-store.js';
import type { ListPaging, ProjectsGetAllExRequest, TaskQuery } from '../../wire/tasks.js';

type Doc = Record<string, unknown>;
export type ColumnKind = 'text' | 'int' | 'date' | 'list' | 'json' | 'bool';
export type RefKind = 'project' | 'user' | 'company' | 'task';

export interface EntitySpec {
  table: 'tasks' | 'models' | 'projects' | 'queues';
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
 * Fields every list request has, besides the entity's own: parse-query.ts checks them against
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

/**
 * A column's part in queries: `notNull` (declared NOT NULL: its ordering needs no empty-last
 * term when not text), `listFilter` (takes a list of values, and `filters`), `pattern` (a
 * regex), `dateFilter` (a date range), `searchText` (searched by search_text).
 */
type Role = 'notNull' | 'listFilter' | 'pattern' | 'dateFilter' | 'searchText';
/** A column: its kind, then its roles. */
type Column = readonly [ColumnKind, ...Role[]];
type Columns = Readonly<Record<string, Column>>;

/** The columns all three tables share, with the same kinds and roles. */
const SHARED_COLUMNS = {
  name: ['text', 'notNull', 'pattern', 'searchText'],
  id: ['text', 'notNull', 'listFilter', 'searchText'],
  user: ['text', 'notNull', 'listFilter'],
  tags: ['list', 'notNull', 'listFilter'],
  system_tags: ['list', 'notNull', 'listFilter'],
  created: ['date', 'notNull', 'dateFilter'],
  last_update: ['date', 'notNull', 'dateFilter'],
} as const satisfies Columns;

/** Columns of JSON objects: returned whole, never filtered on. */
function jsonColumns<const N extends string>(...names: N[]): Record<N, readonly ['json']> {
  return Object.fromEntries(names.map((name) => [name, ['json'] as const])) as Record<N, readonly ['json']>;
}

/** The columns of C that have role `role`. */
type WithRole<C extends Columns, R extends Role> = {
  [K in keyof C]: R extends C[K][number] ? K : never;
}[keyof C];

/**
 * The fields of the list request R that columns C do not filter on, or filter in a role whose
 * check refuses R's values (a field R sends as a list must be a list or date filter; a single
 * value passes as a pattern or as a one-item list). O: R's fields that are not filters.
 */
type Uncovered<R, C extends Columns, O> = {
  [K in Exclude<keyof R, CommonQueryKey>]-?: K extends O
    ? never
    : NonNullable<R[K]> extends readonly unknown[]
      ? K extends WithRole<C, 'listFilter' | 'dateFilter'>
        ? never
        : K
      : K extends WithRole<C, 'listFilter' | 'pattern'>
        ? never
        : K;
}[Exclude<keyof R, CommonQueryKey>];

/** Compiles only when the columns cover every field of R (else it asks for the `uncovered` ones). */
type Covers<R, C extends Columns, O> = [Uncovered<R, C, O>] extends [never]
  ? unknown
  : { uncovered: Uncovered<R, C, O> };

interface EntityDecl<C extends Columns, Row> {
  /** Its own columns besides SHARED_COLUMNS (a shared one named again takes this declaration). */
  columns: C;
  /** Its references besides `user` and `company`. */
  refFields: EntitySpec['refFields'];
  /** The document of a row (the row as SQLite returns it, `SELECT *`). */
  toJson(row: Row): Doc;
}

/**
 * The spec of an entity stored in `table`, from its columns and SHARED_COLUMNS, tied to the
 * wire type R of its list request: a field R names that the spec does not filter on does not
 * compile, unless named in O, R's fields that are not filters (checked by the handler, or ignored).
 */
function entitySpec<R, O extends keyof R = never>(table: EntitySpec['table']) {
  return <const C extends Columns, Row>(
    decl: EntityDecl<C, Row> & Covers<R, Omit<typeof SHARED_COLUMNS, keyof C> & C, O>,
  ): EntitySpec => {
    const all: [string, Column][] = Object.entries({ ...SHARED_COLUMNS, ...decl.columns });
    const withRole = (role: Role) => all.filter(([, column]) => column.includes(role)).map(([name]) => name);
    return {
      table,
      columns: Object.fromEntries(all.map(([name, [kind]]) => [name, kind])),
      notNull: withRole('notNull'),
      listFields: withRole('listFilter'),
      patternFields: withRole('pattern'),
      dateFields: withRole('dateFilter'),
      searchTextFields: withRole('searchText'),
      refFields: { user: 'user', company: 'company', ...decl.refFields },
      toJson: (row) => decl.toJson(row as Row),
    };
  };
}

export const TASKS = entitySpec<TaskQuery, 'allow_public'>('tasks')({
  columns: {
    type: ['text', 'notNull', 'listFilter'],
    status: ['text', 'notNull', 'listFilter'],
    comment: ['text', 'notNull', 'pattern', 'searchText'],
    project: ['text', 'listFilter'],
    parent: ['text', 'listFilter'],
    report: ['text', 'pattern', 'searchText'],
    report_assets: ['list'],
    started: ['date', 'dateFilter'],
    completed: ['date', 'dateFilter'],
    last_change: ['date', 'notNull', 'dateFilter'],
    last_changed_by: ['text'],
    status_changed: ['date', 'dateFilter'],
    status_reason: ['text'],
    status_message: ['text'],
    published: ['date', 'dateFilter'],
    last_iteration: ['int', 'notNull'],
    last_metrics: ['json', 'notNull'],
    ...jsonColumns('hyperparams', 'configuration', 'script', 'execution', 'runtime', 'models', 'container', 'output'),
    last_worker: ['text'],
    last_worker_report: ['date'],
  },
  refFields: { project: 'project' },
  toJson: taskToJson,
});

// `ready` is the models handler's own condition.
export const MODELS = entitySpec<ModelsGetAllRequest, 'ready'>('models')({
  columns: {
    uri: ['text', 'listFilter'],
    ready: ['bool', 'notNull'],
    project: ['text', 'listFilter'],
    task: ['text', 'listFilter'],
    comment: ['text', 'notNull', 'pattern', 'searchText'],
    last_iteration: ['int', 'notNull'],
    last_metrics: ['json', 'notNull'],
    framework: ['text', 'listFilter'],
    parent: ['text', 'listFilter'],
    ...jsonColumns('design', 'labels', 'metadata', 'ui_cache'),
  },
  refFields: { project: 'project', task: 'task' },
  toJson: modelToJson,
});

export const PROJECTS = entitySpec<ProjectsGetAllExRequest, 'include_stats'>('projects')({
  columns: {
    basename: ['text', 'notNull', 'pattern'],
    parent: ['text', 'listFilter'],
    description: ['text', 'notNull', 'pattern', 'searchText'],
    default_output_destination: ['text'],
    // The projects table lets `user` be NULL, unlike tasks and models.
    user: ['text', 'listFilter'],
  },
  refFields: { parent: 'project' },
  toJson: projectToJson,
});

// Entries are the queue handlers' own (src/server/handlers/queues.ts), read from queue_entries.
export const QUEUES = entitySpec<QueuesGetAllRequest, 'max_task_entries'>('queues')({
  columns: {
    // The queues table lets `user` be NULL, as projects do.
    user: ['text', 'listFilter'],
  },
  refFields: {},
  toJson: queueToJson,
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
