import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../src/demo/datasets.js';
import { evaluate } from '../../src/demo/evaluation.js';
import {
  confusionMatrixPlot,
  embeddingScatterPlot,
  perClassRows,
  tablePlot,
  weightHistogramPlot,
} from '../../src/demo/plots.js';
import { createRng } from '../../src/demo/random.js';

const CIFAR_CLASSES = DATASETS.cifar10.classes;

interface Figure {
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
}

const parse = (s: string): Figure => JSON.parse(s) as Figure;

describe('plot figures', () => {
  it('histogram: one bar series per layer with matching x and y, overlaid', () => {
    const fig = parse(weightHistogramPlot(createRng(1), { title: 'weights', layers: ['a', 'b', 'c'], bins: 16 }));
    expect(fig.layout).toMatchObject({ title: 'weights', barmode: 'overlay' });
    expect(fig.data.map((d) => [d.type, d.name])).toEqual([
      ['bar', 'a'],
      ['bar', 'b'],
      ['bar', 'c'],
    ]);
    for (const d of fig.data) {
      expect((d.x as number[]).length).toBe(16);
      expect((d.y as number[]).length).toBe(16);
    }
  });

  it("confusion matrix: a 10x10 heatmap of an evaluation, each row summing to its class's examples", () => {
    const fig = parse(confusionMatrixPlot('cm', evaluate(DATASETS.cifar10, 0.8, 2)));
    const [heat] = fig.data;
    expect(heat?.type).toBe('heatmap');
    expect(heat?.x).toEqual([...CIFAR_CLASSES]);
    expect(heat?.y).toEqual([...CIFAR_CLASSES]);
    const z = heat?.z as number[][];
    expect(z).toHaveLength(10);
    for (const [i, row] of z.entries()) {
      expect(row).toHaveLength(10);
      expect(row.reduce((a, b) => a + b, 0)).toBe(1000);
      expect(row[i]).toBe(Math.max(...row));
    }
  });

  it('scatter: markers with one "nan" string among the numbers', () => {
    const fig = parse(embeddingScatterPlot(createRng(3), { title: 'emb', points: 50 }));
    const [sc] = fig.data;
    expect(sc).toMatchObject({ type: 'scatter', mode: 'markers' });
    const x = sc?.x as unknown[];
    const y = sc?.y as unknown[];
    expect(x).toHaveLength(50);
    expect(y).toHaveLength(50);
    expect([...x, ...y].filter((v) => v === 'nan')).toHaveLength(1);
    expect([...x, ...y].filter((v) => typeof v === 'number')).toHaveLength(99);
  });

  it('table: header and cells are column-major', () => {
    const fig = parse(
      tablePlot({
        title: 't',
        columns: ['name', 'score'],
        rows: [
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ],
      }),
    );
    expect(fig.data[0]).toEqual({
      type: 'table',
      header: { values: [['name'], ['score']] },
      cells: {
        values: [
          ['a', 'b', 'c'],
          [1, 2, 3],
        ],
      },
    });
  });

  it('per-class rows have one row per class with scores in [0, 1]', () => {
    const rows = perClassRows(evaluate(DATASETS.cifar10, 0.9, 4));
    expect(rows.map((r) => r[0])).toEqual([...CIFAR_CLASSES]);
    for (const score of rows.flatMap((r) => r.slice(1, 4))) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
  });

  it('the same seed gives the same figure', () => {
    expect(confusionMatrixPlot('x', evaluate(DATASETS.cifar10, 0.5, 5))).toBe(
      confusionMatrixPlot('x', evaluate(DATASETS.cifar10, 0.5, 5)),
    );
  });
});
