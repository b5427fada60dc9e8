// Actions of the task list beyond moving and filtering: sort (`o` / `O`), jump to a task by id
// prefix (`:`), and looking at the tasks that failed while watched (`F`).
import type { TasksContext } from './book.js';
import { resetListQuery, showStatus } from '../core/index.js';
import { openPrompt } from '../ui/index.js';
import { selectTask } from './select.js';
import { nextTaskSort, taskSortLabel, type TaskSort } from './sort.js';
import { jumpViaServer } from './jump-lookup.js';

export interface TaskListActions {
  /** `o`: the next sort field (in its usual direction). */
  cycleTaskSort(): void;
  /** `O`: the same field, the other way. */
  reverseTaskSort(): void;
  /** `:`: opens the one-line prompt for a task id or id prefix. */
  openJumpPrompt(): void;
  /**
   * Selects the loaded task whose id is `text` or starts with it; when none is listed, asks the
   * server (jump-lookup.ts). Says so when none or several do.
   */
  jumpToTask(text: string): void;
  /** `F`: selects the newest task seen failing and clears the counter. */
  lookAtFailures(): void;
}

function setSort(ctx: TasksContext, sort: TaskSort): void {
  ctx.set((s) => ({ tasks: { ...s.tasks, sort } }));
  resetListQuery(ctx, 'tasks', ctx.book.paging);
  showStatus(
    ctx,
    `sorted by ${taskSortLabel(sort.field, ctx.get().tasks.metricColumns)}, ${sort.descending ? 'descending' : 'ascending'}`,
  );
}

/** The loaded ids `text` names: itself when listed, else those it starts. */
export function matchTaskIds(ids: readonly string[], text: string): string[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  const exact = ids.filter((id) => id.toLowerCase() === wanted);
  return exact.length > 0 ? exact : ids.filter((id) => id.toLowerCase().startsWith(wanted));
}

export function createTaskListActions(ctx: TasksContext): TaskListActions {
  return {
    cycleTaskSort: () => setSort(ctx, nextTaskSort(ctx.get().tasks.sort, ctx.get().tasks.metricColumns)),
    reverseTaskSort() {
      const sort = ctx.get().tasks.sort;
      setSort(ctx, { ...sort, descending: !sort.descending });
    },
    openJumpPrompt() {
      openPrompt(ctx, { kind: 'jump', pane: 'tasks', text: '', problem: null, initial: '' });
    },
    jumpToTask(text) {
      const wanted = text.trim();
      if (wanted === '') return;
      const matches = matchTaskIds(ctx.get().tasks.ids, wanted);
      if (matches.length === 0) {
        void jumpViaServer(ctx, wanted, (id) => selectTask(ctx, id));
      } else if (matches.length > 1) {
        showStatus(ctx, `${matches.length} tasks have ids starting with "${wanted}": type more of the id`, 'error');
      } else selectTask(ctx, matches[0] as string);
    },
    lookAtFailures() {
      const failures = ctx.get().tasks.newFailures;
      ctx.set((s) => ({ tasks: { ...s.tasks, newFailures: [] } }));
      const listed = failures.filter((id) => ctx.get().tasks.byId[id] !== undefined);
      const newest = listed[listed.length - 1];
      if (newest !== undefined) selectTask(ctx, newest);
      else if (failures.length > 0) showStatus(ctx, 'the failed task is no longer listed (filter or archived)');
      else showStatus(ctx, 'no new failed or stopped task');
    },
  };
}
