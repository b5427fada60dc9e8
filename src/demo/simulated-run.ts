// One simulated training run: which events it reports at an iteration (scalars, a burst of
// logs, now and then plots, debug images and single values), as `events.add_batch` input.
import {
  SINGLE_VALUE_ITER,
  type DebugImageEventInput,
  type EventInput,
  type LogEventInput,
  type PlotEventInput,
  type ScalarEventInput,
} from '../wire/events.js';
import { evaluationAt, headlineMetric, scalarsAt, valStepAt, type RunShape, type ScalarPoint } from './curves.js';
import { logBurst, type BurstOptions, type LogContext, type LogLine, type RunSetup } from './log-lines.js';
import { confusionMatrixPlot, embeddingScatterPlot, perClassRows, tablePlot, weightHistogramPlot } from './plots.js';
import type { Rng } from './random.js';

export interface SimulatedRun {
  taskId: string;
  name: string;
  shape: RunShape;
  itersPerEpoch: number;
  /** Iterations between plot reports. */
  plotEvery: number;
  /** Iterations between debug-image reports. */
  imageEvery: number;
  /** Server base URL that debug-image URLs point at, e.g. `http://127.0.0.1:8008`. */
  filesBaseUrl: string;
  worker: string;
  /** What the run trains (default: its kind's). */
  setup?: RunSetup;
  /** When the task started (epoch ms): its summary's training hours count from here. */
  startedMs?: number;
}

/** The SDK keeps a few files per image metric/variant and reuses their names in turn. */
export const IMAGE_HISTORY = 4;

function scalarEvents(
  task: string,
  iter: number,
  timestamp: number,
  points: readonly ScalarPoint[],
  worker: string,
): ScalarEventInput[] {
  return points.map((p) => ({
    type: 'training_stats_scalar',
    task,
    iter,
    timestamp,
    metric: p.metric,
    variant: p.variant,
    value: p.value,
    worker,
  }));
}

/** Single value metrics: scalars at iteration -2^31 under metric `Summary`, as the SDK reports them. */
export function singleValueEvents(
  task: string,
  timestamp: number,
  values: Readonly<Record<string, number>>,
  worker: string,
): ScalarEventInput[] {
  return Object.entries(values).map(([variant, value]) => ({
    type: 'training_stats_scalar',
    task,
    iter: SINGLE_VALUE_ITER,
    timestamp,
    metric: 'Summary',
    variant,
    value,
    worker,
  }));
}

/**
 * Log events starting at `timestamp`, a few milliseconds apart; neighbouring lines sometimes
 * share a timestamp, as lines printed in the same millisecond do.
 */
export function logEvents(
  task: string,
  iter: number,
  timestamp: number,
  lines: readonly LogLine[],
  rng: Rng,
  worker: string,
): LogEventInput[] {
  let t = timestamp;
  return lines.map((line, i) => {
    if (i > 0 && !rng.chance(0.2)) t += rng.int(1, 40);
    return { type: 'log', task, iter, timestamp: t, level: line.level, msg: line.msg, worker };
  });
}

/** Where the SDK stores a task's files: `<task name>.<task id>` under the files host. */
export function taskFilesKey(run: SimulatedRun): string {
  return `tracktop-demo/${run.name}.${run.taskId}`;
}

/** The files-host key of the image a run reports for metric/variant at `iter` (the SDK reuses IMAGE_HISTORY names in turn). */
export function debugImageKey(run: SimulatedRun, metric: string, variant: string, iter: number): string {
  const slot = Math.floor(iter / Math.max(1, run.imageEvery)) % IMAGE_HISTORY;
  return `${taskFilesKey(run)}/metrics/${metric}/${variant}/${metric}_${variant}_${String(slot).padStart(8, '0')}.png`;
}

