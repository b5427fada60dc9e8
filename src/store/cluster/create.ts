// The `cluster` slice: the Cluster view's workers and queues. Its three pollers run only while
// the view is shown; leaving it cancels them, requests in flight included, so the other views
// pay nothing for it. The view's first poller is the primary one while it is shown (the
// connection state follows it).
import { makePoller, toPaneError, withBook, type Poller, type StoreContext } from '../core/index.js';
import type { MonitorState } from '../types.js';
import { createClusterActions, moveEntry, moveWorker, type ClusterActions } from './actions.js';
import { initialClusterBook } from './book.js';
import { fetchBars, fetchClusterRows, fetchSpark } from './fetch.js';

/** Every how many intervals the bars and the sparkline are fetched again. */
export const BARS_EVERY = 6;
export const SPARK_EVERY = 12;

/** What the navigation moves in the Cluster view's panes. */
export interface ClusterApi {
  moveWorker(index: number): void;
  moveEntry(index: number): void;
}

export interface ClusterSlice {
  actions: ClusterActions;
  pollers: { cluster: Poller; clusterBars: Poller; clusterSpark: Poller };
  api: ClusterApi;
}

export function createClusterSlice(storeCtx: StoreContext): ClusterSlice {
  const ctx = withBook(storeCtx, initialClusterBook(storeCtx));
  const shownIn = (state: MonitorState): boolean => state.ui.view === 'cluster';
  const shown = (): boolean => shownIn(ctx.get());
  const cluster = makePoller(ctx, {
    name: 'cluster',
    intervalMs: ctx.intervalMs,
    isEnabled: shown,
    isPrimary: shown,
    tick: async (signal) => {
      if (ctx.get().cluster.asOf === null) ctx.set((s) => ({ cluster: { ...s.cluster, loading: true } }));
      await fetchClusterRows(ctx, signal);
    },
    onPaneError: (err) =>
      ctx.set((s) => ({ cluster: { ...s.cluster, loading: false, error: toPaneError(err, ctx.now()) } })),
  });
  const side = (name: string, every: number, tick: (signal: AbortSignal) => Promise<void>, enabled = shown) =>
    makePoller(ctx, { name, intervalMs: ctx.intervalMs * every, isEnabled: enabled, isPrimary: () => false, tick });
  const clusterBars = side('clusterBars', BARS_EVERY, (signal) => fetchBars(ctx, signal));
  const clusterSpark = side(
    'clusterSpark',
    SPARK_EVERY,
    (signal) => fetchSpark(ctx, signal),
    () => shown() && ctx.get().cluster.selectedWorker !== null,
  );
  const all = [cluster, clusterBars, clusterSpark];

  // Shown: fetch everything now; hidden: nothing runs, nothing waits, nothing is in flight.
  ctx.watch(shownIn, (isShown) => {
    for (const poller of all) {
      if (isShown) poller.wake();
      else poller.cancel();
    }
  });
  // Another worker's last hour: the old one is dropped at once, the new one asked for.
  ctx.watch(
    (s) => s.cluster.selectedWorker,
    (worker) => {
      if (ctx.get().cluster.spark?.worker !== worker) ctx.set((s) => ({ cluster: { ...s.cluster, spark: null } }));
      if (worker !== null) clusterSpark.wake();
    },
  );
  ctx.events.on('refresh', () => {
    if (shown()) for (const poller of all) poller.wake();
  });

  return {
    actions: createClusterActions(ctx),
    pollers: { cluster, clusterBars, clusterSpark },
    api: { moveWorker: (index) => moveWorker(ctx, index), moveEntry: (index) => moveEntry(ctx, index) },
  };
}
