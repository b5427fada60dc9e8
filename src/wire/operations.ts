// Every endpoint tracktop speaks, with its request and response types and how it may be
// retried. The client builds one function per entry; the server routes by the same names.
import type { LoginRequest, LoginResponse } from './auth.js';
import type * as C from './cluster.js';
import type * as E from './events.js';
import type * as M from './models.js';
import type * as R from './reports.js';
import type * as T from './tasks.js';
import type * as TT from './task-triage.js';
import type * as U from './users.js';

interface OperationInfo {
  /** Reads change nothing stored. */
  kind: 'read' | 'write';
  /**
   * Safe to send twice after a network error. Reads that move server-side scroll state
   * (debug_images/plots with a scroll, next_*_sample) are reads but not idempotent.
   */
  idempotent: boolean;
}

/** An endpoint's request and response types, carried by its entry in a table below (type only). */
interface WireTypes<Req, Res> {
  /** Never set at run time. */
  readonly wire?: { req: Req; res: Res };
}
type WireOf<Entry> = Entry extends WireTypes<infer Req, infer Res> ? { req: Req; res: Res } : never;

function op<Req, Res>(info: OperationInfo): OperationInfo & WireTypes<Req, Res> {
  return info;
}
function sdkOp<Req, Res>(): WireTypes<Req, Res> {
  return {};
}

const read: OperationInfo = { kind: 'read', idempotent: true };
const statefulRead: OperationInfo = { kind: 'read', idempotent: false };
const write: OperationInfo = { kind: 'write', idempotent: false };

type Prefixed<S extends string, T> = { [K in keyof T & string as `${S}.${K}`]: T[K] };

/** A service's endpoints (`action: entry`) under their full names (`service.action`). */
function service<S extends string, T extends object>(name: S, actions: T): Prefixed<S, T> {
  const entries = Object.entries(actions).map(([action, entry]) => [`${name}.${action}`, entry]);
  return Object.fromEntries(entries) as Prefixed<S, T>;
}

/** tasks.started, stopped, completed, failed and publish: one request and answer, each a status. */
const taskStatusChange = op<T.TaskStatusChangeRequest, T.TaskStatusChangeResponse>(write);

