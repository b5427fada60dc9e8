// The detail slice's private bookkeeping: what the scalars and artifacts were last fetched
// for, the server-side debug image iterator, and the pause after a selection change.
import { OneShot, type SliceContext, type StoreContext } from '../core/index.js';

export interface DetailBook {
  /** "taskId|lastUpdate|lastIteration" the scalars / artifacts were last fetched for. */
  scalarsFor: string | null;
  artifactsFor: string | null;
  /** Server-side debug image iterator of the selected task (reused with refresh). */
  imagesScroll: { taskId: string; scrollId: string } | null;
  /** Pause after a selection change before the new task's detail is fetched (holding `j` fetches nothing in between). */
  selectionTimer: OneShot;
}

export type DetailContext = SliceContext<DetailBook>;

export function initialDetailBook(ctx: StoreContext): DetailBook {
  return { scalarsFor: null, artifactsFor: null, imagesScroll: null, selectionTimer: new OneShot(ctx.timers) };
}
