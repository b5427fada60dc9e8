// The camelCase function names of every operation, grouped by service. The client builds
// one function per entry from this table.
import type { Endpoint, RequestOf, ResponseOf } from '../wire/operations.js';

export const SERVICE_METHODS = {
  auth: {
    login: 'auth.login',
  },
  reports: {
    archive: 'reports.archive',
    create: 'reports.create',
    delete: 'reports.delete',
    getAllEx: 'reports.get_all_ex',
    getTags: 'reports.get_tags',
    getTaskData: 'reports.get_task_data',
    move: 'reports.move',
    publish: 'reports.publish',
    unarchive: 'reports.unarchive',
    update: 'reports.update',
  },
  events: {
    add: 'events.add',
    addBatch: 'events.add_batch',
    clearScroll: 'events.clear_scroll',
    clearTaskLog: 'events.clear_task_log',
    deleteForModel: 'events.delete_for_model',
    deleteForTask: 'events.delete_for_task',
    downloadTaskLog: 'events.download_task_log',
    debugImages: 'events.debug_images',
    plots: 'events.plots',
    getDebugImageSample: 'events.get_debug_image_sample',
    nextDebugImageSample: 'events.next_debug_image_sample',
    getPlotSample: 'events.get_plot_sample',
    nextPlotSample: 'events.next_plot_sample',
    getMultiTaskMetrics: 'events.get_multi_task_metrics',
    getMultiTaskPlots: 'events.get_multi_task_plots',
    getScalarMetricData: 'events.get_scalar_metric_data',
    getScalarMetricsAndVariants: 'events.get_scalar_metrics_and_variants',
    getTaskEvents: 'events.get_task_events',
    getTaskLatestScalarValues: 'events.get_task_latest_scalar_values',
    getTaskLog: 'events.get_task_log',
    getTaskMetrics: 'events.get_task_metrics',
    getTaskPlots: 'events.get_task_plots',
    getTaskSingleValueMetrics: 'events.get_task_single_value_metrics',
    getVectorMetricsAndVariants: 'events.get_vector_metrics_and_variants',
    multiTaskScalarMetricsIterHistogram: 'events.multi_task_scalar_metrics_iter_histogram',
    scalarMetricsIterHistogram: 'events.scalar_metrics_iter_histogram',
    scalarMetricsIterRaw: 'events.scalar_metrics_iter_raw',
    vectorMetricsIterHistogram: 'events.vector_metrics_iter_histogram',
  },
  tasks: {
    create: 'tasks.create',
    started: 'tasks.started',
    stopped: 'tasks.stopped',
    completed: 'tasks.completed',
    failed: 'tasks.failed',
    publish: 'tasks.publish',
    getAllEx: 'tasks.get_all_ex',
    editHyperParams: 'tasks.edit_hyper_params',
    editConfiguration: 'tasks.edit_configuration',
    addOrUpdateArtifacts: 'tasks.add_or_update_artifacts',
    update: 'tasks.update',
    archiveMany: 'tasks.archive_many',
    unarchiveMany: 'tasks.unarchive_many',
    move: 'tasks.move',
    stop: 'tasks.stop',
    stopMany: 'tasks.stop_many',
    delete: 'tasks.delete',
    deleteMany: 'tasks.delete_many',
    clone: 'tasks.clone',
    enqueue: 'tasks.enqueue',
    dequeue: 'tasks.dequeue',
  },
  queues: {
    getAllEx: 'queues.get_all_ex',
    getQueueMetrics: 'queues.get_queue_metrics',
    getNumEntries: 'queues.get_num_entries',
    removeTask: 'queues.remove_task',
    moveTaskForward: 'queues.move_task_forward',
    moveTaskBackward: 'queues.move_task_backward',
    moveTaskToFront: 'queues.move_task_to_front',
    moveTaskToBack: 'queues.move_task_to_back',
  },
  workers: {
    getAll: 'workers.get_all',
    getStats: 'workers.get_stats',
    getActivityReport: 'workers.get_activity_report',
  },
  models: {
    create: 'models.create',
    getAllEx: 'models.get_all_ex',
  },
  projects: {
    create: 'projects.create',
    getAllEx: 'projects.get_all_ex',
    getTaskTags: 'projects.get_task_tags',
  },
  users: {
    getAllEx: 'users.get_all_ex',
    getCurrentUser: 'users.get_current_user',
  },
} as const satisfies Record<string, Record<string, Endpoint>>;

export type ServiceName = keyof typeof SERVICE_METHODS;

export interface CallOptions<P = never> {
  signal?: AbortSignal | undefined;
  /** Total deadline of this call in ms (default: the client's). */
  timeoutMs?: number | undefined;
  /**
   * Reads a successful answer's body before it is decoded: a value it returns or resolves (not
   * undefined) is the call's result instead, and the body is never parsed (for pages mostly
   * skipped).
   */
  peek?: ((body: string) => P | undefined | Promise<P | undefined>) | undefined;
}

/** The request may be left out when an empty object is a valid request (auth.login, reports.get_tags, ...). */
export type CallArgs<K extends Endpoint, P = never> =
  Record<string, never> extends RequestOf<K>
    ? [req?: RequestOf<K>, opts?: CallOptions<P>]
    : [req: RequestOf<K>, opts?: CallOptions<P>];

export type OperationFn<K extends Endpoint> = <P = never>(...args: CallArgs<K, P>) => Promise<ResponseOf<K> | P>;

export type ServiceClient<M extends Record<string, Endpoint>> = { readonly [F in keyof M]: OperationFn<M[F]> };

export type ServiceClients = { readonly [S in ServiceName]: ServiceClient<(typeof SERVICE_METHODS)[S]> };
