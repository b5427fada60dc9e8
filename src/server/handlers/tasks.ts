// tasks.* calls a reporting script needs (docs/architecture.md "The embedded server"), with the request and
// response shapes of real servers.
import { handler, type ServedHandlersOf } from './handler.js';
import { TASK_TYPES } from '../../wire/common.js';
import type * as W from '../../wire/tasks.js';
import { requireProject } from '../db/project-store.js';
import { TASKS } from '../query/list-query.js';
import { changeTaskStatus, insertTask, requireTask, type StatusChange } from '../db/task-store.js';
import { requestShape, TAG_RULES, v } from '../http/validate.js';
import { listQueryHandler } from './list-calls.js';

const create = handler(
  requestShape<W.TasksCreateRequest>()({
    name: v.str({ minLength: 1 }),
    type: v.oneOf(TASK_TYPES),
    project: v.str().opt(),
    comment: v.str().opt(),
    ...TAG_RULES,
    parent: v.str().opt(),
  }),
  (req, ctx): W.TasksCreateResponse => {
    // An empty id means "none", as an absent one.
    if (req.project) requireProject(ctx.db, ctx.identity.company, req.project);
    if (req.parent) requireTask(ctx, req.parent);
    const id = insertTask(ctx, {
      name: req.name,
      type: req.type,
      project: req.project || null,
      comment: req.comment ?? '',
      tags: req.tags ?? [],
      systemTags: req.system_tags ?? [],
      parent: req.parent || null,
    });
    return { id };
  },
);

type Transition = Pick<StatusChange, 'status' | 'stampDates'>;

const STATUS_CHANGE_SHAPE = requestShape<W.TaskStatusChangeRequest>()({
  task: v.str(),
  force: v.bool().default(false),
  status_reason: v.str().default(''),
  status_message: v.str().default(''),
});

function statusHandler(transition: Transition) {
  return handler(STATUS_CHANGE_SHAPE, (req, ctx): W.TaskStatusChangeResponse => {
    const task = requireTask(ctx, req.task);
    return changeTaskStatus(ctx, task, {
      ...transition,
      force: req.force,
      statusReason: req.status_reason,
      statusMessage: req.status_message,
    });
  });
}

export const tasksHandlers: ServedHandlersOf<
  | 'tasks.create'
  | 'tasks.started'
  | 'tasks.stopped'
  | 'tasks.completed'
  | 'tasks.failed'
  | 'tasks.publish'
  | 'tasks.get_all_ex'
> = {
  'tasks.create': create,
  'tasks.started': statusHandler({ status: 'in_progress', stampDates: ['started'] }),
  'tasks.stopped': statusHandler({ status: 'stopped' }),
  'tasks.completed': statusHandler({ status: 'completed', stampDates: ['completed'] }),
  'tasks.failed': statusHandler({ status: 'failed' }),
  'tasks.publish': statusHandler({ status: 'published', stampDates: ['published'] }),
  'tasks.get_all_ex': listQueryHandler({ spec: TASKS, key: 'tasks', scrollKind: 'tasks.get_all_ex' }),
};
