// `:` with an id that is not among the listed tasks: the server is asked for a task whose id
// starts with it. When there is one, whatever keeps it out of the list (the text or status
// filter, archived tasks hidden) is lifted and it is selected once the list has it (revealTask,
// which also selects a task just made: a clone, src/store/tasks/queueing.ts).
import type { TasksContext } from './book.js';
import { escapeRegex } from '../../text/regex.js';
import { isObject, resetListQuery, showStatus } from '../core/index.js';
import { setListQuery } from '../ui/index.js';

/** How long the jump waits for the list to answer after lifting its filters. */
const LIST_WAIT_MS = 10_000;
const LIST_WAIT_STEP_MS = 50;

export interface FoundTask {
  id: string;
  name: string;
  archived: boolean;
}

/** The tasks of a tasks.get_all_ex answer whose ids start with `wanted`. */
export function tasksStartingWith(answer: unknown, wanted: string): FoundTask[] {
  const tasks = isObject(answer) && Array.isArray(answer.tasks) ? answer.tasks : [];
  const prefix = wanted.toLowerCase();
  const found: FoundTask[] = [];
  for (const t of tasks) {
    if (!isObject(t) || typeof t.id !== 'string' || !t.id.toLowerCase().startsWith(prefix)) continue;
    const tags = Array.isArray(t.system_tags) ? t.system_tags : [];
    found.push({ id: t.id, name: typeof t.name === 'string' ? t.name : t.id, archived: tags.includes('archived') });
  }
  return found;
}

function sleep(ctx: TasksContext, ms: number): Promise<void> {
  return new Promise((resolve) => ctx.timers.setTimeout(resolve, ms));
}

/** Waits until the task list has answered its current query (or the wait runs out). */
async function listAnswered(ctx: TasksContext): Promise<void> {
  for (let waited = 0; ctx.get().tasks.loading && waited < LIST_WAIT_MS; waited += LIST_WAIT_STEP_MS)
    await sleep(ctx, LIST_WAIT_STEP_MS);
}

/** Asks the server for the task `wanted` names; `select` selects a listed id (false when not listed). */
export async function jumpViaServer(ctx: TasksContext, wanted: string, select: (id: string) => boolean): Promise<void> {
  const listed = ctx.get().tasks.ids.length;
  showStatus(ctx, `no listed task id starts with "${wanted}": asking the server`, 'info');
  let found: FoundTask[];
  try {
    // Task ids are lowercase hex (the server's pattern match is case-sensitive).
    const answer = await ctx.client.tasks.getAllEx({
      _any_: { pattern: `^${escapeRegex(wanted.toLowerCase())}`, fields: ['id'] },
      only_fields: ['id', 'name', 'system_tags'],
      search_hidden: true,
      size: 2,
    });
    found = tasksStartingWith(answer, wanted);
  } catch (err) {
    showStatus(
      ctx,
      `cannot look up "${wanted}" on the server: ${err instanceof Error ? err.message : String(err)}`,
      'error',
    );
    return;
  }
  if (found.length === 0)
    return showStatus(ctx, `no task id starts with "${wanted}", listed or on the server`, 'error');
  if (found.length > 1)
    return showStatus(
      ctx,
      `several tasks on the server have ids starting with "${wanted}": type more of the id`,
      'error',
    );
  const task = found[0] as FoundTask;
  if (select(task.id)) return;
  const { shown, lifted } = await revealTask(ctx, task, select, false);
  if (shown) {
    if (lifted.length > 0) showStatus(ctx, `"${task.name}": cleared ${lifted.join(' and ')} to show it`, 'info');
    return;
  }
  showStatus(
    ctx,
    `"${task.name}" is on the server but not among the ${Math.max(listed, ctx.get().tasks.ids.length)} tasks loaded: scroll down to load more`,
    'info',
  );
}

/**
 * Lifts what keeps `task` out of the list (the text or status filter, archived tasks hidden),
 * reads the list again from its first page when anything was lifted or `reread` asks (a task
 * just made), and selects the task once the list has it. Answers whether it is selected, and
 * what was lifted.
 */
export async function revealTask(
  ctx: TasksContext,
  task: FoundTask,
  select: (id: string) => boolean,
  reread: boolean,
): Promise<{ shown: boolean; lifted: string[] }> {
  const state = ctx.get();
  const lifted: string[] = [];
  if (state.ui.filters.tasks !== '') lifted.push('the filter');
  if (state.tasks.statusFilter.length > 0) lifted.push('the status filter');
  const showArchived = task.archived && !state.ui.showArchived.tasks;
  if (showArchived) lifted.push('archived tasks hidden');
  if (lifted.length > 0) {
    setListQuery(ctx, 'tasks', { filter: '', showArchived: state.ui.showArchived.tasks || showArchived });
    ctx.set((s) => ({ tasks: { ...s.tasks, statusFilter: [] } }));
  }
  if (lifted.length > 0 || reread) resetListQuery(ctx, 'tasks', ctx.book.paging);
  // Also when nothing was lifted: the list may not have answered yet (Enter on a worker in the
  // Cluster view before the Tasks view was ever shown).
  await listAnswered(ctx);
  return { shown: select(task.id), lifted };
}
