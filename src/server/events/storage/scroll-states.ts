// Server-side scroll states (docs/wire-facts.md §7): 32-hex ids kept in scroll_states, one hour after
// their last use.
import type { RequestContext } from '../../handlers/handler-types.js';
import { newId } from '../../db/ids.js';
import { stmt } from '../../db/statements.js';

const STATE_TTL_MS = 3_600_000;

export type StateKind =
  | 'debug_images'
  | 'plots'
  | 'debug_image_sample'
  | 'plot_sample'
  | 'multi_task_plots'
  | 'scalar_metric_data'
  | 'task_log';

/** The state of this kind and company, if it exists and has not expired. */
export function loadState<T>(ctx: RequestContext, kind: StateKind, id: string | undefined): T | undefined {
  if (id === undefined || id === '') return undefined;
  const row = stmt(
    ctx.db,
    'SELECT state FROM scroll_states WHERE id = ? AND kind = ? AND company = ? AND expires > ?',
  ).get(id, kind, ctx.identity.company, ctx.now()) as { state: string } | undefined;
  return row === undefined ? undefined : (JSON.parse(row.state) as T);
}

/** Stores (and renews) a state; a new id when none is given. Returns the id. */
export function saveState(ctx: RequestContext, kind: StateKind, id: string | undefined, state: unknown): string {
  const now = ctx.now();
  const stateId = id ?? newId();
  if (id === undefined) stmt(ctx.db, 'DELETE FROM scroll_states WHERE expires <= ?').run(now);
  stmt(
    ctx.db,
    `INSERT INTO scroll_states (id, kind, company, state, expires) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, expires = excluded.expires`,
  ).run(stateId, kind, ctx.identity.company, JSON.stringify(state), now + STATE_TTL_MS);
  return stateId;
}

/** Removes a state of any kind of the caller's company; unknown ids are ignored. */
export function deleteState(ctx: RequestContext, id: string): void {
  stmt(ctx.db, 'DELETE FROM scroll_states WHERE id = ? AND company = ?').run(id, ctx.identity.company);
}
