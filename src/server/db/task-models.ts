// A task's `models: {input: [], output: []}`: the models it used and produced, each item named,
// and the iteration statistics a model update raises.
import type { TaskModelItem } from '../../wire/models.js';
import type { RequestContext } from '../handlers/handler-types.js';
import type { TaskRow } from './entities.js';
import { stmt } from './statements.js';
import { taskObject, updateTaskFields } from './task-fields.js';
import { isoTime } from './time.js';

type TaskModelType = 'input' | 'output';

/** The task's model items of one type ([] when unset). */
export function taskModelItems(task: TaskRow, type: TaskModelType): TaskModelItem[] {
  const list = taskObject(task, 'models')[type];
  return Array.isArray(list) ? (list as TaskModelItem[]) : [];
}

/** Adds the item, or replaces the one of the same name, in the task's list of that type. */
export function setTaskModel(
  ctx: RequestContext,
  task: TaskRow,
  type: TaskModelType,
  item: { name: string; model: string },
): number {
  const models = taskObject(task, 'models');
  const list = taskModelItems(task, type).filter((m) => m.name !== item.name);
  const stored: TaskModelItem = { ...item, updated: isoTime(ctx.now()) };
  const other: TaskModelType = type === 'input' ? 'output' : 'input';
  return updateTaskFields(ctx, task, {
    models: { ...models, [other]: taskModelItems(task, other), [type]: [...list, stored] },
  }).updated;
}

/** Raises the task's last_iteration to `iteration` when it is lower (as model updates do). */
export function raiseLastIteration(ctx: RequestContext, taskId: string, iteration: number | undefined): void {
  if (iteration === undefined) return;
  stmt(ctx.db, 'UPDATE tasks SET last_iteration = ? WHERE id = ? AND company = ? AND last_iteration < ?').run(
    iteration,
    taskId,
    ctx.identity.company,
    iteration,
  );
}
