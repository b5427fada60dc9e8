// tasks.clone / enqueue / dequeue: running a task again on a worker, with real servers' rules.
// A clone is a new draft with the source's code, parameters and input (not its results); enqueue
// queues a task in one queue (by id, by name created on demand, or the default one), sets its
// `execution.queue` and takes it out of any other queue; dequeue takes it out of line and gives
// it back the status it had before (or the one asked for: clearml-agent asks `in_progress` for
// the task it popped). tasks.stop, reset, delete and archive take a task out of every line too
// (tasks-triage.ts, tasks-reset.ts).
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import { TASK_STATUSES } from '../../wire/common.js';
import type {
  TasksCloneRequest,
  TasksCloneResponse,
  TasksDequeueRequest,
  TasksDequeueResponse,
  TasksEnqueueRequest,
  TasksEnqueueResponse,
} from '../../wire/cluster.js';
import type { Artifact } from '../../wire/tasks.js';
import type { RequestContext } from './handler-types.js';
import { parseList, type TaskRow } from '../db/entities.js';
import { ServerError } from '../http/errors.js';
import { ensureProjectPath, projectPathParts, requireProject } from '../db/project-store.js';
import {
  addEntry,
  defaultQueue,
  findQueueByName,
  insertQueue,
  removeEntry,
  removeFromAllQueues,
  requireQueue,
} from '../db/queue-store.js';
import { stmt } from '../db/statements.js';
import type { ColumnValues } from '../db/column-values.js';
import { taskObject, updateTaskFields } from '../db/task-fields.js';
import { taskModelItems } from '../db/task-models.js';
import { changeTaskStatus, insertTask, requireTask } from '../db/task-store.js';
import { liveWorkers } from '../db/worker-store.js';
import { requestShape, v } from '../http/validate.js';
import { configurationMapRule, hyperparamSectionsRule, jsonObjectRule } from './sdk-rules.js';

const clone = handler(
  requestShape<TasksCloneRequest>()({
    task: v.str(),
    new_task_name: v.str().opt(),
    new_task_comment: v.str().opt(),
    new_task_tags: v.list(v.str()).opt(),
    new_task_system_tags: v.list(v.str()).opt(),
    new_task_parent: v.str().opt(),
    new_task_project: v.str().opt(),
    new_project_name: v.str().opt(),
    new_task_hyperparams: hyperparamSectionsRule,
    new_task_configuration: configurationMapRule,
    new_task_container: jsonObjectRule(),
    new_task_input_models: v.list(v.anyObj()).opt(),
    execution_overrides: jsonObjectRule(),
    validate_references: v.bool().default(false),
  }),
  (req, ctx): TasksCloneResponse => {
    const source = requireTask(ctx, req.task);
    const { company, user } = ctx.identity;
    let project = source.project;
    let newProject: TasksCloneResponse['new_project'];
    const projectName = req.new_project_name?.trim();
    if (projectName) {
      project = ensureProjectPath(
        ctx.db,
        company,
        user,
        projectPathParts(projectName, 'new_project_name'),
        ctx.now(),
      ).id;
      newProject = { id: project, name: projectName };
    } else if (req.new_task_project) project = requireProject(ctx.db, company, req.new_task_project).id;
    const parent = req.new_task_parent || source.parent;
    if (req.new_task_parent || (req.validate_references && parent)) requireTask(ctx, parent as string);
    const id = insertTask(ctx, {
      name: req.new_task_name || source.name,
      type: source.type,
      project,
      comment: req.new_task_comment || source.comment,
      tags: req.new_task_tags && req.new_task_tags.length > 0 ? req.new_task_tags : parseList(source.tags),
      systemTags: req.new_task_system_tags ?? [],
      parent,
    });
    // Results stay with the source: output artifacts and models are not copied.
    const execution = { ...taskObject(source, 'execution'), ...(req.execution_overrides ?? {}) };
    if (Array.isArray(execution.artifacts))
      execution.artifacts = (execution.artifacts as Artifact[]).filter((a) => a.mode === 'input');
    const destination = taskObject(source, 'output').destination;
    const values: ColumnValues = {
      execution,
      script: taskObject(source, 'script'),
      hyperparams: req.new_task_hyperparams ?? taskObject(source, 'hyperparams'),
      configuration: req.new_task_configuration ?? taskObject(source, 'configuration'),
      container: req.new_task_container ?? taskObject(source, 'container'),
      models: { input: req.new_task_input_models ?? taskModelItems(source, 'input'), output: [] },
      output: destination === undefined ? {} : { destination },
      runtime: {},
    };
    updateTaskFields(ctx, requireTask(ctx, id), values);
    return newProject ? { id, new_project: newProject } : { id };
  },
);

