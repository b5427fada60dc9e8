// The datasets the demo's supervised runs train on: their classes and the size of each class
// in the validation split, as the real datasets have them. Every evaluation (confusion matrix,
// accuracy, per-class table, log block) counts over exactly these examples.
import type { RunKind } from './curves.js';

export interface Dataset {
  /** As the startup log and configuration name it, e.g. `GLUE/SST-2`. */
  name: string;
  classes: readonly string[];
  /** Examples of each class (same order as `classes`) in the validation split. */
  valSupport: readonly number[];
  train: number;
  /** What one example is: `images`, `sentences`, `pairs`. */
  unit: string;
}

const CIFAR10_CLASSES = [
  'airplane',
  'automobile',
  'bird',
  'cat',
  'deer',
  'dog',
  'frog',
  'horse',
  'ship',
  'truck',
] as const;

export const DATASETS = {
  cifar10: {
    name: 'CIFAR-10',
    classes: CIFAR10_CLASSES,
    valSupport: CIFAR10_CLASSES.map(() => 1000),
    train: 50_000,
    unit: 'images',
  },
  sst2: {
    name: 'GLUE/SST-2',
    classes: ['negative', 'positive'],
    valSupport: [428, 444],
    train: 67_349,
    unit: 'sentences',
  },
  mnli: {
    name: 'GLUE/MNLI',
    classes: ['entailment', 'neutral', 'contradiction'],
    valSupport: [3479, 3123, 3213],
    train: 392_702,
    unit: 'pairs',
  },
} as const satisfies Record<string, Dataset>;

export type DatasetKey = keyof typeof DATASETS;

/** The dataset of a supervised run of this kind unless its plan names another. */
export const DEFAULT_DATASET: Readonly<Record<Exclude<RunKind, 'rl'>, DatasetKey>> = {
  vision: 'cifar10',
  nlp: 'sst2',
};

export function valSize(dataset: Dataset): number {
  return dataset.valSupport.reduce((a, b) => a + b, 0);
}

/** `GLUE/SST-2: 67349 train / 872 val sentences`, as the startup log prints it. */
export function datasetLine(dataset: Dataset): string {
  return `${dataset.name}: ${dataset.train} train / ${valSize(dataset)} val ${dataset.unit}`;
}
