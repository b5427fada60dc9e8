import { describe, expect, it } from 'vitest';
import {
  cosineWithWarmup,
  exponentialDecay,
  noiseAt,
  saturatingRise,
  scalarsAt,
  type RunShape,
} from '../../src/demo/curves.js';

const shape = (kind: RunShape['kind']): RunShape => ({
  kind,
  seed: 1234,
  totalIters: 1000,
  warmupIters: 50,
  baseLr: 0.1,
  valEvery: 5,
  difficulty: 0.3,
});

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function series(s: RunShape, metric: string, variant: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i += 1) {
    const p = scalarsAt(s, i).find((x) => x.metric === metric && x.variant === variant);
    if (p) out.push(p.value);
  }
  return out;
}

describe('curve shapes', () => {
  it('exponentialDecay starts at start, halves the distance to end every halfLife', () => {
    const p = { start: 2, end: 0.2, halfLife: 100 };
    expect(exponentialDecay(0, p)).toBeCloseTo(2);
    expect(exponentialDecay(100, p) - 0.2).toBeCloseTo((2 - 0.2) / 2);
    expect(exponentialDecay(10_000, p)).toBeCloseTo(0.2);
  });

  it('saturatingRise climbs from start towards end', () => {
    const p = { start: 0.1, end: 0.9, halfLife: 50 };
    expect(saturatingRise(0, p)).toBeCloseTo(0.1);
    expect(saturatingRise(50, p)).toBeCloseTo(0.5);
    expect(saturatingRise(5000, p)).toBeCloseTo(0.9);
  });

  it('cosineWithWarmup rises linearly during warmup, peaks, then anneals to min and stays there', () => {
    const p = { base: 1, min: 0.01, warmup: 10, total: 110 };
    expect(cosineWithWarmup(0, p)).toBeCloseTo(0.1);
    expect(cosineWithWarmup(4, p)).toBeCloseTo(0.5);
    expect(cosineWithWarmup(10, p)).toBeCloseTo(1);
    expect(cosineWithWarmup(60, p)).toBeCloseTo(0.505);
    expect(cosineWithWarmup(110, p)).toBeCloseTo(0.01);
    expect(cosineWithWarmup(500, p)).toBeCloseTo(0.01);
    for (let i = 10; i < 110; i += 1) expect(cosineWithWarmup(i + 1, p)).toBeLessThanOrEqual(cosineWithWarmup(i, p));
  });

  it('noiseAt is fixed by seed, iteration and channel', () => {
    expect(noiseAt(1, 2, 3)).toBe(noiseAt(1, 2, 3));
    expect(noiseAt(1, 2, 3)).not.toBe(noiseAt(1, 2, 4));
    expect(noiseAt(1, 2, 3)).not.toBe(noiseAt(1, 3, 3));
  });
});

describe('scalarsAt', () => {
  it('is a pure function of the shape and iteration', () => {
    expect(scalarsAt(shape('vision'), 123)).toEqual(scalarsAt(shape('vision'), 123));
    expect(scalarsAt({ ...shape('vision'), seed: 99 }, 123)).not.toEqual(scalarsAt(shape('vision'), 123));
  });

  it('reports train/val loss and accuracy, the learning rate and per-layer gradient norms for supervised runs', () => {
    for (const kind of ['vision', 'nlp'] as const) {
      const keys = scalarsAt(shape(kind), 10).map((p) => `${p.metric}/${p.variant}`);
      expect(keys).toEqual(
        expect.arrayContaining(['loss/train', 'loss/val', 'accuracy/train', 'accuracy/val', 'learning_rate/lr']),
      );
      expect(keys.filter((k) => k.startsWith('grad_norm/')).length).toBeGreaterThanOrEqual(4);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('reports validation points only every valEvery iterations', () => {
    const has = (iter: number) => scalarsAt(shape('vision'), iter).some((p) => p.variant === 'val');
    expect([10, 11, 12, 13, 14, 15].map(has)).toEqual([true, false, false, false, false, true]);
  });

  it('makes training loss fall and accuracy rise, with noise', () => {
    const s = shape('vision');
    const loss = series(s, 'loss', 'train', 0, 1000);
    expect(mean(loss.slice(0, 50))).toBeGreaterThan(2 * mean(loss.slice(-50)));
    const acc = series(s, 'accuracy', 'train', 0, 1000);
    expect(mean(acc.slice(-50))).toBeGreaterThan(mean(acc.slice(0, 50)) + 0.3);
    expect(acc.every((a) => a >= 0 && a <= 1)).toBe(true);
    // Noise: consecutive points are not monotone everywhere.
    expect(loss.some((v, i) => i > 0 && v > (loss[i - 1] ?? v))).toBe(true);
  });

  it('follows the cosine schedule for the learning rate', () => {
    const s = shape('nlp');
    const lr = series(s, 'learning_rate', 'lr', 0, 1000);
    expect(lr[0]).toBeCloseTo(0.1 / 50, 6);
    expect(lr[50]).toBeCloseTo(0.1, 6);
    expect(lr[999]).toBeLessThan(0.01);
  });

  it('gives RL runs reward, policy/value losses and entropy', () => {
    const keys = scalarsAt(shape('rl'), 3).map((p) => `${p.metric}/${p.variant}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'reward/mean',
        'reward/max',
        'reward/min',
        'loss/policy',
        'loss/value',
        'entropy/policy',
        'learning_rate/lr',
      ]),
    );
    const reward = series(shape('rl'), 'reward', 'mean', 0, 1000);
    expect(mean(reward.slice(-50))).toBeGreaterThan(mean(reward.slice(0, 50)) * 3);
  });
});
