// The run-info slice's bookkeeping. Part of the store's Bookkeeping (context.ts).
export interface RunInfoBook {
  /** "taskId|lastUpdate" the run info was last fetched for. */
  runInfoFor: string | null;
  /** What the marked runs' hyperparameters were last fetched for (param-compare.ts). */
  paramsFor: string | null;
}

export function initialRunInfoBook(): RunInfoBook {
  return { runInfoFor: null, paramsFor: null };
}
