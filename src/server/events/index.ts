// The 28 events.* handlers (REFERENCE §3–§8), plus what the core needs from the events store.
import type { ServedEndpoint } from '../../wire/operations.js';
import { selfChecking, type ServedHandlersOf } from '../handler.js';
import { validate } from '../validate.js';
import { deletesHandlers } from './deletes.js';
import { discoveryHandlers } from './discovery.js';
import { histogramHandlers } from './histogram.js';
import { imageSampleHandlers } from './image-samples.js';
import { ingestHandlers } from './ingest.js';
import { debugImages, plots } from './iteration-paging.js';
import {
  isBefore,
  LEGACY_DEBUG_IMAGES_SHAPE,
  LEGACY_GET_TASK_LOG_SHAPE,
  legacyDebugImages,
  legacyGetTaskLog,
} from './legacy.js';
import { getTaskLog, logsHandlers } from './logs.js';
import { plotSampleHandlers } from './plot-samples.js';
import { plotsHandlers } from './plots.js';
import { rawReadHandlers } from './raw-reads.js';
import { scalarReadHandlers } from './scalar-reads.js';

export { buildTaskDataSections } from './task-data.js';
export { deleteEventsOf } from './deletes.js';

/** Each module serves its endpoints; the two that also answer older API versions are chosen here. */
export const eventsHandlers: ServedHandlersOf<`events.${string}` & ServedEndpoint> = {
  ...ingestHandlers,
  ...deletesHandlers,
  ...discoveryHandlers,
  ...histogramHandlers,
  ...scalarReadHandlers,
  ...rawReadHandlers,
  ...logsHandlers,
  ...plotsHandlers,
  ...plotSampleHandlers,
  ...imageSampleHandlers,
  'events.plots': plots,
  'events.debug_images': selfChecking(debugImages.shape, (body, ctx) =>
    isBefore(ctx, '2.7') ? legacyDebugImages(validate(body, LEGACY_DEBUG_IMAGES_SHAPE), ctx) : debugImages(body, ctx),
  ),
  'events.get_task_log': selfChecking(getTaskLog.shape, (body, ctx) =>
    isBefore(ctx, '2.9') ? legacyGetTaskLog(validate(body, LEGACY_GET_TASK_LOG_SHAPE), ctx) : getTaskLog(body, ctx),
  ),
};
