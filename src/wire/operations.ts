// Every endpoint tracktop speaks, with its request and response types and how it may be
// retried. The client builds one function per entry; the server routes by the same names.
import type { LoginRequest, LoginResponse } from './auth.js';
import type * as E from './events.js';
import type * as R from './reports.js';
import type * as T from './tasks.js';

export interface Operations {
  'auth.login': { req: LoginRequest; res: LoginResponse };

  'reports.archive': { req: R.ReportStatusRequest; res: R.ReportsArchiveResponse };
  'reports.create': { req: R.ReportsCreateRequest; res: R.ReportsCreateResponse };
  'reports.delete': { req: R.ReportsDeleteRequest; res: R.ReportsDeleteResponse };
  'reports.get_all_ex': { req: R.ReportsGetAllExRequest; res: R.ReportsGetAllExResponse };
  'reports.get_tags': { req: R.ReportsGetTagsRequest; res: R.ReportsGetTagsResponse };
  'reports.get_task_data': { req: R.ReportsGetTaskDataRequest; res: R.ReportsGetTaskDataResponse };
  'reports.move': { req: R.ReportsMoveRequest; res: R.ReportsMoveResponse };
  'reports.publish': { req: R.ReportStatusRequest; res: R.UpdatedFieldsResponse };
  'reports.unarchive': { req: R.ReportStatusRequest; res: R.ReportsUnarchiveResponse };
  'reports.update': { req: R.ReportsUpdateRequest; res: R.UpdatedFieldsResponse };

  'events.add': { req: E.EventInput; res: E.AddEventsResponse };
  /** Sent as JSON lines, one event a line. */
  'events.add_batch': { req: E.EventInput[]; res: E.AddEventsResponse };
  'events.clear_scroll': { req: E.ClearScrollRequest; res: E.ClearScrollResponse };
  'events.clear_task_log': { req: E.ClearTaskLogRequest; res: E.DeletedCountResponse };
  'events.delete_for_model': { req: E.DeleteForModelRequest; res: E.DeletedCountResponse };
  'events.delete_for_task': { req: E.DeleteForTaskRequest; res: E.DeletedCountResponse };
  /** Not an envelope: the raw attachment text. */
  'events.download_task_log': { req: E.DownloadTaskLogRequest; res: string };
  'events.debug_images': { req: E.DebugImagesRequest; res: E.DebugImagesResponse };
  'events.plots': { req: E.PlotsRequest; res: E.PlotsResponse };
  'events.get_debug_image_sample': { req: E.GetDebugImageSampleRequest; res: E.DebugImageSampleResponse };
  'events.next_debug_image_sample': { req: E.NextSampleRequest; res: E.DebugImageSampleResponse };
  'events.get_plot_sample': { req: E.GetPlotSampleRequest; res: E.PlotSampleResponse };
  'events.next_plot_sample': { req: E.NextSampleRequest; res: E.PlotSampleResponse };
  'events.get_multi_task_metrics': { req: E.GetMultiTaskMetricsRequest; res: E.GetMultiTaskMetricsResponse };
  'events.get_multi_task_plots': { req: E.GetMultiTaskPlotsRequest; res: E.GetMultiTaskPlotsResponse };
  'events.get_scalar_metric_data': { req: E.GetScalarMetricDataRequest; res: E.GetScalarMetricDataResponse };
  'events.get_scalar_metrics_and_variants': { req: E.TaskOnlyRequest; res: E.MetricsAndVariantsResponse };
  'events.get_task_events': { req: E.GetTaskEventsRequest; res: E.GetTaskEventsResponse };
  'events.get_task_latest_scalar_values': {
    req: E.GetTaskLatestScalarValuesRequest;
    res: E.GetTaskLatestScalarValuesResponse;
  };
  'events.get_task_log': { req: E.GetTaskLogRequest; res: E.GetTaskLogResponse };
  'events.get_task_metrics': { req: E.GetTaskMetricsRequest; res: E.GetTaskMetricsResponse };
  'events.get_task_plots': { req: E.GetTaskPlotsRequest; res: E.GetTaskPlotsResponse };
  'events.get_task_single_value_metrics': {
    req: E.GetTaskSingleValueMetricsRequest;
    res: E.GetTaskSingleValueMetricsResponse;
  };
  'events.get_vector_metrics_and_variants': { req: E.TaskOnlyRequest; res: E.MetricsAndVariantsResponse };
  'events.multi_task_scalar_metrics_iter_histogram': {
    req: E.MultiTaskScalarMetricsIterHistogramRequest;
    res: E.MultiTaskScalarMetricsIterHistogramResponse;
  };
  'events.scalar_metrics_iter_histogram': {
    req: E.ScalarMetricsIterHistogramRequest;
    res: E.ScalarMetricsIterHistogramResponse;
  };
  'events.scalar_metrics_iter_raw': { req: E.ScalarMetricsIterRawRequest; res: E.ScalarMetricsIterRawResponse };
  'events.vector_metrics_iter_histogram': {
    req: E.VectorMetricsIterHistogramRequest;
    res: E.VectorMetricsIterHistogramResponse;
  };

