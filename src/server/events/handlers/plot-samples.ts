// events.get_plot_sample / events.next_plot_sample (docs/wire-facts.md §6.6): the plots of one
// (iteration, metric) at a time, navigating metrics within an iteration, then iterations.
import type { PlotEvent, PlotSampleResponse } from '../../../wire/events.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { iterParam, NO_ITER, PLOT } from '../storage/event-types.js';
import { type DocRow, DOC_COLUMNS } from '../storage/event-sources.js';
import { compareNames } from './metrics-filter.js';
import { pluckStmt, rawStmt } from '../storage/prepared.js';
import * as sampleScroll from './sample-scroll.js';
import { seriesOfType } from '../storage/series.js';
import { plotDoc, type SeriesInfo } from '../storage/stored-event.js';
import { PLOT_SAMPLE_MAX_EVENTS } from '../storage/limits.js';

interface MetricStop extends sampleScroll.SampleStop {
  /** The metric's series, by variant. */
  series: { id: number; variant: string }[];
}

const NONE_PARAM = iterParam(NO_ITER);

/** The metric's nearest iteration in a direction (inclusive of `from` when `inclusive`). */
function nearestIteration(
  db: Db,
  m: MetricStop,
  from: number,
  earlier: boolean,
  inclusive: boolean,
): number | undefined {
  const op = earlier ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>';
  let best: number | undefined;
  for (const s of m.series) {
    const iter = pluckStmt(
      db,
      `SELECT iter FROM doc_events WHERE series = ? AND iter ${op} ? AND iter > ? ORDER BY iter ${earlier ? 'DESC' : ''} LIMIT 1`,
    ).get(s.id, iterParam(from), NONE_PARAM) as number | undefined;
    if (iter !== undefined && (best === undefined || (earlier ? iter > best : iter < best))) best = iter;
  }
  return best;
}

function plotsAt(db: Db, task: string, modelEvents: boolean, m: MetricStop, iter: number): PlotEvent[] {
  const out: PlotEvent[] = [];
  for (const s of m.series) {
    const rows = stmt(db, `SELECT ${DOC_COLUMNS} FROM doc_events WHERE series = ? AND iter = ? ORDER BY ikey`).all(
      s.id,
      iterParam(iter),
    ) as DocRow[];
    const info: SeriesInfo = {
      owner: task,
      model_event: modelEvents ? 1 : 0,
      type: PLOT,
      metric: m.metric,
      variant: s.variant,
    };
    for (const r of rows) {
      if (out.length >= PLOT_SAMPLE_MAX_EVENTS) return out;
      out.push(plotDoc(info, r.iter, r.timestamp, r.written, r.worker, r.extra));
    }
  }
  return out;
}

const plots: sampleScroll.SampleSource<MetricStop, PlotSampleResponse> = {
  stateKind: 'plot_sample',
  eventType: PLOT,
  stops(db, task, onlyMetric) {
    const byMetric = new Map<string, MetricStop>();
    for (const s of seriesOfType(db, task, PLOT)) {
      if (onlyMetric !== undefined && s.metric !== onlyMetric) continue;
      const [min, max] = rawStmt(db, 'SELECT min(iter), max(iter) FROM doc_events WHERE series = ? AND iter > ?').get(
        s.id,
        NONE_PARAM,
      ) as [number | null, number | null];
      if (min === null || max === null) continue;
      const m = byMetric.get(s.metric);
      if (!m) byMetric.set(s.metric, { metric: s.metric, series: [{ id: s.id, variant: s.variant }], min, max });
      else {
        m.series.push({ id: s.id, variant: s.variant });
        m.min = Math.min(m.min, min);
        m.max = Math.max(m.max, max);
      }
    }
    return [...byMetric.values()].sort((a, b) => compareNames(a.metric, b.metric));
  },
  latestUpTo: (db, stop, iter) => nearestIteration(db, stop, iter, true, true),
  nearest: (db, stop, iter, earlier) => nearestIteration(db, stop, iter, earlier, false),
  has: (db, stop, iter) => nearestIteration(db, stop, iter, true, true) === iter,
  answer: (db, state, stop, iter, scrollId) => ({
    scroll_id: scrollId,
    events: iter === undefined ? [] : plotsAt(db, state.task, state.model_events, stop, iter),
    min_iteration: stop.min,
    max_iteration: stop.max,
  }),
  empty: (scrollId) => ({ scroll_id: scrollId, events: [], min_iteration: null, max_iteration: null }),
};

export const getPlotSample = handler(sampleScroll.GET_SAMPLE_SHAPE, (req, ctx): PlotSampleResponse =>
  sampleScroll.getSample(plots, req, ctx),
);

export const nextPlotSample = handler(sampleScroll.NEXT_SAMPLE_SHAPE, (req, ctx): PlotSampleResponse =>
  sampleScroll.nextSample(plots, req, ctx),
);

export const plotSampleHandlers: ServedHandlersOf<'events.get_plot_sample' | 'events.next_plot_sample'> = {
  'events.get_plot_sample': getPlotSample,
  'events.next_plot_sample': nextPlotSample,
};
