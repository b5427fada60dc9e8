// Writing columns whose names come from code, never from requests: the values of tasks and
// models alike, objects and lists stored as JSON text.
import type { Db } from './db.js';
import { stmt } from './statements.js';

/** Column values to write: text, numbers, null, or objects/lists stored as JSON text. */
export type ColumnValues = Record<string, string | number | null | readonly unknown[] | Record<string, unknown>>;

/** What an update of columns answers with: rows changed, and the fields set with their stamps. */
export interface ColumnsUpdated {
  updated: number;
  fields: Record<string, unknown>;
}

/** A column value as SQLite takes it. */
export function sqlValue(value: ColumnValues[string] | undefined): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Sets `values`, then the `stamps` (change times and the like), on row `id` of `table`; how many rows changed. */
export function updateColumns(
  db: Db,
  table: 'models' | 'tasks',
  id: string,
  values: ColumnValues,
  stamps: ColumnValues,
): number {
  const entries = [...Object.entries(values), ...Object.entries(stamps)];
  const sets = entries.map(([column]) => `${column} = ?`);
  const params = entries.map(([, value]) => sqlValue(value));
  return stmt(db, `UPDATE ${table} SET ${sets.join(', ')} WHERE id = ?`).run(...params, id).changes;
}
