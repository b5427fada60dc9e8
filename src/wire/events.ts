// Event records and the 28 events.* operations (docs/wire-facts.md §3–§8). Where the spec and real
// servers differ (docs/wire-facts.md §0), these types describe what real servers send; the client
// normalises the older/spec shapes into these.
import type { MetricVariants, ScrollId, TaskMetricVariants } from './common.js';

export type EventType = 'training_stats_scalar' | 'training_stats_vector' | 'training_debug_image' | 'plot' | 'log';
export const EVENT_TYPES: readonly EventType[] = [
  'training_stats_scalar',
  'training_stats_vector',
  'training_debug_image',
  'plot',
  'log',
];
/** Request fields typed as an event type also accept "*" (all types). */
export type EventTypeFilter = EventType | '*';

/** Single value metrics are scalars reported at this iteration (-2^31). */
export const SINGLE_VALUE_ITER = -2147483648;

export type LogLevel = 'notset' | 'debug' | 'verbose' | 'info' | 'warn' | 'warning' | 'error' | 'fatal' | 'critical';

// ---- writing ---------------------------------------------------------------------------

interface EventInputBase {
  /** Task id, or model id when `model_event` is true. */
  task: string;
  /** Epoch milliseconds; the server fills "now" when absent. */
  timestamp?: number;
  iter?: number;
  metric?: string;
  variant?: string;
  worker?: string;
  model_event?: boolean;
  /** Write to a published task / ready model. Consumed by the server, not stored. */
  allow_locked?: boolean;
  [extra: string]: unknown;
}

export interface ScalarEventInput extends EventInputBase {
  type: 'training_stats_scalar';
  value: number;
  x_axis_label?: string;
}
interface VectorEventInput extends EventInputBase {
  type: 'training_stats_vector';
  /** Stored and returned as `value`. */
  values: number[];
}
export interface DebugImageEventInput extends EventInputBase {
  type: 'training_debug_image';
  url: string;
  key?: string;
}
export interface PlotEventInput extends EventInputBase {
  type: 'plot';
  /** A Plotly figure as a JSON string. */
  plot_str: string;
  skip_validation?: boolean;
}
export interface LogEventInput extends EventInputBase {
  type: 'log';
  msg: string;
  level?: LogLevel | string;
}
export type EventInput = ScalarEventInput | VectorEventInput | DebugImageEventInput | PlotEventInput | LogEventInput;

// ---- stored / read ---------------------------------------------------------------------

interface StoredEventBase {
  task: string;
  timestamp: number;
  iter?: number;
  metric: string;
  variant: string;
  worker: string;
  model_event: boolean;
  /** Write time, `YYYY-MM-DDTHH:MM:SS.mmmZ`. */
  '@timestamp': string;
  /** Unknown fields written by clients are stored and returned as-is. */
  [extra: string]: unknown;
}
export interface ScalarEvent extends StoredEventBase {
  type: 'training_stats_scalar';
  value: number;
}
interface VectorEvent extends StoredEventBase {
  type: 'training_stats_vector';
  value: number[];
}
export interface DebugImageEvent extends StoredEventBase {
  type: 'training_debug_image';
  url: string;
  key?: string;
}
export interface PlotEvent extends StoredEventBase {
  type: 'plot';
  plot_str: string;
  plot_len: number;
  source_urls?: string[];
}
export interface LogEvent extends StoredEventBase {
  type: 'log';
  msg: string;
  level: string;
  /**
   * tracktop's server only: the log's place among the task's logs sharing its timestamp
   * (insertion order). `from_timestamp` + `from_seq` of a page's last log continue after it.
   */
  seq?: number;
}
export type StoredEvent = ScalarEvent | VectorEvent | DebugImageEvent | PlotEvent | LogEvent;

/** `events.add` / `add_batch` result. */
export interface AddEventsResponse {
  added: number;
  errors: number;
  /** Reason text → count, e.g. {"Invalid task id abc": 1}. */
  errors_info: Record<string, number>;
}

// ---- deleting --------------------------------------------------------------------------

export interface ClearScrollRequest {
  scroll_id?: ScrollId;
}
export type ClearScrollResponse = Record<string, never>;

export interface ClearTaskLogRequest {
  task: string;
  allow_locked?: boolean;
  include_metrics?: string[];
  exclude_metrics?: string[];
  threshold_sec?: number;
}
export interface DeletedCountResponse {
  /** The spec says boolean; real servers send the number of deleted events (normalised to a number). */
  deleted: number;
}
export interface DeleteForTaskRequest {
  task: string;
  allow_locked?: boolean;
}
export interface DeleteForModelRequest {
  model: string;
  allow_locked?: boolean;
}

