// The UI slice's bookkeeping: the pauses after a selection change and after a keystroke in the
// filter prompt. Part of the store's Bookkeeping (context.ts).
export interface UiBook {
  /** Pause after a selection change before the selected task's detail is fetched. */
  selectionTimer: unknown;
  /** Pause after a keystroke in the `/` filter prompt before the list asks the server. */
  filterTimer: unknown;
}

export function initialUiBook(): UiBook {
  return { selectionTimer: null, filterTimer: null };
}
