// Handlers real servers keep for old API versions (docs/wire-facts.md §6.8), chosen when a call names a
// version below the current handler's: get_task_log before 2.9 (a scroll over the whole log)
// and debug_images before 2.7 (one task, its images as a flat list). get_task_plots and
// get_multi_task_plots before 1.8 answer the same outer shape as the current handlers.
import type { LegacyGetTaskLogRequest, LegacyDebugImagesRequest } from '../../../wire/legacy-events.js';
import type { LogEvent } from '../../../wire/events.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import { compareVersions } from '../../http/request-path.js';
import { requestShape, v, type Validated } from '../../http/validate.js';
import { IMAGE, LOG } from '../storage/event-types.js';
import { debugImagesPage } from './iteration-paging.js';
import { readableOwner } from '../storage/owners.js';
import { invalidScrollId } from '../storage/scroll-token.js';
import { loadState, saveState } from '../storage/scroll-states.js';
import { seriesOfType, type SeriesRow } from '../storage/series.js';
import { logDoc } from '../storage/stored-event.js';
import { LOG_OWNER, LOG_ROW_COLUMNS } from '../storage/log-store.js';
import { pluckStmt, rawStmt } from '../storage/prepared.js';
import { LEGACY_LOG_DEFAULT_BATCH, LEGACY_TOTAL_CAP, LEGACY_MAX_BATCH } from '../storage/limits.js';

/** Whether the call asked for an API version below `version`. */
export function isBefore(ctx: RequestContext, version: string): boolean {
  return ctx.requestedVersion !== undefined && compareVersions(ctx.requestedVersion, version) < 0;
}

interface LegacyLogState {
  task: string;
  /** Scroll direction over the log (newest first when descending). */
  desc: boolean;
  after: { timestamp: number; seq: number } | null;
}

type RawLogRow = [number, number, number, number, number, string, string | null, string | null, string | null];

/** get_task_log @1.0–2.8: {events, returned, total, scroll_id}, pages of `batch_size` in `order`. */
export const LEGACY_GET_TASK_LOG_SHAPE = requestShape<LegacyGetTaskLogRequest>()({
  task: v.str(),
  batch_size: v.int({ min: 1 }).default(LEGACY_LOG_DEFAULT_BATCH),
  order: v.oneOf(['asc', 'desc'] as const).default('desc'),
  from: v.oneOf(['head', 'tail'] as const).opt(),
  scroll_id: v.str().opt(),
});

export function legacyGetTaskLog(req: Validated<typeof LEGACY_GET_TASK_LOG_SHAPE>, ctx: RequestContext) {
  readableOwner(ctx, req.task, false);
  let state: LegacyLogState;
  let scrollId: string | undefined;
  if (req.scroll_id !== undefined && req.scroll_id !== '') {
    const loaded = loadState<LegacyLogState>(ctx, 'task_log', req.scroll_id);
    if (!loaded || loaded.task !== req.task) throw invalidScrollId(req.scroll_id, 'unknown or expired scroll');
    state = loaded;
    scrollId = req.scroll_id;
  } else {
    // 1.7 added `from`: head = the oldest logs first, tail = the newest first.
    const desc = req.from === undefined || isBefore(ctx, '1.7') ? req.order === 'desc' : req.from === 'tail';
    state = { task: req.task, desc, after: null };
  }
  const dir = state.desc ? 'DESC' : '';
  const cond = state.after === null ? '' : ` AND (timestamp, seq) ${state.desc ? '<' : '>'} (?, ?)`;
  const params: unknown[] = state.after === null ? [req.task] : [req.task, state.after.timestamp, state.after.seq];
  const rows = rawStmt(
    ctx.db,
    `SELECT ${LOG_ROW_COLUMNS} FROM log_events WHERE owner = ${LOG_OWNER}${cond} ORDER BY timestamp ${dir}, seq ${dir} LIMIT ?`,
  ).all(...params, Math.min(req.batch_size, LEGACY_MAX_BATCH)) as RawLogRow[];
  const last = rows[rows.length - 1];
  if (last) state.after = { timestamp: last[3], seq: last[0] };
  if ((req.order === 'desc') !== state.desc) rows.reverse();
  const series = new Map<number, SeriesRow>(seriesOfType(ctx.db, req.task, LOG).map((s) => [s.id, s]));
  const events: LogEvent[] = rows.map((r) =>
    logDoc(series.get(r[1]) as SeriesRow, r[2], r[3], r[4], r[5], r[6], r[7], r[8]),
  );
  const total = pluckStmt(
    ctx.db,
    `SELECT count(*) FROM (SELECT 1 FROM log_events WHERE owner = ${LOG_OWNER} LIMIT ?)`,
  ).get(req.task, LEGACY_TOTAL_CAP) as number;
  return { events, returned: events.length, total, scroll_id: saveState(ctx, 'task_log', scrollId, state) };
}

/** debug_images @1.0–2.6: one task; its newest `iters` iterations as a flat `images` list. */
export const LEGACY_DEBUG_IMAGES_SHAPE = requestShape<LegacyDebugImagesRequest>()({
  task: v.str(),
  iters: v.int({ min: 1 }).default(1),
  scroll_id: v.str().opt(),
  model_events: v.bool().default(false),
});

export function legacyDebugImages(req: Validated<typeof LEGACY_DEBUG_IMAGES_SHAPE>, ctx: RequestContext) {
  readableOwner(ctx, req.task, req.model_events);
  const page = debugImagesPage(
    {
      metrics: [{ task: req.task }],
      iters: req.iters,
      scroll_id: req.scroll_id,
      model_events: req.model_events,
      navigate_earlier: true,
      refresh: false,
    },
    ctx,
  );
  const images = page.metrics.flatMap((m) => m.iterations.flatMap((it) => it.events));
  let total = 0;
  for (const s of seriesOfType(ctx.db, req.task, IMAGE))
    total += pluckStmt(ctx.db, 'SELECT count(*) FROM doc_events WHERE series = ? AND url IS NOT NULL').get(
      s.id,
    ) as number;
  return {
    task: req.task,
    images,
    returned: images.length,
    total: Math.min(total, LEGACY_TOTAL_CAP),
    scroll_id: page.scroll_id ?? null,
  };
}
