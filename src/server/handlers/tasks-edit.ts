// tasks.edit / update / ping / add_or_update_artifacts: what the ClearML SDK sends while a
// task runs (script, requirements, runtime, artifacts), with real servers' answers.
import { handler, type ServedHandlersOf } from './handler.js';
import { TASK_TYPES } from '../../wire/common.js';
import type {
  Artifact,
  TaskUpdatedResponse,
  TasksAddOrUpdateArtifactsRequest,
  TasksEditRequest,
  TasksPingRequest,
  TasksSetRequirementsRequest,
  TasksUpdateRequest,
  UpdatedCountResponse,
} from '../../wire/tasks.js';
import { normaliseTags } from '../db/entities.js';
import { requireProject } from '../db/project-store.js';
import { stmt } from '../db/statements.js';
import type { ColumnValues } from '../db/column-values.js';
import { editableTask, taskObject, updateTaskFields } from '../db/task-fields.js';
import { requireTask } from '../db/task-store.js';
import { requestShape, TAG_RULES, v } from '../http/validate.js';
import { artifactRule, configurationMapRule, hyperparamSectionsRule, jsonObjectRule } from './sdk-rules.js';

const EDIT_SHAPE = requestShape<TasksEditRequest>()({
  task: v.str(),
  force: v.bool().default(false),
  name: v.str({ minLength: 1 }).opt(),
  ...TAG_RULES,
  type: v.oneOf(TASK_TYPES).opt(),
  comment: v.str().opt(),
  parent: v.str().opt(),
  project: v.str().opt(),
  output_dest: v.str().opt(),
  execution: jsonObjectRule(),
  script: jsonObjectRule(),
  hyperparams: hyperparamSectionsRule,
  configuration: configurationMapRule,
  models: jsonObjectRule(),
  container: jsonObjectRule(),
  runtime: jsonObjectRule(),
});

const edit = handler(EDIT_SHAPE, (req, ctx): TaskUpdatedResponse => {
  const task = editableTask(ctx, req.task, req.force);
  if (req.project) requireProject(ctx.db, ctx.identity.company, req.project);
  if (req.parent) requireTask(ctx, req.parent);
  const values: ColumnValues = {};
  if (req.name !== undefined) values.name = req.name;
  if (req.tags !== undefined) values.tags = normaliseTags(req.tags);
  if (req.system_tags !== undefined) values.system_tags = normaliseTags(req.system_tags);
  if (req.type !== undefined) values.type = req.type;
  if (req.comment !== undefined) values.comment = req.comment;
  if (req.parent !== undefined) values.parent = req.parent || null;
  if (req.project !== undefined) values.project = req.project || null;
  if (req.output_dest !== undefined) values.output = { ...taskObject(task, 'output'), destination: req.output_dest };
  if (req.execution !== undefined) {
    // Artifacts are kept by add_or_update_artifacts: an execution sent without them keeps them.
    const artifacts = taskObject(task, 'execution').artifacts;
    values.execution =
      req.execution.artifacts === undefined && artifacts !== undefined
        ? { ...req.execution, artifacts }
        : req.execution;
  }
  for (const field of ['script', 'hyperparams', 'configuration', 'models', 'container', 'runtime'] as const) {
    const value = req[field];
    if (value !== undefined) values[field] = value;
  }
  return updateTaskFields(ctx, task, values);
});

const UPDATE_SHAPE = requestShape<TasksUpdateRequest>()({
  task: v.str(),
  name: v.str({ minLength: 1 }).opt(),
  ...TAG_RULES,
  comment: v.str().opt(),
  project: v.str().opt(),
  output__error: v.str().opt(),
});

/** Fields real servers let change in any status. */
const update = handler(UPDATE_SHAPE, (req, ctx): TaskUpdatedResponse => {
  const task = requireTask(ctx, req.task);
  if (req.project) requireProject(ctx.db, ctx.identity.company, req.project);
  const values: ColumnValues = {};
  if (req.name !== undefined) values.name = req.name;
  if (req.tags !== undefined) values.tags = normaliseTags(req.tags);
  if (req.system_tags !== undefined) values.system_tags = normaliseTags(req.system_tags);
  if (req.comment !== undefined) values.comment = req.comment;
  if (req.project !== undefined) values.project = req.project || null;
  if (req.output__error !== undefined) values.output = { ...taskObject(task, 'output'), error: req.output__error };
  return updateTaskFields(ctx, task, values);
});

const PING_SHAPE = requestShape<TasksPingRequest>()({ task: v.str() });

/** The SDK's keep-alive while a task runs: stamps the worker's last report, not last_update. */
const ping = handler(PING_SHAPE, (req, ctx): Record<string, never> => {
  const task = requireTask(ctx, req.task);
  stmt(ctx.db, 'UPDATE tasks SET last_worker = ?, last_worker_report = ? WHERE id = ?').run(
    ctx.worker,
    ctx.now(),
    task.id,
  );
  return {};
});

const SET_REQUIREMENTS_SHAPE = requestShape<TasksSetRequirementsRequest>()({
  task: v.str(),
  requirements: v.anyObj(),
});

/** The detected package requirements, kept in `script.requirements` as real servers do. */
const setRequirements = handler(SET_REQUIREMENTS_SHAPE, (req, ctx): TaskUpdatedResponse => {
  const task = requireTask(ctx, req.task);
  return updateTaskFields(ctx, task, { script: { ...taskObject(task, 'script'), requirements: req.requirements } });
});

const ADD_ARTIFACTS_SHAPE = requestShape<TasksAddOrUpdateArtifactsRequest>()({
  task: v.str(),
  artifacts: v.list(artifactRule),
  force: v.bool().default(false),
});

/** Artifacts are keyed by (key, mode): a new one with the same key and mode replaces the old. */
const addOrUpdateArtifacts = handler(ADD_ARTIFACTS_SHAPE, (req, ctx): UpdatedCountResponse => {
  const task = requireTask(ctx, req.task);
  const execution = taskObject(task, 'execution');
  const stored = Array.isArray(execution.artifacts) ? (execution.artifacts as Artifact[]) : [];
  const slot = (a: Artifact) => `${a.mode ?? 'output'}\u0000${a.key}`;
  const byKey = new Map(stored.map((a) => [slot(a), a]));
  for (const raw of req.artifacts) {
    const artifact: Artifact = { ...raw, mode: raw.mode ?? 'output' };
    byKey.set(slot(artifact), artifact);
  }
  const { updated } = updateTaskFields(ctx, task, { execution: { ...execution, artifacts: [...byKey.values()] } });
  return { updated };
});

export const tasksEditHandlers: ServedHandlersOf<
  'tasks.edit' | 'tasks.update' | 'tasks.ping' | 'tasks.set_requirements' | 'tasks.add_or_update_artifacts'
> = {
  'tasks.edit': edit,
  'tasks.update': update,
  'tasks.ping': ping,
  'tasks.set_requirements': setRequirements,
  'tasks.add_or_update_artifacts': addOrUpdateArtifacts,
};
