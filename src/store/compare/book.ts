// The compare slice's private bookkeeping.
import type { SliceContext } from '../core/index.js';
import type { CompareFetched } from './compare.js';

export interface CompareBook {
  /** What the compare series were last fetched for (marks, axis, samples; each task's last_update). */
  compareFor: CompareFetched | null;
}

export type CompareContext = SliceContext<CompareBook>;

export function initialCompareBook(): CompareBook {
  return { compareFor: null };
}