type LogLineType = 'json' | 'text';
export interface DownloadTaskLogRequest {
  task: string;
  line_type?: LogLineType;
  /** Placeholders asctime, level, worker, msg. Default `{asctime} {worker} {level} {msg}`. */
  line_format?: string;
}
export const DEFAULT_LOG_LINE_FORMAT = '{asctime} {worker} {level} {msg}';

// ---- debug images and plots: iteration paging and sample navigation -------------------

export interface IterationPagingRequest {
  metrics: TaskMetricVariants[];
  iters?: number;
  model_events?: boolean;
  navigate_earlier?: boolean;
  refresh?: boolean;
  scroll_id?: ScrollId;
}
export interface IterationEvents<E> {
  iter: number;
  events: E[];
}
export interface TaskIterations<E> {
  task: string;
  iterations: IterationEvents<E>[];
}
interface IterationPagingResponse<E> {
  /** Absent when the company has no data of this type at all. */
  scroll_id?: ScrollId;
  metrics: TaskIterations<E>[];
}
export type DebugImagesRequest = IterationPagingRequest;
export type DebugImagesResponse = IterationPagingResponse<DebugImageEvent>;
export type PlotsRequest = IterationPagingRequest;
export type PlotsResponse = IterationPagingResponse<PlotEvent>;

export interface GetDebugImageSampleRequest {
  task: string;
  metric: string;
  variant: string;
  iteration?: number;
  model_events?: boolean;
  navigate_current_metric?: boolean;
  refresh?: boolean;
  scroll_id?: ScrollId;
}
export interface NextSampleRequest {
  task: string;
  scroll_id: ScrollId;
  model_events?: boolean;
  next_iteration?: boolean;
  navigate_earlier?: boolean;
}
export interface DebugImageSampleResponse {
  scroll_id: ScrollId | null;
  event: DebugImageEvent | null;
  min_iteration: number | null;
  max_iteration: number | null;
}
export interface GetPlotSampleRequest {
  task: string;
  metric: string;
  iteration?: number;
  model_events?: boolean;
  navigate_current_metric?: boolean;
  refresh?: boolean;
  scroll_id?: ScrollId;
}
export interface PlotSampleResponse {
  scroll_id: ScrollId | null;
  events: PlotEvent[];
  min_iteration: number | null;
  max_iteration: number | null;
}

// ---- metric discovery ------------------------------------------------------------------

export interface GetMultiTaskMetricsRequest {
  tasks: string[];
  event_type?: EventTypeFilter;
  model_events?: boolean;
}
export interface GetMultiTaskMetricsResponse {
  metrics: Required<MetricVariants>[];
}

export interface GetTaskMetricsRequest {
  tasks: string[];
  /** Required by real servers (400/12 when absent). */
  event_type: EventTypeFilter;
  model_events?: boolean;
}
export interface GetTaskMetricsResponse {
  metrics: { task: string; metrics: string[] }[];
}

export interface TaskOnlyRequest {
  task: string;
  model_events?: boolean;
}
/** metric → variants. Real servers send an object for both scalars and vectors (the spec says array for vectors). */
export interface MetricsAndVariantsResponse {
  metrics: Record<string, string[]>;
}

// ---- plots (multi-task and per task) ---------------------------------------------------

export interface GetMultiTaskPlotsRequest {
  tasks: string[];
  iters?: number;
  last_iters_per_task_metric?: boolean;
  metrics?: MetricVariants[];
  model_events?: boolean;
  no_scroll?: boolean;
  scroll_id?: ScrollId;
}
/** plots[metric][variant][taskId][String(iter)] = {name: task name, plots}. */
export type MultiTaskPlots = Record<
  string,
  Record<string, Record<string, Record<string, { name: string; plots: PlotEvent[] }>>>
>;
export interface GetMultiTaskPlotsResponse {
  plots: MultiTaskPlots;
  /** Number of metric keys (not events). */
  returned: number;
  /** Capped at 10000. */
  total: number;
  scroll_id: ScrollId | null;
}

export interface GetTaskPlotsRequest {
  task: string;
  iters?: number;
  metrics?: MetricVariants[];
  model_events?: boolean;
  no_scroll?: boolean;
  scroll_id?: ScrollId;
}
export interface GetTaskPlotsResponse {
  plots: PlotEvent[];
  returned: number;
  total: number;
  scroll_id: ScrollId | null;
}

export type * from './event-reads.js';
