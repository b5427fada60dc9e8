import { describe, expect, it } from 'vitest';
import { parseCommandLine, pollIntervalSeconds } from '../../src/cli/args.js';

describe('--interval', () => {
  it('takes seconds from 0.2 to 3600, fractions included, and names its range otherwise', () => {
    const interval = (...argv: string[]) => pollIntervalSeconds(parseCommandLine(argv).values);
    expect(interval('--interval', '0.2')).toBe(0.2);
    expect(interval('--interval', '1.5')).toBe(1.5);
    expect(interval('demo', '--interval', '3600')).toBe(3600);
    expect(interval()).toBeUndefined();
    for (const bad of ['0.1', '0', '3601', 'soon', ''])
      expect(() => interval('--interval', bad)).toThrow(/--interval must be a number from 0\.2 to 3600/);
  });
});
