// Run info in compare mode: with two or more tasks marked, their hyperparameters side by side
// (text/param-compare.ts), from one tasks.get_all_ex request for the marked ids; fetched again
// when a marked task's last_update moves or the marks change.
import type { RunInfoContext } from './book.js';
import { clampIndex, isObject, parseHyperparams, triageFailure, type Outcome } from '../core/index.js';
import { compareParams, paramCompareLines, type ParamRun } from '../../text/param-compare.js';
import type { MonitorState } from '../types.js';

/** Marked tasks compared at most (the columns a wide pane can show, and then some). */
export const MAX_PARAM_RUNS = 12;

/** What the comparison depends on: the marked ids and their last_update; null with fewer than two marked. */
export function paramsFingerprint(state: MonitorState): string | null {
  const { marked, byId } = state.tasks;
  if (marked.length < 2) return null;
  return marked
    .slice(0, MAX_PARAM_RUNS)
    .map((id) => `${id}|${byId[id]?.lastUpdate ?? ''}`)
    .join(',');
}

/** True when the run info pane shows the marked runs' parameters rather than the selected run. */
export function paramCompareShown(state: MonitorState): boolean {
  return state.tasks.marked.length >= 2 && state.runinfo.compare !== null;
}

/** The run info cursor's range: compare lines when comparing, else the selected run's. */
export function runInfoCursorRange(state: MonitorState): number {
  const compare = state.runinfo.compare;
  return paramCompareShown(state) && compare !== null ? paramCompareLines(compare).length : state.runinfo.lineCount;
}

export async function fetchParamCompare(
  ctx: RunInfoContext,
  fp: string,
  signal: AbortSignal,
  outcome: Outcome,
): Promise<void> {
  const ids = ctx.get().tasks.marked.slice(0, MAX_PARAM_RUNS);
  try {
    const answer = await ctx.client.tasks.getAllEx(
      { id: ids, only_fields: ['name', 'hyperparams'], search_hidden: true },
      { signal },
    );
    const found = new Map((answer.tasks ?? []).filter((t) => isObject(t)).map((t) => [t.id, t]));
    const runs: ParamRun[] = ids.flatMap((id) => {
      const task = found.get(id);
      if (task === undefined) return [];
      return [{ id, name: typeof task.name === 'string' ? task.name : id, params: parseHyperparams(task.hyperparams) }];
    });
    if (signal.aborted) return;
    ctx.book.paramsFor = fp;
    const compare = compareParams(runs);
    ctx.set((s) => ({
      runinfo: {
        ...s.runinfo,
        compare,
        selectedIndex: clampIndex(s.runinfo.selectedIndex, paramCompareLines(compare).length),
      },
    }));
  } catch (err) {
    if (signal.aborted) return;
    triageFailure(
      err,
      outcome,
      (error) => {
        ctx.book.paramsFor = fp;
        ctx.set((s) => ({ runinfo: { ...s.runinfo, error } }));
      },
      ctx.now(),
    );
  }
}
