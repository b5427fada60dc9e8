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

const TASK_COLUMNS: Record<string, ColumnKind> = {
  id: 'text',
  name: 'text',
  type: 'text',
  status: 'text',
  comment: 'text',
  user: 'text',
  project: 'text',
  parent: 'text',
  tags: 'list',
  system_tags: 'list',
  report: 'text',
  report_assets: 'list',
  created: 'date',
  started: 'date',
  completed: 'date',
  last_update: 'date',
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
};

export const TASKS: EntitySpec = {
  table: 'tasks',
  columns: TASK_COLUMNS,
  notNull: [
    'id',
    'name',
    'type',
    'status',
    'comment',
    'user',
    'tags',
    'system_tags',
    'created',
    'last_update',
    'last_change',
    'last_iteration',
  ],
  listFields: ['id', 'user', 'type', 'status', 'project', 'parent', 'tags', 'system_tags'],
  patternFields: ['name', 'comment', 'report'],
  dateFields: ['created', 'started', 'completed', 'last_update', 'last_change', 'status_changed', 'published'],
  searchTextFields: ['name', 'id', 'comment', 'report'],
  refFields: { project: 'project', user: 'user', company: 'company' },
  toJson: (row) => taskToJson(row as unknown as TaskRow),
};

export const MODELS: EntitySpec = {
  table: 'models',
  columns: {
    id: 'text',
    name: 'text',
    uri: 'text',
    ready: 'bool',
    project: 'text',
    task: 'text',
    comment: 'text',
    user: 'text',
    tags: 'list',
    system_tags: 'list',
    created: 'date',
    last_update: 'date',
    last_iteration: 'int',
    last_metrics: 'json',
  },
  notNull: [
    'id',
    'name',
    'ready',
    'comment',
    'user',
    'tags',
    'system_tags',
    'created',
    'last_update',
    'last_iteration',
  ],
  listFields: ['id', 'user', 'project', 'task', 'tags', 'system_tags'],
  patternFields: ['name', 'comment', 'uri'],
  dateFields: ['created', 'last_update'],
  searchTextFields: ['name', 'id', 'comment'],
  refFields: { project: 'project', task: 'task', user: 'user', company: 'company' },
  toJson: (row) => modelToJson(row as unknown as ModelRow),
};

export const PROJECTS: EntitySpec = {
  table: 'projects',
  columns: {
    id: 'text',
    name: 'text',
    basename: 'text',
    parent: 'text',
    description: 'text',
    user: 'text',
    default_output_destination: 'text',
    tags: 'list',
    system_tags: 'list',
    created: 'date',
    last_update: 'date',
  },
  notNull: ['id', 'name', 'basename', 'description', 'tags', 'system_tags', 'created', 'last_update'],
  listFields: ['id', 'user', 'parent', 'tags', 'system_tags'],
  patternFields: ['name', 'basename', 'description'],
  dateFields: ['created', 'last_update'],
  searchTextFields: ['name', 'id', 'description'],
  refFields: { parent: 'project', user: 'user', company: 'company' },
  toJson: (row) => projectToJson(row as unknown as ProjectRow),
};

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
