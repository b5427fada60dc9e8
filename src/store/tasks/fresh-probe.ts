// Fresh data for the task on screen: while the selected task runs and keeps changing, one
// small request a second (tasks.get_all_ex of its id, last_update and last_iteration only)
// asks whether it moved, instead of waiting for the list's next poll. When it moved, its row
// takes the new values and the detail and log fetch what is new, as after a list poll.
// A task that has not changed for FRESH_QUIET_MS is left to the list's poll again (which
// wakes the probe when it sees the task move), so an idle monitor sends nothing more.
import { parseTaskPage } from '../core/index.js';
import type { TasksContext } from './book.js';
import { forceFullRead } from './list-probe.js';
import type { MonitorState } from '../types.js';
import { selectedFingerprint } from './select.js';

/** Time between probes of the selected task. */
export const FRESH_PROBE_MS = 1000;
/** Probing stops after this long without a change to the selected task. */
export const FRESH_QUIET_MS = 15_000;

const ENDPOINT = 'tasks.get_all_ex';

export interface FreshProbe {
  /** The selected task's fingerprint when it last changed (or was selected). */
  fingerprint: string | null;
  /** Epoch ms of that change. */
  changedAt: number;
}

export function initialFreshProbe(): FreshProbe {
  return { fingerprint: null, changedAt: 0 };
}

function selectedRunning(state: MonitorState): boolean {
  const id = state.tasks.selectedId;
  return state.ui.view === 'tasks' && id !== null && state.tasks.byId[id]?.status === 'in_progress';
}

/** Whether the probe should run now: a running task shown, changed lately, and a list poll slower than the probe. */
export function freshProbeWanted(ctx: TasksContext): boolean {
  const state = ctx.get();
  return (
    ctx.intervalMs > FRESH_PROBE_MS &&
    !ctx.book.selectionTimer.pending &&
    selectedRunning(state) &&
    ctx.book.freshProbe.fingerprint === selectedFingerprint(state) &&
    ctx.now() - ctx.book.freshProbe.changedAt < FRESH_QUIET_MS
  );
}

/**
 * Notes the selected task's fingerprint (called whenever the detail is synced): a new one
 * (another task, or the task moved) starts the probe's quiet period over and wakes it.
 */
export function noteSelectedTask(ctx: TasksContext): void {
  const fingerprint = selectedFingerprint(ctx.get());
  if (fingerprint === ctx.book.freshProbe.fingerprint) return;
  ctx.book.freshProbe = { fingerprint, changedAt: ctx.now() };
  // A probe that found the change goes on at its own pace.
  if (!ctx.pollers.fresh.isRunning && freshProbeWanted(ctx)) ctx.pollers.fresh.wake();
}

/** One probe; true when the selected task moved (its row is updated: the panes sync then). */
export async function freshTick(ctx: TasksContext, signal: AbortSignal): Promise<boolean> {
  const id = ctx.get().tasks.selectedId;
  if (id === null) return false;
  const answer = await ctx.client.tasks.getAllEx(
    { id: [id], only_fields: ['last_update', 'last_iteration'], search_hidden: true },
    { signal },
  );
  const probed = parseTaskPage(answer, ENDPOINT).rows.find((r) => r.id === id);
  const row = ctx.get().tasks.byId[id];
  if (signal.aborted || probed === undefined || row === undefined || ctx.get().tasks.selectedId !== id) return false;
  if (probed.lastUpdate === row.lastUpdate && probed.lastIteration === row.lastIteration) return false;
  // Older than the row (the list read after the probe was sent): the row stands.
  if ((probed.lastUpdate ?? 0) < (row.lastUpdate ?? 0)) return false;
  ctx.set((s) => {
    const current = s.tasks.byId[id];
    if (current === undefined) return {};
    const next = { ...current, lastUpdate: probed.lastUpdate, lastIteration: probed.lastIteration };
    return { tasks: { ...s.tasks, byId: { ...s.tasks.byId, [id]: next } } };
  });
  // The list's rows are no longer exactly what its last read brought: its next poll reads them
  // in full (as it would have, the task having moved) rather than trusting its one-row probe.
  forceFullRead(ctx);
  return true;
}
