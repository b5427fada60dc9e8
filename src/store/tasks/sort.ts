// The task list's sort: which field, which direction, and the server's `order_by` for it.
// Sorting is the server's job so it holds past the rows loaded so far.

export type TaskSortField = 'last_update' | 'name' | 'status' | 'started' | 'last_iteration';

export interface TaskSort {
  field: TaskSortField;
  descending: boolean;
}

/** The order `o` cycles through, each with the direction it starts in and its header word. */
export const TASK_SORT_FIELDS: readonly { field: TaskSortField; descending: boolean; label: string }[] = [
  { field: 'last_update', descending: true, label: 'updated' },
  { field: 'name', descending: false, label: 'name' },
  { field: 'status', descending: false, label: 'status' },
  { field: 'started', descending: true, label: 'started' },
  { field: 'last_iteration', descending: true, label: 'iteration' },
];

export const DEFAULT_TASK_SORT: TaskSort = { field: 'last_update', descending: true };

export function taskSortLabel(field: TaskSortField): string {
  return TASK_SORT_FIELDS.find((f) => f.field === field)?.label ?? field;
}

/** The next field in the cycle, in that field's usual direction. */
export function nextTaskSort(current: TaskSort): TaskSort {
  const at = TASK_SORT_FIELDS.findIndex((f) => f.field === current.field);
  const next = TASK_SORT_FIELDS[(at + 1) % TASK_SORT_FIELDS.length] ?? TASK_SORT_FIELDS[0];
  return next === undefined ? DEFAULT_TASK_SORT : { field: next.field, descending: next.descending };
}

/** `order_by` for the server; ties are broken by the newest update so the order is stable. */
export function taskOrderBy(sort: TaskSort): string[] {
  const first = `${sort.descending ? '-' : ''}${sort.field}`;
  return sort.field === 'last_update' ? [first] : [first, '-last_update'];
}
