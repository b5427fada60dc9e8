// The `compare` slice: with two or more tasks marked, their last values side by side, their
// series overlaid and their plots. It follows the marks (a watch on `tasks.marked`) and `sync`,
// forgets what it fetched on `refresh`, and runs the compare poller.
import { clampIndex, sidePoller, withBook, type Poller, type StoreContext } from '../core/index.js';
import { initialCompareBook } from './book.js';
import { compareActive, compareTick, onMarksChanged, syncCompare } from './compare.js';

/** What the navigation moves while compare mode shows. */
export interface CompareApi {
  moveCompareCursor(delta: number): void;
  scrollComparePlots(delta: number): void;
}

export interface CompareSlice {
  api: CompareApi;
  poller: Poller;
}

export function createCompareSlice(store: StoreContext): CompareSlice {
  const ctx = withBook(store, initialCompareBook());
  ctx.watch(
    (s) => s.tasks.marked,
    () => onMarksChanged(ctx),
  );
  ctx.events.on('sync', () => syncCompare(ctx));
  ctx.events.on('refresh', () => {
    ctx.book.compareFor = null;
  });
  const poller = sidePoller(
    ctx,
    'compare',
    ctx.intervalMs,
    () => ctx.get().ui.view === 'tasks' && compareActive(ctx.get()),
    (signal) => compareTick(ctx, signal),
  );
  const api: CompareApi = {
    moveCompareCursor(delta) {
      const c = ctx.get().compare;
      const index = clampIndex(c.selectedIndex + delta, c.rows.length);
      if (index !== c.selectedIndex) ctx.set((s) => ({ compare: { ...s.compare, selectedIndex: index } }));
    },
    scrollComparePlots(delta) {
      const c = ctx.get().compare;
      const top = clampIndex(c.plotsTop + delta, c.plots.length);
      if (top !== c.plotsTop) ctx.set((s) => ({ compare: { ...s.compare, plotsTop: top } }));
    },
  };
  return { api, poller };
}
