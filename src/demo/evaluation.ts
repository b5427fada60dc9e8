// One evaluation of a classifier on a dataset's validation split: a confusion matrix over the
// dataset's classes, and every number a run reports about it read from that matrix (accuracy
// is the diagonal's share; precision, recall and F1 per class and macro-averaged). Pure: the
// matrix is a function of (dataset, target accuracy, seed), so the scalars, plots, log lines
// and reports of one validation step all show the same evaluation.
import type { Dataset } from './datasets.js';
import { createRng } from './random.js';

export interface ClassScore {
  name: string;
  precision: number;
  recall: number;
  f1: number;
  /** Examples of the class in the split (its row's total). */
  support: number;
}

export interface Evaluation {
  classes: readonly string[];
  /** `matrix[t][p]`: examples of true class t predicted as p. Row t sums to the class's support. */
  matrix: number[][];
  total: number;
  /** Correct predictions / total. */
  accuracy: number;
  /** Macro averages over the classes. */
  precision: number;
  recall: number;
  f1: number;
  perClass: ClassScore[];
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

function f1Of(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Reads accuracy, precision, recall and F1 from a confusion matrix (rows: true, columns: predicted). */
export function scoreMatrix(classes: readonly string[], matrix: number[][]): Evaluation {
  const n = classes.length;
  const rowSum = matrix.map((row) => row.reduce((a, b) => a + b, 0));
  const colSum = classes.map((_, p) => matrix.reduce((sum, row) => sum + (row[p] ?? 0), 0));
  const total = rowSum.reduce((a, b) => a + b, 0);
  let correct = 0;
  const perClass = classes.map((name, c) => {
    const hit = matrix[c]?.[c] ?? 0;
    correct += hit;
    const precision = (colSum[c] ?? 0) > 0 ? hit / (colSum[c] ?? 1) : 0;
    const recall = (rowSum[c] ?? 0) > 0 ? hit / (rowSum[c] ?? 1) : 0;
    return { name, precision, recall, f1: f1Of(precision, recall), support: rowSum[c] ?? 0 };
  });
  const mean = (pick: (s: ClassScore) => number): number => perClass.reduce((a, s) => a + pick(s), 0) / Math.max(1, n);
  return {
    classes: [...classes],
    matrix,
    total,
    accuracy: total > 0 ? correct / total : 0,
    precision: mean((s) => s.precision),
    recall: mean((s) => s.recall),
    f1: mean((s) => s.f1),
    perClass,
  };
}

/**
 * The evaluation of a model that gets about `accuracy` of the split right: each class's row
 * puts round(support × (accuracy ± a little)) on the diagonal and spreads the rest over the
 * other classes, the nearer ones (in the dataset's order) more often, as similar classes are
 * confused. Its accuracy is what the matrix says, close to but not exactly the target.
 */
export function evaluate(dataset: Dataset, accuracy: number, seed: number): Evaluation {
  const rng = createRng(seed);
  const n = dataset.classes.length;
  const matrix = dataset.valSupport.map((support, t) => {
    const row = new Array<number>(n).fill(0);
    const correct = Math.round(support * clamp01(accuracy + 0.015 * rng.normal()));
    row[t] = correct;
    const others = dataset.classes.map((_, p) => p).filter((p) => p !== t);
    const weights = others.map((p) => 1 / (1 + Math.min(Math.abs(p - t), n - Math.abs(p - t))) + 0.2 * rng.next());
    const weightSum = weights.reduce((a, b) => a + b, 0);
    let left = support - correct;
    others.forEach((p, k) => {
      const share =
        k === others.length - 1
          ? left
          : Math.min(left, Math.round(((support - correct) * (weights[k] ?? 0)) / weightSum));
      row[p] = share;
      left -= share;
    });
    return row;
  });
  return scoreMatrix(dataset.classes, matrix);
}
