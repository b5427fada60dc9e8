// The `queues` and `workers` services and the task calls that run tasks on workers
// (tasks.clone / enqueue / dequeue), with the request and response models of the ClearML SDK's
// v2_23 services: what clearml-agent and the SDK send and read, and what the cluster view shows.
import type { IsoDateTime, TaskStatus } from './common.js';
import type { ConfigurationItem, ListPaging, ParamsItem } from './tasks.js';

/** An `{id, name}` pair (worker's user and company, a running task's project). */
interface IdName {
  id: string;
  name?: string;
}

// ---- queues ----

/** One waiting task: its id and when it was added (`*_ex` calls expand `task` to `{id, name}`). */
interface QueueEntry {
  task: string;
  added: IsoDateTime;
}
interface QueueEntryEx {
  task: IdName;
  added: IsoDateTime;
}

export interface Queue {
  id: string;
  name: string;
  user?: string;
  company?: string;
  created?: IsoDateTime;
  last_update?: IsoDateTime;
  tags?: string[];
  system_tags?: string[];
  /** First in line first. */
  entries?: QueueEntry[];
  metadata?: Record<string, unknown>;
}

/** A worker listening to a queue, as queues.get_all_ex lists it. */
export interface QueueWorker {
  name: string;
  ip: string;
  task: IdName | null;
}
/** `*_ex` calls keep references as objects. */
interface QueueEx extends Omit<Queue, 'entries' | 'user' | 'company'> {
  user?: IdName;
  company?: IdName;
  entries?: QueueEntryEx[];
  workers?: QueueWorker[];
}

export interface QueuesGetAllRequest extends ListPaging {
  id?: string[];
  /** A pattern (Python `re` syntax), matched anywhere in the name. */
  name?: string;
  tags?: string[];
  system_tags?: string[];
  /** Entries returned per queue, first ones first (all when absent). */
  max_task_entries?: number;
  search_text?: string;
  search_hidden?: boolean;
}
export interface QueuesGetAllResponse {
  queues: Queue[];
  scroll_id?: string;
}
export interface QueuesGetAllExResponse {
  queues: QueueEx[];
  scroll_id?: string;
}

export interface QueuesCreateRequest {
  name: string;
  tags?: string[];
  system_tags?: string[];
}
export interface QueuesCreateResponse {
  id: string;
}
export interface QueueRequest {
  queue: string;
}
export interface QueuesGetByIdRequest {
  queue: string;
  max_task_entries?: number;
}
export interface QueuesGetByIdResponse {
  queue: Queue;
}
export type QueuesGetDefaultRequest = Record<string, never>;
export interface QueuesGetDefaultResponse {
  id: string;
  name: string;
}
export interface QueuesDeleteRequest {
  queue: string;
  force?: boolean;
}
export interface QueuesDeleteResponse {
  deleted: number;
}
export interface QueueTaskRequest {
  queue: string;
  task: string;
}
export interface QueuesAddTaskResponse {
  added: number;
}
export interface QueuesRemoveTaskResponse {
  removed: number;
}
export interface QueuesGetNextTaskRequest {
  queue: string;
  /** Pop only when this task is first in line. */
  task?: string;
  get_task_info?: boolean;
}
/** `{}` when the queue is empty. */
export interface QueuesGetNextTaskResponse {
  entry?: QueueEntry;
  task_info?: { company: string; user: string };
}
export interface QueuesMoveTaskRequest {
  queue: string;
  task: string;
  /** Places to move (default 1). */
  count?: number;
}
/** The task's new place in line, 0 first. */
export interface QueuesMoveTaskResponse {
  position: number;
}
export interface QueuesGetNumEntriesResponse {
  num: number;
}
export interface QueuesPeekTaskResponse {
  task: string | null;
}
export interface QueuesGetQueueMetricsRequest {
  /** Epoch seconds. */
  from_date: number;
  to_date: number;
  /** Seconds per point. */
  interval: number;
  queue_ids?: string[];
  refresh?: boolean;
}
/**
 * Per interval with samples (its start, epoch ms): the longest mean wait of the queue's waiting
 * tasks sampled in it (seconds), and the queue's length at that sample.
 */
export interface QueueMetrics {
  queue: string;
  dates: number[];
  avg_waiting_times: number[];
  queue_lengths: number[];
}
export interface QueuesGetQueueMetricsResponse {
  queues: QueueMetrics[];
}

// ---- workers ----

export interface WorkersRegisterRequest {
  worker: string;
  /** Seconds without a report after which the worker is gone (default 600). */
  timeout?: number;
  queues?: string[];
  tags?: string[];
  system_tags?: string[];
}
export interface WorkerRequest {
  worker: string;
}

/** What clearml-agent reports every 30 s; lists are per CPU core / GPU. */
export interface MachineStats {
  cpu_usage?: number[];
  cpu_temperature?: number[];
  gpu_usage?: number[];
  gpu_temperature?: number[];
  gpu_memory_free?: number[];
  gpu_memory_used?: number[];
  memory_used?: number;
  memory_free?: number;
  disk_free_home?: number;
  disk_free_temp?: number;
  disk_read?: number;
  disk_write?: number;
  network_rx?: number;
  network_tx?: number;
}
export interface WorkersStatusReportRequest {
  worker: string;
  /** Epoch ms. */
  timestamp: number;
  machine_stats?: MachineStats;
  /** The task it runs, and the queue it took it from. */
  task?: string;
  queue?: string;
  queues?: string[];
  tags?: string[];
  system_tags?: string[];
}

