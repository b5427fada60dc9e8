// The `detail` slice's public face.
export { chartMetrics, createDetailSlice } from './create.js';
export type { DetailApi, DetailSlice } from './create.js';
export {
  DEBUG_IMAGE_ITERS,
  DEFAULT_HISTOGRAM_SAMPLES,
  emptyArtifacts,
  emptyScalars,
  MAX_HISTOGRAM_SAMPLES,
  MIN_HISTOGRAM_SAMPLES,
} from './task-detail.js';
export type {
  ArtifactsState,
  DebugImageItem,
  DetailActions,
  PlotItem,
  ScalarRow,
  ScalarSeries,
  ScalarsState,
  SectionState,
  SingleValueRow,
} from './task-detail.js';
export { initialImageView } from './image-view.js';
export type { ImageStatus, ImageStep, ImageViewActions, ImageViewState } from './image-view.js';
export { entryKey, scalarEntries } from './scalar-rows.js';
export type { ScalarEntry } from './scalar-rows.js';
export { histogramKey } from './chart-view.js';
