// The 28 events.* handlers (REFERENCE §3–§8), plus what the core needs from the events store.
import type { ServedEndpoint } from '../../wire/operations.js';
import { checkedPerEvent, selfChecking, type ServedHandlersOf } from '../handler.js';
import { validate } from '../validate.js';
import { clearScroll, deleteForModel, deleteForTask } from './deletes.js';
import {
  getMultiTaskMetrics,
  getScalarMetricsAndVariants,
  getTaskMetrics,
  getVectorMetricsAndVariants,
} from './discovery.js';
import { multiTaskScalarMetricsIterHistogram, scalarMetricsIterHistogram } from './histogram.js';
import { getDebugImageSample, nextDebugImageSample } from './image-samples.js';
import { addEvents, eventObject, parseBatchBody } from './ingest.js';
import { debugImages, plots } from './iteration-paging.js';
import {
  isBefore,
  LEGACY_DEBUG_IMAGES_SHAPE,
  LEGACY_GET_TASK_LOG_SHAPE,
  legacyDebugImages,
  legacyGetTaskLog,
} from './legacy.js';
import { clearTaskLog, downloadTaskLog, getTaskLog } from './logs.js';
import { getPlotSample, nextPlotSample } from './plot-samples.js';
import { getMultiTaskPlots, getTaskPlots } from './plots.js';
import { getTaskEvents, scalarMetricsIterRaw } from './raw-reads.js';
import {
  getScalarMetricData,
  getTaskLatestScalarValues,
  getTaskSingleValueMetrics,
  vectorMetricsIterHistogram,
} from './scalar-reads.js';

export { buildTaskDataSections } from './task-data.js';
export { deleteEventsOf } from './deletes.js';

export const eventsHandlers: ServedHandlersOf<`events.${string}` & ServedEndpoint> = {
  'events.add': checkedPerEvent((body, ctx) => addEvents(ctx, [eventObject(body)])),
  'events.add_batch': checkedPerEvent((_body, ctx) => addEvents(ctx, parseBatchBody(ctx.rawBody, ctx.contentType))),
  'events.clear_scroll': clearScroll,
  'events.clear_task_log': clearTaskLog,
  'events.delete_for_model': deleteForModel,
  'events.delete_for_task': deleteForTask,
  'events.download_task_log': downloadTaskLog,
  'events.debug_images': selfChecking(debugImages.shape, (body, ctx) =>
    isBefore(ctx, '2.7') ? legacyDebugImages(validate(body, LEGACY_DEBUG_IMAGES_SHAPE), ctx) : debugImages(body, ctx),
  ),
  'events.plots': plots,
  'events.get_debug_image_sample': getDebugImageSample,
  'events.next_debug_image_sample': nextDebugImageSample,
  'events.get_plot_sample': getPlotSample,
  'events.next_plot_sample': nextPlotSample,
  'events.get_multi_task_metrics': getMultiTaskMetrics,
  'events.get_multi_task_plots': getMultiTaskPlots,
  'events.get_scalar_metric_data': getScalarMetricData,
  'events.get_scalar_metrics_and_variants': getScalarMetricsAndVariants,
  'events.get_task_events': getTaskEvents,
  'events.get_task_latest_scalar_values': getTaskLatestScalarValues,
  'events.get_task_log': selfChecking(getTaskLog.shape, (body, ctx) =>
    isBefore(ctx, '2.9') ? legacyGetTaskLog(validate(body, LEGACY_GET_TASK_LOG_SHAPE), ctx) : getTaskLog(body, ctx),
  ),
  'events.get_task_metrics': getTaskMetrics,
  'events.get_task_plots': getTaskPlots,
  'events.get_task_single_value_metrics': getTaskSingleValueMetrics,
  'events.get_vector_metrics_and_variants': getVectorMetricsAndVariants,
  'events.multi_task_scalar_metrics_iter_histogram': multiTaskScalarMetricsIterHistogram,
  'events.scalar_metrics_iter_histogram': scalarMetricsIterHistogram,
  'events.scalar_metrics_iter_raw': scalarMetricsIterRaw,
  'events.vector_metrics_iter_histogram': vectorMetricsIterHistogram,
};
