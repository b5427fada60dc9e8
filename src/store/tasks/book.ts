// The task list's bookkeeping. Part of the store's Bookkeeping (context.ts).
export interface TasksBook {
  /** The task asked for on the command line, until the first task list answer. */
  openTask: string | null;
}

export function initialTasksBook(openTask: string | null): TasksBook {
  return { openTask };
}