/** Every endpoint tracktop's client calls: its request and response types, and how it may be retried. */
export const OPERATIONS = {
  ...service('auth', { login: op<LoginRequest, LoginResponse>(read) }),

  ...service('reports', {
    archive: op<R.ReportStatusRequest, R.ReportsArchiveResponse>(write),
    create: op<R.ReportsCreateRequest, R.ReportsCreateResponse>(write),
    delete: op<R.ReportsDeleteRequest, R.ReportsDeleteResponse>(write),
    get_all_ex: op<R.ReportsGetAllExRequest, R.ReportsGetAllExResponse>(read),
    get_tags: op<R.ReportsGetTagsRequest, R.ReportsGetTagsResponse>(read),
    get_task_data: op<R.ReportsGetTaskDataRequest, R.ReportsGetTaskDataResponse>(read),
    move: op<R.ReportsMoveRequest, R.ReportsMoveResponse>(write),
    publish: op<R.ReportStatusRequest, R.UpdatedFieldsResponse>(write),
    unarchive: op<R.ReportStatusRequest, R.ReportsUnarchiveResponse>(write),
    update: op<R.ReportsUpdateRequest, R.UpdatedFieldsResponse>(write),
  }),

  ...service('events', {
    add: op<E.EventInput, E.AddEventsResponse>(write),
    /** Sent as JSON lines, one event a line. */
    add_batch: op<E.EventInput[], E.AddEventsResponse>(write),
    clear_scroll: op<E.ClearScrollRequest, E.ClearScrollResponse>(write),
    clear_task_log: op<E.ClearTaskLogRequest, E.DeletedCountResponse>(write),
    delete_for_model: op<E.DeleteForModelRequest, E.DeletedCountResponse>(write),
    delete_for_task: op<E.DeleteForTaskRequest, E.DeletedCountResponse>(write),
    /** Not an envelope: the raw attachment text. */
    download_task_log: op<E.DownloadTaskLogRequest, string>(read),
    debug_images: op<E.DebugImagesRequest, E.DebugImagesResponse>(statefulRead),
    plots: op<E.PlotsRequest, E.PlotsResponse>(statefulRead),
    get_debug_image_sample: op<E.GetDebugImageSampleRequest, E.DebugImageSampleResponse>(statefulRead),
    next_debug_image_sample: op<E.NextSampleRequest, E.DebugImageSampleResponse>(statefulRead),
    get_plot_sample: op<E.GetPlotSampleRequest, E.PlotSampleResponse>(statefulRead),
    next_plot_sample: op<E.NextSampleRequest, E.PlotSampleResponse>(statefulRead),
    get_multi_task_metrics: op<E.GetMultiTaskMetricsRequest, E.GetMultiTaskMetricsResponse>(read),
    get_multi_task_plots: op<E.GetMultiTaskPlotsRequest, E.GetMultiTaskPlotsResponse>(read),
    get_scalar_metric_data: op<E.GetScalarMetricDataRequest, E.GetScalarMetricDataResponse>(read),
    get_scalar_metrics_and_variants: op<E.TaskOnlyRequest, E.MetricsAndVariantsResponse>(read),
    get_task_events: op<E.GetTaskEventsRequest, E.GetTaskEventsResponse>(read),
    get_task_latest_scalar_values: op<E.GetTaskLatestScalarValuesRequest, E.GetTaskLatestScalarValuesResponse>(read),
    get_task_log: op<E.GetTaskLogRequest, E.GetTaskLogResponse>(read),
    get_task_metrics: op<E.GetTaskMetricsRequest, E.GetTaskMetricsResponse>(read),
    get_task_plots: op<E.GetTaskPlotsRequest, E.GetTaskPlotsResponse>(read),
    get_task_single_value_metrics: op<E.GetTaskSingleValueMetricsRequest, E.GetTaskSingleValueMetricsResponse>(read),
    get_vector_metrics_and_variants: op<E.TaskOnlyRequest, E.MetricsAndVariantsResponse>(read),
    multi_task_scalar_metrics_iter_histogram: op<
      E.MultiTaskScalarMetricsIterHistogramRequest,
      E.MultiTaskScalarMetricsIterHistogramResponse
    >(read),
    scalar_metrics_iter_histogram: op<E.ScalarMetricsIterHistogramRequest, E.ScalarMetricsIterHistogramResponse>(read),
    scalar_metrics_iter_raw: op<E.ScalarMetricsIterRawRequest, E.ScalarMetricsIterRawResponse>(read),
    vector_metrics_iter_histogram: op<E.VectorMetricsIterHistogramRequest, E.VectorMetricsIterHistogramResponse>(read),
  }),

  // Other services' calls a reporting script needs (not in the spec; real request/response shapes).
  ...service('tasks', {
    create: op<T.TasksCreateRequest, T.TasksCreateResponse>(write),
    started: taskStatusChange,
    stopped: taskStatusChange,
    completed: taskStatusChange,
    failed: taskStatusChange,
    publish: taskStatusChange,
    get_all_ex: op<T.TasksGetAllExRequest, T.TasksGetAllExResponse>(read),
    // What the SDK sends as a script connects its arguments, configuration and artifacts (the demo's runs do too).
    edit_hyper_params: op<T.TasksEditHyperParamsRequest, T.UpdatedCountResponse>(write),
    edit_configuration: op<T.TasksEditConfigurationRequest, T.UpdatedCountResponse>(write),
    add_or_update_artifacts: op<T.TasksAddOrUpdateArtifactsRequest, T.UpdatedCountResponse>(write),
    update: op<T.TasksUpdateRequest, T.TaskUpdatedResponse>(write),
    archive_many: op<TT.TasksStatusManyRequest, TT.TasksArchiveManyResponse>(write),
    unarchive_many: op<TT.TasksStatusManyRequest, TT.TasksUnarchiveManyResponse>(write),
    move: op<TT.TasksMoveRequest, TT.TasksMoveResponse>(write),
    stop: op<TT.TasksStopRequest, TT.TasksStopResponse>(write),
    stop_many: op<TT.TasksStopManyRequest, TT.TasksStopManyResponse>(write),
    delete: op<TT.TasksDeleteRequest, TT.TasksDeleteResponse>(write),
    delete_many: op<TT.TasksDeleteManyRequest, TT.TasksDeleteManyResponse>(write),
    // Running tasks on workers (the cluster view: clone, enqueue, dequeue, rerun with edits).
    clone: op<C.TasksCloneRequest, C.TasksCloneResponse>(write),
    enqueue: op<C.TasksEnqueueRequest, C.TasksEnqueueResponse>(write),
    dequeue: op<C.TasksDequeueRequest, C.TasksDequeueResponse>(write),
  }),
  // What the cluster view reads and changes: queues with their lines and workers, worker stats.
  ...service('queues', {
    /** The queue picker of the task list's enqueue and rerun: names and lines, nothing expanded. */
    get_all: op<C.QueuesGetAllRequest, C.QueuesGetAllResponse>(read),
    get_all_ex: op<C.QueuesGetAllRequest, C.QueuesGetAllExResponse>(read),
    get_queue_metrics: op<C.QueuesGetQueueMetricsRequest, C.QueuesGetQueueMetricsResponse>(read),
    /** A queue's length, when get_all_ex cuts its entries with max_task_entries. */
    get_num_entries: op<C.QueueRequest, C.QueuesGetNumEntriesResponse>(read),
    remove_task: op<C.QueueTaskRequest, C.QueuesRemoveTaskResponse>(write),
    move_task_forward: op<C.QueuesMoveTaskRequest, C.QueuesMoveTaskResponse>(write),
    move_task_backward: op<C.QueuesMoveTaskRequest, C.QueuesMoveTaskResponse>(write),
    move_task_to_front: op<C.QueueTaskRequest, C.QueuesMoveTaskResponse>(write),
    move_task_to_back: op<C.QueueTaskRequest, C.QueuesMoveTaskResponse>(write),
  }),
  ...service('workers', {
    get_all: op<C.WorkersGetAllRequest, C.WorkersGetAllResponse>(read),
    get_stats: op<C.WorkersGetStatsRequest, C.WorkersGetStatsResponse>(read),
    get_activity_report: op<C.WorkersGetActivityReportRequest, C.WorkersGetActivityReportResponse>(read),
  }),
  ...service('models', {
    create: op<M.ModelsCreateRequest, M.ModelsCreateResponse>(write),
    get_all_ex: op<M.ModelsGetAllExRequest, M.ModelsGetAllExResponse>(read),
  }),
  ...service('projects', {
    create: op<T.ProjectsCreateRequest, T.ProjectsCreateResponse>(write),
    get_all_ex: op<T.ProjectsGetAllExRequest, T.ProjectsGetAllExResponse>(read),
    get_task_tags: op<TT.ProjectsGetTaskTagsRequest, TT.ProjectsGetTaskTagsResponse>(read),
  }),
  // Every person with a key pair (the monitor's user picker), and who the caller is.
  ...service('users', {
    get_all_ex: op<U.UsersGetAllExRequest, U.UsersGetAllExResponse>(read),
    get_current_user: op<U.UsersGetCurrentUserRequest, U.UsersGetCurrentUserResponse>(read),
  }),
  // What the demo's simulated cluster calls as clearml-agent does (src/demo/cluster.ts,
  // src/demo/simulated-workers.ts): its queues, and workers that register and report.
  ...service('queues', {
    create: op<C.QueuesCreateRequest, C.QueuesCreateResponse>(write),
  }),
  ...service('workers', {
    register: op<C.WorkersRegisterRequest, Record<string, never>>(write),
    unregister: op<C.WorkerRequest, Record<string, never>>(write),
    status_report: op<C.WorkersStatusReportRequest, Record<string, never>>(write),
  }),
};

