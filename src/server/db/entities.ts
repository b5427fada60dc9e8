// Rows of the core tables and their JSON form as list calls return them: dates as ISO
// strings (docs/wire-facts.md §1.3), references as `{id}` objects, lists decoded, unset fields left out.
import { isoTime } from './time.js';

/** The columns every entity table has (queues have exactly these). */
export interface EntityRow {
  id: string;
  company: string;
  user: string | null;
  name: string;
  tags: string;
  system_tags: string;
  created: number;
  last_update: number;
}

export interface TaskRow extends EntityRow {
  user: string;
  type: string;
  status: string;
  comment: string;
  project: string | null;
  parent: string | null;
  report?: string | null;
  report_assets?: string | null;
  started: number | null;
  completed: number | null;
  last_change: number;
  last_changed_by: string | null;
  status_changed: number | null;
  status_reason: string | null;
  status_message: string | null;
  published: number | null;
  last_iteration: number;
  last_metrics?: string;
  metric_stats?: string;
  hyperparams?: string | null;
  configuration?: string | null;
  script?: string | null;
  execution?: string | null;
  runtime?: string | null;
  models?: string | null;
  container?: string | null;
  output?: string | null;
  last_worker?: string | null;
  last_worker_report?: number | null;
  /** The status before the task was queued (migration 8): what dequeueing it restores. */
  enqueue_status?: string | null;
}

/** Task columns holding a JSON object that tasks.edit/update set whole (migration 3). */
const TASK_OBJECT_FIELDS = [
  'hyperparams',
  'configuration',
  'script',
  'execution',
  'runtime',
  'models',
  'container',
  'output',
] as const;
export type TaskObjectField = (typeof TASK_OBJECT_FIELDS)[number];

export interface ProjectRow extends EntityRow {
  basename: string;
  parent: string | null;
  description: string;
  default_output_destination?: string | null;
}

export interface ModelRow extends EntityRow {
  user: string;
  uri: string | null;
  ready: number;
  project: string | null;
  task: string | null;
  comment: string;
  last_iteration: number;
  last_metrics?: string;
  framework?: string | null;
  design?: string | null;
  labels?: string | null;
  metadata?: string | null;
  parent?: string | null;
  ui_cache?: string | null;
}

/** Model columns holding a JSON object (migration 6). */
const MODEL_OBJECT_FIELDS = ['design', 'labels', 'metadata', 'ui_cache'] as const;

export function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored JSON-object column ({} when unset or not an object). */
export function parseObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Tags are kept sorted and without duplicates, as real servers return them. */
export function normaliseTags(tags: readonly string[] | undefined): string[] {
  return [...new Set(tags ?? [])].sort();
}

type Doc = Record<string, unknown>;

function setIf(doc: Doc, key: string, value: unknown): void {
  if (value !== null && value !== undefined) doc[key] = value;
}

function setDate(doc: Doc, key: string, ms: number | null | undefined): void {
  if (typeof ms === 'number') doc[key] = isoTime(ms);
}

/** The fields of every entity's document; the entity adds its own. */
function entityDoc(row: EntityRow, own: Doc): Doc {
  const doc: Doc = {
    id: row.id,
    name: row.name,
    ...own,
    tags: parseList(row.tags),
    system_tags: parseList(row.system_tags),
    company: { id: row.company },
  };
  if (row.user) doc.user = { id: row.user };
  setDate(doc, 'created', row.created);
  setDate(doc, 'last_update', row.last_update);
  return doc;
}

function setReference(doc: Doc, key: string, id: string | null): void {
  if (id) doc[key] = { id };
}

export function taskToJson(row: TaskRow): Doc {
  const doc = entityDoc(row, { type: row.type, status: row.status, comment: row.comment });
  setReference(doc, 'project', row.project);
  setIf(doc, 'parent', row.parent);
  if (row.report !== undefined && row.report !== null) doc.report = row.report;
  if (row.report_assets !== undefined && row.report_assets !== null) doc.report_assets = parseList(row.report_assets);
  setDate(doc, 'started', row.started);
  setDate(doc, 'completed', row.completed);
  setDate(doc, 'last_change', row.last_change);
  setIf(doc, 'last_changed_by', row.last_changed_by);
  setDate(doc, 'status_changed', row.status_changed);
  setIf(doc, 'status_reason', row.status_reason);
  setIf(doc, 'status_message', row.status_message);
  setDate(doc, 'published', row.published);
  doc.last_iteration = row.last_iteration;
  if (row.last_metrics !== undefined) doc.last_metrics = parseObject(row.last_metrics);
  if (row.metric_stats !== undefined) doc.metric_stats = parseObject(row.metric_stats);
  // Real servers answer every task with these sections, empty when unset; the SDK raises
  // without them (a dataset reads `runtime`, a checkpoint `output.destination`).
  for (const field of TASK_OBJECT_FIELDS) {
    const text = row[field];
    if (text !== undefined) doc[field] = parseObject(text);
  }
  if (doc.execution !== undefined) doc.execution = withArtifacts(doc.execution as Doc);
  if (row.models !== undefined) doc.models = taskModels(row.models);
  setIf(doc, 'last_worker', row.last_worker);
  setDate(doc, 'last_worker_report', row.last_worker_report);
  return doc;
}

/**
 * `execution` with its `artifacts` list present: real servers' task model always has one
 * (empty when none), and the SDK's Task.delete() reads it without a default.
 */
function withArtifacts(execution: Doc): Doc {
  return Array.isArray(execution.artifacts) ? execution : { ...execution, artifacts: [] };
}

/** `models` with both lists present, as real servers return it. */
function taskModels(text: string | null): Doc {
  const models = parseObject(text);
  return {
    ...models,
    input: Array.isArray(models.input) ? models.input : [],
    output: Array.isArray(models.output) ? models.output : [],
  };
}

export function projectToJson(row: ProjectRow): Doc {
  const doc = entityDoc(row, { basename: row.basename, description: row.description });
  setReference(doc, 'parent', row.parent);
  setIf(doc, 'default_output_destination', row.default_output_destination);
  return doc;
}

const REFERENCE_FIELDS = ['user', 'company', 'project', 'parent', 'task'] as const;

/**
 * The document as plain (non-`_ex`) calls return it: references as string ids, as the SDK's
 * models for tasks/projects/models.get_all and get_by_id declare them.
 */
export function withPlainReferences(doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const key of REFERENCE_FIELDS) {
    const value = out[key];
    if (typeof value === 'object' && value !== null && typeof (value as Doc).id === 'string')
      out[key] = (value as Doc).id;
  }
  return out;
}

export function modelToJson(row: ModelRow): Doc {
  const doc = entityDoc(row, { comment: row.comment, ready: row.ready === 1 });
  setIf(doc, 'uri', row.uri);
  setReference(doc, 'project', row.project);
  setReference(doc, 'task', row.task);
  setIf(doc, 'framework', row.framework);
  setIf(doc, 'parent', row.parent);
  for (const field of MODEL_OBJECT_FIELDS) {
    const text = row[field];
    if (text !== undefined && text !== null) doc[field] = parseObject(text);
  }
  // Real servers answer every model with its labels and metadata maps (empty when unset).
  if (row.labels !== undefined) doc.labels ??= {};
  if (row.metadata !== undefined) doc.metadata ??= {};
  doc.last_iteration = row.last_iteration;
  if (row.last_metrics !== undefined) doc.last_metrics = parseObject(row.last_metrics);
  return doc;
}
