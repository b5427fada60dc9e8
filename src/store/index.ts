// Public surface of the monitor store.
export { createMonitorStore, DEFAULT_INTERVAL_MS } from './create-monitor-store.js';
export type { StoreDeps } from './deps.js';
export type { StoreClient } from './client.js';
export * from './types.js';
export * from './selectors.js';