/**
 * Calls the embedded server also answers for the ClearML SDK (reading back, hyperparameters,
 * configuration, models); tracktop's client does not make them.
 */
const SDK_OPERATIONS = {
  ...service('tasks', {
    get_all: sdkOp<T.TasksGetAllRequest, T.TasksGetAllResponse>(),
    get_by_id: sdkOp<T.TasksGetByIdRequest, T.TasksGetByIdResponse>(),
    edit: sdkOp<T.TasksEditRequest, T.TaskUpdatedResponse>(),
    ping: sdkOp<T.TasksPingRequest, Record<string, never>>(),
    set_requirements: sdkOp<T.TasksSetRequirementsRequest, T.TaskUpdatedResponse>(),
    get_hyper_params: sdkOp<T.TasksGetHyperParamsRequest, T.TasksGetHyperParamsResponse>(),
    delete_hyper_params: sdkOp<T.TasksDeleteHyperParamsRequest, T.HyperParamsDeletedResponse>(),
    get_configurations: sdkOp<T.TasksGetConfigurationsRequest, T.TasksGetConfigurationsResponse>(),
    get_configuration_names: sdkOp<T.TasksGetConfigurationNamesRequest, T.TasksGetConfigurationNamesResponse>(),
    delete_configuration: sdkOp<T.TasksDeleteConfigurationRequest, T.ConfigurationDeletedResponse>(),
    add_or_update_model: sdkOp<M.TasksAddOrUpdateModelRequest, T.UpdatedCountResponse>(),
    reset: sdkOp<T.TasksResetRequest, T.TasksResetResponse>(),
  }),
  ...service('models', {
    get_all: sdkOp<M.ModelsGetAllRequest, M.ModelsGetAllResponse>(),
    get_by_id: sdkOp<M.ModelsGetByIdRequest, M.ModelsGetByIdResponse>(),
    edit: sdkOp<M.ModelsEditRequest, M.ModelUpdatedResponse>(),
    update: sdkOp<M.ModelsUpdateRequest, M.ModelUpdatedResponse>(),
    update_for_task: sdkOp<M.ModelsUpdateForTaskRequest, M.ModelsUpdateForTaskResponse>(),
    set_ready: sdkOp<M.ModelsSetReadyRequest, M.ModelsSetReadyResponse>(),
    add_or_update_metadata: sdkOp<M.ModelsAddOrUpdateMetadataRequest, T.UpdatedCountResponse>(),
    delete: sdkOp<M.ModelsDeleteRequest, M.ModelsDeleteResponse>(),
    archive_many: sdkOp<M.ModelsManyRequest, M.ModelsArchiveManyResponse>(),
    unarchive_many: sdkOp<M.ModelsManyRequest, M.ModelsUnarchiveManyResponse>(),
  }),
  // What clearml-agent and the SDK's Task.enqueue call besides the view's calls.
  ...service('queues', {
    get_by_id: sdkOp<C.QueuesGetByIdRequest, C.QueuesGetByIdResponse>(),
    get_default: sdkOp<C.QueuesGetDefaultRequest, C.QueuesGetDefaultResponse>(),
    delete: sdkOp<C.QueuesDeleteRequest, C.QueuesDeleteResponse>(),
    add_task: sdkOp<C.QueueTaskRequest, C.QueuesAddTaskResponse>(),
    get_next_task: sdkOp<C.QueuesGetNextTaskRequest, C.QueuesGetNextTaskResponse>(),
    peek_task: sdkOp<C.QueueRequest, C.QueuesPeekTaskResponse>(),
  }),
  ...service('workers', {
    set_runtime_properties: sdkOp<C.WorkersSetRuntimePropertiesRequest, C.WorkersSetRuntimePropertiesResponse>(),
    get_runtime_properties: sdkOp<C.WorkerRequest, C.WorkersGetRuntimePropertiesResponse>(),
  }),
  ...service('projects', {
    get_all: sdkOp<T.ProjectsGetAllRequest, T.ProjectsGetAllResponse>(),
    get_by_id: sdkOp<T.ProjectsGetByIdRequest, T.ProjectsGetByIdResponse>(),
    update: sdkOp<T.ProjectsUpdateRequest, T.TaskUpdatedResponse>(),
  }),
};

type Operations = { [K in keyof typeof OPERATIONS]: WireOf<(typeof OPERATIONS)[K]> };
type SdkOperations = { [K in keyof typeof SDK_OPERATIONS]: WireOf<(typeof SDK_OPERATIONS)[K]> };

/** Everything the embedded server answers. */
type ServedOperations = Operations & SdkOperations;
export type ServedEndpoint = keyof ServedOperations;
export type ServedRequestOf<K extends ServedEndpoint> = ServedOperations[K]['req'];

export type Endpoint = keyof Operations;
export type RequestOf<K extends Endpoint> = Operations[K]['req'];
export type ResponseOf<K extends Endpoint> = Operations[K]['res'];

export const ENDPOINTS = Object.keys(OPERATIONS) as Endpoint[];

/** Every endpoint the embedded server answers: tracktop's own and the SDK's. */
export const SERVED_ENDPOINTS: readonly ServedEndpoint[] = [
  ...ENDPOINTS,
  ...(Object.keys(SDK_OPERATIONS) as (keyof SdkOperations)[]),
];