  // Other services' calls a reporting script needs (not in the spec; real request/response shapes).
  'tasks.create': { req: T.TasksCreateRequest; res: T.TasksCreateResponse };
  'tasks.started': { req: T.TaskStatusChangeRequest; res: T.TaskStatusChangeResponse };
  'tasks.stopped': { req: T.TaskStatusChangeRequest; res: T.TaskStatusChangeResponse };
  'tasks.completed': { req: T.TaskStatusChangeRequest; res: T.TaskStatusChangeResponse };
  'tasks.failed': { req: T.TaskStatusChangeRequest; res: T.TaskStatusChangeResponse };
  'tasks.publish': { req: T.TaskStatusChangeRequest; res: T.TaskStatusChangeResponse };
  'tasks.get_all_ex': { req: T.TasksGetAllExRequest; res: T.TasksGetAllExResponse };
  'models.create': { req: T.ModelsCreateRequest; res: T.ModelsCreateResponse };
  'models.get_all_ex': { req: T.ModelsGetAllExRequest; res: T.ModelsGetAllExResponse };
  'projects.create': { req: T.ProjectsCreateRequest; res: T.ProjectsCreateResponse };
  'projects.get_all_ex': { req: T.ProjectsGetAllExRequest; res: T.ProjectsGetAllExResponse };
}

/**
 * Calls the embedded server also answers for the ClearML SDK (reading back, hyperparameters,
 * configuration, artifacts); tracktop's client does not make them.
 */
export interface SdkOperations {
  'tasks.get_all': { req: T.TasksGetAllRequest; res: T.TasksGetAllResponse };
  'tasks.get_by_id': { req: T.TasksGetByIdRequest; res: T.TasksGetByIdResponse };
  'projects.get_all': { req: T.ProjectsGetAllRequest; res: T.ProjectsGetAllResponse };
  'projects.get_by_id': { req: T.ProjectsGetByIdRequest; res: T.ProjectsGetByIdResponse };
  'tasks.edit': { req: T.TasksEditRequest; res: T.TaskUpdatedResponse };
  'tasks.update': { req: T.TasksUpdateRequest; res: T.TaskUpdatedResponse };
  'tasks.ping': { req: T.TasksPingRequest; res: Record<string, never> };
  'tasks.set_requirements': { req: T.TasksSetRequirementsRequest; res: T.TaskUpdatedResponse };
  'tasks.add_or_update_artifacts': { req: T.TasksAddOrUpdateArtifactsRequest; res: T.UpdatedCountResponse };
  'tasks.edit_hyper_params': { req: T.TasksEditHyperParamsRequest; res: T.UpdatedCountResponse };
  'tasks.get_hyper_params': { req: T.TasksGetHyperParamsRequest; res: T.TasksGetHyperParamsResponse };
  'tasks.delete_hyper_params': { req: T.TasksDeleteHyperParamsRequest; res: T.HyperParamsDeletedResponse };
  'tasks.edit_configuration': { req: T.TasksEditConfigurationRequest; res: T.UpdatedCountResponse };
  'tasks.get_configurations': { req: T.TasksGetConfigurationsRequest; res: T.TasksGetConfigurationsResponse };
  'tasks.get_configuration_names': {
    req: T.TasksGetConfigurationNamesRequest;
    res: T.TasksGetConfigurationNamesResponse;
  };
  'tasks.delete_configuration': { req: T.TasksDeleteConfigurationRequest; res: T.ConfigurationDeletedResponse };
}

