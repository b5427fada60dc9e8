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

/** tasks.started, stopped, completed, failed and publish: one request and answer, each a status. */
const taskStatusChange = op<T.TaskStatusChangeRequest, T.TaskStatusChangeResponse>(write);

/** Every endpoint tracktop's client calls: its request and response types, and how it may be retried. */
export const OPERATIONS = {
  'auth.login': op<LoginRequest, LoginResponse>(read),

  'reports.archive': op<R.ReportStatusRequest, R.ReportsArchiveResponse>(write),
  'reports.create': op<R.ReportsCreateRequest, R.ReportsCreateResponse>(write),
  'reports.delete': op<R.ReportsDeleteRequest, R.ReportsDeleteResponse>(write),
  'reports.get_all_ex': op<R.ReportsGetAllExRequest, R.ReportsGetAllExResponse>(read),
  'reports.get_tags': op<R.ReportsGetTagsRequest, R.ReportsGetTagsResponse>(read),
  'reports.get_task_data': op<R.ReportsGetTaskDataRequest, R.ReportsGetTaskDataResponse>(read),
  'reports.move': op<R.ReportsMoveRequest, R.ReportsMoveResponse>(write),
  'reports.publish': op<R.ReportStatusRequest, R.UpdatedFieldsResponse>(write),
  'reports.unarchive': op<R.ReportStatusRequest, R.ReportsUnarchiveResponse>(write),
  'reports.update': op<R.ReportsUpdateRequest, R.UpdatedFieldsResponse>(write),

  'events.add': op<E.EventInput, E.AddEventsResponse>(write),
  /** Sent as JSON lines, one event a line. */
  'events.add_batch': op<E.EventInput[], E.AddEventsResponse>(write),
  'events.clear_scroll': op<E.ClearScrollRequest, E.ClearScrollResponse>(write),
  'events.clear_task_log': op<E.ClearTaskLogRequest, E.DeletedCountResponse>(write),
  'events.delete_for_model': op<E.DeleteForModelRequest, E.DeletedCountResponse>(write),
  'events.delete_for_task': op<E.DeleteForTaskRequest, E.DeletedCountResponse>(write),
  /** Not an envelope: the raw attachment text. */
  'events.download_task_log': op<E.DownloadTaskLogRequest, string>(read),
  'events.debug_images': op<E.DebugImagesRequest, E.DebugImagesResponse>(statefulRead),
  'events.plots': op<E.PlotsRequest, E.PlotsResponse>(statefulRead),
  'events.get_debug_image_sample': op<E.GetDebugImageSampleRequest, E.DebugImageSampleResponse>(statefulRead),
  'events.next_debug_image_sample': op<E.NextSampleRequest, E.DebugImageSampleResponse>(statefulRead),
  'events.get_plot_sample': op<E.GetPlotSampleRequest, E.PlotSampleResponse>(statefulRead),
  'events.next_plot_sample': op<E.NextSampleRequest, E.PlotSampleResponse>(statefulRead),
  'events.get_multi_task_metrics': op<E.GetMultiTaskMetricsRequest, E.GetMultiTaskMetricsResponse>(read),
  'events.get_multi_task_plots': op<E.GetMultiTaskPlotsRequest, E.GetMultiTaskPlotsResponse>(read),
  'events.get_scalar_metric_data': op<E.GetScalarMetricDataRequest, E.GetScalarMetricDataResponse>(read),
  'events.get_scalar_metrics_and_variants': op<E.TaskOnlyRequest, E.MetricsAndVariantsResponse>(read),
  'events.get_task_events': op<E.GetTaskEventsRequest, E.GetTaskEventsResponse>(read),
  'events.get_task_latest_scalar_values': op<E.GetTaskLatestScalarValuesRequest, E.GetTaskLatestScalarValuesResponse>(
    read,
  ),
  'events.get_task_log': op<E.GetTaskLogRequest, E.GetTaskLogResponse>(read),
  'events.get_task_metrics': op<E.GetTaskMetricsRequest, E.GetTaskMetricsResponse>(read),
  'events.get_task_plots': op<E.GetTaskPlotsRequest, E.GetTaskPlotsResponse>(read),
  'events.get_task_single_value_metrics': op<E.GetTaskSingleValueMetricsRequest, E.GetTaskSingleValueMetricsResponse>(
    read,
  ),
  'events.get_vector_metrics_and_variants': op<E.TaskOnlyRequest, E.MetricsAndVariantsResponse>(read),
  'events.multi_task_scalar_metrics_iter_histogram': op<
    E.MultiTaskScalarMetricsIterHistogramRequest,
    E.MultiTaskScalarMetricsIterHistogramResponse
  >(read),
  'events.scalar_metrics_iter_histogram': op<E.ScalarMetricsIterHistogramRequest, E.ScalarMetricsIterHistogramResponse>(
    read,
  ),
  'events.scalar_metrics_iter_raw': op<E.ScalarMetricsIterRawRequest, E.ScalarMetricsIterRawResponse>(read),
  'events.vector_metrics_iter_histogram': op<E.VectorMetricsIterHistogramRequest, E.VectorMetricsIterHistogramResponse>(
    read,
  ),

  // Other services' calls a reporting script needs (not in the spec; real request/response shapes).
  'tasks.create': op<T.TasksCreateRequest, T.TasksCreateResponse>(write),
  'tasks.started': taskStatusChange,
  'tasks.stopped': taskStatusChange,
  'tasks.completed': taskStatusChange,
  'tasks.failed': taskStatusChange,
  'tasks.publish': taskStatusChange,
  'tasks.get_all_ex': op<T.TasksGetAllExRequest, T.TasksGetAllExResponse>(read),
  // What the SDK sends as a script connects its arguments, configuration and artifacts (the demo's runs do too).
  'tasks.edit_hyper_params': op<T.TasksEditHyperParamsRequest, T.UpdatedCountResponse>(write),
  'tasks.edit_configuration': op<T.TasksEditConfigurationRequest, T.UpdatedCountResponse>(write),
  'tasks.add_or_update_artifacts': op<T.TasksAddOrUpdateArtifactsRequest, T.UpdatedCountResponse>(write),
  'tasks.update': op<T.TasksUpdateRequest, T.TaskUpdatedResponse>(write),
  'tasks.archive_many': op<TT.TasksStatusManyRequest, TT.TasksArchiveManyResponse>(write),
  'tasks.unarchive_many': op<TT.TasksStatusManyRequest, TT.TasksUnarchiveManyResponse>(write),
  'tasks.move': op<TT.TasksMoveRequest, TT.TasksMoveResponse>(write),
  'tasks.stop': op<TT.TasksStopRequest, TT.TasksStopResponse>(write),
  'tasks.stop_many': op<TT.TasksStopManyRequest, TT.TasksStopManyResponse>(write),
  'tasks.delete': op<TT.TasksDeleteRequest, TT.TasksDeleteResponse>(write),
  'tasks.delete_many': op<TT.TasksDeleteManyRequest, TT.TasksDeleteManyResponse>(write),
  // Running tasks on workers (the cluster view: clone, enqueue, dequeue, rerun with edits).
  'tasks.clone': op<C.TasksCloneRequest, C.TasksCloneResponse>(write),
  'tasks.enqueue': op<C.TasksEnqueueRequest, C.TasksEnqueueResponse>(write),
  'tasks.dequeue': op<C.TasksDequeueRequest, C.TasksDequeueResponse>(write),

  // What the cluster view reads and changes: queues with their lines and workers, worker stats.
  /** The queue picker of the task list's enqueue and rerun: names and lines, nothing expanded. */
  'queues.get_all': op<C.QueuesGetAllRequest, C.QueuesGetAllResponse>(read),
  'queues.get_all_ex': op<C.QueuesGetAllRequest, C.QueuesGetAllExResponse>(read),
  'queues.get_queue_metrics': op<C.QueuesGetQueueMetricsRequest, C.QueuesGetQueueMetricsResponse>(read),
  /** A queue's length, when get_all_ex cuts its entries with max_task_entries. */
  'queues.get_num_entries': op<C.QueueRequest, C.QueuesGetNumEntriesResponse>(read),
  'queues.remove_task': op<C.QueueTaskRequest, C.QueuesRemoveTaskResponse>(write),
  'queues.move_task_forward': op<C.QueuesMoveTaskRequest, C.QueuesMoveTaskResponse>(write),
  'queues.move_task_backward': op<C.QueuesMoveTaskRequest, C.QueuesMoveTaskResponse>(write),
  'queues.move_task_to_front': op<C.QueueTaskRequest, C.QueuesMoveTaskResponse>(write),
  'queues.move_task_to_back': op<C.QueueTaskRequest, C.QueuesMoveTaskResponse>(write),

  'workers.get_all': op<C.WorkersGetAllRequest, C.WorkersGetAllResponse>(read),
  'workers.get_stats': op<C.WorkersGetStatsRequest, C.WorkersGetStatsResponse>(read),
  'workers.get_activity_report': op<C.WorkersGetActivityReportRequest, C.WorkersGetActivityReportResponse>(read),

  'models.create': op<M.ModelsCreateRequest, M.ModelsCreateResponse>(write),
  'models.get_all_ex': op<M.ModelsGetAllExRequest, M.ModelsGetAllExResponse>(read),

  'projects.create': op<T.ProjectsCreateRequest, T.ProjectsCreateResponse>(write),
  'projects.get_all_ex': op<T.ProjectsGetAllExRequest, T.ProjectsGetAllExResponse>(read),
  'projects.get_task_tags': op<TT.ProjectsGetTaskTagsRequest, TT.ProjectsGetTaskTagsResponse>(read),

  // Every person with a key pair (the monitor's user picker), and who the caller is.
  'users.get_all_ex': op<U.UsersGetAllExRequest, U.UsersGetAllExResponse>(read),
  'users.get_current_user': op<U.UsersGetCurrentUserRequest, U.UsersGetCurrentUserResponse>(read),

  // What the demo's simulated cluster calls as clearml-agent does (src/demo/cluster.ts,
  // src/demo/simulated-workers.ts): its queues, and workers that register and report.
  'queues.create': op<C.QueuesCreateRequest, C.QueuesCreateResponse>(write),
  'workers.register': op<C.WorkersRegisterRequest, Record<string, never>>(write),
  'workers.unregister': op<C.WorkerRequest, Record<string, never>>(write),
  'workers.status_report': op<C.WorkersStatusReportRequest, Record<string, never>>(write),
};

