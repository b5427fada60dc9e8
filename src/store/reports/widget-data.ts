// `reports.get_task_data` answers → the data one embedded report widget draws. The section
// shapes are those of docs/wire-facts.md §9.5 (scalar histogram with no `metrics` wrapper, the plots
// tree of get_multi_task_plots, debug image pages, single values per task). Answers come from
// any server, so a malformed part is skipped; a missing section is an error for that widget.
import type { KnownReportWidget } from '../../text/report-widgets.js';
import { byText, DataShapeError, isObject, num, parseSeriesPoints, str } from '../core/index.js';
import type { WidgetData, WidgetImage, WidgetPlot, WidgetSeries, WidgetValue } from '../types.js';

const ENDPOINT = 'reports.get_task_data';

/** Bounds per widget: a report draws a few of each, memory stays small. */
export const MAX_WIDGET_SERIES = 12;
export const MAX_WIDGET_POINTS = 500;
export const MAX_WIDGET_PLOTS = 4;
export const MAX_WIDGET_IMAGES = 12;
export const MAX_WIDGET_VALUES = 60;

const bySeries = byText('metric', 'variant', 'taskName');

/** Task id → name from the answer's `tasks` list (names also travel inside some sections). */
function taskNames(answer: Record<string, unknown>): Map<string, string> {
  const names = new Map<string, string>();
  if (!Array.isArray(answer.tasks)) return names;
  for (const t of answer.tasks) {
    if (isObject(t) && typeof t.id === 'string') names.set(t.id, str(t.name));
  }
  return names;
}

function section(answer: Record<string, unknown>, key: string): unknown {
  if (!(key in answer)) throw new DataShapeError(ENDPOINT, `the answer has no "${key}" section`);
  return answer[key];
}

interface TaskLeaf {
  metric: string;
  variant: string;
  task: string;
  leaf: unknown;
}

/** The leaves of a metric → variant → task tree (the shape of the scalar and plot sections). */
function taskLeaves(tree: unknown): TaskLeaf[] {
  const out: TaskLeaf[] = [];
  if (!isObject(tree)) return out;
  for (const [metric, variants] of Object.entries(tree)) {
    if (!isObject(variants)) continue;
    for (const [variant, tasks] of Object.entries(variants)) {
      if (!isObject(tasks)) continue;
      for (const [task, leaf] of Object.entries(tasks)) out.push({ metric, variant, task, leaf });
    }
  }
  return out;
}

/** metric → variant → task → {name, x, y}. */
function parseScalars(value: unknown, names: Map<string, string>): WidgetSeries[] {
  const out: WidgetSeries[] = [];
  for (const { metric, variant, task, leaf } of taskLeaves(value)) {
    const parsed = parseSeriesPoints(leaf, MAX_WIDGET_POINTS);
    if (!parsed || !isObject(leaf)) continue;
    const taskName = str(leaf.name) || names.get(task) || task;
    out.push({ metric, variant, task, taskName, ...parsed });
  }
  return out.sort(bySeries).slice(0, MAX_WIDGET_SERIES);
}

/** metric → variant → task → "<iter>" → {name, plots: [events]}; the newest iteration per series. */
function parsePlots(value: unknown, names: Map<string, string>): WidgetPlot[] {
  const out: WidgetPlot[] = [];
  for (const { metric, variant, task, leaf } of taskLeaves(value)) {
    const newest = newestPlotEvent(leaf);
    if (newest === undefined) continue;
    out.push({
      task,
      taskName: newest.entryName || names.get(task) || task,
      metric: newest.metric || metric,
      variant: newest.variant || variant,
      iter: newest.iter,
      plotStr: newest.plotStr,
    });
  }
  return out.sort(bySeries).slice(0, MAX_WIDGET_PLOTS);
}

/** A plot event as sent ('' for a text field it lacks). */
interface PlotEvent {
  iter: number;
  plotStr: string;
  metric: string;
  variant: string;
  /** The task name its iteration entry gives. */
  entryName: string;
}

