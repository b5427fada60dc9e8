import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { USAGE } from '../../src/cli/usage.js';
import { maxAnswerBytes } from '../../src/cli/connection.js';

describe('--max-answer-mb', () => {
  it('is accepted by the monitor, the demo and export as MiB, and --help names it with its default', () => {
    expect(maxAnswerBytes(parseCommandLine(['--max-answer-mb', '256']).values)).toBe(256 * 1024 * 1024);
    expect(maxAnswerBytes(parseCommandLine(['demo', '--max-answer-mb', '8']).values)).toBe(8 * 1024 * 1024);
    expect(maxAnswerBytes(parseCommandLine(['export', 'log', 't1', '--max-answer-mb', '512']).values)).toBe(
      512 * 1024 * 1024,
    );
    expect(maxAnswerBytes(parseCommandLine([]).values)).toBeUndefined();
    expect(() => maxAnswerBytes(parseCommandLine(['--max-answer-mb', '0']).values)).toThrow(
      /--max-answer-mb must be a number from 1 to 65536/,
    );
    expect(USAGE).toMatch(/--max-answer-mb N\s+largest answer read from the server, in MiB \(default 64\)/);
  });
});
