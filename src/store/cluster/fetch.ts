// The cluster view's three fetches, each run by its own poller while the view is shown: the
// workers and queues (every interval), the workers' last machine stats (every 6th), and the
// selected worker's last hour (every 12th).
import { sameData, type StoreContext } from '../core/index.js';
import type { ClusterContext } from './book.js';
import { parseBars, parseQueues, parseSeries, parseWorkers } from './parse.js';
import { shownEntries, type ClusterQueue, type ClusterState } from './state.js';

/** Workers seen within this many seconds are listed (a worker's default timeout). */
export const LAST_SEEN_S = 600;
/** How far back the bars look for a worker's last report (agents report every 30 s). */
const BARS_WINDOW_S = 300;
/** The shortest interval real servers chart (workers.get_stats). */
const BARS_INTERVAL_S = 40;
const SPARK_WINDOW_S = 3600;
const SPARK_INTERVAL_S = 60;

/** Rows of the queues pane when it is not laid out (a narrow terminal showing the workers). */
function queueRows(ctx: StoreContext): number {
  const state = ctx.get();
  const rows = state.ui.paneRows.queues;
  return rows > 0 ? rows : Math.max(1, state.ui.rows - 4);
}

/**
 * Waiting tasks asked per queue: each queue's share of the pane's rows after one heading row
 * each (at least one), so a long line never travels whole.
 */
export function entriesPerQueue(rows: number, queues: number): number {
  const count = Math.max(1, queues);
  return Math.max(1, Math.floor((rows - count) / count));
}

/** The selection kept on the same worker and waiting task when the rows change. */
function keepSelections(state: ClusterState, next: Pick<ClusterState, 'workers' | 'queues'>): Partial<ClusterState> {
  const ids = next.workers.map((w) => w.id);
  let workerIndex = state.selectedWorker === null ? -1 : ids.indexOf(state.selectedWorker);
  if (workerIndex < 0) workerIndex = Math.min(state.workerIndex, ids.length - 1);
  const entries = shownEntries(next.queues);
  const wanted = state.selectedEntry;
  let entryIndex = wanted === null ? -1 : entries.findIndex((e) => e.queue === wanted.queue && e.task === wanted.task);
  if (entryIndex < 0) entryIndex = Math.min(state.entryIndex, entries.length - 1);
  return {
    workerIndex: Math.max(0, workerIndex),
    selectedWorker: ids[workerIndex] ?? null,
    entryIndex: Math.max(0, entryIndex),
    selectedEntry: entries[entryIndex] ?? null,
  };
}

/** Sets the workers and queues when they changed (and only then moves `asOf`). */
export function setClusterRows(ctx: StoreContext, next: Pick<ClusterState, 'workers' | 'queues'>): void {
  const cluster = ctx.get().cluster;
  const same = sameData(cluster.workers, next.workers) && sameData(cluster.queues, next.queues);
  ctx.set((s) => ({
    cluster: {
      ...s.cluster,
      ...(same ? {} : { ...next, asOf: ctx.now() }),
      ...keepSelections(s.cluster, same ? s.cluster : next),
      loading: false,
      error: null,
    },
  }));
}

export async function fetchClusterRows(ctx: ClusterContext, signal: AbortSignal): Promise<void> {
  const changes = ctx.book.changes;
  const cap = entriesPerQueue(queueRows(ctx), ctx.get().cluster.queues.length);
  const [workersAnswer, queuesAnswer] = await Promise.all([
    ctx.client.workers.getAll({ last_seen: LAST_SEEN_S }, { signal }),
    ctx.client.queues.getAllEx(
      { only_fields: ['id', 'name', 'entries', 'workers'], max_task_entries: cap },
      { signal },
    ),
  ]);
  const workers = parseWorkers(workersAnswer);
  const parsed = parseQueues(queuesAnswer);
  // A queue answered with as many entries as asked may hold more: ask its real length.
  const queues = await Promise.all(
    parsed.map(async (q): Promise<ClusterQueue> => {
      if (q.entries.length < cap) return q;
      const answer = await ctx.client.queues.getNumEntries({ queue: q.id }, { signal });
      const num = typeof answer.num === 'number' && Number.isFinite(answer.num) ? answer.num : q.entries.length;
      return { ...q, length: Math.max(num, q.entries.length) };
    }),
  );
  if (signal.aborted || ctx.book.changes !== changes) return;
  setClusterRows(ctx, { workers, queues });
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * The end of a chart's range: one interval past now. Servers leave out an interval not yet 90 %
 * over (docs/wire-facts.md §11), which would hide every report of the last ~40 s; the interval
 * that holds now ends in the future, so it is whole.
 */
const chartEnd = (ctx: StoreContext, intervalS: number): number => seconds(ctx.now()) + intervalS;

export async function fetchBars(ctx: StoreContext, signal: AbortSignal): Promise<void> {
  const to = chartEnd(ctx, BARS_INTERVAL_S);
  const answer = await ctx.client.workers.getStats(
    {
      from_date: to - BARS_WINDOW_S,
      to_date: to,
      interval: BARS_INTERVAL_S,
      items: ['cpu_usage', 'gpu_usage', 'memory_used', 'memory_free'].map((key) => ({ key, aggregation: 'avg' })),
    },
    { signal },
  );
  if (signal.aborted) return;
  const bars = parseBars(answer);
  ctx.set((s) => ({ cluster: { ...s.cluster, bars } }));
}

export async function fetchSpark(ctx: StoreContext, signal: AbortSignal): Promise<void> {
  const worker = ctx.get().cluster.selectedWorker;
  if (worker === null) return;
  const to = chartEnd(ctx, SPARK_INTERVAL_S);
  const answer = await ctx.client.workers.getStats(
    {
      worker_ids: [worker],
      from_date: to - SPARK_WINDOW_S,
      to_date: to,
      interval: SPARK_INTERVAL_S,
      items: [
        { key: 'cpu_usage', aggregation: 'avg' },
        { key: 'gpu_usage', aggregation: 'avg' },
      ],
    },
    { signal },
  );
  if (signal.aborted || ctx.get().cluster.selectedWorker !== worker) return;
  const spark = {
    worker,
    cpu: parseSeries(answer, worker, 'cpu_usage'),
    gpu: parseSeries(answer, worker, 'gpu_usage'),
  };
  ctx.set((s) => ({ cluster: { ...s.cluster, spark } }));
}
