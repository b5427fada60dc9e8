// Writes to task fields outside the status machine (tasks.edit/update, hyperparameters,
// configuration, artifacts): the "created unless forced" rule of real servers, and the
// last_update/last_change stamps every change leaves.
import { ERRORS } from '../../wire/errors.js';
import type { RequestContext } from '../handlers/handler-types.js';
import type { TaskRow, TaskObjectField } from './entities.js';
import { ServerError } from '../http/errors.js';
import { stmt } from './statements.js';
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

/** Column values to write: text, numbers, null, or objects/lists stored as JSON text. */
export type FieldValues = Record<string, string | number | null | readonly unknown[] | Record<string, unknown>>;

/** Updates the given columns (names come from code, never from requests) and the change stamps. */
export function updateTaskFields(
  ctx: RequestContext,
  task: TaskRow,
  values: FieldValues,
): { updated: number; fields: Record<string, unknown> } {
  const now = ctx.now();
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(values)) {
    sets.push(`${column} = ?`);
    params.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
  }
  sets.push('last_update = ?', 'last_change = ?', 'last_changed_by = ?');
  params.push(now, now, ctx.identity.user);
  const updated = stmt(ctx.db, `UPDATE tasks SET ${sets.join(', ')} WHERE id = ?`).run(...params, task.id).changes;
  return {
    updated,
    fields: { ...values, last_update: isoTime(now), last_change: isoTime(now), last_changed_by: ctx.identity.user },
  };
}

/** A stored JSON-object column of the task ({} when unset). */
export function taskObject(task: TaskRow, field: TaskObjectField): Record<string, unknown> {
  const text = task[field];
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
