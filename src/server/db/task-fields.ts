// Writes to task fields outside the status machine (tasks.edit/update, hyperparameters,
// configuration, artifacts): the "created unless forced" rule of real servers, and the
// last_update/last_change stamps every change leaves.
import { ERRORS } from '../../wire/errors.js';
import type { RequestContext } from '../handlers/handler-types.js';
import { type ColumnsUpdated, type ColumnValues, updateColumns } from './column-values.js';
import { parseObject, type TaskRow, type TaskObjectField } from './entities.js';
import { ServerError } from '../http/errors.js';
import { requireTask } from './task-store.js';
import { isoTime } from './time.js';

/** Real servers let only `created` tasks be edited, unless the call is forced. */
function requireEditable(task: TaskRow, force: boolean): void {
  if (!force && task.status !== 'created')
    throw new ServerError(ERRORS.invalidTaskStatus, 'Task is not in created status (use force to edit it anyway)', {
      status: task.status,
      expected: 'created',
    });
}

/** The task an edit call names, refused unless it is in created status or the call forces. */
export function editableTask(ctx: RequestContext, id: string, force: boolean): TaskRow {
  const task = requireTask(ctx, id);
  requireEditable(task, force);
  return task;
}

/** Updates the given columns (names come from code, never from requests) and the change stamps. */
export function updateTaskFields(ctx: RequestContext, task: TaskRow, values: ColumnValues): ColumnsUpdated {
  const now = ctx.now();
  const stamps = { last_update: now, last_change: now, last_changed_by: ctx.identity.user };
  const updated = updateColumns(ctx.db, 'tasks', task.id, values, stamps);
  return {
    updated,
    fields: { ...values, last_update: isoTime(now), last_change: isoTime(now), last_changed_by: ctx.identity.user },
  };
}

/** A stored JSON-object column of the task ({} when unset). */
export function taskObject(task: TaskRow, field: TaskObjectField): Record<string, unknown> {
  return parseObject(task[field]);
}
