// The events service's read limits: page sizes, caps and bounds on request numbers (those that
// become SQL LIMITs are clamped so that huge values cannot overflow SQLite).

const KiB = 1024;
const MiB = 1024 * KiB;

/** Iterations read per task/metric by plot and image reads (`iters`). */
const MAX_ITERS = 10_000;

export function clampIters(iters: number): number {
  return Math.min(iters, MAX_ITERS);
}

// ---- Scalar histograms (handlers/histogram.ts).
export const DEFAULT_SAMPLES = 2000;
export const MAX_SAMPLES = 6000;
/** Variants whose intervals are within this factor of a group's smallest share its largest. */
export const GROUP_INTERVAL_SPREAD = 1.1;
export const GROUP_MAX_VARIANTS = 50;
export const GROUP_MAX_POINTS = 6000;

// ---- Legacy get_task_log before 2.9 (handlers/legacy.ts).
export const LEGACY_LOG_DEFAULT_BATCH = 500;
export const LEGACY_TOTAL_CAP = 10_000;
export const LEGACY_MAX_BATCH = 10_000;

// ---- get_task_log and download_task_log (handlers/logs.ts).
export const LOG_DEFAULT_BATCH = 5000;
export const LOG_MAX_BATCH = 10_000;
/** `total` of get_task_log counts at most this many logs. */
export const LOG_TOTAL_CAP = 10_000;
export const DOWNLOAD_CHUNK = 2000;
/**
 * A get_task_log page holds logs up to about this many bytes of JSON, whatever batch_size
 * asks (docs/wire-facts.md §10): the client continues from its last log as after any page.
 */
export const LOG_PAGE_MAX_BYTES = 8 * MiB;
/** A page larger than this is sent as a JsonStream of pieces of about LOG_PIECE_BYTES. */
export const LOG_STREAM_ABOVE_BYTES = 512 * KiB;
export const LOG_PIECE_BYTES = MiB;

// ---- get_task_events and scalar_metrics_iter_raw (handlers/raw-reads.ts).
export const TASK_EVENTS_DEFAULT_BATCH = 500;
/** Largest page of get_task_events (Elasticsearch's result window on real servers). */
export const TASK_EVENTS_MAX_BATCH = 10_000;
export const RAW_DEFAULT_BATCH = 10_000;
export const RAW_MAX_BATCH = 200_000;

// ---- Latest values, single values, scalar data and vector histograms (handlers/scalar-reads.ts).
/** Values averaged into last_100_value. */
export const LATEST_WINDOW = 100;
export const SINGLE_VALUES_CAP = 10_000;
export const SCALAR_METRIC_DATA_PAGE = 500;
export const SCALAR_METRIC_DATA_TOTAL_CAP = 10_000;
export const VECTOR_HISTOGRAM_CAP = 10_000;

// ---- Plots (handlers/plots.ts).
/** Events read per get_multi_task_plots call. */
export const MULTI_TASK_PLOTS_PAGE = 1000;
export const MULTI_TASK_PLOTS_TOTAL_CAP = 10_000;

// ---- Plot samples (handlers/plot-samples.ts).
/** Plot events returned for one (iteration, metric). */
export const PLOT_SAMPLE_MAX_EVENTS = 100;
