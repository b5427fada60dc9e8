// Small shapes used by several services.

/** `{metric, variants?}`: an absent or empty `variants` means every variant of the metric. */
export interface MetricVariants {
  metric: string;
  variants?: string[];
}

/** `{task, metric?, variants?}`: an entry without `metric` means every metric of the task. */
export interface TaskMetricVariants {
  task: string;
  metric?: string;
  variants?: string[];
}

export type ScalarKey = 'iter' | 'timestamp' | 'iso_time';
export const SCALAR_KEYS: readonly ScalarKey[] = ['iter', 'timestamp', 'iso_time'];

export type SortOrder = 'asc' | 'desc';

/** Reference fields come back as `{id}` objects, expanded with more keys when asked for in only_fields. */
export interface EntityRef {
  id: string;
  name?: string;
  [key: string]: unknown;
}

/** An ISO-8601 UTC string with explicit offset, e.g. "2025-01-01T10:20:30.123000+00:00". */
export type IsoDateTime = string;

/** Task statuses of real servers (docs/wire-facts.md §9.1). */
export type TaskStatus =
  | 'created'
  | 'queued'
  | 'in_progress'
  | 'stopped'
  | 'published'
  | 'publishing'
  | 'closed'
  | 'failed'
  | 'completed'
  | 'unknown';
export const TASK_STATUSES: readonly TaskStatus[] = [
  'created',
  'queued',
  'in_progress',
  'stopped',
  'published',
  'publishing',
  'closed',
  'failed',
  'completed',
  'unknown',
];

export type TaskType =
  | 'training'
  | 'testing'
  | 'inference'
  | 'data_processing'
  | 'application'
  | 'monitor'
  | 'controller'
  | 'optimizer'
  | 'service'
  | 'qc'
  | 'custom'
  | 'report'
  | 'import'
  | 'annotation';
export const TASK_TYPES: readonly TaskType[] = [
  'training',
  'testing',
  'inference',
  'data_processing',
  'application',
  'monitor',
  'controller',
  'optimizer',
  'service',
  'qc',
  'custom',
  'report',
  'import',
  'annotation',
];

/** Scroll ids are opaque strings: echo them back verbatim. */
export type ScrollId = string;
