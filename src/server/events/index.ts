// The 28 events.* handlers (docs/wire-facts.md §3–§8), plus what the core needs from the events store.
import type { ServedEndpoint } from '../../wire/operations.js';
import { selfChecking, type ServedHandlersOf } from '../handlers/handler.js';
import { validate } from '../http/validate.js';
import { deletesHandlers } from './handlers/deletes.js';
import { discoveryHandlers } from './handlers/discovery.js';
import { histogramHandlers } from './handlers/histogram.js';
import { imageSampleHandlers } from './handlers/image-samples.js';
import { ingestHandlers } from './handlers/ingest.js';
import { debugImages, plots } from './handlers/iteration-paging.js';
import {
  isBefore,
  LEGACY_DEBUG_IMAGES_SHAPE,
  LEGACY_GET_TASK_LOG_SHAPE,
  legacyDebugImages,
  legacyGetTaskLog,
} from './handlers/legacy.js';
import { getTaskLog, logsHandlers } from './handlers/logs.js';
import { plotSampleHandlers } from './handlers/plot-samples.js';
import { plotsHandlers } from './handlers/plots.js';
import { rawReadHandlers } from './handlers/raw-reads.js';
import { scalarReadHandlers } from './handlers/scalar-reads.js';

export { buildTaskDataSections } from './handlers/task-data.js';
export { deleteEventsOf } from './handlers/deletes.js';

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
