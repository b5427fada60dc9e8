// The task, project and model records, and the few tasks.*/projects.*/models.* calls a
// reporting script needs (docs/architecture.md "The embedded server"). Real servers send many more fields;
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

/** When and why a task or report last changed. */
export interface ChangeStamps {
  last_update?: IsoDateTime;
  last_change?: IsoDateTime;
  last_changed_by?: string;
  status_changed?: IsoDateTime;
  status_reason?: string;
  status_message?: string;
  published?: IsoDateTime;
}

/** A task as the list calls return it. Every field is optional because of `only_fields`. */
export interface Task extends ChangeStamps {
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

/** The query vocabulary shared by tasks.get_all_ex, reports.get_all_ex and reports.get_task_data. */
export interface PatternCondition {
  pattern: string;
  fields: string[];
}
interface ListFilter {
  /** null stands for "none" (no project, no tag). */
  include?: (string | null)[];
  exclude?: (string | null)[];
}
export interface FieldFilter {
  all?: ListFilter;
  any?: ListFilter;
  op?: 'and' | 'or';
}
/** Field selection, order and paging of every list call. */
export interface ListPaging {
  only_fields?: string[];
  order_by?: string[];
  page?: number;
  page_size?: number;
  size?: number;
  scroll_id?: ScrollId;
}

export interface TaskQuery extends ListPaging {
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
  refresh_scroll?: boolean;
}

export interface TasksCreateRequest {
  name: string;
  type: TaskType | string;
  project?: string;
  comment?: string;
  tags?: string[];
  system_tags?: string[];
  parent?: string;
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
/** A new `name` keeps the project under the same parent (its last path part changes). */
export interface ProjectsUpdateRequest {
  project: string;
  name?: string;
  description?: string;
  tags?: string[];
  system_tags?: string[];
  default_output_destination?: string;
}
export interface ProjectsGetAllExRequest extends ListPaging {
  id?: string[];
  name?: string;
  search_hidden?: boolean;
  include_stats?: boolean;
  system_tags?: (string | null)[];
  tags?: (string | null)[];
}
export interface ProjectsGetAllExResponse {
  projects: Project[];
  scroll_id?: ScrollId;
}

// ---- The calls of the ClearML SDK's common path (its backend_api/services/v2_23 models). ----
// Plain (non-`_ex`) calls return references as string ids, as those models declare them.

/** A task as tasks.get_all / get_by_id return it: references are string ids. */
export interface PlainTask extends Omit<Task, 'user' | 'company' | 'project'>, TaskSdkObjects {
  user?: string;
  company?: string;
  project?: string | null;
}

/** The objects of a task the SDK sets whole (tasks.edit) and reads back (get_all, get_by_id). */
export interface TaskSdkObjects {
  hyperparams?: Record<string, Record<string, ParamsItem>>;
  configuration?: Record<string, ConfigurationItem>;
  script?: Record<string, unknown>;
  execution?: Record<string, unknown>;
  runtime?: Record<string, unknown>;
  models?: Record<string, unknown>;
  container?: Record<string, unknown>;
  output?: Record<string, unknown>;
}

/** A project as projects.get_all / get_by_id return it. */
export interface PlainProject extends Omit<Project, 'parent'> {
  user?: string;
  company?: string;
  parent?: string | null;
  default_output_destination?: string;
}

export type TasksGetAllRequest = TaskQuery;
export interface TasksGetAllResponse {
  tasks: PlainTask[];
  scroll_id?: ScrollId;
}
export interface TasksGetByIdRequest {
  task: string;
}
export interface TasksGetByIdResponse {
  task: PlainTask;
}

export interface ProjectsGetAllRequest extends ProjectsGetAllExRequest {
  shallow_search?: boolean;
}
export interface ProjectsGetAllResponse {
  projects: PlainProject[];
  scroll_id?: ScrollId;
}
export interface ProjectsGetByIdRequest {
  project: string;
}
export interface ProjectsGetByIdResponse {
  project: PlainProject;
}

/** Fields tasks.edit sets; the objects (all but `output`) replace the stored object whole. */
export interface TasksEditRequest extends Omit<TaskSdkObjects, 'output'> {
  task: string;
  force?: boolean;
  name?: string;
  tags?: string[];
  system_tags?: string[];
  type?: TaskType | string;
  comment?: string;
  parent?: string;
  project?: string;
  output_dest?: string;
}
export interface TasksUpdateRequest {
  task: string;
  name?: string;
  tags?: string[];
  system_tags?: string[];
  comment?: string;
  project?: string;
  output__error?: string;
}
export interface TaskUpdatedResponse {
  updated: number;
  fields: Record<string, unknown>;
}

export interface TasksPingRequest {
  task: string;
}

interface ArtifactTypeData {
  preview?: string;
  content_type?: string;
  data_hash?: string;
}
export interface Artifact {
  key: string;
  type: string;
  mode?: 'input' | 'output';
  uri?: string;
  content_size?: number;
  hash?: string;
  timestamp?: number;
  type_data?: ArtifactTypeData;
  /** [name, value] pairs. */
  display_data?: string[][];
}
export interface TasksAddOrUpdateArtifactsRequest {
  task: string;
  artifacts: Artifact[];
  force?: boolean;
}
export interface UpdatedCountResponse {
  updated: number;
}

export interface ParamsItem {
  section?: string;
  name?: string;
  value?: string;
  type?: string;
  description?: string;
}
export interface TasksEditHyperParamsRequest {
  task: string;
  hyperparams: ParamsItem[];
  replace_hyperparams?: 'none' | 'section' | 'all';
  force?: boolean;
}
export interface TasksGetHyperParamsRequest {
  tasks: string[];
}
export interface TasksGetHyperParamsResponse {
  params: { task: string; hyperparams: ParamsItem[] }[];
}
export interface TasksDeleteHyperParamsRequest {
  task: string;
  hyperparams: { section: string; name?: string }[];
  force?: boolean;
}
export interface HyperParamsDeletedResponse {
  deleted: number;
}

export interface ConfigurationItem {
  name?: string;
  value?: string;
  type?: string;
  description?: string;
}
export interface TasksEditConfigurationRequest {
  task: string;
  configuration: ConfigurationItem[];
  replace_configuration?: boolean;
  force?: boolean;
}
export interface TasksGetConfigurationsRequest {
  tasks: string[];
  names?: string[];
}
export interface TasksGetConfigurationsResponse {
  configurations: { task: string; configuration: ConfigurationItem[] }[];
}
export interface TasksGetConfigurationNamesRequest {
  tasks: string[];
  skip_empty?: boolean;
}
export interface TasksGetConfigurationNamesResponse {
  configurations: { task: string; names: string[] }[];
}
export interface ConfigurationDeletedResponse {
  deleted: number;
}
export interface TasksDeleteConfigurationRequest {
  task: string;
  configuration: string[];
  force?: boolean;
}
export interface TasksSetRequirementsRequest {
  task: string;
  /** `{pip: "...", conda: "...", orig_pip: "..."}`: requirement texts by package manager. */
  requirements: Record<string, unknown>;
}

export interface TasksResetRequest {
  task: string;
  /** Needed to reset a completed task. */
  force?: boolean;
  /** Clears script and execution completely. */
  clear_all?: boolean;
  delete_output_models?: boolean;
  delete_external_artifacts?: boolean;
  return_file_urls?: boolean;
  status_reason?: string;
  status_message?: string;
}
export interface TasksResetResponse {
  updated: number;
  fields: Record<string, unknown>;
  deleted_models: number;
  events: { deleted: number };
  urls?: { model_urls: string[]; event_urls: string[]; artifact_urls: string[] };
}
