// What the store needs to know of the layout: how many rows each pane shows (0 = hidden), so
// hidden panes fetch nothing, and how many chart columns there are, so histograms ask for as
// many samples as are drawn. Kept apart from App so a caller can lay out the store before the UI.
import type { MonitorStore, PaneName } from '../store/types.js';
import { paneRowsOf, type Layout } from './layout.js';

/** What the store hears of the layout (it is told only when this changed). */
export interface StoreLayout {
  paneRows: Record<PaneName, number>;
  chartColumns: number;
  tooSmall: boolean;
}

export function storeLayoutOf(layout: Layout): StoreLayout {
  return { paneRows: paneRowsOf(layout), chartColumns: layout.chartColumns, tooSmall: layout.tooSmall };
}

export function applyLayoutToStore(store: MonitorStore, layout: StoreLayout): void {
  const actions = store.getState().actions;
  if (layout.tooSmall) return;
  for (const pane of Object.keys(layout.paneRows) as PaneName[]) actions.setPaneRows(pane, layout.paneRows[pane]);
  actions.setChartColumns(layout.chartColumns);
}
