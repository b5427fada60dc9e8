// tasks.get_all_ex answer → the run-info record. Nothing in the answer is trusted: a missing
// task list throws a DataShapeError (shown in the pane), malformed fields become empty values.
import { isObject } from '../../wire/json.js';
import { DataShapeError, parseHyperparams, scalarText as text, sortedEntries, toEpochMs } from '../core/index.js';
import type { RunInfo, RunInfoArtifact, RunInfoConfig, RunInfoModel } from '../../text/run-info.js';

type Json = Record<string, unknown>;

/** The fields the run-info pane asks for (`only_fields`). */
export const RUN_INFO_FIELDS = [
  'id',
  'name',
  'status',
  'status_reason',
  'status_message',
  'type',
  'project.name',
  'user.name',
  'tags',
  'created',
  'started',
  'completed',
  'last_update',
  'last_iteration',
  'hyperparams',
  'configuration',
  'runtime',
  'script',
  'execution.artifacts',
  'models',
];

/** The fields of the run's models asked for with models.get_all_ex. */
export const RUN_INFO_MODEL_FIELDS = ['id', 'name', 'uri', 'ready'];

function refName(value: unknown): string {
  return isObject(value) ? text(value.name) : '';
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function parseConfiguration(value: unknown): RunInfoConfig[] {
  const items: RunInfoConfig[] = [];
  for (const [name, item] of sortedEntries(value)) {
    if (isObject(item)) items.push({ name, value: text(item.value), type: text(item.type) });
  }
  return items;
}

/** Flat `key: value` pairs of a free-form object (runtime, script), nested keys dotted. */
function flatten(value: unknown, prefix = '', into: [string, string][] = []): [string, string][] {
  for (const [key, item] of sortedEntries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isObject(item)) flatten(item, path, into);
    else if (Array.isArray(item)) into.push([path, item.map(text).join(', ')]);
    else if (text(item) !== '') into.push([path, text(item)]);
  }
  return into;
}

function parseArtifacts(execution: unknown): RunInfoArtifact[] {
  const list = isObject(execution) && Array.isArray(execution.artifacts) ? execution.artifacts : [];
  return list.filter(isObject).map((a) => ({
    key: text(a.key),
    mode: text(a.mode) || 'output',
    type: text(a.type),
    size: num(a.content_size),
    uri: text(a.uri),
  }));
}

/** The task's model items (input first); the models' own records are joined by joinModels. */
function parseModels(models: unknown): RunInfoModel[] {
  const out: RunInfoModel[] = [];
  for (const stage of ['input', 'output'] as const) {
    const list = isObject(models) && Array.isArray(models[stage]) ? models[stage] : [];
    for (const item of list.filter(isObject))
      out.push({ name: text(item.name), id: text(item.model), stage, modelName: '', uri: '', ready: null });
  }
  return out;
}

/** The run's models with their records from a models.get_all_ex answer (missing ones stay unknown). */
export function joinModels(models: readonly RunInfoModel[], data: unknown): RunInfoModel[] {
  const records = isObject(data) && Array.isArray(data.models) ? data.models.filter(isObject) : [];
  const byId = new Map(records.map((m) => [text(m.id), m]));
  return models.map((m) => {
    const record = byId.get(m.id);
    if (record === undefined) return m;
    const ready = typeof record.ready === 'boolean' ? record.ready : null;
    return { ...m, modelName: text(record.name), uri: text(record.uri), ready };
  });
}

export function parseRunInfo(data: unknown, endpoint: string, taskId: string): RunInfo {
  if (!isObject(data) || !Array.isArray(data.tasks))
    throw new DataShapeError(endpoint, 'the answer has no "tasks" list');
  const task = data.tasks.find((t): t is Json => isObject(t) && t.id === taskId);
  if (task === undefined) throw new DataShapeError(endpoint, `task ${taskId} is not in the answer`);
  return {
    id: taskId,
    name: text(task.name),
    status: text(task.status),
    statusReason: text(task.status_reason),
    statusMessage: text(task.status_message),
    type: text(task.type),
    project: refName(task.project),
    user: refName(task.user),
    tags: Array.isArray(task.tags) ? task.tags.map(text).filter((t) => t !== '') : [],
    created: toEpochMs(task.created),
    started: toEpochMs(task.started),
    completed: toEpochMs(task.completed),
    lastUpdate: toEpochMs(task.last_update),
    lastIteration: num(task.last_iteration),
    hyperparams: parseHyperparams(task.hyperparams),
    configuration: parseConfiguration(task.configuration),
    runtime: flatten(task.runtime),
    script: flatten(task.script),
    artifacts: parseArtifacts(task.execution),
    models: parseModels(task.models),
  };
}
