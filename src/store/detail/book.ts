// The detail slice's bookkeeping: what the scalars and artifacts were last fetched for, and the
// server-side debug image iterator. Part of the store's Bookkeeping (context.ts).
export interface DetailBook {
  /** "taskId|lastUpdate|lastIteration" the scalars / artifacts were last fetched for. */
  scalarsFor: string | null;
  artifactsFor: string | null;
  /** Server-side debug image iterator of the selected task (reused with refresh). */
  imagesScroll: { taskId: string; scrollId: string } | null;
}

export function initialDetailBook(): DetailBook {
  return { scalarsFor: null, artifactsFor: null, imagesScroll: null };
}
