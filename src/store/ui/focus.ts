// Which view is shown and which pane has the focus. A change here announces `sync`: each slice
// then fetches what its newly shown panes lack (core/events.ts).
import type { StoreContext } from '../core/index.js';
import { paneSpec, panesOf, type PaneName, type ViewName } from '../panes.js';
import type { MonitorState } from '../types.js';

export function focusedPane(state: MonitorState): PaneName {
  return state.ui.focus[state.ui.view];
}

/** A shown view polls its list at once; newly shown panes fetch what they lack. */
export function afterViewOrFocusChange(ctx: StoreContext, previousView: ViewName): void {
  const view = ctx.get().ui.view;
  if (view !== previousView) ctx.pollers[view].wake();
  ctx.events.emit('sync', { view });
}

export function focusPane(ctx: StoreContext, pane: PaneName): void {
  const state = ctx.get();
  const view = paneSpec(pane).view;
  if (view === state.ui.view && state.ui.focus[view] === pane) return;
  // The pane's descriptor names its view, so it is one of that view's panes.
  ctx.set((s) => ({ ui: { ...s.ui, view, focus: { ...s.ui.focus, [view]: pane } } }));
  afterViewOrFocusChange(ctx, state.ui.view);
}

export function focusStep(ctx: StoreContext, step: 1 | -1): void {
  const state = ctx.get();
  const panes = panesOf(state.ui.view);
  const at = panes.indexOf(focusedPane(state));
  const next = panes[(at + step + panes.length) % panes.length];
  if (next !== undefined) focusPane(ctx, next);
}

export function showView(ctx: StoreContext, view: ViewName): void {
  const previous = ctx.get().ui.view;
  if (previous === view) return;
  ctx.set((s) => ({ ui: { ...s.ui, view, prompt: null } }));
  afterViewOrFocusChange(ctx, previous);
}
