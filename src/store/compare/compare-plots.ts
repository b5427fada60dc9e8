// The same plot across the compared tasks (events.get_multi_task_plots, the last iteration of
// each): grouped by metric/variant, tasks in marking order, for the plots pane in compare mode.
import type { CompareContext } from './book.js';
import { DataShapeError, isObject } from '../core/index.js';

export interface ComparePlot {
  metric: string;
  variant: string;
  taskId: string;
  taskName: string;
  iter: number;
  plotStr: string;
}

const ENDPOINT = 'events.get_multi_task_plots';

/** The newest plot event of one task's `{iter: {name, plots}}` map. */
function newestPlot(byIter: unknown): { name: string; iter: number; plotStr: string } | null {
  let best: { name: string; iter: number; plotStr: string } | null = null;
  for (const entry of Object.values(isObject(byIter) ? byIter : {})) {
    if (!isObject(entry) || !Array.isArray(entry.plots)) continue;
    const name = typeof entry.name === 'string' ? entry.name : '';
    for (const plot of entry.plots) {
      if (!isObject(plot) || typeof plot.plot_str !== 'string') continue;
      const iter = typeof plot.iter === 'number' && Number.isFinite(plot.iter) ? plot.iter : 0;
      if (best === null || iter > best.iter) best = { name, iter, plotStr: plot.plot_str };
    }
  }
  return best;
}

export function parseComparePlots(data: unknown, taskIds: readonly string[]): ComparePlot[] {
  if (!isObject(data) || !isObject(data.plots)) throw new DataShapeError(ENDPOINT, 'the answer has no "plots"');
  const out: ComparePlot[] = [];
  const metrics = Object.keys(data.plots).sort();
  for (const metric of metrics) {
    const variants = data.plots[metric];
    if (!isObject(variants)) continue;
    for (const variant of Object.keys(variants).sort()) {
      const tasks = variants[variant];
      if (!isObject(tasks)) continue;
      for (const taskId of taskIds) {
        const plot = newestPlot(tasks[taskId]);
        if (plot !== null)
          out.push({ metric, variant, taskId, taskName: plot.name || taskId, iter: plot.iter, plotStr: plot.plotStr });
      }
    }
  }
  return out;
}

export async function fetchComparePlots(
  ctx: CompareContext,
  taskIds: string[],
  signal: AbortSignal,
): Promise<ComparePlot[]> {
  const answer = await ctx.client.events.getMultiTaskPlots(
    { tasks: taskIds, iters: 1, last_iters_per_task_metric: true, no_scroll: true },
    { signal },
  );
  return parseComparePlots(answer, taskIds);
}
