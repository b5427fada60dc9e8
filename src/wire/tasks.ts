// The task, project and model records, and the few tasks.*/projects.*/models.* calls a
// reporting script needs (DESIGN "The embedded server"). Real servers send many more fields;
// unknown fields are kept.
import type { EntityRef, IsoDateTime, ScrollId, TaskStatus, TaskType } from './common.js';

export interface LastMetricEntry {
  metric: string;
  variant: string;
  value?: number;
  min_value?: number;
  min_value_iteration?: number;
  max_value?: number;
  max_value_iteration?: number;
  first_value?: number;
  first_value_iteration?: number;
  count?: number;
  mean_value?: number;
  x_axis_label?: string;
}

/** A task as the list calls return it. Every field is optional because of `only_fields`. */
export interface Task {
  id: string;
  name?: string;
  type?: TaskType | string;
  status?: TaskStatus | string;
  comment?: string;
  tags?: string[];
  system_tags?: string[];
  user?: EntityRef;
  company?: EntityRef;
  project?: EntityRef | null;
  parent?: string | null;
  created?: IsoDateTime;
  started?: IsoDateTime | null;
  completed?: IsoDateTime | null;
  last_update?: IsoDateTime;
  last_change?: IsoDateTime;
  last_changed_by?: string;
  status_changed?: IsoDateTime;
  status_reason?: string;
  status_message?: string;
  published?: IsoDateTime;
  last_iteration?: number;
  /** last_metrics[md5(metric)][md5(variant)]. */
  last_metrics?: Record<string, Record<string, LastMetricEntry>>;
  [extra: string]: unknown;
}

export interface Project {
  id: string;
  name?: string;
  basename?: string;
  description?: string;
  system_tags?: string[];
  tags?: string[];
  created?: IsoDateTime;
  last_update?: IsoDateTime;
  parent?: EntityRef | null;
  [extra: string]: unknown;
}

export interface Model {
  id: string;
  name?: string;
  ready?: boolean;
  project?: EntityRef | null;
  task?: EntityRef | null;
  created?: IsoDateTime;
  last_update?: IsoDateTime;
  [extra: string]: unknown;
}

/** The query vocabulary shared by tasks.get_all_ex, reports.get_all_ex and reports.get_task_data. */
export interface PatternCondition {
  pattern: string;
  fields: string[];
}
export interface ListFilter {
  include?: string[];
  exclude?: string[];
}
export interface FieldFilter {
  all?: ListFilter;
  any?: ListFilter;
  op?: 'and' | 'or';
}
export interface TaskQuery {
  id?: string[];
  name?: string;
  user?: string[];
  project?: (string | null)[];
  include_subprojects?: boolean;
  allow_public?: boolean;
  status?: string[];
  status_changed?: string[];
  system_tags?: (string | null)[];
  tags?: (string | null)[];
  type?: string[];
  parent?: string;
  search_text?: string;
  search_hidden?: boolean;
  _any_?: PatternCondition;
  _all_?: PatternCondition;
  filters?: Record<string, FieldFilter>;
  only_fields?: string[];
  order_by?: string[];
  page?: number;
  page_size?: number;
  size?: number;
  scroll_id?: ScrollId;
  refresh_scroll?: boolean;
}

export interface TasksCreateRequest {
  name: string;
  type: TaskType | string;
  project?: string;
  comment?: string;
  tags?: string[];
  system_tags?: string[];
}
export interface TasksCreateResponse {
  id: string;
}
export interface TaskStatusChangeRequest {
  task: string;
  force?: boolean;
  status_reason?: string;
  status_message?: string;
}
export interface TaskStatusChangeResponse {
  updated: number;
  fields: Record<string, unknown>;
}
export type TasksGetAllExRequest = TaskQuery;
export interface TasksGetAllExResponse {
  tasks: Task[];
  scroll_id?: ScrollId;
}

export interface ProjectsCreateRequest {
  name: string;
  description?: string;
  tags?: string[];
  system_tags?: string[];
}
export interface ProjectsCreateResponse {
  id: string;
}
export interface ProjectsGetAllExRequest {
  id?: string[];
  name?: string;
  search_hidden?: boolean;
  include_stats?: boolean;
  only_fields?: string[];
  order_by?: string[];
  page?: number;
  page_size?: number;
  size?: number;
  scroll_id?: ScrollId;
  system_tags?: (string | null)[];
  tags?: (string | null)[];
}
export interface ProjectsGetAllExResponse {
  projects: Project[];
  scroll_id?: ScrollId;
}

export interface ModelsCreateRequest {
  name: string;
  uri?: string;
  ready?: boolean;
  project?: string;
  task?: string;
  comment?: string;
  tags?: string[];
}
export interface ModelsCreateResponse {
  id: string;
  created: boolean;
}
export interface ModelsGetAllExRequest {
  id?: string[];
  name?: string;
  project?: string[];
  task?: string[];
  ready?: boolean;
  only_fields?: string[];
  order_by?: string[];
  page?: number;
  page_size?: number;
  size?: number;
  scroll_id?: ScrollId;
}
export interface ModelsGetAllExResponse {
  models: Model[];
  scroll_id?: ScrollId;
}
