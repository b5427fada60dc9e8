// The cluster slice's private bookkeeping: the queue entry a confirm dialog asks to remove.
import type { SliceContext, StoreContext } from '../core/index.js';

export interface ClusterBook {
  /** The entry `d` asked to remove, until the dialog is answered. */
  removing: { queue: string; task: string; name: string } | null;
}

export type ClusterContext = SliceContext<ClusterBook>;

export function initialClusterBook(_ctx: StoreContext): ClusterBook {
  return { removing: null };
}
