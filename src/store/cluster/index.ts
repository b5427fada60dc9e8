// The `cluster` slice's public face: the Cluster view's workers and queues, its pollers (which
// run only while the view is shown), its actions and what the navigation moves.
export { createClusterSlice, BARS_EVERY, SPARK_EVERY } from './create.js';
export type { ClusterApi, ClusterSlice } from './create.js';
export type { ClusterActions, QueueMove } from './actions.js';
export { entriesPerQueue, LAST_SEEN_S } from './fetch.js';
export { initialCluster, shownEntries } from './state.js';
export type { ClusterQueue, ClusterState, ClusterWorker, MachineBars, QueueEntryRow, WorkerSpark } from './state.js';
