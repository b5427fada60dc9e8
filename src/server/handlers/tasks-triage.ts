// Triage of tasks with real servers' rules and answers (the SDK's backend_api/services/v2_23
// tasks.py models): archive_many / unarchive_many toggle the `archived` system tag, move puts
// tasks in a project (by id or by name, created on demand), delete refuses a task that is
// neither a draft nor archived unless forced, and stop ends a task at once unless a worker
// still reports for it (then it only says "stopping", for the worker to stop it). The `_many`
// calls answer per id: one id failing leaves the others done.
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import { ARCHIVED_TAG } from '../../wire/reports.js';
import type {
  BulkFailure,
  BulkResponse,
  ProjectsGetTaskTagsRequest,
  ProjectsGetTaskTagsResponse,
  TaskDeleted,
  TasksDeleteManyRequest,
  TasksDeleteRequest,
  TasksMoveRequest,
  TasksMoveResponse,
  TasksStatusManyRequest,
  TasksStopManyRequest,
  TasksStopRequest,
  TasksStopResponse,
} from '../../wire/task-triage.js';
import type { RequestContext } from './handler-types.js';
import { normaliseTags, parseList, type TaskRow } from '../db/entities.js';
import { ServerError } from '../http/errors.js';
import { deleteEventsOf } from '../events/index.js';
import { ensureProjectPath, projectPathParts, requireProject } from '../db/project-store.js';
import { removeFromAllQueues } from '../db/queue-store.js';
import { dequeueTask } from './tasks-queueing.js';
import { stmt } from '../db/statements.js';
import { changeTaskStatus, requireTask } from '../db/task-store.js';
import { requestShape, v } from '../http/validate.js';

/** The system tag the SDK puts on tasks run from a developer's machine (not by an agent). */
const DEVELOPMENT_TAG = 'development';
/** A worker that reported within this long still runs the task: stop asks it to (as real servers do). */
const WORKER_ALIVE_MS = 600_000;
/** What real servers put in status_message while the worker is asked to stop. */
const STOPPING_MESSAGE = 'stopping';
/** Real servers point models of a deleted task at this prefix + the task id. */
const DELETED_TASK_PREFIX = '__DELETED__';

/** Runs `one` per id; a ServerError for an id becomes its `failed` item (checks come before writes). */
function perId<S>(ids: readonly string[], one: (id: string) => S): BulkResponse<S> {
  const out: BulkResponse<S> = { succeeded: [], failed: [] };
  for (const id of new Set(ids)) {
    try {
      out.succeeded.push(one(id));
    } catch (err) {
      if (!(err instanceof ServerError)) throw err;
      const failure: BulkFailure = { id, error: { codes: [err.code.code, err.code.subcode], msg: err.message } };
      out.failed.push(failure);
    }
  }
  return out;
}

/** Real servers refuse report ids here: reports have their own service. */
function requireNonReport(ctx: RequestContext, id: string): TaskRow {
  const task = requireTask(ctx, id);
  if (task.type === 'report') throw new ServerError(ERRORS.invalidTaskId, 'a report; use the reports service', { id });
  return task;
}

/**
 * Real servers' archive and unarchive set the status texts, the archived system tag,
 * last_change and last_changed_by, and leave last_update alone (docs/wire-facts.md §12.1):
 * a list ordered by -last_update looks the same after an undo.
 */
function setArchived(ctx: RequestContext, task: TaskRow, archived: boolean, texts: StatusTexts): boolean {
  const tags = new Set(parseList(task.system_tags));
  if (tags.has(ARCHIVED_TAG) === archived) return false;
  if (archived) tags.add(ARCHIVED_TAG);
  else tags.delete(ARCHIVED_TAG);
  stmt(
    ctx.db,
    `UPDATE tasks SET system_tags = ?, status_message = ?, status_reason = ?, last_change = ?, last_changed_by = ? WHERE id = ?`,
  ).run(
    JSON.stringify(normaliseTags([...tags])),
    texts.status_message,
    texts.status_reason,
    ctx.now(),
    ctx.identity.user,
    task.id,
  );
  return true;
}

