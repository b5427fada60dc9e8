// How the scalars and chart panes show what they have: log-scale y (`L`), the `:monitor:`
// group folded or not (`z`), and the focused pane zoomed to the whole body (`Z`). View
// settings only: nothing is fetched again.
import { clampIndex, showStatus, type StoreContext } from '../core/index.js';
import { entryKey, scalarEntries } from './scalar-rows.js';
import { setDisplay, type XAxisMode } from '../ui/index.js';

/** What the histogram's x is keyed by for an x-axis mode. */
export function histogramKey(axis: XAxisMode): 'iter' | 'timestamp' {
  return axis === 'iter' ? 'iter' : 'timestamp';
}

/** The x-axis after `axis` in the cycle iter → time → since start → iter. */
export function nextXAxis(axis: XAxisMode): XAxisMode {
  return axis === 'iter' ? 'time' : axis === 'time' ? 'since' : 'iter';
}

export interface ChartViewActions {
  toggleLogScale(): void;
  /** Folds or unfolds the scalars pane's `:monitor:` series; the selection stays on its line. */
  toggleMonitorFold(): void;
  toggleZoom(): void;
}

export function createChartViewActions(ctx: StoreContext): ChartViewActions {
  return {
    toggleLogScale() {
      setDisplay(ctx, { logScale: !ctx.get().ui.logScale });
      showStatus(ctx, ctx.get().ui.logScale ? 'log-scale y (values <= 0 are not drawn)' : 'linear y');
    },
    toggleMonitorFold() {
      const { scalars, ui } = ctx.get();
      const before = scalarEntries(scalars.rows, ui.monitorFolded);
      const selected = before[scalars.selectedIndex];
      const folded = !ui.monitorFolded;
      const after = scalarEntries(scalars.rows, folded);
      // A series that folds away leaves the selection on the group's line.
      const key = selected?.kind === 'series' && selected.monitor && folded ? '\u0000monitor' : entryKey(selected);
      const at = after.findIndex((e) => entryKey(e) === key);
      setDisplay(ctx, { monitorFolded: folded });
      ctx.set((s) => ({
        scalars: { ...s.scalars, selectedIndex: at >= 0 ? at : clampIndex(s.scalars.selectedIndex, after.length) },
      }));
    },
    toggleZoom() {
      setDisplay(ctx, { zoomed: !ctx.get().ui.zoomed });
      showStatus(ctx, ctx.get().ui.zoomed ? 'zoomed: the focused pane fills the screen (Z: back)' : 'all panes');
    },
  };
}
