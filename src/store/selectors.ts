// What the UI reads the store through besides the state itself: the slices' selectors, each
// from its slice's public face.
export { visibleOptions } from './core/index.js';
export { compareActive } from './compare/index.js';
export { chartMetrics, entryKey, scalarEntries, type ScalarEntry } from './detail/index.js';
export { logCursorIndex, logRows } from './logs/index.js';
export { detailsMaxTop, widgetsShown } from './reports/index.js';
export { paramCompareShown, runInfoCursorRange, infoLinesOf } from './run-info/index.js';
export {
  isTaskFilterEmpty,
  metricColumnKey,
  metricColumnLabel,
  metricValueField,
  selectedTask,
  taskFilterInfo,
} from './tasks/index.js';
export { focusedPane, NO_PANE_ROWS } from './ui/index.js';
export { pageRows } from './nav/index.js';
export { sameData } from './core/index.js';
export type { LogScanner } from './logs/index.js';
