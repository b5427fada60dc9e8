// The run-info slice's bookkeeping. Part of the store's Bookkeeping (context.ts).
export interface RunInfoBook {
  /** "taskId|lastUpdate" the run info was last fetched for. */
  runInfoFor: string | null;
}

export function initialRunInfoBook(): RunInfoBook {
  return { runInfoFor: null };
}
