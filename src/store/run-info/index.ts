// The `runinfo` slice's public face.
export { createRunInfoSlice } from './create.js';
export type { RunInfoApi, RunInfoSlice } from './create.js';
export { emptyRunInfo, infoLinesOf, selectedRunInfoValue } from './run-info.js';
export type { RunInfoActions, RunInfoSearch, RunInfoState } from './run-info.js';
export { paramCompareShown, runInfoCursorRange } from './param-compare.js';