/**
 * Calls the embedded server also answers for the ClearML SDK (reading back, hyperparameters,
 * configuration, models); tracktop's client does not make them.
 */
const SDK_OPERATIONS = {
  'tasks.get_all': sdkOp<T.TasksGetAllRequest, T.TasksGetAllResponse>(),
  'tasks.get_by_id': sdkOp<T.TasksGetByIdRequest, T.TasksGetByIdResponse>(),
  'tasks.edit': sdkOp<T.TasksEditRequest, T.TaskUpdatedResponse>(),
  'tasks.ping': sdkOp<T.TasksPingRequest, Record<string, never>>(),
  'tasks.set_requirements': sdkOp<T.TasksSetRequirementsRequest, T.TaskUpdatedResponse>(),
  'tasks.get_hyper_params': sdkOp<T.TasksGetHyperParamsRequest, T.TasksGetHyperParamsResponse>(),
  'tasks.delete_hyper_params': sdkOp<T.TasksDeleteHyperParamsRequest, T.HyperParamsDeletedResponse>(),
  'tasks.get_configurations': sdkOp<T.TasksGetConfigurationsRequest, T.TasksGetConfigurationsResponse>(),
  'tasks.get_configuration_names': sdkOp<T.TasksGetConfigurationNamesRequest, T.TasksGetConfigurationNamesResponse>(),
  'tasks.delete_configuration': sdkOp<T.TasksDeleteConfigurationRequest, T.ConfigurationDeletedResponse>(),
  'tasks.add_or_update_model': sdkOp<M.TasksAddOrUpdateModelRequest, T.UpdatedCountResponse>(),
  'tasks.reset': sdkOp<T.TasksResetRequest, T.TasksResetResponse>(),

  'models.get_all': sdkOp<M.ModelsGetAllRequest, M.ModelsGetAllResponse>(),
  'models.get_by_id': sdkOp<M.ModelsGetByIdRequest, M.ModelsGetByIdResponse>(),
  'models.edit': sdkOp<M.ModelsEditRequest, M.ModelUpdatedResponse>(),
  'models.update': sdkOp<M.ModelsUpdateRequest, M.ModelUpdatedResponse>(),
  'models.update_for_task': sdkOp<M.ModelsUpdateForTaskRequest, M.ModelsUpdateForTaskResponse>(),
  'models.set_ready': sdkOp<M.ModelsSetReadyRequest, M.ModelsSetReadyResponse>(),
  'models.add_or_update_metadata': sdkOp<M.ModelsAddOrUpdateMetadataRequest, T.UpdatedCountResponse>(),
  'models.delete': sdkOp<M.ModelsDeleteRequest, M.ModelsDeleteResponse>(),
  'models.archive_many': sdkOp<M.ModelsManyRequest, M.ModelsArchiveManyResponse>(),
  'models.unarchive_many': sdkOp<M.ModelsManyRequest, M.ModelsUnarchiveManyResponse>(),

  // What clearml-agent and the SDK's Task.enqueue call besides the view's calls.
  'queues.get_by_id': sdkOp<C.QueuesGetByIdRequest, C.QueuesGetByIdResponse>(),
  'queues.get_default': sdkOp<C.QueuesGetDefaultRequest, C.QueuesGetDefaultResponse>(),
  'queues.delete': sdkOp<C.QueuesDeleteRequest, C.QueuesDeleteResponse>(),
  'queues.add_task': sdkOp<C.QueueTaskRequest, C.QueuesAddTaskResponse>(),
  'queues.get_next_task': sdkOp<C.QueuesGetNextTaskRequest, C.QueuesGetNextTaskResponse>(),
  'queues.peek_task': sdkOp<C.QueueRequest, C.QueuesPeekTaskResponse>(),

  'workers.set_runtime_properties': sdkOp<
    C.WorkersSetRuntimePropertiesRequest,
    C.WorkersSetRuntimePropertiesResponse
  >(),
  'workers.get_runtime_properties': sdkOp<C.WorkerRequest, C.WorkersGetRuntimePropertiesResponse>(),

  'projects.get_all': sdkOp<T.ProjectsGetAllRequest, T.ProjectsGetAllResponse>(),
  'projects.get_by_id': sdkOp<T.ProjectsGetByIdRequest, T.ProjectsGetByIdResponse>(),
  'projects.update': sdkOp<T.ProjectsUpdateRequest, T.TaskUpdatedResponse>(),
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
