// The cluster slice's private bookkeeping: the queue entry a confirm dialog asks to remove, and
// how many local changes to the queues were made (a poll begun before one is stale).
import type { SliceContext, StoreContext } from '../core/index.js';

export interface ClusterBook {
  /** The entry `d` asked to remove, until the dialog is answered. */
  removing: { queue: string; task: string; name: string } | null;
  /**
   * Counts the queue changes made here, as each is shown and again as the server answers it: a
   * poll that began before the count moved read the line from before, and is dropped rather
   * than undo what the screen already shows.
   */
  changes: number;
}

export type ClusterContext = SliceContext<ClusterBook>;

export function initialClusterBook(_ctx: StoreContext): ClusterBook {
  return { removing: null, changes: 0 };
}
