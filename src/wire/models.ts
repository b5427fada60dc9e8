// The model record and the models.* calls (and tasks.add_or_update_model), with the request and
// response shapes of the ClearML SDK's v2_23 models: tracktop lists models with get_all_ex;
// the SDK's OutputModel, InputModel, Model.query_models and framework hooks use the rest.
import type { EntityRef, IsoDateTime, ScrollId } from './common.js';
import type { ListPaging } from './tasks.js';

/** One metadata entry; stored and returned keyed by `key`. */
export interface MetadataItem {
  key?: string;
  type?: string;
  value?: string;
}

/** A model as get_all_ex returns it (references as `{id}` objects). */
export interface Model {
  id: string;
  name?: string;
  ready?: boolean;
  project?: EntityRef | null;
  task?: EntityRef | null;
  created?: IsoDateTime;
  last_update?: IsoDateTime;
  uri?: string;
  framework?: string;
  comment?: string;
  labels?: Record<string, number>;
  design?: Record<string, unknown>;
  metadata?: Record<string, MetadataItem>;
  parent?: string;
  [extra: string]: unknown;
}

/** A model as get_all / get_by_id return it: references are string ids. */
export interface PlainModel extends Omit<Model, 'project' | 'task' | 'user' | 'company'> {
  project?: string;
  task?: string;
  user?: string;
  company?: string;
}

/** The fields models.create and models.edit both set. */
interface ModelFields {
  name?: string;
  uri?: string;
  ready?: boolean;
  project?: string;
  task?: string;
  comment?: string;
  tags?: string[];
  system_tags?: string[];
  framework?: string;
  design?: Record<string, unknown>;
  labels?: Record<string, number>;
  parent?: string;
  metadata?: MetadataItem[];
}

export interface ModelsCreateRequest extends ModelFields {
  name: string;
  /** Accepted for the SDK's sake; every model here belongs to the caller's company. */
  public?: boolean;
}
export interface ModelsCreateResponse {
  id: string;
  created: boolean;
}
export interface ModelsGetAllExRequest extends ListPaging {
  id?: string[];
  name?: string;
  project?: string[];
  task?: string[];
  ready?: boolean;
}
export interface ModelsGetAllExResponse {
  models: Model[];
  scroll_id?: ScrollId;
}
export interface ModelsGetAllRequest extends ModelsGetAllExRequest {
  framework?: string[];
  uri?: string[];
  user?: string[];
  tags?: (string | null)[];
  system_tags?: (string | null)[];
}
export interface ModelsGetAllResponse {
  models: PlainModel[];
  scroll_id?: ScrollId;
}
export interface ModelsGetByIdRequest {
  model: string;
}
export interface ModelsGetByIdResponse {
  model: PlainModel;
}

export interface ModelsEditRequest extends ModelFields {
  model: string;
  /** Raises the task's last_iteration to at least this. */
  iteration?: number;
}
export interface ModelsUpdateRequest {
  model: string;
  name?: string;
  comment?: string;
  ready?: boolean;
  project?: string;
  task?: string;
  tags?: string[];
  system_tags?: string[];
  ui_cache?: Record<string, unknown>;
  iteration?: number;
}
export interface ModelUpdatedResponse {
  updated: number;
  fields?: Record<string, unknown>;
}

/** Exactly one of `uri` (create or update the task's output model) and `override_model_id`. */
export interface ModelsUpdateForTaskRequest {
  task: string;
  uri?: string;
  override_model_id?: string;
  name?: string;
  comment?: string;
  tags?: string[];
  system_tags?: string[];
  iteration?: number;
}
export interface ModelsUpdateForTaskResponse {
  id: string;
  created: boolean;
  updated?: number;
  fields?: Record<string, unknown>;
}

export interface ModelsSetReadyRequest {
  model: string;
  /** Default true: publish the model's task too. */
  publish_task?: boolean;
  /** Publish the task even when it is not stopped or completed. */
  force_publish_task?: boolean;
}
export interface ModelsSetReadyResponse {
  updated: number;
  published_task?: { id: string; data: { updated: number; fields: Record<string, unknown> } };
}

export interface ModelsAddOrUpdateMetadataRequest {
  model: string;
  metadata: MetadataItem[];
  replace_metadata?: boolean;
}

export interface ModelsDeleteRequest {
  model: string;
  force?: boolean;
}
export interface ModelsDeleteResponse {
  deleted: boolean;
  url?: string;
}

export interface ModelsManyRequest {
  ids: string[];
}
export interface ManyFailure {
  id: string;
  error: { codes: number[]; msg: string; data: Record<string, unknown> };
}
export interface ModelsArchiveManyResponse {
  succeeded: { id: string; archived: boolean }[];
  failed: ManyFailure[];
}
export interface ModelsUnarchiveManyResponse {
  succeeded: { id: string; unarchived: boolean }[];
  failed: ManyFailure[];
}

/** A task's reference to a model: `models.input` / `models.output` items. */
export interface TaskModelItem {
  name: string;
  model: string;
  updated?: IsoDateTime;
}
export interface TasksAddOrUpdateModelRequest {
  task: string;
  name: string;
  model: string;
  type: 'input' | 'output';
  iteration?: number;
}
