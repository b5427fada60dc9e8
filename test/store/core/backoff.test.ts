import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/store/core/backoff.js';

describe('backoffDelay', () => {
  const at = (attempt: number, random: number) =>
    backoffDelay(attempt, { baseMs: 1000, capMs: 60_000, random: () => random });

  it('doubles the ceiling per failure', () => {
    expect([1, 2, 3, 4].map((n) => at(n, 1))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never exceeds the cap however many failures', () => {
    expect(at(7, 1)).toBe(60_000);
    expect(at(500, 1)).toBe(60_000);
  });

  it('jitters between half the ceiling and the ceiling', () => {
    expect(at(3, 0)).toBe(2000);
    expect(at(3, 0.5)).toBe(3000);
    expect(at(10, 0)).toBe(30_000);
  });
});
