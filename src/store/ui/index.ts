// The `ui` slice's public face: what is shown (view, focus, overlays, prompt, sizes, display
// settings). It imports no other slice; the others read it and call these.
export {
  createUiActions,
  initialUi,
  NO_PANE_ROWS,
  createTextViewerActions,
  openPrompt,
  openViewer,
  setDisplay,
  setListQuery,
  SMOOTHING_LEVELS,
} from './ui-state.js';
export type {
  DisplaySettings,
  OverlayKind,
  PromptState,
  TextViewerState,
  TextViewerActions,
  UiActions,
  UiOptions,
  UiState,
  XAxisMode,
} from './ui-state.js';
export { afterViewOrFocusChange, focusedPane, focusPane, focusStep, showView } from './focus.js';
export { createPromptActions, FILTER_DEBOUNCE_MS, recalledQuery, SEARCH_HISTORY_MAX } from './prompt.js';
export type { PromptActions } from './prompt.js';
