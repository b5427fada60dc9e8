// events.* reads of raw events, logs, scalars and histograms (docs/wire-facts.md §6.2–§6.5); the event
// records themselves are in ./events.ts, which re-exports these.
import type { MetricVariants, ScalarKey, ScrollId, SortOrder } from './common.js';
import type { EventTypeFilter, LogEvent, ScalarEvent, StoredEvent } from './events.js';

// ---- raw events and scalars ------------------------------------------------------------

export interface GetScalarMetricDataRequest {
  task: string;
  metric: string;
  model_events?: boolean;
  no_scroll?: boolean;
  scroll_id?: ScrollId;
}
export interface GetScalarMetricDataResponse {
  events: ScalarEvent[];
  returned: number;
  total: number;
  /** "FFFF" marks an exhausted Elasticsearch scroll; null with no_scroll. */
  scroll_id: ScrollId | null;
}

export interface GetTaskEventsRequest {
  task: string;
  batch_size?: number;
  event_type?: EventTypeFilter;
  metrics?: MetricVariants[];
  model_events?: boolean;
  order?: SortOrder;
  count_total?: boolean;
  scroll_id?: ScrollId;
}
export interface GetTaskEventsResponse {
  events: StoredEvent[];
  returned: number;
  total: number | null;
  scroll_id: ScrollId;
}

export interface LatestScalarVariant {
  name: string;
  last_value: number;
  /** What real servers send (in practice equal to last_value). */
  last_10_value?: number;
  /** What the spec names (mean of the last 100 values). */
  last_100_value?: number;
}
export interface GetTaskLatestScalarValuesRequest {
  task: string;
}
export interface GetTaskLatestScalarValuesResponse {
  metrics: { name: string; variants: LatestScalarVariant[] }[];
  last_iter?: number;
  name?: string;
  status?: string;
  last_timestamp?: number;
}

export interface GetTaskLogRequest {
  task: string;
  batch_size?: number;
  /** Epoch ms, exclusive. */
  from_timestamp?: number;
  /**
   * tracktop's server only (real servers have no such field; send it only to a server whose
   * events carry `seq`): with `from_timestamp`, the `seq` of the last log held at that
   * timestamp. The page then continues after that log, inside the timestamp, instead of
   * skipping every log at `from_timestamp`.
   */
  from_seq?: number;
  metrics?: MetricVariants[];
  navigate_earlier?: boolean;
  order?: SortOrder;
}
export interface GetTaskLogResponse {
  events: LogEvent[];
  returned: number;
  /** All logs of the task, capped at 10000: never show it as a line count. */
  total: number;
  /**
   * tracktop's server only: the page stopped at its byte bound (about 8 MB) before batch_size,
   * and more logs follow in its direction. Without it, a page shorter than batch_size is the last.
   */
  more?: boolean;
}

export interface GetTaskSingleValueMetricsRequest {
  tasks: string[];
  metrics?: MetricVariants[];
  model_events?: boolean;
}
export interface SingleValue {
  metric: string;
  variant: string;
  value: number;
  timestamp: number;
}
export interface TaskSingleValues {
  task: string;
  task_name: string;
  values: SingleValue[];
}
export interface GetTaskSingleValueMetricsResponse {
  tasks: TaskSingleValues[];
}

// ---- histograms ------------------------------------------------------------------------

export interface HistogramSeries {
  name: string;
  x: (number | string)[];
  y: number[];
  x_axis_label?: string;
}
/** metric → variant → series. The shape real servers send (the spec's `images` array is normalised into it). */
export type ScalarHistogram = Record<string, Record<string, HistogramSeries>>;

export interface ScalarMetricsIterHistogramRequest {
  task: string;
  key?: ScalarKey;
  metrics?: MetricVariants[];
  model_events?: boolean;
  /** Real servers: default 2000, 1..6000. tracktop's server also takes 0 = all points. */
  samples?: number;
}
export type ScalarMetricsIterHistogramResponse = ScalarHistogram;

export interface MultiTaskScalarMetricsIterHistogramRequest {
  tasks: string[];
  key?: ScalarKey;
  metrics?: MetricVariants[];
  model_events?: boolean;
  samples?: number;
}
/** metrics[metric][variant][taskId] = series named after the task. */
export interface MultiTaskScalarMetricsIterHistogramResponse {
  metrics: Record<string, Record<string, Record<string, HistogramSeries>>>;
}

export interface ScalarMetricsIterRawRequest {
  task: string;
  metric: MetricVariants;
  key?: 'iter' | 'timestamp' | 'iso_time';
  batch_size?: number;
  count_total?: boolean;
  model_events?: boolean;
  scroll_id?: ScrollId;
}
/** variants[V] = {y: [...], <key>: [...]} where <key> is the requested key name. */
export interface ScalarMetricsIterRawResponse {
  returned: number;
  total: number | null;
  scroll_id: ScrollId;
  variants: Record<string, { y: number[] } & Record<string, number[]>>;
}

export interface VectorMetricsIterHistogramRequest {
  task: string;
  metric: string;
  variant: string;
  model_events?: boolean;
}
export interface VectorMetricsIterHistogramResponse {
  metric: string;
  variant: string;
  vectors: number[][];
  iterations: number[];
}