interface StatusTexts {
  status_reason: string;
  status_message: string;
}

const STATUS_MANY_SHAPE = requestShape<TasksStatusManyRequest>()({
  ids: v.list(v.str(), { minItems: 1 }),
  status_reason: v.str().default(''),
  status_message: v.str().default(''),
});

/** An archived task leaves every queue, back to the status it had before it was queued (as real servers do). */
const archiveMany = handler(STATUS_MANY_SHAPE, (req, ctx) =>
  perId(req.ids, (id) => {
    const task = requireNonReport(ctx, id);
    if (task.status === 'queued')
      dequeueTask(ctx, task, { allQueues: true, reason: req.status_reason, message: req.status_message });
    return { id, archived: setArchived(ctx, requireTask(ctx, id), true, req) };
  }),
);

const unarchiveMany = handler(STATUS_MANY_SHAPE, (req, ctx) =>
  perId(req.ids, (id) => ({
    id,
    unarchived: setArchived(ctx, requireNonReport(ctx, id), false, req),
  })),
);

const move = handler(
  requestShape<TasksMoveRequest>()({
    ids: v.list(v.str(), { minItems: 1 }),
    project: v.str().opt(),
    project_name: v.str().opt(),
  }),
  (req, ctx, body): TasksMoveResponse => {
    const projectName = req.project_name?.trim();
    if (!projectName && !Object.hasOwn(body, 'project'))
      throw new ServerError(ERRORS.missingRequiredFields, 'project or project_name is required', {
        fields: ['project', 'project_name'],
      });
    const { company, user } = ctx.identity;
    let target: string | null = null;
    if (projectName)
      target = ensureProjectPath(ctx.db, company, user, projectPathParts(projectName, 'project_name'), ctx.now()).id;
    else if (req.project) target = requireProject(ctx.db, company, req.project).id;
    const tasks = req.ids.map((id) => requireNonReport(ctx, id));
    const now = ctx.now();
    const update = stmt(
      ctx.db,
      'UPDATE tasks SET project = ?, last_update = ?, last_change = ?, last_changed_by = ? WHERE id = ?',
    );
    for (const task of tasks) if (task.project !== target) update.run(target, now, now, user, task.id);
    return { project_id: target };
  },
);

/** True when a worker still reports for the task: stopping it is then the worker's job. */
function runByWorker(task: TaskRow, now: number): boolean {
  const report = task.last_worker_report ?? null;
  return !!task.last_worker && report !== null && now - report < WORKER_ALIVE_MS;
}

function stopTask(
  ctx: RequestContext,
  task: TaskRow,
  force: boolean,
  reason: string,
): { updated: number; fields: Record<string, unknown> } {
  if (task.type === 'report') throw new ServerError(ERRORS.invalidTaskId, 'a report; use the reports service');
  const development = parseList(task.system_tags).includes(DEVELOPMENT_TAG);
  const stopNow = task.status !== 'in_progress' || development || !runByWorker(task, ctx.now());
  // A stopped task no longer waits for a worker.
  if (task.status === 'queued') removeFromAllQueues(ctx, task.id);
  return changeTaskStatus(ctx, task, {
    status: stopNow ? 'stopped' : task.status,
    force,
    statusReason: reason,
    statusMessage: stopNow ? `Stopped by ${ctx.identity.userName}` : STOPPING_MESSAGE,
  });
}

const STOP_SHAPE = requestShape<TasksStopRequest>()({
  task: v.str(),
  force: v.bool().default(false),
  status_reason: v.str().default(''),
  status_message: v.str().default(''),
});

const stop = handler(STOP_SHAPE, (req, ctx): TasksStopResponse =>
  stopTask(ctx, requireTask(ctx, req.task), req.force, req.status_reason),
);

const stopMany = handler(
  requestShape<TasksStopManyRequest>()({
    ids: v.list(v.str(), { minItems: 1 }),
    force: v.bool().default(false),
    status_reason: v.str().default(''),
    status_message: v.str().default(''),
  }),
  (req, ctx) => perId(req.ids, (id) => ({ id, ...stopTask(ctx, requireTask(ctx, id), req.force, req.status_reason) })),
);