/** A queue a worker listens to, with what waits there. */
export interface WorkerQueue {
  id: string;
  name?: string;
  num_tasks?: number;
  next_task?: IdName;
}
interface WorkerTask extends IdName {
  /** ms since the task started. */
  running_time?: number;
  last_iteration?: number;
}
export interface Worker {
  id: string;
  user?: IdName;
  company?: IdName;
  ip?: string;
  register_time?: IsoDateTime;
  last_activity_time?: IsoDateTime;
  last_report_time?: IsoDateTime;
  task?: WorkerTask;
  project?: IdName;
  queue?: WorkerQueue;
  queues?: WorkerQueue[];
  tags?: string[];
  system_tags?: string[];
}
export interface WorkersGetAllRequest {
  /** Only workers active within this many seconds. */
  last_seen?: number;
  tags?: string[];
  system_tags?: string[];
}
export interface WorkersGetAllResponse {
  workers: Worker[];
}

type StatAggregation = 'avg' | 'min' | 'max';
export const STAT_AGGREGATIONS: readonly StatAggregation[] = ['avg', 'min', 'max'];
export interface StatItem {
  /** A machine_stats field: cpu_usage, memory_used, gpu_usage, ... */
  key: string;
  aggregation: StatAggregation;
}
export interface WorkersGetStatsRequest {
  worker_ids?: string[];
  /** Epoch seconds. */
  from_date: number;
  to_date: number;
  /** Seconds per point. */
  interval: number;
  items: StatItem[];
  /** One series per core / GPU instead of their mean. */
  split_by_variant?: boolean;
}
interface AggregationStats {
  aggregation: StatAggregation;
  values: number[];
}
export interface MetricStats {
  metric: string;
  variant?: string;
  /** Interval starts, epoch ms. */
  dates: number[];
  stats: AggregationStats[];
}
export interface WorkerStats {
  worker: string;
  metrics: MetricStats[];
}
export interface WorkersGetStatsResponse {
  workers: WorkerStats[];
}
export interface WorkersGetActivityReportRequest {
  from_date: number;
  to_date: number;
  interval: number;
}
/** Per interval (start in epoch ms): how many workers reported. */
interface ActivitySeries {
  dates: number[];
  counts: number[];
}
export interface WorkersGetActivityReportResponse {
  /** Workers that reported. */
  total: ActivitySeries;
  /** Those of them that ran a task. */
  active: ActivitySeries;
}
interface RuntimeProperty {
  key: string;
  value: string;
  /** Seconds to live; 0 removes the property. */
  expiry?: number;
}
export interface WorkersSetRuntimePropertiesRequest {
  worker: string;
  runtime_properties: RuntimeProperty[];
}
export interface WorkersSetRuntimePropertiesResponse {
  added: string[];
  removed: string[];
  errors: string[];
}
export interface WorkersGetRuntimePropertiesResponse {
  runtime_properties: RuntimeProperty[];
}

// ---- tasks run by workers ----

export interface TasksCloneRequest {
  task: string;
  new_task_name?: string;
  new_task_comment?: string;
  new_task_tags?: string[];
  new_task_system_tags?: string[];
  new_task_parent?: string;
  new_task_project?: string;
  /** A project to put the clone in, created when missing. */
  new_project_name?: string;
  /** Replace the source's whole hyperparameters: {section: {name: item}}. */
  new_task_hyperparams?: Record<string, Record<string, ParamsItem>>;
  new_task_configuration?: Record<string, ConfigurationItem>;
  new_task_container?: Record<string, unknown>;
  new_task_input_models?: Record<string, unknown>[];
  /** Fields of `execution` to replace. */
  execution_overrides?: Record<string, unknown>;
  validate_references?: boolean;
}
export interface TasksCloneResponse {
  id: string;
  new_project?: IdName;
}
export interface TasksEnqueueRequest {
  task: string;
  /** A queue id; with neither it nor queue_name, the default queue. */
  queue?: string;
  /** A queue name, created when missing. */
  queue_name?: string;
  status_reason?: string;
  status_message?: string;
  verify_watched_queue?: boolean;
  force?: boolean;
}
export interface TasksEnqueueResponse {
  queued: number;
  updated: number;
  fields: Record<string, unknown>;
  /** Only when asked with verify_watched_queue: whether a live worker listens to the queue. */
  queue_watched?: boolean;
}
export interface TasksDequeueRequest {
  task: string;
  /** The status after (default: the one before it was queued). */
  new_status?: TaskStatus;
  remove_from_all_queues?: boolean;
  status_reason?: string;
  status_message?: string;
}
export interface TasksDequeueResponse {
  dequeued: number;
  updated: number;
  fields?: Record<string, unknown>;
}
