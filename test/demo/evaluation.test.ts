// One evaluation per validation step: a confusion matrix over the dataset's own classes and
// validation split, every score read from it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluationAt, scalarsAt, valStepAt, type RunShape } from '../../src/demo/curves.js';
import { DATASETS, valSize, type DatasetKey } from '../../src/demo/datasets.js';
import { evaluate, scoreMatrix } from '../../src/demo/evaluation.js';

const KEYS = Object.keys(DATASETS) as DatasetKey[];

describe('evaluate', () => {
  it("counts each class's validation examples once, over the dataset's own classes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KEYS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (key, acc, seed) => {
          const dataset = DATASETS[key];
          const ev = evaluate(dataset, acc, seed);
          expect(ev.classes).toEqual([...dataset.classes]);
          expect(ev.matrix).toHaveLength(dataset.classes.length);
          ev.matrix.forEach((row, t) => {
            expect(row).toHaveLength(dataset.classes.length);
            for (const cell of row) expect(Number.isInteger(cell) && cell >= 0).toBe(true);
            expect(row.reduce((a, b) => a + b, 0)).toBe(dataset.valSupport[t]);
          });
          expect(ev.total).toBe(valSize(dataset));
          const diagonal = ev.matrix.reduce((sum, row, i) => sum + (row[i] ?? 0), 0);
          expect(ev.accuracy).toBe(diagonal / ev.total);
          expect(ev.perClass.map((c) => c.support)).toEqual([...dataset.valSupport]);
        },
      ),
    );
  });

  it('lands near the accuracy asked for, the same for the same seed', () => {
    for (const key of KEYS) {
      for (const target of [0.3, 0.6, 0.9]) {
        const ev = evaluate(DATASETS[key], target, 7);
        expect(Math.abs(ev.accuracy - target), `${key} ${target}`).toBeLessThan(0.05);
        expect(evaluate(DATASETS[key], target, 7)).toEqual(ev);
      }
    }
  });

  it('reads precision, recall and F1 from the matrix (macro averages)', () => {
    // true negative: 8 right, 2 called positive; true positive: 6 right, 4 called negative.
    const ev = scoreMatrix(
      ['negative', 'positive'],
      [
        [8, 2],
        [4, 6],
      ],
    );
    expect(ev.accuracy).toBeCloseTo(14 / 20, 12);
    expect(ev.perClass[0]).toMatchObject({ precision: 8 / 12, recall: 8 / 10, support: 10 });
    expect(ev.perClass[1]).toMatchObject({ precision: 6 / 8, recall: 6 / 10, support: 10 });
    const f1 = (p: number, r: number): number => (2 * p * r) / (p + r);
    expect(ev.precision).toBeCloseTo((8 / 12 + 6 / 8) / 2, 12);
    expect(ev.recall).toBeCloseTo((0.8 + 0.6) / 2, 12);
    expect(ev.f1).toBeCloseTo((f1(8 / 12, 0.8) + f1(0.75, 0.6)) / 2, 12);
  });
});

describe('a run evaluates once per validation step', () => {
  const shape = (kind: 'vision' | 'nlp', dataset?: DatasetKey): RunShape => ({
    kind,
    seed: 11,
    totalIters: 300,
    warmupIters: 10,
    baseLr: 0.1,
    valEvery: 5,
    difficulty: 0.2,
    ...(dataset === undefined ? {} : { dataset }),
  });

  it('reports accuracy/val, precision, recall and f1 of that one evaluation', () => {
    for (const s of [shape('vision'), shape('nlp'), shape('nlp', 'mnli')]) {
      for (const iter of [0, 5, 40, 155, 295]) {
        const ev = evaluationAt(s, iter);
        if (ev === undefined) throw new Error('no evaluation');
        const points = scalarsAt(s, iter);
        const value = (metric: string): number | undefined =>
          points.find((p) => p.metric === metric && p.variant === 'val')?.value;
        expect(value('accuracy')).toBeCloseTo(ev.accuracy, 5);
        expect(value('precision')).toBeCloseTo(ev.precision, 5);
        expect(value('recall')).toBeCloseTo(ev.recall, 5);
        expect(value('f1')).toBeCloseTo(ev.f1, 5);
      }
    }
  });

  it('uses the dataset of the run: SST-2 two classes, MNLI three, CIFAR-10 ten', () => {
    expect(evaluationAt(shape('nlp'), 10)?.classes).toEqual(['negative', 'positive']);
    expect(evaluationAt(shape('nlp', 'mnli'), 10)?.total).toBe(9815);
    expect(evaluationAt(shape('vision'), 10)?.classes).toHaveLength(10);
  });

  it('shows the last validation step between steps, and no val scalars there', () => {
    const s = shape('vision');
    expect(valStepAt(s, 43)).toBe(40);
    expect(evaluationAt(s, 43)).toEqual(evaluationAt(s, 40));
    expect(scalarsAt(s, 43).some((p) => p.variant === 'val')).toBe(false);
  });
});
