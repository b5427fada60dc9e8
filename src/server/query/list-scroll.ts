// DB-cursor scroll states of get_all_ex and get_task_data (docs/wire-facts.md §7): a random 32-hex id
// remembering how many items were already returned; 600 s after its last use it is gone and
// the id starts again from the first item under a new id.
import type { Db } from '../db/db.js';
import { newId } from '../db/ids.js';
import { QUERY_SCROLL_TTL_MS } from '../http/limits.js';
import { stmt } from '../db/statements.js';

interface QueryScrollState {
  id: string;
  position: number;
}

export function loadQueryScroll(
  db: Db,
  kind: string,
  company: string,
  scrollId: string | null | undefined,
  now: number,
): QueryScrollState {
  stmt(db, 'DELETE FROM scroll_states WHERE kind = ? AND expires < ?').run(kind, now);
  if (scrollId) {
    const row = stmt(db, 'SELECT state FROM scroll_states WHERE id = ? AND kind = ? AND company = ?').get(
      scrollId,
      kind,
      company,
    ) as { state: string } | undefined;
    if (row) {
      const position = (JSON.parse(row.state) as { position?: unknown }).position;
      if (typeof position === 'number' && Number.isInteger(position) && position >= 0)
        return { id: scrollId, position };
    }
  }
  return { id: newId(), position: 0 };
}

export function saveQueryScroll(db: Db, kind: string, company: string, state: QueryScrollState, now: number): void {
  stmt(db, 'INSERT OR REPLACE INTO scroll_states (id, kind, company, state, expires) VALUES (?, ?, ?, ?, ?)').run(
    state.id,
    kind,
    company,
    JSON.stringify({ position: state.position }),
    now + QUERY_SCROLL_TTL_MS,
  );
}
