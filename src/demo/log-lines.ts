// Console output of a simulated training script: startup banner, tqdm-style progress
// (carriage returns), metric lines, warnings, ANSI-coloured logger lines, multi-line events
// (the SDK merges lines printed within a second into one event) and stderr tracebacks.
import type { LogLevel } from '../wire/events.js';
import type { RunKind, ScalarPoint } from './curves.js';
import { DATASETS, DEFAULT_DATASET, datasetLine } from './datasets.js';
import type { Evaluation } from './evaluation.js';
import { fatalTraceback, tracebackMessage, type FailureKind } from './failures.js';
import { seedFromString, type Rng } from './random.js';

export interface LogLine {
  level: LogLevel;
  msg: string;
}

export const ANSI = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  cyan: '\u001b[36m',
  boldRed: '\u001b[1;31m',
} as const;

export interface LogContext {
  taskName: string;
  kind: RunKind;
  iter: number;
  itersPerEpoch: number;
  /** The scalars reported at `iter` (used to print metric lines). */
  scalars: readonly ScalarPoint[];
  /** What the run trains (default: its kind's). */
  setup?: RunSetup;
  /** The evaluation of this iteration, when it is a validation step (its scalars hold its numbers). */
  evaluation?: Evaluation;
}

export function epochOf(iter: number, itersPerEpoch: number): number {
  return Math.floor(Math.max(0, iter) / Math.max(1, itersPerEpoch)) + 1;
}

function coloured(colour: string, text: string): string {
  return `${colour}${text}${ANSI.reset}`;
}

