// The `runinfo` slice: the selected task's run info and, with two or more tasks marked, their
// hyperparameters side by side. It follows `taskSelected` and `sync` (fetching only while its
// pane is shown), forgets what it fetched on `refresh`, and runs its own poller.
import { followSelectedTask, withBook, type FollowerSlice, type Outcome, type StoreContext } from '../core/index.js';
import { dataWanted } from '../panes.js';
import { initialRunInfoBook, type RunInfoContext } from './book.js';
import { fetchParamCompare, paramsFingerprint } from './param-compare.js';
import {
  createRunInfoActions,
  emptyRunInfo,
  fetchRunInfo,
  moveRunInfoCursor,
  selectedRunInfoFingerprint,
  type RunInfoActions,
} from './run-info.js';

/** What the navigation moves in the run-info pane. */
export interface RunInfoApi {
  moveRunInfoCursor(delta: number): void;
}

export type RunInfoSlice = FollowerSlice<RunInfoActions, RunInfoApi>;

function onTaskSelected(ctx: RunInfoContext, id: string | null, pauseMs: number): void {
  if (ctx.get().runinfo.taskId === id) return;
  ctx.book.runInfoFor = null;
  ctx.book.paramsFor = null;
  ctx.pollers.runinfo.cancel();
  ctx.set({ runinfo: emptyRunInfo(id) });
  ctx.book.selectionTimer.restart(pauseMs, () => syncRunInfo(ctx));
}

function stale(ctx: RunInfoContext): boolean {
  const state = ctx.get();
  return ctx.book.runInfoFor !== selectedRunInfoFingerprint(state) || ctx.book.paramsFor !== paramsFingerprint(state);
}

function syncRunInfo(ctx: RunInfoContext): void {
  const state = ctx.get();
  if (state.ui.view !== 'tasks' || ctx.book.selectionTimer.pending || !dataWanted(state, 'runinfo')) return;
  if (state.runinfo.taskId !== state.tasks.selectedId) return;
  if (stale(ctx)) ctx.pollers.runinfo.wake();
}

async function runInfoTick(ctx: RunInfoContext, signal: AbortSignal): Promise<void> {
  const state = ctx.get();
  const taskId = state.tasks.selectedId;
  if (taskId === null || state.runinfo.taskId !== taskId || !dataWanted(state, 'runinfo')) return;
  const outcome: Outcome = { connectionError: undefined };
  const jobs: Promise<void>[] = [];
  const infoFp = selectedRunInfoFingerprint(state);
  if (infoFp !== null && ctx.book.runInfoFor !== infoFp) jobs.push(fetchRunInfo(ctx, taskId, infoFp, signal, outcome));
  const paramsFp = paramsFingerprint(state);
  if (ctx.book.paramsFor !== paramsFp) {
    if (paramsFp === null) {
      ctx.book.paramsFor = null;
      if (state.runinfo.compare !== null) ctx.set((s) => ({ runinfo: { ...s.runinfo, compare: null } }));
    } else jobs.push(fetchParamCompare(ctx, paramsFp, signal, outcome));
  }
  await Promise.all(jobs);
  if (outcome.connectionError !== undefined) throw outcome.connectionError;
}

export function createRunInfoSlice(store: StoreContext): RunInfoSlice {
  const ctx = withBook(store, initialRunInfoBook(store));
  const follower = { selected: onTaskSelected, sync: syncRunInfo, tick: runInfoTick };
  const poller = followSelectedTask(ctx, 'runinfo', ['runInfoFor', 'paramsFor'], follower);
  return {
    actions: createRunInfoActions(ctx),
    api: { moveRunInfoCursor: (delta) => moveRunInfoCursor(ctx, delta) },
    poller,
  };
}
