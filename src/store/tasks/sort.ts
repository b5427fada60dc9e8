// The task list's sort: which field, which direction, and the server's `order_by` for it.
// Sorting is the server's job so it holds past the rows loaded so far. Metric columns sort by
// the last value real servers keep in `last_metrics` (metric-columns.ts).
import { metricColumnLabel, metricValueField, type MetricColumn } from './metric-columns.js';

export type TaskSortField = 'last_update' | 'name' | 'status' | 'started' | 'last_iteration';
/** `last_metrics.<metric hash>.<variant hash>.value`: a metric column's last value. */
export type MetricSortField = `last_metrics.${string}`;

export interface TaskSort {
  field: TaskSortField | MetricSortField;
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

/** The fields `o` cycles through: the fixed ones, then each metric column (largest first). */
function sortCycle(
  columns: readonly MetricColumn[],
): { field: TaskSort['field']; descending: boolean; label: string }[] {
  return [
    ...TASK_SORT_FIELDS,
    ...columns.map((c) => ({
      field: metricValueField(c) as MetricSortField,
      descending: true,
      label: metricColumnLabel(c),
    })),
  ];
}

export function taskSortLabel(field: TaskSort['field'], columns: readonly MetricColumn[] = []): string {
  return sortCycle(columns).find((f) => f.field === field)?.label ?? field;
}

export function isMetricSort(sort: TaskSort): boolean {
  return sort.field.startsWith('last_metrics.');
}

/** The next field in the cycle, in that field's usual direction. */
export function nextTaskSort(current: TaskSort, columns: readonly MetricColumn[] = []): TaskSort {
  const cycle = sortCycle(columns);
  const at = cycle.findIndex((f) => f.field === current.field);
  const next = cycle[(at + 1) % cycle.length] ?? cycle[0];
  return next === undefined ? DEFAULT_TASK_SORT : { field: next.field, descending: next.descending };
}

/** `order_by` for the server; ties are broken by the newest update so the order is stable. */
export function taskOrderBy(sort: TaskSort): string[] {
  const first = `${sort.descending ? '-' : ''}${sort.field}`;
  return sort.field === 'last_update' ? [first] : [first, '-last_update'];
}
