// The `compare` slice's public face.
export { createCompareSlice } from './create.js';
export type { CompareApi, CompareSlice } from './create.js';
export { compareActive, emptyCompare, MAX_COMPARED } from './compare.js';
export type { CompareState } from './compare.js';
export type { ComparePlot } from './compare-plots.js';
