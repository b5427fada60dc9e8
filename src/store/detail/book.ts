// The detail slice's bookkeeping: what the scalars and artifacts were last fetched for, the
// server-side debug image iterator, and when the selected task last changed. Part of the
// store's Bookkeeping (context.ts).
import { initialFreshProbe, type FreshProbe } from './fresh-probe.js';

export interface DetailBook {
  /** "taskId|lastUpdate|lastIteration" the scalars / artifacts were last fetched for. */
  scalarsFor: string | null;
  artifactsFor: string | null;
  /** Server-side debug image iterator of the selected task (reused with refresh). */
  imagesScroll: { taskId: string; scrollId: string } | null;
  /** When the selected task last changed, for its probe (fresh-probe.ts). */
  freshProbe: FreshProbe;
}

export function initialDetailBook(): DetailBook {
  return { scalarsFor: null, artifactsFor: null, imagesScroll: null, freshProbe: initialFreshProbe() };
}
