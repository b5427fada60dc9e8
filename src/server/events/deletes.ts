// Deleting events (REFERENCE §5) and releasing scrolls (§6.7).
import type { ClearScrollResponse, DeletedCountResponse } from '../../wire/events.js';
import type { RequestContext } from '../context.js';
import type { Db } from '../db.js';
import { stmt } from '../statements.js';
import { LOG_OWNER } from './log-store.js';
import { deleteIterationSpans } from './log-iterations.js';
import { v, validate } from '../validate.js';
import { LOG, SCALAR } from './event-types.js';
import { deletableOwner } from './owners.js';
import { deleteState } from './scroll-states.js';
import { seriesOfOwner } from './series.js';

/** Deletes every event of a task or model; returns how many. For the core's task/report deletes too. */
export function deleteEventsOf(db: Db, ownerId: string): number {
  return db.transaction(() => {
    let deleted = 0;
    for (const s of seriesOfOwner(db, ownerId)) {
      if (s.type === LOG) continue;
      const table = s.type === SCALAR ? 'scalar_events' : 'doc_events';
      deleted += stmt(db, `DELETE FROM ${table} WHERE series = ?`).run(s.id).changes;
    }
    deleted += stmt(db, `DELETE FROM log_events WHERE owner = ${LOG_OWNER}`).run(ownerId).changes;
    deleteIterationSpans(db, ownerId);
    stmt(db, 'DELETE FROM event_series WHERE owner = ?').run(ownerId);
    return deleted;
  })();
}

export function deleteForTask(body: Record<string, unknown>, ctx: RequestContext): DeletedCountResponse {
  const req = validate(body, { task: v.str(), allow_locked: v.bool().default(false) });
  deletableOwner(ctx, req.task, false, req.allow_locked);
  return { deleted: deleteEventsOf(ctx.db, req.task) };
}

export function deleteForModel(body: Record<string, unknown>, ctx: RequestContext): DeletedCountResponse {
  const req = validate(body, { model: v.str(), allow_locked: v.bool().default(false) });
  deletableOwner(ctx, req.model, true, req.allow_locked);
  return { deleted: deleteEventsOf(ctx.db, req.model) };
}

export function clearScroll(body: Record<string, unknown>, ctx: RequestContext): ClearScrollResponse {
  const req = validate(body, { scroll_id: v.str().opt() });
  // Server-side states are released; stateless tokens, "FFFF" and unknown ids need nothing.
  if (req.scroll_id !== undefined && req.scroll_id !== '') deleteState(ctx, req.scroll_id);
  return {};
}
