// The 10 reports.* operations (docs/wire-facts.md §9). A report is a hidden task of type "report" in
// a ".reports" project.
import type { EntityRef, IsoDateTime, MetricVariants, ScalarKey, ScrollId } from './common.js';
import type { DebugImageEvent, MultiTaskPlots, SingleValue } from './events.js';
import type { ChangeStamps, Task, TaskQuery } from './tasks.js';

type ReportStatus = 'created' | 'published';

/** The system tag that marks an archived report or task. */
export const ARCHIVED_TAG = 'archived';
export const REPORTS_PROJECT_BASENAME = '.reports';
export const REPORT_NAME_MIN_LENGTH = 3;

export interface Report extends ChangeStamps {
  id: string;
  name?: string;
  type?: 'report' | string;
  status?: ReportStatus | string;
  comment?: string;
  report?: string;
  report_assets?: string[];
  tags?: string[];
  system_tags?: string[];
  user?: EntityRef;
  company?: EntityRef;
  project?: EntityRef | null;
  created?: IsoDateTime;
  [extra: string]: unknown;
}

export interface ReportsCreateRequest {
  name: string;
  comment?: string;
  project?: string;
  report?: string;
  report_assets?: string[];
  tags?: string[];
}
export interface ReportsCreateResponse {
  id: string;
  project_id: string;
}

export interface ReportsUpdateRequest {
  task: string;
  name?: string;
  comment?: string;
  report?: string;
  report_assets?: string[];
  tags?: string[];
}
export interface UpdatedFieldsResponse {
  updated: number;
  fields: Record<string, unknown>;
}

/** Real servers read `message`; the spec names `comment`. The client sends both. */
export interface ReportStatusRequest {
  task: string;
  comment?: string;
  message?: string;
}
export interface ReportsArchiveResponse {
  archived: number;
}
export interface ReportsUnarchiveResponse {
  unarchived: number;
}

export interface ReportsMoveRequest {
  task: string;
  /** Target project id; null = the root project. */
  project?: string | null;
  /** Created when no project of this name exists. */
  project_name?: string;
}
export interface ReportsMoveResponse {
  project_id: string;
}

export interface ReportsDeleteRequest {
  task: string;
  force?: boolean;
}
export interface ReportsDeleteResponse {
  deleted: number;
}

export interface ReportsGetAllExRequest extends Omit<TaskQuery, 'type' | 'parent' | 'search_hidden' | 'status'> {
  status?: ReportStatus[];
}
export interface ReportsGetAllExResponse {
  tasks: Report[];
  scroll_id?: ScrollId;
}

export type ReportsGetTagsRequest = Record<string, never>;
export interface ReportsGetTagsResponse {
  tags: string[];
}

// ---- reports.get_task_data -------------------------------------------------------------

export interface ReportsGetTaskDataRequest extends TaskQuery {
  model_events?: boolean;
  'input.view.entries.dataset'?: string[];
  'input.view.entries.version'?: string[];
  single_value_metrics?: Record<string, never>;
  debug_images?: { iters?: number; metrics?: MetricVariants[] };
  plots?: { iters?: number; last_iters_per_task_metric?: boolean; metrics?: MetricVariants[] };
  scalar_metrics_iter_histogram?: { key?: ScalarKey; metrics?: MetricVariants[]; samples?: number };
}

/** metric → variant → taskId → series named after the task (no `metrics` wrapper here). */
type TaskDataScalarHistogram = Record<
  string,
  Record<string, Record<string, { name: string; x: (number | string)[]; y: number[]; x_axis_label?: string }>>
>;

export interface ReportsGetTaskDataResponse {
  tasks: Task[];
  scroll_id?: ScrollId;
  debug_images?: { task: string; iterations: { iter: number; events: DebugImageEvent[] }[] }[];
  plots?: MultiTaskPlots;
  scalar_metrics_iter_histogram?: TaskDataScalarHistogram;
  single_value_metrics?: { task: string; task_name: string; values: SingleValue[] }[];
}
