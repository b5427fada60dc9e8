import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { USAGE } from '../../src/cli/usage.js';

describe('--no-bell', () => {
  it('is accepted by the monitor and the demo, and --help names it', () => {
    expect(parseCommandLine(['--no-bell']).values['no-bell']).toBe(true);
    expect(parseCommandLine(['demo', '--no-bell']).values['no-bell']).toBe(true);
    expect(parseCommandLine([]).values['no-bell']).toBeUndefined();
    expect(USAGE).toMatch(/--no-bell\s+no terminal bell when a task turns failed or stopped/);
  });
});