/** The URL of a files-host key, each segment escaped. */
export function filesUrl(run: SimulatedRun, key: string): string {
  return `${run.filesBaseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

function debugImageUrl(run: SimulatedRun, metric: string, variant: string, iter: number): string {
  return filesUrl(run, debugImageKey(run, metric, variant, iter));
}

/** The debug images a run reports: [metric, variant] pairs. */
export function imageVariants(run: SimulatedRun): [string, string][] {
  return run.shape.kind === 'rl'
    ? [['rollout', 'frame']]
    : [
        ['samples', 'input'],
        ['samples', 'prediction'],
      ];
}

export function debugImageEvents(run: SimulatedRun, iter: number, timestamp: number): DebugImageEventInput[] {
  return imageVariants(run).map(([metric, variant]) => ({
    type: 'training_debug_image',
    task: run.taskId,
    iter,
    timestamp,
    metric,
    variant,
    url: debugImageUrl(run, metric, variant, iter),
    worker: run.worker,
  }));
}

function plotEvent(
  run: SimulatedRun,
  iter: number,
  timestamp: number,
  metric: string,
  variant: string,
  plotStr: string,
): PlotEventInput {
  return { type: 'plot', task: run.taskId, iter, timestamp, metric, variant, plot_str: plotStr, worker: run.worker };
}

/** Accuracy-like progress in [0, 1] used to make plots and images look better as a run trains. */
export function progressAt(run: SimulatedRun, iter: number): number {
  return Math.min(
    1,
    0.3 + 0.65 * (1 - 0.5 ** (iter / Math.max(1, run.shape.totalIters / 10))) * (1 - 0.25 * run.shape.difficulty),
  );
}

export function plotEvents(run: SimulatedRun, iter: number, timestamp: number, rng: Rng): PlotEventInput[] {
  const layers =
    run.shape.kind === 'rl'
      ? ['actor', 'critic']
      : run.shape.kind === 'nlp'
        ? ['encoder.layer.0', 'encoder.layer.11']
        : ['layer1', 'layer4', 'fc'];
  const events: PlotEventInput[] = [
    plotEvent(
      run,
      iter,
      timestamp,
      'weights',
      'histogram',
      weightHistogramPlot(rng, {
        title: `weights at step ${iter}`,
        layers,
        spread: 1 + iter / Math.max(1, run.shape.totalIters),
      }),
    ),
  ];
  if (run.shape.kind === 'rl') {
    // Evaluation episodes scatter around the mean reward the run reports at this step.
    const meanReward =
      scalarsAt(run.shape, iter).find((p) => p.metric === 'reward' && p.variant === 'mean')?.value ?? 0;
    events.push(
      plotEvent(
        run,
        iter,
        timestamp,
        'episode returns',
        'scatter',
        embeddingScatterPlot(rng, { title: 'return vs. length', points: 60, clusters: 2 }),
      ),
      plotEvent(
        run,
        iter,
        timestamp,
        'evaluation',
        'episodes',
        tablePlot({
          title: 'evaluation episodes',
          columns: ['episode', 'return', 'length'],
          rows: Array.from({ length: 8 }, (_, e) => [
            e + 1,
            Number((meanReward * (0.8 + 0.4 * rng.next())).toFixed(1)),
            rng.int(50, 500),
          ]),
        }),
      ),
    );
    return events;
  }
  // The plots show the evaluation of the latest validation step, the one its scalars report.
  const evaluation = evaluationAt(run.shape, iter);
  if (evaluation === undefined) return events;
  const step = valStepAt(run.shape, iter);
  events.push(
    plotEvent(
      run,
      iter,
      timestamp,
      'confusion matrix',
      'val',
      confusionMatrixPlot(`confusion matrix at step ${step}`, evaluation),
    ),
    plotEvent(
      run,
      iter,
      timestamp,
      'embeddings',
      't-SNE',
      embeddingScatterPlot(rng, { title: 'validation embeddings (t-SNE)', clusters: evaluation.classes.length }),
    ),
    plotEvent(
      run,
      iter,
      timestamp,
      'per-class metrics',
      'val',
      tablePlot({
        title: `per-class metrics at step ${step}`,
        columns: ['class', 'precision', 'recall', 'f1', 'support'],
        rows: perClassRows(evaluation),
      }),
    ),
  );
  return events;
}

/** How far bestHeadline has looked in each run, so a long live run does not look from 0 again. */
const bestSoFar = new WeakMap<SimulatedRun, { through: number; best: number }>();

/** The best value of the run's headline metric (see headlineMetric) reported up to `iter`. */
export function bestHeadline(run: SimulatedRun, iter: number): number {
  const head = headlineMetric(run.shape.kind);
  const every = head.variant === 'val' ? Math.max(1, run.shape.valEvery) : 1;
  const known = bestSoFar.get(run);
  const resume = known !== undefined && known.through <= iter;
  let best = resume ? known.best : -Infinity;
  let through = resume ? known.through : -every;
  for (let i = through + every; i <= iter; i += every) {
    const point = scalarsAt(run.shape, i).find((p) => p.metric === head.metric && p.variant === head.variant);
    if (point !== undefined && point.value > best) best = point.value;
    through = i;
  }
  if (through >= 0) bestSoFar.set(run, { through, best });
  return Number.isFinite(best) ? best : 0;
}

/**
 * Summary values of a run as of `iter`, reported at `atMs`: its training hours are the wall
 * time since it started (what its started and last update times show).
 */
export function summaryValues(run: SimulatedRun, iter: number, atMs: number): Record<string, number> {
  const head = headlineMetric(run.shape.kind);
  const startedMs = run.startedMs ?? atMs;
  return {
    [`best_${head.metric}_${head.variant}`]: bestHeadline(run, iter),
    iterations: iter + 1,
    epochs: Math.floor(iter / run.itersPerEpoch) + 1,
    train_hours: Number((Math.max(0, atMs - startedMs) / 3_600_000).toFixed(3)),
  };
}

export function logContext(run: SimulatedRun, iter: number, scalars: readonly ScalarPoint[]): LogContext {
  const ctx: LogContext = { taskName: run.name, kind: run.shape.kind, iter, itersPerEpoch: run.itersPerEpoch, scalars };
  // The evaluation block is printed at a validation step only, with that step's evaluation.
  const evaluation = iter % Math.max(1, run.shape.valEvery) === 0 ? evaluationAt(run.shape, iter) : undefined;
  if (evaluation !== undefined) ctx.evaluation = evaluation;
  if (run.setup !== undefined) ctx.setup = run.setup;
  return ctx;
}

interface IterationOptions {
  /** Log events to print around this iteration (0 = none). */
  logLines: number;
  burst?: BurstOptions;
  /** Force plots / images / single values regardless of the run's schedule. */
  forcePlots?: boolean;
  forceImages?: boolean;
  forceSummary?: boolean;
}

/** The message of the last log event in `events` (to keep the next burst from repeating it). */
export function lastLogMessage(events: readonly EventInput[], fallback?: string): string | undefined {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i] as { type?: string; msg?: unknown };
    if (e.type === 'log' && typeof e.msg === 'string') return e.msg;
  }
  return fallback;
}

/** Everything the run reports at one iteration, timestamped from `timestamp` on. */
export function iterationEvents(
  run: SimulatedRun,
  iter: number,
  timestamp: number,
  rng: Rng,
  options: IterationOptions,
): EventInput[] {
  const points = scalarsAt(run.shape, iter);
  const events: EventInput[] = scalarEvents(run.taskId, iter, timestamp, points, run.worker);
  if (options.logLines > 0) {
    const lines = logBurst(rng, logContext(run, iter, points), options.logLines, options.burst);
    events.push(...logEvents(run.taskId, iter, timestamp, lines, rng, run.worker));
  }
  if (options.forcePlots === true || (iter > 0 && iter % run.plotEvery === 0))
    events.push(...plotEvents(run, iter, timestamp, rng));
  if (options.forceImages === true || iter % run.imageEvery === 0)
    events.push(...debugImageEvents(run, iter, timestamp));
  if (options.forceSummary === true)
    events.push(...singleValueEvents(run.taskId, timestamp, summaryValues(run, iter, timestamp), run.worker));
  return events;
}
