// The `tasks` slice's public face: its state, its actions, what the navigation moves, and
// the selectors other slices and the UI read the task list through.
export { createTasksSlice, MAX_MARKED_TASKS } from './create.js';
export type { TaskActions, TasksApi, TasksSlice } from './create.js';
export {
  buildTaskQuery,
  initialTasks,
  RARE_TASK_STATUSES,
  TASK_FIELDS,
  TASK_STATUS_CHOICES,
  TASK_STATUS_CYCLE,
  taskListFields,
} from './list.js';
export type { TaskRow, TasksState } from './list.js';
export { markedTasks, selectedFingerprint, selectedTask, taskFingerprint } from './select.js';
export {
  MAX_METRIC_COLUMNS,
  metricColumnKey,
  metricColumnLabel,
  metricValueField,
  parseMetricColumns,
} from './metric-columns.js';
export { isTaskFilterEmpty, taskFilterInfo } from './task-filters.js';
export type { TaskFilter } from './task-filters.js';
export type { MetricColumn } from './metric-columns.js';
export { taskSortLabel, DEFAULT_TASK_SORT } from './sort.js';
export type { TaskSort, TaskSortField } from './sort.js';
export { FORCE_MEANING } from './triage.js';
export { matchTaskIds } from './list-actions.js';
export { cloneName } from './queueing.js';
export type { EditOutcome, RerunSource } from './rerun.js';