function deleteTask(ctx: RequestContext, task: TaskRow, force: boolean): TaskDeleted {
  if (task.type === 'report') throw new ServerError(ERRORS.invalidTaskId, 'a report; use the reports service');
  const archived = parseList(task.system_tags).includes(ARCHIVED_TAG);
  if (!force && task.status !== 'created' && !archived)
    throw new ServerError(ERRORS.taskCannotBeDeleted, 'due to status, use force=True', {
      task: task.id,
      expected: 'created',
      current: task.status,
    });
  removeFromAllQueues(ctx, task.id);
  const deletedEvents = deleteEventsOf(ctx.db, task.id);
  const children = stmt(ctx.db, 'UPDATE tasks SET parent = NULL WHERE parent = ? AND company = ?').run(
    task.id,
    ctx.identity.company,
  ).changes;
  const models = stmt(ctx.db, 'UPDATE models SET task = ? WHERE task = ? AND company = ?').run(
    `${DELETED_TASK_PREFIX}${task.id}`,
    task.id,
    ctx.identity.company,
  ).changes;
  stmt(ctx.db, 'DELETE FROM tasks WHERE id = ?').run(task.id);
  return { deleted: true, updated_children: children, updated_models: models, events: { deleted: deletedEvents } };
}

const DELETE_OPTIONS = {
  force: v.bool().default(false),
  move_to_trash: v.bool().default(false),
  return_file_urls: v.bool().default(false),
  delete_output_models: v.bool().default(true),
  delete_external_artifacts: v.bool().default(true),
};

const remove = handler(
  requestShape<TasksDeleteRequest>()({
    task: v.str(),
    ...DELETE_OPTIONS,
    status_reason: v.str().default(''),
    status_message: v.str().default(''),
  }),
  (req, ctx): TaskDeleted => deleteTask(ctx, requireTask(ctx, req.task), req.force),
);

const removeMany = handler(
  requestShape<TasksDeleteManyRequest>()({ ids: v.list(v.str(), { minItems: 1 }), ...DELETE_OPTIONS }),
  (req, ctx) => perId(req.ids, (id) => ({ id, ...deleteTask(ctx, requireTask(ctx, id), req.force) })),
);

/** The tags of tasks (reports have reports.get_tags), optionally of some projects only. */
const getTaskTags = handler(
  requestShape<ProjectsGetTaskTagsRequest>()({
    projects: v.list(v.str()).opt(),
    include_system: v.bool().default(false),
    filter: v.anyObj<NonNullable<ProjectsGetTaskTagsRequest['filter']>>().opt(),
  }),
  (req, ctx): ProjectsGetTaskTagsResponse => {
    const params = { company: ctx.identity.company, projects: JSON.stringify(req.projects ?? []) };
    const where = `t.company = @company AND t.type != 'report'${
      req.projects && req.projects.length > 0 ? ' AND t.project IN (SELECT value FROM json_each(@projects))' : ''
    }`;
    const distinct = (column: 'tags' | 'system_tags'): string[] =>
      (
        stmt(
          ctx.db,
          `SELECT DISTINCT j.value AS tag FROM tasks t, json_each(t.${column}) j WHERE ${where} ORDER BY 1`,
        ).all(params) as { tag: string }[]
      ).map((r) => r.tag);
    const out: ProjectsGetTaskTagsResponse = { tags: distinct('tags') };
    if (req.include_system) out.system_tags = distinct('system_tags');
    return out;
  },
);

export const tasksTriageHandlers: ServedHandlersOf<
  | 'tasks.archive_many'
  | 'tasks.unarchive_many'
  | 'tasks.move'
  | 'tasks.stop'
  | 'tasks.stop_many'
  | 'tasks.delete'
  | 'tasks.delete_many'
  | 'projects.get_task_tags'
> = {
  'tasks.archive_many': archiveMany,
  'tasks.unarchive_many': unarchiveMany,
  'tasks.move': move,
  'tasks.stop': stop,
  'tasks.stop_many': stopMany,
  'tasks.delete': remove,
  'tasks.delete_many': removeMany,
  'projects.get_task_tags': getTaskTags,
};
