// Deleting events (docs/wire-facts.md §5) and releasing scrolls (§6.7).
import type {
  ClearScrollRequest,
  ClearScrollResponse,
  DeletedCountResponse,
  DeleteForModelRequest,
  DeleteForTaskRequest,
} from '../../../wire/events.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { LOG_OWNER } from '../storage/log-store.js';
import { requestShape, v } from '../../http/validate.js';
import { deleteIterationSpans } from '../storage/log-iterations.js';
import { LOG, SCALAR } from '../storage/event-types.js';
import { deletableOwner } from '../storage/owners.js';
import { deleteState } from '../storage/scroll-states.js';
import { seriesOfOwner } from '../storage/series.js';

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

export const deleteForTask = handler(
  requestShape<DeleteForTaskRequest>()({ task: v.str(), allow_locked: v.bool().default(false) }),
  (req, ctx): DeletedCountResponse => {
    deletableOwner(ctx, req.task, false, req.allow_locked);
    return { deleted: deleteEventsOf(ctx.db, req.task) };
  },
);

export const deleteForModel = handler(
  requestShape<DeleteForModelRequest>()({ model: v.str(), allow_locked: v.bool().default(false) }),
  (req, ctx): DeletedCountResponse => {
    deletableOwner(ctx, req.model, true, req.allow_locked);
    return { deleted: deleteEventsOf(ctx.db, req.model) };
  },
);

export const clearScroll = handler(
  requestShape<ClearScrollRequest>()({ scroll_id: v.str().opt() }),
  (req, ctx): ClearScrollResponse => {
    // Server-side states are released; stateless tokens, "FFFF" and unknown ids need nothing.
    if (req.scroll_id !== undefined && req.scroll_id !== '') deleteState(ctx, req.scroll_id);
    return {};
  },
);

export const deletesHandlers: ServedHandlersOf<
  'events.clear_scroll' | 'events.delete_for_model' | 'events.delete_for_task'
> = {
  'events.clear_scroll': clearScroll,
  'events.delete_for_model': deleteForModel,
  'events.delete_for_task': deleteForTask,
};
