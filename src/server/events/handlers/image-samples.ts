// events.get_debug_image_sample / events.next_debug_image_sample (docs/wire-facts.md §6.6): one image
// at a time, navigating variants within an iteration and then neighbouring iterations.
import type { DebugImageEvent, DebugImageSampleResponse, GetDebugImageSampleRequest } from '../../../wire/events.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v } from '../../http/validate.js';
import { IMAGE, iterParam, NO_ITER } from '../storage/event-types.js';
import { type DocRow, DOC_COLUMNS } from '../storage/event-sources.js';
import { pluckStmt, rawStmt } from '../storage/prepared.js';
import * as sampleScroll from './sample-scroll.js';
import { seriesOfType } from '../storage/series.js';
import { docEventDoc, type SeriesInfo } from '../storage/stored-event.js';

interface VariantStop extends sampleScroll.SampleStop {
  variant: string;
  series: number;
  /** Smallest of the latest iterations of each distinct url. */
  min: number;
}

const NONE_PARAM = iterParam(NO_ITER);

function imageAt(db: Db, series: number, iter: number): DocRow | undefined {
  return stmt(
    db,
    `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND iter = ? AND url IS NOT NULL ORDER BY url DESC LIMIT 1`,
  ).get(series, iterParam(iter)) as DocRow | undefined;
}

const empty = (scrollId: string | null): DebugImageSampleResponse => ({
  scroll_id: scrollId,
  event: null,
  min_iteration: null,
  max_iteration: null,
});

const images: sampleScroll.SampleSource<VariantStop, DebugImageSampleResponse> = {
  stateKind: 'debug_image_sample',
  eventType: IMAGE,
  stops(db, task, onlyMetric) {
    const out: VariantStop[] = [];
    for (const s of seriesOfType(db, task, IMAGE)) {
      if (onlyMetric !== undefined && s.metric !== onlyMetric) continue;
      const row = rawStmt(
        db,
        `SELECT min(last), max(last) FROM (SELECT max(iter) AS last FROM doc_events
         WHERE series = ? AND url IS NOT NULL AND iter > ? GROUP BY url)`,
      ).get(s.id, NONE_PARAM) as [number | null, number | null];
      if (row[0] === null || row[1] === null) continue;
      out.push({ metric: s.metric, variant: s.variant, series: s.id, min: row[0], max: row[1] });
    }
    return out;
  },
  latestUpTo: (db, stop, iter) =>
    pluckStmt(
      db,
      `SELECT iter FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter >= ? AND iter <= ?
       ORDER BY iter DESC LIMIT 1`,
    ).get(stop.series, stop.min, iter) as number | undefined,
  nearest: (db, stop, iter, earlier) =>
    pluckStmt(
      db,
      earlier
        ? 'SELECT iter FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter < ? AND iter >= ? ORDER BY iter DESC LIMIT 1'
        : 'SELECT iter FROM doc_events WHERE series = ? AND url IS NOT NULL AND iter > ? AND iter >= ? ORDER BY iter LIMIT 1',
    ).get(stop.series, iterParam(iter), stop.min) as number | undefined,
  has: (db, stop, iter) => imageAt(db, stop.series, iter) !== undefined,
  answer(db, state, stop, iter, scrollId) {
    const row = iter === undefined ? undefined : imageAt(db, stop.series, iter);
    const info: SeriesInfo = {
      owner: state.task,
      model_event: state.model_events ? 1 : 0,
      type: IMAGE,
      metric: stop.metric,
      variant: stop.variant,
    };
    return {
      scroll_id: scrollId,
      event: row
        ? (docEventDoc(
            info,
            row.iter,
            row.timestamp,
            row.written,
            row.worker,
            row.url,
            row.extra,
            true,
          ) as DebugImageEvent)
        : null,
      min_iteration: stop.min,
      max_iteration: stop.max,
    };
  },
  empty,
};

const GET_SHAPE = requestShape<GetDebugImageSampleRequest>()({ ...sampleScroll.GET_SAMPLE_SHAPE, variant: v.str() });

export const getDebugImageSample = handler(GET_SHAPE, (req, ctx): DebugImageSampleResponse =>
  sampleScroll.getSample(images, req, ctx),
);

export const nextDebugImageSample = handler(sampleScroll.NEXT_SAMPLE_SHAPE, (req, ctx): DebugImageSampleResponse =>
  sampleScroll.nextSample(images, req, ctx),
);

export const imageSampleHandlers: ServedHandlersOf<'events.get_debug_image_sample' | 'events.next_debug_image_sample'> =
  {
    'events.get_debug_image_sample': getDebugImageSample,
    'events.next_debug_image_sample': nextDebugImageSample,
  };
