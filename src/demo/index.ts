// The demo: simulated training runs and reports written through the API client.
export { demoAddress, runDemo, type RunDemoOptions, type RunningDemo } from './run-demo.js';
export {
  seedDemo,
  BIG_LOG_LINES,
  DEFAULT_SEED,
  type SeedOptions,
  type SeedResult,
  type SeededTask,
  type SeededReport,
} from './seed.js';
export {
  startLiveRuns,
  type LiveRunOptions,
  type LiveRunResume,
  type LiveRunStats,
  type LiveRuns,
} from './live-runs.js';
export { findExistingDemo, type DemoReader, type ExistingDemo } from './resume.js';
export type { DemoClient } from './demo-client.js';
