// Public surface of the monitor UI, for the CLI, benchmarks and end-to-end tests.
export {
  runMonitor,
  renderOnce,
  type MonitorClient,
  type MonitorOptions,
  type RunMonitorOptions,
  type RenderOnceOptions,
} from './run.js';
export { firstLoadDone } from './monitor-start.js';
export { App, type AppProps } from './App.js';
export { keysMarkdown, KEYMAP, type KeyBinding } from './keys/keymap.js';
export { computeLayout, MIN_COLS, MIN_ROWS } from './layout.js';
export { colorEnabled, enterTerminal, FULL_CLEAR, type TerminalSession } from './terminal.js';
export { createTheme, type Theme } from './theme.js';
