// The run-info slice's private bookkeeping: what the run info and the marked runs' parameters
// were last fetched for, and the pause after a selection change.
import { OneShot, type SliceContext, type StoreContext } from '../core/index.js';

export interface RunInfoBook {
  /** "taskId|lastUpdate" the run info was last fetched for. */
  runInfoFor: string | null;
  /** What the marked runs' hyperparameters were last fetched for (param-compare.ts). */
  paramsFor: string | null;
  selectionTimer: OneShot;
}

export type RunInfoContext = SliceContext<RunInfoBook>;

export function initialRunInfoBook(ctx: StoreContext): RunInfoBook {
  return { runInfoFor: null, paramsFor: null, selectionTimer: new OneShot(ctx.timers) };
}
