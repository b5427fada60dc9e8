// The `logs` slice's public face.
export { createLogsSlice, SIDEWAYS_STEP } from './create.js';
export type { LogsApi, LogsSlice } from './create.js';
export { emptyLogs } from './logs.js';
export type { LogLine, LogSearchState, LogSearchStatus, LogsActions, LogsState } from './logs.js';
export { logCursorIndex, selectedLogText } from './cursor.js';
export { logRows } from './window-state.js';
export { scanLog, type LogScanner } from './scan.js';
