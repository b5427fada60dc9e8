// tasks.reset: what Task.init does when it reuses the last run of the same name (the SDK's
// default for a run that stored no artifacts or models): back to `created`, without its events,
// metrics, output models and output artifacts, with the answer of the SDK's v2_23 models.
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import type { Artifact, TasksResetRequest, TasksResetResponse } from '../../wire/tasks.js';
import { deleteEventsOf } from '../events/handlers/deletes.js';
import { removeFromAllQueues } from '../db/queue-store.js';
import { stmt } from '../db/statements.js';
import { taskObject, updateTaskFields } from '../db/task-fields.js';
import { taskModelItems } from '../db/task-models.js';
import { requireTask } from '../db/task-store.js';
import { ServerError } from '../http/errors.js';
import { requestShape, v } from '../http/validate.js';

const RESET_SHAPE = requestShape<TasksResetRequest>()({
  task: v.str(),
  force: v.bool().default(false),
  clear_all: v.bool().default(false),
  delete_output_models: v.bool().default(true),
  delete_external_artifacts: v.bool().default(true),
  return_file_urls: v.bool().default(false),
  status_reason: v.str().default(''),
  status_message: v.str().default(''),
});

const reset = handler(RESET_SHAPE, (req, ctx): TasksResetResponse => {
  const task = requireTask(ctx, req.task);
  if (task.status === 'published' || (task.status === 'completed' && !req.force))
    throw new ServerError(
      ERRORS.invalidTaskStatus,
      task.status === 'published'
        ? 'a published task cannot be reset'
        : 'the task is completed; pass force: true to reset it',
      { id: task.id, status: task.status },
    );
  const execution = taskObject(task, 'execution');
  const artifacts = Array.isArray(execution.artifacts) ? (execution.artifacts as Artifact[]) : [];
  const outputArtifacts = artifacts.filter((a) => (a.mode ?? 'output') === 'output');
  const outputModels = taskModelItems(task, 'output').map((m) => m.model);
  const modelUrls: string[] = [];
  let deletedModels = 0;
  if (req.delete_output_models)
    for (const id of new Set(outputModels)) {
      // Models another task uses as its input stay.
      const used = stmt(
        ctx.db,
        `SELECT 1 FROM tasks t, json_each(t.models, '$.input') i
         WHERE t.company = ? AND t.id != ? AND json_extract(i.value, '$.model') = ? LIMIT 1`,
      ).get(ctx.identity.company, task.id, id);
      if (used) continue;
      const row = stmt(ctx.db, 'SELECT uri FROM models WHERE id = ? AND company = ?').get(id, ctx.identity.company) as
        { uri: string | null } | undefined;
      if (!row) continue;
      stmt(ctx.db, 'DELETE FROM models WHERE id = ?').run(id);
      deletedModels += 1;
      if (row.uri) modelUrls.push(row.uri);
    }
  // Back to a draft: out of every queue, and no longer naming one.
  removeFromAllQueues(ctx, task.id);
  delete execution.queue;
  const deletedEvents = deleteEventsOf(ctx.db, task.id);
  stmt(
    ctx.db,
    `UPDATE tasks SET status = 'created', status_changed = ?, status_reason = ?, status_message = ?, started = NULL,
       completed = NULL, published = NULL, enqueue_status = NULL, last_iteration = 0, last_metrics = '{}', metric_stats = '{}' WHERE id = ?`,
  ).run(ctx.now(), req.status_reason, req.status_message, task.id);
  const output = taskObject(task, 'output');
  const { updated, fields } = updateTaskFields(ctx, requireTask(ctx, task.id), {
    execution: req.clear_all ? {} : { ...execution, artifacts: artifacts.filter((a) => a.mode === 'input') },
    ...(req.clear_all ? { script: {} } : {}),
    models: { input: taskModelItems(task, 'input'), output: [] },
    output: output.destination === undefined ? {} : { destination: output.destination },
  });
  const answer: TasksResetResponse = {
    updated,
    fields: { ...fields, status: 'created' },
    deleted_models: deletedModels,
    events: { deleted: deletedEvents },
  };
  if (req.return_file_urls)
    answer.urls = {
      model_urls: modelUrls,
      event_urls: [],
      artifact_urls: outputArtifacts.flatMap((a) => (a.uri ? [a.uri] : [])),
    };
  return answer;
});

export const tasksResetHandlers: ServedHandlersOf<'tasks.reset'> = { 'tasks.reset': reset };
