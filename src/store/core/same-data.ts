// Structural comparison of state slices, so a poll that brings nothing new changes nothing:
// no React render, no Ink layout, no CPU. Bookkeeping timestamps that move on every poll are
// not data the screen shows as such, and do not count as a change on their own.

const BOOKKEEPING_KEYS: ReadonlySet<string> = new Set(['fetchedAt', 'lastSuccessAt']);

export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const aKeys = Object.keys(ao);
  if (aKeys.length !== Object.keys(bo).length) return false;
  for (const key of aKeys) {
    if (!(key in bo)) return false;
    if (BOOKKEEPING_KEYS.has(key) && ao[key] !== null && bo[key] !== null) continue;
    if (!sameData(ao[key], bo[key])) return false;
  }
  return true;
}

/**
 * The part of `partial` that really differs from `state`, slice by slice, or null when
 * nothing does. Unchanged slices keep their old objects, so selectors see no change.
 */
export function changedSlices<S extends object>(state: S, partial: Partial<S>): Partial<S> | null {
  let changed: Partial<S> | null = null;
  for (const key of Object.keys(partial) as (keyof S)[]) {
    const next = partial[key];
    if (sameData(state[key], next)) continue;
    changed ??= {};
    changed[key] = next;
  }
  return changed;
}