/** A logger-style line with a coloured level name, e.g. "\u001b[32mINFO\u001b[0m trainer: ...". */
function loggerLine(level: 'INFO' | 'WARNING' | 'ERROR' | 'DEBUG', source: string, text: string): string {
  const colour =
    level === 'INFO' ? ANSI.green : level === 'WARNING' ? ANSI.yellow : level === 'ERROR' ? ANSI.boldRed : ANSI.dim;
  return `${coloured(colour, level)} ${coloured(ANSI.cyan, source)}: ${text}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** One tqdm-like status: `Epoch 3:  45%|█████████           | 450/1000 [01:12<01:28, 6.21it/s, loss=0.532]`. */
export function progressStatus(label: string, done: number, total: number, rate: number, postfix: string): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const width = 20;
  const filled = Math.round(fraction * width);
  const bar = '█'.repeat(filled) + ' '.repeat(width - filled);
  const percent = `${Math.round(fraction * 100)}`.padStart(3, ' ');
  const elapsed = rate > 0 ? done / rate : 0;
  const remaining = rate > 0 ? (total - done) / rate : 0;
  return `${label}: ${percent}%|${bar}| ${done}/${total} [${formatDuration(elapsed)}<${formatDuration(remaining)}, ${rate.toFixed(2)}it/s${postfix ? `, ${postfix}` : ''}]`;
}

/** How fast a run goes: the same for every line it prints (and for its summary's hours). */
export interface RunPace {
  gpus: number;
  /** Samples per GPU per iteration. */
  batchPerGpu: number;
  secondsPerIter: number;
}

const BATCH_PER_GPU: Record<RunKind, number> = { vision: 128, nlp: 32, rl: 512 };
const BASE_SECONDS_PER_ITER: Record<RunKind, number> = { vision: 0.6, nlp: 0.35, rl: 0.15 };

export function runPace(taskName: string, kind: RunKind): RunPace {
  const h = seedFromString(taskName);
  const gpus = [1, 2, 4, 8][h % 4] ?? 1;
  const secondsPerIter = Number((BASE_SECONDS_PER_ITER[kind] * (0.8 + ((h >>> 3) % 41) / 100)).toFixed(3));
  return { gpus, batchPerGpu: BATCH_PER_GPU[kind], secondsPerIter };
}

/** Samples per second of a run at its pace. */
export function samplesPerSecond(pace: RunPace): number {
  return (pace.gpus * pace.batchPerGpu) / pace.secondsPerIter;
}

/** `value` varied by at most ±`spread` (a fraction), as measured rates vary. */
function jitter(rng: Rng, value: number, spread: number): number {
  return value * (1 + rng.range(-spread, spread));
}

/**
 * The progress bar's update for `ctx.iter`, after a carriage return as tqdm writes it: the bar
 * moves once per iteration, to this iteration's place in its epoch, at the run's pace.
 */
export function progressLine(rng: Rng, ctx: LogContext): string {
  const epoch = epochOf(ctx.iter, ctx.itersPerEpoch);
  const total = ctx.itersPerEpoch;
  const done = (Math.max(0, ctx.iter) % total) + 1;
  const pace = runPace(ctx.taskName, ctx.kind);
  const loss = valueOf(ctx.scalars, 'loss', ctx.kind === 'rl' ? 'value' : 'train');
  const rate = jitter(rng, 1 / pace.secondsPerIter, 0.03);
  return `\r${progressStatus(`Epoch ${epoch}`, done, total, rate, loss === undefined ? '' : `loss=${loss.toFixed(3)}`)}`;
}

function valueOf(scalars: readonly ScalarPoint[], metric: string, variant: string): number | undefined {
  return scalars.find((s) => s.metric === metric && s.variant === variant)?.value;
}

function formatNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  return abs < 1e-3 || abs >= 1e5 ? value.toExponential(2) : value.toFixed(4);
}

/** `step 1200 | loss/train 0.5321 | accuracy/train 0.8123 | learning_rate/lr 3.20e-4`. */
function metricsLine(ctx: LogContext): string {
  const shown = ctx.scalars.filter((s) => s.metric !== 'grad_norm');
  const parts = shown.map((s) => `${s.metric}/${s.variant} ${formatNumber(s.value)}`);
  return [`step ${ctx.iter}`, ...parts].join(' | ');
}

const SOURCES = ['trainer', 'data', 'checkpoint', 'optim', 'metrics'] as const;

const WARNINGS = [
  'UserWarning: only 2 dataloader workers are available; loading may become the bottleneck',
  'UserWarning: gradient overflow detected, reducing loss scale to 32768.0',
  'DeprecationWarning: the "fused" optimizer flag will be removed in the next release',
  'UserWarning: checkpoint directory is on a network filesystem; saves may be slow',
] as const;

/** Warnings only a classifier prints (an RL run has no classes and no dataset). */
const CLASSIFIER_WARNINGS = [
  ...WARNINGS,
  'RuntimeWarning: invalid value encountered in divide (a class has no samples in this batch)',
] as const;

const INFO_TEXTS = [
  'saved checkpoint to /checkpoints/{task}/last.pt (98.2 MB)',
  'prefetch queue depth {n}/16',
  'throughput {throughput} samples/s on {gpus}',
  'gradient accumulation: {n} micro-batches per step',
] as const;

/** What a classifier reads and evaluates on; an RL run collects episodes instead. */
const INFO_TEXTS_BY_KIND: Readonly<Record<RunKind, readonly string[]>> = {
  vision: [
    ...INFO_TEXTS,
    'evaluating on validation split ({n} batches)',
    'dataset shard {shard} of {shards} loaded from cache',
  ],
  nlp: [
    ...INFO_TEXTS,
    'evaluating on validation split ({n} batches)',
    'dataset shard {shard} of {shards} loaded from cache',
  ],
  rl: [...INFO_TEXTS, 'collected {n} episodes from 16 environments'],
};

/** Shards of a demo dataset. */
const DATASET_SHARDS = 64;

function fill(template: string, rng: Rng, ctx: LogContext): string {
  const pace = runPace(ctx.taskName, ctx.kind);
  return template
    .replace('{task}', ctx.taskName)
    .replace('{n}', String(rng.int(2, 900)))
    .replace('{throughput}', String(Math.round(jitter(rng, samplesPerSecond(pace), 0.04))))
    .replace('{gpus}', pace.gpus === 1 ? '1 GPU' : `${pace.gpus} GPUs`)
    .replace('{shard}', String(rng.int(1, DATASET_SHARDS)))
    .replace('{shards}', String(DATASET_SHARDS));
}

/** The network and the data a run's startup lines name. */
export interface RunSetup {
  model: string;
  dataset: string;
}

/** What each kind of run trains, and on what, unless its plan says otherwise. */
export const DEFAULT_SETUPS: Readonly<Record<RunKind, RunSetup>> = {
  vision: { model: 'ResNet-50 (25.6M parameters)', dataset: datasetLine(DATASETS[DEFAULT_DATASET.vision]) },
  nlp: { model: 'BERT-base (110M parameters)', dataset: datasetLine(DATASETS[DEFAULT_DATASET.nlp]) },
  rl: { model: 'PPO actor-critic MLP (0.2M parameters)', dataset: 'CartPole-v1, 16 parallel environments' },
};

/** The first lines a training script prints. */
export function startupLines(rng: Rng, ctx: LogContext): LogLine[] {
  const { model, dataset } = ctx.setup ?? DEFAULT_SETUPS[ctx.kind];
  return [
    { level: 'info', msg: `task "${ctx.taskName}" connected to the tracking server` },
    { level: 'info', msg: `${coloured(ANSI.bold, 'tracktop demo')} — ${ctx.taskName}` },
    {
      level: 'info',
      msg: [
        'Environment:',
        `  python 3.11.${rng.int(4, 9)}`,
        '  torch 2.3.1+cu121',
        `  CUDA devices: ${runPace(ctx.taskName, ctx.kind).gpus} x NVIDIA A100-SXM4-80GB`,
        `  seed: ${rng.int(0, 99999)}`,
      ].join('\n'),
    },
    { level: 'info', msg: loggerLine('INFO', 'data', `loading ${dataset}`) },
    { level: 'info', msg: loggerLine('INFO', 'trainer', `model: ${model}`) },
    {
      level: 'info',
      msg: loggerLine('INFO', 'trainer', `starting training, ${ctx.itersPerEpoch} iterations per epoch`),
    },
  ];
}

export interface BurstOptions {
  /** The run's previous log message: the burst does not start by repeating it. */
  previous?: string;
  /** Probability that the burst contains a stderr traceback. */
  errorChance?: number;
  /** Probability that the burst contains a multi-line (merged) event besides any traceback. */
  multilineChance?: number;
}

/**
 * What a line says once per iteration: its metrics (`step N |`), its progress-bar update and
 * its "iteration N done"; undefined for lines that may come back (warnings, info, debug).
 */
export function onceKey(msg: string): string | undefined {
  if (/^step \d+ \|/.test(msg)) return 'metrics';
  if (msg.startsWith('\r')) return 'progress';
  if (/\] iteration \d+ done in /.test(msg)) return 'done';
  if (msg.startsWith('Evaluation at step ')) return 'evaluation';
  return undefined;
}

/** Remembers what an iteration has printed, so it prints each once-per-iteration line once and no line twice. */
export class IterationLines {
  private readonly said = new Set<string>();

  has(msg: string): boolean {
    return this.said.has(msg) || this.said.has(onceKey(msg) ?? msg);
  }

  add(msg: string): void {
    this.said.add(onceKey(msg) ?? msg);
    this.said.add(msg);
  }
}

/** A burst of `count` log events printed around one iteration. */
export function logBurst(rng: Rng, ctx: LogContext, count: number, options: BurstOptions = {}): LogLine[] {
  const errorChance = options.errorChance ?? 0.06;
  const multilineChance = options.multilineChance ?? 0.3;
  const lines: LogLine[] = [];
  const said = new IterationLines();
  const n = Math.max(1, Math.floor(count));
  const errorAt = rng.chance(errorChance) ? rng.int(0, n - 1) : -1;
  const multilineAt = rng.chance(multilineChance) ? rng.int(0, n - 1) : -1;
  for (let i = 0; i < n; i += 1) {
    const previous = lines.at(-1)?.msg ?? options.previous;
    let line: LogLine;
    if (i === errorAt) line = errorEvent(rng, ctx);
    else if (i === multilineAt) line = { level: 'info', msg: multilineBlock(rng, ctx) };
    else line = nextLine(rng, ctx, previous, said);
    said.add(line.msg);
    lines.push(line);
  }
  return lines;
}

/**
 * A one-line event that differs from `previous` (a script rarely prints the same line twice in
 * a row) and, given what the iteration has `said`, is not a second metrics line, progress
 * update or "iteration done" of it.
 */
export function nextLine(
  rng: Rng,
  ctx: LogContext,
  previous: string | undefined,
  said: IterationLines = new IterationLines(),
): LogLine {
  for (let tries = 0; tries < 30; tries += 1) {
    const line = singleLine(rng, ctx);
    if (line.msg !== previous && !said.has(line.msg)) return line;
  }
  return {
    level: 'info',
    msg: loggerLine('INFO', 'data', `step ${ctx.iter}: ${fill('prefetch queue depth {n}/16', rng, ctx)}`),
  };
}

/** A one-line event (no `\n`), as most console output is. */
export function singleLine(rng: Rng, ctx: LogContext): LogLine {
  const roll = rng.next();
  if (roll < 0.3) return { level: 'info', msg: metricsLine(ctx) };
  if (roll < 0.5) return { level: 'info', msg: progressLine(rng, ctx) };
  if (roll < 0.6)
    return {
      level: 'warning',
      msg: loggerLine('WARNING', rng.pick(SOURCES), rng.pick(ctx.kind === 'rl' ? WARNINGS : CLASSIFIER_WARNINGS)),
    };
  if (roll < 0.65)
    return {
      level: 'debug',
      msg: loggerLine('DEBUG', rng.pick(SOURCES), `step ${ctx.iter}: ${fill('{n} tensors in cache', rng, ctx)}`),
    };
  if (roll < 0.85)
    return {
      level: 'info',
      msg: loggerLine('INFO', rng.pick(SOURCES), fill(rng.pick(INFO_TEXTS_BY_KIND[ctx.kind]), rng, ctx)),
    };
  return {
    level: 'info',
    msg: `[epoch ${epochOf(ctx.iter, ctx.itersPerEpoch)}] iteration ${ctx.iter} done in ${jitter(rng, runPace(ctx.taskName, ctx.kind).secondsPerIter, 0.05).toFixed(3)}s`,
  };
}

/** A stderr error: a traceback (multi-line) or a single red error line. */
function errorEvent(rng: Rng, ctx: LogContext): LogLine {
  if (rng.chance(0.7)) {
    const preface = loggerLine('ERROR', rng.pick(SOURCES), `step ${ctx.iter} failed, skipping batch`);
    return { level: 'error', msg: tracebackMessage(rng, preface) };
  }
  return {
    level: 'error',
    msg: loggerLine(
      'ERROR',
      'checkpoint',
      `upload of step ${ctx.iter} failed (HTTP 503), retrying in ${rng.int(2, 30)}s`,
    ),
  };
}

function scalarText(ctx: LogContext, metric: string, variant: string): string {
  const value = valueOf(ctx.scalars, metric, variant);
  return value === undefined ? '-' : formatNumber(value);
}

/**
 * A multi-line event: at a validation step the evaluation block, its numbers the step's own
 * scalars (read from its one evaluation); otherwise the time one iteration took, by phase.
 */
function multilineBlock(rng: Rng, ctx: LogContext): string {
  if (ctx.kind === 'rl') {
    return [
      `Evaluation at step ${ctx.iter}:`,
      `  mean return ${scalarText(ctx, 'reward', 'mean')}`,
      `  max return  ${scalarText(ctx, 'reward', 'max')}`,
      `  min return  ${scalarText(ctx, 'reward', 'min')}`,
    ].join('\n');
  }
  if (ctx.evaluation !== undefined) {
    return [
      `Evaluation at step ${ctx.iter} (${ctx.evaluation.total} validation examples):`,
      ...['accuracy', 'precision', 'recall', 'f1'].map(
        (name) => `  ${name.padEnd(10)} ${scalarText(ctx, name, 'val')}`,
      ),
    ].join('\n');
  }
  const seconds = jitter(rng, runPace(ctx.taskName, ctx.kind).secondsPerIter, 0.05);
  const data = rng.range(0.05, 0.15);
  const forward = rng.range(0.25, 0.35);
  return [
    `Timing of step ${ctx.iter}:`,
    `  data      ${(seconds * data).toFixed(3)}s`,
    `  forward   ${(seconds * forward).toFixed(3)}s`,
    `  backward  ${(seconds * (1 - data - forward)).toFixed(3)}s`,
  ].join('\n');
}

/** The last events of a run that crashed: the traceback of its fatal error on stderr. */
export function crashLines(ctx: LogContext, failure: FailureKind): LogLine[] {
  return [
    { level: 'error', msg: fatalTraceback(failure) },
    { level: 'error', msg: loggerLine('ERROR', 'trainer', `training aborted at step ${ctx.iter}`) },
  ];
}

/** The last events of a run that finished. */
export function finishLines(ctx: LogContext): LogLine[] {
  return [
    { level: 'info', msg: metricsLine(ctx) },
    { level: 'info', msg: loggerLine('INFO', 'trainer', `training finished after ${ctx.iter + 1} iterations`) },
    {
      level: 'info',
      msg: loggerLine('INFO', 'checkpoint', `saved final model to /checkpoints/${ctx.taskName}/final.pt`),
    },
  ];
}

/** The last events of a run someone stopped. */
export function abortLines(ctx: LogContext): LogLine[] {
  return [
    {
      level: 'warning',
      msg: loggerLine('WARNING', 'trainer', `received SIGTERM at step ${ctx.iter}, saving checkpoint`),
    },
    { level: 'info', msg: 'stop requested by the user, exiting' },
  ];
}
