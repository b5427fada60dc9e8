import { describe, expect, it } from 'vitest';
import { numberFlag, parseCommandLine, USAGE } from '../../src/cli/args.js';

describe('--max-answer-mb', () => {
  it('is accepted by the monitor and the demo as a number of MiB, and --help names it with its default', () => {
    const values = parseCommandLine(['--max-answer-mb', '256']).values;
    expect(numberFlag(values, 'max-answer-mb', 1, 65536)).toBe(256);
    expect(parseCommandLine(['demo', '--max-answer-mb', '8']).values['max-answer-mb']).toBe('8');
    expect(USAGE).toMatch(/--max-answer-mb N\s+largest answer read from the server, in MiB \(default 64\)/);
  });
});