/** The newest plot event of one task's "<iter>" → {name, plots} map (the first one of a tie). */
function newestPlotEvent(iterations: unknown): PlotEvent | undefined {
  if (!isObject(iterations)) return undefined;
  let best: PlotEvent | undefined;
  for (const [iterKey, entry] of Object.entries(iterations)) {
    if (!isObject(entry) || !Array.isArray(entry.plots)) continue;
    for (const event of entry.plots) {
      if (!isObject(event) || typeof event.plot_str !== 'string') continue;
      const iter = num(event.iter) ?? (Number.parseInt(iterKey, 10) || 0);
      if (best !== undefined && best.iter >= iter) continue;
      best = {
        iter,
        plotStr: event.plot_str,
        metric: str(event.metric),
        variant: str(event.variant),
        entryName: str(entry.name),
      };
    }
  }
  return best;
}

interface TaskEntry {
  entry: Record<string, unknown>;
  task: string;
  items: unknown[];
}

/** The entries of a per-task list section ([{task, <key>: […]}, …]) that hold a `key` list. */
function taskEntries(value: unknown, key: string): TaskEntry[] {
  if (!Array.isArray(value)) return [];
  const out: TaskEntry[] = [];
  for (const entry of value) {
    if (!isObject(entry)) continue;
    const items = entry[key];
    if (Array.isArray(items)) out.push({ entry, task: str(entry.task), items });
  }
  return out;
}

/** [{task, iterations: [{iter, events}]}]; newest iteration first. */
function parseImages(value: unknown, names: Map<string, string>): WidgetImage[] {
  const out: WidgetImage[] = [];
  for (const { task, items } of taskEntries(value, 'iterations')) {
    for (const iteration of items) {
      if (!isObject(iteration) || !Array.isArray(iteration.events)) continue;
      for (const event of iteration.events) {
        if (!isObject(event) || typeof event.url !== 'string' || event.url === '') continue;
        const owner = str(event.task) || task;
        out.push({
          task: owner,
          taskName: names.get(owner) || owner,
          metric: str(event.metric),
          variant: str(event.variant),
          iter: num(event.iter) ?? num(iteration.iter) ?? 0,
          url: event.url,
        });
      }
    }
  }
  return out.sort((a, b) => b.iter - a.iter || bySeries(a, b)).slice(0, MAX_WIDGET_IMAGES);
}

/** [{task, task_name, values: [{metric, variant, value}]}]. */
function parseValues(value: unknown, names: Map<string, string>): WidgetValue[] {
  const out: WidgetValue[] = [];
  for (const { entry, task, items } of taskEntries(value, 'values')) {
    const taskName = str(entry.task_name) || names.get(task) || task;
    for (const v of items) {
      if (!isObject(v) || typeof v.metric !== 'string' || typeof v.variant !== 'string') continue;
      out.push({ task, taskName, metric: v.metric, variant: v.variant, value: num(v.value) ?? Number.NaN });
    }
  }
  return out.sort(byText('taskName', 'metric', 'variant')).slice(0, MAX_WIDGET_VALUES);
}

/** The answer to a widget's request → what it draws. Throws a DataShapeError when its section is missing. */
export function parseWidgetData(widget: KnownReportWidget, data: unknown): WidgetData {
  if (!isObject(data)) throw new DataShapeError(ENDPOINT, 'the answer is not an object');
  const names = taskNames(data);
  switch (widget.kind) {
    case 'scalar':
      return {
        kind: 'scalar',
        axis: widget.xaxis === 'iter' ? 'iter' : 'time',
        series: parseScalars(section(data, 'scalar_metrics_iter_histogram'), names),
      };
    case 'plot':
      return { kind: 'plot', plots: parsePlots(section(data, 'plots'), names) };
    case 'sample':
      return { kind: 'sample', images: parseImages(section(data, 'debug_images'), names) };
    case 'single':
      return { kind: 'single', values: parseValues(section(data, 'single_value_metrics'), names) };
  }
}
