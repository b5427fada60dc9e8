// Helpers shared by the task and report lists: selection that follows the item id across
// refreshes, and reuse of unchanged rows so an unchanged answer changes nothing in the state.
import { patternProblem } from '../../wire/pattern.js';
import { escapeRegex } from '../../text/regex.js';

export interface Selection {
  selectedId: string | null;
  selectedIndex: number;
}

/** Keeps the selected id when it is still listed; else the row at the same index (or the first row on the first load). */
export function keepSelection(ids: readonly string[], previous: Selection): Selection {
  if (ids.length === 0) return { selectedId: null, selectedIndex: 0 };
  if (previous.selectedId !== null) {
    const index = ids.indexOf(previous.selectedId);
    if (index >= 0) return { selectedId: previous.selectedId, selectedIndex: index };
  }
  const index = previous.selectedId === null ? 0 : Math.min(Math.max(previous.selectedIndex, 0), ids.length - 1);
  return { selectedId: ids[index] ?? null, selectedIndex: index };
}

export function clampIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return Math.min(Math.max(index, 0), length - 1);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
}

/** Field-by-field equality of two flat rows (arrays compared element-wise). */
export function sameRow<T extends object>(a: T, b: T): boolean {
  const ka = Object.keys(a) as (keyof T)[];
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => sameValue(a[k], b[k]));
}

export interface Normalised<T extends { id: string }> {
  ids: string[];
  byId: Record<string, T>;
}

/**
 * Builds ids/byId from fresh rows, reusing the previous row objects (and the previous
 * containers when nothing changed at all). Duplicate ids keep their first position.
 */
export function normalise<T extends { id: string }>(rows: readonly T[], previous: Normalised<T>): Normalised<T> {
  const ids: string[] = [];
  const byId: Record<string, T> = {};
  let changed = false;
  for (const row of rows) {
    if (byId[row.id] !== undefined) continue;
    const old = previous.byId[row.id];
    const kept = old !== undefined && sameRow(old, row) ? old : row;
    if (kept !== old) changed = true;
    ids.push(row.id);
    byId[row.id] = kept;
  }
  if (!changed && ids.length === previous.ids.length && ids.every((id, i) => id === previous.ids[i])) return previous;
  return { ids, byId };
}

/** Appends rows not yet listed (the next scroll page). */
export function appendRows<T extends { id: string }>(rows: readonly T[], previous: Normalised<T>): Normalised<T> {
  const fresh = rows.filter((r) => previous.byId[r.id] === undefined);
  if (fresh.length === 0) return previous;
  const byId = { ...previous.byId };
  const ids = [...previous.ids];
  for (const row of fresh) {
    if (byId[row.id] !== undefined) continue;
    byId[row.id] = row;
    ids.push(row.id);
  }
  return { ids, byId };
}

/** A user's filter text as a pattern the server accepts: used as is when valid, else matched literally. */
export function filterPattern(text: string): string {
  return patternProblem(text) === null ? text : escapeRegex(text);
}
