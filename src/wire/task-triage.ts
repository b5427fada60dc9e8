// The calls that triage tasks (archive, move, delete, stop) and list their tags, with the
// request and response models of the ClearML SDK's backend_api/services/v2_23 (tasks.py,
// projects.py). The `_many` calls answer per id: `succeeded` items and `failed` ones with the
// error real servers would have answered for that id alone.

/** Why one id of a `_many` call failed: the result code and subcode, and the message. */
export interface BulkFailure {
  id: string;
  error: { codes: number[]; msg: string; data?: Record<string, unknown> };
}

export interface BulkResponse<S> {
  succeeded: S[];
  failed: BulkFailure[];
}

export interface TasksStatusManyRequest {
  ids: string[];
  status_reason?: string;
  status_message?: string;
}
export type TasksArchiveManyResponse = BulkResponse<{ id: string; archived: boolean }>;
export type TasksUnarchiveManyResponse = BulkResponse<{ id: string; unarchived: boolean }>;

export interface TasksMoveRequest {
  ids: string[];
  /** Target project id (`project` or `project_name` is required). */
  project?: string;
  /** Target project name; created (with its parents) when missing. */
  project_name?: string;
}
export interface TasksMoveResponse {
  project_id: string | null;
}

export interface TasksStopRequest {
  task: string;
  /** Without it the call fails unless the task is in progress. */
  force?: boolean;
  status_reason?: string;
  status_message?: string;
}
export interface TasksStopResponse {
  updated: number;
  fields: Record<string, unknown>;
}
export interface TasksStopManyRequest extends TasksStatusManyRequest {
  force?: boolean;
}
export type TasksStopManyResponse = BulkResponse<{ id: string; updated: number; fields: Record<string, unknown> }>;

export interface TasksDeleteRequest {
  task: string;
  /** Without it a task that is neither a draft (created) nor archived is not deleted. */
  force?: boolean;
  move_to_trash?: boolean;
  return_file_urls?: boolean;
  delete_output_models?: boolean;
  delete_external_artifacts?: boolean;
  status_reason?: string;
  status_message?: string;
}
export interface TaskDeleted {
  deleted: boolean;
  updated_children: number;
  updated_models: number;
  events: Record<string, unknown>;
}
export type TasksDeleteResponse = TaskDeleted;
export interface TasksDeleteManyRequest extends Omit<TasksDeleteRequest, 'task' | 'status_reason' | 'status_message'> {
  ids: string[];
}
export type TasksDeleteManyResponse = BulkResponse<TaskDeleted & { id: string }>;

export interface ProjectsGetTaskTagsRequest {
  /** Only the tasks of these projects (default: every project). */
  projects?: string[];
  include_system?: boolean;
  filter?: { tags?: string[]; system_tags?: string[] };
}
export interface ProjectsGetTaskTagsResponse {
  tags: string[];
  system_tags?: string[];
}
