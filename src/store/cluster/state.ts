// The cluster slice's state: the live workers, the queues with their first waiting tasks, each
// worker's last machine stats (for its bars) and the selected worker's last hour (a sparkline).
import type { PaneError } from '../core/index.js';

export interface ClusterWorker {
  id: string;
  user: string;
  /** The task it runs (null: idle), its name and project. */
  taskId: string | null;
  taskName: string;
  project: string;
  /** Epoch ms of its last registration or report. */
  lastSeen: number | null;
  /** Names of the queues it listens to. */
  queues: string[];
}

/** A worker's last report, each in percent (null: not reported). */
export interface MachineBars {
  cpu: number | null;
  gpu: number | null;
  memory: number | null;
}

export interface QueueEntryRow {
  taskId: string;
  name: string;
  /** Epoch ms the task was put in line. */
  added: number | null;
}

export interface ClusterQueue {
  id: string;
  name: string;
  /** Its real length, even when `entries` holds only the first ones. */
  length: number;
  /** The first tasks in line, as many as the pane has rows for. */
  entries: QueueEntryRow[];
  /** Live workers listening to it. */
  workers: number;
}

/** The selected worker's last hour, one point a minute. */
export interface WorkerSpark {
  worker: string;
  cpu: number[];
  gpu: number[];
}

export interface ClusterState {
  workers: ClusterWorker[];
  queues: ClusterQueue[];
  bars: Record<string, MachineBars>;
  spark: WorkerSpark | null;
  selectedWorker: string | null;
  workerIndex: number;
  /** The selected waiting task and its queue (the queues pane's cursor). */
  selectedEntry: { queue: string; task: string } | null;
  entryIndex: number;
  loading: boolean;
  error: PaneError | null;
  /**
   * Epoch ms of the answer that last changed the workers or queues: relative times ("10s ago")
   * are measured from it, so they move only when the data does and an idle screen stays still.
   */
  asOf: number | null;
}

export function initialCluster(): ClusterState {
  return {
    workers: [],
    queues: [],
    bars: {},
    spark: null,
    selectedWorker: null,
    workerIndex: 0,
    selectedEntry: null,
    entryIndex: 0,
    loading: false,
    error: null,
    asOf: null,
  };
}

/** Every waiting task shown, queue by queue, in line order (what the queues pane's cursor moves over). */
export function shownEntries(queues: readonly ClusterQueue[]): { queue: string; task: string }[] {
  return queues.flatMap((q) => q.entries.map((e) => ({ queue: q.id, task: e.taskId })));
}
