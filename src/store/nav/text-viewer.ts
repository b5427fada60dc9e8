// `enter` on a log line, a summary value or a run-info line: the text viewer over the panes
// shows it whole. What each pane's selection is comes from its slice's selectors.
import { showStatus, type StoreContext } from '../core/index.js';
import { selectedLogText } from '../logs/index.js';
import { isTextViewerPane, type TextViewerPane } from '../panes.js';
import { selectedRunInfoValue } from '../run-info/index.js';
import type { MonitorState } from '../types.js';
import { focusedPane, openViewer } from '../ui/index.js';

function summaryValueText(state: MonitorState): { title: string; text: string } | null {
  const row = state.artifacts.singleValues.items[state.artifacts.summaryTop];
  if (row === undefined) return null;
  return { title: `${row.metric} / ${row.variant}`, text: `${row.metric} / ${row.variant}\n${String(row.value)}` };
}

type SelectedText = { title: string; text: string } | null;

/** What `enter` reads whole in each pane that has the text viewer (src/store/panes.ts). */
const SELECTED_TEXT: Record<TextViewerPane, (state: MonitorState, now: number) => SelectedText> = {
  logs: (state) => {
    const text = selectedLogText(state);
    return text === null ? null : { title: 'log line', text };
  },
  summary: (state) => summaryValueText(state),
  runinfo: (state, now) => selectedRunInfoValue(state, now),
};

/** Opens the viewer on what is selected in the focused pane (log line, summary value, run-info line). */
export function openSelectedText(ctx: StoreContext): void {
  const state = ctx.get();
  const pane = focusedPane(state);
  const selected = isTextViewerPane(pane) ? SELECTED_TEXT[pane](state, ctx.now()) : null;
  if (selected === null) return showStatus(ctx, 'nothing selected to read');
  openViewer(ctx, selected);
}