function queueFor(ctx: RequestContext, req: { queue?: string; queue_name?: string }): string {
  if (req.queue && req.queue_name)
    throw new ServerError(ERRORS.validationError, 'Either queue id or queue name should be provided');
  const name = req.queue_name?.trim();
  if (name) return findQueueByName(ctx, name)?.id ?? insertQueue(ctx, name);
  if (req.queue) return requireQueue(ctx, req.queue).id;
  return defaultQueue(ctx).id;
}

/** Sets `execution.queue`, keeping the rest of execution. */
function setExecutionQueue(ctx: RequestContext, task: TaskRow, queue: string): void {
  const execution = { ...taskObject(task, 'execution'), queue };
  stmt(ctx.db, 'UPDATE tasks SET execution = ? WHERE id = ?').run(JSON.stringify(execution), task.id);
}

const enqueue = handler(
  requestShape<TasksEnqueueRequest>()({
    task: v.str(),
    queue: v.str().opt(),
    queue_name: v.str().opt(),
    status_reason: v.str().default(''),
    status_message: v.str().default(''),
    verify_watched_queue: v.bool().default(false),
    force: v.bool().default(false),
  }),
  (req, ctx): TasksEnqueueResponse => {
    const queue = queueFor(ctx, req);
    const task = requireTask(ctx, req.task);
    // Queued again (in another queue), it keeps the status it had before it was first queued.
    const before = task.status === 'queued' && task.enqueue_status ? task.enqueue_status : task.status;
    const res = changeTaskStatus(ctx, task, {
      status: 'queued',
      force: req.force,
      statusReason: req.status_reason,
      statusMessage: req.status_message,
    });
    addEntry(ctx, queue, task.id);
    stmt(ctx.db, 'UPDATE tasks SET enqueue_status = ? WHERE id = ?').run(before, task.id);
    setExecutionQueue(ctx, task, queue);
    removeFromAllQueues(ctx, task.id, queue);
    const answer: TasksEnqueueResponse = {
      queued: 1,
      updated: res.updated,
      fields: { ...res.fields, 'execution.queue': queue },
    };
    if (req.verify_watched_queue)
      answer.queue_watched = liveWorkers(ctx).some((w) => parseList(w.queues).includes(queue));
    return answer;
  },
);

/**
 * Takes the task out of its queue's line (of every line with `allQueues`) and, when it is queued
 * or running, gives it `newStatus` or the status it had before it was queued.
 */
export function dequeueTask(
  ctx: RequestContext,
  task: TaskRow,
  opts: { newStatus?: string | undefined; allQueues: boolean; reason: string; message: string },
): { updated: number; fields?: Record<string, unknown> } {
  const queue = taskObject(task, 'execution').queue;
  // The task may be out of line already (a worker popped it): then there is nothing to remove.
  if (task.status === 'queued' && typeof queue === 'string') {
    const waits = stmt(ctx.db, 'SELECT 1 FROM queue_entries WHERE queue = ? AND task = ?').get(queue, task.id);
    if (waits) removeEntry(ctx, queue, task.id);
  }
  if (opts.allQueues) removeFromAllQueues(ctx, task.id);
  if (task.status !== 'queued' && task.status !== 'in_progress') return { updated: 0 };
  const res = changeTaskStatus(ctx, task, {
    status: opts.newStatus ?? task.enqueue_status ?? 'created',
    force: true,
    statusReason: opts.reason,
    statusMessage: opts.message,
  });
  // `execution.queue` stays: it names the queue the task was taken from.
  stmt(ctx.db, 'UPDATE tasks SET enqueue_status = NULL WHERE id = ?').run(task.id);
  return res;
}

const dequeue = handler(
  requestShape<TasksDequeueRequest>()({
    task: v.str(),
    new_status: v.oneOf(TASK_STATUSES).opt(),
    remove_from_all_queues: v.bool().default(false),
    status_reason: v.str().default(''),
    status_message: v.str().default(''),
  }),
  (req, ctx): TasksDequeueResponse => ({
    dequeued: 1,
    ...dequeueTask(ctx, requireTask(ctx, req.task), {
      newStatus: req.new_status,
      allQueues: req.remove_from_all_queues,
      reason: req.status_reason,
      message: req.status_message,
    }),
  }),
);

export const tasksQueueingHandlers: ServedHandlersOf<'tasks.clone' | 'tasks.enqueue' | 'tasks.dequeue'> = {
  'tasks.clone': clone,
  'tasks.enqueue': enqueue,
  'tasks.dequeue': dequeue,
};