/** Everything the embedded server answers. */
export type ServedOperations = Operations & SdkOperations;
export type ServedEndpoint = keyof ServedOperations;
export type ServedRequestOf<K extends ServedEndpoint> = ServedOperations[K]['req'];

export type Endpoint = keyof Operations;
export type RequestOf<K extends Endpoint> = Operations[K]['req'];
export type ResponseOf<K extends Endpoint> = Operations[K]['res'];

export interface OperationInfo {
  /** Reads change nothing stored. */
  kind: 'read' | 'write';
  /**
   * Safe to send twice after a network error. Reads that move server-side scroll state
   * (debug_images/plots with a scroll, next_*_sample) are reads but not idempotent.
   */
  idempotent: boolean;
}

const read: OperationInfo = { kind: 'read', idempotent: true };
const statefulRead: OperationInfo = { kind: 'read', idempotent: false };
const write: OperationInfo = { kind: 'write', idempotent: false };

export const OPERATIONS: Record<Endpoint, OperationInfo> = {
  'auth.login': read,
  'reports.archive': write,
  'reports.create': write,
  'reports.delete': write,
  'reports.get_all_ex': read,
  'reports.get_tags': read,
  'reports.get_task_data': read,
  'reports.move': write,
  'reports.publish': write,
  'reports.unarchive': write,
  'reports.update': write,
  'events.add': write,
  'events.add_batch': write,
  'events.clear_scroll': write,
  'events.clear_task_log': write,
  'events.delete_for_model': write,
  'events.delete_for_task': write,
  'events.download_task_log': read,
  'events.debug_images': statefulRead,
  'events.plots': statefulRead,
  'events.get_debug_image_sample': statefulRead,
  'events.next_debug_image_sample': statefulRead,
  'events.get_plot_sample': statefulRead,
  'events.next_plot_sample': statefulRead,
  'events.get_multi_task_metrics': read,
  'events.get_multi_task_plots': read,
  'events.get_scalar_metric_data': read,
  'events.get_scalar_metrics_and_variants': read,
  'events.get_task_events': read,
  'events.get_task_latest_scalar_values': read,
  'events.get_task_log': read,
  'events.get_task_metrics': read,
  'events.get_task_plots': read,
  'events.get_task_single_value_metrics': read,
  'events.get_vector_metrics_and_variants': read,
  'events.multi_task_scalar_metrics_iter_histogram': read,
  'events.scalar_metrics_iter_histogram': read,
  'events.scalar_metrics_iter_raw': read,
  'events.vector_metrics_iter_histogram': read,
  'tasks.create': write,
  'tasks.started': write,
  'tasks.stopped': write,
  'tasks.completed': write,
  'tasks.failed': write,
  'tasks.publish': write,
  'tasks.get_all_ex': read,
  'models.create': write,
  'models.get_all_ex': read,
  'projects.create': write,
  'projects.get_all_ex': read,
};

export const ENDPOINTS = Object.keys(OPERATIONS) as Endpoint[];

const SDK_ENDPOINT_SET: Record<keyof SdkOperations, true> = {
  'tasks.get_all': true,
  'tasks.get_by_id': true,
  'projects.get_all': true,
  'projects.get_by_id': true,
  'tasks.edit': true,
  'tasks.update': true,
  'tasks.ping': true,
  'tasks.set_requirements': true,
  'tasks.add_or_update_artifacts': true,
  'tasks.edit_hyper_params': true,
  'tasks.get_hyper_params': true,
  'tasks.delete_hyper_params': true,
  'tasks.edit_configuration': true,
  'tasks.get_configurations': true,
  'tasks.get_configuration_names': true,
  'tasks.delete_configuration': true,
};

/** Every endpoint the embedded server answers: tracktop's own and the SDK's. */
export const SERVED_ENDPOINTS: readonly ServedEndpoint[] = [
  ...ENDPOINTS,
  ...(Object.keys(SDK_ENDPOINT_SET) as (keyof SdkOperations)[]),
];

/** The operations of the spec: 10 reports.* and 28 events.* (its header says 31; its tables list 28). */
export const SPEC_ENDPOINTS = ENDPOINTS.filter((e) => e.startsWith('reports.') || e.startsWith('events.'));
