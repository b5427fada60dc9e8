// Long text, read whole: the text viewer over the panes (`enter` on a log line or a summary
// value), and the logs pane's wrap (`w`) and sideways scroll (`h` / `l`).
import { TEXT_START, layoutText, scrollView } from '../../text/text-layout.js';
import type { StoreContext } from '../context.js';
import { selectedLogText } from '../logs/cursor.js';
import { patchLogs } from '../logs/fetch.js';
import { focusedPane } from './navigation.js';
import { isTextViewerPane, type TextViewerPane } from '../panes.js';
import { selectedRunInfoValue } from '../run-info/run-info.js';
import { showStatus } from '../core/status.js';
import type { MonitorState } from '../types.js';

/** Columns one `h` / `l` moves the log sideways. */
export const SIDEWAYS_STEP = 8;

export interface TextViewerActions {
  /** Opens the viewer on what is selected in the focused pane (log line, summary value). */
  openSelectedText(): void;
  /**
   * Scrolls the viewer by rows, for a view `width` columns wide and `height` rows tall (the UI
   * knows its size), never past the last full screen.
   */
  scrollViewer(delta: number, width: number, height: number): void;
  /** The viewer's text (the UI copies it with OSC 52), or null when it is closed. */
  viewerText(): string | null;
  toggleLogWrap(): void;
  /** Moves the log sideways by `steps` of SIDEWAYS_STEP columns (not below 0). */
  scrollLogSideways(steps: number): void;
}

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

function selectedText(state: MonitorState, now: number): SelectedText {
  const pane = focusedPane(state);
  return isTextViewerPane(pane) ? SELECTED_TEXT[pane](state, now) : null;
}

export function createTextViewerActions(ctx: StoreContext): TextViewerActions {
  return {
    openSelectedText() {
      const selected = selectedText(ctx.get(), ctx.now());
      if (selected === null) return showStatus(ctx, 'nothing selected to read');
      // One pass for the line breaks; each screen then sanitises and wraps only what it shows.
      const viewer = { ...selected, layout: layoutText(selected.text), top: TEXT_START };
      ctx.set((s) => ({ ui: { ...s.ui, viewer } }));
    },
    scrollViewer(delta, width, height) {
      const viewer = ctx.get().ui.viewer;
      if (viewer === null) return;
      const top = scrollView(viewer.layout, viewer.top, delta, width, height);
      const same = top.line === viewer.top.line && top.block === viewer.top.block && top.row === viewer.top.row;
      if (!same) ctx.set((s) => ({ ui: { ...s.ui, viewer: s.ui.viewer && { ...s.ui.viewer, top } } }));
    },
    viewerText: () => ctx.get().ui.viewer?.text ?? null,
    toggleLogWrap() {
      ctx.set((s) => ({ ui: { ...s.ui, logWrap: !s.ui.logWrap } }));
      showStatus(ctx, ctx.get().ui.logWrap ? 'log lines wrap' : 'log lines cut (h / l: sideways)');
    },
    scrollLogSideways(steps) {
      if (ctx.get().ui.logWrap) return;
      patchLogs(ctx, (logs) => {
        const hscroll = Math.max(0, logs.hscroll + steps * SIDEWAYS_STEP);
        return hscroll === logs.hscroll ? {} : { hscroll };
      });
    },
  };
}
