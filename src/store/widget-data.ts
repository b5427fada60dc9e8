// `reports.get_task_data` answers → the data one embedded report widget draws. The section
// shapes are those of REFERENCE §9.5 (scalar histogram with no `metrics` wrapper, the plots
// tree of get_multi_task_plots, debug image pages, single values per task). Answers come from
// any server, so a malformed part is skipped; a missing section is an error for that widget.
import type { KnownReportWidget } from '../text/report-widgets.js';
import { DataShapeError } from './errors.js';
import { isObject, parseSeriesPoints } from './parse.js';
import type { WidgetData, WidgetImage, WidgetPlot, WidgetSeries, WidgetValue } from './types.js';

const ENDPOINT = 'reports.get_task_data';

/** Bounds per widget: a report draws a few of each, memory stays small. */
export const MAX_WIDGET_SERIES = 12;
export const MAX_WIDGET_POINTS = 500;
export const MAX_WIDGET_PLOTS = 4;
export const MAX_WIDGET_IMAGES = 12;
export const MAX_WIDGET_VALUES = 60;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Task id → name from the answer's `tasks` list (names also travel inside some sections). */
function taskNames(answer: Record<string, unknown>): Map<string, string> {
  const names = new Map<string, string>();
  if (!Array.isArray(answer.tasks)) return names;
  for (const t of answer.tasks) {
    if (isObject(t) && typeof t.id === 'string') names.set(t.id, text(t.name));
  }
  return names;
}

function section(answer: Record<string, unknown>, key: string): unknown {
  if (!(key in answer)) throw new DataShapeError(ENDPOINT, `the answer has no "${key}" section`);
  return answer[key];
}

/** metric → variant → task → {name, x, y}. */
function parseScalars(value: unknown, names: Map<string, string>): WidgetSeries[] {
  const out: WidgetSeries[] = [];
  if (!isObject(value)) return out;
  for (const [metric, variants] of Object.entries(value)) {
    if (!isObject(variants)) continue;
    for (const [variant, tasks] of Object.entries(variants)) {
      if (!isObject(tasks)) continue;
      for (const [task, series] of Object.entries(tasks)) {
        const parsed = parseSeriesPoints(series, MAX_WIDGET_POINTS);
        if (!parsed || !isObject(series)) continue;
        const taskName = text(series.name) || names.get(task) || task;
        out.push({ metric, variant, task, taskName, ...parsed });
      }
    }
  }
  out.sort((a, b) => compare(a.metric, b.metric) || compare(a.variant, b.variant) || compare(a.taskName, b.taskName));
  return out.slice(0, MAX_WIDGET_SERIES);
}

/** metric → variant → task → "<iter>" → {name, plots: [events]}; the newest iteration per series. */
function parsePlots(value: unknown, names: Map<string, string>): WidgetPlot[] {
  const out: WidgetPlot[] = [];
  if (!isObject(value)) return out;
  for (const [metric, variants] of Object.entries(value)) {
    if (!isObject(variants)) continue;
    for (const [variant, tasks] of Object.entries(variants)) {
      if (!isObject(tasks)) continue;
      for (const [task, iterations] of Object.entries(tasks)) {
        if (!isObject(iterations)) continue;
        let best: WidgetPlot | undefined;
        for (const [iterKey, entry] of Object.entries(iterations)) {
          if (!isObject(entry) || !Array.isArray(entry.plots)) continue;
          for (const event of entry.plots) {
            if (!isObject(event) || typeof event.plot_str !== 'string') continue;
            const iter = finite(event.iter) ?? (Number.parseInt(iterKey, 10) || 0);
            if (best !== undefined && best.iter >= iter) continue;
            const taskName = text(entry.name) || names.get(task) || task;
            best = {
              task,
              taskName,
              metric: text(event.metric) || metric,
              variant: text(event.variant) || variant,
              iter,
              plotStr: event.plot_str,
            };
          }
        }
        if (best !== undefined) out.push(best);
      }
    }
  }
  out.sort((a, b) => compare(a.metric, b.metric) || compare(a.variant, b.variant) || compare(a.taskName, b.taskName));
  return out.slice(0, MAX_WIDGET_PLOTS);
}

/** [{task, iterations: [{iter, events}]}]; newest iteration first. */
function parseImages(value: unknown, names: Map<string, string>): WidgetImage[] {
  const out: WidgetImage[] = [];
  if (!Array.isArray(value)) return out;
  for (const entry of value) {
    if (!isObject(entry) || !Array.isArray(entry.iterations)) continue;
    const task = text(entry.task);
    for (const iteration of entry.iterations) {
      if (!isObject(iteration) || !Array.isArray(iteration.events)) continue;
      for (const event of iteration.events) {
        if (!isObject(event) || typeof event.url !== 'string' || event.url === '') continue;
        const owner = text(event.task) || task;
        out.push({
          task: owner,
          taskName: names.get(owner) || owner,
          metric: text(event.metric),
          variant: text(event.variant),
          iter: finite(event.iter) ?? finite(iteration.iter) ?? 0,
          url: event.url,
        });
      }
    }
  }
  out.sort(
    (a, b) =>
      b.iter - a.iter ||
      compare(a.metric, b.metric) ||
      compare(a.variant, b.variant) ||
      compare(a.taskName, b.taskName),
  );
  return out.slice(0, MAX_WIDGET_IMAGES);
}

/** [{task, task_name, values: [{metric, variant, value}]}]. */
function parseValues(value: unknown, names: Map<string, string>): WidgetValue[] {
  const out: WidgetValue[] = [];
  if (!Array.isArray(value)) return out;
  for (const entry of value) {
    if (!isObject(entry) || !Array.isArray(entry.values)) continue;
    const task = text(entry.task);
    const taskName = text(entry.task_name) || names.get(task) || task;
    for (const v of entry.values) {
      if (!isObject(v) || typeof v.metric !== 'string' || typeof v.variant !== 'string') continue;
      out.push({ task, taskName, metric: v.metric, variant: v.variant, value: finite(v.value) ?? Number.NaN });
    }
  }
  out.sort((a, b) => compare(a.taskName, b.taskName) || compare(a.metric, b.metric) || compare(a.variant, b.variant));
  return out.slice(0, MAX_WIDGET_VALUES);
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
