// Training-curve shapes and the per-iteration scalars of a simulated run. Every value is a
// pure function of (run seed, iteration), so the seeded history and the live continuation of
// a run join up without keeping state.
import { DATASETS, DEFAULT_DATASET, type Dataset, type DatasetKey } from './datasets.js';
import { evaluate, type Evaluation } from './evaluation.js';
import { createRng, mixSeed } from './random.js';

interface DecayParams {
  start: number;
  end: number;
  /** Iterations for the distance to `end` to halve. */
  halfLife: number;
}

/** Falls from `start` towards `end` (loss-like). */
export function exponentialDecay(iter: number, p: DecayParams): number {
  return p.end + (p.start - p.end) * 0.5 ** (Math.max(0, iter) / p.halfLife);
}

/** Rises from `start` towards `end` (accuracy- or reward-like). */
export function saturatingRise(iter: number, p: DecayParams): number {
  return p.end - (p.end - p.start) * 0.5 ** (Math.max(0, iter) / p.halfLife);
}

interface CosineScheduleParams {
  base: number;
  min: number;
  warmup: number;
  total: number;
}

/** Linear warmup to `base`, then cosine annealing to `min` at `total` (and `min` after it). */
export function cosineWithWarmup(iter: number, p: CosineScheduleParams): number {
  const i = Math.max(0, iter);
  if (p.warmup > 0 && i < p.warmup) return (p.base * (i + 1)) / p.warmup;
  const span = Math.max(1, p.total - p.warmup);
  const progress = Math.min(1, (i - p.warmup) / span);
  return p.min + (p.base - p.min) * 0.5 * (1 + Math.cos(Math.PI * progress));
}

/** A standard-normal sample fixed by (seed, iteration, channel). */
export function noiseAt(seed: number, iter: number, channel: number): number {
  return createRng(mixSeed(seed, iter, channel)).normal();
}

export type RunKind = 'vision' | 'nlp' | 'rl';

export interface RunShape {
  kind: RunKind;
  seed: number;
  /** Length of the learning-rate schedule; runs may report past it. */
  totalIters: number;
  warmupIters: number;
  baseLr: number;
  /** Iterations between validation points. */
  valEvery: number;
  /** 0 = an easy run, 1 = a hard one: scales the loss floor and lowers the accuracy ceiling. */
  difficulty: number;
  /** What a supervised run is evaluated on (default: its kind's, DEFAULT_DATASET). */
  dataset?: DatasetKey;
}

export interface ScalarPoint {
  metric: string;
  variant: string;
  value: number;
}

const VISION_LAYERS = ['layer1', 'layer2', 'layer3', 'layer4', 'fc'];
const NLP_LAYERS = ['embeddings', 'encoder.layer.0', 'encoder.layer.11', 'classifier'];

function round(value: number): number {
  return Number(value.toPrecision(6));
}

function learningRate(shape: RunShape, iter: number): number {
  return cosineWithWarmup(iter, {
    base: shape.baseLr,
    min: shape.baseLr / 100,
    warmup: shape.warmupIters,
    total: shape.totalIters,
  });
}

function gradNorms(shape: RunShape, iter: number, layers: readonly string[]): ScalarPoint[] {
  return layers.map((layer, k) => {
    const scale = 0.4 + (0.6 * k) / Math.max(1, layers.length - 1);
    const decayed = scale * (0.3 + 0.7 * 0.5 ** (iter / (shape.totalIters / 8)));
    // Log-normal noise, with a rare spike as real gradient norms have.
    const spike = noiseAt(shape.seed, iter, 40 + k) > 2.6 ? 4 : 1;
    return {
      metric: 'grad_norm',
      variant: layer,
      value: round(decayed * Math.exp(0.15 * noiseAt(shape.seed, iter, 20 + k)) * spike),
    };
  });
}

/** How noisy one split's points are: relative on the loss, absolute on the accuracy, each on its own channel. */
interface SplitNoise {
  loss: number;
  lossChannel: number;
  accuracy: number;
  accuracyChannel: number;
}

const TRAIN_NOISE: SplitNoise = { loss: 0.08, lossChannel: 1, accuracy: 0.01, accuracyChannel: 2 };
const VAL_NOISE: SplitNoise = { loss: 0.04, lossChannel: 3, accuracy: 0.006, accuracyChannel: 4 };

/** One split's loss (kept above zero) and accuracy (kept in 0..1): the clean curves plus noise. */
function splitPoints(
  shape: RunShape,
  iter: number,
  split: 'train' | 'val',
  clean: { loss: number; accuracy: number },
  noise: SplitNoise,
): ScalarPoint[] {
  const lossFactor = 1 + noise.loss * noiseAt(shape.seed, iter, noise.lossChannel);
  const accuracyOffset = noise.accuracy * noiseAt(shape.seed, iter, noise.accuracyChannel);
  return [
    { metric: 'loss', variant: split, value: round(Math.max(0.001, clean.loss * lossFactor)) },
    { metric: 'accuracy', variant: split, value: round(Math.min(1, Math.max(0, clean.accuracy + accuracyOffset))) },
  ];
}

function supervisedCurves(shape: RunShape): { halfLife: number; floor: number; ceiling: number } {
  return {
    halfLife: shape.totalIters / 10,
    floor: 0.05 + 0.4 * shape.difficulty,
    ceiling: 0.99 - 0.25 * shape.difficulty,
  };
}

