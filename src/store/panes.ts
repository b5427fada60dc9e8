// The views and panes of the monitor, and the two filterable lists (names only, no state).

export type ViewName = 'tasks' | 'reports';
export type TasksPane = 'tasks' | 'scalars' | 'chart' | 'logs' | 'plots' | 'summary' | 'runinfo';
export type ReportsPane = 'reports' | 'details';
export type PaneName = TasksPane | ReportsPane;
/** The two filterable lists. */
export type ListName = 'tasks' | 'reports';

export const TASKS_PANES: readonly TasksPane[] = ['tasks', 'scalars', 'chart', 'logs', 'plots', 'summary', 'runinfo'];
export const REPORTS_PANES: readonly ReportsPane[] = ['reports', 'details'];
