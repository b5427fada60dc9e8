// The detail slices' state: the selected task's scalars (series, rows, chart settings) and its
// artifacts (plots, debug images, single values), with their empty values.
import type { PaneError } from '../core/index.js';
import type { XAxisMode } from '../ui/index.js';
import type { ScalarRow } from './scalar-rows.js';
import type { SampledSeries } from '../../text/series-truth.js';

/**
 * x is iteration or epoch ms (per `ScalarsState.seriesAxis`), ascending; y may hold NaN. With
 * what the series stands for when y are bucket means (src/text/series-truth.ts).
 */
export type ScalarSeries = SampledSeries;

export interface ScalarsState {
  /** The task these rows belong to. */
  taskId: string | null;
  rows: ScalarRow[];
  selectedIndex: number;
  /** Metric drawn in the chart pane (all its variants). */
  chartMetric: string | null;
  /** series[metric][variant], sampled by the server to about `samples` points. */
  series: Record<string, Record<string, ScalarSeries>>;
  /** The x-axis the series were fetched with. */
  seriesAxis: XAxisMode;
  /** Histogram samples to request: about the number of columns the UI draws. */
  samples: number;
  loading: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
}

export interface PlotItem {
  metric: string;
  variant: string;
  iter: number;
  timestamp: number;
  /** The Plotly figure JSON as sent (turned into text by src/text). */
  plotStr: string;
}

export interface DebugImageItem {
  metric: string;
  variant: string;
  iter: number;
  timestamp: number;
  url: string;
}

export interface SingleValueRow {
  metric: string;
  variant: string;
  value: number;
  timestamp: number;
}

export interface SectionState<T> {
  items: T[];
  loading: boolean;
  error: PaneError | null;
}

export interface ArtifactsState {
  taskId: string | null;
  plots: SectionState<PlotItem>;
  images: SectionState<DebugImageItem>;
  singleValues: SectionState<SingleValueRow>;
  /** Scroll offset (rows) of the plots and summary panes. */
  plotsTop: number;
  summaryTop: number;
  /** When the last fetch of the three sections finished (errors included, connection failures not). */
  fetchedAt: number | null;
}

export const DEFAULT_HISTOGRAM_SAMPLES = 120;
export const MIN_HISTOGRAM_SAMPLES = 10;
export const MAX_HISTOGRAM_SAMPLES = 1000;

export function emptyScalars(taskId: string | null, axis: XAxisMode, samples: number): ScalarsState {
  return {
    taskId,
    rows: [],
    selectedIndex: 0,
    chartMetric: null,
    series: {},
    seriesAxis: axis,
    samples,
    loading: taskId !== null,
    error: null,
    fetchedAt: null,
  };
}

export function emptyArtifacts(taskId: string | null): ArtifactsState {
  const loading = taskId !== null;
  return {
    taskId,
    plots: { items: [], loading, error: null },
    images: { items: [], loading, error: null },
    singleValues: { items: [], loading, error: null },
    plotsTop: 0,
    summaryTop: 0,
    fetchedAt: null,
  };
}
