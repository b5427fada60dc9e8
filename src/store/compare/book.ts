// The compare slice's bookkeeping. Part of the store's Bookkeeping (context.ts).
import type { CompareFetched } from './compare.js';

export interface CompareBook {
  /** What the compare series were last fetched for (marks, axis, samples; each task's last_update). */
  compareFor: CompareFetched | null;
}

export function initialCompareBook(): CompareBook {
  return { compareFor: null };
}