/** The dataset a supervised run is evaluated on; undefined for a reinforcement-learning run. */
export function datasetOf(shape: RunShape): Dataset | undefined {
  if (shape.kind === 'rl') return undefined;
  return DATASETS[shape.dataset ?? DEFAULT_DATASET[shape.kind]];
}

/** The last validation step at or before `iter`. */
export function valStepAt(shape: RunShape, iter: number): number {
  const every = Math.max(1, shape.valEvery);
  return Math.max(0, iter) - (Math.max(0, iter) % every);
}

/**
 * The one evaluation of the validation step at or before `iter` (undefined for a run without
 * a dataset): `accuracy/val` and the other val scores, the confusion matrix and per-class
 * plots, the log's evaluation block and the reports all read it.
 */
export function evaluationAt(shape: RunShape, iter: number): Evaluation | undefined {
  const dataset = datasetOf(shape);
  if (dataset === undefined) return undefined;
  const step = valStepAt(shape, iter);
  const { halfLife, ceiling } = supervisedCurves(shape);
  const clean = saturatingRise(step, { start: 0.1, end: ceiling - 0.04, halfLife: halfLife * 1.2 });
  const target = clean + VAL_NOISE.accuracy * noiseAt(shape.seed, step, VAL_NOISE.accuracyChannel);
  return evaluate(dataset, target, mixSeed(shape.seed, step, 77));
}

function supervisedScalars(shape: RunShape, iter: number, layers: readonly string[]): ScalarPoint[] {
  const { halfLife, floor, ceiling } = supervisedCurves(shape);
  const train = {
    loss: exponentialDecay(iter, { start: 2.4, end: floor, halfLife }),
    accuracy: saturatingRise(iter, { start: 0.1, end: ceiling, halfLife }),
  };
  const points: ScalarPoint[] = [
    ...splitPoints(shape, iter, 'train', train, TRAIN_NOISE),
    { metric: 'learning_rate', variant: 'lr', value: round(learningRate(shape, iter)) },
  ];
  const evaluation = iter % shape.valEvery === 0 ? evaluationAt(shape, iter) : undefined;
  if (evaluation !== undefined) {
    // Validation loss levels off higher and creeps up late in training (mild overfitting).
    const overfit = (0.15 * Math.max(0, iter - shape.totalIters * 0.6)) / shape.totalIters;
    const loss = exponentialDecay(iter, { start: 2.5, end: floor * 1.4, halfLife: halfLife * 1.2 }) + overfit;
    const lossFactor = 1 + VAL_NOISE.loss * noiseAt(shape.seed, iter, VAL_NOISE.lossChannel);
    points.push(
      { metric: 'loss', variant: 'val', value: round(Math.max(0.001, loss * lossFactor)) },
      { metric: 'accuracy', variant: 'val', value: round(evaluation.accuracy) },
      { metric: 'precision', variant: 'val', value: round(evaluation.precision) },
      { metric: 'recall', variant: 'val', value: round(evaluation.recall) },
      { metric: 'f1', variant: 'val', value: round(evaluation.f1) },
    );
  }
  points.push(...gradNorms(shape, iter, layers));
  return points;
}

function rlScalars(shape: RunShape, iter: number): ScalarPoint[] {
  const halfLife = shape.totalIters / 6;
  const target = 500 * (1 - 0.5 * shape.difficulty);
  const mean = saturatingRise(iter, { start: 15, end: target, halfLife }) * (1 + 0.12 * noiseAt(shape.seed, iter, 1));
  const spread = 20 + 0.2 * mean;
  return [
    { metric: 'reward', variant: 'mean', value: round(mean) },
    { metric: 'reward', variant: 'max', value: round(mean + spread * (1 + Math.abs(noiseAt(shape.seed, iter, 2)))) },
    {
      metric: 'reward',
      variant: 'min',
      value: round(Math.max(0, mean - spread * (1 + Math.abs(noiseAt(shape.seed, iter, 3))))),
    },
    { metric: 'loss', variant: 'policy', value: round(0.05 * 0.5 ** (iter / halfLife) * noiseAt(shape.seed, iter, 4)) },
    {
      metric: 'loss',
      variant: 'value',
      value: round(
        exponentialDecay(iter, { start: 80, end: 2, halfLife }) * Math.exp(0.2 * noiseAt(shape.seed, iter, 5)),
      ),
    },
    {
      metric: 'entropy',
      variant: 'policy',
      value: round(
        exponentialDecay(iter, { start: 0.69, end: 0.1, halfLife: halfLife * 2 }) + 0.01 * noiseAt(shape.seed, iter, 6),
      ),
    },
    { metric: 'learning_rate', variant: 'lr', value: round(learningRate(shape, iter)) },
  ];
}

/** Every scalar a run of this shape reports at one iteration. */
export function scalarsAt(shape: RunShape, iter: number): ScalarPoint[] {
  switch (shape.kind) {
    case 'vision':
      return supervisedScalars(shape, iter, VISION_LAYERS);
    case 'nlp':
      return supervisedScalars(shape, iter, NLP_LAYERS);
    case 'rl':
      return rlScalars(shape, iter);
  }
}

/** The metric each run kind is judged by, and its display name in summaries. */
export function headlineMetric(kind: RunKind): { metric: string; variant: string } {
  return kind === 'rl' ? { metric: 'reward', variant: 'mean' } : { metric: 'accuracy', variant: 'val' };
}
