import { describe, expect, it } from 'vitest';
import { createRng, mixSeed, mulberry32, seedFromString } from '../../src/demo/random.js';

function take(next: () => number, n: number): number[] {
  return Array.from({ length: n }, () => next());
}

describe('mulberry32', () => {
  it('gives the same sequence for the same seed', () => {
    expect(take(mulberry32(42), 20)).toEqual(take(mulberry32(42), 20));
  });

  it('gives different sequences for different seeds', () => {
    expect(take(mulberry32(1), 5)).not.toEqual(take(mulberry32(2), 5));
  });

  it('stays within [0, 1) and spreads over the range', () => {
    const values = take(mulberry32(7), 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

describe('createRng', () => {
  it('int includes both bounds and nothing outside them', () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) seen.add(rng.int(1, 4));
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('normal has roughly zero mean and unit spread', () => {
    const rng = createRng(11);
    const values = Array.from({ length: 20_000 }, () => rng.normal());
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(variance).toBeGreaterThan(0.9);
    expect(variance).toBeLessThan(1.1);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => createRng(1).pick([])).toThrow(RangeError);
  });
});

describe('mixSeed and seedFromString', () => {
  it('depend on the order and value of their parts', () => {
    expect(mixSeed(1, 2)).toBe(mixSeed(1, 2));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(2, 1));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(1, 3));
    expect(seedFromString('visionLive')).toBe(seedFromString('visionLive'));
    expect(seedFromString('visionLive')).not.toBe(seedFromString('nlpLive'));
  });
});
