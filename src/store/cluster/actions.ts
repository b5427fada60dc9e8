// What the Cluster view's keys do: move the worker and queue cursors, open a worker's task in
// the Tasks view, and reorder or remove a waiting task (triage: refused with --read-only).
import { clampIndex, closeDialog, describeFailure, openConfirm, showStatus, type StoreContext } from '../core/index.js';
import type { ClusterContext } from './book.js';
import { shownEntries, type ClusterQueue } from './state.js';

/** Where `[`, `]`, `{` and `}` move the selected waiting task. */
export type QueueMove = 'up' | 'down' | 'top' | 'bottom';

export interface ClusterActions {
  /** Enter on a worker: its running task, selected in the Tasks view. */
  openWorkerTask(): void;
  /** `[` / `]` one place up / down, `{` / `}` to the front / back of its queue. */
  moveQueueEntry(move: QueueMove): Promise<void>;
  /** `d`: asks to take the selected waiting task out of its queue. */
  requestQueueRemove(): void;
  /** `y` in the confirm dialog that `d` opened. */
  submitClusterDialog(): Promise<void>;
}

export function moveWorker(ctx: StoreContext, index: number): void {
  const { workers } = ctx.get().cluster;
  if (workers.length === 0) return;
  const workerIndex = clampIndex(index, workers.length);
  const selectedWorker = workers[workerIndex]?.id ?? null;
  if (selectedWorker === ctx.get().cluster.selectedWorker) return;
  ctx.set((s) => ({ cluster: { ...s.cluster, workerIndex, selectedWorker } }));
}

export function moveEntry(ctx: StoreContext, index: number): void {
  const entries = shownEntries(ctx.get().cluster.queues);
  if (entries.length === 0) return;
  const entryIndex = clampIndex(index, entries.length);
  ctx.set((s) => ({ cluster: { ...s.cluster, entryIndex, selectedEntry: entries[entryIndex] ?? null } }));
}

/** The shown line of `queue` with `task` moved as asked (what the server will answer next). */
function reordered(queue: ClusterQueue, task: string, move: QueueMove): ClusterQueue {
  const entries = [...queue.entries];
  const at = entries.findIndex((e) => e.taskId === task);
  if (at < 0) return queue;
  const [entry] = entries.splice(at, 1);
  if (entry === undefined) return queue;
  const to = { up: Math.max(0, at - 1), down: at + 1, top: 0, bottom: entries.length }[move];
  // A task moved past the last shown entry leaves the shown part of a cut line.
  if (to >= entries.length && queue.length > queue.entries.length) return { ...queue, entries };
  entries.splice(to, 0, entry);
  return { ...queue, entries };
}

const MOVE_CALLS = {
  up: 'moveTaskForward',
  down: 'moveTaskBackward',
  top: 'moveTaskToFront',
  bottom: 'moveTaskToBack',
} as const;

function refused(ctx: StoreContext): boolean {
  if (!ctx.get().ui.readOnly) return false;
  showStatus(ctx, 'read-only: queue changes are off', 'error');
  return true;
}

function taskName(ctx: StoreContext, queue: string, task: string): string {
  const q = ctx.get().cluster.queues.find((x) => x.id === queue);
  return q?.entries.find((e) => e.taskId === task)?.name || task;
}

export function createClusterActions(ctx: ClusterContext): ClusterActions {
  return {
    openWorkerTask() {
      const { workers, workerIndex } = ctx.get().cluster;
      const worker = workers[workerIndex];
      if (worker === undefined) return;
      if (worker.taskId === null) return showStatus(ctx, `${worker.id} is idle: no task to open`);
      // The Tasks view first, so that its list polls (the jump waits for its first answer).
      ctx.get().actions.focusPane('tasks');
      ctx.get().actions.jumpToTask(worker.taskId);
    },
    async moveQueueEntry(move) {
      const selected = ctx.get().cluster.selectedEntry;
      if (selected === null || refused(ctx)) return;
      const name = taskName(ctx, selected.queue, selected.task);
      ctx.book.changes += 1;
      ctx.set((s) => ({
        cluster: {
          ...s.cluster,
          queues: s.cluster.queues.map((q) => (q.id === selected.queue ? reordered(q, selected.task, move) : q)),
        },
      }));
      const entries = shownEntries(ctx.get().cluster.queues);
      const at = entries.findIndex((e) => e.queue === selected.queue && e.task === selected.task);
      // Moved past the shown part of a cut line: the cursor stays on a shown entry, its row.
      moveEntry(ctx, at >= 0 ? at : ctx.get().cluster.entryIndex);
      const request = { queue: selected.queue, task: selected.task };
      try {
        const call = ctx.client.queues[MOVE_CALLS[move]];
        const answer = await call(move === 'up' || move === 'down' ? { ...request, count: 1 } : request);
        showStatus(ctx, `"${name}" is now number ${Number(answer.position) + 1} in line`, 'success');
      } catch (err) {
        showStatus(ctx, `cannot move "${name}": ${describeFailure(err)}`, 'error');
      }
      ctx.book.changes += 1;
      ctx.pollers.cluster.wake();
    },
    requestQueueRemove() {
      const selected = ctx.get().cluster.selectedEntry;
      if (selected === null || refused(ctx)) return;
      const name = taskName(ctx, selected.queue, selected.task);
      const queue = ctx.get().cluster.queues.find((q) => q.id === selected.queue)?.name ?? selected.queue;
      ctx.book.removing = { ...selected, name };
      openConfirm(
        ctx,
        'queues',
        'remove',
        `Remove from queue ${queue}?`,
        [name, 'its status stays queued'],
        [{ id: selected.task }],
      );
    },
    async submitClusterDialog() {
      const removing = ctx.book.removing;
      ctx.book.removing = null;
      closeDialog(ctx);
      if (removing === null || refused(ctx)) return;
      try {
        await ctx.client.queues.removeTask({ queue: removing.queue, task: removing.task });
        showStatus(ctx, `removed "${removing.name}" from its queue`, 'success');
      } catch (err) {
        showStatus(ctx, `cannot remove "${removing.name}": ${describeFailure(err)}`, 'error');
      }
      ctx.book.changes += 1;
      ctx.pollers.cluster.wake();
    },
  };
}
